"""MCP sessions bound to one user: no user_id needed, the descriptions name the user, another
user_id is refused; all nine tools; over stdio (a real process) and streamable HTTP (a real server)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytest.importorskip("mcp")
from mcp import Client, StdioServerParameters  # noqa: E402

from memwarden import Memory  # noqa: E402
from memwarden.config import MemoryConfig  # noqa: E402
from memwarden.api_keys import Tenants  # noqa: E402
from memwarden.server.mcp_server import TOOLS, create_mcp  # noqa: E402
from test_server_cli import _env, _port, _start  # noqa: E402
from test_server_mcp import _is_error, _schema, _structured, _text  # noqa: E402

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.fixture
def memory(tmp_path):
    m = Memory(tmp_path / "m.db", config=MemoryConfig(embedder="hash"))
    yield m
    m.close()


async def _every_tool_without_user_id(client) -> None:
    tools = {t.name: t for t in (await client.list_tools()).tools}
    assert set(tools) == set(TOOLS)
    for name, t in tools.items():
        assert "user_id" not in _schema(t).get("required", []), name
        assert "'alice'" in t.description, name
    added = await client.call_tool("add_memory", {"text": "My sister lives in Oslo", "admission": "all"})
    assert not _is_error(added), _text(added)
    turn, claim = _structured(added)["results"]  # the turn kept as an episode; the claim extracted from it
    mid = claim["memory_id"]
    assert turn["kind"] == "episode" and "Oslo" in claim["text"]
    assert _structured(await client.call_tool("search_memory", {"query": "sister Oslo"}))["results"][0]["id"] == mid
    assert [i["id"] for i in _structured(await client.call_tool("list_memories", {}))["results"]] == [mid]
    assert _structured(await client.call_tool("get_memory", {"memory_id": mid}))["memory"] == claim["text"]
    r = await client.call_tool("update_memory", {"memory_id": mid, "text": "My sister lives in Bergen"})
    assert _structured(r)["memory"] == "My sister lives in Bergen"
    events = _structured(await client.call_tool("memory_history", {"memory_id": mid}))["results"]
    assert [e["event"] for e in events] == ["ADD", "UPDATE"]
    assert "Bergen" in _text(await client.call_tool("memory_context", {"query": "where does my sister live"}))
    verdict = _structured(await client.call_tool("memory_verdict", {"claim": "My sister lives in Bergen"}))
    assert verdict["verdict"] in ("TRUE", "FALSE", "UNKNOWN")
    r = await client.call_tool("search_memory", {"query": "sister", "user_id": "bob"})
    assert _is_error(r) and "bound to user 'alice'" in _text(r)
    r = await client.call_tool("delete_memory", {"memory_id": mid, "user_id": "alice"})  # naming the bound user is fine
    assert not _is_error(r)


async def test_in_process_session_bound_to_one_user(memory):
    memory.add("bob's secret", user_id="bob", admission="all")
    async with Client(create_mcp(memory, tenants=Tenants(users=["alice"]))) as client:
        await _every_tool_without_user_id(client)
    assert memory.get_all(user_id="alice") == [] and len(memory.get_all(user_id="bob")) == 1


async def test_stdio_process_bound_with_user(tmp_path):
    params = StdioServerParameters(command=sys.executable, args=["-m", "memwarden.cli", "mcp", "--user", "alice"],
                                   env=_env(str(tmp_path / "stdio.db")))
    async with Client(params) as client:
        await _every_tool_without_user_id(client)


def test_stdio_without_a_user_exits_before_starting(tmp_path):
    r = subprocess.run([sys.executable, "-m", "memwarden.cli", "mcp"], env=_env(str(tmp_path / "x.db")),
                       input="", capture_output=True, text=True, timeout=60)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert r.returncode == 1 and len(lines) == 1 and "--user" in lines[0] and r.stdout == "", r.stderr


async def test_http_key_bound_to_one_user_needs_no_user_id(tmp_path):
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    env = _env(str(tmp_path / "h.db"))
    keys = [sys.executable, "-m", "memwarden.cli", "keys", "create", "--json", "--name"]
    one = json.loads(subprocess.run([*keys, "one", "--user", "alice"], env=env, capture_output=True, text=True, check=True).stdout)
    many = json.loads(subprocess.run([*keys, "org", "--prefix", "acme:"], env=env, capture_output=True, text=True, check=True).stdout)
    port = _port()
    url = f"http://127.0.0.1:{port}/mcp"
    proc = _start(["mcp", "--transport", "http", "--port", str(port)], env, f"http://127.0.0.1:{port}/")
    try:
        async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {one['token']}"}, timeout=30) as http:
            async with Client(streamable_http_client(url, http_client=http)) as client:
                tools = {t.name: t for t in (await client.list_tools()).tools}
                assert "user_id" not in _schema(tools["add_memory"]).get("required", [])
                r = await client.call_tool("add_memory", {"text": "I keep bees", "admission": "all"})
                assert not _is_error(r), _text(r)
                assert _structured(await client.call_tool("search_memory", {"query": "bees"}))["results"][0]["user_id"] == "alice"
        async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {many['token']}"}, timeout=30) as http:
            async with Client(streamable_http_client(url, http_client=http)) as client:
                r = await client.call_tool("search_memory", {"query": "bees"})
                assert _is_error(r) and "user_id is required" in _text(r)
                r = await client.call_tool("add_memory", {"text": "We sell honey", "user_id": "acme:bob", "admission": "all"})
                assert not _is_error(r), _text(r)
    finally:
        proc.terminate()
        proc.wait(10)


async def test_http_server_bound_with_user(tmp_path):
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    env = _env(str(tmp_path / "hb.db"))
    org = json.loads(subprocess.run([sys.executable, "-m", "memwarden.cli", "keys", "create", "--json", "--name", "org",
                                     "--prefix", "acme:"], env=env, capture_output=True, text=True, check=True).stdout)
    port = _port()
    proc = _start(["mcp", "--transport", "http", "--port", str(port), "--user", "acme:alice"], env, f"http://127.0.0.1:{port}/")
    try:
        async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {org['token']}"}, timeout=30) as http:
            async with Client(streamable_http_client(f"http://127.0.0.1:{port}/mcp", http_client=http)) as client:
                tools = {t.name: t for t in (await client.list_tools()).tools}
                assert "'acme:alice'" in tools["search_memory"].description
                assert not _is_error(await client.call_tool("add_memory", {"text": "I keep bees", "admission": "all"}))
                hits = _structured(await client.call_tool("search_memory", {"query": "bees"}))["results"]
                assert hits[0]["user_id"] == "acme:alice"
                r = await client.call_tool("search_memory", {"query": "bees", "user_id": "acme:bob"})
                assert _is_error(r)
    finally:
        proc.terminate()
        proc.wait(10)
