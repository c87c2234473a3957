"""The calendar the time-expression modules share: month and weekday names with their numbers, a
day as a datetime at midnight, and month arithmetic. :mod:`.timex_resolve` imports
:mod:`.timex_kinds`, so the helpers both need live here, below both, rather than in either.
"""

from __future__ import annotations

from datetime import date, datetime, tzinfo

__all__ = ["MONTHS", "MONTH_NUM", "WEEKDAYS", "WD_NUM", "day", "add_months", "first_of_month"]

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
#: A month's number by its name, its three-letter abbreviation or "sept".
MONTH_NUM = {m: i for i, m in enumerate(MONTHS, 1)}
MONTH_NUM.update({m[:3]: i for i, m in enumerate(MONTHS, 1)})
MONTH_NUM["sept"] = 9
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
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
