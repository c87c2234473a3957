"""The commands for real: keys made by the CLI, ``serve`` and ``mcp --transport http`` as processes."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")
from click.testing import CliRunner  # noqa: E402

from memwarden.cli.serve import keys_group  # noqa: E402

SRC = str(Path(__file__).resolve().parents[1] / "src")


def _env(db: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": SRC, "MEMWARDEN_DATABASE_URL": db, "MEMWARDEN_EMBEDDER": "hash"}


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(args: list[str], env: dict[str, str], url: str) -> subprocess.Popen:
    log = Path(env["MEMWARDEN_DATABASE_URL"] + ".log")
    with log.open("wb") as err:
        proc = subprocess.Popen([sys.executable, "-m", "memwarden.cli", *args], env=env,
                                stdout=subprocess.DEVNULL, stderr=err)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(log.read_text())
        try:
            httpx.get(url, timeout=1)
            return proc
        except httpx.TransportError:
            time.sleep(0.2)
    proc.kill()
    raise AssertionError("server did not start")


def test_keys_commands(tmp_path, monkeypatch):
    monkeypatch.setenv("MEMWARDEN_DATABASE_URL", str(tmp_path / "k.db"))
    runner = CliRunner()
    r = runner.invoke(keys_group, ["create", "--name", "ci", "--user", "alice", "--prefix", "acme:", "--json"])
    assert r.exit_code == 0, r.output
    created = json.loads(r.output)
    assert created["token"].startswith("mw_") and created["key"]["tenants"]["prefixes"] == ["acme:"]
    assert created["key"]["id"] in runner.invoke(keys_group, ["list"]).output
    assert runner.invoke(keys_group, ["revoke", created["key"]["id"]]).exit_code == 0
    assert created["key"]["id"] not in runner.invoke(keys_group, ["list"]).output
    assert "revoked" in runner.invoke(keys_group, ["list", "--all"]).output
    r = runner.invoke(keys_group, ["create", "--name", "none"])
    assert r.exit_code != 0 and "--user" in r.output and "Traceback" not in r.output
    r = runner.invoke(keys_group, ["revoke", "nope"])
    assert r.exit_code != 0 and "no API key" in r.output
    # the stored row holds a hash, never the token
    raw = (tmp_path / "k.db").read_bytes()
    assert created["token"].encode() not in raw


def test_serve_process_end_to_end(tmp_path):
    env = _env(str(tmp_path / "s.db"))
    token = subprocess.run([sys.executable, "-m", "memwarden.cli", "keys", "create", "--name", "t", "--user", "alice"],
                           env=env, check=True, capture_output=True, text=True).stdout.strip()
    port = _port()
    base = f"http://127.0.0.1:{port}"
    proc = _start(["serve", "--port", str(port)], env, base + "/healthz")
    try:
        h = {"Authorization": f"Bearer {token}"}
        r = httpx.post(base + "/v1/memories", json={"messages": "I keep bees", "user_id": "alice"}, headers=h)
        assert r.status_code == 200
        assert httpx.post(base + "/v1/search", json={"query": "bees", "user_id": "alice"}, headers=h).json()["results"]
        assert httpx.get(base + "/v1/memories", params={"user_id": "alice"}).status_code == 401
        assert httpx.get(base + "/readyz").status_code == 200
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.mark.anyio
async def test_mcp_over_http_needs_a_key(tmp_path):
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    httpx2 = pytest.importorskip("httpx2")
    env = _env(str(tmp_path / "m.db"))
    token = subprocess.run([sys.executable, "-m", "memwarden.cli", "keys", "create", "--name", "t", "--user", "alice"],
                           env=env, check=True, capture_output=True, text=True).stdout.strip()
    port = _port()
    url = f"http://127.0.0.1:{port}/mcp"
    proc = _start(["mcp", "--transport", "http", "--port", str(port)], env, url)
    try:
        async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=30) as http:
            async with Client(streamable_http_client(url, http_client=http)) as client:
                r = await client.call_tool("add_memory", {"text": "I keep bees", "user_id": "alice", "admission": "all"})
                assert not (getattr(r, "is_error", None) or getattr(r, "isError", None))
                r = await client.call_tool("search_memory", {"query": "bees", "user_id": "bob"})
                assert getattr(r, "is_error", None) or getattr(r, "isError", None)
        # no key or a bad one: refused at initialise with 401, no session is opened
        init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
        accept = {"Accept": "application/json, text/event-stream"}
        for headers, says in [({}, "an API key is required"), ({"Authorization": "Bearer mw_bad_token"}, "invalid"),
                              ({"X-API-Key": token + "x"}, "invalid")]:
            r = httpx.post(url, json=init, headers={**accept, **headers}, timeout=30)
            assert r.status_code == 401 and says in r.json()["error"]["message"], r.text
            assert "mcp-session-id" not in r.headers
        assert httpx.post(url, json=init, headers={**accept, "Authorization": f"Bearer {token}"}, timeout=30).status_code == 200
        # the SDK's client fails while initialising (it reports the 401 as a generic MCPError)
        session_opened = False
        async with httpx2.AsyncClient(headers={"Authorization": "Bearer mw_bad_token"}, timeout=30) as http:
            with pytest.raises(Exception):
                async with Client(streamable_http_client(url, http_client=http)):
                    session_opened = True
        assert not session_opened
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.mark.anyio
async def test_mcp_over_stdio_is_bound_to_its_tenants(tmp_path):
    from mcp import Client, StdioServerParameters

    env = _env(str(tmp_path / "stdio.db"))
    params = StdioServerParameters(command=sys.executable, args=["-m", "memwarden.cli", "mcp", "--user", "alice"], env=env)
    async with Client(params) as client:
        r = await client.call_tool("add_memory", {"text": "I keep bees", "user_id": "alice", "admission": "all"})
        assert not (getattr(r, "is_error", None) or getattr(r, "isError", None))
        r = await client.call_tool("memory_context", {"query": "bees", "user_id": "alice"})
        assert "bees" in " ".join(getattr(c, "text", "") for c in r.content)
        r = await client.call_tool("search_memory", {"query": "bees", "user_id": "bob"})
        assert getattr(r, "is_error", None) or getattr(r, "isError", None)
