"""Session 22: abstaining on what was never said, answering what was (trust/asked_head.py, trust/asked.py,
trust/aspect.py). Wording here is this file's own, both sides of each class: a question whose value no memory
states, and the same question where one does."""

from datetime import datetime, timezone

import pytest

from memwarden.trust.asked import asked
from memwarden.trust.asked_head import owner_head
from memwarden.trust.aspect import asked_aspect
from test_trust_abstain_kinds import ask as ask_at, store_at

T0 = datetime(2026, 3, 2, 8, tzinfo=timezone.utc)


def store(*texts: str):
    return store_at(T0, *texts)


def ask(m, query: str):
    return ask_at(m, query, T0)


@pytest.mark.parametrize(("query", "owner"), [
    # a past participle is a verb, never the thing whose value is asked
    ("who's got the shed key?", None),
    ("who's allowed to pick the twins up from nursery?", None),
    ("when is my housing benefit paid?", "benefit"),
    ("where is grandad's spare inhaler kept?", "inhaler"),
    # unchanged
    ("when is Ted's birthday?", "ted"),
])
def test_the_owner_noun_after_a_participle(query, owner):
    assert owner_head(query) == owner


@pytest.mark.parametrize("query", ["how much am I paid an hour at the bakery?", "how much did the roofer quote me?",
                                   "how much is the gym each month?", "how much is the window cleaner charging?",
                                   "how much is Nan's pension?"])
def test_pay_quotes_and_monthly_prices_ask_money(query):
    assert asked(query).value == "amount"


@pytest.mark.parametrize("query", ["how much is left in the pot?", "how much do I squat these days?"])
def test_how_much_of_a_quantity_stays_a_number(query):
    assert asked(query).value == "number"


@pytest.mark.parametrize(("query", "aspect"), [
    ("when do we fly back from Lisbon?", "return"),
    ("what time is the return coach?", "return"),
    ("when does the hire car have to go back?", "return"),
    ("when did they meet up after returning from Lisbon?", None),
    ("when does the course start?", "start"),
])
def test_the_way_back_is_an_end_of_its_own(query, aspect):
    assert asked_aspect(query) == aspect


@pytest.mark.parametrize(("turns", "query", "abstains"), [
    # "how much is X" asks money: a count of visits states none; left-over or lifted amounts stay numbers
    (["we see the physio twice a month"], "how much is the physio?", True),
    (["the physio is 45 a session"], "how much is the physio?", False),
    # a time of what is asked, said with only one of its words, still answers (lead, session 22: the branch's
    # "what time is X" owner read was reverted after a review found "lunch is 12 til half 12" refused)
    (["lunch is 12 til half 12 on my long days"], "what time is my lunch break?", False),
    (["lunch break tomorrow is at 12:30, only half an hour"], "what time is my lunch break tomorrow?", False),
    # hours worked say no hourly pay
    (["started at the bakery, weekday mornings 6 to 11"], "how much am I paid an hour at the bakery?", True),
    (["started at the bakery, £11.90 an hour, weekday mornings"], "how much am I paid an hour at the bakery?", False),
    # the day we fly out is no day we fly back
    (["flying out to Lisbon on the 14th of April for my cousin's wedding"], "when do we fly back from Lisbon?", True),
    (["flying out to Lisbon on the 14th of April, back on the 21st"], "when do we fly back from Lisbon?", False),
    (["off to Lisbon for a week from the 14th of April"], "when do we fly back from Lisbon?", False),
    # a participle after "who's" asks who does it, whatever the memory calls the thing
    (["my neighbour Gwen has the spare key to the shed"], "who's got the shed key?", False),
    # a landlord said as the owner, a baby on the way as "expecting"
    (["the owner of our flat is a Mr Pritchard, lives in Cardiff"], "who's our landlord?", False),
    (["my niece is expecting, due in late August"], "when is the baby due?", False),
])
def test_abstains_on_what_was_never_said_and_answers_what_was(turns, query, abstains):
    res = ask(store(*turns), query)
    assert res.abstained is abstains, (res.abstain_reason, res.abstain_detail)
