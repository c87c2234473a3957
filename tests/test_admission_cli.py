"""`memwarden admission explain / log / policy` read receipts and policies from data."""

import json

from click.testing import CliRunner

from memwarden import Memory
from memwarden.cli.admission import admission_group
from memwarden.config import MemoryConfig


def _db(tmp_path):
    db = str(tmp_path / "m.db")
    with Memory(config=MemoryConfig(database=db, embedder="hash")) as m:
        res = m.add([{"role": "user", "name": "Bob", "content": "Last Friday I adopted a beagle named Max."},
                     {"role": "user", "name": "Ann", "content": "Haha cool."}], user_id="u")
    return db, res.results


def test_explain_by_receipt_and_memory_id(tmp_path, monkeypatch):
    monkeypatch.setenv("MEMWARDEN_EMBEDDER", "hash")
    db, receipts = _db(tmp_path)
    turn = receipts[0]
    assert turn.kind == "episode" and turn.claim_receipts
    r = next(c for c in receipts if c.kind == "claim")
    out = CliRunner().invoke(admission_group, ["explain", r.id, "--user", "u", "--db", db])
    assert out.exit_code == 0, out.output
    assert "factors" in out.output and "threshold" in out.output and r.reason in out.output
    # a turn's receipt is shown with the receipts of the claims extracted from it
    out = CliRunner().invoke(admission_group, ["explain", turn.id, "--user", "u", "--db", db, "--json"])
    assert [x["id"] for x in json.loads(out.output)] == [turn.id, *turn.claim_receipts]
    if r.memory_id:
        out = CliRunner().invoke(admission_group, ["explain", r.memory_id, "--user", "u", "--db", db, "--json"])
        assert json.loads(out.output)[0]["id"] == r.id
    out = CliRunner().invoke(admission_group, ["explain", "nope", "--user", "u", "--db", db])
    assert out.exit_code == 1 and "no receipt" in out.output
    # another scope sees nothing
    out = CliRunner().invoke(admission_group, ["explain", r.id, "--user", "other", "--db", db])
    assert out.exit_code == 1


def test_log_lists_rejected_too(tmp_path, monkeypatch):
    monkeypatch.setenv("MEMWARDEN_EMBEDDER", "hash")
    db, receipts = _db(tmp_path)
    out = CliRunner().invoke(admission_group, ["log", "--user", "u", "--db", db, "--json"])
    assert out.exit_code == 0, out.output
    assert {x["id"] for x in json.loads(out.output)} == {r.id for r in receipts}


def test_policy_command_validates(tmp_path):
    out = CliRunner().invoke(admission_group, ["policy"])
    assert out.exit_code == 0 and json.loads(out.output)["decision"] == "logistic"
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "memwarden-admission-policy", "version": 2}')
    out = CliRunner().invoke(admission_group, ["policy", str(bad)])
    assert out.exit_code == 1 and "version 2 is not supported" in out.output
