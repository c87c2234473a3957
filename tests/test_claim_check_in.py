"""An answer to the assistant's check-in ("How did the interview go?", "What's up?") that only says how things are right
now stores nothing; one that says something checkable, or a trouble that keeps coming back, keeps its claim (session 25,
issue 10 "noise"). Every sentence here was written for these tests."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.claims.rules import RuleExtractor
from memwarden.models import Turn

R = RuleExtractor()
NOW = datetime(2026, 3, 4, 18, tzinfo=timezone.utc)


def claims_after(question: str, answer: str) -> list[str]:
    turns = [Turn(role="assistant", content=question, index=0, timestamp=NOW),
             Turn(role="user", content=answer, index=1, timestamp=NOW)]
    return [c.text for c in R.extract(turns, now=NOW).claims if c.turn_indexes == [1]]


@pytest.mark.parametrize("question,answer", [
    ("Good luck today! How did the interview go?", "not bad actually, nobody fell asleep"),
    ("Evening! What's up?", "nothing much, just hiding from the washing up"),
    ("Oh no, what happened?", "the toddler decorated the hallway with yoghurt lol"),
    ("How was the walk?", "muddy. very muddy. the dog is thrilled"),
    ("Hi! How's your Saturday going?", "slow, lazy morning, pancakes and cartoons"),
])
def test_how_things_are_right_now_stores_nothing(question: str, answer: str) -> None:
    assert not claims_after(question, answer)


@pytest.mark.parametrize("question,answer,word", [
    ("Hi! How's your evening going?", "rubbish, the washing machine flooded the kitchen again", "washing machine"),
    ("What's going on?", "the people upstairs keep dumping their bins by our door", "bins"),
    ("How did it go?", "got the job!! start on the 3rd of May at the library", "library"),
    ("How are you feeling?", "tired, my iron came back low so I'm on tablets now", "iron"),
    ("How was the appointment?", "fine, Dr Osei wants to see me again in six weeks", "Osei"),
])
def test_a_checkable_answer_keeps_its_claim(question: str, answer: str, word: str) -> None:
    got = claims_after(question, answer)
    assert any(word.lower() in c.lower() for c in got), got


def test_a_question_for_an_amount_is_no_check_in() -> None:
    got = claims_after("How often do you swim?", "mornings mostly, before the kids wake up")
    assert got, got
