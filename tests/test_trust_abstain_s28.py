"""Session 28: what a yes/no question's predicate must have spoken of (trust/polar.py ``_needed``).

A time adjunct of a habit or of the present ("at the moment", "on Sundays", "in the mornings"), an indefinite pronoun
("anything", "anyone") and, for an event asked with "still", the verb saying that it occurs ("still happening", "still
going ahead") are no part of the predicate a memory has to mention: a memory of the predicate, or of the event, answers yes or no. Each case is a
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
    ("is the Saturday car boot still going ahead?", []),
    # after review: a day, a week or a year may be the point ("is the fete happening this year?"), and an occurrence
    # verb without "still" asks what happened
    ("is the Saturday car boot going ahead this week?", ["ahead", "week"]),
    ("did anything happen at the quiz night?", ["happen", "quiz", "night"]),
    ("did I go ahead with the loft conversion?", ["ahead", "loft", "conversion"]),  # a person's decision, not an event
    ("am I still coaching the juniors on Sundays?", ["coaching", "juniors"]),
    ("do we owe the window cleaner anything right now?", ["owe", "window", "cleaner"]),
    ("is anyone collecting the parcel in the mornings?", ["collecting", "parcel"]),
    ("is anyone collecting the parcel in the morning?", ["collecting", "parcel", "morning"]),  # one morning: the point
    ("have I had any migraines lately?", ["migraines", "lately"]),  # after review: when, like "recently"
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
    # after review: a day asked about is the point of the question
    (["I work on the tills at the garden centre, mostly weekends"], "am I working at the garden centre tomorrow?", True),
    (["quiz night at the Crown is on the 14th, starts at 8"], "did anything happen at the quiz night?", True),
])
def test_polar_questions_answered_without_their_adjuncts(turns, query, abstains):
    check(turns, query, abstains)


@pytest.mark.xfail(strict=True, reason="known miss after review: 'lately' is kept as a word to speak of, because "
                   "'recently' asks when ('have I been to the dentist recently?' over 'my dentist is on Park Lane')")
def test_lately_over_a_count_since_a_change():
    check(["two migraines since the new glasses, both at work"], "have I had any migraines lately?", False)
