"""Resolving a matched time expression against the session clock: the calendar helpers only it
needs (those :mod:`.timex_kinds` needs too are in :mod:`.timex_calendar`) and :func:`resolve` (one branch per pattern kind of :mod:`memwarden.claims.timex`; the kinds added in
session 7 resolve in :mod:`memwarden.claims.timex_kinds`). Split from ``timex.py``, which finds the
expressions, to keep each module readable; behaviour is unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date, datetime, time, timedelta

from .timex_calendar import (MONTH_NUM as _MONTH_NUM, MONTHS as _MONTHS, WD_NUM as _WD_NUM, add_months as _add_months, day as _day,
                             weekday_fit, years_of)
from .timex_kinds import DATE_KINDS, KIND_TRIGGERS, resolve_date_kind, resolve_kind

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2, "a couple": 2,
            "couple of": 2, "a few": 3, "few": 3, "several": 3}

#: Chat spellings of the relative days.
_CHAT_DAY = {"tonite": "tonight", "tmrw": "tomorrow", "tmrow": "tomorrow", "tmr": "tomorrow", "2moro": "tomorrow",
             "2morrow": "tomorrow", "tomoz": "tomorrow", "yday": "yesterday"}


def _num(s: str) -> int:
    s = s.lower()
    return int(s) if s.isdigit() else _NUMBERS.get(s, 1)


def _month_span(y: int, m: int, tz) -> tuple[datetime, datetime]:  # type: ignore[no-untyped-def]
    start = datetime(y, m, 1, tzinfo=tz)
    nxt = _add_months(date(y, m, 1), 1)
    return start, datetime(nxt.year, nxt.month, 1, tzinfo=tz) - timedelta(seconds=1)


def _pick_year(m: int, d: int, today: date, tense: str | None) -> date:
    cands = years_of(m, d, today)
    if not cands:
        raise ValueError("no such day")
    if tense == "past":
        past = [c for c in cands if c <= today]
        return past[-1] if past else cands[0]
    if tense == "future":
        fut = [c for c in cands if c >= today]
        return fut[0] if fut else cands[-1]
    # no tense said ("my sons start school on september 3", "the festival is june 20th"): the nearest, but
    # a date more than two months gone is read as the coming one (plans are talked about ahead)
    near = min(cands, key=lambda c: abs((c - today).days))
    return near if (today - near).days <= 62 else min(c for c in cands if c > today)


def _day_in_months(d: int, today: date, offsets: Iterable[int]) -> list[date]:
    """Day ``d`` of each month ``offsets`` away from today's, skipping months without one."""
    cands = []
    for k in offsets:
        first = _add_months(today.replace(day=1), k)
        try:
            cands.append(date(first.year, first.month, d))
        except ValueError:
            continue
    if not cands:
        raise ValueError(f"no month has a day {d}")
    return cands


def _weekday_nth(wd: int, d: int, today: date, tense: str | None) -> date:
    """ "Wednesday the 19th": the nearest month (on the tense's side of today, else on the other) whose
    19th is a Wednesday; when none within six months is, the nearest 19th on the tense's side (the day
    said wins)."""
    cands = _day_in_months(d, today, range(-6, 7))
    fit = weekday_fit(wd, cands, today, "past" if tense == "past" else "future")
    if fit is not None:
        return fit
    side = [c for c in cands if (c <= today if tense == "past" else c >= today)] or cands
    return min(side, key=lambda c: abs((c - today).days))


def _clock(h: int, mi: int, ap: str | None) -> time | None:
    if ap:
        ap = ap.lower().replace(".", "")
        if not 1 <= h <= 12:
            return None
        h = h % 12 + (12 if ap == "pm" else 0)
    elif h > 23 or mi > 59:
        return None
    return time(h, mi)


_SEASONS = {"spring": (3, 5), "summer": (6, 8), "fall": (9, 11), "autumn": (9, 11), "winter": (12, 2)}


def _season_span(name: str, year: int) -> tuple[date, date]:
    """The first and last day of the season that starts in ``year`` (winter runs into the next)."""
    first, last = _SEASONS[name]
    return date(year, first, 1), _add_months(date(year if last > first else year + 1, last, 1), 1) - timedelta(days=1)


