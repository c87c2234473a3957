"""The MCP server: memwarden as tools an agent can call (official ``mcp`` SDK).

Tools: ``add_memory``, ``search_memory``, ``list_memories``, ``get_memory``,
``update_memory``, ``delete_memory``, ``memory_history``, ``memory_context`` and
``memory_verdict``; their JSON schemas come from the typed signatures below.

Who may touch which tenant:

* stdio: whoever starts the process already holds the database, so the
  process is bound to the tenants given at start (``--user``/``--prefix``;
  ``*`` for all);
* streamable HTTP (:func:`create_mcp_http_app`): every request carries an
  API key (``Authorization: Bearer mw_...``) checked against the same key
  table as the REST server before the MCP transport sees it (no key or a bad
  one: HTTP 401, so no session opens), and each tool call is checked against
  that key's tenants.

A session bound to exactly one user (``--user alice`` alone, or ``user=`` here)
needs no ``user_id``: it is optional in every schema, the tool descriptions name
the user, and any other value is refused (a silently ignored ``user_id: "bob"``
would let a model believe it read bob's memories). Over HTTP without ``user``,
``user_id`` is optional and defaults to the key's user when the key is bound to
exactly one; otherwise it is required.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from starlette.types import ASGIApp

from ..errors import MemwardenError
from ..memory import Memory
from .guards import BearerGuard
from ..api_keys import MISSING_KEY, ApiKey, AuthError, KeyStore, Tenants, check_token, token_from_headers

TOOLS = ("add_memory", "search_memory", "list_memories", "get_memory", "update_memory", "delete_memory",
         "memory_history", "memory_context", "memory_verdict")


def single_user(tenants: Tenants | None) -> str | None:
    """The one user id these tenants name, if they name exactly one and nothing else."""
    if tenants is None or tenants.all or tenants.prefixes or len(tenants.users) != 1:
        return None
    return tenants.users[0]


def create_mcp(memory: Memory, *, tenants: Tenants | None = None, keys: KeyStore | None = None,
               user: str | None = None) -> MCPServer:
    """An MCP server over ``memory``.

    ``tenants`` binds a stdio / in-process server; ``keys`` makes every
    request present an API key (HTTP). At least one must be given. ``user``
    binds every session to that one user (default: the single user of
    ``tenants``, if it names one); it must be allowed by ``tenants`` / the key.
    """
    if tenants is None and keys is None:
        raise ValueError("an MCP server needs tenants (stdio) or a key store (HTTP)")
    if tenants is not None:
        tenants.check()  # a bare prefix would reach sibling tenants
        if user is not None and not tenants.allows(user):
            raise ValueError(f"user {user!r} is not among this server's tenants")
    bound = user or single_user(tenants)
    who = f"user {bound!r}" if bound else "one user"
    instructions = (f"Long-term memory of {who}: add what is worth remembering, search before answering."
                    + ("" if bound else " Pass the user's id as user_id" +
                       (" (optional when your API key is bound to exactly one user)." if keys is not None and tenants is None else ".")))
    server = MCPServer("memwarden", instructions=instructions)

    def key_of(ctx: Context) -> ApiKey | None:
        headers = ctx.headers  # None on stdio and in-process
        if keys is None or headers is None:
            return None
        try:
            return check_token(keys.verify, token_from_headers(headers))
        except AuthError as exc:
            raise ToolError(exc.message) from exc

    def allowed(ctx: Context, user_id: str | None) -> str:
        key = key_of(ctx)
        if bound is not None and user_id not in (None, bound):
            raise ToolError(f"this session is bound to user {bound!r}; leave user_id out")
        if user_id is None:
            user_id = bound or (single_user(key.tenants) if key is not None else None)
            if user_id is None:
                raise ToolError("user_id is required: this session is not bound to one user")
        if key is not None:
            ok = key.allows(user_id)
        elif tenants is not None:
            ok = tenants.allows(user_id)
        else:
            raise ToolError(MISSING_KEY)
        if not ok:
            raise ToolError("this session may not access that user_id")
        return user_id

    # ToolError reaches the client as a tool error (isError) with this message.
    def run(fn: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except MemwardenError as exc:
            raise ToolError(f"{type(exc).__name__}: {exc}") from exc

    def tool(name: str, description: str) -> Callable[[Callable[..., Any]], Any]:
        """Register ``fn`` with the ``user_id`` parameter the binding calls for: optional when the
        session is bound to one user (or an HTTP key may name it), required otherwise."""
        def register(fn: Callable[..., Any]) -> Any:
            sig = inspect.signature(fn, eval_str=True)
            optional = bound is not None or (keys is not None and tenants is None)
            uid = inspect.Parameter("user_id", inspect.Parameter.KEYWORD_ONLY, annotation=str | None if optional else str,
                                    **({"default": None} if optional else {}))
            rest = [p for p in sig.parameters.values() if p.name != "user_id"]
            params = [*(p for p in rest if p.default is inspect.Parameter.empty and p.annotation is not Context), uid,
                      *(p for p in rest if p.default is not inspect.Parameter.empty or p.annotation is Context)]
            fn.__signature__ = sig.replace(parameters=[p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in params])  # type: ignore[attr-defined]
            if bound is not None:
                text = f"{description} This session is bound to user {bound!r}: leave user_id out (another value is refused)."
            elif optional:
                text = f"{description} user_id: the user's id (may be left out when your API key is bound to exactly one user)."
            else:
                text = description
            return server.tool(name=name, description=text)(fn)
        return register

    @tool("add_memory", "Remember a message (a fact, preference, plan or event) for the user.")
    def add_memory(text: str, ctx: Context, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None,
                   metadata: dict[str, Any] | None = None, admission: Literal["auto", "all"] = "auto") -> dict[str, Any]:
        uid = allowed(ctx, user_id)
        result = run(memory.add, text, user_id=uid, agent_id=agent_id, run_id=run_id, metadata=metadata, admission=admission)
        return result.model_dump(mode="json")

    @tool("search_memory", "Search the user's memories (hybrid dense + keyword), best first.")
    def search_memory(query: str, ctx: Context, user_id: str | None = None, agent_id: str | None = None,
                      run_id: str | None = None, limit: int = 10) -> dict[str, Any]:
        uid = allowed(ctx, user_id)
        return run(memory.search, query, user_id=uid, agent_id=agent_id, run_id=run_id, limit=limit).model_dump(mode="json")

    @tool("list_memories", "List the user's memories, newest first.")
    def list_memories(ctx: Context, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None,
                      limit: int = 50) -> dict[str, Any]:
        uid = allowed(ctx, user_id)
        items = run(memory.get_all, user_id=uid, agent_id=agent_id, run_id=run_id, limit=limit)
        return {"results": [it.model_dump(mode="json") for it in items]}

    @tool("get_memory", "One of the user's memories by id.")
    def get_memory(memory_id: str, ctx: Context, user_id: str | None = None) -> dict[str, Any]:
        uid = allowed(ctx, user_id)
        return run(memory.get, memory_id, user_id=uid).model_dump(mode="json")

    @tool("update_memory", "Replace the text of one of the user's memories (its history keeps the old text).")
    def update_memory(memory_id: str, text: str, ctx: Context, user_id: str | None = None) -> dict[str, Any]:
        uid = allowed(ctx, user_id)
        return run(memory.update, memory_id, text, user_id=uid).model_dump(mode="json")

    @tool("delete_memory", "Delete one of the user's memories by id.")
    def delete_memory(memory_id: str, ctx: Context, user_id: str | None = None) -> dict[str, Any]:
        uid = allowed(ctx, user_id)
        run(memory.delete, memory_id, user_id=uid)
        return {"deleted": memory_id}

    @tool("memory_history", "Every change to one of the user's memories, oldest first.")
    def memory_history(memory_id: str, ctx: Context, user_id: str | None = None) -> dict[str, Any]:
        uid = allowed(ctx, user_id)
        return {"results": [e.model_dump(mode="json") for e in run(memory.history, memory_id, user_id=uid)]}

    @tool("memory_context", "The user's memories relevant to a query, formatted to paste into a prompt (governed).")
    def memory_context(query: str, ctx: Context, user_id: str | None = None, limit: int = 10) -> str:
        uid = allowed(ctx, user_id)
        method = getattr(memory, "context", None)
        if method is not None:
            out = run(method, query, user_id=uid, limit=limit)
            return out if isinstance(out, str) else getattr(out, "prompt", None) or str(out)  # the prompt block
        hits = run(memory.search, query, user_id=uid, limit=limit).results
        return "\n".join(f"- {h.memory}" for h in hits) or "(no relevant memories)"

    @tool("memory_verdict", "TRUE / FALSE / UNKNOWN for a yes/no claim about the user, from their memories.")
    def memory_verdict(claim: str, ctx: Context, user_id: str | None = None) -> dict[str, Any]:
        uid = allowed(ctx, user_id)
        return run(memory.verdict, claim, user_id=uid).model_dump(mode="json")

    return server


def create_mcp_http_app(memory: Memory, keys: KeyStore, *, host: str = "127.0.0.1", user: str | None = None) -> ASGIApp:
    """The streamable-HTTP MCP app; a request without a live API key gets 401 before any session opens."""
    server = create_mcp(memory, keys=keys, user=user)
    return BearerGuard(server.streamable_http_app(host=host), keys.verify)
