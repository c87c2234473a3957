"""Time expressions in a clause, resolved against the session clock (hand rules, stdlib only).

Why hand rules and not ``dateparser``: measured in BENCHMARKS.md ("Claim extraction"), the rules
cover the expressions conversations use ("next Friday", "last week", "on April 12", "in two
weeks", "at 3pm", "10 not noon") at a few microseconds per clause and add nothing to the
install, while ``dateparser`` costs milliseconds per call, ~10 MB with its dependencies, and
still needs a regex to find the span first.

Conventions (documented, tested): "next/this <weekday>" and a bare "on <weekday>" in a clause
that is not past tense mean the first such day strictly after the session day; "last <weekday>"
(or a bare weekday in a past-tense clause) the latest one strictly before it. A month-day
without a year takes the year that puts it on the side of the session day the tense says
(past: on or before, future: on or after, otherwise the nearest, unless that is more than two
months gone: then the coming one, as plans are talked about ahead). "until/till/by <month>" looks
forward unless the clause is past. "last/next week" and the like
are intervals (Monday to Sunday); "from July" sets only a start, "until July" only an end.
A clock time without am/pm is read 1-7 as pm and 8-12 as am (noon at 12), as people book, unless
the clause says a part of the day ("tonight at 8", "tomorrow morning at 7"). Clock words and ranges
are in :mod:`memwarden.claims.timex_kinds`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from .timex_kinds import HOLIDAY, ORD_OF, DATE_KINDS, KIND_PATTERNS, KIND_TRIGGERS, daypart_clock, resolve_date_kind, resolve_kind

__all__ = ["TimeHit", "find_times", "clause_tense"]

_MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december"]
_MONTH_NUM = {m: i for i, m in enumerate(_MONTHS, 1)}
_MONTH_NUM.update({m[:3]: i for i, m in enumerate(_MONTHS, 1)})
_MONTH_NUM["sept"] = 9
_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_WD_NUM = {d: i for i, d in enumerate(_WEEKDAYS)}
_WD_NUM.update({d[:3]: i for i, d in enumerate(_WEEKDAYS)})
_WD_NUM.update({"tues": 1, "weds": 2, "thur": 3, "thurs": 3})
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2, "a couple": 2,
            "couple of": 2, "a few": 3, "few": 3, "several": 3}

# "May" is a month only when capitalised (else "I may go"); other months any case.
_MON = (r"(?:(?i:january|february|march|april|june|july|august|september|october|november|december)"
        r"|May|(?i:jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?(?=\s*\d))")
#: After "of" ("the 13th of may") or an ordinal ("13th may"), lowercase "may" is the month too.
#: After "of" ("the 2nd of feb") or an ordinal ("13th may"), lowercase "may" and the abbreviations are months too.
_MON_AFTER = (rf"(?:{_MON}|(?<=of\s)(?i:may|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?(?![a-z])"
              rf"|(?<=(?:st|nd|rd|th)\s)(?i:may|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?(?![a-z]))")
_WD = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
#: Abbreviated weekdays: "tues", "thurs", "weds", "fri" are days anywhere; "mon", "wed", "sat", "sun" (also words)
#: only after a preposition or before a part of the day or an offset ("on sat", "sat night", "wed week").
_WD_ABBR = (r"(?:tues|thurs|weds|fri|(?:(?<=on )|(?<=by )|(?<=this )|(?<=next )|(?<=last )|(?<=coming )|(?<=until )|(?<=till )"
            r"|(?<=since ))(?:mon|tue|wed|thu|thur|sat|sun)|(?:mon|tue|wed|thu|thur|sat|sun)(?=\.?\s+(?:morning|afternoon|evening|night)\b))")
_NUM = r"(?:\d+|a couple of|a couple|couple of|a few|few|several|an|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_ORD = r"(?:st|nd|rd|th)?"
_CLOCK = r"(?:(?P<h>\d{1,2})(?::(?P<mi>\d{2}))?\s*(?P<ap>[ap]\.?m\.?)|(?P<h2>\d{1,2}):(?P<mi2>\d{2})|(?P<noon>noon|midday|midnight))"

_PATTERNS: list[tuple[str, re.Pattern[str]]] = [(k, re.compile(p, re.I if k not in ("md", "dm", "range_dm", "month", "wd_date") else 0)) for k, p in [
    ("iso", r"\b(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})\b"),
    # a weekday naming its date: "Wednesday the 19th", "Saturday 17th", "Wed 19 March", "Friday, May 9":
    # one day (the date, checked against the weekday), not a weekday and a date
    ("wd_date", rf"\b(?:(?i:on|by|until|till)\s+)?(?P<wd>(?i:{_WD}|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?),?\s+"
                rf"(?:(?:(?i:the)\s+)?(?P<d>\d{{1,2}})(?:(?i:st|nd|rd|th)(?:\s+(?:(?i:of)\s+)?(?P<mon>{_MON}))?|\s+(?:(?i:of)\s+)?(?P<mon2>{_MON}))"
                rf"|(?P<mon3>{_MON})\s+(?P<d3>\d{{1,2}}){_ORD})\b(?:,?\s+(?P<y>\d{{4}}))?"),
    ("md", rf"\b(?:(?i:on|by|until|till|from|since|before|after)\s+)?(?P<mon>{_MON})\s+(?P<d>\d{{1,2}}){_ORD}\b(?:,?\s+(?P<y>\d{{4}}))?"),
    # a range of days in one month: "the 9th to the 13th of May", "9th-13th may": both days take the month
    ("range_dm", rf"\b(?:(?i:from|between)\s+)?(?:(?i:the)\s+)?(?P<d>\d{{1,2}}){_ORD}\s*(?:-|–|(?i:to|until|till|and))\s*"
                 rf"(?:(?i:the)\s+)?(?P<d2>\d{{1,2}}){_ORD}\s+(?:(?i:of)\s+)?(?P<mon>{_MON_AFTER})\b(?:,?\s+(?P<y>\d{{4}}))?"),
    ("dm", rf"\b(?:(?i:on|by|until|till|from|since|the)\s+)?(?P<d>\d{{1,2}}){_ORD}\s+(?:(?i:of)\s+)?(?P<mon>{_MON_AFTER})\b(?:,?\s+(?P<y>\d{{4}}))?"),
    # an abbreviated month is a month after a preposition ("started in jan", "till sept"), else only before a digit
    ("month", rf"\b(?:(?P<pre>(?i:in|from|starting|starting in|since|until|till|through|by|during|early|late|end of|beginning of|start of|this|next|last)\s+)|(?P<mid>(?i:mid-|mid\s+)))?"
              rf"(?P<mon>{_MON}|(?i:jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?(?![a-z]))(?![a-z])(?:\s+(?P<y>\d{{4}}))?"),
    ("rel_day", r"\b(?:(?P<off>a week|a fortnight|two weeks)\s+)?(?:the\s+)?(?P<w>day after tomorrow|day before yesterday|night before last|today|tonight|tonite|tomorrow|tmrw|tmrow|tmr|2moro|2morrow|tomoz|yesterday|yday|this morning|this afternoon|this evening|last night)\b"),
    # "a week on tuesday", "tuesday week", "thurs after next", "fri next", "every other thursday" (a habit)
    ("wd", rf"\b(?:(?P<off>a week|a fortnight|two weeks|2 weeks)\s+(?:on\s+|from\s+)?)?"
           rf"(?P<pre>last|this|next|coming|this coming|on|by|until|till|since|every other|every|each)?\s*(?P<wd>{_WD}|{_WD_ABBR})\.?(?![a-z])"
           r"(?:\s+(?P<suf>after next|next week|week|fortnight|next)\b)?"),
    ("rel_period", r"\b(?:(?P<pre>last|this|next|past|coming)\s+(?P<u>week|weekend|month|year|summer|winter|spring|fall|autumn)"
                   r"|(?:the\s+)?(?P<u2>week|weekend|month)\s+after\s+next)\b"),
    # "in the summer", "over the winter": this season's, or as the tense says the last or the next one
    ("season", r"\b(?P<pre>in the|over the|during the|for the|by the|until the|till the)\s+(?P<u>summer|winter|spring|fall|autumn)\b"),
    # "at the weekend", "over the weekend": the coming one, or as a past clause says the last
    ("weekend", r"\b(?P<pre>at|on|over|for|during)\s+the\s+weekend\b"),
    ("in_n", rf"\bin\s+(?P<n>{_NUM}|half an?)\s+(?P<u>day|week|wk|fortnight|month|year|yr|hour|hr|minute|min)s?\b"),
    ("ago", rf"\b(?P<n>{_NUM}|half an?)\s+(?P<u>day|week|wk|fortnight|month|year|yr|hour|hr|minute|min)s?\s+ago\b"),
    ("year", r"\b(?P<pre>in|since|from|until|till|by|during|back in)\s+(?P<y>(?:19|20)\d{2})\b"),
    ("clock", rf"\b(?:(?P<pre>at|by|around|from|until|till|before|after)\s+)?{_CLOCK}"),
    # not an ordinal before a noun: "the 5th floor", "the 2nd time", "our 10th anniversary"
    ("nth", r"\b(?:on\s+)?the\s+(?P<d>\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))"
            r"(?!\s+(?:floor|time|grade|place|birthday|anniversary|row|round|attempt|edition|century|generation|gen|day|week|weekend|"
            r"month|year|person|child|kid|baby|book|game|match|try|one|house|door|street|stop|station|lesson|session|visit|dose|"
            r"shot|jab|trimester|class|term|semester|percentile|draft|version|interview|date|chapter|episode|season)s?\b)"),
    ("to_hour", r"\b(?:mov(?:ed|es|ing)|push(?:ed|es|ing)|chang(?:ed|es|ing)|rescheduled|bump(?:ed|s)|shift(?:ed|s)|brought forward)(?:\s+\w+){0,3}?\s+to\s+(?P<h>\d{1,2})(?![\d:/.,]|\s*(?:[ap]\.?m|%|th|st|nd|rd))\b"),
    ("at_hour", r"\b(?P<pre>at|by|around|until|till|after|before)\s+(?P<h>\d{1,2})(?![\d:/.,]|\s*(?:[ap]\.?m|%|percent|kg|km|mg|minutes|hours|years|days|people|of|euros?|dollars|pounds))\b"),
]]
_PATTERNS[[k for k, _ in _PATTERNS].index("clock"):0] = [(k, re.compile(p, re.I)) for k, p in KIND_PATTERNS if k not in DATE_KINDS]
# a period's edge and "the 3rd of next month" before "next month" and "the 3rd" can take them apart
_PATTERNS[[k for k, _ in _PATTERNS].index("rel_day"):0] = [(k, re.compile(p, re.I)) for k, p in KIND_PATTERNS if k in DATE_KINDS]
_PATTERNS[:0] = [(k, re.compile(p, re.I)) for k, p in (ORD_OF, HOLIDAY)]
_MONTH_KEYS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_DIGITS = tuple("0123456789")
#: Substrings one of which must occur for a pattern to be tried (a substring test costs ~1/50 of a search).
_TRIGGERS = {
    "iso": _DIGITS, "wd_date": _DIGITS, "md": _MONTH_KEYS, "dm": _MONTH_KEYS, "range_dm": _MONTH_KEYS, "month": _MONTH_KEYS,
    "rel_day": ("today", "tonight", "tonite", "tomorrow", "tmr", "2mor", "tomoz", "yesterday", "yday", "before last", "this morning", "this afternoon", "this evening", "last night"),
    "wd": ("mon", "tue", "wed", "thu", "fri", "sat", "sun"),
    "rel_period": ("week", "month", "year", "summer", "winter", "spring", "fall", "autumn"),
    "season": ("summer", "winter", "spring", "fall", "autumn"), "weekend": ("weekend",),
    "in_n": ("day", "week", "wk", "fortnight", "month", "year", "yr", "hour", "hr", "min"), "ago": ("ago",), "year": ("19", "20"),
    "clock": _DIGITS + ("noon", "midday", "midnight"), "ord_of": KIND_TRIGGERS["ord_of"], "holiday": KIND_TRIGGERS["holiday"], "at_hour": _DIGITS, "nth": _DIGITS, "to_hour": _DIGITS,
}
_TRIGGERS.update(KIND_TRIGGERS)
_TRIGGER_RE = {k: re.compile("|".join(re.escape(t) for t in ts)) for k, ts in _TRIGGERS.items()}
_CORRECTION = re.compile(r"^\s*,?\s*(?:and\s+)?not\s+(?:at\s+|on\s+)?$", re.I)
#: "I've got a half marathon on 14 june": "have got" is a present possession, not a past.
_PAST = re.compile(r"\b(?:was|were|did|had|went|(?<!'ve\s)(?<!have\s)(?<!has\s)(?<!'s\s)got|came|saw|ago|yesterday|last|moved|started|visited|finished|"
                   r"made|took|bought|met|left|spent|told|said|found|ran|flew|gave|won(?!['’]t)|lost|ate|drove|wrote|sold|"
                   r"threw|began|became|felt|thought|knew|kept|sent|built|drank|swam|sang|grew|broke|chose|forgot|"
                   r"fell|heard|held|paid|read|slept|stood|taught|woke|wore|brought|caught|fought|sat|hung|led|"
                   r"meant|(?:re|mis|over|under|out|with)(?:read|slept|took|wrote|made|paid|sold|sent|told|built|ran|ate|heard|held|drew|did|gave|set|put|cut)|(?!wed\b|need\b|feed\b|speed\b|bed\b|red\b)\w+ed)\b", re.I)
_FUTURE = re.compile(r"\b(?:will|'ll|won't|won’t|going|gonna|starting|starts|plan|planning|next|tomorrow|upcoming|coming|soon|now|"
                     r"new (?:date|slot|time|day)|"
                     r"is on|are on|is at|are at|scheduled|booked|due)\b", re.I)


#: A plural noun right after a bare weekday ("Tuesday pickups", "Monday meetings"): a habit.
_PLURAL_NEXT = re.compile(r"\s+(?:(?!(?:the|a|an|my|our|his|her|their|your|to|at|in|on|for|with|and|or|but|is|was|will)\b)[a-z]+\s+)?"
                          r"(?!(?:is|was|has|does|as|its|this|us|yes|plus|always|sometimes|perhaps)\b)[a-z]{2,}[^s'\W]s\b")
#: A verb that arranges or readies something to come ("booked", "signed up for", "training for"): the
#: dates in its clause are the event's, ahead of the session, though the verb may be in the past.
_ARRANGED = re.compile(r"\b(?:(?:training|preparing|getting ready|saving(?: up)?|studying|revising)(?:\s+(?:hard|up|properly|seriously))?\s+for|"
                       r"counting down to|looking forward to|made (?:an appointment|a booking|a reservation)|booked|rebooked|reserved|scheduled|rescheduled|arranged|planned|signed (?:up|him up|her up|them up|us up)|"
                       r"(?:was|were)\s+(?:meant|supposed|due|going|set|planned|scheduled)\s+to|"
                       r"registered|enrolled|entered|(?:bought|got|booked) (?:the |our |my |some )?tickets|put (?:my|our) name down)\b", re.I)
_EXPLICIT_PAST = re.compile(r"\b(?:ago|yesterday|last|earlier|this morning|previously|back in)\b", re.I)


@dataclass
class TimeHit:
    start: int
    end: int
    text: str
    #: Resolved start/end (None: the expression sets no bound on that side).
    begin: datetime | None
    until: datetime | None
    #: A clock time only (no date): combined with a date found in the same clause.
    clock: time | None = None
    #: "noon" in "10 not noon": a corrected value, not an anchor.
    corrected: bool = False
    #: "thurs" in "tues and thurs": another day of a list, not the end of a range from the first.
    listed: bool = False

    @property
    def label(self) -> str:
        """How the resolved value is shown in a claim's text ("2025-05-09", "2025-05-09 15:00")."""
        if self.begin is None and self.until is None:
            return self.clock.strftime("%H:%M") if self.clock else ""
        b = self.begin or self.until
        assert b is not None
        day = b.date().isoformat()
        if self.clock is not None or (b.hour or b.minute) and self.until is None:
            return f"{day} {b.strftime('%H:%M')}"
        if self.begin and self.until and (self.until - self.begin) > timedelta(days=1):
            return f"{self.begin.date().isoformat()}..{self.until.date().isoformat()}"
        return ("from " if self.until is None and self.text.lower().startswith(("from", "since")) else
                "until " if self.begin is None else "") + day


