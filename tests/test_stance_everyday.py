"""The verdict's stance (rules + fitted second opinion) on everyday claim / memory pairs written for
session 17 (branch s17-stance; no eval set's wording): a change said in other words, agreement said
in other words, a compatible detail, a different person's value, a plan against a fact. Session 18
(branch s18-stance) adds a second set of its own (``RIGHT_S18`` / ``MISSED_S18``, none of session 17's
wording): a new price, day, time or employer said in other words, the same thing's other time or price,
another person's or thing's value, a plan, a suggestion or a thought against a fact.

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
RIGHT_S18 = [
    # a change said in other words
    ("My rent is £950 a month", "Landlord put it up, I'm paying £1,020 from next month", "contradict"),
    ("The book club meets on Thursdays", "Book club has switched to Wednesdays now", "contradict"),
    ("My flight lands at 7:15", "Delayed again, now landing at 9:40", "contradict"),
    # agreement said in other words
    ("The boiler has been repaired", "The engineer came round and the boiler's working again", "agree"),
    # a compatible detail: the same thing's other time, place or price, not a change of the claim's
    ("My rent is £950 a month", "Paid the rent a day late this month, oops", "unrelated"),
    ("I work at Tesco", "There was a power cut at Tesco today, total chaos", "unrelated"),
    ("The book club meets on Thursdays", "We're reading Middlemarch for book club", "unrelated"),
    ("My flight lands at 7:15", "The flight leaves from gate 22", "unrelated"),
    ("The meeting is at 2pm", "The meeting dragged on until 4pm, exhausting", "unrelated"),
    ("My train is at 8:05", "Got to the station at 7:50, plenty of time", "unrelated"),
    # another person's or thing's value
    ("My rent is £950 a month", "My sister's rent is £1,300", "unrelated"),
    ("I work at Tesco", "My husband works at Sainsbury's", "unrelated"),
    ("My flight lands at 7:15", "Mum's flight lands at 10:30", "unrelated"),
    ("My son is 12", "My daughter turned 9 last week", "unrelated"),
    ("I pay £12 a month for Netflix", "Spotify just went up to £11.99", "unrelated"),
    # a plan or a thought against a fact
    ("I work at Tesco", "Might apply to Aldi if nothing changes", "unrelated"),
    ("My rent is £950 a month", "If they raise it to £1,100 we'll move out", "unrelated"),
    ("I live in Norwich", "Thinking of moving to Ipswich at some point", "unrelated"),
    ("My car is a Ford Focus", "Test drove a Kia Niro yesterday, tempting", "unrelated"),
]
#: Misses of main at session 18 (8fd66d5), with what the rules read.
MISSED_S18 = [
    ("I work at Tesco", "Handed in my notice at Tesco, I start at Aldi next week", "contradict"),  # unrelated
    ("The parcel arrives on Monday", "Tracking says it's coming Wednesday instead", "contradict"),  # unrelated
    ("My son passed his driving test", "My son passed first time, he's driving himself to college now", "agree"),  # contradict
    ("The book club meets on Thursdays", "Someone suggested moving book club to Mondays", "unrelated"),  # contradict
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


@pytest.mark.parametrize("claim,text,want", RIGHT + RIGHT_S18)
def test_everyday_pairs_read_right(emb, claim, text, want):
    assert _read(emb, claim, text) == want


@pytest.mark.parametrize("claim,text,want", MISSED + MISSED_S18)
@pytest.mark.xfail(strict=True, reason="missed on main at session 17 or 18 (tests/test_stance_everyday.py)")
def test_everyday_pairs_missed_today(emb, claim, text, want):
    assert _read(emb, claim, text) == want


def test_the_fitted_model_active_turns_no_right_reading_wrong(emb):
    """Whatever overrides the shipped weights hold or keep inert, switched on they may fix a miss but
    must not break a pair the rules read right."""
    spec = json.loads((Path(sf.__file__).resolve().parents[1] / "data" / "stance_model.json").read_text())
    spec["overrides"] = spec.get("overrides") or spec.get("inert_overrides") or {"unrelated": {"agree": 0.5, "contradict": 0.5}}
    model = sf.StanceModel(spec)
    broken = [(c, t) for c, t, want in RIGHT + RIGHT_S18 if _read(emb, c, t, model) != want]
    assert not broken
