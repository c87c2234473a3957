"""A claim about the present against a later change said in other terms (session 10, issue 11):
"X still ..." / "the user currently ..." is FALSE once the same party later says something changed,
even in words the claim does not use; the same claim without "still" / "now", a change by someone
else, and a later statement that changes nothing leave the earlier support standing. Own topics
and wording, none from an evaluation set."""

import pytest

from test_trust_verdict_matter import _verdict  # (speaker, text, ISO time) memories -> the verdict's label


FIRST = ("user", "I coach the under-11 netball team on Saturday mornings", "2026-01-10T10:00:00")
CHANGE = ("user", "handed the squad over to Imogen, I'm doing the fixtures admin now", "2026-05-02T10:00:00")


def test_a_later_change_by_the_same_party_makes_a_claim_about_now_false():
    assert _verdict([FIRST], "The user still coaches the under-11 netball team.") == "TRUE"
    assert _verdict([FIRST, CHANGE], "The user still coaches the under-11 netball team.") == "FALSE"


def test_a_named_subject_changed_by_pronoun():
    first = ("user", "Grandad Ted takes amlodipine every morning for his blood pressure", "2026-01-10T10:00:00")
    change = ("user", "the GP stopped that pill, he's on ramipril now instead", "2026-04-02T10:00:00")
    assert _verdict([first, change], "Grandad Ted still takes amlodipine.") == "FALSE"


def test_a_later_statement_that_changes_nothing_leaves_the_claim_true():
    same = ("user", "netball went well today, the girls played brilliantly", "2026-05-02T10:00:00")
    assert _verdict([FIRST, same], "The user still coaches the under-11 netball team.") == "TRUE"


def test_a_change_by_someone_else_does_not_count_for_the_user():
    other = ("Priya", "I'm doing the club's fixtures admin now", "2026-05-02T10:00:00")
    assert _verdict([FIRST, other], "The user still coaches the under-11 netball team.") == "TRUE"


# -- a change must be tied to the claim's matter, not merely said later by the same party -------------

PILL = ("user", "I take levothyroxine every morning for my thyroid", "2026-01-10T10:00:00")


@pytest.mark.parametrize("later", [
    "I switched to a treadmill desk in the office now",
    "I've started going to pottery classes now",
    "I moved to the top-floor flat now",
])
def test_an_unrelated_later_change_by_the_same_party_leaves_the_claim_true(later):
    assert _verdict([PILL, ("user", later, "2026-04-02T10:00:00")], "The user still takes levothyroxine.") == "TRUE"


@pytest.mark.parametrize("later", [
    "the endocrinologist took me off that, I'm on liothyronine now",   # points back at what it replaces
    "no more levothyroxine for me, I'm on liothyronine now",           # shares the claim's word
])
def test_a_later_change_tied_to_the_claim_still_makes_it_false(later):
    assert _verdict([PILL, ("user", later, "2026-04-02T10:00:00")], "The user still takes levothyroxine.") == "FALSE"


def test_a_shift_swapped_without_a_shared_word_still_counts():
    first = ("user", "I'm on the late shift at the sorting office", "2026-01-10T10:00:00")
    change = ("user", "they've moved me onto days from march", "2026-04-02T10:00:00")
    assert _verdict([first, change], "The user currently works the late shift.") == "FALSE"


def test_a_later_value_of_the_claims_kind_ties_the_change_without_a_shared_word():
    first = ("user", "Grandpa's physio is Tuesdays, the 9:30 slot at the Riverside clinic", "2026-01-10T10:00:00")
    change = ("user", "clinic rang, from next month they're putting him on Thursdays at 4 pm", "2026-04-02T10:00:00")
    assert _verdict([first, change], "Grandpa's physio is still at 9:30 in the morning.") == "FALSE"
