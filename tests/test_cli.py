"""The command line: tables, --json, clean one-line errors, every command documented."""

from __future__ import annotations

import json
import sqlite3

import pytest
from click.testing import CliRunner

from memwarden.cli import main


@pytest.fixture()
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("MEMWARDEN_HOME", str(tmp_path))
    monkeypatch.setenv("MEMWARDEN_EMBEDDER", "hash")
    monkeypatch.delenv("MEMWARDEN_DATABASE_URL", raising=False)
    return tmp_path


def run(*args: str, ok: bool = True):
    res = CliRunner().invoke(main, list(args), catch_exceptions=False)
    if ok:
        assert res.exit_code == 0, res.output
    return res


def test_add_search_get_history_delete_roundtrip(env):
    out = json.loads(run("add", "I adopted a rescue dog named Biscuit", "--user", "u1", "--speaker", "Ann", "--json").output)
    turn, claim = out["results"]  # the turn kept as an episode, and the claim extracted from it
    assert turn["kind"] == "episode" and claim["kind"] == "claim" and claim["event"] == "admitted"
    mid = claim["memory_id"]
    assert turn["claim_ids"] == [mid]
    hits = json.loads(run("search", "dog Biscuit", "--user", "u1", "--json").output)["results"]
    assert hits[0]["id"] == mid and hits[0]["speaker"] == "Ann"
    assert hits[0]["episodes"][0]["text"] == "I adopted a rescue dog named Biscuit"
    assert "Biscuit" in json.loads(run("get", mid, "--user", "u1", "--json").output)["memory"]
    assert [e["event"] for e in json.loads(run("history", mid, "--user", "u1", "--json").output)] == ["ADD"]
    eps = json.loads(run("list", "--user", "u1", "--kind", "episode", "--json").output)
    assert [e["memory"] for e in eps] == ["I adopted a rescue dog named Biscuit"]
    run("delete", turn["memory_id"], "--user", "u1")  # deleting the turn deletes what was derived only from it
    assert json.loads(run("list", "--user", "u1", "--kind", "any", "--json").output) == []
    assert (env / "memwarden.db").exists()


def test_other_user_cannot_see_or_delete(env):
    mid = json.loads(run("add", "secret plan", "--user", "alice", "--json").output)["results"][0]["memory_id"]
    assert json.loads(run("search", "secret plan", "--user", "bob", "--json").output)["results"] == []
    res = run("get", mid, "--user", "bob", ok=False)
    assert res.exit_code == 1 and "no memory" in res.output and "Traceback" not in res.output
    res = run("delete", mid, "--user", "bob", ok=False)
    assert res.exit_code == 1
    assert json.loads(run("get", mid, "--user", "alice", "--json").output)["id"] == mid


def test_user_mistakes_are_one_line_errors(env, tmp_path):
    res = run("add", "   ", "--user", "u1", ok=False)
    assert res.exit_code == 1 and "error:" in res.output and "Traceback" not in res.output
    res = run("add", "x", ok=False)  # missing --user is a usage error
    assert res.exit_code == 2
    not_db = tmp_path / "notes.db"
    not_db.write_bytes(b"this is not a database at all" * 100)
    res = run("list", "--user", "u1", "--db", str(not_db), ok=False)
    assert res.exit_code == 1 and "not a memwarden database" in res.output
    assert not_db.read_bytes() == b"this is not a database at all" * 100


def test_import_json_sessions_and_resume(env, tmp_path):
    plants = ["tomatoes", "basil", "roses", "tulips", "lettuce", "peppers", "mint", "lavender", "carrots", "sunflowers"]
    conv = {"sessions": [{"timestamp": "2024-01-02T10:00:00Z", "messages": [
        {"role": "user", "name": "Kim", "content": f"Kim planted {p} in the {i}th bed"} for i, p in enumerate(plants)]}]}
    path = tmp_path / "conv.json"
    path.write_text(json.dumps(conv))
    first = json.loads(run("import", str(path), "--user", "k", "--batch", "3", "--json").output)
    assert first["turns"] == 10 and first["stored"] == 10 and first["claims"] >= 1
    again = json.loads(run("import", str(path), "--user", "k", "--json").output)
    assert again["stored"] == 0 and again["skipped"] == 10
    items = json.loads(run("list", "--user", "k", "--kind", "episode", "--json").output)
    assert len(items) == 10 and all(i["occurred_at"].startswith("2024-01-02") for i in items)


def test_import_rejects_bad_file_before_writing(env, tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"role": "user", "content": "fine"}\n{"role": "user", "content": ""}\n')
    res = run("import", str(path), "--user", "k", ok=False)
    assert res.exit_code == 1 and "message 1 content is empty" in res.output
    assert json.loads(run("list", "--user", "k", "--json").output) == []
    path.write_text("{not json")
    assert "not valid JSON" in run("import", str(path), "--user", "k", ok=False).output


def test_every_command_is_documented_in_readme():
    from pathlib import Path

    readme = (Path(__file__).parents[1] / "README.md").read_text()

    def walk(group, prefix):
        for name, cmd in group.commands.items():
            if hasattr(cmd, "commands"):
                yield from walk(cmd, prefix + [name])
            else:
                yield " ".join(prefix + [name]), cmd

    for name, cmd in walk(main, []):
        assert cmd.help, f"memwarden {name} has no help text"
        assert f"memwarden {name}" in readme, f"memwarden {name} is not shown in README.md"


def test_database_is_valid_sqlite_after_cli_writes(env):
    run("add", "one fact", "--user", "u")
    con = sqlite3.connect(env / "memwarden.db")
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
