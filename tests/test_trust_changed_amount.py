"""Asked how much something is now, the later amount of one quantity first (trust/changed_amount.py)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.models import Claim, ScoreParts, SearchHit
from memwarden.trust.changed_amount import amounts, later_amount_first, same_quantity


def _hit(i: int, text: str, day: int, **claim: object) -> SearchHit:
    when = datetime(2026, 3, day, tzinfo=timezone.utc)
    return SearchHit(id=f"m{i}", memory=text, user_id="u", score=1.0 - i / 10, scores=ScoreParts(fused=1.0 - i / 10),
                     created_at=when, updated_at=when, occurred_at=when, claim=Claim(subject="user", **claim))


def _ids(hits: list[SearchHit]) -> list[str]:
    return [h.id for h in hits]


@pytest.mark.parametrize(("a", "b", "same"), [
    ("the allotment is £60 a year", "the council wants £75 now", True),         # one currency
    ("we pay 1,200 for the flat", "my share is 950 now", True),                 # bare numbers
    ("the quote came to $12,400", "the second firm said 14k", True),            # "14k" is 14,000
    ("I cycle about 5 miles each way", "the app says 11.2 km", True),           # one length in two units
    ("childcare is 1,150 a month", "bonus goes up to 40k this year", False),    # far apart: two things
    ("the dose is 5 ml", "the course runs 10 days", False),                     # a volume, a time
])
def test_two_amounts_are_one_quantity_in_one_dimension_and_order_of_size(a: str, b: str, same: bool) -> None:
    assert same_quantity(amounts(a), amounts(b)) is same


def test_resolved_dates_scores_and_codes_are_no_amounts() -> None:
    assert amounts("The user: the match (2026-03-14) ended 2/1, shirt V4, ref #KD-40217") == []
    assert amounts("The user: moved here in 2019, shift is 0730-1530, exam on 2026-04-17 at 9:30") == []


def test_a_later_amount_of_the_same_quantity_moves_above_the_first() -> None:
    old = _hit(0, "The user: allotment rent is £60 a year, paid at the spring meeting", 1)
    chat = _hit(1, "The user: the courgettes went mad this summer", 5)
    new = _hit(2, "The user: new committee, it's £75 from April", 20)
    out = later_amount_first([old, chat, new], "how much is my allotment rent?")
    assert _ids(out) == ["m2", "m0", "m1"]
    # asked about the past, or asked no amount, nothing moves
    assert _ids(later_amount_first([old, chat, new], "how much was my allotment rent last year?")) == ["m0", "m1", "m2"]
    assert _ids(later_amount_first([old, chat, new], "where is my allotment?")) == ["m0", "m1", "m2"]


def test_another_quantity_an_older_word_hearsay_or_an_echo_does_not_move() -> None:
    rent = _hit(0, "The user: rent is 1,150 a month", 1)
    salary = _hit(1, "The user: promoted! salary goes up to 61k from this month", 20)
    assert _ids(later_amount_first([rent, salary], "how much rent do I pay?")) == ["m0", "m1"]
    fee = _hit(0, "The user: gym is £42 a month", 10)
    older = _hit(1, "The user: the old gym was £38 a month", 2)
    rumour = _hit(2, "Sam reckons it's £45 now", 20, vouched_by="unknown", voucher="Sam", firmness="reported")
    echo = _hit(3, "The user: £44 a month, noted", 21, vouched_by="assistant", echo=True)
    assert _ids(later_amount_first([fee, older, rumour, echo], "what do I pay for the gym?")) == ["m0", "m1", "m2", "m3"]


def test_only_the_first_hits_move() -> None:
    hits = [_hit(0, "The user: parking permit is £90 a year", 1)] + [
        _hit(i, f"The user: note {i} about the street", 2) for i in range(1, 5)] + [_hit(5, "The user: permit's £110 now", 20)]
    assert _ids(later_amount_first(hits, "how much is my parking permit?")) == _ids(hits)
    assert _ids(later_amount_first(hits, "how much is my parking permit?", top=6))[0] == "m5"


@pytest.mark.parametrize("later", [
    "phone contract is £35 a month",
    "the broadband costs £38 now",
    "car insurance renewal came to £45",
])
def test_a_later_amount_of_another_named_thing_stays_below(later: str) -> None:
    hits = [_hit(0, "swimming club membership is £40 a month", 1), _hit(1, later, 20)]
    assert _ids(later_amount_first(hits, "how much is my swimming club membership now?")) == ["m0", "m1"]


@pytest.mark.parametrize("later", [
    "the club put it up again, it's £46 now",           # a pronoun names no other thing
    "swimming went up to £46 from april",               # the question's word
    "my share is £46 since Jo left",                     # a share of the same bill
])
def test_a_later_amount_of_the_same_thing_still_moves_first(later: str) -> None:
    hits = [_hit(0, "swimming club membership is £40 a month", 1), _hit(1, later, 20)]
    assert _ids(later_amount_first(hits, "how much is my swimming club membership now?")) == ["m1", "m0"]
