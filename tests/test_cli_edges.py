"""CLI edges of issue 13: id prefixes, ``add -``, idempotent import, export round trip,
``--json`` on every command, memwarden.toml."""

from __future__ import annotations

import json
from collections import defaultdict

import click
import pytest
from click.testing import CliRunner

from memwarden import Memory
from memwarden.cli import main
from memwarden.config import MemoryConfig
from memwarden.errors import InvalidInputError
from memwarden.settings import config_file, llm_config, memory_config


@pytest.fixture()
def env(tmp_path, monkeypatch):
    for k in [k for k in __import__("os").environ if k.startswith("MEMWARDEN_")]:
        monkeypatch.delenv(k)
    monkeypatch.setenv("MEMWARDEN_HOME", str(tmp_path))
    monkeypatch.setenv("MEMWARDEN_EMBEDDER", "hash")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*args: str, ok: bool = True, input: str | None = None):
    res = CliRunner().invoke(main, list(args), catch_exceptions=False, input=input)
    if ok:
        assert res.exit_code == 0, res.output
    return res


def test_add_dash_reads_stdin(env):
    out = json.loads(run("add", "-", "-u", "u", "--admission", "all", "--json", input="My cat is called Miso\n").output)
    assert out["results"][0]["text"] == "My cat is called Miso"
    # The line is kept as said (its episode) and its claim is what list shows by default.
    assert [i["memory"] for i in json.loads(run("list", "-u", "u", "--kind", "episode", "--json").output)] == ["My cat is called Miso"]
    assert [i["memory"] for i in json.loads(run("list", "-u", "u", "--json").output)] == ["The user's cat is called Miso"]


def test_unique_prefixes_resolve_and_ambiguous_ones_list_the_candidates(env):
    with Memory(config=MemoryConfig(database=str(env / "memwarden.db"), embedder="hash")) as m:
        m.add([{"role": "user", "content": f"fact number {i} about the garden"} for i in range(20)], user_id="u", admission="all")
        ids = [it.id for it in m.get_all(user_id="u", limit=100)]
    by_first = defaultdict(list)
    for i in ids:
        by_first[i[0]].append(i)
    shared = next(v for v in by_first.values() if len(v) > 1)  # 20 ids, 16 hex digits: two share a first digit
    unique = ids[0][:8]
    assert json.loads(run("get", unique, "-u", "u", "--json").output)["id"] == ids[0]
    assert json.loads(run("history", unique, "-u", "u", "--json").output)[0]["memory_id"] == ids[0]
    res = run("get", shared[0][0], "-u", "u", ok=False)
    assert res.exit_code == 1 and "ambiguous" in res.output
    assert all(f"\n{c}" in res.output for c in shared)  # one candidate per line
    assert run("get", unique, "-u", "someone-else", ok=False).exit_code == 1  # prefixes stay inside the scope
    assert json.loads(run("update", unique, "fact number zero", "-u", "u", "--json").output)["memory"] == "fact number zero"
    assert json.loads(run("delete", unique, "-u", "u", "--json").output) == {"deleted": ids[0]}
    events = json.loads(run("history", unique, "-u", "u", "--json").output)  # a deleted memory's history still resolves
    assert [e["event"] for e in events] == ["ADD", "UPDATE", "DELETE"]


def test_import_is_idempotent_with_admission(env):
    turns = [{"role": "user", "content": c} for c in (
        "ok", "I moved to Porto in March", "lol", "My daughter Ana turns 7 on June 3rd", "thanks!", "sure", "I'm allergic to peanuts")]
    path = env / "conv.jsonl"
    path.write_text("\n".join(json.dumps(t) for t in turns))
    first = json.loads(run("import", str(path), "-u", "u", "--batch", "2", "--json").output)
    # Every turn is kept as an episode; some yielded no claim (chit-chat): those must stay claimless.
    assert first["stored"] == len(turns) and 0 < first["claims"] < len(turns)
    before = json.loads(run("list", "-u", "u", "--json").output)
    receipts = json.loads(run("admission", "log", "-u", "u", "--json", "--limit", "1000").output)
    for batch in ("2", "64"):  # same turns, other batching: same decisions
        again = json.loads(run("import", str(path), "-u", "u", "--batch", batch, "--json").output)
        assert again["already_imported"] == len(turns) and again["stored"] == again["rejected"] == again["claims"] == 0
    assert json.loads(run("list", "-u", "u", "--json").output) == before
    assert len(json.loads(run("admission", "log", "-u", "u", "--json", "--limit", "1000").output)) == len(receipts)


