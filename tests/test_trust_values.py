"""One definition of the value classes, read by abstention (attribute.py) and by the ranking's
answer-type step (answer_type.py)."""

import pytest

from memwarden.trust import answer_type, attribute
from memwarden.trust.attribute import asked, states
from memwarden.trust.values import VALUES, holds_quantity, holds_when


def test_both_steps_read_the_same_patterns():
    assert attribute.VALUES is VALUES
    # The ranking's "holds a time" is the abstention's date-or-time class.
    for text in ("the plumber comes Tuesday", "fixed for half past six", "renewal is due 3 Nov"):
        assert answer_type.holds_type(text, "time") == holds_when(text) is True
    assert answer_type.holds_type("the quote came to £85", "amount") == holds_quantity("the quote came to £85") is True


@pytest.mark.parametrize("text, when", [
    ("we finally moved in, at last", False),       # "last" counts only with its unit
    ("the vet said next week", True),
    ("this spring the hedge gets cut", True),
    ("booked dinner at Marco's", False),           # a meal alone is a thing, not a time
    ("take two tablets with breakfast", True),
    ("the handover is over lunch", True),
])
def test_when_a_text_states_a_date_or_time(text, when):
    assert holds_when(text) is when


def test_april_is_a_month_not_a_rate():
    # The rate test reads whole words: "April" must not switch a payment question to a rate.
    q = "How much was the April council tax payment?"
    a = asked(q)
    assert a is not None and a.value == "amount"
    # "4% discount" is a rate, not the payment asked for; only "£132" answers it.
    assert not states(a, "the council tax has a 4% discount this year", q)
    assert states(a, "paid £132 council tax", q)
    # A rate question still takes a percentage.
    r = "what interest rate is the car loan on?"
    assert states(asked(r), "the car loan is at 6.9%", r)


@pytest.mark.parametrize("query, kind", [
    ("how big is the deposit on the van?", "amount"),
    ("how long is the warranty on the boiler?", "amount"),
    ("when's the boiler service?", "time"),
    ("what did the plumber say about the boiler?", "cause"),  # a diagnosis (answer_type's cause questions)
    ("who fitted the boiler?", "party"),  # a party (session 8), read by spelling in the answer-type step only
    ("what brand is the boiler?", None),
])
def test_asked_kinds_read_once(query, kind):
    assert answer_type.asked_type(query) == kind
