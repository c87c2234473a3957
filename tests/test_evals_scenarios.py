"""``memwarden eval scenarios``: the SCENARIOS.md format, its matching rule, the metrics, the baselines."""

from __future__ import annotations

import copy
import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from memwarden.cli import main
from memwarden.errors import InvalidInputError
from memwarden.evals.scenario_format import KINDS, contains_any, load_scenarios, matches, parse_scenarios
from memwarden.evals.scenario_systems import VectorSystem, make_embedder, system_factory, turns_stored
from memwarden.evals.scenarios import (ProbeResult, TurnResult, abstention_metrics, admission_metrics, headline,
                                       run_scenarios, summarise)
from memwarden.models import Receipt

EXAMPLES = Path(__file__).parent / "data" / "scenarios_examples.json"
NOW = datetime(2025, 1, 1, tzinfo=timezone.utc)


def raw_examples() -> dict:
    return json.loads(EXAMPLES.read_text())


# -- format ---------------------------------------------------------------------------------------


def test_the_three_examples_of_the_doc_load():
    data = load_scenarios(EXAMPLES)
    assert [s.id for s in data.scenarios] == ["ex-ku-gym", "ex-sr-landlord", "ex-ab-car"]
    gym = data.scenarios[0]
    assert gym.kind == "knowledge_update" and gym.user_map == {"A": "scenario-ex-ku-gym"}
    # Probes without as_of run one day after the last session.
    assert gym.clock == datetime(2025, 4, 15, 7, 30, tzinfo=timezone.utc)
    assert gym.probes[1].as_of == datetime(2025, 2, 10, 12, tzinfo=timezone.utc)
    assert [m.label for m in gym.sessions[1].messages] == ["fact", None, "chitchat"]
    assert data.scenarios[1].sessions[0].messages[0].name == "Tom"


def _error(mutate) -> str:
    raw = raw_examples()
    mutate(raw)
    with pytest.raises(InvalidInputError) as exc:
        parse_scenarios(raw, source="t.json")
    return str(exc.value)


@pytest.mark.parametrize("mutate, expected", [
    (lambda r: r["scenarios"][0]["probes"][0].update(topk=3), ["scenario 'ex-ku-gym'", "probes[0].topk", "Extra inputs"]),
    (lambda r: r["scenarios"][1]["probes"][0].pop("target"), ["scenario 'ex-sr-landlord'", "probes[0]", "'target' or 'targets'"]),
    (lambda r: r["scenarios"][2]["probes"][0].pop("expect_abstain"), ["scenario 'ex-ab-car'", "probes[0].expect_abstain", "required"]),
    (lambda r: r["scenarios"][1]["probes"][1].update(expect="MAYBE"), ["scenario 'ex-sr-landlord'", "probes[1].expect"]),
    (lambda r: r["scenarios"][0]["probes"][0].update(type="guess"), ["scenario 'ex-ku-gym'", "probes[0]", "guess"]),
    (lambda r: r["scenarios"][0].update(kind="updates"), ["scenario 'ex-ku-gym'", "kind"]),
    (lambda r: r["scenarios"][0]["sessions"][0].update(ts="yesterday"), ["scenario 'ex-ku-gym'", "sessions[0].ts"]),
    (lambda r: r["scenarios"][0]["sessions"][0]["messages"][0].update(label="important"), ["sessions[0].messages[0].label"]),
    (lambda r: r["scenarios"][0]["sessions"][0]["messages"][0].update(content="  "), ["messages[0].content", "blank"]),
    (lambda r: r["scenarios"][0]["sessions"][0].update(user="B"), ["scenario 'ex-ku-gym'", "sessions[0].user 'B' is not in users"]),
    (lambda r: r["scenarios"][0]["probes"][1].update(id="exercise-now"), ["'exercise-now' is used twice"]),
    (lambda r: r["scenarios"][0]["probes"][0].update(k=0), ["probes[0].k"]),
    (lambda r: r["scenarios"][1]["probes"].append({"type": "policy", "query": "q", "target": ["x"], "expect_policy": ["trust"]}),
     ["probes[2].expect_policy", "unknown policy 'trust'"]),
    (lambda r: r.update(version=2), ["version"]),
    (lambda r: r["scenarios"].append(copy.deepcopy(r["scenarios"][0])), ["'ex-ku-gym' is used more than once"]),
])
def test_validation_errors_name_the_scenario_and_field(mutate, expected):
    msg = _error(mutate)
    assert msg.startswith("t.json is not a valid scenario file") or "t.json" in msg
    for part in expected:
        assert part in msg, msg


