"""Session 24 (issue 12): a memory that says two things ("X, and Y") and a newer memory that changes only one of them
leaves it in use for a request about the other part ("elsewhere" in ``rules.rule_candidates``). A newer memory that
names no part of the older one (it says the whole thing anew: "a heat pump instead") or gives a value of the very kind
the request asks for ("how much ...?": "42 a month now") changed what is asked, so the older one is superseded.

Written for this file in everyday wording; none of it comes from a case file. Both sides each time.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from memwarden.governance.features import MemoryInput, embed_joint, features
from memwarden.governance.policy import MemoryView, classify
from memwarden.providers.embedder import default_embedder

T0 = datetime(2025, 5, 2, 8, 0, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def emb():  # type: ignore[no-untyped-def]
    return default_embedder()


def _mems(older: str, newer: str) -> list[MemoryView]:
    return [MemoryView(id="old", text=older, speaker="user", time=T0),
            MemoryView(id="new", text=newer, speaker="user", time=T0 + timedelta(days=40))]


def _policy(emb, older: str, newer: str, request: str) -> str:  # type: ignore[no-untyped-def]
    return classify(emb, request, [], _mems(older, newer))[0].policy


def _row(emb, older: str, newer: str, request: str) -> dict:  # type: ignore[no-untyped-def]
    mems = [MemoryInput(text=older, speaker="user", time=T0), MemoryInput(text=newer, speaker="user", time=T0 + timedelta(days=40))]
    return features(embed_joint(emb, request, [], mems))[0]


def test_a_new_amount_for_an_amount_asked_supersedes(emb) -> None:  # type: ignore[no-untyped-def]
    older = "broadband is with Skyline Fibre, 28 quid a month"
    newer = "moved over to Brightwave, 42 quid a month but way faster"
    assert _row(emb, older, newer, "how much am I paying for broadband each month?")["newer_whole"] == 1.0
    assert _policy(emb, older, newer, "how much am I paying for broadband each month?") == "superseded"


def test_a_thing_said_anew_in_other_words_supersedes(emb) -> None:  # type: ignore[no-untyped-def]
    older = "the user: a log burner in the lounge, fed off the old chimney"
    newer = "the user: air source heat pump instead, fitted by the gable wall"
    assert _row(emb, older, newer, "how are we heating the lounge?")["newer_whole"] == 1.0


def test_a_change_to_the_other_part_leaves_the_asked_part_in_use(emb) -> None:  # type: ignore[no-untyped-def]
    # the appointment moved; the request asks the address, which still stands
    older = "the optician is on Castle Street, eye test booked monday 2pm"
    newer = "optician rang, they've pushed me to thursday 9am"
    request = "what's the optician's address on Castle Street, I need the postcode"
    assert _row(emb, older, newer, request)["newer_whole"] == 0.0
    assert _policy(emb, older, newer, request) == "use"


def test_another_part_changed_with_no_value_asked_stays_in_use(emb) -> None:  # type: ignore[no-untyped-def]
    # the arrangement ended, but the request asks about the time it held (the money it gave is no new value asked)
    older = "van share with Priti on fridays, she drives, I pay for the diesel"
    newer = "Priti's moved away, I take the works bus now"
    request = "how much did I spend on diesel for the van share in spring?"
    assert _row(emb, older, newer, request)["newer_whole"] == 0.0
    assert _policy(emb, older, newer, request) == "use"


# A change whose verb takes a thing the older memory does not name ("moved my savings", "shifted us all") but that names
# the older memory's thing as the new one ("... a new building society", "new desk's by the window") is aimed at it; a
# verb of change used as a noun ("after the move") takes no thing.
AIMED_ANEW = [
    ("my building society is Northgate Mutual", "moved my savings over to a new building society, Harbourline"),
    ("my desk is number 12 on the second floor", "they shifted us all downstairs, new desk's 40 by the window"),
    ("the gym fob code is 3390", "got a new fob code after the move, it's 5521 now"),
]
NOT_AIMED = [
    ("Grandad's birthday is 9 November", "Grandad moved his pension to a new provider"),
    ("my wages go into my Starling account", "I moved my premium bonds over to NS&I, new account number and everything"),
]


@pytest.mark.parametrize("old,new", AIMED_ANEW)
def test_a_change_naming_the_thing_anew_is_aimed_at_it(old: str, new: str) -> None:
    from memwarden.governance.facts import memory_facts
    from memwarden.governance.target import aims_at
    assert aims_at(memory_facts(old), memory_facts(new), new, old)


@pytest.mark.parametrize("old,new", NOT_AIMED)
def test_a_change_naming_another_thing_anew_is_not_aimed_at_it(old: str, new: str) -> None:
    from memwarden.governance.facts import memory_facts
    from memwarden.governance.target import aims_at
    assert not aims_at(memory_facts(old), memory_facts(new), new, old)


def test_a_new_thing_of_the_same_kind_supersedes_the_old_one(emb) -> None:  # type: ignore[no-untyped-def]
    older, newer = "my building society is Northgate Mutual", "moved my savings over to a new building society, Harbourline"
    assert _policy(emb, older, newer, "which building society are my savings with?") == "superseded"
