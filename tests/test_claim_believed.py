"""A belief of the speaker's said with a question mark ("I think my passport runs out in May?") is a statement held
loosely, not a question: it keeps its claim, marked uncertain. A question, a guess or advice sought stays a question.
Every sentence here was written for these tests (session 23)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.claims.clauses import believed
from memwarden.claims.rules import RuleExtractor
from memwarden.models import Turn

R = RuleExtractor()
NOW = datetime(2026, 3, 4, 10, tzinfo=timezone.utc)


def claims_of(text: str) -> list[str]:
    return [c.text for c in R.extract([Turn(role="user", content=text, index=0, timestamp=NOW)], now=NOW).claims]


@pytest.mark.parametrize("text,word", [
    ("I think my passport runs out in May? need to check", "passport"),
    ("i reckon the boiler is about 15 years old?", "boiler"),
    ("I believe our lease ends in September?? not totally sure", "lease"),
    ("the school play is on the 20th I think?", "play"),
    ("think my dentist moved to Harbour Street? something like that", "dentist"),
    ("pretty sure the recycling goes out on wednesdays?", "recycling"),
    ("im fairly sure my car insurance renews in october?", "insurance"),
])
def test_a_belief_said_with_a_question_mark_keeps_its_claim(text: str, word: str) -> None:
    got = claims_of(text)
    assert any(word in c.lower() and "?" not in c for c in got), got


@pytest.mark.parametrize("text", ["do you think my passport is still valid?", "I think I should move out?",
                                  "I guess it's fine?", "I reckon we could go on Friday?", "is the lease up in September?",
                                  "are you sure the bins are tuesdays?", "pretty sure I should ask for a refund?"])
def test_a_question_or_a_plan_is_no_belief(text: str) -> None:
    assert not believed(text)


def test_a_belief_is_held_loosely() -> None:
    assert any("not certain" in c for c in claims_of("I think my passport runs out in May?"))
