"""answer_value_first: the first hit should hold the kind of value the question asks for
(a name for "which firm", money for "how much ... owe", a place for "where", a colour, a day)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.models import ConflictGroup, ScoreParts, SearchHit
from memwarden.trust.answer_value import answer_value_first, asked_value, holds_value
from memwarden.trust.config import TrustConfig
from memwarden.trust.ranking import rerank


def _hit(i: int, text: str) -> SearchHit:
    when = datetime(2026, 2, 1 + i, tzinfo=timezone.utc)
    return SearchHit(id=f"m{i}", memory=text, user_id="u", score=1.0 - i / 10, scores=ScoreParts(fused=1.0 - i / 10),
                     created_at=when, updated_at=when, occurred_at=when)


def _order(query: str, *texts: str) -> list[int]:
    return [int(h.id[1:]) for h in answer_value_first([_hit(i, t) for i, t in enumerate(texts)], query)]


@pytest.mark.parametrize(("query", "cls"), [
    ("which removals firm did we book?", "name"),
    ("how much do I owe the council for parking?", "amount"),
    ("where's the book club meeting this month?", "place"),
    ("what colour are the kitchen tiles?", "colour"),
    ("when's the boiler service?", "date"),
    ("is the boiler service booked?", None),  # yes/no: no value asked
    ("who repaired the fence?", None),  # a person's name is left to relevance (lower-case in chat)
])
def test_the_asked_class(query: str, cls: str | None) -> None:
    a = asked_value(query)
    assert (a.value if a else None) == cls


def test_a_named_firm_beats_a_hit_on_the_same_matter_that_names_none() -> None:
    assert _order("which removals firm did we book?",
                  "The user: the move is finally happening, half the boxes are packed",
                  "The user went with Packright Removals in the end, they were cheapest",
                  "The user's sofa will not fit down the stairs") == [1, 0, 2]


def test_money_beats_a_number_that_is_only_the_extractor_s_resolved_date() -> None:
    # "(2026-04-06..2027-04-05)" is a date the extractor appended, no amount the user stated.
    assert _order("how much do I owe the council for parking?",
                  "The user: got a parking ticket outside the library this tax year (2026-04-06..2027-04-05)",
                  "The user: fine is 70, halved if paid within a fortnight") == [1, 0]


def test_a_place_beats_a_hit_that_says_where_nothing_is() -> None:
    assert _order("where's the book club meeting this month?",
                  "The user: book club picked a doorstop of a novel again",
                  "This month the user's book club meets at the Lamb and Flag") == [1, 0]


def test_a_colour_word_up_to_the_fourth_hit_comes_first() -> None:
    assert _order("what colour are the kitchen tiles?",
                  "The user: kitchen refit starts after easter",
                  "The user: the fitter says two weeks for the kitchen",
                  "The user's tiler is booked too",
                  "The user chose matt olive tiles for the splashback") == [3, 0, 1, 2]


def test_a_score_written_with_a_slash_is_not_a_date() -> None:
    a = asked_value("when's my swimming gala?")
    assert a is not None
    assert not holds_value(a, "The user: got 38/45 in the lifeguard quiz", "when's my swimming gala?")
    assert holds_value(a, "The user: gala is on 14/3 at the leisure centre", "when's my swimming gala?")
    assert _order("when's my swimming gala?", "The user: got 38/45 in the lifeguard quiz",
                  "The user: gala is on 14/3 at the leisure centre") == [1, 0]


def test_a_shouted_word_is_not_a_name() -> None:
    a = asked_value("which courier is bringing the new desk?")
    assert a is not None
    assert not holds_value(a, "The user: desk order CONFIRMED, finally", "which courier is bringing the new desk?")
    assert holds_value(a, "The user: it is coming with Parcelwise", "which courier is bringing the new desk?")


def test_a_first_hit_that_holds_the_value_stays_and_nothing_below_the_window_moves() -> None:
    # the first hit already names a place: no move
    assert _order("where's the book club meeting this month?", "Book club is at the Lamb and Flag",
                  "The user hosts book club in march") == [0, 1]
    # the only colour is fifth: outside the window, the order stays
    texts = ["The user: kitchen refit starts after easter", "The user: kitchen fitter is lovely", "Kitchen is chaos",
             "The user misses the kitchen", "The user chose olive tiles"]
    assert _order("what colour are the kitchen tiles?", *texts) == [0, 1, 2, 3, 4]
    # no class asked: untouched
    assert _order("is the kitchen refit on track?", *texts[:3]) == [0, 1, 2]


def test_the_trusted_ranking_runs_the_step_last() -> None:
    cfg = TrustConfig(rank_weight=0.0, rank_order="hand")
    hits = [_hit(0, "The user: the move is finally happening, half the boxes are packed"),
            _hit(1, "The user went with Packright Removals in the end, they were cheapest")]
    out = rerank(hits, list[ConflictGroup](), cfg, "which removals firm did we book?")
    assert [h.id for h in out] == ["m1", "m0"]


@pytest.mark.parametrize("query", [
    "will the deposit be back before the rent is due?",  # yes/no, though it names money
    "when and where is the recital?",  # two things asked: no one class to test
    "whose wedding is it in june?",  # a person
])
def test_questions_that_ask_no_single_testable_class(query: str) -> None:
    assert asked_value(query) is None


def test_a_reference_code_is_no_number_and_a_sentence_opening_capital_no_name() -> None:
    q = "how much was the rebate on the heater?"
    a = asked_value(q)
    assert a is not None
    assert not holds_value(a, "The user: order #RT-55120, the oil heater", q)
    assert holds_value(a, "The user: rebate came through, 45 back", q)
    q = "which removals firm did we book?"
    a = asked_value(q)
    assert a is not None
    assert not holds_value(a, "The user: Packing tape everywhere, send help", q)
    assert holds_value(a, "The user: booked Packright for the 9th", q)


def _own(i: int, text: str) -> SearchHit:
    from memwarden.models import Claim
    return _hit(i, text).model_copy(update={"claim": Claim(subject="user")})


def test_asked_about_now_an_older_named_value_does_not_pass_a_later_change() -> None:
    # the new supplier written in lower case holds no "name" by spelling; the old one does
    later = _own(5, "The user: we're with octopus now for the gas")
    older = _own(1, "The user's gas is with British Gas, fixed till june")
    assert [h.id for h in answer_value_first([later, older], "which energy supplier am I with?")] == ["m5", "m1"]
    # asked about the past, or when the first hit says no change, the value still moves first
    assert [h.id for h in answer_value_first([later, older], "which energy supplier was I with before?")] == ["m1", "m5"]
    plain = _own(5, "The user: the gas bill came through the door today")
    assert [h.id for h in answer_value_first([plain, older], "which energy supplier am I with?")] == ["m1", "m5"]
