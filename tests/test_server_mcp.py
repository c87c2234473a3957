"""The MCP server, driven by the official SDK's in-process client."""

from __future__ import annotations

import pytest

pytest.importorskip("mcp")
from mcp import Client  # noqa: E402

from memwarden import Memory  # noqa: E402
from memwarden.config import MemoryConfig  # noqa: E402
from memwarden.api_keys import Tenants  # noqa: E402
from memwarden.server.mcp_server import TOOLS, create_mcp  # noqa: E402

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.fixture
def memory(tmp_path):
    m = Memory(tmp_path / "m.db", config=MemoryConfig(embedder="hash"))
    yield m
    m.close()


TWO = Tenants(users=["alice", "carol"])  # not bound to one user: every tool takes user_id


async def test_tools_are_listed_with_schemas(memory):
    async with Client(create_mcp(memory, tenants=TWO)) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    assert set(tools) == set(TOOLS) == {"add_memory", "search_memory", "list_memories", "get_memory", "update_memory",
                                        "delete_memory", "memory_history", "memory_context", "memory_verdict"}
    for name, t in tools.items():
        schema = _schema(t)
        assert "user_id" in schema["required"] and "ctx" not in schema["properties"], name
    assert {"text", "user_id"} <= set(_schema(tools["add_memory"])["required"])


async def test_add_search_context_delete(memory):
    async with Client(create_mcp(memory, tenants=TWO)) as client:
        added = await client.call_tool("add_memory", {"text": "My sister lives in Oslo", "user_id": "alice", "admission": "all"})
        assert not _is_error(added)
        turn, claim = _structured(added)["results"]  # the turn kept as an episode; the claim extracted from it
        found = _structured(await client.call_tool("search_memory", {"query": "sister Oslo", "user_id": "alice"}))
        assert found["results"][0]["id"] == claim["memory_id"]
        ctx = await client.call_tool("memory_context", {"query": "where does my sister live", "user_id": "alice"})
        assert "Oslo" in _text(ctx)
        # deleting the turn deletes the claim derived only from it
        deleted = await client.call_tool("delete_memory", {"memory_id": turn["memory_id"], "user_id": "alice"})
        assert not _is_error(deleted)
    assert memory.get_all(user_id="alice", kind="any") == []


async def test_other_tenants_and_bad_input_are_tool_errors(memory):
    memory.add("bob's secret", user_id="bob", admission="all")
    bob_id = memory.get_all(user_id="bob")[0].id
    async with Client(create_mcp(memory, tenants=TWO)) as client:
        r = await client.call_tool("search_memory", {"query": "secret", "user_id": "bob"})
        assert _is_error(r) and "secret" not in _text(r)
        r = await client.call_tool("delete_memory", {"memory_id": bob_id, "user_id": "alice"})
        assert _is_error(r) and "NotFoundError" in _text(r)
        r = await client.call_tool("add_memory", {"text": "   ", "user_id": "alice"})
        assert _is_error(r)
        r = await client.call_tool("search_memory", {"query": "x", "user_id": "alice", "limit": "many"})
        assert _is_error(r)
    assert len(memory.get_all(user_id="bob")) == 1


_INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
_ACCEPT = {"Accept": "application/json, text/event-stream"}


def test_http_refuses_a_bad_key_at_initialise(memory):
    from starlette.testclient import TestClient

    from memwarden.api_keys import open_keys, parse_tenants
    from memwarden.server.mcp_server import create_mcp_http_app

    keys = open_keys(memory.store)
    token = keys.create("t", parse_tenants(["alice"])).token
    revoked = keys.create("old", parse_tenants(["alice"]))
    keys.revoke(revoked.key.id)
    with TestClient(create_mcp_http_app(memory, keys), base_url="http://127.0.0.1:8001") as client:
        for headers in [{}, {"Authorization": "Bearer mw_nope"}, {"Authorization": f"Bearer {revoked.token}"},
                        {"Authorization": f"Basic {token}"}, {"X-API-Key": "mw_nope"}]:
            r = client.post("/mcp", json=_INIT, headers={**_ACCEPT, **headers})
            assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer", (headers, r.text)
            assert r.json()["error"]["type"] == "unauthorized" and "mcp-session-id" not in r.headers
        for headers in [{"Authorization": f"Bearer {token}"}, {"X-API-Key": token}]:
            r = client.post("/mcp", json=_INIT, headers={**_ACCEPT, **headers})
            assert r.status_code == 200 and r.headers.get("mcp-session-id"), r.text
            # a live session still needs the key on every request
            sid = {"mcp-session-id": r.headers["mcp-session-id"]}
            call = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
            assert client.post("/mcp", json=call, headers={**_ACCEPT, **sid}).status_code == 401


def test_needs_a_binding(memory):
    with pytest.raises(ValueError):
        create_mcp(memory)


def _schema(tool) -> dict:
    return tool.input_schema if hasattr(tool, "input_schema") else tool.inputSchema


def _is_error(result) -> bool:
    return bool(getattr(result, "is_error", None) or getattr(result, "isError", None))


def _structured(result) -> dict:
    data = getattr(result, "structured_content", None) or getattr(result, "structuredContent", None)
    if isinstance(data, dict) and set(data) == {"result"}:
        data = data["result"]
    return data


def _text(result) -> str:
    return " ".join(getattr(c, "text", "") for c in result.content)