_RESCHEDULE = re.compile(r"\b(?:(?:got|was|were|has been|have been|been|is being|it's been)\s+)?(?:moved|pushed|rescheduled|postponed|changed|bumped|shifted|brought forward|put back|moved up|(?<=got |was |een |ere )(?:extended|delayed))\b(?:\s+\w+){0,3}?(?<!\bdue)\s+(?:to|until|till|from)\b", re.I)


#: A present or future passive ("is being replaced", "will be serviced") is not a past tense.
_PASSIVE = re.compile(r"\b(?:is|are|am|'s|'re|will be|being|be|gets?|getting)\s+(?:being\s+)?\w+ed\b", re.I)


#: "sat night", "on sat": the weekday, not the past of "sit".
_SAT_DAY = re.compile(r"\b((?:on|by|this|next|last|till)\s+)sat\b|\bsat(?=\.?\s+(?:morning|afternoon|evening|night)\b)", re.I)


def clause_tense(text: str) -> str | None:
    """"past", "future" or None (unclear), from cue words; a rescheduling ("moved to May 5")
    says nothing about the tense of the new date."""
    text = _SAT_DAY.sub(lambda m: (m.group(1) or "") + "saturday", _PASSIVE.sub(" ", _RESCHEDULE.sub(" ", text)))
    if _ARRANGED.search(text) and not _EXPLICIT_PAST.search(text):
        return "future"
    past, fut = bool(_PAST.search(text)), bool(_FUTURE.search(text))
    return "past" if past and not fut else "future" if fut and not past else None


