"""Statements that look like questions or reactions but state something (session 25, issue 10 "noise": lost facts).

A wish or plan opened on "want to"/"wanna" and a free choice opened on "anything" ask only with a question mark (when
the clause holds the speaker's own world: a first person or a figure); a
statement in declarative order closed by "??" tells news with disbelief; an amount said in words ("twelve lol") is a
value. Questions, short cries and reactions stay dropped. Every sentence here was written for these tests."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.claims.clauses import asks, bare_amount, disbelieved
from memwarden.claims.rules import RuleExtractor
from memwarden.models import Turn

R = RuleExtractor()
NOW = datetime(2026, 3, 4, 10, tzinfo=timezone.utc)


def claims_of(text: str, before: str | None = None) -> list[str]:
    turns = ([Turn(role="assistant", content=before, index=0, timestamp=NOW)] if before else [])
    turns.append(Turn(role="user", content=text, index=len(turns), timestamp=NOW))
    return [c.text for c in R.extract(turns, now=NOW).claims if c.turn_indexes == [len(turns) - 1]]


@pytest.mark.parametrize("text,word", [
    ("want to swim at the leisure centre before my shifts start", "leisure centre"),
    ("want to keep the christening under 40 people", "christening"),
    ("wanna sit my driving theory test once exams are over", "theory test"),
    ("anything over twenty quid needs my wife's ok first", "twenty quid"),
    ("anything with mushrooms in it, leave out for my son please", "mushrooms"),
    ("my landlord says the damp is just condensation?? he hasn't even looked", "condensation"),
    ("the nursery is shutting on fridays from next month??", "nursery"),
])
def test_a_statement_shaped_like_a_question_keeps_its_claim(text: str, word: str) -> None:
    got = claims_of(text)
    assert any(word in c.lower() for c in got), got


@pytest.mark.parametrize("text", ["want to grab lunch?", "wanna see a photo of the cat?", "anything else I should pack?",
                                  "want to see a pic of the cake", "want to help me pick a film", "anything i can do to speed it up",
                                  "anything fun on tonight", "anything else my son needs for camp",
                                  "wait what??", "did u see the match last night??", "is that even allowed??",
                                  "you're joking right??", "what time does the pharmacy shut"])
def test_a_question_stays_a_question(text: str) -> None:
    assert asks(text) or not claims_of(text), claims_of(text)


def test_finally_sorted_is_a_change_not_an_appraisal() -> None:
    from memwarden.claims.clauses import states_a_change
    assert states_a_change("the council finally sorted the parking permit")
    assert not states_a_change("it's so much better now")
    assert claims_of("the council finally sorted it, we got the permit for good 🎉")


def test_disbelief_needs_a_statement() -> None:
    assert disbelieved("the gym put the price up again??")
    assert not disbelieved("seriously??")
    assert not disbelieved("are they putting the price up again??")
    assert not disbelieved("have u seen the new timetable??")


def test_an_amount_in_words_is_a_value() -> None:
    assert bare_amount("nine lol") and bare_amount("about two hundred") and bare_amount("three fifty")
    assert not bare_amount("one lol") and not bare_amount("nine lives lol") and not bare_amount("so tired")
    got = claims_of("no, nine lol. ten would be too many", "How many kids are coming to the party, six?")
    assert any("nine" in c for c in got), got


@pytest.mark.parametrize("text", ["so tired lol", "the cat is not impressed lol", "cant wait haha"])
def test_a_reaction_is_still_dropped(text: str) -> None:
    assert not claims_of(text)
