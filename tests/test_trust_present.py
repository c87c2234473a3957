"""Questions about the present: the later statement on the same matter first (trust/present.py), and
the answer-type step's party/place kinds and its present-tense rules (trust/answer_type.py)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.models import Claim, ScoreParts, SearchHit
from memwarden.trust.answer_type import answer_type_first, asked_type, holds_type
from memwarden.trust.present import asks_present, newer_first


def _hit(i: int, text: str, day: int, month: int = 3, **claim: object) -> SearchHit:
    when = datetime(2026, month, day, tzinfo=timezone.utc)
    return SearchHit(id=f"m{i}", memory=text, user_id="u", score=1.0 - i / 10, scores=ScoreParts(fused=1.0 - i / 10),
                     created_at=when, updated_at=when, occurred_at=when, claim=Claim(subject="user", **claim))


def _cosines(pairs: dict[frozenset[str], float]):
    def similar(a: SearchHit, b: SearchHit) -> float:
        return 1.0 if a.id == b.id else pairs.get(frozenset((a.id, b.id)), 0.0)
    return similar


@pytest.mark.parametrize(("query", "present"), [
    ("who cuts my hair these days?", True),
    ("which gym am I a member of", True),
    ("what do we pay the window cleaner", True),
    ("who did I see about my knee?", False),
    ("where was I living last year", False),
    ("what was my old landline number", False),
    ("which bank did we use before?", False),
])
def test_a_question_about_the_present_is_told_by_its_grammar(query: str, present: bool) -> None:
    assert asks_present(query) is present


def test_a_later_statement_close_in_meaning_moves_above_the_older_one() -> None:
    old = _hit(0, "The user's veg box comes from Greenacre, fridays", 1)
    other = _hit(1, "The user: the courgettes were huge this week", 5)
    new = _hit(2, "The user: we get the veg from Boxley's farm shop", 9)
    similar = _cosines({frozenset(("m0", "m2")): 0.62, frozenset(("m1", "m2")): 0.3})
    out = newer_first([old, other, new], "who delivers our veg box?", similar, 0.5)
    assert [h.id for h in out] == ["m2", "m0", "m1"]
    # about the past, or with the two far apart in meaning, nothing moves
    assert [h.id for h in newer_first([old, other, new], "who delivered our veg box last year?", similar, 0.5)] == ["m0", "m1", "m2"]
    assert [h.id for h in newer_first([old, other, new], "who delivers our veg box?", similar, 0.7)] == ["m0", "m1", "m2"]


def test_hearsay_an_older_word_and_hits_below_the_top_do_not_move() -> None:
    old = _hit(0, "The user's veg box comes from Greenacre, fridays", 5)
    rumour = _hit(1, "Jo reckons the veg is from Boxley's now", 9, vouched_by="unknown", voucher="Jo", firmness="reported")
    earlier = _hit(2, "The user: veg used to come from the market", 1)
    similar = _cosines({frozenset(("m0", "m1")): 0.8, frozenset(("m0", "m2")): 0.8})
    assert [h.id for h in newer_first([old, rumour, earlier], "who delivers our veg box?", similar, 0.5)] == ["m0", "m1", "m2"]
    late = _hit(3, "The user: we get the veg from Boxley's farm shop", 12)
    hits = [old, rumour, earlier, late]
    similar = _cosines({frozenset(("m0", "m3")): 0.8})
    assert newer_first(hits, "who delivers our veg box?", similar, 0.5, top=3) == hits


def test_who_and_where_ask_for_a_party_and_a_place() -> None:
    assert asked_type("who's covering my shifts?") == "party"
    assert asked_type("where do I keep the kayak") == "place"
    assert holds_type("The user: Marguerite covers the late shifts now", "party")
    assert not holds_type("The user: the late shifts are covered", "party")
    assert holds_type("The user's nephew is in charge of the rabbit", "party")  # named by who they are to the user
    assert holds_type("The user keeps the kayak in the boathouse at Linton", "place")
    assert not holds_type("The user: the kayak got a new rudder", "place")
    first = _hit(0, "The user: the kayak got a new rudder", 9)
    place = _hit(1, "The user keeps the kayak in the boathouse at Linton", 9)
    assert [h.id for h in answer_type_first([first, place], "where do I keep the kayak?")] == ["m1", "m0"]


def test_asked_about_now_an_older_name_does_not_pass_a_later_statement() -> None:
    newer = _hit(0, "The user: switched window cleaners, the new one is half the price", 9)
    older = _hit(1, "The user's window cleaner is Dave Pruitt, monthly", 2)
    assert [h.id for h in answer_type_first([newer, older], "who cleans my windows?")] == ["m0", "m1"]
    # asked about the past, the older statement naming someone answers
    assert [h.id for h in answer_type_first([newer, older], "who did my windows before?")] == ["m1", "m0"]


def test_asked_about_now_an_older_count_does_not_pass_a_later_change_on_the_same_matter() -> None:
    later = _hit(0, "The user: the fox got the brown hen", 9)
    older = _hit(1, "The user keeps four hens behind the shed", 2)
    close = _cosines({frozenset(("m0", "m1")): 0.7})
    query = "how many hens have I got?"
    assert [h.id for h in answer_type_first([later, older], query, similar=close, cosine=0.5)] == ["m0", "m1"]
    # two statements far apart in meaning: the one holding the count answers
    assert [h.id for h in answer_type_first([later, older], query, similar=_cosines({}), cosine=0.5)] == ["m1", "m0"]


def test_asked_about_now_the_later_value_of_what_was_asked_needs_no_change_word() -> None:
    old = _hit(0, "The user: bins go out on mondays", 2)
    new = _hit(1, "The user: bin collection is wednesdays", 9)
    assert [h.id for h in answer_type_first([old, new], "what day is bin collection?")] == ["m1", "m0"]
    # a third party's later word is no such value
    said = _hit(1, "Priya says bin collection is wednesdays", 9, vouched_by="unknown", voucher="Priya", firmness="reported")
    assert [h.id for h in answer_type_first([old, said], "what day is bin collection?")] == ["m0", "m1"]


def test_a_resolved_date_in_brackets_is_no_amount() -> None:
    assert not holds_type("The user is not claiming the allowance this year (2026-01-01..2026-12-31)", "amount")
    assert holds_type("The user: the bill is £820 this year (2026-01-01..2026-12-31)", "amount")
