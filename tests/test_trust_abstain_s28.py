"""Session 28: what a yes/no question's predicate must have spoken of (trust/polar.py ``_needed``).

A time adjunct ("this week", "at the moment", "in the autumn", "on Sundays"), an indefinite pronoun ("anything",
"anyone") and, for an event, the verb saying that it occurs ("still happening", "going ahead") are no part of the
predicate a memory has to mention: a memory of the predicate, or of the event, answers yes or no. Each case is a
pair: the same question abstains when nothing speaks of the rest of the predicate. Wording and topics are this
file's own."""

from datetime import datetime, timezone

import pytest

from memwarden.trust.polar import _needed, polar_parts
from test_trust_abstain_kinds import ask as ask_at, store_at

T0 = datetime(2026, 3, 9, 9, tzinfo=timezone.utc)


def check(turns: list[str], query: str, abstains: bool) -> None:
    res = ask_at(store_at(T0, *turns), query, T0)
    assert res.abstained is abstains, (res.abstain_reason, res.abstain_detail, [h.memory for h in res.results])


@pytest.mark.parametrize(("query", "needed"), [
    ("is the pottery fair still happening?", []),
    ("is the Saturday car boot going ahead this week?", []),
    ("did I go ahead with the loft conversion?", ["ahead", "loft", "conversion"]),  # a person's decision, not an event
    ("am I still coaching the juniors on Sundays?", ["coaching", "juniors"]),
    ("do we owe the window cleaner anything right now?", ["owe", "window", "cleaner"]),
    ("is anyone collecting the parcel in the morning?", ["collecting", "parcel"]),
    ("have I had any migraines lately?", ["migraines"]),
    ("is my left knee swollen at the moment?", []),  # the subject runs to "swollen"; only the time was left
])
def test_time_words_indefinites_and_occurrence_are_not_the_predicate(query, needed):
    assert _needed(polar_parts(query), query) == needed


@pytest.mark.parametrize(("turns", "query", "abstains"), [
    # the event is spoken of (here: cancelled), so whether it happens is answered
    (["the pottery fair at the village hall got cancelled, the roof is leaking"], "is the pottery fair still happening?",
     False),
    # a time adjunct need not be said: coaching the juniors is
    (["I coach the juniors at Meadow Park, it's my fourth season"],
     "am I still coaching the juniors on Sundays?", False),
    (["I take the juniors to Meadow Park for their matches"], "am I still coaching the juniors on Sundays?", True),
    # "anything" stands for the answer; owing the cleaner is spoken of
    (["paid the window cleaner what we owed him, all square now"], "do we owe the window cleaner anything right now?",
     False),
    (["the window cleaner comes every third Tuesday"], "do we owe the window cleaner anything right now?", True),
    # "lately" is when, migraines are what
    (["two migraines since the new glasses, both at work"], "have I had any migraines lately?", False),
])
def test_polar_questions_answered_without_their_adjuncts(turns, query, abstains):
    check(turns, query, abstains)
