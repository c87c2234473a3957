"""The scored admitter through Memory.add: receipts, duplicates, supersession, bad input."""

import json

import pytest

from memwarden import Memory
from memwarden.admission import AdmitAll
from memwarden.admission.llm import ScriptedLLM
from memwarden.admission.policy import AdmissionPolicy
from memwarden.admission.scored import ScoredAdmitter
from memwarden.config import MemoryConfig
from memwarden.errors import InvalidInputError, PolicyError

SESSION = [
    {"role": "user", "name": "Ann", "content": "Hey Bob! How have you been?"},
    {"role": "user", "name": "Bob", "content": "Great! Last Friday I adopted a puppy named Max from the shelter."},
    {"role": "user", "name": "Ann", "content": "Wow, that's awesome! What breed is he?"},
    {"role": "user", "name": "Bob", "content": "He's a beagle, two years old. I love taking him to the lake on Sundays."},
    {"role": "user", "name": "Ann", "content": "Haha cool."},
]


@pytest.fixture
def mem():
    with Memory(config=MemoryConfig(embedder="hash", claims=False)) as m:
        yield m


def test_every_candidate_gets_a_receipt_with_factors_weights_threshold(mem):
    res = mem.add(SESSION, user_id="u", timestamp="2023-05-08T13:56:00")
    assert len(res.results) == len(SESSION)
    for r in res.results:
        assert r.event in ("admitted", "rejected")
        assert set(r.scores) == {"utility", "grounding", "novelty", "recency", "type"}
        assert all(0.0 <= v <= 1.0 for v in r.scores.values())
        assert r.weights and r.threshold is not None and r.score is not None
        assert r.memory_type and r.policy.startswith("amac:")
        assert r.reason and "\n" not in r.reason
    # the fact-bearing turns score above the small talk
    by_text = {r.text: r for r in res.results}
    assert by_text[SESSION[1]["content"]].score > by_text[SESSION[4]["content"]].score
    assert by_text[SESSION[1]["content"]].event == "admitted"
    # receipts persist, rejected ones included
    stored = mem.receipts(user_id="u")
    assert {r.id for r in stored} == {r.id for r in res.results}


def test_rejections_are_receipts_not_disappearances(mem):
    strict = json.loads(AdmissionPolicy.default().to_json())
    strict["decision"]["threshold"] = 1.0
    res = mem.add(SESSION, user_id="u", admission=AdmissionPolicy.from_dict(strict))
    assert all(r.event == "rejected" for r in res.results)
    assert mem.get_all(user_id="u") == []
    assert len(mem.receipts(user_id="u")) == len(SESSION)


def test_admission_all_and_auto_and_bad_mode(mem):
    res = mem.add(SESSION, user_id="u", admission="all")
    assert all(r.event == "admitted" for r in res.results)
    with pytest.raises(InvalidInputError):
        mem.add("hello", user_id="u", admission="sometimes")


def test_duplicates_are_caught_before_scoring(mem):
    mem.add("Last Friday I adopted a puppy named Max.", user_id="u", admission="all")
    same = {"role": "user", "content": "Last Friday I adopted a puppy named Max."}
    res = mem.add([same, same], user_id="u")
    assert [r.event for r in res.results] == ["duplicate", "duplicate"]
    assert res.results[0].duplicate_of is not None and res.results[0].scores


def test_an_update_supersedes_the_old_memory_and_keeps_it(mem):
    first = mem.add("My favourite colour is blue.", user_id="u", admission="all").results[0]
    # a permissive policy so the decision is about supersession, not the threshold
    d = json.loads(AdmissionPolicy.default().to_json())
    d["decision"]["threshold"] = 0.0
    new = mem.add("I don't like blue anymore, my favourite colour is green now.", user_id="u",
                  admission=AdmissionPolicy.from_dict(d)).results[0]
    assert new.event == "superseded" and new.supersedes == [first.memory_id]
    old = mem.get(first.memory_id, user_id="u")
    assert old.status == "superseded" and old.superseded_by == new.memory_id
    assert [h.event for h in mem.history(first.memory_id, user_id="u")][-1] == "SUPERSEDE"


