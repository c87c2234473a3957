"""A claim placing something in a part of the day, judged against a clock time (session 20, issue 11.3).

"The flight leaves in the morning" shares no value with "flight, departs 20:40, gate 12": the stance
rules drop "in the morning" (a word, not a value) and read the two as agreeing on the flight. A claim
naming a part of the day (morning, afternoon, evening, night) and no clock time of its own is decided
by the clock times of the memory's clause about the same thing: all inside the part of the day
agree, all outside contradict. Only times whose half of the day is certain count: a 24-hour time
("16:50", "08:15", "14h30") or one with am / pm; a bare "6:50" could be either and decides nothing.
A value the memory names as replaced ("it's 16:50 not 6:50") is not its time.
"""

from __future__ import annotations

import re

from .features import features
from .lexicon import REJECTED
from .stance_label import Stance

__all__ = ["day_part", "daypart_stance"]

#: Hours (start inclusive, end exclusive, on a 24-hour clock) each part of the day covers; night wraps.
_SPANS = {"morning": (4, 12), "afternoon": (12, 18), "evening": (17, 24), "night": (18, 29)}
_EARLY = {"morning": (3, 9), "afternoon": (12, 15), "evening": (17, 20), "night": (20, 24)}
_LATE = {"morning": (9, 12), "afternoon": (14, 18), "evening": (19, 24), "night": (22, 29)}

_PART = r"(?P<part>morning|afternoon|evening|night)s?"
_DAYS = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekday|weekend"
#: "in the morning", "on the evening of", "early morning", "Thursday afternoon", "at night", "mornings".
_CLAIM_PART = re.compile(
    rf"\b(?:(?:in|on|during|for) the (?P<edge>early |late )?{_PART}"
    rf"|(?P<edge2>early|late)[- ]{_PART.replace('part', 'part2')}"
    rf"|(?:this|that|tomorrow|yesterday|every|each|(?:{_DAYS})s?) {_PART.replace('part', 'part3')}"
    r"|at (?P<part4>night)"
    r"|(?P<part5>overnight))\b", re.I)
#: A clock time whose half of the day is certain: 24-hour ("16:50", "08:15", "14h30", "0930 hrs") or with am / pm.
_CLOCK = re.compile(
    r"(?<![\d:.£$€/-])(?P<h>[01]?\d|2[0-3])(?:[:.h](?P<m>[0-5]\d))?\s*(?P<ampm>a\.?m\.?|p\.?m\.?)(?![a-z])"
    r"|(?<![\d:.£$€/])(?P<h24>[01]\d|2[0-3]|(?=\dh)\d)[:h](?P<m24>[0-5]\d)(?![\d:.%])"
    r"|(?<![\d:.£$€/])(?P<h13>1[3-9]|2[0-3])[:.h](?P<m13>[0-5]\d)(?![\d:.%])"
    r"|\b(?P<word>noon|midday|midnight)\b", re.I)
_SPLIT = re.compile(r"(?<=[.!?;])\s+|\s+\|\s+|\n+")


def day_part(claim: str) -> tuple[str, tuple[int, int]] | None:
    """The part of the day a claim names, with its hours, or None."""
    m = _CLAIM_PART.search(claim)
    if m is None:
        return None
    part = next(g for g in (m.group("part"), m.group("part2"), m.group("part3"), m.group("part4"),
                            m.group("part5") and "night") if g).lower()
    edge = (m.group("edge") or m.group("edge2") or "").strip().lower()
    spans = _EARLY if edge == "early" else _LATE if edge == "late" else _SPANS
    return part, spans[part]


def clock_hours(text: str) -> list[float]:
    """The clock times of a text whose half of the day is certain, as hours (0-24); replaced values left out."""
    text = REJECTED.sub(" ", text)
    out = []
    for m in _CLOCK.finditer(text):
        if m.group("word"):
            out.append({"noon": 12.0, "midday": 12.0, "midnight": 0.0}[m.group("word").lower()])
            continue
        if m.group("ampm"):
            h, mins = int(m.group("h")), int(m.group("m") or 0)
            if h == 0 or h > 12:
                continue
            pm = m.group("ampm").lower().startswith("p")
            h = (h % 12) + (12 if pm else 0)
        else:
            h = int(m.group("h24") or m.group("h13"))
            mins = int(m.group("m24") or m.group("m13"))
        out.append(h + mins / 60)
    return out


def _hour(value: str, span: tuple[int, int]) -> float:
    """A 12-hour "H:MM" read in the half of the day the span lies in."""
    h, m = (int(x) for x in value.split(":"))
    h = h % 12 + (12 if span[0] >= 12 else 0)
    return h + m / 60


def _inside(hour: float, span: tuple[int, int]) -> bool:
    lo, hi = span
    return lo <= hour < hi or lo <= hour + 24 < hi


