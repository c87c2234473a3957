"""The calendar the time-expression modules share: month and weekday names with their numbers, a
day as a datetime at midnight, month arithmetic, and the choice among a date's readings of the one
its weekday names (:func:`weekday_fit`). :mod:`.timex_resolve` imports
:mod:`.timex_kinds`, so the helpers both need live here, below both, rather than in either.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, tzinfo

from ..lexicon.calendar import MONTHS, WEEKDAYS

__all__ = ["MONTHS", "MONTH_NUM", "WEEKDAYS", "WD_NUM", "day", "add_months", "first_of_month", "years_of", "weekday_fit"]

#: A month's number by its name, its three-letter abbreviation or "sept".
MONTH_NUM = {m: i for i, m in enumerate(MONTHS, 1)}
MONTH_NUM.update({m[:3]: i for i, m in enumerate(MONTHS, 1)})
MONTH_NUM["sept"] = 9
#: A weekday's number (Monday 0, as ``date.weekday``) by its name or the abbreviations people write.
WD_NUM = {d: i for i, d in enumerate(WEEKDAYS)}
WD_NUM.update({d[:3]: i for i, d in enumerate(WEEKDAYS)})
WD_NUM.update({"tues": 1, "weds": 2, "thur": 3, "thurs": 3})


def day(d: date, tz: tzinfo | None) -> datetime:
    """Midnight at the start of ``d`` in ``tz``."""
    return datetime(d.year, d.month, d.day, tzinfo=tz)


def add_months(d: date, n: int) -> date:
    """``n`` months from ``d``; its day kept up to the 28th (every month has one)."""
    y, m = divmod(d.month - 1 + n, 12)
    return date(d.year + y, m + 1, min(d.day, 28))


def first_of_month(d: date, step: int) -> date:
    """The first day of the month ``step`` months from ``d``'s."""
    return add_months(d.replace(day=1), step)


#: How far from today a reading may lie to be chosen by its weekday at all: a year and a half.
NEARBY_DAYS = 548
#: How far from today a weekday-fitting reading may lie against the tense: half a year.
OTHER_SIDE_DAYS = 183


def years_of(m: int, d: int, today: date, span: int = 1) -> list[date]:
    """Day ``d`` of month ``m`` in each year from ``span`` before today's to ``span`` after (Feb 29 only in leap years)."""
    out = []
    for y in range(today.year - span, today.year + span + 1):
        try:
            out.append(date(y, m, d))
        except ValueError:
            continue
    return out


def weekday_fit(wd: int | None, cands: Iterable[date], today: date, tense: str | None) -> date | None:
    """Of a date's readings (its year, its month, day/month against month/day), the one on weekday ``wd``
    ("Wednesday June 17": the year whose June 17 is a Wednesday): the nearest to today on the tense's side
    (past: on or before today, future: on or after), else the nearest on the other side within
    ``OTHER_SIDE_DAYS`` (a weekday said is firmer evidence than a tense guessed from the clause's verbs:
    "paper says Wednesday June 17", "the email came: race is Sunday October 18th"); ``None`` when no
    reading within ``NEARBY_DAYS`` falls on that weekday (a typo in the day or the weekday: the caller keeps its rule
    without the weekday)."""
    if wd is None:
        return None
    fit = [c for c in cands if c.weekday() == wd and abs((c - today).days) <= NEARBY_DAYS]
    if not fit:
        return None
    side = [c for c in fit if (c <= today if tense == "past" else c >= today if tense == "future" else True)]
    side = side or [c for c in fit if abs((c - today).days) <= OTHER_SIDE_DAYS]
    return min(side, key=lambda c: (abs((c - today).days), c < today)) if side else None
