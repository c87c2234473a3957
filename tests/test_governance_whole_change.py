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
