"""A reply that only judges what the assistant just said stores no claim (claims/small_talk.py
``evaluates_reply``, session 20): its subject points back at the assistant's message ("that", "both of
those", "the second one") or is left out, its predicate evaluates, and nothing else in the clause states
anything. A fact or a taste said in the same breath keeps its claim. Every sentence here was written for
these tests."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.claims import gate
from memwarden.claims.rules import RuleExtractor
from memwarden.claims.small_talk import evaluates_reply
from memwarden.models import Turn

R = RuleExtractor()
NOW = datetime(2026, 5, 12, 9, tzinfo=timezone.utc)
SAID = "You could repot it into a bigger container, or just move it nearer the window."


def claims_of(text: str, prev: str | None = SAID, *, prev_role: str = "assistant") -> list[str]:
    turns = [Turn(role=prev_role, content=prev, index=0, timestamp=NOW)] if prev else []
    turns.append(Turn(role="user", content=text, index=len(turns), timestamp=NOW))
    res = R.extract(turns, now=NOW)
    return [c.text for c in res.claims if len(turns) - 1 in c.turn_indexes and not c.claim.echo]


JUDGEMENTS = [
    "honestly that sounds way better than what I was going to try",  # stored on main
    "that's a really good shout, hadn't thought of it like that",  # stored on main
    "this is exactly the sort of thing I was hoping to hear",  # stored on main
    "ok that makes sense",
    "the window one seems easier tbh",
    "moving it it is then",
]

# the same judgements with something of the user's said in the same breath
JUDGEMENTS_WITH_FACTS = [
    "that sounds easier but we live in a basement flat with no windows",
    "that makes sense, my flat is on the top floor",
    "that won't work, I don't have any bigger pots",
    "good idea, my sister has a spare planter",
    "the window one seems easier, I water it every Sunday",
    "that's a good point, we're moving house in June anyway",
]


@pytest.mark.parametrize("text", JUDGEMENTS)
def test_a_judgement_of_the_assistant_stores_nothing(text: str) -> None:
    assert claims_of(text) == []


@pytest.mark.parametrize("text", JUDGEMENTS_WITH_FACTS)
def test_a_fact_beside_the_judgement_keeps_its_claim(text: str) -> None:
    assert claims_of(text)


def test_after_a_question_a_judgement_answers_it() -> None:
    # "would Thursday suit?" -> "that works" is the user's answer, not this rule's; the rule itself says no
    f = gate.features("that sounds better", None, role="user", prev="Would Thursday suit you better?", turn="that sounds better")
    assert not evaluates_reply(f, "that sounds better", role="user", prev_role="assistant", prev="Would Thursday suit you better?")
    assert evaluates_reply(f, "that sounds better", role="user", prev_role="assistant", prev="Thursday might suit you better.")


def test_only_after_the_assistant() -> None:
    f = gate.features("that sounds way better than before", None, role="user")
    assert not evaluates_reply(f, "that sounds way better than before", role="user", prev_role="self", prev="I moved it.")
    assert not evaluates_reply(f, "that sounds way better than before", role="user", prev_role=None, prev=None)


def test_a_hope_waved_off_stores_nothing() -> None:
    assert claims_of("so much for the forecast lol", prev="The forecast said it would stay dry today.") == []


@pytest.mark.parametrize("text", [
    "haha yeah my husband hates that too",  # dropped on main
    "lol my mum loves that show",  # dropped on main
])
def test_a_relations_taste_inside_a_reaction_is_kept(text: str) -> None:
    assert claims_of(text, prev="A lot of people find the smell of coriander really strong.")


def test_a_weekday_habit_in_a_short_reply_is_kept() -> None:
    # dropped on main as a bare reply: a plural weekday is a habit
    assert claims_of("perfect, Thursdays are my day off", prev="The evening class runs on Thursdays.")
