"""The MCP server: memwarden as tools an agent can call (official ``mcp`` SDK).

Tools: ``add_memory``, ``search_memory``, ``memory_context``, ``delete_memory``;
their JSON schemas come from the typed signatures below.

Who may touch which tenant:

* stdio: whoever starts the process already holds the database, so the
  process is bound to the tenants given at start (``--user``/``--prefix``;
  ``*`` for all);
* streamable HTTP (:func:`create_mcp_http_app`): every request carries an
  API key (``Authorization: Bearer mw_...``) checked against the same key
  table as the REST server before the MCP transport sees it (no key or a bad
  one: HTTP 401, so no session opens), and each tool call is checked against
  that key's tenants.
"""

from __future__ import annotations

from typing import Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from starlette.types import ASGIApp

from ..errors import MemwardenError
from ..memory import Memory
from .guards import BearerGuard
from .keys import KeyStore, Tenants


def create_mcp(memory: Memory, *, tenants: Tenants | None = None, keys: KeyStore | None = None) -> MCPServer:
    """An MCP server over ``memory``.

    ``tenants`` binds a stdio / in-process server; ``keys`` makes every
    request present an API key (HTTP). At least one must be given.
    """
    if tenants is None and keys is None:
        raise ValueError("an MCP server needs tenants (stdio) or a key store (HTTP)")
    if tenants is not None:
        tenants.check()  # a bare prefix would reach sibling tenants
    server = MCPServer(
        "memwarden",
        instructions="Long-term memory scoped by user_id: add what is worth remembering, search before answering.",
    )

    def allowed(ctx: Context, user_id: str) -> str:
        headers = ctx.headers  # None on stdio and in-process
        if keys is not None and headers is not None:
            auth = headers.get("authorization", "")
            token = auth[7:].strip() if auth.lower().startswith("bearer ") else headers.get("x-api-key", "")
            key = keys.verify(token) if token else None
            if key is None:
                raise ToolError("an API key is required (Authorization: Bearer mw_...)")
            ok = key.allows(user_id)
        elif tenants is not None:
            ok = tenants.allows(user_id)
        else:
            raise ToolError("an API key is required (Authorization: Bearer mw_...)")
        if not ok:
            raise ToolError("this session may not access that user_id")
        return user_id

    # ToolError reaches the client as a tool error (isError) with this message.
    def run(fn: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except MemwardenError as exc:
            raise ToolError(f"{type(exc).__name__}: {exc}") from exc

    @server.tool(name="add_memory", description="Remember a message (or OpenAI-style messages) for one user.")
    def add_memory(
        text: str,
        user_id: str,
        ctx: Context,
        agent_id: str | None = None,
        run_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        admission: Literal["auto", "all"] = "auto",
    ) -> dict[str, Any]:
        allowed(ctx, user_id)
        result = run(memory.add, text, user_id=user_id, agent_id=agent_id, run_id=run_id, metadata=metadata, admission=admission)
        return result.model_dump(mode="json")

    @server.tool(name="search_memory", description="Search one user's memories (hybrid dense + keyword).")
    def search_memory(
        query: str, user_id: str, ctx: Context, agent_id: str | None = None, run_id: str | None = None, limit: int = 10
    ) -> dict[str, Any]:
        allowed(ctx, user_id)
        return run(memory.search, query, user_id=user_id, agent_id=agent_id, run_id=run_id, limit=limit).model_dump(mode="json")

    @server.tool(
        name="memory_context",
        description="Memories relevant to a query, formatted to paste into a prompt (governed when available).",
    )
    def memory_context(query: str, user_id: str, ctx: Context, limit: int = 10) -> str:
        allowed(ctx, user_id)
        method = getattr(memory, "context", None)
        if method is not None:
            out = run(method, query, user_id=user_id, limit=limit)
            return out if isinstance(out, str) else getattr(out, "prompt", None) or str(out)  # the prompt block
        hits = run(memory.search, query, user_id=user_id, limit=limit).results
        return "\n".join(f"- {h.memory}" for h in hits) or "(no relevant memories)"

    @server.tool(name="delete_memory", description="Delete one memory of one user by id.")
    def delete_memory(memory_id: str, user_id: str, ctx: Context) -> dict[str, Any]:
        allowed(ctx, user_id)
        run(memory.delete, memory_id, user_id=user_id)
        return {"deleted": memory_id}

    return server


def create_mcp_http_app(memory: Memory, keys: KeyStore, *, host: str = "127.0.0.1") -> ASGIApp:
    """The streamable-HTTP MCP app; a request without a live API key gets 401 before any session opens."""
    server = create_mcp(memory, keys=keys)
    return BearerGuard(server.streamable_http_app(host=host), keys.verify)
