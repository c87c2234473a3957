"""Session 12 (branch s12-verdict2): the fitted stance may overrule the rules' "unrelated" with
"contradict" only where the memory offers a competing value for what the claim states (another value
of a kind the claim states, a change, a negation, an opposite status, another name), never where it
holds no value of the claim's kind (``trust/stance_fitted.COMPETING``).

A code-blind reviewer found the first three: one ordinary later remark on the claim's topic became
the deciding contradiction. The rest were written for this test in everyday wording, with no eval
set's content: a first-hand statement of the claim's fact, then a later remark on the same topic
that neither repeats nor changes it. The verdict must never be FALSE.
"""

from datetime import datetime, timezone

import numpy as np
import pytest

from memwarden.trust import stance_fitted as sf
from test_misfire_s12_verdict import mem  # noqa: F401  (one in-memory store, shared fixture)
from said_then_verdict import verdict_after

#: (what the user said first, a later remark on the same topic, the claim).
ON_TOPIC_SETTLING_NOTHING = [
    # the reviewer's three
    ("I drive a 2015 Honda Civic", "took the car in for an oil change, it cost $60", "The user drives a Honda Civic."),
    ("I live in Leeds", "found a lovely café near campus", "The user lives in Leeds."),
    ("I love hiking", "bought new trail boots", "The user goes skiing every winter."),
    # our own
    ("I work as a nurse at the children's hospital", "night shifts are brutal this month, so tired",
     "The user works as a nurse."),
    ("my daughter is seven", "she had a sleepover at a friend's house on Friday", "The user's daughter is seven."),
    ("I'm vegetarian", "tried a new lentil curry recipe last night, it was great", "The user is vegetarian."),
    ("we have a golden retriever called Biscuit", "the vet said he needs to lose a bit of weight",
     "The user has a golden retriever."),
    ("I take the 8:05 train to work", "the carriage was freezing this morning", "The user takes the 8:05 train."),
    ("I play the cello in an amateur orchestra", "rehearsal ran late again, we're doing Elgar",
     "The user plays the cello."),
    ("my rent is 1,100 a month", "the landlord is sending someone to look at the boiler",
     "The user's rent is 1,100 a month."),
    ("I'm allergic to peanuts", "always check the labels at the supermarket, takes forever",
     "The user is allergic to peanuts."),
    ("I support Celtic", "what a game on Saturday, the atmosphere was unreal", "The user supports Celtic."),
    ("my wife teaches maths at the secondary school", "she's marking exam papers all weekend",
     "The user's wife teaches maths."),
    ("I go swimming on Tuesday evenings", "the pool was packed with a school group tonight",
     "The user goes swimming on Tuesdays."),
    ("I use a MacBook Air for work", "the battery is draining faster than it used to",
     "The user uses a MacBook Air."),
    ("my mum lives in Bristol", "called mum for an hour, she's been gardening a lot",
     "The user's mother lives in Bristol."),
    ("I'm learning Spanish on Duolingo", "finally got past the past tense unit, so hard",
     "The user is learning Spanish."),
    ("I cycle to the office", "got a puncture on the way in, had to walk the last bit",
     "The user cycles to work."),
    ("we're renovating the kitchen", "the tiles we ordered arrived today, they look nice",
     "The user is renovating the kitchen."),
    ("my son is at university in Glasgow", "he rang asking for money again, typical student",
     "The user's son studies in Glasgow."),
    ("I'm a night owl, I usually go to bed around 2am", "watched a documentary about owls yesterday",
     "The user goes to bed around 2am."),
    # a later remark holding a value of another kind, or a name, on the claim's thing
    ("I drive a Toyota Yaris", "the Yaris needed two new tyres, 240 quid", "The user drives a Toyota Yaris."),
    pytest.param("my gym membership is 35 a month", "went to the gym at 7am, it was empty",
                 "The user's gym membership is 35 a month.", marks=pytest.mark.xfail(strict=True, reason=(
                     "the rules' own misfire on main (numbers differ, 35 vs 7:00: amount against clock time) and the "
                     "later remark superseding the support: not the fitted override (found session 12, left alone)"))),
    ("I work from home on Fridays", "team lunch is at 12:30 at the pub this Friday", "The user works from home on Fridays."),
    ("my daughter's birthday is 14 May", "bought her a bike for 120 pounds", "The user's daughter's birthday is 14 May."),
    ("I pay 12 a month for Netflix", "watched three episodes of that baking show last night",
     "The user pays 12 a month for Netflix."),
    ("our flat is on the 3rd floor", "the lift broke on Tuesday, had to carry 4 bags of shopping up",
     "The user's flat is on the 3rd floor."),
    ("I run 5k every Sunday", "ran in the rain this Sunday, took me 28 minutes", "The user runs 5k every Sunday."),
    ("my son is 12", "he's got a school trip on the 9th, it costs 45 pounds", "The user's son is 12."),
    ("I start work at 9", "traffic was awful, took 50 minutes to get in", "The user starts work at 9."),
    ("I take 50mg of sertraline", "picked up my prescription at Boots on Monday", "The user takes 50mg of sertraline."),
    ("I live at 14 Elm Road", "the bins get collected on Thursday mornings here", "The user lives at 14 Elm Road."),
    ("my sister lives in Dublin", "flew out to see my sister last weekend, Ryanair was 80 euros",
     "The user's sister lives in Dublin."),
]


@pytest.mark.parametrize("first,later,claim", ON_TOPIC_SETTLING_NOTHING)
def test_the_verdict_is_not_false(mem, first, later, claim):
    verdict, why = verdict_after(mem, [first, later], claim, datetime(2026, 3, 4, 9, tzinfo=timezone.utc), 3, 1)
    assert verdict != "FALSE", why


def _row(**on: float) -> np.ndarray:
    return np.asarray([float(on.get(n, 0)) for n in sf.FEATURES])


def test_the_guard_reads_a_competing_value():
    """The guard is not a blanket veto: another value of the claim's kind, an outright change, a
    reversed polarity or status, another name, or a value said about the claim's own thing still let
    the model's "contradict" through (read from the features alone)."""
    for entry in sf.COMPETING:
        assert sf.competing(_row(cosine=0.6, **{n: 1 for n in entry.split("+")})), entry


def test_a_value_or_change_word_off_the_claims_thing_is_no_competing_value():
    """A price, a date or a "new" in a remark sharing no content word with the claim, values of
    another kind ("35" against "7am"), a status word on one side only: none is a competing value."""
    assert not sf.competing(_row(cosine=0.6, vals_text=1, vals_conflict=1, update_text=1, status_text=1, len_text=0.3))
    assert not sf.competing(_row(cosine=0.6, shared_of_claim=0.5, update_text=1))
    assert not sf.competing(_row(cosine=0.6, proper_claim_only=0.67, kind_shared=1))
