"""The claim gate's number anchor (claims/gate_cues.py ``counts``): "one" standing for a noun ("a cute one",
"the station one had ...") is no number, so it no longer anchors a reaction; "one" counting something keeps
its anchor. Every sentence here was written for these tests, in wordings of none of the eval sets."""

from __future__ import annotations

import pytest

from memwarden.claims import gate, gate_cues as C

#: "one" standing for a noun: no number said
PRONOUNS = ["what a sweet one", "the corner one had mould on the ceiling", "the one with the red door",
            "a cold one today", "that one is broken", "the blue one was cheaper", "which one is it",
            "the second one, obviously", "a loud one tonight", "each one was signed"]

#: ordinary sentences counting with "one" or another number: the anchor must stay (the misfire list)
COUNTS = ["I have one brother", "we only have one car", "one of the twins has asthma", "we rent a one-bed in Hove",
          "she takes one tablet a day", "I can cook exactly one thing", "one more week of physio",
          "the lease has one year left", "one kid at nursery, one at school", "I get one day off a week",
          "he's one of the managers", "there's one bus an hour", "my one-year contract ends soon",
          "we need one big table for the party", "one day I'll retire to Cornwall", "no one else drives it",
          "I'd like one with a garden", "the big one broke", "she's one of three kids", "I work one Saturday a month",
          "book one room, not two", "the first 3 are free", "slow one", "cold one today"]


@pytest.mark.parametrize("text", PRONOUNS)
def test_a_pronoun_one_is_no_number(text: str) -> None:
    assert not C.counts(text)
    assert gate.features(text)["number"] == 0.0


@pytest.mark.parametrize("text", COUNTS)
def test_a_counting_one_keeps_its_number(text: str) -> None:
    assert C.counts(text)
    assert gate.features(text)["number"] == 1.0


def test_a_reaction_resting_on_a_pronoun_one_is_dropped_as_a_reply() -> None:
    """End to end: "the corner one had mould lol" after the assistant's statement was kept only by its "one"."""
    from datetime import datetime, timezone

    from memwarden.claims.rules import RuleExtractor
    from memwarden.models import Turn

    now = datetime(2026, 3, 4, 10, tzinfo=timezone.utc)
    turns = [Turn(role="assistant", content="Noted: viewing on Saturday at 11.", index=0, timestamp=now),
             Turn(role="user", content="she's a terror but a sweet one", index=1, timestamp=now)]
    res = RuleExtractor().extract(turns, now=now)
    assert not [c for c in res.claims if 1 in c.turn_indexes and not c.claim.echo]