#: Chat spellings of the relative days.
_CHAT_DAY = {"tonite": "tonight", "tmrw": "tomorrow", "tmrow": "tomorrow", "tmr": "tomorrow", "2moro": "tomorrow",
             "2morrow": "tomorrow", "tomoz": "tomorrow", "yday": "yesterday"}
#: "w/c 1 june", "week commencing the 8th", "the week of june 8th": the week from that day.
_WEEK_OF = re.compile(r"(?:\bw/c|\bw\.c\.|\b(?:the\s+)?(?:week|wk)\s+(?:commencing|beginning|starting|of))\s+(?:on\s+|the\s+)?$", re.I)


def _num(s: str) -> int:
    s = s.lower()
    return int(s) if s.isdigit() else _NUMBERS.get(s, 1)


def _day(d: date, tz) -> datetime:  # type: ignore[no-untyped-def]
    return datetime(d.year, d.month, d.day, tzinfo=tz)


def _add_months(d: date, n: int) -> date:
    y, m = divmod(d.month - 1 + n, 12)
    return date(d.year + y, m + 1, min(d.day, 28))


def _month_span(y: int, m: int, tz) -> tuple[datetime, datetime]:  # type: ignore[no-untyped-def]
    start = datetime(y, m, 1, tzinfo=tz)
    nxt = _add_months(date(y, m, 1), 1)
    return start, datetime(nxt.year, nxt.month, 1, tzinfo=tz) - timedelta(seconds=1)


