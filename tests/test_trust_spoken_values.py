"""Values said the way people say them aloud (session 10, issue 11): a price or a year read as its
digits ("a two-forty ticket", "nineteen seventy"), digits said one at a time with "oh", halves,
scale words (lakh, crore, "2.4 million"), currency codes and rand, a unit joined by a hyphen, tonnes,
and amps or volts glued to their number in a text about wiring. Each case has its own wording, none
taken from an evaluation set."""

import pytest

from memwarden.trust.features import features
from memwarden.trust.stance import detect_stance
from memwarden.trust.typed_values import words_to_digits


@pytest.mark.parametrize("text, value", [
    ("a two-forty ticket", "240"),             # tens after a number are its last two digits
    ("the cab was seven fifty", "750"),
    ("it's nineteen twelve a month", "1912"),  # a teen after a number too
    ("fifty-three people came", "53"),         # a sum runs tens first, as before
    ("a hundred and twenty", "120"),
])
def test_a_spoken_amount_is_its_digits(text, value):
    assert value in features(text).numbers | features(text).dates


def test_a_spoken_pair_after_a_clock_word_is_a_time():
    assert "9:40" in features("the bus comes at nine forty").numbers
    assert "6:15" in features("meet me by six fifteen").numbers


@pytest.mark.parametrize("text, value", [
    ("call extension two oh four", "204"),
    ("she's in ward four oh one", "401"),
])
def test_digits_said_one_at_a_time_with_oh(text, value):
    assert value in features(text).numbers


def test_oh_alone_is_no_digit():
    assert words_to_digits("oh no, one more") == "oh no, one more"


@pytest.mark.parametrize("text, value", [
    ("he has half a biscuit at night", "0.5"),
    ("a spoonful and a half with meals", "1.5"),
    ("two and a half hours on the train", "2.5"),
    ("we borrowed six and a half thousand", "6500"),
])
def test_halves(text, value):
    assert value in features(text).numbers


@pytest.mark.parametrize("text, value, unit", [
    ("the loan is 4 lakh", "400000", None),
    ("a turnover of 2 crore rupees", "20000000", "₹:20000000"),
    ("the club has 2.4 million members", "2400000", None),
    ("fees are 900 AUD a term", "900", "$:900"),
    ("the bond was R12 000", "12000", "R:12000"),
    ("the trailer takes 2 tonnes", "2", "t:2"),
    ("a 6-foot fence", "6", "ft:6"),
])
def test_scales_currencies_and_units(text, value, unit):
    f = features(text)
    assert value in f.numbers
    if unit:
        assert unit in f.units


def test_a_hyphenated_measure_keeps_its_word():
    assert "month" in features("a six-month contract").content


def test_amps_glued_to_the_number_only_in_a_text_about_wiring():
    assert "amp:40" in features("the oven needs a 40A breaker").units
    assert "12a" in features("she lives at 12A on the hill").numbers  # a flat, not a current


@pytest.mark.parametrize("a, b", [
    ("the garage quoted two-eighty for the brakes", "the brakes will cost $280"),
    ("the kettle lead is 13 amp", "kettle circuit fuse: 13A"),
    ("the trailer can carry 2,000kg", "the trailer's limit is 2 tonnes"),
    ("the shed is 96 inches long", "it's an 8-foot shed"),
])
def test_one_value_written_two_ways_is_no_contradiction(a, b):
    assert detect_stance(a, b, cosine=0.7).label != "contradict"


def test_a_different_spoken_value_still_contradicts():
    assert detect_stance("the garage quoted two-eighty for the brakes", "the brakes will cost $380",
                         cosine=0.7).label == "contradict"
