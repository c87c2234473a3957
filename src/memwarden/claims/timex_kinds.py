"""Spoken time kinds for :mod:`memwarden.claims.timex`: clock words and clock ranges (kept apart so timex stays readable).

Each entry is a closed grammatical class of time talk, not a phrase from a case:

- clock words: "half 7" (British: 7:30), "half past 7", "quarter to 9", "twenty past 4", "10.30" after a
  preposition, "7ish";
- a range of clock times: "from 2 till 4", "between 2 and 4", "7-9pm", "7 to 11am": the event starts
  at the first (an am/pm said once covers both ends, "7-9pm" is 19:00);
- a part of the day said with a bare hour ("tonight at 8", "tomorrow morning at 7"): the part decides am/pm;
- the edge of a period: "end of the month", "by the end of next week" (its Friday: the working week),
  "start of next month", "the end of the year" (one day, the deadline);
- a day of a month named relatively: "the 3rd of next month", "the 15th of this month";
- a numeric date "3/4", "12/06/2026": only after a preposition or a weekday, or with a year ("8/10",
  "24/7", "3/4 of the class" are scores and fractions). Day/month (British) or month/day (American)
  is not known from a chat, so: a part above 12 decides; otherwise each reading takes its year as a
  month-day would, and the one the tense favours wins (future: the sooner ahead, past: the later
  gone, none: the nearer to today), since people talk about dates near the conversation.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, time, timedelta, tzinfo

from .timex_calendar import MONTH_NUM, MONTHS, WD_NUM, WEEKDAYS, day, first_of_month, weekday_fit, years_of

__all__ = ["HOLIDAY", "ORD_OF", "KIND_PATTERNS", "KIND_TRIGGERS", "DATE_KINDS", "resolve_kind", "resolve_date_kind", "daypart_clock"]

#: The kinds below that name a day (the others name a clock time).
DATE_KINDS = frozenset({"same_time", "edge", "nth_rel", "num_date", "ord_of", "holiday"})

_MINUTE_WORDS = {"quarter": 15, "half": 30, "five": 5, "ten": 10, "twenty": 20, "twenty-five": 25, "twenty five": 25}
_AP = r"(?:\s*(?P<ap>[ap]\.?m\.?))?"
#: Not a clock after an hour: a count of something ("2 to 4 people", "between 2 and 4 kids").
_NOT_UNIT = r"(?!\s*(?:%|percent|kg|km|mg|miles?|minutes|mins|hours|hrs|years|yrs|days|weeks|months|people|of|euros?|dollars|pounds|quid|k\b|x\b|times|kids|guests|players|pages|items|points))"

KIND_PATTERNS: list[tuple[str, str]] = [
    # "from 2 till 4", "between 2 and 4", "7-9pm", "7 to 11am": a range is a clock only with "from/between",
    # an am/pm, or an h:mm on either side ("2-4" alone could be a score)
    ("clock_range", r"\b(?:(?P<pre>from|between)\s+)?(?P<h>\d{1,2})(?:[:.](?P<mi>\d{2}))?(?:\s*(?P<ap1>[ap]\.?m\.?))?\s*"
                    r"(?P<conn>-|–|to|till|til|until|and)\s*(?P<h2>\d{1,2})(?:[:.](?P<mi2>\d{2}))?(?:\s*(?P<ap>[ap]\.?m\.?))?\b" + _NOT_UNIT),
    # "half past 7", "quarter to 9", "twenty past 4", "10 to 6"
    ("clock_words", r"\b(?:(?P<pre>at|by|around|from|until|till|before|after)\s+)?(?P<w>quarter|half|five|ten|twenty-five|twenty five|twenty|\d{1,2})"
                    r"(?:\s+minutes)?\s+(?P<dir>past|to|after)\s+(?P<h>\d{1,2}|twelve|noon|midnight)\b" + _AP + _NOT_UNIT),
    # "half 7": British for 7:30 (only before a digit hour: "half an hour", "half term" are not clocks)
    ("half_h", r"\b(?:(?P<pre>at|by|around|from|until|till|before|after)\s+)?half\s+(?P<h>\d{1,2})(?![\d:.]|\s*(?:[ap]\.?m|%|hours|mins|minutes|days|weeks|years|of|kg|people))\b"),
    # "at 10.30", "by 8.15": a dotted clock needs the preposition (or an am/pm) to not be a price or a decimal
    ("dot_clock", r"(?:\b(?P<pre>at|by|around|from|until|till|before|after|for)\s+(?P<h>\d{1,2})\.(?P<mi>[0-5]\d)(?![\d.,])" + _AP +
                  r"|\b(?P<h3>\d{1,2})\.(?P<mi3>[0-5]\d)\s*(?P<ap3>[ap]\.?m\.?))"),
    # "at 0715", "from 1900": a four-digit 24-hour clock after a preposition
    ("hhmm_clock", r"\b(?P<pre>at|by|from|until|till|before|after)\s+(?P<h>[01]\d|2[0-3])(?P<mi>[0-5]\d)\b(?!\s*(?:feet|ft|m\b|metres|meters|km|miles|kcal|calories|words|steps|people|quid|pounds|euros|dollars|a\s+(?:month|week|year|day|night)|per\b|pcm\b|pw\b|pa\b))"),
    # "7ish", "around 8ish"
    ("ish_clock", r"\b(?:(?P<pre>at|by|around|about|from|until|till|before|after)\s+)?(?P<h>\d{1,2})(?::(?P<mi>\d{2}))?\s*-?ish\b"),
]

KIND_PATTERNS[:0] = [
    ("edge", r"\b(?:(?P<pre>by|until|till|at|before)\s+)?(?:the\s+)?(?P<e>end|start|beginning)\s+of\s+(?:the\s+|this\s+)?"
             r"(?:(?P<rel>next|last|coming)\s+)?(?P<u>week|month|year)\b"),
    ("num_date", r"\b(?:(?:(?P<pre>on|by|until|till|from|since|before|after|due)|(?P<wd>mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)"
                 r"[a-z]*\.?,?)\s+)?(?P<a>\d{1,2})/(?P<b>\d{1,2})(?:/(?P<y>\d{4}|\d{2}))?\b(?![/\d])(?:(?=(?P<at>\s*(?:@|at)\s*\d))|)"),
    # "this time next week", "the same time next month", "this time tomorrow": that day, a unit on
    ("same_time", r"\b(?:this|the same|same)\s+time\s+(?:(?P<rel>next|last)\s+(?P<u>week|month|year)|(?P<t>tomorrow))\b"),
    ("nth_rel", r"\b(?:(?P<pre>on|by|until|till)\s+)?the\s+(?P<d>\d{1,2})(?:st|nd|rd|th)\s+of\s+(?P<rel>this|next|last)\s+month\b"),
]

_ORD = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "last": -1, "final": -1}
# "the 3rd week of june", "the last friday of the month", "the first weekend in july": tried before a month or weekday alone
ORD_OF = ("ord_of", r"\b(?:(?P<pre>on|by|in|during|until|till)\s+)?(?:the\s+)?(?P<o>first|1st|second|2nd|third|3rd|fourth|4th|last|final)\s+"
                    r"(?P<u>weekend|week|" + "|".join(WEEKDAYS) + r")\s+(?:of|in)\s+(?:(?P<rel>the|this|next|last|every|each)\s+month|(?P<mon>"
                    + "|".join(m for m in MONTHS) + r"|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec))\b")

# holidays: a closed class of named days ("over christmas", "at easter", "new year's eve")
HOLIDAY = ("holiday", r"\b(?:(?P<pre>at|over|for|on|by|until|till|since|before|after|around|during|this|next|last)\s+)?(?P<h>christmas eve|christmas day|"
                      r"christmas|xmas|boxing day|new year'?s eve|nye|new year'?s day|new year|easter sunday|easter monday|"
                      r"easter weekend|good friday|easter|hallowe'?en|valentine'?s day|valentines day|bonfire night|thanksgiving|"
                      r"st\.? patrick'?s day)\b")

KIND_TRIGGERS: dict[str, tuple[str, ...]] = {
    "holiday": ("christmas", "xmas", "boxing", "new year", "nye", "easter", "good friday", "hallowe", "valentine", "bonfire",
                "thanksgiving", "patrick"),
    "ord_of": ("first", "1st", "second", "2nd", "third", "3rd", "fourth", "4th", "last", "final"),
    "edge": ("end of", "start of", "beginning of"), "same_time": ("time next", "time last", "time tomorrow"), "num_date": ("/",), "nth_rel": ("month",),
    "clock_range": tuple("0123456789"), "clock_words": ("past", " to ", "after"), "half_h": ("half",),
    "dot_clock": (".",), "ish_clock": ("ish",), "hhmm_clock": tuple("0123456789"),
}


def _bare(h: int, mi: int) -> time | None:
    """An hour said without am/pm, read as people book: 1-7 pm, 8-12 am (12 is noon); 13-23 as said."""
    if h > 23 or mi > 59:
        return None
    return time(h + 12 if 1 <= h <= 7 else h % 24, mi)


def _with_ap(h: int, mi: int, ap: str | None) -> time | None:
    if not ap:
        return _bare(h, mi)
    if not 1 <= h <= 12 or mi > 59:
        return None
    return time(h % 12 + (12 if ap.lower().startswith("p") else 0), mi)


def _hour_word(s: str) -> int:
    return {"twelve": 12, "noon": 12, "midnight": 0}.get(s.lower(), int(s) if s.isdigit() else -1)


def _numeric(g: dict[str, str | None], today: date, tense: str | None, pick: Callable[[int, int, date, str | None], date]) -> date:
    a, b = int(g["a"] or 0), int(g["b"] or 0)
    if not (g.get("pre") or g.get("wd") or g.get("y") or g.get("at")):
        raise ValueError("a bare a/b is a score or a fraction")
    cands = []
    for d, m in ((a, b), (b, a)):  # day/month, then month/day
        if not 1 <= m <= 12:
            continue
        try:
            if g.get("y"):
                y = int(g["y"])
                cands.append(date(y + 2000 if y < 100 else y, m, d))
            else:
                cands.append(pick(m, d, today, tense))
        except ValueError:
            continue
    if not cands:
        raise ValueError("not a date")
    if g.get("wd") and not g.get("y"):  # "Sat 09/05": the order and year whose date is a Saturday
        readings = [r for d, m in ((a, b), (b, a)) if 1 <= m <= 12 for r in years_of(m, d, today)]
        if (fit := weekday_fit(WD_NUM.get((g["wd"] or "").lower()), readings, today, tense)) is not None:
            return fit
    if tense == "future" and (ahead := [c for c in cands if c >= today]):
        return min(ahead)
    if tense == "past" and (gone := [c for c in cands if c <= today]):
        return max(gone)
    return min(cands, key=lambda c: abs((c - today).days))


def _ord_of(g: dict[str, str | None], today: date, tz: tzinfo | None, tense: str | None,
            pick: Callable[[int, int, date, str | None], date]) -> tuple[datetime | None, datetime | None]:
    rel, mon_s = (g.get("rel") or "").lower(), (g.get("mon") or "").lower()
    if rel in ("every", "each"):
        return None, None  # "the last thursday of every month": a habit, no one day
    if mon_s:
        m = MONTH_NUM[mon_s[:3]]
        first = pick(m, 1, today.replace(day=1), tense)
    else:
        first = first_of_month(today, {"next": 1, "last": -1}.get(rel, 0))
    last = first_of_month(first, 1) - timedelta(days=1)
    n, u = _ORD[(g["o"] or "").lower()], (g["u"] or "").lower()
    if u == "week":  # the n-th seven days of the month (the last: its final seven)
        s = first + timedelta(days=7 * (n - 1)) if n > 0 else last - timedelta(days=6)
        return day(s, tz), day(min(s + timedelta(days=6), last), tz)
    wd = 5 if u == "weekend" else WEEKDAYS.index(u)
    days = [first + timedelta(days=i) for i in range((last - first).days + 1)]
    hits = [d for d in days if d.weekday() == wd]
    d = hits[n - 1] if n > 0 else hits[-1]
    return (day(d, tz), day(d + timedelta(days=1), tz)) if u == "weekend" else (day(d, tz), None)


def _easter(y: int) -> date:
    """Western Easter Sunday (the anonymous Gregorian computus)."""
    a, b, c = y % 19, y // 100, y % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    l_ = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l_) // 451
    month, day = divmod(h + l_ - 7 * m + 114, 31)
    return date(y, month, day + 1)


def _holiday_span(name: str, y: int, over: bool) -> tuple[date, date | None]:
    """The day (or days, said "over"/"during") of a named holiday in year ``y``."""
    n = name.replace("'", "").replace(".", "").replace("xmas", "christmas").replace("nye", "new years eve")
    fixed = {"christmas eve": (12, 24), "christmas day": (12, 25), "boxing day": (12, 26), "new years eve": (12, 31),
             "new years day": (1, 1), "new year": (1, 1), "halloween": (10, 31), "valentines day": (2, 14),
             "bonfire night": (11, 5), "st patricks day": (3, 17)}
    if n in fixed:
        return date(y, *fixed[n]), None
    if n == "christmas":
        return (date(y, 12, 24), date(y, 12, 26)) if over else (date(y, 12, 25), None)
    if n == "thanksgiving":  # the fourth Thursday of November
        first = date(y, 11, 1)
        return first + timedelta(days=(3 - first.weekday()) % 7 + 21), None
    e = _easter(y)
    if n in ("easter", "easter weekend") and (over or n == "easter weekend"):
        return e - timedelta(days=2), e + timedelta(days=1)  # Good Friday to Easter Monday
    return e + timedelta(days={"good friday": -2, "easter monday": 1}.get(n, 0)), None


def _holiday(g: dict[str, str | None], today: date, tz: tzinfo | None, tense: str | None) -> tuple[datetime | None, datetime | None]:
    pre = (g.get("pre") or "").lower()
    over = pre in ("over", "during", "for")
    spans = [_holiday_span((g["h"] or "").lower(), y, over) for y in (today.year - 1, today.year, today.year + 1)]
    if pre == "last" or pre == "since" or tense == "past" and pre != "next":
        s, e = max((x for x in spans if x[0] <= today), key=lambda x: x[0])
    elif pre in ("next", "this", "until", "till", "by", "before") or tense == "future":
        s, e = min((x for x in spans if (x[1] or x[0]) >= today), key=lambda x: x[0])
    else:  # no tense: the nearest, unless more than two months gone (as a month-day)
        near = min(spans, key=lambda x: abs((x[0] - today).days))
        s, e = near if (today - near[0]).days <= 62 else min((x for x in spans if x[0] > today), key=lambda x: x[0])
    if pre in ("until", "till", "by", "before"):
        return None, day(s, tz)
    return day(s, tz), day(e, tz) if e else None


def resolve_date_kind(kind: str, g: dict[str, str | None], today: date, tz: tzinfo | None, tense: str | None = None,
                      pick: Callable[[int, int, date, str | None], date] | None = None) -> tuple[datetime | None, datetime | None]:
    """(begin, until) of a date kind; a deadline's "by/until" bounds the end only. ``pick`` gives a
    month-day without a year its year (timex's rule)."""
    step = {"next": 1, "coming": 1, "last": -1}.get((g.get("rel") or "").lower(), 0)
    if kind == "edge":
        u, end = (g["u"] or "").lower(), (g["e"] or "").lower() == "end"
        if u == "week":
            monday = today - timedelta(days=today.weekday()) + timedelta(weeks=step)
            d = monday + timedelta(days=4) if end else monday
        elif u == "month":
            first = first_of_month(today, step)
            d = first_of_month(first, 1) - timedelta(days=1) if end else first
        else:
            d = date(today.year + step, 12, 31) if end else date(today.year + step, 1, 1)
    elif kind == "num_date" and pick is not None:
        d = _numeric(g, today, tense, pick)
    elif kind == "same_time":
        u = (g.get("u") or "day").lower()
        step = step if g.get("rel") else 1
        d = (today + timedelta(days=step * (7 if u == "week" else 1)) if u in ("week", "day")
             else first_of_month(today, step).replace(day=min(today.day, 28)) if u == "month" else today.replace(year=today.year + step, day=min(today.day, 28)))
    elif kind == "holiday":
        return _holiday(g, today, tz, tense)
    elif kind == "ord_of" and pick is not None:
        return _ord_of(g, today, tz, tense, pick)
    elif kind == "nth_rel":
        d = first_of_month(today, step).replace(day=int(g["d"] or 0))  # ValueError for "the 31st of next month" in June
    else:
        return None, None
    at = day(d, tz)
    return (None, at) if (g.get("pre") or "").lower() in ("by", "until", "till", "before") else (at, None)


def resolve_kind(kind: str, g: dict[str, str | None]) -> time | None:
    """The clock time a kind's match says (None: not a clock after all)."""
    if kind == "clock_range":
        h1, h2 = int(g["h"] or 0), int(g["h2"] or 0)
        m1, m2 = int(g["mi"] or 0), int(g["mi2"] or 0)
        ap1, ap2 = g.get("ap1"), g.get("ap")
        if not (g.get("pre") or ap1 or ap2 or g.get("mi") or g.get("mi2") or (g.get("conn") or "").lower() in ("till", "til", "until")):
            return None  # "2-4", "3 to 5" alone may be a score or a count; "7 till 3" is a shift
        if not (0 <= h1 <= 23 and 0 <= h2 <= 23) or h1 == h2 and m1 == m2:
            return None
        if ap1 or ap2:
            end = _with_ap(h2, m2, ap2 or ap1)
            if ap1:
                return _with_ap(h1, m1, ap1)
            if end is None or not 1 <= h1 <= 12:
                return None
            # "7-9pm" shares the pm; "11-1pm" crosses noon, so its start is the morning's
            start = _with_ap(h1, m1, ap2)
            return start if start is not None and start <= end else _with_ap(h1, m1, "am" if ap2 and ap2.lower().startswith("p") else "pm")
        start, end = _bare(h1, m1), _bare(h2, m2)
        if start is None or end is None:
            return None
        return start if start < end or h1 > 12 else time(h1, m1)  # "from 10 till 2" is 10am to 2pm
    if kind == "clock_words":
        w = g["w"] or ""
        mins = int(w) if w.isdigit() else _MINUTE_WORDS.get(w.lower(), -1)
        said = _hour_word(g["h"] or "")
        if not 0 < mins < 60 or said < 0 or w.isdigit() and mins % 5:
            return None  # "2 to 4 people" is a count; "10 to 6" a clock
        # the said hour is read as it would be alone ("quarter to 9" is 08:45, "quarter to 7" 18:45)
        base = time(said, 0) if not (g["h"] or "").isdigit() else _with_ap(said, 0, g.get("ap"))
        if base is None:
            return None
        total = (base.hour * 60 + (-mins if (g["dir"] or "").lower() == "to" else mins)) % 1440
        return time(total // 60, total % 60)
    if kind == "half_h":
        h = int(g["h"] or 0)
        return _bare(h, 30) if 1 <= h <= 12 else None
    if kind == "dot_clock":
        if g.get("h3"):
            return _with_ap(int(g["h3"]), int(g["mi3"] or 0), g.get("ap3"))
        h = int(g["h"] or 0)
        if (g.get("pre") or "").lower() == "for" and not g.get("ap"):
            return None  # "for 2.50": a price
        return _with_ap(h, int(g["mi"] or 0), g.get("ap"))
    if kind == "hhmm_clock":
        return time(int(g["h"] or 0), int(g["mi"] or 0))
    if kind == "ish_clock":
        h = int(g["h"] or 0)
        return _bare(h, int(g["mi"] or 0)) if 1 <= h <= 12 else None
    return None


#: A part of the day said with a clock: it decides am/pm for an hour said bare.
_MORNING = re.compile(r"\b(?:morning|mornin|breakfast|a\.?m\.?)\b", re.I)
_EVENING = re.compile(r"\b(?:tonight|tonite|evening|night|dinner|supper|afternoon|p\.?m\.?)\b", re.I)


def daypart_clock(text: str, c: time) -> time:
    """ "tomorrow morning at 7" is 07:00, "tonight at 8" 20:00: a bare hour's am/pm read from a part of the day
    said in the same clause (when only one is said)."""
    morning, evening = bool(_MORNING.search(text)), bool(_EVENING.search(text))
    if morning and not evening and c.hour >= 13:
        return c.replace(hour=c.hour - 12)
    if evening and not morning and 1 <= c.hour <= 11:
        return c.replace(hour=c.hour + 12)
    return c