def _pick_year(m: int, d: int, today: date, tense: str | None) -> date:
    cands = []
    for y in (today.year - 1, today.year, today.year + 1):
        try:
            cands.append(date(y, m, d))
        except ValueError:
            continue
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
    """ "Wednesday the 19th": the nearest month (on the tense's side of today) whose 19th is a
    Wednesday; when none is, the 19th as "the 19th" alone would resolve (the day said wins)."""
    cands = _day_in_months(d, today, range(-6, 7))
    side = [c for c in cands if (c <= today if tense == "past" else c >= today)] or cands
    matching = [c for c in side if c.weekday() == wd]
    pool = matching or side
    return min(pool, key=lambda c: abs((c - today).days))


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


def _resolve(kind: str, m: re.Match[str], anchor: datetime, tense: str | None) -> tuple[datetime | None, datetime | None, time | None]:
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
            day = date(int(g["y"]), mon, d) if g.get("y") else _pick_year(mon, d, today, tense)
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
        season = {"spring": (3, 5), "summer": (6, 8), "fall": (9, 11), "autumn": (9, 11), "winter": (12, 2)}[u]
        y = today.year + step
        s = date(y, season[0], 1)
        e = _add_months(date(y if season[1] > season[0] else y + 1, season[1], 1), 1) - timedelta(days=1)
        return _day(s, tz), _day(e, tz), None
    if kind == "weekend":
        wd = today.weekday()
        sat = (today - timedelta(days=(wd - 5) % 7 or 7) if tense == "past"
               else today + timedelta(days=5 - wd) if wd <= 5 else today - timedelta(days=1))
        return _day(sat, tz), _day(sat + timedelta(days=1), tz), None
    if kind == "season":
        first, last = _SEASONS[g["u"].lower()]
        spans = []
        for y in (today.year - 1, today.year, today.year + 1):
            st = date(y, first, 1)
            spans.append((st, _add_months(date(y if last > first else y + 1, last, 1), 1) - timedelta(days=1)))
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


