"""An AutoGen memory backed by memwarden (``pip install 'memwarden[autogen]'``).

:class:`MemwardenMemory` implements ``autogen_core.memory.Memory`` for one user::

    agent = AssistantAgent("assistant", model_client=client, memory=[MemwardenMemory(memory, user_id="alice")])

Before each model call AutoGen calls :meth:`update_context`: the last user message is the query,
and the user's most relevant memories are added to the model context as one system message
(``query`` returns them with their ids and scores). ``add`` goes through admission, so
chit-chat is dropped; ``clear`` deletes the user's memories.
"""

from __future__ import annotations

import asyncio
from typing import Any

from autogen_core import CancellationToken
from autogen_core.memory import Memory as AutoGenMemory
from autogen_core.memory import MemoryContent, MemoryMimeType, MemoryQueryResult, UpdateContextResult
from autogen_core.model_context import ChatCompletionContext
from autogen_core.models import SystemMessage, UserMessage

from ..memory import Memory

__all__ = ["MemwardenMemory"]


class MemwardenMemory(AutoGenMemory):
    """AutoGen's ``Memory`` protocol over a :class:`~memwarden.Memory`, bound to one user."""

    def __init__(self, memory: Memory, *, user_id: str, agent_id: str | None = None, limit: int = 5,
                 admission: str | None = None) -> None:
        self.memory, self.user_id, self.agent_id, self.limit, self.admission = memory, user_id, agent_id, limit, admission

    async def update_context(self, model_context: ChatCompletionContext) -> UpdateContextResult:
        messages = await model_context.get_messages()
        query = next((m.content for m in reversed(messages) if isinstance(m, UserMessage) and isinstance(m.content, str)), "")
        if not query.strip():
            return UpdateContextResult(memories=MemoryQueryResult(results=[]))
        found = await self.query(query)
        if found.results:
            lines = "\n".join(f"{i}. {c.content}" for i, c in enumerate(found.results, 1))
            await model_context.add_message(SystemMessage(content=f"\nRelevant memories of the user:\n{lines}\n"))
        return UpdateContextResult(memories=found)

    async def query(self, query: str | MemoryContent, cancellation_token: CancellationToken | None = None,
                    **kwargs: Any) -> MemoryQueryResult:
        text = query.content if isinstance(query, MemoryContent) else query
        res = await asyncio.to_thread(self.memory.search, str(text), user_id=self.user_id, agent_id=self.agent_id,
                                      limit=kwargs.get("limit", self.limit))
        return MemoryQueryResult(results=[
            MemoryContent(content=h.memory, mime_type=MemoryMimeType.TEXT,
                          metadata={"id": h.id, "score": h.score, **(h.metadata or {})}) for h in res.results])

    async def add(self, content: MemoryContent, cancellation_token: CancellationToken | None = None) -> None:
        await asyncio.to_thread(self.memory.add, str(content.content), user_id=self.user_id, agent_id=self.agent_id,
                                metadata=content.metadata, admission=self.admission)

    async def clear(self) -> None:
        await asyncio.to_thread(self.memory.delete_all, user_id=self.user_id, agent_id=self.agent_id)

    async def close(self) -> None:
        """The Memory belongs to the caller, who closes it."""
