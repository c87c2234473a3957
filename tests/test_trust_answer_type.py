"""answer_type_first: a "when"/"how much" question is answered first by a hit holding a time/amount."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.models import ScoreParts, SearchHit
from memwarden.trust.answer_type import answer_type_first, asked_type, holds_type


def _hit(i: int, text: str, day: int) -> SearchHit:
    when = datetime(2026, 3, day, tzinfo=timezone.utc)
    return SearchHit(id=f"m{i}", memory=text, user_id="u", score=1.0 - i / 10, scores=ScoreParts(fused=1.0 - i / 10),
                     created_at=when, updated_at=when, occurred_at=when)


@pytest.mark.parametrize(("query", "kind"), [
    ("When is the plumber coming?", "time"),
    ("what time does the gym open on sundays", "time"),
    ("which day is bin collection", "time"),
    ("How much is the nursery per month?", "amount"),
    ("how many tablets a day", "amount"),
    ("what's my rent", "amount"),
    ("Who is my landlord?", "party"),
    ("Where does Ana live?", "place"),
    ("what am I paying for the allotment", "amount"),
    ("What does Ana like?", None),
])
def test_the_asked_kind(query: str, kind: str | None) -> None:
    assert asked_type(query) == kind


def test_what_holds_a_time_or_an_amount() -> None:
    assert holds_type("the vet slot is thursday at 4:15", "time")
    assert holds_type("parents evening got pushed to the 21st", "time")
    assert holds_type("she takes them before bed", "time")
    assert not holds_type("the plumber visit is all sorted", "time")
    assert holds_type("nursery went up to £1,240", "amount")
    assert holds_type("two tablets with food", "amount")
    assert not holds_type("nursery fees are a nightmare", "amount")


def test_a_vague_first_hit_gives_way_to_one_with_the_value() -> None:
    hits = [_hit(0, "The user: plumber visit is booked, finally", 3), _hit(1, "Plumber comes on friday at 8am", 2),
            _hit(2, "The user hates plumbing", 1)]
    assert [h.id for h in answer_type_first(hits, "When is the plumber coming?")] == ["m1", "m0", "m2"]


def test_a_later_change_naming_only_its_value_moves_above_the_old_value() -> None:
    hits = [_hit(0, "The user: plumber booked for friday at 8am", 2),
            _hit(1, "They moved the user to monday at 10", 9)]
    assert [h.id for h in answer_type_first(hits, "When is the plumber coming?")] == ["m1", "m0"]


def test_a_later_change_about_something_else_stays_below() -> None:
    hits = [_hit(0, "The user: nursery is 1,100 a month", 2),
            _hit(1, "The user's gym membership went up to 45 a month now", 9)]
    assert [h.id for h in answer_type_first(hits, "how much is nursery")] == ["m0", "m1"]


def test_other_questions_and_hits_below_the_top_three_are_untouched() -> None:
    hits = [_hit(0, "The user: plumber visit is booked", 3), _hit(1, "The user likes the plumber", 2),
            _hit(2, "The user: boiler is old", 1), _hit(3, "Plumber comes friday at 8am", 4)]
    assert answer_type_first(hits, "When is the plumber coming?") == hits
    assert answer_type_first(hits, "Who is the plumber?") == hits


@pytest.mark.parametrize("query", ["how big is the deposit", "How long is the notice period?", "how often do I water the fern"])
def test_a_size_asked_by_its_adjective_is_an_amount(query: str) -> None:
    assert asked_type(query) == "amount"
    assert asked_type("how long until the lease ends") == "time"  # a wait is a time


def test_a_later_firm_value_outranks_earlier_hearsay_with_no_word_in_common() -> None:
    from memwarden.models import Claim

    def claimed(h: SearchHit, **kw: object) -> SearchHit:
        return h.model_copy(update={"claim": Claim(subject="user", **kw)})

    rumour = claimed(_hit(0, "the lads at work say the deposit is 900", 2), vouched_by="unknown", voucher="the lads")
    own = claimed(_hit(1, "letting agent confirmed: 750, due friday", 9))
    from memwarden.trust.ranking import _firmer

    out = answer_type_first([rumour, own], "how big is the deposit?", firmer=_firmer)
    assert [h.id for h in out] == ["m1", "m0"]
    # without the firmness test, nothing says the two are about one thing
    assert [h.id for h in answer_type_first([rumour, own], "how big is the deposit?")] == ["m0", "m1"]
    # hearsay said later does not climb over the firm word
    late_rumour = claimed(_hit(0, "the lads at work say the deposit is 900", 12), vouched_by="unknown", voucher="the lads")
    assert [h.id for h in answer_type_first([own, late_rumour], "how big is the deposit?", firmer=_firmer)] == ["m1", "m0"]


def test_a_question_about_what_went_wrong_is_answered_by_what_it_turned_out_to_be() -> None:
    assert asked_type("what's wrong with the dishwasher?") == "cause"
    assert asked_type("what did the vet find?") == "cause"
    assert holds_type("The user: engineer came, it's the pump, £90", "cause")
    assert holds_type("the rash was diagnosed as shingles", "cause")
    assert not holds_type("the dishwasher keeps leaking at night", "cause")
    symptom = _hit(0, "The user: the dishwasher keeps leaking at night", 1)
    found = _hit(1, "The user: engineer came, it's the pump, £90 to fix", 4)
    assert [h.id for h in answer_type_first([symptom, found], "what's wrong with the dishwasher?")] == ["m1", "m0"]


def test_a_later_change_about_what_the_older_hit_holds_moves_above_it() -> None:
    old = _hit(0, "The taxi picks the user up at 06:40 outside the hotel", 1)
    new = _hit(1, "The user: rang the firm, pickup's 07:15 now", 5)
    assert [h.id for h in answer_type_first([old, new], "what time is my airport taxi?")] == ["m1", "m0"]
    # a change of another thing that only shares "a month" stays below
    rent = _hit(2, "The user: rent is 900 a month", 1)
    pay = _hit(3, "The user: my salary goes up to 2,400 a month now", 5)
    assert [h.id for h in answer_type_first([rent, pay], "how much rent do I pay?")] == ["m2", "m3"]


def test_a_question_about_a_state_is_answered_by_a_statement_of_it() -> None:
    assert asked_type("is the swimming gala still going ahead?") == "status"
    assert asked_type("Is the library closed on monday?") == "status"
    assert asked_type("is Tom vegetarian?") is None
    assert asked_type("Is my meeting on Tuesday?") is None  # "on" a day is no state
    assert holds_type("the council says the gala is postponed", "status")
    assert not holds_type("The user is on the Three network", "status")
    plan = _hit(0, "The user is taking the kids to the swimming gala on the 12th", 1)
    state = _hit(1, "The user: checked the site, the gala is going ahead as planned", 5)
    assert [h.id for h in answer_type_first([plan, state], "is the swimming gala still going ahead?")] == ["m1", "m0"]


def test_a_later_value_said_with_only_a_contraction_moves_above_older_typed_hits() -> None:
    # "it's" names no matter: the clause is nothing but the change and its value
    old = _hit(0, "The user: choir rehearsals are wednesdays at 7:30", 1)
    other = _hit(1, "The user: the choir wants new folders", 20)
    new = _hit(2, "The user: it's 8:15 now", 20)
    order = [h.id for h in answer_type_first([old, other, new], "what time is my rehearsal these days?")]
    assert order[0] == "m2"
