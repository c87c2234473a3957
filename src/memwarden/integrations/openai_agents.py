"""OpenAI Agents SDK tools over memwarden (``pip install 'memwarden[openai-agents]'``).

:func:`memory_tools` returns three function tools bound to one :class:`~memwarden.Memory` and
one user, so the model never handles a ``user_id``::

    agent = Agent(name="assistant", tools=memory_tools(memory, user_id="alice"))

* ``remember(text)`` -- store a fact (through admission, so chit-chat is dropped; the reply says
  what was kept);
* ``recall(query)`` -- the user's most relevant memories, one ``[id] text`` line each;
* ``forget(memory_id)`` -- delete one of them (ids as ``recall`` shows them).
"""

from __future__ import annotations

import asyncio
from typing import Any

from agents import FunctionTool, function_tool

from ..errors import MemwardenError
from ..memory import Memory

__all__ = ["memory_tools"]


def memory_tools(memory: Memory, *, user_id: str, agent_id: str | None = None, admission: str | None = None,
                 limit: int = 5) -> list[FunctionTool]:
    """``[remember, recall, forget]`` for ``user_id`` (and ``agent_id``, when given)."""
    who = f"the user ({user_id})"

    async def call(fn: Any, *args: Any, **kw: Any) -> Any:
        # Memory is synchronous and thread-safe: run it off the event loop.
        return await asyncio.to_thread(fn, *args, **kw)

    @function_tool(name_override="remember",
                   description_override=f"Remember a fact, preference, plan or event about {who} for later conversations.")
    async def remember(text: str) -> str:
        try:
            res = await call(memory.add, text, user_id=user_id, agent_id=agent_id, admission=admission)
        except MemwardenError as exc:
            return f"not remembered: {exc}"
        # What recall can find and forget can delete: the claims (the turn itself is kept as an episode).
        decided = [r for r in res.results if r.kind == "claim"]
        kept = [r for r in decided if r.event in ("admitted", "superseded")]
        if kept:
            return "remembered: " + "; ".join(f"[{r.memory_id}] {r.text}" for r in kept)
        return "not stored: " + ("; ".join(f"{r.event} ({r.reason})" for r in decided) or "no fact to remember in it")

    @function_tool(name_override="recall", description_override=f"Search what is remembered about {who}; best matches first.")
    async def recall(query: str) -> str:
        try:
            hits = (await call(memory.search, query, user_id=user_id, agent_id=agent_id, limit=limit)).results
        except MemwardenError as exc:
            return f"recall failed: {exc}"
        return "\n".join(f"[{h.id}] {h.memory}" for h in hits) or "nothing remembered about that"

    @function_tool(name_override="forget", description_override=f"Forget one memory of {who} by the id recall showed.")
    async def forget(memory_id: str) -> str:
        try:
            await call(memory.delete, memory_id, user_id=user_id)
        except MemwardenError as exc:
            return f"not forgotten: {exc}"
        return f"forgot {memory_id}"

    return [remember, recall, forget]
