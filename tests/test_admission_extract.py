"""LLM fact extraction: source turn ids kept, any bad answer falls back (no candidates, and the reason)."""

import json

import pytest

from memwarden.admission.base import AdmissionContext
from memwarden.admission.extract import extract_candidates
from memwarden.admission.features import compute
from memwarden.admission.llm import ScriptedLLM
from memwarden.models import Turn

TURNS = [Turn(role="user", name="Ann", content="How was Lisbon?", index=0, turn_id="D1:1"),
         Turn(role="user", name="Bob", content="Great, I moved to Lisbon in May.", index=1, turn_id="D1:2")]


def test_facts_keep_their_source_turns():
    llm = ScriptedLLM([json.dumps({"facts": [{"text": "Bob moved to Lisbon in May.", "turns": [1]}]})])
    cands, fallback = extract_candidates(llm, TURNS)
    assert fallback is None
    assert [c.text for c in cands] == ["Bob moved to Lisbon in May."]
    assert cands[0].source_turn_ids == ["D1:2"] and cands[0].speaker == "Bob" and cands[0].turn_index == -1
    assert "[1] Bob: Great" in llm.calls[0][0]["content"]


@pytest.mark.parametrize("answer", ["not json", '{"facts": "x"}', '{"facts": [{"text": "a", "turns": [7]}]}',
                                    '{"facts": [{"text": "", "turns": [0]}]}', '{"other": []}', TimeoutError()])
def test_bad_answers_fall_back(answer):
    out = extract_candidates(ScriptedLLM([answer]), TURNS)
    assert out.candidates is None and out.fallback.startswith("LLM extraction by scripted failed (")


def test_grounding_of_an_extracted_fact_excludes_its_source_turn():
    import numpy as np

    cands = extract_candidates(ScriptedLLM([json.dumps({"facts": [{"text": "Bob moved to Lisbon in May.", "turns": [1]}]})]), TURNS).candidates
    ctx = AdmissionContext(user_id="u", turns=TURNS, candidates=cands, vectors=np.ones((1, 4), dtype=np.float32) / 2,
                           neighbours=lambda v, k: [], stored_hashes={}, now=None)
    f = compute(ctx)[0]
    # only "How was Lisbon?" remains to ground it: low, not the trivial match with its own source
    assert 0.0 < f.grounding < 0.5
