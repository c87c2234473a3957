"""Session 12 (s12-policy2): a memory stored as said reads its own frame when no claim carries one ("I'm pretty
sure ...", "i'm like 90% sure ...", "I'm convinced ..."): the speaker holds a view, and what it frames is the
proposition, so a view about how things work is not anchored as the user's own affairs by the "I'm" of its frame.
Wording written for these tests, none of it from an eval set; the misfire lists are ordinary sentences the frame
must not read as a view, or views about the user's own affairs that must stay personal."""

from __future__ import annotations

import pytest

from test_governance_kinds_s6 import emb  # noqa: F401 - the module's embedder fixture

from memwarden.governance.facts import memory_facts, read_frame
from memwarden.governance.policy import MemoryView, classify


@pytest.mark.parametrize("text, rest", [
    ("I'm pretty sure the ferry doesn't run on bank holidays", "the ferry doesn't run on bank holidays"),
    ("tbh i'm like 90% sure you can't recycle pizza boxes", "you can't recycle pizza boxes"),
    ("I'm fairly certain that a bay leaf does nothing to a stew", "a bay leaf does nothing to a stew"),
    ("honestly I'm convinced the self-checkouts are rigged to beep", "the self-checkouts are rigged to beep"),
    ("I am 100% positive it's illegal to drive barefoot", "it's illegal to drive barefoot"),
    ("I reckon most plants die from too much water", "most plants die from too much water"),
])
def test_a_stated_view_is_framed(text: str, rest: str) -> None:
    assert read_frame(text) == ("hedged", rest)
    f = memory_facts(text)
    assert f.held_view and f.world_claim


# Ordinary sentences with a word of certainty or a hedge that frame no view: no firmness is read from them.
NOT_FRAMES = [
    "I'm positive for covid again, second time this year",
    "I'm confident presenting to big rooms now",
    "I'm sure-footed on ladders, I do the gutters myself",
    "probably going to Lisbon in May",
    "maybe moving the book club to Thursdays",
    "perhaps the best pizza in town is at Franco's",
    "I'm certainly coming to the barbecue",
    "I'm not sure about the blue sofa anymore",
    "I'm sure of one thing, I'm not going back to that gym",
    "I'm so confident in my new manager",
    "I am certain to be late on Fridays now",
    "I'm convinced by the physio's new plan",
    "I heard back from the landlord, the rent stays the same",
    "I was told off by my boss for being late",
    "I read on the train every morning now",
    "I think so",
    "Pretty sure.",
    "surely the quiz is on Wednesday this week",
]


@pytest.mark.parametrize("text", NOT_FRAMES)
def test_no_frame_misread(text: str) -> None:
    assert read_frame(text) == (None, text)


# A view framed as one, but about the user's own affairs: it stays personal, no claim about the world.
OWN_AFFAIRS = [
    "I'm pretty sure my passport runs out in March",
    "I guess I'll go with the red one for the hallway",
    "I'm fairly sure I left my charger at my sister's",
    "I think I'd rather drive than take the coach",
    "I'm certain that my landlord never fixed the boiler",
]


@pytest.mark.parametrize("text", OWN_AFFAIRS)
def test_own_affairs_view_stays_personal(text: str) -> None:
    assert read_frame(text)[0] == "hedged"
    assert not memory_facts(text).world_claim


def _policy(emb, text: str, query: str) -> str:  # type: ignore[no-untyped-def]
    return classify(emb, query, [], [MemoryView(id="m", text=text, speaker="user")])[0].policy


def test_a_framed_view_is_no_evidence_on_how_things_work(emb) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, "I'm pretty sure you can't refreeze bread once it's thawed",
                   "can I put thawed bread back in the freezer?") == "ignore_as_evidence"


@pytest.mark.parametrize("text, query", [
    ("I'm pretty sure my passport runs out in March", "when do I need to renew my passport?"),
    ("I guess I'll go with the red one for the hallway", "which paint did I pick for the hallway?"),
])
def test_a_framed_view_of_own_affairs_is_used(emb, text: str, query: str) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, text, query) == "use"
