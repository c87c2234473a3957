"""Session 20: a newer memory supersedes an older one only on the same matter (one holder, one thing, a change
made, not planned), and a notice of change defers a memory only when it speaks of the memory's own item.
Pairs written for this file in everyday wording."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.governance.features import facts_of
from memwarden.governance.joint import MemoryInput
from memwarden.governance.matter import holders_differ, same_item, same_thing, tentative
from memwarden.governance.policy import MemoryView, classify
from memwarden.providers.embedder import default_embedder


@pytest.fixture(scope="module")
def emb():  # type: ignore[no-untyped-def]
    return default_embedder()


def _t(day: int) -> datetime:
    return datetime(2026, 3, day, 9, 0, tzinfo=timezone.utc)


def _older_policy(emb, query: str, old: str, new: str) -> str:  # type: ignore[no-untyped-def]
    views = [MemoryView(id="old", text=old, speaker="user", time=_t(1)), MemoryView(id="new", text=new, speaker="user", time=_t(2))]
    return classify(emb, query, [], views)[0].policy


def _facts(text: str):  # type: ignore[no-untyped-def]
    return facts_of(MemoryInput(text=text, speaker="user"))


# --- the gate's parts ---------------------------------------------------------------------------

def test_holders_differ_for_a_relative_and_the_user() -> None:
    assert holders_differ(_facts("I swim at the lido on sundays"), _facts("my mum has switched to the indoor pool"))
    assert not holders_differ(_facts("I swim at the lido on sundays"), _facts("I've switched to the indoor pool"))


def test_a_plan_or_a_thought_is_no_change_made() -> None:
    assert tentative("thinking of moving my savings to a different bank")
    assert tentative("might give the early train a go next month")
    assert not tentative("moved my savings to a different bank last week")
    assert not tentative("was thinking about it for ages and finally switched my savings over")


def test_the_same_thing_needs_a_thing_in_common() -> None:
    old, new = "I take sugar in my tea", "cut the sugar out of my tea completely"
    assert same_thing(_facts(old), old, _facts(new), new)
    old, new = "I take sugar in my tea", "started a pottery course on wednesdays"
    assert not same_thing(_facts(old), old, _facts(new), new)


def test_a_notice_must_speak_of_the_memorys_own_item() -> None:
    assert same_item("my car's MOT is due at Kwik Fit on the 3rd", "Kwik Fit: your MOT booking has moved to the 5th.")
    assert not same_item("I catch the number 12 bus from Elm Park", "Notice: the number 40 from Riverside is diverted next week.")
    assert not same_item("I fly to Porto on the Ryanair flight", "Airline notice: the Easyjet flight to Nice is cancelled.")
    # no name of its own on one side: only a positive sign of another item counts
    assert same_item("the bins go out on monday nights", "Council notice: all collections move one day later next week.")


# --- the policies ----------------------------------------------------------------------------------

SUPERSEDED = [
    ("what do I put in my tea?", "I take sugar in my tea", "cut the sugar out of my tea completely now"),
    ("which dentist do I go to?", "my dentist is Dr Patel at Bridge Street", "I've moved to a new dentist near work, Bridge Street was too far"),
]
STANDS = [
    # another person's change of the same kind of thing
    ("which bank am I with?", "I bank with Halifax", "my husband switched his account to Starling"),
    # a plan, not a change made
    ("which bank am I with?", "my current account is with Halifax", "thinking about moving my current account to Starling"),
    # the same person's news on another matter
    ("what do I put in my tea?", "I take sugar in my tea", "switched my broadband to Virgin"),
    ("where do I work?", "I work at the Manchester office", "started learning to swim on saturdays"),
]


@pytest.mark.parametrize(("query", "old", "new"), SUPERSEDED)
def test_a_change_of_the_same_matter_supersedes(emb, query: str, old: str, new: str) -> None:  # type: ignore[no-untyped-def]
    assert _older_policy(emb, query, old, new) == "superseded"


@pytest.mark.parametrize(("query", "old", "new"), STANDS)
def test_a_change_of_another_matter_or_person_or_a_plan_does_not_supersede(emb, query: str, old: str, new: str) -> None:  # type: ignore[no-untyped-def]
    assert _older_policy(emb, query, old, new) != "superseded"


def test_another_persons_switch_does_not_supersede_the_users(emb) -> None:  # type: ignore[no-untyped-def]
    # fails on main: the newer memory states a change close enough to the older one, though it is the brother's
    assert _older_policy(emb, "which gym do I go to?", "I go to the Anytime gym by the retail park",
                         "my brother cancelled his gym membership") == "use"


@pytest.mark.parametrize(("query", "memory", "notice", "want"), [
    ("what time is my train?", "I get the 8:15 train from Reading on weekdays",
     "Rail update: from Monday the 8:15 from Reading will leave at 8:05.", "defer_to_evidence"),
    # fails on main: a notice about another train
    ("what time is my train?", "I get the 8:15 train from Reading on weekdays",
     "Rail update: from Monday the 19:40 from Bristol to Bath will be withdrawn.", "use"),
    ("what time is my flight?", "my flight to Rome leaves at 6:50 on saturday",
     "Airline notice: flight EZ221 to Belfast is delayed by three hours.", "use"),
])
def test_a_notice_defers_only_its_own_item(emb, query: str, memory: str, notice: str, want: str) -> None:  # type: ignore[no-untyped-def]
    views = [MemoryView(id="m", text=memory, speaker="user", time=_t(1))]
    assert classify(emb, query, [notice], views)[0].policy == want
