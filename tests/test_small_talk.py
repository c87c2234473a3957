"""Small talk told by its structure (claims/small_talk.py): thanks or a reaction to the assistant with
nothing checkable after it, and talk about the weather of the moment, yield no claim; a fact said in the
same breath keeps its claim. Every sentence here was written for these tests."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.claims.rules import RuleExtractor
from memwarden.models import Turn

R = RuleExtractor()
NOW = datetime(2026, 3, 4, 10, tzinfo=timezone.utc)
SAID = "That should keep the seedlings happy until the frost is over."


def claims_of(text: str, prev: str | None = SAID, *, prev_role: str = "assistant") -> list[str]:
    turns = [Turn(role=prev_role, content=prev, index=0, timestamp=NOW)] if prev else []
    turns.append(Turn(role="user", content=text, index=len(turns), timestamp=NOW))
    res = R.extract(turns, now=NOW)
    return [c.text for c in res.claims if len(turns) - 1 in c.turn_indexes and not c.claim.echo]


ACKNOWLEDGED = [
    "thanks so much, what a relief honestly",
    "cheers. right, time to put the kettle on",
    "ta!! gonna need all the luck going",
    "haha amazing, that made my day",
    "thank you, you're a star. back to the grind",
    "brilliant, feeling much calmer about the whole thing now",
]

# a fact after thanks or a laugh keeps its claim
ACKNOWLEDGED_FACTS = [
    "thanks! also my brother is allergic to wasps",
    "cheers, I start at the bakery on Monday",
    "haha yeah the new job at the garden centre starts next week",
    "thank you, btw I moved to Bristol in January",
    "cheers. I walk the dog twice a day anyway",
    "thanks, I don't eat pork",
    "ugh my back, the physio says it's a slipped disc",
    "lol yeah my landlord is Mr Hughes, he's fine",
]

WEATHER = [
    "the weather here has been grim all week",
    "it's absolutely pouring again",
    "what a scorcher today",
    "rain rain rain, been like this all week",
    "the sun's finally out, rained all week",
    "Glasgow rain today was biblical lol",
    "the traffic on the bypass this morning, unreal",
    "today was a day",
]

# a fact beside the weather, or weather planned around, keeps its claim
WEATHER_FACTS = [
    "been pouring for a fortnight here in Cork lol",  # where the user is, beside the rain
    "proper heatwave out here in seville",
    "freezing today, the boiler broke again",
    "it rained so we moved the barbecue to the 21st",
    "rain forecast for the 13th so the party is at my sister's now",
    "I hate the cold, I get chilblains every winter",
    "my weather station says 12 degrees",
    "I work outdoors, so rain is a big deal for me",
    "my commute is an hour each way",
    "the traffic warden fined me £70 today",
]


@pytest.mark.parametrize("text", ACKNOWLEDGED)
def test_thanks_or_a_reaction_with_nothing_checkable_is_no_claim(text: str) -> None:
    assert claims_of(text) == []


@pytest.mark.parametrize("text", ACKNOWLEDGED_FACTS)
def test_a_fact_after_thanks_keeps_its_claim(text: str) -> None:
    assert claims_of(text)


def test_thanks_opening_a_conversation_is_not_a_reply() -> None:
    # no assistant turn before it: the acknowledgement rule does not apply (the gate's model decides alone)
    assert claims_of("thanks to my sister I now own a piano", prev=None)


@pytest.mark.parametrize("text", WEATHER)
def test_the_weather_of_the_moment_is_no_claim(text: str) -> None:
    assert claims_of(text, prev=None) == []


@pytest.mark.parametrize("text", WEATHER_FACTS)
def test_a_fact_beside_the_weather_keeps_its_claim(text: str) -> None:
    assert claims_of(text, prev=None)


STOCK = [
    "pray for my poor hamstrings",
    "my wallet is weeping",
    "right, now to find a babysitter who actually replies",
    "my knees are protesting already",
]

# the same frames holding a fact, or a rule, keep their claim
STOCK_FACTS = [
    "don't tell my sister about the party, it's a surprise for her 40th",
    "my back is killing me, the physio says it's a slipped disc",
    "my knees are shot, I'm having a knee replacement in May",
    "now to find a new dentist, mine retired in March",
]


@pytest.mark.parametrize("text", STOCK)
def test_a_set_phrase_of_a_reaction_is_no_claim(text: str) -> None:
    assert claims_of(text) == []


@pytest.mark.parametrize("text", STOCK_FACTS)
def test_a_fact_in_a_set_frame_keeps_its_claim(text: str) -> None:
    assert claims_of(text)
