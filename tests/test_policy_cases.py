"""``memwarden eval policy-cases``: hand-written governance cases, split by id, scored per policy."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from memwarden.cli import main
from memwarden.errors import InvalidInputError
from memwarden.evals.policy_cases import load_cases, score, split_of

TINY = Path(__file__).parent / "data" / "policy_cases_tiny.jsonl"
CASES = Path(__file__).parents[1] / "evals" / "cases"


def test_split_is_by_id_and_stable() -> None:
    assert split_of("tiny-c-moved") == "dev" and split_of("tiny-a-sushi") == "heldout"
    assert [c.id for c in load_cases(TINY, "dev")] == ["tiny-c-moved"]
    assert len(load_cases(TINY, "heldout")) == 3 and len(load_cases(TINY)) == 4


def test_score_counts_any_listed_policy_per_expected_policy() -> None:
    cases = load_cases(TINY)
    r = score(cases, lambda q, ev, mems: {m.id: "use" for m in mems})
    assert r["memories"] == 5 and r["correct"] == 2  # sushi m1 and the newer commute m2
    assert r["per_policy"]["use"] == {"n": 2, "accuracy": 1.0}
    assert r["per_policy"]["superseded"] == {"n": 1, "accuracy": 0.0}
    assert r["confusion"]["constrain_to_scope"] == {"use": 1}


def test_cli_runs_the_shipped_policy_on_each_case() -> None:
    out = CliRunner().invoke(main, ["eval", "policy-cases", "--data", str(TINY), "--json"])
    assert out.exit_code == 0, out.output
    r = json.loads(out.output)
    got = {(x["case"], x["memory"]): x["predicted"] for x in r["rows"]}
    # Unseen wording: a dislike in a group order, a newer commute, hearsay about a fact.
    assert got == {("tiny-a-sushi", "m1"): "use", ("tiny-b-team-lunch", "m1"): "constrain_to_scope",
                   ("tiny-c-moved", "m1"): "superseded", ("tiny-c-moved", "m2"): "use",
                   ("tiny-d-hearsay", "m1"): "ignore_as_evidence"}
    out = CliRunner().invoke(main, ["eval", "policy-cases", "--data", str(TINY), "--split", "dev"])
    assert out.exit_code == 0 and "1.0000 over 2" in " ".join(out.output.split())


def test_several_files_score_together_and_errors_are_listed_only_on_request(tmp_path) -> None:  # type: ignore[no-untyped-def]
    extra = tmp_path / "extra.jsonl"
    extra.write_text(json.dumps({"id": "x-solo-dinner", "memories": [{"id": "m1", "text": "I can't stand coriander"}],
                                 "query": "What should I cook for myself tonight?", "expect": {"m1": ["superseded"]}}) + "\n")
    args = ["eval", "policy-cases", "--data", str(TINY), "--data", str(extra)]
    out = CliRunner().invoke(main, [*args, "--json"])
    assert out.exit_code == 0, out.output
    r = json.loads(out.output)
    assert r["cases"] == 5 and r["memories"] == 6 and r["correct"] == 5 and isinstance(r["data"], list)
    quiet = CliRunner().invoke(main, args)
    assert quiet.exit_code == 0 and "wrong:" not in quiet.output
    loud = CliRunner().invoke(main, [*args, "--errors"])
    assert "wrong: x-solo-dinner m1: expected superseded, got use" in loud.output
    # The same id in two files is refused (a case would count twice).
    dup = CliRunner().invoke(main, ["eval", "policy-cases", "--data", str(TINY), "--data", str(TINY)])
    assert dup.exit_code != 0 and "repeat" in dup.output


def test_probe_cases_stay_right() -> None:
    """A regression guard, not an estimate: the rules were tuned on these (evals/cases/README.md)."""
    from memwarden.evals.policy_cases import run
    from memwarden.providers.embedder import default_embedder

    emb = default_embedder()
    r = run(CASES / "governance_probes.jsonl", embedder=emb)
    assert r["memories"] >= 140 and r["accuracy"] >= 0.95, [x for x in r["rows"] if not x["ok"]]
    dev = run(CASES / "governance.jsonl", embedder=emb, split="dev")  # the half the rules were tuned on
    assert dev["accuracy"] >= 0.95, [x for x in dev["rows"] if not x["ok"]]


def test_malformed_case_is_a_clear_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"id": "x", "memories": [{"id": "m1", "text": "t"}], "query": "q",
                               "expect": {"m1": ["maybe"]}}) + "\n")
    with pytest.raises(InvalidInputError, match="unknown policy"):
        load_cases(bad)
