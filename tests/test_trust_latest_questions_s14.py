"""Which questions the latest-answer step reads as asking one current value (trust/latest.py), session 14.

A word in s after what/which is a plural head (a list: the step stays off) only when the clause goes on
after it with its auxiliary, its subject or "of", or the question ends; "have got" is "have", no perfect.
The step must stay off for the lists, perfects, past questions and requests below (written for this
test, everyday wording), and now reads the questions whose s-word is a verb or a name."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.models import Claim, ScoreParts, SearchHit
from memwarden.trust.latest import latest_answer_first


def _hit(i: int, text: str, month: int) -> SearchHit:
    when = datetime(2026, month, 1, tzinfo=timezone.utc)
    return SearchHit(id=f"m{i}", memory=text, user_id="u", score=1.0 - i / 10, scores=ScoreParts(fused=1.0 - i / 10),
                     created_at=when, updated_at=when, occurred_at=when, claim=Claim(subject="user"))


def _moves(query: str) -> bool:
    old = _hit(0, "The user: it's at Riverside on Tuesdays, Dr Okafor, 9:30, £40", 1)
    new = _hit(1, "The user: now it's at Hillcrest on Thursdays with Dr Banerjee, 10:15, £55", 6)
    out = latest_answer_first([old, new], query, lambda a, b: 0.6, 0.25)
    return out[0].id == "m1"


#: Lists, perfects, past questions and requests: the step must not fire on any of them.
STAYS = [
    "What activities does Melanie do?",
    "Which cities has Caroline visited?",
    "What types of pottery do I make?",
    "What books have I read this year?",
    "What sports do the kids play?",
    "Which classes are we taking?",
    "What meds do I take?",
    "What instruments does Ana play?",
    "What allergies?",
    "What has Caroline painted?",
    "What have I gotten done on the shed?",
    "How many times have I moved house?",
    "Which doctors have I seen about my knee?",
    "Where did I live before Leeds?",
    "What car did I drive back then?",
    "Can you suggest somewhere for dinner on Friday?",
    "What's a good day trip from Porto?",
    "What foods should I avoid?",
]


@pytest.mark.parametrize("query", STAYS)
def test_lists_perfects_and_the_past_keep_the_order(query: str) -> None:
    assert not _moves(query)


#: One current value asked: the s-word is a verb or a name, or "have got" is possession.
MOVES = [
    "Which pharmacy fills my prescriptions?",
    "What strength is Anders's inhaler?",
    "Which care home employs me?",
    "How much annual leave have I got left?",
    "What graphics card have I got?",
    "How long have we got on the lease?",
    "Which company supplies the oat milk?",
]


@pytest.mark.parametrize("query", MOVES)
def test_one_value_asked_lets_the_latest_answer_first(query: str) -> None:
    assert _moves(query)
