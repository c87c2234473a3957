"""Session 15: the policy layer refitted on thirty-one development authors (each memory the same weight) must
not misfire on everyday memories. Pairs written for this file, in wording no case file uses: an older memory
that still holds beside a newer one that changes something else (it must not be superseded), the user's own
taste for the user's own request (use), and a few of each other policy. Known misses of the layer (the shipped
one before the refit too) are marked xfail(strict), so a layer that fixes them says so."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.governance.layer import shipped_layer
from memwarden.governance.policy import MemoryView, classify
from memwarden.providers.embedder import default_embedder


@pytest.fixture(scope="module")
def emb():  # type: ignore[no-untyped-def]
    return default_embedder()


def _t(day: int) -> datetime:
    return datetime(2026, 3, day, 9, 0, tzinfo=timezone.utc)


def _first(emb, query: str, texts: list[str], evidence: list[str] | None = None) -> str:  # type: ignore[no-untyped-def]
    views = [MemoryView(id=f"m{i}", text=t, speaker="user", time=_t(i + 1)) for i, t in enumerate(texts)]
    return classify(emb, query, evidence or [], views)[0].policy


# (request, older memory that still holds, newer memory that changes something else)
STILL_HOLDS = [
    ("what's my sister's birthday?", "my sister's birthday is on 3 May", "my sister changed jobs, she's at the council now"),
    ("which supermarket do i shop at?", "i do my weekly shop at Lidl", "i've switched my bank to Monzo"),
    ("what time do i start work?", "i start work at 8:30", "switched my commute to the bus since the car broke"),
    ("when is my dentist check-up?", "dentist check-up is on 12 June at 4pm", "i changed my GP surgery to the one on Hill Street"),
    ("what's my car's registration?", "my car reg is KX19 ABC", "we've moved the car to the garage round the back now"),
    ("what's the wifi password at home?", "home wifi password is bluefinch42", "we switched our electricity supplier last week"),
    ("which train do i get to work?", "i get the 7:52 to Victoria", "work moved my desk to the fourth floor"),
    ("what do i drink in the evenings?", "i have a chamomile tea before bed", "i swapped my morning coffee for green tea"),
    ("what's my blood type?", "i'm O negative", "i've started giving blood at the new centre in town"),
    ("what's my daughter's school?", "Maya goes to Greenfield Primary", "Maya's swimming lessons moved to saturdays"),
    ("what's my favourite band?", "my favourite band is Elbow", "i've switched to Spotify from Apple Music"),
    ("where do i park at work?", "i park in the multi-storey on King Street", "my office hours changed to 10 till 6"),
    ("which gym am i a member of?", "i'm a member at PureGym on the ring road", "i now do yoga on sunday mornings instead of running"),
    ("what's my manager's name?", "my manager is Priya", "our team moved to the new building in march"),
]
# The layer supersedes these: a change verb near the older memory's thing (the first three before and after session
# 15's refit; the shoe size since session 28's).
STILL_HOLDS_MISSED = [
    ("what's my dog's name?", "our dog is called Biscuit", "we moved the dog's bed into the kitchen"),
    ("where do my parents live?", "my parents live in Harrogate", "my brother has moved to Glasgow now"),
    ("how do i take my coffee?", "i take my coffee with oat milk", "we changed to a new coffee machine at the office"),
    # session 28's layer (meaning features, chosen on BUILD and counted on CHECK 61-97: +59 / -18): 0.89 sure of
    # superseded where the rules say another topic (newer_sim 0.33 < 0.35 with a change stated); no margin keeps
    # it without losing BUILD
    ("what size shoes do i take?", "i'm a size 9 in trainers", "i've moved to a new running club on thursdays"),
]


@pytest.mark.parametrize(("query", "old", "new"), STILL_HOLDS)
def test_a_newer_change_of_something_else_does_not_supersede(emb, query: str, old: str, new: str) -> None:  # type: ignore[no-untyped-def]
    assert _first(emb, query, [old, new]) != "superseded"


@pytest.mark.xfail(strict=True, reason="known miss: a change verb about a thing the older memory names")
@pytest.mark.parametrize(("query", "old", "new"), STILL_HOLDS_MISSED)
def test_known_misses_a_change_of_something_near(emb, query: str, old: str, new: str) -> None:  # type: ignore[no-untyped-def]
    assert _first(emb, query, [old, new]) != "superseded"


OWN_REQUEST = [
    ("recommend a film for me to watch tonight", "i love slow-burn thrillers"),
    ("what should i cook for my lunch today?", "i'm vegetarian, have been for years"),
    ("pick a running route for my saturday morning", "my knee hates downhill stretches"),
    ("suggest a book for my holiday", "i read mostly historical fiction"),
    ("which coffee should i get at the station?", "i take my coffee black, no sugar"),
    ("help me choose a laptop bag", "i cycle to work so i need things that go on my back"),
]


@pytest.mark.parametrize(("query", "memory"), OWN_REQUEST)
def test_own_taste_for_own_request_is_used(emb, query: str, memory: str) -> None:  # type: ignore[no-untyped-def]
    assert _first(emb, query, [memory]) == "use"


def test_the_other_policies_on_everyday_wording(emb) -> None:  # type: ignore[no-untyped-def]
    assert _first(emb, "what's my gym schedule?", ["i go to the gym mondays and wednesdays",
                                                   "changed my gym days to tuesdays and fridays"]) == "superseded"
    assert _first(emb, "suggest snacks for the team's away day, about twenty of us",
                  ["personally i avoid anything with nuts, they make me queasy"]) == "constrain_to_scope"
    assert _first(emb, "write a welcome email to the new volunteers at the food bank",
                  ["i like my messages full of emojis"]) == "constrain_to_scope"
    assert _first(emb, "does cracking your knuckles cause arthritis?",
                  ["i think cracking knuckles gives you arthritis"]) == "ignore_as_evidence"
    assert _first(emb, "book me a train to york on saturday", ["i always take the 8am train to york"],
                  ["Notice: the 08:00 service to York does not run on Saturdays during engineering works."]) == "defer_to_evidence"


def test_the_shipped_layer_records_its_fit() -> None:
    meta = shipped_layer().meta
    assert meta["weighting"] in ("author", "sqrt", "item") and meta["n"] > 2000
