"""Session 15 (s15-verdict2): the one-breath repair narrowed after the lead's misfire review, and
year-month-day dates read in the form "17 March 2026" takes.

Everyday sentences that carry a repair word or a date-like number but take nothing back must reject
nothing; a real repair still replaces the value right before its cue.
"""

from __future__ import annotations

import pytest

from memwarden.trust.features import features
from memwarden.trust.value_cues import spell_numeric_dates

NO_REPAIR = [
    # "sorry" before a bare number answers another question
    "The train's at 8:50 from Euston... sorry, 6, the platform I mean",
    "Ollie turns 5 in May... sorry, 28, that's his shoe size",
    "my council tax is £140 and the water - sorry, £38",
    # "correction" as a noun
    "Since the stock correction, my shares are worth $4,100",
    "After the eye test correction, the lenses were £95",
    # "no wait" as no queue
    "We got a table for 2 at the curry house, no wait even at 8 on a Friday, bill was 54 quid",
    # interruptions: an order, a name called
    "Buy 4 stools, no, hang on, don't get them yet, Nan has 3 spare",
    "it's roughly 3,000... no, hang on, Priya, leave the cat alone! anyway the deposit is 700",
    "I owe 250 on the card - wait, no, don't pay it yet - the gas bill is 64",
    # "wait, no" as surprise
    "Wait, no way, you got it for 15? I paid 40",
    "wait no way, the bus is only 2 quid now",
    # the value repeated after the cue with "still" is kept
    "the talk is at 6. Correction, the email says the doors open at 5:30, talk still at 6",
    # a repair of something said without a value
    "the rent is £1,100 and the parking - sorry, £60 a month",
    "Lunch was 12 quid, no wait, I mean the sandwich place, not the cafe",
    "we're at number 14, sorry, sorry, the bell's broken",
    "I've had 3 coffees today, no, hang on, let me think",
]


@pytest.mark.parametrize("text", NO_REPAIR)
def test_ordinary_talk_with_a_repair_word_rejects_nothing(text: str) -> None:
    assert features(text).rejected == frozenset()


@pytest.mark.parametrize("text,dropped", [
    ("dinner's at 7, no wait, 8", "7:00"),
    ("my flat is number 9 — wait, no, 19", "9"),
    ("the invoice was €300... sorry €3,000", "300"),
    ("vet's monday the 3rd at 10 - no hang on, they rang to move it, it's tuesday the 4th, same time", "monday"),
    ("I said 5 at the desk, but actually it's 15", "5"),
    ("it's £950 a month - no hang on, £990", "950"),
    ("I reckon it was 20 quid, no wait, 25", "20"),
])
def test_a_repair_right_after_its_value_still_replaces_it(text: str, dropped: str) -> None:
    assert dropped in features(text).rejected


@pytest.mark.parametrize("text", [
    "Pizza came to 11:20, sorry, 4 of us shared it",
    "at 9:15, wait, no, 4 people are coming",
])
def test_a_bare_number_after_a_time_with_minutes_is_no_clock_time(text: str) -> None:
    assert not any(":" in v for v in features(text).rejected)


@pytest.mark.parametrize("text", [
    "they beat us 14/3.", "we cut the hours by 1/3.", "I'm about 2/3 done.", "the score was 13/2.",
])
def test_a_score_or_a_share_ending_a_sentence_is_no_date(text: str) -> None:
    assert spell_numeric_dates(text) == text


def test_a_date_ending_a_sentence_after_on_is_a_date() -> None:
    assert spell_numeric_dates("the hearing is on 21/07.") == "the hearing is on july 21."


@pytest.mark.xfail(strict=True, reason="the ISO reading (s15-verdict2 f4cb3f6) was reverted: a fresh review found an ISO "
                   "date in a negated clause turning the next clause's claim FALSE (4 wrong / 4 right)")
@pytest.mark.parametrize("iso,spoken", [
    ("Booking confirmed: Friday 2026-05-22, 10:00", "booked on 22 May"),
    ("Invoice date 2025-11-03", "invoiced on 3 November 2025"),
])
def test_a_year_month_day_date_is_the_day_and_month_said(iso: str, spoken: str) -> None:
    a, b = features(iso), features(spoken)
    day = next(n for n in b.numbers)
    assert day in a.numbers and b.dates - {"2025", "2026"} <= a.dates


@pytest.mark.parametrize("text", [
    "reminder (2026-05-22) sent",           # the extractor's resolution stays one date
    "log at 2026-05-22T09:14:00Z",          # a timestamp
    "build 2026-05-22-3 is red",            # a code
    "range 2026-01-01..2026-03-31",         # the extractor's range
    "part no. 2026-13-40",                  # no month 13
])
def test_other_year_month_day_shapes_stay_as_written(text: str) -> None:
    assert spell_numeric_dates(text) == text
