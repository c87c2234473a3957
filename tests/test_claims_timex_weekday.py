"""A date said with its weekday and no year (issue 10, "time anchored"): the weekday picks the year,
the month (of "Saturday the 16th") and the order of a numeric date, against the session clock."""

from __future__ import annotations

from datetime import date, datetime, timezone

import pytest

from memwarden.claims.timex import clause_tense, find_times
from memwarden.claims.timex_calendar import weekday_fit, years_of

#: Sunday 10 May 2026, 09:30 UTC.
CLOCK = datetime(2026, 5, 10, 9, 30, tzinfo=timezone.utc)


def resolved(text: str) -> str | None:
    hits = [h for h in find_times(text, CLOCK, clause_tense(text)) if h.begin is not None]
    return hits[0].begin.date().isoformat() if hits else None


@pytest.mark.parametrize("text,expected", [
    # April 3 is a Friday this year and a Saturday next year: the reunion is next year's
    ("the reunion is Saturday April 3", "2027-04-03"),
    # past tense, and last year's April 3 was the Thursday
    ("the inspection was Thursday April 3", "2025-04-03"),
    # a past tense read from "moved", but only this year's June 17 is a Wednesday (five weeks on)
    ("they moved the hearing to Wednesday June 17", "2026-06-17"),
    ("christening was on Wed 15 Jan", "2025-01-15"),
    # day/month against month/day: only 4 September falls on a Friday nearby
    ("appointment: Fri 4/9", "2026-09-04"),
    # no month said: the 16th that is a Saturday is this month's, though the clause is past
    ("the fete got moved to Saturday 16th", "2026-05-16"),
])
def test_the_weekday_said_picks_the_reading_it_falls_on(text: str, expected: str) -> None:
    assert resolved(text) == expected


@pytest.mark.parametrize("text,expected", [
    ("the audit is Monday June 17", "2026-06-17"),  # June 17 is no Monday in 2025-2027: the rule without it
    ("it was Wednesday June 17 2025", "2025-06-17"),  # a year said is kept, weekday or not
    ("the audit is June 17", "2026-06-17"),
])
def test_a_weekday_that_fits_no_reading_or_a_year_said_changes_nothing(text: str, expected: str) -> None:
    assert resolved(text) == expected


def test_weekday_fit_prefers_the_tense_side_then_the_nearest_other_side() -> None:
    today = date(2026, 5, 10)
    fridays = [date(2026, 5, 1), date(2026, 5, 15)]  # both Fridays
    assert weekday_fit(4, fridays, today, "past") == date(2026, 5, 1)
    assert weekday_fit(4, fridays, today, "future") == date(2026, 5, 15)
    assert weekday_fit(4, fridays, today, None) == date(2026, 5, 15)  # 5 days on beats 9 days back
    assert weekday_fit(4, [date(2026, 5, 15)], today, "past") == date(2026, 5, 15)
    assert weekday_fit(4, [date(2027, 1, 15)], today, "past") is None  # over half a year against the tense
    assert weekday_fit(None, fridays, today, None) is None
    assert weekday_fit(0, fridays, today, None) is None


def test_years_of_skips_a_leap_day_in_common_years() -> None:
    assert years_of(2, 29, date(2027, 6, 1)) == [date(2028, 2, 29)]
    assert years_of(6, 17, date(2026, 5, 10), span=2) == [date(y, 6, 17) for y in range(2024, 2029)]


@pytest.mark.parametrize("text,expected", [
    ("discharge plan: Tue 9 Dec. care twice daily", "2025-12-09"),  # "Dec." ends the sentence, no digit after
    ("ferry is Thu 27 aug, 06:10", "2026-08-27"),
    ("gig on Sat 12 SEP", "2026-09-12"),
    ("party on Friday the 3rd of Dec", "2026-12-03"),  # only a Friday in 2027, a year and a half on: the rule without it
])
def test_an_abbreviated_month_after_a_weekday_and_a_day_is_the_month(text: str, expected: str) -> None:
    assert resolved(text) == expected


def test_a_word_starting_like_a_month_after_a_weekday_and_a_number_is_no_month() -> None:
    texts = [h.text for h in find_times("Fri 3 decent seats left", CLOCK, None)]
    assert texts and not any("dec" in t.lower() for t in texts)