def resolve(kind: str, m: re.Match[str], anchor: datetime, tense: str | None) -> tuple[datetime | None, datetime | None, time | None]:
    tz, today = anchor.tzinfo, anchor.date()
    g = m.groupdict()
    pre = (g.get("pre") or "").strip().lower()
    if kind == "iso":
        d = date(int(g["y"]), int(g["m"]), int(g["d"]))
        return _day(d, tz), None, None
    if kind == "wd_date":
        wd = _WD_NUM[g["wd"].lower().rstrip(".")[:3]]
        d = int(g.get("d") or g["d3"])
        mon_s = g.get("mon") or g.get("mon2") or g.get("mon3")
        if mon_s:
            mon = _MONTH_NUM[mon_s.lower().rstrip(".")]
            day = (date(int(g["y"]), mon, d) if g.get("y")
                   else weekday_fit(wd, years_of(mon, d, today), today, tense) or _pick_year(mon, d, today, tense))
            return _day(day, tz), None, None
        return _day(_weekday_nth(wd, d, today, tense), tz), None, None
    if kind == "range_dm":
        mon = _MONTH_NUM[g["mon"].lower().rstrip(".")]
        d1, d2 = int(g["d"]), int(g["d2"])
        if not 1 <= d1 < d2 <= 31:
            raise ValueError("not a range of days")
        end = date(int(g["y"]), mon, d2) if g.get("y") else _pick_year(mon, d2, today, tense)
        return _day(end.replace(day=d1), tz), _day(end, tz) + timedelta(days=1, seconds=-1), None  # to the end of the last day, as a month span
    if kind in ("md", "dm"):
        mon = _MONTH_NUM[g["mon"].lower().rstrip(".")]
        d = date(int(g["y"]), mon, int(g["d"])) if g.get("y") else _pick_year(mon, int(g["d"]), today, tense)
        return _day(d, tz), None, None
    if kind == "nth":  # "on the 12th": this month's or the next/previous month's, as the tense says
        d = int(g["d"])
        cands = _day_in_months(d, today, (-1, 0, 1))  # ValueError for "the 0th bed", "the 45th"
        if tense == "past":
            pick = max((c for c in cands if c <= today), default=cands[0])
        else:
            pick = min((c for c in cands if c >= today), default=cands[-1])
        return _day(pick, tz), None, None
    if kind == "month":
        mon_s = g["mon"].lower().rstrip(".")
        if g.get("mid"):
            pre = "mid"
        elif not pre and mon_s not in _MONTHS and not g.get("y"):
            raise ValueError("an abbreviation alone is not a month")  # "the mar" , "a sep"
        mon = _MONTH_NUM[mon_s]
        if pre == "since":
            tense = "past"
        elif pre in ("until", "till", "by"):
            # "not drinking till march" (said in May): the coming March; "I lived there until March" the last
            tense = "past" if tense == "past" else "future"
        elif pre in ("from", "starting"):
            tense = None  # "rent goes up from August": the nearest August, whatever the verb's tense
        if g.get("y"):
            y = int(g["y"])
        else:
            y = _pick_year(mon, 1, today.replace(day=1), "past" if pre == "last" else "future" if pre == "next" else tense).year
            if tense is None and pre in ("from", "starting") and date(y, mon, 1) < today.replace(day=1):
                y += 1 if (today.replace(day=1) - date(y, mon, 1)).days > 62 else 0
        s, e = _month_span(y, mon, tz)
        if pre in ("end of", "late"):  # "at the end of June" is its last days, "mid-June" its middle
            return e.replace(hour=0, minute=0, second=0) if pre == "end of" else s.replace(day=21), None, None
        if pre in ("mid", "mid-"):
            return s.replace(day=15), None, None
        if pre in ("from", "since"):
            return s, None, None
        if pre in ("until", "till", "through", "by"):
            return None, e, None
        return s, e, None
    if kind == "rel_day":
        w = g["w"].lower()
        off = {"today": 0, "tonight": 0, "tomorrow": 1, "yesterday": -1, "day after tomorrow": 2,
               "day before yesterday": -2, "night before last": -2, "last night": -1}.get(_CHAT_DAY.get(w, w), 0)
        if g.get("off"):  # "a week today", "a fortnight tomorrow": that far on (back, from "yesterday")
            off += (1 if off >= 0 else -1) * (7 if g["off"].lower() == "a week" else 14)
        return _day(today + timedelta(days=off), tz), None, None
    if kind == "wd":
        wd, suf = _WD_NUM[g["wd"].lower().rstrip(".")], (g.get("suf") or "").lower()
        if pre.startswith(("every", "each")):
            return None, None, None  # "every other thursday": a habit, no one day
        if suf == "next week":  # "tuesday next week": that day in next week's Monday-to-Sunday
            return _day(today - timedelta(days=today.weekday() - 7 - wd), tz), None, None
        # "a week on tuesday", "tuesday week", "tuesday after next": the coming one and a week (a fortnight) more
        extra = 14 if suf == "fortnight" or "fortnight" in (g.get("off") or "") else 7 if suf in ("week", "after next") or g.get("off") else 0
        if extra or suf == "next":
            return _day(today + timedelta(days=((wd - today.weekday()) % 7 or 7) + extra), tz), None, None
        if pre in ("last", "since") or (pre in ("", "on") and tense == "past"):
            back = (today.weekday() - wd) % 7 or 7
            return _day(today - timedelta(days=back), tz), None, None
        ahead = (wd - today.weekday()) % 7 or 7
        d = today + timedelta(days=ahead)
        return (_day(d, tz), None, None) if pre not in ("until", "till", "by") else (None, _day(d, tz), None)
    if kind == "rel_period":
        u, step = (g["u"] or g["u2"]).lower(), {"last": -1, "past": -1, "this": 0, "coming": 1, "next": 1, "": 2}[pre]
        if u in ("week", "weekend"):
            monday = today - timedelta(days=today.weekday()) + timedelta(weeks=step)
            s = monday + timedelta(days=5) if u == "weekend" else monday
            e = monday + timedelta(days=6)
            return _day(s, tz), _day(e, tz), None
        if u == "month":
            first = _add_months(today.replace(day=1), step)
            return _month_span(first.year, first.month, tz)[0], _month_span(first.year, first.month, tz)[1], None
        if u == "year":
            y = today.year + step
            return datetime(y, 1, 1, tzinfo=tz), datetime(y, 12, 31, tzinfo=tz), None
        s, e = _season_span(u, today.year + step)
        return _day(s, tz), _day(e, tz), None
    if kind == "weekend":
        wd = today.weekday()
        sat = (today - timedelta(days=(wd - 5) % 7 or 7) if tense == "past"
               else today + timedelta(days=5 - wd) if wd <= 5 else today - timedelta(days=1))
        return _day(sat, tz), _day(sat + timedelta(days=1), tz), None
    if kind == "season":
        spans = [_season_span(g["u"].lower(), y) for y in (today.year - 1, today.year, today.year + 1)]
        if tense == "past":
            st, en = max((x for x in spans if x[0] <= today), key=lambda x: x[0])
        else:
            st, en = min((x for x in spans if x[1] >= today), key=lambda x: x[0])
        return _day(st, tz), _day(en, tz), None
    if kind in ("in_n", "ago"):
        u, sign = g["u"].lower(), 1 if kind == "in_n" else -1
        if u in ("hour", "hr", "minute", "min"):  # "the call is in an hour": a time on the session clock
            mins = (30 if g["n"].lower().startswith("half") else _num(g["n"]) * 60) if u in ("hour", "hr") else _num(g["n"])
            t = anchor + sign * timedelta(minutes=mins)
            return t.replace(second=0, microsecond=0), None, None
        n = 1 if g["n"].lower().startswith("half") else _num(g["n"])
        u = {"wk": "week", "yr": "year"}.get(u, u)
        if u == "fortnight":
            u, n = "week", 2 * n
        if u == "month":
            d = _add_months(today, sign * n)
        elif u == "year":
            d = today.replace(year=today.year + sign * n, day=min(today.day, 28))
        else:
            d = today + sign * timedelta(days=n * (7 if u == "week" else 1))
        return _day(d, tz), None, None
    if kind == "year":
        y = int(g["y"])
        s, e = datetime(y, 1, 1, tzinfo=tz), datetime(y, 12, 31, tzinfo=tz)
        return (s, None, None) if pre in ("since", "from") else (None, e, None) if pre in ("until", "till", "by") else (s, e, None)
    if kind == "clock":
        if g.get("noon"):
            c = time(0, 0) if g["noon"].lower() == "midnight" else time(12, 0)
        elif g.get("h"):
            c = _clock(int(g["h"]), int(g["mi"] or 0), g["ap"])
        else:
            # "4:30" is read as "at 4" is (1-7 pm, as people book); "04:30" is a 24-hour clock.
            h = int(g["h2"])
            c = _clock(h + 12 if 1 <= h <= 7 and not g["h2"].startswith("0") else h, int(g["mi2"]), None)
        return None, None, c
    if kind in DATE_KINDS:
        return (*resolve_date_kind(kind, g, today, tz, tense, _pick_year), None)
    if kind in KIND_TRIGGERS:
        return None, None, resolve_kind(kind, g)
    if kind in ("at_hour", "to_hour"):
        h = int(g["h"])
        if not 1 <= h <= 12:
            return None, None, None
        return None, None, time(h + 12 if h <= 7 else h, 0)
    return None, None, None
