"""Abstention per attribute, by kind of wording (trust/attribute.py, trust/abstain.py)."""

from datetime import datetime, timedelta, timezone

import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.trust.attribute import asked

T0 = datetime(2025, 6, 2, 9, tzinfo=timezone.utc)


def store_at(t0: datetime, *texts: str) -> Memory:
    """A scope holding one user turn per text, a minute apart from ``t0`` (shared with
    test_trust_abstain_owner.py)."""
    m = Memory(config=MemoryConfig())
    for i, text in enumerate(texts):
        m.add([{"role": "user", "content": text, "timestamp": (t0 + timedelta(minutes=i)).isoformat()}],
              user_id="u", admission="all")
    return m


def store(*texts: str) -> Memory:
    return store_at(T0, *texts)


def abstains_at(t0: datetime, turns: list[str], query: str) -> bool:
    """Store ``turns`` at ``t0``, ask ``query`` then: did the search abstain?"""
    m = store_at(t0, *turns)
    try:
        return ask(m, query, t0).abstained
    finally:
        m.close()


def ask(m: Memory, query: str, t0: datetime = T0):
    return m.search(query, user_id="u", as_of=t0 + timedelta(days=1))


@pytest.mark.parametrize("query", ["who is Juniper registered with?", "who is the boiler serviced by?"])
def test_a_name_or_a_noun_before_a_participle_is_the_subject_not_the_attribute(query):
    a = asked(query)
    assert a is not None and a.value == "name" and a.head is None
    assert {"junip", "regist"} <= a.topic or {"boiler", "servic"} <= a.topic


def test_who_a_named_animal_is_registered_with_is_answered_by_a_lowercase_name():
    m = store("juniper (our rescue greyhound) is registered with the vets at oakfield now",
              "Juniper is with Oakfield Vets")
    res = ask(m, "who is Juniper registered with?")
    assert not res.abstained, res.abstain_detail


@pytest.mark.parametrize(("turn", "query", "abstains"), [
    # a month is not the day asked for; a day is
    ("the school trip to the coast is sometime in July", "what are the exact dates of the school trip?", True),
    ("the school trip to the coast is 14 July, back on the 16th", "what are the exact dates of the school trip?", False),
    ("recycling goes out on Thursdays", "which day does the recycling go out?", False),
    ("we put the recycling out every week, the council is strict", "which day does the recycling go out?", True),
])
def test_a_day_is_asked_and_a_month_does_not_give_it(turn, query, abstains):
    res = ask(store(turn), query)
    assert res.abstained is abstains, (res.abstain_reason, res.abstain_detail)


def test_a_first_person_question_asked_with_the_attributes_own_words_is_supported():
    # "where/what ... do I live" shares no word with "moved into Hollis Court"; the residence's ask-words do.
    m = store("we just moved to Hollis Court, boxes everywhere")
    res = ask(m, "what road do I live on now?")
    assert not res.abstained, res.abstain_detail
    assert "Hollis" in res.results[0].memory


def test_a_month_or_a_weekday_is_not_a_name():
    # "Who is doing the survey?" is not answered by the month the survey is in.
    res = ask(store("the house survey got pushed back, now it's September"), "who is doing the house survey?")
    assert res.abstained and res.abstain_reason == "no_evidence", res.abstain_detail
    ok = ask(store("the house survey is happening in September, Halden & Co are doing it"), "who is doing the house survey?")
    assert not ok.abstained, ok.abstain_detail


def test_whose_asks_for_a_name():
    a = asked("whose leaving do are we going to on Friday?")
    assert a is not None and a.value == "name"


@pytest.mark.parametrize(("turn", "abstains"), [
    ("dinner at Marisol's place on Friday to plan the allotment", True),   # named, but no view of hers
    ("Marisol reckons the allotment soil is far too clay-heavy", False),
    ("the allotment soil is too clay-heavy, according to my neighbour Marisol", False),
])
def test_a_named_persons_view_must_be_reported(turn, abstains):
    assert asked("what does Marisol think of the allotment?").value == "view"
    res = ask(store(turn), "what does Marisol think of the allotment?")
    assert res.abstained is abstains, (res.abstain_reason, res.abstain_detail)


def test_asking_the_listener_for_a_view_is_not_a_third_partys_view():
    assert asked("what do you think of the allotment?").value == "any"


@pytest.mark.parametrize(("turn", "abstains"), [
    ("handed in my second CS204 essay this morning, fingers crossed", True),   # 204 is the question's own
    ("the second CS204 essay came back with 71, not bad", False),
    ("my tutor marked my second CS204 essay, I got a B+", False),
])
def test_a_mark_is_a_number_or_a_grade_not_in_the_question(turn, abstains):
    q = "what grade did I get for my second CS204 essay?"
    assert asked(q).value == "grade"
    res = ask(store(turn), q)
    assert res.abstained is abstains, (res.abstain_reason, res.abstain_detail)


@pytest.mark.parametrize(("turn", "abstains"), [
    ("we rent lock-up 7c behind the station for the bikes", True),   # a unit number is not the code
    ("the lock-up behind the station opens with 3081", False),
])
def test_a_code_to_open_something_is_digits_or_a_code(turn, abstains):
    q = "what's the code for the bike lock-up?"
    assert asked(q).value == "code"
    res = ask(store(turn), q)
    assert res.abstained is abstains, (res.abstain_reason, res.abstain_detail)


def test_a_named_speakers_own_words_are_their_view():
    m = Memory(config=MemoryConfig())
    m.add([{"role": "user", "name": "Tomasz", "content": "The new bakery on Mill Street charges 6 pounds for a sourdough loaf, way too much for me",
            "timestamp": T0.isoformat()}], user_id="u", admission="all")
    res = ask(m, "what does Tomasz think of the new bakery?")
    assert not res.abstained, res.abstain_detail
