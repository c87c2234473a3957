"""The LLM at every edge: MEMWARDEN_LLM_* and memwarden.toml reach add, import, serve, context and
answer, against a real OpenAI-compatible HTTP server (tests/fake_openai.py); a refused key or an
unreachable server is a one-line error and exit status 1."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from fake_openai import FakeOpenAI

SRC = str(Path(__file__).resolve().parents[1] / "src")


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMWARDEN_")}
    return {**env, "PYTHONPATH": SRC, "MEMWARDEN_HOME": str(tmp_path / "home"), "MEMWARDEN_EMBEDDER": "hash", **extra}


def _cli(args: list[str], env: dict[str, str], cwd: Path | None = None, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "memwarden.cli", *args], env=env, cwd=cwd, input=stdin,
                          capture_output=True, text=True, timeout=120)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_add_extracts_with_the_llm_from_the_environment(tmp_path):
    with FakeOpenAI() as llm:
        r = _cli(["add", "I moved from Lisbon to Porto last week", "-u", "maya", "--json"], _env(tmp_path, **llm.env()))
        assert r.returncode == 0, r.stderr
        assert any("Extract the claims" in p for p in llm.prompts())
    texts = [x["text"] for x in json.loads(r.stdout)["results"]]
    assert "Maya lives in Porto" in texts  # the fact the LLM extracted, not the raw turn


def test_answer_with_a_wrong_key_exits_1_with_one_line(tmp_path):
    with FakeOpenAI() as llm:
        env = _env(tmp_path, **llm.env(api_key="sk-wrong"))
        assert _cli(["add", "Maya lives in Porto", "-u", "maya", "--admission", "all"], _env(tmp_path)).returncode == 0
        r = _cli(["answer", "Where does Maya live?", "-u", "maya"], env)
    assert r.returncode == 1, (r.stdout, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "401" in lines[0] and "MEMWARDEN_LLM_API_KEY" in lines[0], r.stderr
    assert "Traceback" not in r.stderr


def test_answer_with_no_server_exits_1(tmp_path):
    env = _env(tmp_path, MEMWARDEN_LLM_BASE_URL=f"http://127.0.0.1:{_free_port()}/v1", MEMWARDEN_LLM_MODEL="m",
               MEMWARDEN_LLM_MAX_RETRIES="0")
    assert _cli(["add", "Maya lives in Porto", "-u", "maya", "--admission", "all"], _env(tmp_path)).returncode == 0
    r = _cli(["answer", "Where does Maya live?", "-u", "maya"], env)
    assert r.returncode == 1 and "cannot reach the LLM server" in r.stderr, (r.stdout, r.stderr)


def test_add_with_a_wrong_key_keeps_the_turn_and_exits_1(tmp_path):
    with FakeOpenAI() as llm:
        r = _cli(["add", "I moved from Lisbon to Porto last week", "-u", "maya", "--admission", "all", "--json"],
                 _env(tmp_path, **llm.env(api_key="sk-wrong")))
        assert len(llm.requests) == 1  # failed fast: no retry of a refused key
    assert r.returncode == 1 and "admitted without the LLM" in r.stderr
    assert json.loads(r.stdout)["results"][0]["text"] == "I moved from Lisbon to Porto last week"  # the fallback: the turn


def test_answer_reads_the_config_file_and_the_environment_overrides_it(tmp_path):
    with FakeOpenAI() as llm:
        (tmp_path / "memwarden.toml").write_text(
            f'database = "mem.db"\nembedder = "hash"\n[llm]\nbase_url = "{llm.base_url}"\nmodel = "{llm.model}"\n'
            f'api_key = "sk-wrong"\nmax_retries = 0\n')
        env = {k: v for k, v in _env(tmp_path).items() if k != "MEMWARDEN_EMBEDDER"}
        assert _cli(["add", "Maya lives in Porto", "-u", "maya", "--admission", "all"], env, cwd=tmp_path).returncode != 0  # the file's wrong key
        assert (tmp_path / "mem.db").exists()  # the file's database, relative to the file
        r = _cli(["answer", "Where does Maya live?", "-u", "maya", "--json"], {**env, "MEMWARDEN_LLM_API_KEY": "sk-good"}, cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        assert json.loads(r.stdout)["answer"] == "Maya lives in Porto."
        assert any("Answer the question using" in p for p in llm.prompts())


def test_serve_answers_with_the_configured_llm(tmp_path):
    httpx = pytest.importorskip("httpx")
    pytest.importorskip("fastapi")
    from test_server_cli import _start

    db = str(tmp_path / "s.db")
    with FakeOpenAI() as llm:
        env = {**_env(tmp_path, **llm.env()), "MEMWARDEN_DATABASE_URL": db}
        token = json.loads(_cli(["keys", "create", "--name", "t", "--user", "maya", "--json"], env).stdout)["token"]
        port = _free_port()
        proc = _start(["serve", "--port", str(port)], env, f"http://127.0.0.1:{port}/healthz")
        try:
            h = {"Authorization": f"Bearer {token}"}
            base = f"http://127.0.0.1:{port}"
            r = httpx.post(f"{base}/v1/memories", json={"messages": "I moved from Lisbon to Porto", "user_id": "maya"},
                           headers=h, timeout=30)
            assert r.status_code == 200, r.text
            r = httpx.post(f"{base}/v1/answer", json={"question": "Where does Maya live?", "user_id": "maya"}, headers=h, timeout=30)
            assert r.status_code == 200, r.text
            assert r.json()["answer"] == "Maya lives in Porto." and not r.json()["abstained"]
        finally:
            proc.terminate()
            proc.wait(10)
    assert all(req["auth"] == "Bearer sk-good" for req in llm.requests)
    assert any("Answer the question using" in p for p in llm.prompts())


def test_import_extracts_with_the_llm_and_a_refused_key_exits_1(tmp_path):
    conv = tmp_path / "conv.jsonl"
    conv.write_text(json.dumps({"role": "user", "content": "I moved from Lisbon to Porto last week"}) + "\n")
    with FakeOpenAI() as llm:
        r = _cli(["import", str(conv), "-u", "maya", "--json"], _env(tmp_path, **llm.env()))
        assert r.returncode == 0, r.stderr
        assert any("Extract the claims" in p for p in llm.prompts())
        bad = _cli(["import", str(conv), "-u", "other", "--json"], _env(tmp_path, **llm.env(api_key="sk-wrong")))
    assert bad.returncode == 1 and "401" in bad.stderr and "without the LLM" in bad.stderr