def test_missing_timestamps_and_out_of_order_turns_have_defined_recency(mem):
    msgs = [
        {"role": "user", "content": "I moved to Lisbon in 2020.", "timestamp": "2023-05-08T00:00:00Z"},
        {"role": "user", "content": "I started learning Portuguese.", "timestamp": "2023-05-04T00:00:00Z"},
        {"role": "user", "content": "My sister visits in June."},
    ]
    res = mem.add(msgs, user_id="u")
    rec = [r.scores["recency"] for r in res.results]
    assert rec[0] == 1.0 and 0.0 < rec[1] < 1.0 and rec[2] == 1.0
    assert "no timestamp" in res.results[2].reason


def test_empty_store_gives_full_novelty(mem):
    res = mem.add("I adopted a beagle called Max.", user_id="fresh")
    assert res.results[0].scores["novelty"] == 1.0


def test_policy_from_config_and_bad_policy_file(tmp_path):
    p = tmp_path / "p.json"
    AdmissionPolicy.default().save(p)
    with Memory(config=MemoryConfig(embedder="hash", claims=False, admission_policy=str(p))) as m:
        assert m.add("I adopted a beagle.", user_id="u").results[0].policy.startswith("amac:")
    p.write_text('{"format": "memwarden-admission-policy", "version": 0}')
    with pytest.raises(PolicyError, match="version 0"):
        Memory(config=MemoryConfig(embedder="hash", claims=False, admission_policy=str(p)))


@pytest.mark.parametrize("answer", ['{"score": 0.93}', "garbage", '{"score": 7}', '{"score": 0.5, "why": "x"}',
                                    TimeoutError("slow"), RuntimeError("down")])
def test_llm_utility_or_a_defined_fallback(answer):
    llm = ScriptedLLM([answer])
    with Memory(config=MemoryConfig(embedder="hash", claims=False), admitter=ScoredAdmitter(llm=llm)) as m:
        r = m.add("I adopted a beagle called Max last week.", user_id="u").results[0]
    assert len(llm.calls) == 1 and "Candidate:" in llm.calls[0][0]["content"]
    if answer == '{"score": 0.93}':
        assert r.scores["utility"] == 0.93 and "LLM utility failed" not in r.reason
    else:
        assert "LLM utility failed" in r.reason and 0.0 <= r.scores["utility"] <= 1.0
    assert r.event in ("admitted", "rejected")


def test_admitter_count_mismatch_is_not_silent(mem):
    class Broken(AdmitAll):
        def decide(self, ctx):
            return super().decide(ctx)[:-1]

    with pytest.raises(RuntimeError):
        mem.add([{"role": "user", "content": "a fact"}, {"role": "user", "content": "another"}], user_id="u", admission=Broken())


def test_scopes_do_not_see_each_other(mem):
    mem.add("I adopted a beagle called Max.", user_id="a", admission="all")
    r = mem.add("I adopted a beagle called Max.", user_id="b").results[0]
    assert r.event != "duplicate" and r.scores["novelty"] == 1.0


def test_supersession_asks_the_trust_stance_detector(monkeypatch):
    from dataclasses import dataclass

    from memwarden.admission import supersede

    @dataclass
    class Stance:
        label: str
        score: float
        reason: str

    monkeypatch.setattr(supersede, "detect_stance",
                        lambda a, b, cosine=None: Stance("contradict" if "never" in b else "agree", 0.9, "negation"))
    assert supersede.supersedes("I never eat meat at dinner", "I eat meat at dinner", 0.9).startswith("contradicts it")
    assert supersede.supersedes("I eat meat at dinner often", "I eat meat at dinner", 0.9) is None
    # explicit change cues still win first; unrelated or weakly related pairs never reach stance
    assert supersede.supersedes("I live in Denver now", "I live in Boston", 0.5) == "states a change"
    assert supersede.supersedes("I never eat meat at dinner", "I eat meat at dinner", 0.5) is None
    assert supersede.supersedes("I like jazz music", "I went hiking", 0.2) is None
