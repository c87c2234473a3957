"""One value written two ways, for the verdict (session 25, issue 11.3).

People write a value as they say it: "5.15" for a quarter past five, "three forty-five" (read as 345) for
£3.45, "twenty-two fifty" for £22.50, "a hundred and twelve pounds forty" (112 and 40) for £112.40, "on
for 6" for six o'clock, "70C" on the bed for 70, "keys cut x4" for four keys. The stance rules compare
values as read, so the claim's "5:15" and the memory's "5.15" are two numbers and the memory is read as
contradicting the claim ("numbers differ"), or its agreement as not stating the claim's value.

:func:`written_alike` reads the claim's values against the other readings of the memory's (and the
memory's against the claim's): a dotted clock time as a time, a spoken price or time of three or four
digits as pounds and pence or hours and minutes, a bare hour up to 12 as that hour, a temperature's or a
count's letter left off, and two numbers in a row, the second of two digits, as one amount ("112 ... 40"
as 112.40). When every claim value the memory does not hold is one of its values written another way,
and the pair's only objection was the number (or the value not stated), the memory states the claim's
value, and it agrees if it shares a word of the claim's predicate.
"""

from __future__ import annotations

import re

from .stance_label import Stance
from .features import TextFeatures, features

__all__ = ["readings", "written_alike"]

_DOTTED_TIME = re.compile(r"(\d{1,2})\.(\d{2})")
_SPOKEN = re.compile(r"\d{3,4}")
#: "first", "one of", "once" as a conjunction: the claim's 1 says which one or when, not an amount the memory
#: restates ("once a day" is an amount, a frequency, and stays one).
_ONE_AS_WORD = re.compile(r"\b(?:first|one of|once(?!\s+(?:a|an|per|every|each|weekly|daily|monthly|or)\b))\b", re.I)
ORDINAL_ONE = True
_SUFFIXED = re.compile(r"x?(\d+(?:\.\d+)?)[cf]?")


def _decimal(whole: str, part: str) -> str:
    """ "22", "50" -> "22.5"; "3", "00" -> "3": decimals as the value readers write them."""
    part = part.rstrip("0")
    return f"{int(whole)}.{part}" if part else str(int(whole))


def readings(value: str) -> set[str]:
    """The other values ``value`` may be written for (not itself)."""
    out: set[str] = set()
    if (m := _DOTTED_TIME.fullmatch(value)) and int(m.group(1)) <= 23 and int(m.group(2)) < 60:
        out.add(f"{int(m.group(1))}:{m.group(2)}")
    if _SPOKEN.fullmatch(value) and not value.startswith("0"):
        whole, part = value[:-2], value[-2:]
        if part != "00":
            # (a round hundred is no price said aloud: "400", "£1,200" are no £4 nor £12)
            out.add(_decimal(whole, part))  # "three forty-five" -> 3.45
        if int(whole) <= 23 and int(part) < 60:
            out.add(f"{int(whole)}:{part}")  # ... or 3:45; "0800" -> 8:00
    if value.isdigit() and 1 <= int(value) <= 12:
        out.add(f"{int(value)}:00")  # "on for 6" -> 6:00
    if (m := _SUFFIXED.fullmatch(value)) and m.group(1) != value:
        out.add(m.group(1))  # "70C" -> 70, "x4" -> 4
    return out - {value}


def _joined(values: frozenset[str]) -> set[str]:
    """Two numbers of one amount said apart: "112" and "40" -> 112.4."""
    whole = [v for v in values if v.isdigit()]
    return {_decimal(a, b) for a in whole for b in whole if a != b and len(b) == 2}


def _covered(value: str, other: frozenset[str], other_alts: set[str]) -> bool:
    return value in other or value in other_alts or bool(readings(value) & other)


def written_alike(claim: str, text: str, st: Stance, cosine: float | None) -> Stance | None:
    """The memory's agreement when its only objection (``st``: a number differing, or the claim's value not
    stated) is a claim value it states written another way; None otherwise."""
    number_only = st.label == "contradict" and set(st.cues) == {"number"}
    not_stated = st.label == "unrelated" and st.reason.startswith("the claim's value is not stated")
    if not (number_only or not_stated):
        return None
    fc, fm = features(claim), features(text)
    if fc.negated != fm.negated or fc.hedged and not fm.hedged:
        return None
    missing = fc.numbers - fm.numbers
    if not missing:
        return None
    if ORDINAL_ONE and "1" in missing and _ONE_AS_WORD.search(claim) and not re.search(r"\b1(?:st)?\b", claim):
        missing = missing - {"1"}  # "her first seizure", "one of the hens": which one, no amount of one
        if not missing and not (fm.numbers - fc.numbers):
            return None
    alts = set().union(*(readings(v) for v in fm.numbers)) | _joined(fm.numbers)
    if not all(_covered(v, fm.numbers, alts) for v in missing):
        return None
    if not _shares_predicate(fc, fm) and not (cosine is not None and cosine >= 0.6):
        return None
    said = ", ".join(sorted(missing))
    return Stance("agree", 0.8, f"the same value written another way ({said})", ("values",))


def _shares_predicate(fc: TextFeatures, fm: TextFeatures) -> bool:
    return bool((fc.content - fc.proper) & fm.content)
