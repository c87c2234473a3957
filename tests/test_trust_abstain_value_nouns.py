"""Abstention per attribute, session 19: the value a question names by its noun ("the delivery date", "my hourly
wage", "the wifi password", "my deadlift max"), a named head that is only the question's topic, who / how-many
questions that name money without asking an amount, and "when" questions about what is to come beside memories
that only say the day something was done. Wording here is this file's own."""

from datetime import datetime, timezone

import pytest

from memwarden.trust.asked import asked
from memwarden.trust.magnitude import states_magnitude
from test_trust_abstain_kinds import ask, store_at

T0 = datetime(2025, 10, 6, 9, tzinfo=timezone.utc)


def abstains(turns: list[str], query: str) -> bool:
    return ask(store_at(T0, *turns), query, T0).abstained


@pytest.mark.parametrize(("query", "value"), [
    ("what's the delivery date for the new sofa?", "date"),
    ("what is the deadline for the planning objection?", "date"),
    ("what's my hourly wage at the cafe?", "amount"),
    ("how much is the stipend for the summer school?", "amount"),
    ("what's my daily allowance on the Leeds course?", "amount"),
    ("what's the wifi password for the cabin?", "code"),
    ("what rating did the inspector give the kitchen?", "grade"),
    ("what's my deadlift max?", "number"),
    ("what's my best time for the 5k?", "time"),
    ("which phone did I get for my nephew?", "model"),
    # money words in a question that asks a person or a count
    ("who do I pay the ground rent to?", "name"),
])
def test_a_value_named_by_its_noun(query, value):
    assert asked(query).value == value


@pytest.mark.parametrize("query", [
    "what does my Tuesday date do for work?",  # a date out with someone, no calendar date: no copula before it
    "how many days of holiday pay do I get?",  # a count of days, not an amount
])
def test_a_noun_that_is_no_value_of_that_class(query):
    assert asked(query).value not in ("date", "amount")


def test_a_named_head_outside_the_asked_phrase_is_only_the_topic():
    a = asked("what colour are the new shirts for the team?")
    assert a.value == "colour" and a.head is None
    # inside the asked phrase it still is the attribute: an insurer must be named as one
    assert asked("who is my home insurer?").head == "insurer"


def test_a_currency_said_after_the_number_by_its_name():
    assert states_magnitude("the gate repair came to 3,500 shillings")
    assert states_magnitude("sent 20,000 naira for the school uniform")


@pytest.mark.parametrize(("turns", "query", "refused"), [
    # the day the glasses were collected is no date their warranty ends (this refusal fails on main)
    (["picked up my new glasses from the optician today"], "when does the warranty on my glasses run out?", True),
    (["the warranty on my new glasses runs out on 3 March 2027"], "when does the warranty on my glasses run out?", False),
    # a wage must be said to be answered (this refusal fails on main)
    (["started at the bakery on Monday, early shifts mostly"], "what's my hourly wage at the bakery?", True),
    (["started at the bakery on Monday, £11.50 an hour"], "what's my hourly wage at the bakery?", False),
    # a delivery date must be a date, not just the order
    (["ordered the corner sofa from Harlow's, it's a grey velvet one"], "what's the delivery date for the sofa?", True),
    (["the corner sofa from Harlow's is being delivered on the 14th of November"], "what's the delivery date for the sofa?",
     False),
])
def test_the_value_named_must_be_stated(turns, query, refused):
    assert abstains(turns, query) is refused
