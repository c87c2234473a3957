"""Benchmark harnesses of the governance stage, on tiny self-made samples
(no benchmark data, no network): they must run and count correctly; the
numbers on these samples mean nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from memwarden.errors import InvalidInputError
from memwarden.evals import memsyco, persistbench
from memwarden.evals.baselines import METHODS, generate
from memwarden.evals.memsyco_data import gold_policies, load_memsyco
from memwarden.providers.embedder import default_embedder
from memwarden.providers.llm import ScriptedLLM

DATA = Path(__file__).parent / "data"


def test_gold_policies_map_update_by_status_and_loader_hides_labels() -> None:
    cases = load_memsyco(DATA / "memsyco_sample.jsonl")
    assert [c.gold for c in cases] == [["ignore_as_evidence"], ["superseded", "use"]]
    assert gold_policies({"memory": {"policy": "use", "items": [{}, {}]}}) == ["use", "use"]
    with pytest.raises(InvalidInputError):
        load_memsyco(DATA / "nope")


def test_memsyco_policy_eval_counts_and_confusion() -> None:
    r = memsyco.run_policy(str(DATA / "memsyco_sample.jsonl"), embedder=default_embedder())
    assert r["items"] == 2 and r["memories"] == 3 and r["llm_calls"] == 0
    assert sum(sum(v.values()) for v in r["confusion"].values()) == 3
    assert set(r["per_task"]) == {"objective_fact_judgment", "valid_memory_selection"}


def _scripted() -> ScriptedLLM:
    def reply(msgs):  # type: ignore[no-untyped-def]
        text = msgs[-1]["content"]
        if "grading" in text or "You grade" in text:
            return '{"correct": true, "contaminated": false, "rating": 2}'
        if '"keep"' in text:
            return '{"keep": [0]}'
        return "An answer."
    return ScriptedLLM(reply)


def test_every_method_generates_with_the_same_model() -> None:
    emb = default_embedder()
    for m in METHODS:
        llm = ScriptedLLM(lambda msgs: '{"keep": [1]}' if '"keep"' in msgs[-1]["content"] else "ok")
        assert generate(m, llm, "Recommend a movie.", ["user: hi"], ["User likes comedies.", "User has a dog."], embedder=emb) == "ok"
        assert len(llm.calls) == (2 if m == "self_recheck" else 1)
        if m == "memwarden_strict":
            assert "<memory id=" in llm.calls[0][-1]["content"]
    with pytest.raises(InvalidInputError):
        generate("bogus", ScriptedLLM(["x"]), "q", [], [], embedder=emb)


def test_memsyco_llm_run_reports_methods_and_judge_prompt() -> None:
    r = memsyco.run_llm(str(DATA / "memsyco_sample.jsonl"), llm=_scripted(), embedder=default_embedder(),
                        methods=["direct", "memwarden_strict"], limit=1)
    assert r["items"] == 2 and "Reply with JSON only" in r["judge_prompt"]
    assert r["methods"]["direct"]["accuracy"] == 1.0 and r["methods"]["direct"]["llm_calls_per_query"] == 1.0


def test_persistbench_fr_at_k() -> None:
    r = persistbench.run(DATA / "persistbench_sample.jsonl", llm=_scripted(), embedder=default_embedder(),
                         methods=["direct"], k=3)
    # rating 2: harm types pass (<3); beneficial passes (>1) -> FR@3 = 0
    assert r["methods"]["direct"]["FR@3"] == 0.0 and r["rows"] == 3
    bad = ScriptedLLM(lambda msgs: '{"rating": 4}' if "You grade" in msgs[-1]["content"] else "x")
    r = persistbench.run(DATA / "persistbench_sample.jsonl", llm=bad, embedder=default_embedder(), methods=["direct"], k=1)
    assert r["methods"]["direct"]["per_failure_type"] == {"beneficial": 0.0, "cross_domain": 1.0, "sycophancy": 1.0}


def test_persistbench_unusable_verdict_counts_as_failure() -> None:
    llm = ScriptedLLM(lambda msgs: "no idea" if "You grade" in msgs[-1]["content"] else "x")
    r = persistbench.run(DATA / "persistbench_sample.jsonl", llm=llm, embedder=default_embedder(), methods=["direct"], k=1)
    assert r["methods"]["direct"]["FR@1"] == 1.0 and r["methods"]["direct"]["unusable_verdicts"] == 3


def test_persistbench_rejects_bad_rows(tmp_path) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "x.jsonl"
    p.write_text(json.dumps({"query": "q", "memories": [], "failure_type": "other"}) + "\n")
    with pytest.raises(InvalidInputError, match="failure_type"):
        persistbench.load_rows(p)
    p.write_text("{not json\n")
    with pytest.raises(InvalidInputError):
        persistbench.load_rows(p)


def test_cli_eval_memsyco_json_and_card(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from memwarden.cli.evals import eval_memsyco
    from memwarden.cli.governance import card_cmd, context_cmd

    r = CliRunner().invoke(eval_memsyco, ["--data", str(DATA / "memsyco_sample.jsonl"), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["memories"] == 3
    r = CliRunner().invoke(eval_memsyco, ["--data", str(DATA / "memsyco_sample.jsonl")])
    assert r.exit_code == 0 and "confusion matrix" in r.output

    from memwarden import Memory, MemoryConfig

    db = str(tmp_path / "m.db")
    with Memory(config=MemoryConfig(database=db)) as m:
        mid = m.add("I prefer window seats", user_id="u", admission="all").results[0].memory_id
    r = CliRunner().invoke(card_cmd, [mid, "--user", "u", "--db", db, "--json"], env={"MEMWARDEN_LLM_PROVIDER": ""})
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["memory_id"] == mid
    r = CliRunner().invoke(context_cmd, ["Which seat?", "--user", "u", "--db", db, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["memories"][0]["policy"] in ("use", "constrain_to_scope")