def _said_bare(kind: str, m: re.Match[str]) -> bool:
    """A clock said without am/pm, noon or a 24-hour form ("at 8", "half 7", "4:30"): a part of the day may place it."""
    g = m.groupdict()
    if kind in ("at_hour", "to_hour"):
        return True
    if any(g.get(k) for k in ("ap", "ap1", "ap3", "noon")) or kind not in KIND_TRIGGERS and kind != "clock":
        return False
    h = g.get("h2") if kind == "clock" and g.get("h2") else g.get("h") or g.get("h3") or ""
    return h.isdigit() and not h.startswith("0") and int(h) <= 12


_MOVED_FROM = re.compile(r"\b(?:moved|moving|pushed|pushing|changed|changing|rescheduled|postponed|delayed|bumped|shifted|"
                         r"brought forward|put back|switched)\b[^.;!?]{0,40}?\bfrom\s+(?:on\s+)?$", re.I)
_TO = re.compile(r"^\s*(?:to|until|till|->|→)\s+(?:on\s+)?$", re.I)


_LISTED = re.compile(r"\s*(?:,|&|and|or|,\s*and|,\s*or)\s*", re.I)
_BETWEEN = re.compile(r"\bbetween\s+(?:the\s+)?$", re.I)
_BARE_NTH = re.compile(r"^(?:on\s+)?the\s+\d{1,2}(?:st|nd|rd|th)$", re.I)


