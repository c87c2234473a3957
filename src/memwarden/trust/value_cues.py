"""Wording around a value that changes how the stance features read it (session 9).

Read by :func:`.features.features` before it tokenizes a text: "no. 12" is the number 12, not a
negation; "not on till 9:30" states a start time, no denial; "down from 5" names the value an amount
changed from; "X, but actually Y" replaces the values of X by those of Y of the same kind. The values
these name as replaced become the text's ``rejected`` values, which the stance rules deny
(:func:`.stance._replaced_value`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .features import TextFeatures

__all__ = ["FORMER", "NOT_TILL", "NUMBER_ABBR", "SELF_CORRECTION", "replaced"]

_WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())

#: "no. 12", "No.8": the abbreviation of "number" before a numeral, no negation.
NUMBER_ABBR = re.compile(r"\b(?:no|nos)\.\s?(?=\d)", re.I)
#: A negated start before "till"/"until" and a time: the negation and the preposition say "at".
#: A clock time, not a date: "until 5 june" keeps its negation ("the refund won't arrive until 5 june").
NOT_TILL = re.compile(r"(?:\bnot|\bnever|n't)\b((?: \w+){0,3}?) (?:till|until) (?=(?:\d{1,2}(?:[:.]\d\d)?|noon|midday|half|quarter|"
                      r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b(?!(?:st|nd|rd|th)\b)"
                      r"(?!\s*(?:[/-]\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|next|the\b)))")
#: "down from 5", "up from £40": the value an amount changed from.
FORMER = re.compile(r"\b(?:down|up|increased|decreased|reduced|raised|dropped|risen|fallen|cut) from "
                    r"((?:the |about |around )?[£$€]?\d[\d,.]*(?:\s?[a-z%]{1,6}\b)?)")
#: A correction inside one statement: what follows replaces what came before.
SELF_CORRECTION = re.compile(r"(?:,|\bbut)\s+actually\b|\s-\s+actually\b|[,.]?\s+(?:no wait|or rather|scratch that)\b")


def replaced(before: TextFeatures, after: TextFeatures) -> frozenset[str]:
    """The values ``before`` states and ``after`` replaces with another of their kind (a clock time, a
    number, a weekday, a month)."""
    def kinds(f: TextFeatures) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for v in f.numbers:
            out.setdefault("time" if ":" in v else "number", set()).add(v)
        for v in f.dates:
            out.setdefault("weekday" if v in _WEEKDAYS else "date", set()).add(v)
        return out

    kb, ka = kinds(before), kinds(after)
    return frozenset(v for k, vs in kb.items() if ka.get(k) and not vs & ka[k] for v in vs)