def test_unreadable_files_are_clean_errors(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(InvalidInputError, match="is not JSON"):
        load_scenarios(bad)
    with pytest.raises(InvalidInputError, match="cannot read"):
        load_scenarios(tmp_path / "missing.json")


def test_single_strings_are_one_element_lists_and_users_map():
    raw = {"version": 1, "scenarios": [{
        "id": "two", "kind": "scope_isolation", "users": {"A": "ann", "B": "bob"},
        "sessions": [{"ts": "2025-01-01T00:00:00", "user": "B", "messages": [{"content": "hi", "label": "chitchat"}]}],
        "probes": [{"type": "rank", "query": "q", "target": "x", "forbid": "y", "user": "B"}]}]}
    sc = parse_scenarios(raw).scenarios[0]
    assert sc.probes[0].target == ["x"] and sc.probes[0].forbid == ["y"]
    assert sc.user_map["B"] == "bob"
    assert sc.sessions[0].ts.tzinfo is not None  # naive times are UTC


# -- matching -------------------------------------------------------------------------------------


def test_matching_is_case_insensitive_contains_all_with_alternatives():
    text = "Wait, I just got the letter: they are NOT selling, they're renovating the lobby in July."
    assert matches(text, ["renovating|NOT selling"])
    assert matches(text, ["not selling", "LOBBY"])
    assert not matches(text, ["renovating", "August"])  # every entry must be there
    assert matches(text, ["painting|renovating"]) and not matches(text, ["painting|repainting"])
    assert matches("I don\u2019t eat pork", ["don't eat"])  # curly apostrophe as typed on phones
    assert not matches(text, [])
    assert contains_any("Ann's pin is 4471", ["4471", "bob", "PIN|code"]) == ["4471", "PIN|code"]


# -- receipts -> stored turns ---------------------------------------------------------------------


def _r(text, event="admitted", kind="claim", turn=None, claim_ids=(), memory_id=None, dup=None):
    return Receipt(id=text[:8], user_id="u", text=text, event=event, reason="", kind=kind, claim_ids=list(claim_ids),
                   memory_id=memory_id, duplicate_of=dup, source_turn_ids=[turn] if turn else [], created_at=NOW)


def test_turn_level_receipts_map_by_turn_id_then_text():
    receipts = [_r("b", "rejected", turn="t1"), _r("a", "admitted", turn="t0"), _r("c", "duplicate"), _r("c", "superseded")]
    # Receipts 3 and 4 carry no turn id: matched by text, in order.
    assert turns_stored(receipts, ["t0", "t1", "t2", "t3", "t4"], ["a", "b", "c", "c", "d"], lambda ids: set()) == [
        True, False, True, True, None]


def test_episode_receipts_count_a_turn_stored_only_through_its_claims():
    receipts = [
        _r("I moved to Porto", kind="episode", turn="t0", claim_ids=["c1"]),
        _r("haha thanks", kind="episode", turn="t1"),
        _r("Porto, noted", kind="episode", turn="t2", dup="c1"),
        _r("I think it rains", kind="episode", turn="t3", claim_ids=["c9"]),
        _r("and I work at Acme", kind="episode", turn="t4", claim_ids=["c5"]),
        _r("user moved to Porto", turn="t0", memory_id="c1"),
        _r("it rains", "rejected", turn="t3", memory_id="c9"),
    ]
    got = turns_stored(receipts, ["t0", "t1", "t2", "t3", "t4"], ["", "", "", "", ""], lambda ids: {"c5"} & set(ids))
    assert got == [True, False, True, False, True]


# -- metrics --------------------------------------------------------------------------------------


def _p(kind="knowledge_update", type="rank", passed=True, **kw) -> ProbeResult:
    return ProbeResult(scenario="s", kind=kind, probe="p", type=type, user="A", as_of=NOW, query="q", passed=passed, **kw)


def _t(label, stored, kind="noise_admission") -> TurnResult:
    return TurnResult(scenario="s", kind=kind, session=0, index=0, label=label, text="x", stored=stored)


def test_abstention_metrics():
    probes = [_p("abstention", "abstain", True, expect_abstain=True, abstained=True),
              _p("abstention", "abstain", False, expect_abstain=True, abstained=False),
              _p("abstention", "abstain", False, expect_abstain=False, abstained=True),
              _p("abstention", "abstain", True, expect_abstain=False, abstained=False, target_in_3=True),
              # answered, but its target was not in the top 3: wrong for accuracy, not a false abstention
              _p("abstention", "abstain", False, expect_abstain=False, abstained=False, target_in_3=False)]
    m = abstention_metrics(probes)
    assert m["precision"] == 0.5 and m["recall"] == 0.5
    assert m["false_abstention_rate"] == round(1 / 3, 4)
    assert m["balanced_accuracy"] == round((0.5 + 1 / 3) / 2, 4)


def test_admission_metrics_and_facts_lost():
    turns = [_t("fact", True), _t("fact", False), _t("fact", None), _t("chitchat", True), _t("chitchat", False),
             _t("chitchat", False), _t("chitchat", False)]
    m = admission_metrics(turns)
    assert m["facts_lost"] == 2 and m["unmapped_turns"] == 1
    assert m["chitchat_stored_rate"] == 0.25
    assert m["balanced_accuracy"] == round((1 / 3 + 0.75) / 2, 4)


def test_headlines_and_overall_are_the_table_of_the_doc():
    probes = [
        _p(current_at_1=True, hit_at_3=True, now=True), _p(current_at_1=False, hit_at_3=True, past=True, passed=False),
        _p("indirect_constraint", current_at_1=False, hit_at_3=True), _p("indirect_constraint", current_at_1=False, hit_at_3=False),
        _p("source_reliability", current_at_1=True), _p("source_reliability", "verdict", False),
        _p("scope_isolation", forbid_returned=[]), _p("scope_isolation", forbid_returned=["4471"], passed=False),
        _p("scope_isolation", current_at_1=True),  # no forbid: not part of the headline
        _p("multi_fact", all_targets=True), _p("multi_fact", all_targets=False), _p("multi_fact", hit_at_k=True),
        _p("governance", "policy", True), _p("governance", "policy", False), _p("governance", "policy", True),
    ]
    turns = [_t("fact", True), _t("chitchat", True)]
    assert headline("knowledge_update", probes[:2], []) == 0.5
    assert headline("indirect_constraint", probes[2:4], []) == 0.5
    assert headline("source_reliability", probes[4:6], []) == 0.5
    assert headline("scope_isolation", probes[6:9], []) == 0.5
    assert headline("multi_fact", probes[9:12], []) == round(2 / 3, 4)
    assert headline("governance", probes[12:], []) == round(2 / 3, 4)
    assert headline("noise_admission", [], turns) == 0.5
    kinds = {"a": "knowledge_update", "b": "indirect_constraint", "c": "source_reliability", "d": "scope_isolation",
             "e": "multi_fact", "f": "governance", "g": "noise_admission", "h": "abstention"}
    s = summarise(probes, turns, kinds)
    heads = [v["headline"] for v in s["per_kind"].values()]
    assert s["per_kind"]["abstention"]["headline"] is None  # no abstain probe: not in the mean
    assert s["overall"] == round(sum(h for h in heads if h is not None) / 7, 4)
    i10 = s["issue10"]
    assert i10["now_current@1"] == 1.0 and i10["past_value@1"] == 0.0 and i10["constraint_hit@3"] == 0.5
    assert i10["chitchat_stored_rate"] == 1.0 and i10["facts_lost"] == 0


# -- runner and baselines -------------------------------------------------------------------------

MIXED = {"version": 1, "scenarios": [
    {"id": "si-pin", "kind": "scope_isolation", "users": {"A": "ann", "B": "bob"},
     "sessions": [
         {"ts": "2025-03-01T10:00:00Z", "user": "A", "messages": [{"role": "user", "content": "My bank PIN is 4471, keep it safe.", "label": "fact"}]},
         {"ts": "2025-03-01T11:00:00Z", "user": "B", "messages": [{"role": "user", "content": "My bank is Monzo and I bank online.", "label": "fact"}]}],
     "probes": [{"id": "bob-bank", "type": "rank", "user": "B", "query": "What is my bank PIN?", "target": ["Monzo"], "forbid": ["4471"]}]},
    {"id": "mf-trip", "kind": "multi_fact",
     "sessions": [{"ts": "2025-03-01T10:00:00Z", "messages": [
         {"content": "My flight to Oslo lands at 14:05 on Friday.", "label": "fact"},
         {"content": "The hotel in Oslo is the Thon Opera, check-in from 15:00.", "label": "fact"},
         {"role": "assistant", "content": "Have a lovely trip!"}]}],
     "probes": [{"id": "oslo", "type": "rank", "query": "Oslo flight and hotel", "targets": [["14:05"], ["Thon"]], "k": 2},
                {"id": "policy", "type": "policy", "query": "Which hotel in Oslo?", "target": ["Thon"], "expect_policy": ["use"]},
                {"id": "v", "type": "verdict", "claim": "My flight to Oslo lands at 14:05 on Friday.", "expect": "TRUE"}]},
]}


def test_vector_baseline_stores_everything_ranks_by_cosine_and_never_judges():
    v = VectorSystem(make_embedder("hash"))
    assert v.add_session("u", [{"role": "user", "content": "I keep bees in the garden"},
                               {"role": "user", "content": "Football tonight"}], NOW) == [True, True]
    v.add_session("other", [{"role": "user", "content": "bees bees garden"}], NOW)
    found = v.search("bees garden", "u", 10, NOW)
    assert [h.text for h in found.hits] == ["I keep bees in the garden", "Football tonight"]
    assert not found.abstained and v.verdict("I keep bees", "u", NOW) == "UNKNOWN"
    assert {h.policy for h in v.policies("bees", "u", [], NOW, 10)} == {"use"}
    assert v.search("bees", "nobody", 10, NOW).hits == []


@pytest.mark.parametrize("system", ["memwarden", "store-all", "vector"])
def test_runner_scores_every_probe_type(system):
    report = run_scenarios(parse_scenarios(MIXED), system_factory(system, make_embedder("hash")))
    by_id = {p["probe"]: p for p in report["probes"]}
    # Scopes are partitions: Bob never sees Ann's PIN, whatever the system.
    assert by_id["bob-bank"]["forbid_returned"] == [] and report["per_kind"]["scope_isolation"]["headline"] == 1.0
    assert by_id["oslo"]["all_targets"] is True and report["per_kind"]["multi_fact"]["headline"] == 1.0
    assert by_id["policy"]["policy"] is not None
    assert len(report["turns"]) == 4 and report["scenarios"] == 2
    if system == "vector":
        assert by_id["v"]["verdict"] == "UNKNOWN" and by_id["policy"]["policy"] == "use"
        assert report["per_type"]["admission"]["facts_stored_rate"] == 1.0


def test_cli_json_end_to_end(tmp_path):
    res = CliRunner().invoke(main, ["eval", "scenarios", "--data", str(EXAMPLES), "--embedder", "hash", "--json",
                                    "--system", "memwarden", "--system", "vector"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    mem, vec = out["reports"]
    assert (mem["system"], vec["system"]) == ("memwarden", "vector")
    assert set(mem["per_kind"]) == {"knowledge_update", "source_reliability", "abstention"}
    assert len(mem["probes"]) == 7 and len(mem["turns"]) == 5
    assert all("passed" in p and "hits" in p for p in mem["probes"])
    # The vector store never abstains: recall 0 on the two unanswerable probes.
    assert vec["per_type"]["abstain"]["recall"] == 0.0
    assert vec["per_kind"]["abstention"]["headline"] == 0.5
    heads = [v["headline"] for v in mem["per_kind"].values()]
    assert mem["overall"] == round(sum(heads) / len(heads), 4)

    one = CliRunner().invoke(main, ["eval", "scenarios", "--data", str(EXAMPLES), "--embedder", "hash", "--json",
                                    "--only", "abstention"], catch_exceptions=False)
    assert json.loads(one.stdout)["scenarios"] == 1

    table = CliRunner().invoke(main, ["eval", "scenarios", "--data", str(EXAMPLES), "--embedder", "hash", "--verbose",
                                      "--system", "store-all"], catch_exceptions=False)
    assert table.exit_code == 0 and "overall" in table.output and "failing probes" in table.output


def test_cli_invalid_file_is_one_line_error(tmp_path):
    raw = raw_examples()
    raw["scenarios"][0]["probes"][0]["tagret"] = ["park"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(raw))
    res = CliRunner().invoke(main, ["eval", "scenarios", "--data", str(bad), "--embedder", "hash"])
    assert res.exit_code == 1 and "scenario 'ex-ku-gym': probes[0].tagret" in res.output and "Traceback" not in res.output


def test_a_system_error_fails_its_probe_and_is_reported():
    class Broken(VectorSystem):
        def verdict(self, claim, user_id, as_of):
            raise RuntimeError("verdict exploded")

        def add_session(self, user_id, messages, ts):
            if "Jazz" in messages[0]["content"]:
                raise RuntimeError("add exploded")
            return super().add_session(user_id, messages, ts)

    report = run_scenarios(load_scenarios(EXAMPLES), lambda: Broken(make_embedder("hash")))
    assert report["errors"] == ["ex-sr-landlord: sold-claim: RuntimeError: verdict exploded",
                                "ex-ab-car: sessions[0]: RuntimeError: add exploded"]
    bad = next(p for p in report["probes"] if p["probe"] == "sold-claim")
    assert not bad["passed"] and bad["error"] == "RuntimeError: verdict exploded"
    car = [t for t in report["turns"] if t["scenario"] == "ex-ab-car"]
    assert car[0]["stored"] is None and car[0]["error"] == "RuntimeError: add exploded"
    assert report["per_type"]["admission"]["unmapped_turns"] == 1


DEV = Path(__file__).parents[1] / "evals" / "scenarios" / "dev.json"


def test_the_dev_set_runs_through_memwarden_with_every_turn_accounted_for():
    data = load_scenarios(DEV)
    assert len(data.scenarios) >= 60 and {s.kind for s in data.scenarios} == set(KINDS)
    report = run_scenarios(data, system_factory("memwarden", make_embedder("hash")))
    assert report["errors"] == []
    # Every labelled turn was matched to its receipt (none counted as lost for want of a mapping).
    assert report["per_type"]["admission"]["unmapped_turns"] == 0
    assert report["per_type"]["admission"]["facts"] + report["per_type"]["admission"]["chitchat"] == len(report["turns"])
    assert set(report["per_kind"]) == set(KINDS) and report["overall"] is not None