def test_export_round_trips_through_import(env):
    run("add", "I moved to Porto", "-u", "a", "--speaker", "Maya", "--timestamp", "2024-03-01T10:00:00Z", "--admission", "all")
    with Memory(config=MemoryConfig(database=str(env / "memwarden.db"), embedder="hash")) as m:
        m.add("Prefers tea over coffee", user_id="a", agent_id="chef", metadata={"topic": "food"}, admission="all")
    out = env / "a.jsonl"
    assert json.loads(run("export", "-u", "a", "-o", str(out), "--json").output) == {"exported": 2, "path": str(out)}
    stdout = run("export", "-u", "a").output
    assert stdout == out.read_text()
    first = json.loads(run("import", str(out), "-u", "b", "--json").output)
    assert first["stored"] == 2
    again = json.loads(run("import", str(out), "-u", "b", "--json").output)
    assert again["already_imported"] == 2 and again["stored"] == 0

    def shape(user):
        items = json.loads(run("list", "-u", user, "--json").output)
        return sorted((i["memory"], i["speaker"], i["occurred_at"], i["agent_id"], json.dumps(i["metadata"])) for i in items)

    assert shape("b") == shape("a")
    # and the exported file is the same when exported again from the copy (ids aside)
    strip = lambda text: [{k: v for k, v in json.loads(ln).items() if k not in ("id", "user_id")} for ln in text.splitlines()]  # noqa: E731
    assert sorted(map(json.dumps, strip(run("export", "-u", "b").output))) == sorted(map(json.dumps, strip(out.read_text())))


def _commands(group: click.Group, prefix: list[str]):
    for name, cmd in sorted(group.commands.items()):
        if isinstance(cmd, click.Group):
            yield from _commands(cmd, prefix + [name])
        else:
            yield " ".join(prefix + [name]), cmd


def test_every_command_takes_json():
    missing = [name for name, cmd in _commands(main, []) if not any("--json" in p.opts for p in cmd.params)]
    assert missing == []


def test_json_output_parses_for_the_everyday_commands(env):
    run("add", "I keep bees", "-u", "u", "--admission", "all")
    mid = json.loads(run("list", "-u", "u", "--json").output)[0]["id"]
    for args in (["search", "bees", "-u", "u"], ["list", "-u", "u"], ["get", mid, "-u", "u"], ["history", mid, "-u", "u"],
                 ["context", "bees", "-u", "u"], ["admission", "log", "-u", "u"], ["admission", "policy"],
                 ["keys", "list"], ["card", mid, "-u", "u"]):
        json.loads(run(*args, "--json").output)


def test_json_output_parses_for_the_writing_commands(env):
    """The commands that change something print what they did as one JSON document."""
    added = json.loads(run("add", "I keep bees", "-u", "u", "--admission", "all", "--json").output)
    receipt = added["results"][0]["id"]
    assert json.loads(run("admission", "explain", receipt, "-u", "u", "--json").output)[0]["id"] == receipt
    mid = json.loads(run("list", "-u", "u", "--json").output)[0]["id"]
    assert json.loads(run("update", mid[:8], "I keep two hives", "-u", "u", "--json").output)["id"] == mid
    assert json.loads(run("reindex", "-u", "u", "--json").output) == {"episodes_extracted": {"u": 0}}
    out = env / "u.jsonl"
    assert json.loads(run("export", "-u", "u", "-o", str(out), "--json").output)["path"] == str(out)
    key = json.loads(run("keys", "create", "--name", "k", "--user", "u", "--json").output)
    assert key["token"].startswith("mw_")
    assert [k["id"] for k in json.loads(run("keys", "list", "--json").output)] == [key["key"]["id"]]
    assert json.loads(run("keys", "revoke", key["key"]["id"], "--json").output)["revoked_at"]
    assert json.loads(run("delete", mid[:8], "-u", "u", "--json").output) == {"deleted": mid}