#: Where one event's part of a sentence ends: "drop off is 8:15 and pick up is 15:20", "gym at 6am, then my flight".
_PARTS = re.compile(r"\s*(?:[,;]|\band\b|\bbut\b|\bthen\b|\bwhile\b)\s*", re.I)


#: A time whose half of the day is not certain: "8:15", "at 6", "half 7".
_BARE_TIME = re.compile(r"(?<![\d:.£$€/])\d{1,2}[:.][0-5]\d(?![\d%])|\b(?:at|by|from) \d{1,2}\b(?![:.]?\d)|\bhalf (?:\d|one|two|three|"
                        r"four|five|six|seven|eight|nine|ten|eleven|twelve)\b", re.I)


#: Words that place a time in a part of the day without a clock ("tonight", "after work", "breakfast").
_PART_WORDS = re.compile(r"\b(?:morning|afternoon|evening|night|tonight|overnight|midnight|noon|midday|dawn|dusk|sunrise|"
                         r"sunset|breakfast|brunch|lunch|lunchtime|dinnertime|supper|teatime|bedtime|after work|"
                         r"before work|after school|before school|[ap]\.?m\b|o'?clock in the)\w*", re.I)


def _bare_time(text: str, topic: set[str], part: str) -> Stance | None:
    """A memory on the claim's matter that times it only with a bare hour ("dinner at 8", "lesson's at 4:30")
    does not say which half of the day it is in: it leaves a part-of-day claim open (session 20 review), unless
    it places the time in words of its own ("tonight", "at breakfast")."""
    for clause in _SPLIT.split(text):
        if not topic & features(clause).content or not _BARE_TIME.search(clause) or _PART_WORDS.search(clause):
            continue
        return Stance("unrelated", 0.6, f"a bare time does not say it is in the {part}", ())
    return None


def _own_part(sentence: str, topic: set[str]) -> str | None:
    """The part of ``sentence`` about the claim's matter when one part alone shares most with it; None when that
    part states only a time of uncertain half of the day (another event's "15:20" does not time "drop off is
    8:15", session 20 review); the whole sentence when no single part stands out or the part states no time."""
    parts = [p for p in _PARTS.split(sentence) if p.strip()]
    if len(parts) < 2:
        return sentence
    scored = [(len(topic & features(p).content), p) for p in parts]
    top = max(n for n, _ in scored)
    mine = [p for n, p in scored if n == top]
    if not top or len(mine) > 1:
        return sentence
    if clock_hours(mine[0]):
        return mine[0]
    return None if _BARE_TIME.search(mine[0]) else sentence  # "booked the ferry, it sails 21:15": the time is the ferry's


def daypart_stance(claim: str, text: str) -> Stance | None:
    """Agree or contradict when the claim names a part of the day and the memory's clause on its
    matter states clock times; None when either is missing or the times straddle it."""
    found = day_part(claim)
    if found is None:
        return None
    fc = features(claim)
    part, span = found
    if clock_hours(claim):
        return None  # a certain clock time of the claim's own is compared as a value
    own = [n for n in fc.numbers if re.fullmatch(r"\d{1,2}:\d\d", n)]
    topic = fc.content - {"user", "morning", "afternoon", "evening", "night", "overnight", "earli", "late", "early"}
    best, best_shared = None, 0
    for clause in _SPLIT.split(text):
        if not clock_hours(clause):
            continue
        fm = features(clause)
        shared = len(topic & fm.content)
        if fc.dates and fm.dates and not fc.dates & fm.dates:
            return None  # another day: the stance rules read the date
        if shared > best_shared:
            best, best_shared = clause, shared
    if best is None and features(text).rejected and len(clocked := [c for c in _SPLIT.split(text) if clock_hours(c)]) == 1:
        best = clocked[0]  # a correction naming no topic ("misread it, it's 16:50 not 6:50")
    if best is None:
        return _bare_time(text, topic, part) if not own else None
    best = _own_part(best, topic)
    if best is None:
        return None
    if features(re.sub(r"\bnot (?:in the )?(?:morning|afternoon|evening|night)s?\b", " ", best, flags=re.I)).negated:
        return None  # "no deploys after 2pm" states no time the thing happens at
    hours = clock_hours(best)
    if own:
        # "at ten to seven in the morning" is 6:50, not 18:50: the stance reads both as "6:50".
        claimed = {_hour(n, span) for n in own}
        if all(any(abs(h - c) == 12 for c in claimed) for h in hours):
            return Stance("contradict", 0.75, f"the time stated is the same hour, not in the {part}", ("date",))
        return None
    inside = [h for h in hours if _inside(h, span)]
    if len(inside) == len(hours):
        return Stance("agree", 0.75, f"the time stated is in the {part}", ())
    if not inside and len(hours) == 1:  # (two times may be a span reaching into it: "16:00-23:00")
        return Stance("contradict", 0.75, f"the time stated is not in the {part}", ("date",))
    return None
