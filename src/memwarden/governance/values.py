"""Numbers by kind: a street address, a time of day, an amount of money, a duration, a date, a percentage, or a bare count.

Two numbers can only be two values of one thing when they are the same kind: "50 minutes to the
airport" and "departs 11:05" share a topic but replace nothing (issue 12).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .facts import _NUMBER
from ..trust.values import NOT_COMPOUND
from .lexicon import content

_MONTHS = r"jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec"
# What kind of quantity a number is, from the words around it: two numbers can only be two values
# of one thing when they are the same kind ("50 minutes" and "11:05" are a duration and a time).
_VALUE_KINDS = (
    # a street address: a house number and a capitalised name ending in a kind of street, not the first half of
    # a compound ("3 Supreme Court hearings")
    ("address", re.compile(r"\b\d{1,4}[a-z]?,?\s+(?:[A-Z][\w'-]+\s+){1,3}(?:Road|Rd|Street|St|Lane|Ln|Avenue|Ave|Close|Drive|"
                           r"Way|Crescent|Place|Terrace|Court|Gardens|Square|Mews|Grove|Row|Walk|Parade|Boulevard)" + NOT_COMPOUND)),
    ("time", re.compile(r"(?<![$€£\d])\b(?:[01]?\d|2[0-3])[:.][0-5]\d\s?(?:am|pm)?\b|\b\d{1,2}\s?(?:am|pm)\b|\b(?:noon|midnight)\b", re.I)),
    ("money", re.compile(r"[$€£]\s?\d[\d,.]*k?|\b\d[\d,.]*k?\s?(?:eur|euros?|usd|gbp|pounds?|quid|dollars?|bucks|p)\b|"
                         r"\b(?:eur|usd|gbp)\s?\d[\d,.]*", re.I)),
    ("duration", re.compile(r"\b\d+(?:[.,]\d+)?\s?(?:-\s?)?(?:min|mins|minutes?|hours?|hrs?|h|days?|weeks?|months?|years?|"
                            r"nights?|secs?|seconds?)\b", re.I)),
    ("date", re.compile(r"\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}(?:st|nd|rd|th)\b|\b\d{1,2}\s+(?:" + _MONTHS + r")\w*|"
                        r"\b(?:" + _MONTHS + r")\w*\s+\d{1,2}\b", re.I)),
    ("percent", re.compile(r"\b\d+(?:[.,]\d+)?\s?%|\b\d+(?:[.,]\d+)?\s?percent\b", re.I)),
)


# Units name no thing: two texts sharing "minutes" share no topic.
_UNIT_STEMS = content("min mins minute minutes hour hours hrs day days week weeks month months year years night nights "
                      "euro euros pound pounds quid dollar dollars percent time times")


@lru_cache(maxsize=16_384)
def value_kinds(text: str) -> dict[str, frozenset[str]]:
    """Numbers by kind (address, time, money, duration, date, percent; the rest "count"), lower-cased."""
    out: dict[str, set[str]] = {}
    taken: list[tuple[int, int]] = []
    for kind, rx in _VALUE_KINDS:
        for m in rx.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            taken.append((m.start(), m.end()))
            out.setdefault(kind, set()).add(re.sub(r"[^0-9a-z:]", "", m.group(0).lower()))
    for m in _NUMBER.finditer(text):
        if not any(a < m.end() and m.start() < b for a, b in taken):
            out.setdefault("count", set()).add(m.group(0).lower())
    return {k: frozenset(v) for k, v in out.items()}