def test_errors_are_one_line_on_every_command_path(env):
    """A MemwardenError from any command module is ``error: ...`` and exit 1, never a traceback."""
    for args in (["get", "nope", "-u", "u"], ["admission", "explain", "nope", "-u", "u"], ["keys", "revoke", "nope"],
                 ["answer", "why?", "-u", "u"], ["mcp"], ["admission", "policy", str(env / "missing.json")]):
        res = run(*args, "--json", ok=False)
        lines = [ln for ln in res.output.splitlines() if ln.strip()]
        assert res.exit_code == 1 and len(lines) == 1 and lines[0].startswith("error: "), (args, res.output)


def test_config_file_keys_and_precedence(env, monkeypatch):
    assert config_file() is None
    (env / "memwarden.toml").write_text(
        'database = "data/m.db"\nembedder = "hash"\nmax_message_chars = 500\n'
        '[admission]\nmode = "all"\npolicy = "p.json"\nllm = false\nextraction_prompt = "Only food."\n'
        '[llm]\nprovider = "openai"\nbase_url = "http://127.0.0.1:9/v1"\nmodel = "m"\napi_key = "k"\ntimeout = 5\n'
        'max_retries = 1\ncache = "c.db"\nthreads = 2\n[trust]\nhalf_life_days = 7\n')
    cfg = memory_config()
    assert cfg.database == str(env / "data" / "m.db") and cfg.max_message_chars == 500 and cfg.admission == "all"
    assert cfg.admission_policy == str(env / "p.json") and cfg.llm_admission is False and cfg.extraction_prompt == "Only food."
    assert cfg.trust.half_life_days == 7
    llm = llm_config()
    assert (llm.base_url, llm.model, llm.api_key, llm.timeout, llm.max_retries, llm.cache_path, llm.n_threads) == (
        "http://127.0.0.1:9/v1", "m", "k", 5.0, 1, str(env / "c.db"), 2)
    monkeypatch.setenv("MEMWARDEN_ADMISSION", "auto")
    monkeypatch.setenv("MEMWARDEN_LLM_MODEL", "from-env")
    monkeypatch.setenv("MEMWARDEN_DATABASE_URL", str(env / "env.db"))
    assert memory_config().admission == "auto" and llm_config().model == "from-env"
    assert memory_config().database == str(env / "env.db")
    assert memory_config(database="cli.db").database == "cli.db"  # the command line beats both


def test_config_file_mistakes_are_named(env, monkeypatch):
    (env / "memwarden.toml").write_text('databse = "x.db"\n[llm]\nmodle = "m"\n')
    with pytest.raises(InvalidInputError, match="databse.*llm.modle"):
        memory_config()
    res = run("list", "-u", "u", ok=False)
    assert res.exit_code == 1 and "unknown setting(s)" in res.output
    (env / "memwarden.toml").write_text('max_message_chars = "lots"\n')
    with pytest.raises(InvalidInputError, match="max_message_chars"):
        memory_config()
    (env / "memwarden.toml").unlink()
    home = env / "home"
    home.mkdir()
    (home / "memwarden.toml").write_text('max_message_chars = 77\n')
    monkeypatch.setenv("MEMWARDEN_HOME", str(home))
    assert config_file() == home / "memwarden.toml" and memory_config().max_message_chars == 77
