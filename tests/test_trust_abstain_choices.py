"""Session 23: alternative questions, questions whose money word is not what they ask, surnames and names written with
accented letters (trust/choice.py, trust/asked.py, trust/attribute.py, trust/names.py). The wording is this file's
own, both sides of each class: a question whose answer no memory states, and the same question where one does."""

from datetime import datetime, timezone

import pytest

from memwarden.trust.asked import asked
from memwarden.trust.choice import offered_answers
from memwarden.trust.names import names_in
from test_trust_abstain_kinds import ask as ask_at, store_at

T0 = datetime(2026, 5, 4, 9, tzinfo=timezone.utc)


def ask(query: str, *turns: str):
    return ask_at(store_at(T0, *turns), query, T0)


@pytest.mark.parametrize(("query", "pair"), [
    ("did she break her left or right wrist?", ("left", "right")),
    ("is the new kitten a boy or a girl?", ("boy", "girl")),
    # an answer of two words is not read ("in person"), nor "or so", "or not", "or something"
    ("are the lessons online or in person?", None),
    ("is it about an hour or so to the coast?", None),
    ("did the parcel come or not?", None),
    ("should I bring wine or something?", None),
])
def test_the_answers_an_alternative_question_offers(query, pair):
    assert offered_answers(query) == pair


@pytest.mark.parametrize(("turns", "query", "abstains"), [
    # neither offered answer is ever spoken of: the wrist is, the side is not
    (["my sister came off her bike and broke her wrist, she's in a cast for six weeks"],
     "did my sister break her left or right wrist?", True),
    (["my sister came off her bike and broke her left wrist, she's in a cast for six weeks"],
     "did my sister break her left or right wrist?", False),
    (["we're picking up the kitten from the rescue on Saturday, eight weeks old, tabby"],
     "is the kitten a boy or a girl?", True),
    (["we're picking up the kitten from the rescue on Saturday, a little tabby girl"],
     "is the kitten a boy or a girl?", False),
])
def test_an_alternative_question_needs_one_of_its_answers_said(turns, query, abstains):
    res = ask(query, *turns)
    assert res.abstained is abstains, (res.abstain_reason, res.abstain_detail)


@pytest.mark.parametrize("query", [
    "why is my lodger holding back the rent?",
    "how are we dividing the bill for the cottage?",
    "what payment terms did I agree with the printer?",
    "which statement will the refund show up on?",
])
def test_a_money_word_that_is_only_the_topic_asks_no_amount(query):
    assert asked(query).value != "amount"


@pytest.mark.parametrize("query", ["how much rent do I pay?", "what do I pay the dog walker?",
                                   "how much did the printer charge?"])
def test_money_questions_still_ask_an_amount(query):
    assert asked(query).value == "amount"


def test_a_reason_asked_about_rent_is_answered_by_the_reason():
    res = ask("why is my lodger holding back the rent?",
              "my lodger says he's holding back the rent until I get the damp in his room sorted")
    assert not res.abstained, (res.abstain_reason, res.abstain_detail)


@pytest.mark.parametrize(("turns", "query", "abstains"), [
    (["the new apprentice Callum starts on Monday, he's 18"], "what's Callum's surname?", True),
    (["the new apprentice Callum Ferris starts on Monday, he's 18"], "what's Callum's surname?", False),
    (["the new apprentice is Callum, last name Ferris, starts Monday"], "what's Callum's last name?", False),
])
def test_a_first_name_alone_is_no_surname(turns, query, abstains):
    res = ask(query, *turns)
    assert res.abstained is abstains, (res.abstain_reason, res.abstain_detail)


def test_a_name_written_with_an_accent_is_a_name():
    assert names_in("we're away that week so Sinéad will open up", "who is opening up that week?")
    assert names_in("we're away that week, Ólöf will open up", "who is opening up that week?")
    # the question's own accented name, read whole, is no new name
    assert not names_in("my cousin Zbigniew is coming over for the weekend", "what is Zbigniew bringing?")
    assert not names_in("my cousin Paweł is coming over for the weekend", "what is Paweł bringing?")
