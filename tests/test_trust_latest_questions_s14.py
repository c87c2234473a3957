"""Which questions the latest-answer step reads as asking one current value (trust/latest.py), session 14.

"Have got" is "have", no present perfect: "how much leave have I got left?" asks one current value. The
step must stay off for the lists, perfects (with "gotten" too), past questions and requests below (written
for this test, everyday wording), and now reads the questions of possession with "have got"."""

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
    "What have I got done on the shed so far?",
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


#: One current value asked: "have got" is possession.
MOVES = [
    "How much annual leave have I got left?",
    "Which dentist have I got now?",
    "How long have we got on the lease?",
    "Which week have I got the pager?",
    "What have we got to heat food with at work?",
    "How much have I got in the savings pot?",
]


@pytest.mark.parametrize("query", MOVES)
def test_one_value_asked_lets_the_latest_answer_first(query: str) -> None:
    assert _moves(query)
