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
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from ..lexicon import calendar as cal
from .timex_kinds import HOLIDAY, ORD_OF, DATE_KINDS, KIND_PATTERNS, KIND_TRIGGERS, daypart_clock
from .timex_calendar import day as _day
from .timex_resolve import resolve as _resolve

__all__ = ["TimeHit", "find_times", "clause_tense", "label_end"]


# "May" is a month only when capitalised (else "I may go"); other months any case.
_MON = (rf"(?:(?i:{cal.alt(cal.UNAMBIGUOUS_MONTHS)})"
        r"|May|(?i:jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?(?=\s*\d))")
#: After "of" ("the 2nd of feb") or an ordinal ("13th may"), lowercase "may" and the abbreviations are months too.
_MON_AFTER = (rf"(?:{_MON}|(?<=of\s)(?i:may|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?(?![a-z])"
              rf"|(?<=(?:st|nd|rd|th)\s)(?i:may|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?(?![a-z])"
              # after a day's number, lower-case "may" ends the date ("due 15 may and ...", "on 3 may."), never "3 may come"
              rf"|(?<=\d\s)may(?=\s*(?:$|[,.;:!?)]|\s(?:and|but|so|btw|at|or|then|too|lol|\d{{4}})\b)))")
#: After a weekday and a day's number ("Tue 9 Dec.", "Fri 28 Aug", "Sat 12 SEP") an abbreviated month in any case is
#: the month, whatever follows it.
_MON_WD = rf"(?:{_MON}|(?i:jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?(?![a-z]))"
_WD = rf"(?:{cal.alt(cal.WEEKDAYS)})"
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
                rf"(?:(?:(?i:the)\s+)?(?P<d>\d{{1,2}})(?:(?i:st|nd|rd|th)(?:\s+(?:(?i:of)\s+)?(?P<mon>{_MON_WD}))?|\s+(?:(?i:of)\s+)?(?P<mon2>{_MON_WD}))"
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


#: Weekday names side by side, nothing but spaces between ("Tuesday Thursday Saturday"): a schedule.
_WD_NAME = r"(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|rday|urday)?"
_WD_RUN_NEXT = re.compile(rf"[ \t]+{_WD_NAME}\b", re.I)
_WD_RUN_PREV = re.compile(rf"\b{_WD_NAME}[ \t]+$", re.I)


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


#: Where a run-on clause's next part begins: a pause, a conjunction, "that", or a verb of telling ("went round to
#: Sian's yesterday and she said the party is April 12": the party's date is in a part of its own).
_PART = re.compile(r"[,;:]|\b(?:and|but|so|then|that|said|says|told (?:me|us|him|her|them)|reckons|turns out|apparently)\b",
                   re.I)
#: A present copula at most two words before a date ("the party is April 12", "the christening's on 3rd May").
_PRESENT_BEFORE = re.compile(r"\b(?:is|are|am|'s|'re)\s+(?!(?:been|gone|had|got)\b)(?:[\w']+\s+){0,2}$", re.I)


def _part_tense(text: str, start: int, tense: str | None) -> str | None:
    """The tense a date at ``start`` is read in: the clause's, unless the clause is past and the date sits in a part
    of its own said in the present ("... and she said the party is April 12"): then that part's."""
    if tense != "past":
        return tense
    head = text[:start]
    part = head[max((m.end() for m in _PART.finditer(head)), default=0):]
    if not _PRESENT_BEFORE.search(part):
        return tense
    own = clause_tense(part)
    return tense if own == "past" else own


#: "w/c 1 june", "week commencing the 8th", "the week of june 8th": the week from that day.
_WEEK_OF = re.compile(r"(?:\bw/c|\bw\.c\.|\b(?:the\s+)?(?:week|wk)\s+(?:commencing|beginning|starting|of))\s+(?:on\s+|the\s+)?$", re.I)




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
            if kind == "wd" and (text[s - 1:s] in ("/", "-") or text[e:e + 1] in ("/", "-") or _WD_RUN_NEXT.match(text, e)
                                 or _WD_RUN_PREV.search(text, 0, s)):
                continue  # "I train mon/wed/fri", "Mon-Wed-Fri", "Tuesday Thursday Saturday 2 pm": a weekly schedule, no one day
            if anchor is None and kind not in ("iso", "clock", "at_hour") and not (kind in ("md", "dm") and m.group("y")):
                hits.append(TimeHit(s, e, text[s:e], None, None))
                taken.append((s, e))
                continue
            try:
                if kind == "nth" and month is not None and anchor is not None:
                    b, u, c = _day(month.replace(day=int(m.group("d"))), anchor.tzinfo), None, None
                else:
                    b, u, c = _resolve(kind, m, anchor or datetime.min, _part_tense(text, s, tense))
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
    # "got moved from the 3rd to the 5th", "the demo is thursday, pushed from wednesday": a day said after
    # "moved ... from" is the old one, wherever the new one is said.
    old = [bool(_MOVED_FROM.search(text[: h.start])) for h in hits]
    for h, was in zip(hits, old):
        h.corrected = h.corrected or was
    for i, (prev, nxt) in enumerate(zip(hits, hits[1:])):
        if _CORRECTION.match(text[prev.end:nxt.start]):
            nxt.corrected = True
        elif (old[i] and prev.begin and nxt.begin and _TO.match(text[prev.end:nxt.start])
              and _BARE_NTH.match(prev.text) and _BARE_NTH.match(nxt.text)):
            try:  # the new bare day is in the old one's month ("from the 9th to the 16th" of one month)
                nxt.begin = prev.begin.replace(day=nxt.begin.day)
            except ValueError:
                pass
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


#: The far end of a range written after a date ("from 2/4 to 9/4", "12/6 - 15/6", "3 May till the 9th of
#: June"): a numeric day/month, or a day before a month's name. A clock ("to 5 pm") is no range end.
_RANGE_END = re.compile(r"\s*(?:to|till|until|through|thru|-|–)\s*(?:\d{1,2}/\d{1,2}(?:/\d{2,4})?\b|(?:the\s+)?\d{1,2}"
                        r"(?:st|nd|rd|th)?\s+(?:of\s+)?(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)", re.I)


def label_end(text: str, hit: TimeHit) -> int:
    """Where ``hit``'s resolved value is written into ``text``: after the expression, or after the
    range it opens, so that the bracket never splits what was said ("from 2/4 to 9/4 (from ...)",
    not "from 2/4 (from ...) to 9/4")."""
    m = _RANGE_END.match(text, hit.end)
    return m.end() if m else hit.end
