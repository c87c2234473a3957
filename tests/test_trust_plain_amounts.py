"""Grouped amounts are one number on both sides of a verdict (session 16, issue 11).

"NGN 350,000.00" was read as the numbers 350 and 0 and "Ksh12,000.00" as the code "ksh12", so a claim
of 350,000 or 12,000 read "numbers differ". Everyday wording of our own, none from the eval sets.
"""

from __future__ import annotations

import pytest

from memwarden.trust.features import features
from memwarden.trust.value_cues import plain_amounts


@pytest.mark.parametrize("text,number", [
    ("transfer of 350,000.00 received", "350000"),
    ("Ksh12,000.00 sent to the landlord", "12000"),
    ("R1,800.00 for the deposit", "1800"),
    ("Rs. 4,500.00 paid at the counter", "4500"),
    ("the car was 1.200.000 in the end", "1200000"),
    ("rent is 1,450.00 a month", "1450"),
    ("it came to 1,900.00 with delivery", "1900"),
])
def test_a_grouped_amount_is_one_number(text: str, number: str) -> None:
    nums = features(text).numbers
    assert number in nums and "0" not in nums


@pytest.mark.parametrize("text", [
    "we need 3,4 or 5 chairs",
    "the score was 3,2 in the end",
    "meet at 10,30 if that works",
    "on version 1.2.3 now",
    "pages 12, 13 and 14",
    "it's 2.5 km to the station",
    "€2.500,00 for the sofa",
    "rooms 1, 2, 3 are free",
    "the tyre is 215/60 R16",
    "flight LH921 lands at 6",
    "I got 98.6 on the thermometer",
    "we paid $12.50 each",
    "it weighs 4.2kg now",
    "ref AB123 for the parcel",
    "the 1.5 litre bottle",
    "she ran 5,000m yesterday",
    "the 3.30 train is late",
])
def test_ordinary_numbers_are_left_as_written(text: str) -> None:
    assert plain_amounts(text) == text


def test_a_grouped_four_digit_amount_is_no_year() -> None:
    assert "1900" in features("1,900 kcal a day").numbers
    assert "1900" not in features("1,900.00 kcal a day").dates