def find_times(text: str, anchor: datetime | None, tense: str | None = None, month: date | None = None) -> list[TimeHit]:
    """Time expressions in ``text`` (non-overlapping, in order), resolved against ``anchor``.

    Without an anchor, expressions are found (``time_text``) but dates are left unresolved
    unless absolute (ISO, or a month-day with a year). ``month`` (its first day) is the month the
    conversation last named: a bare "the 14th" after "4th of june" is in June ("it's the 14th not the 4th").
    """
    taken: list[tuple[int, int]] = []
    hits: list[TimeHit] = []
    low = text.lower()
    for kind, pat in _PATTERNS:
        if not _TRIGGER_RE[kind].search(low):
            continue
        for m in pat.finditer(text):
            s, e = m.span()
            while s < e and text[s].isspace():
                s += 1
            if s >= e or any(s < b and a < e for a, b in taken):
                continue
            if kind == "wd" and not (m.group("pre") or "").strip() and (text[e:e + 1] == "s" or _PLURAL_NEXT.match(text, e)):
                continue  # "on Fridays", "Tuesday pickups": a habit, not a date
            if kind == "wd" and (text[s - 1:s] == "/" or text[e:e + 1] == "/"):
                continue  # "I train mon/wed/fri": a weekly schedule, no one day
            if anchor is None and kind not in ("iso", "clock", "at_hour") and not (kind in ("md", "dm") and m.group("y")):
                hits.append(TimeHit(s, e, text[s:e], None, None))
                taken.append((s, e))
                continue
            try:
                if kind == "nth" and month is not None and anchor is not None:
                    b, u, c = _day(month.replace(day=int(m.group("d"))), anchor.tzinfo), None, None
                else:
                    b, u, c = _resolve(kind, m, anchor or datetime.min, tense)
            except (ValueError, OverflowError, KeyError, IndexError):
                continue
            if b is None and u is None and c is None:
                if kind == "ord_of":
                    taken.append((s, e))  # "the last thursday of every month": a habit; its "last thursday" is no date
                continue
            if c is not None and _said_bare(kind, m):
                c = daypart_clock(text, c)  # "tonight at 8", "tomorrow morning at 7"
            taken.append((s, e))
            hits.append(TimeHit(s, e, text[s:e], b, u, c))
    hits.sort(key=lambda h: h.start)
    for h in hits:
        if h.begin is not None and h.until is None and h.clock is None and _WEEK_OF.search(text[: h.start]):
            h.until = h.begin + timedelta(days=6)
    for prev, nxt in zip(hits, hits[1:]):
        if _LISTED.fullmatch(text[prev.end:nxt.start]) and not _BETWEEN.search(text[: prev.start]):
            nxt.listed = True  # "yoga is tues and thurs", "on the 2nd or the 3rd": two days, not a span
    # "at 10 not noon": the value after "not" is the corrected one.
    for prev, nxt in zip(hits, hits[1:]):
        if _CORRECTION.match(text[prev.end:nxt.start]):
            nxt.corrected = True
        elif _MOVED_FROM.search(text[: prev.start]) and _TO.match(text[prev.end:nxt.start]):
            prev.corrected = True  # "got moved from the 3rd to the 5th": the 3rd is the old date, not a range's start
            if prev.begin and nxt.begin and _BARE_NTH.match(prev.text) and _BARE_NTH.match(nxt.text):
                try:  # the new bare day is in the old one's month ("from the 9th to the 16th" of one month)
                    nxt.begin = prev.begin.replace(day=nxt.begin.day)
                except ValueError:
                    pass
    for i, h in enumerate(hits):
        if not h.corrected and _MOVED_FROM.search(text[: h.start]) and not (
                i + 1 < len(hits) and _TO.match(text[h.end:hits[i + 1].start])):
            h.corrected = True  # "the demo is thursday, pushed from wednesday": the new day was said first
    return hits


