"""Do two near-identical texts state different values?

Embeddings barely see a changed number, date, time or name: "my flight is on May 3" and
"my flight moved to May 5" are at cosine 0.969 with MiniLM, above the duplicate threshold.
A duplicate must say the same thing, so any difference in these values rules it out.
"""

from __future__ import annotations

import re

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec")
_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "today", "tomorrow",
         "yesterday", "tonight", "noon", "midnight", "morning", "afternoon", "evening", "weekend")
_NUMWORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
             "twelve", "twenty", "thirty", "forty", "fifty", "hundred", "thousand", "million", "half", "dozen")
_VALUE = re.compile(
    r"\d+(?:[.,:]\d+)*(?:\s*(?:am|pm|%|k|st|nd|rd|th))?|\b(?:" + "|".join(_MONTHS + _DAYS + _NUMWORDS) + r")\b",
    re.IGNORECASE,
)
#: A capitalised word: a name (Porto, Ana, Python), unless it is a common sentence opener.
_NAME = re.compile(r"\b[A-Z][\w'-]*")
_STOP_CAPS = set(
    "i i'm i've i'd i'll my our we she he it its this that these those they you your yes no ok okay oh so and but "
    "the a an also just now then there here hi hey thanks thank well what when where who how why which".split())


def values(text: str) -> set[str]:
    """Numbers, dates, times and names stated in ``text`` (lower-cased)."""
    found = {m.group(0).lower().replace(" ", "") for m in _VALUE.finditer(text)}
    found |= {w for m in _NAME.finditer(text) if (w := m.group(0).lower()) not in _STOP_CAPS and w not in found}
    return found


def values_differ(a: str, b: str) -> bool:
    """True when one text states a number, date, time or name the other does not."""
    return values(a) != values(b)
