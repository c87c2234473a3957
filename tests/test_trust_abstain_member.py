"""A question asking which member of a category the speaker has is answered by a first-hand memory
naming one, below the cosine floor (trust/abstain.py ``_member_support``); an attribute of that
thing, or a category no memory names a member of, still abstains."""

import pytest

from test_trust_abstain_kinds import ask, store

import memwarden.trust.abstain as abstain


@pytest.mark.parametrize(("turn", "query"), [
    ("first year of nursing at Keele, the pharmacology is brutal", "what am I studying?"),
    ("second year of history at Durham and the dissertation is eating me alive", "what course am I on?"),
])
def test_a_named_member_answers_which_one_the_speaker_has(turn, query, monkeypatch):
    res = ask(store(turn), query)
    assert not res.abstained, res.abstain_detail
    monkeypatch.setattr(abstain, "_MEMBER_BAND", -1.0)  # the rule off: the cosine floor abstains
    assert ask(store(turn), query).abstained


@pytest.mark.parametrize(("turn", "query"), [
    ("my Pixel 8 screen cracked again this morning", "how much storage does my phone have?"),
    ("first year of nursing at Keele, the pharmacology is brutal", "what am I paying in rent?"),
    ("my dog Biscuit has been poorly all week", "which bank am I with?"),
    ("my dog Biscuit has been poorly all week", "what car do I drive?"),
    ("started at Northgate Primary as a teaching assistant", "what is my salary?"),
])
def test_an_attribute_of_the_thing_or_an_unnamed_category_still_abstains(turn, query):
    res = ask(store(turn), query)
    assert res.abstained, query


def test_the_form_is_a_wh_word_on_the_category_or_a_progressive_verb():
    m = abstain._ASKS_MEMBER
    assert m.match("which store do I work at?").group("noun") == "store"
    assert m.match("What laptop do I have?").group("noun") == "laptop"
    assert m.match("what am I studying") is not None
    for q in ("what is my salary?", "how much RAM does my laptop have?", "who's my manager at work?",
              "what did I think of the ending?"):
        assert m.match(q) is None, q


@pytest.mark.parametrize(("turn", "query"), [
    ("had a curry with Dev at Dishoom on Tuesday", "what am I cooking tonight?"),
    ("I've been at Sainsbury's on the tills since June", "what are we watching on Saturday?"),
    ("my sister Aoife is visiting from Galway", "what am I wearing to the wedding?"),
])
def test_a_progressive_question_set_at_a_time_is_not_answered_by_any_name(turn, query):
    res = ask(store(turn), query)
    assert res.abstained, query


def test_a_progressive_question_set_at_a_time_is_answered_by_a_hit_saying_its_verb():
    res = ask(store("we're watching Paddington 2 at the Curzon on Saturday"), "what are we watching on Saturday?")
    assert not res.abstained, res.abstain_detail