def named_month(hits: list[TimeHit]) -> date | None:
    """The month a clause names with its date ("4th of june", "March 3"): what a later bare "the 14th" is in."""
    for h in hits:
        if h.begin is not None and not h.corrected and _NAMES_MONTH.search(h.text) and (
                h.until is None or (h.until - h.begin).days < 2):
            return h.begin.date().replace(day=1)
    return None


_NAMES_MONTH = re.compile(r"(?i:jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec)|\bMay\b|(?<=\d)\s*may\b|\bof may\b")


def anchor_of(hits: list[TimeHit]) -> tuple[datetime | None, datetime | None]:
    """The claim's event start/end from its hits: the first dated hit, with a clock time applied."""
    live = [h for h in hits if not h.corrected]
    dated = [h for h in live if h.begin is not None or h.until is not None]
    clock = next((h.clock for h in live if h.clock is not None), None)
    if not dated:
        return None, None
    first = dated[0]
    begin, until = first.begin, first.until
    if clock is not None and begin is not None and (begin.hour, begin.minute) == (0, 0) and (until is None or until - begin < timedelta(days=1)):
        begin = begin.replace(hour=clock.hour, minute=clock.minute)
        until = None
    dated = [h for h in dated if not h.listed] or dated
    if len(dated) > 1 and until is None and dated[-1] is not first:
        last = dated[-1]
        until = last.until or last.begin
    return begin, until
