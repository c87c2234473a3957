"""The verdict's stance (rules + fitted second opinion) on everyday claim / memory pairs written for
session 17 (branch s17-stance; no eval set's wording): a change said in other words, agreement said
in other words, a compatible detail, a different person's value, a plan against a fact.

The pairs the verdict reads right today must stay right under any refit of ``stance_model.json``
(``bench/fit_stance.py``); the ones it misses are listed as strict xfails, so a change that fixes one
says so. Any fitted model, with its overrides active, must not turn a right reading wrong here."""

import json
from pathlib import Path

import pytest

from memwarden.providers.embedder import make_embedder
from memwarden.trust import stance_fitted as sf
from memwarden.trust.verdict import as_first_person
from memwarden.trust.verdict_stance import _rule_stance, _stance

RIGHT = [
    ("My dentist appointment is on Tuesday", "The dentist called and pushed my appointment to Thursday", "contradict"),
    ("My phone number ends in 4471", "New phone number, it ends in 9032 now", "contradict"),
    ("The car was repaired", "Picked the car up from the garage, it's fixed", "agree"),
    ("My sister lives in Leeds", "Visiting my sister at her place in Leeds this weekend", "agree"),
    ("I live in Bristol", "The traffic in Bristol was awful this morning", "unrelated"),
    ("I work at Deloitte", "Deloitte's canteen does a great curry on Fridays", "unrelated"),
    ("My daughter plays the violin", "My daughter's school concert is next Thursday", "unrelated"),
    ("I have a dog called Biscuit", "Biscuit needs his booster jab in March", "unrelated"),
    ("I live in Bristol", "My brother just moved to Glasgow", "unrelated"),
    ("I am allergic to peanuts", "My son is allergic to shellfish", "unrelated"),
    ("I drive a Honda Civic", "My wife drives a Tesla", "unrelated"),
    ("I live in Bristol", "We might move to Bath next year if the house sells", "unrelated"),
    ("I work at Deloitte", "I have an interview at PwC next week", "unrelated"),
    ("My car is a Honda Civic", "Thinking about trading the Civic in for something electric", "unrelated"),
]
#: Misses of main at session 17 (the reason the rules give, for whoever takes them on).
MISSED = [
    ("I live in Bristol", "We finally moved out of Bristol last month, loving Cardiff so far", "contradict"),  # no common claim
    ("I drive a Honda Civic", "Sold the Civic on Saturday, I'm cycling everywhere now", "contradict"),  # no common claim
    ("I work at Deloitte", "Last day at Deloitte was Friday; I start at KPMG on Monday", "contradict"),  # no common claim
    ("I am vegetarian", "I haven't eaten meat in six years", "agree"),  # read as opposites
    ("My birthday is in May", "Sam's birthday is on the 3rd of June", "unrelated"),  # another person's date
    ("My manager is Priya", "Tom's manager is Greg", "unrelated"),  # another person's manager
    ("The meeting is on Monday", "Maybe we should move the meeting to Wednesday?", "unrelated"),  # a suggestion
]


@pytest.fixture(scope="module")
def emb():
    return make_embedder("minilm")


def _read(emb, claim, text, model=None):
    a, b = emb.embed([claim, text])
    c, t, cos = as_first_person(claim), as_first_person(text), float(a @ b)
    if model is None:
        return _stance(c, t, cos).label
    return sf.combine(c, t, cos, _rule_stance(c, t, cos), model).label


@pytest.mark.parametrize("claim,text,want", RIGHT)
def test_everyday_pairs_read_right(emb, claim, text, want):
    assert _read(emb, claim, text) == want


@pytest.mark.parametrize("claim,text,want", MISSED)
@pytest.mark.xfail(strict=True, reason="missed on main at session 17 (tests/test_stance_everyday.py)")
def test_everyday_pairs_missed_today(emb, claim, text, want):
    assert _read(emb, claim, text) == want


def test_the_fitted_model_active_turns_no_right_reading_wrong(emb):
    """Whatever overrides the shipped weights hold or keep inert, switched on they may fix a miss but
    must not break a pair the rules read right."""
    spec = json.loads((Path(sf.__file__).resolve().parents[1] / "data" / "stance_model.json").read_text())
    spec["overrides"] = spec.get("overrides") or spec.get("inert_overrides") or {"unrelated": {"agree": 0.5, "contradict": 0.5}}
    model = sf.StanceModel(spec)
    broken = [(c, t) for c, t, want in RIGHT if _read(emb, c, t, model) != want]
    assert not broken
