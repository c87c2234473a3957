"""A judgement of someone or something, or the speaker's feeling of the moment, said with nothing else in the clause
(claims/small_talk.py ``passing_judgement`` and ``mood_of_the_moment``, session 21) yields no claim, wherever it sits
in the conversation; a lasting attribute said the same way ("the shed has no power", "my sister's a paramedic") and a
feeling with what it is about ("I'm scared of dogs") keep theirs. Every sentence here was written for these tests."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.claims.rules import RuleExtractor
from memwarden.models import Turn

R = RuleExtractor()
NOW = datetime(2026, 5, 12, 9, tzinfo=timezone.utc)


def claims_of(text: str, prev: str | None, prev_role: str = "assistant") -> list[str]:
    turns = [Turn(role=prev_role, content=prev, index=0, timestamp=NOW)] if prev else []
    turns.append(Turn(role="user", content=text, index=len(turns), timestamp=NOW))
    res = R.extract(turns, now=NOW)
    return [c.text for c in res.claims if len(turns) - 1 in c.turn_indexes and not c.claim.echo]


SAID = "Puppies that age chew everything, so keep cables out of reach for a few months."
MY_OWN = "the puppy chewed through the lamp cable last night"

JUDGEMENTS = [
    "he's an absolute menace",
    "honestly that dog is a legend",
    "the buses round here are hopeless",
    "the new bins are rubbish tbh",
    "she's such a sweetheart really",
    "that film was bonkers",
    "the printer is cursed today",
]

# the same shape, saying what someone is, has or does: kept
ATTRIBUTES = [
    "the shed has no power",
    "my sister's a paramedic",
    "he's vegetarian",
    "the flat is on the third floor",
    "our landlord is useless at replying, he takes weeks",
]

MOODS = [
    "im so tired",
    "honestly I'm done",
    "I need a nap",
    "I could cry",
    "we'll see how it goes",
    "fingers crossed lol",
]

# a feeling with what it is about, or beside a fact: kept
MOOD_FACTS = [
    "I'm scared of dogs",
    "I'm exhausted, I work nights at the depot",
    "I need a new passport before June",
    "fingers crossed, the interview is on Thursday",
]


@pytest.mark.parametrize("prev,role", [(SAID, "assistant"), (MY_OWN, "user"), (None, "user")])
@pytest.mark.parametrize("text", JUDGEMENTS + MOODS)
def test_a_judgement_or_a_mood_of_the_moment_is_no_claim(text: str, prev: str | None, role: str) -> None:
    assert claims_of(text, prev, role) == [], text


@pytest.mark.parametrize("prev,role", [(SAID, "assistant"), (MY_OWN, "user"), (None, "user")])
@pytest.mark.parametrize("text", ATTRIBUTES + MOOD_FACTS)
def test_a_lasting_attribute_or_a_feeling_about_something_keeps_its_claim(text: str, prev: str | None, role: str) -> None:
    assert claims_of(text, prev, role), text


# a lasting fact inside a reaction: an event on a date, an amount with a habit's frequency (claims/gate.py ``lasting_inside``)
INSIDE_A_REACTION = [
    "gutted, our vicar's retiring in March",
    "sooo i quit the cafe on friday lmao",
    "bulking rn, 3000 kcal a day ugh",
]


@pytest.mark.parametrize("text", INSIDE_A_REACTION)
def test_a_lasting_fact_inside_a_reaction_keeps_its_claim(text: str) -> None:
    assert claims_of(text, None, "user"), text
