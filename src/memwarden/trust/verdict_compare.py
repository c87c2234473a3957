"""A claim that compares a quantity with a bound, judged against a stated measurement (session 8).

"The caravan is longer than 7 metres" is neither stated nor denied by "it's 7.4m nose to tail":
no word or value is shared. It is decided by comparing. The claim's bound is a number with a
unit after a comparative (the closed class: ``longer/more/heavier/... than``, ``over``, ``under``,
``at least``, ``at most``, ``above``, ``below``, ``exceeds``); a memory answers it when it states
one exact measurement of the same dimension (length, mass, duration, money, percentage), not a
bound of its own ("pitches take units up to 7m max" is another limit, not the caravan's length).
Units are converted within a dimension (cm, m, km, ft; g, kg, lb; minutes, hours, days, ...); the
numbers and their units are read by :func:`.typed_values.quantities`, the stance features' reader.

Session 11: a claim stating a limit or a rule is answered by the same bound in other words
("issued within 14 days" for "can take up to 14 days"), and a claim naming a part of the day by a clock
time (:func:`day_part`). Both were read by value equality before, so "departs 14:35" said nothing of
"the ferry leaves in the morning".
"""

from __future__ import annotations

import math
import re

from .features import features
from .stance import Stance
from .typed_values import DIMENSIONS as _DIM
from .typed_values import quantities, to_base

__all__ = ["compare"]

_MORE = (r"(?:no|not) (?:less|fewer|shorter|lower) than|"
         r"(?:more|greater|higher|larger|bigger|longer|taller|heavier|older|wider|deeper|further|farther)\s+than|"
         r"over|above|exceeds?|exceeding|at least|upwards of|in excess of")
_LESS = (r"(?:less|fewer|lower|smaller|shorter|lighter|younger|narrower|shallower)\s+than|under|below|at most|"
         r"no more than|not more than")
#: A capacity or a limit ("tows up to 1,500kg", "within 10 days") is itself a bound: a claim saying
#: one is a statement of the limit, and a memory saying one states no measurement.
_LIMIT = r"up to|within|max(?:imum)?|min(?:imum)?"
_INCLUSIVE = re.compile(r"^(?:at least|at most|no more than|not more than|(?:no|not) (?:less|fewer|shorter|lower) than)$")
#: A limit's direction: "up to", "within", "max" bound from above; "min" from below.
_LIMIT_BELOW = re.compile(r"^min(?:imum)?$")
#: The bound word right before a quantity (its own span ends where the quantity starts).
_OP_BEFORE = re.compile(rf"\b(?P<op>{_MORE}|{_LESS}|{_LIMIT})\s+$")
_COMPARATIVE = re.compile(rf"^(?:{_MORE}|{_LESS})$")
_LESS_RE = re.compile(rf"^(?:{_LESS})$")
_LIMIT_AFTER = re.compile(r"\s*\W?\s*(?:max|maximum|min|minimum|limit)\b")


def _measures(text: str) -> tuple[str, list[tuple[str, float, int, int]]]:
    """(the text as read, [(dimension, value in its base unit, start, end)]) of a text's quantities."""
    read, found = quantities(text.lower())
    return read, [(_DIM[u][0], to_base(u, v), s, e) for u, v, s, e in found if u in _DIM]


def _bound(claim: str) -> tuple[str, str, float, str, str] | None:
    """The claim's bound: (op, dimension, value, its words, kind). The kind is "limit" for a limit
    word ("can take up to 14 days": answered by a bound only), "rule" for an inclusive comparative
    ("at least 3 days ahead": by a bound or a measurement), else "measure" ("longer than 7m")."""
    read, found = _measures(claim)
    for dim, value, s, e in found:
        m = _OP_BEFORE.search(read, max(0, s - 24), s)
        if m is None:
            continue
        word = re.sub(r"\s+", " ", m.group("op"))
        if not _COMPARATIVE.match(word):
            return (">=" if _LIMIT_BELOW.match(word) else "<="), dim, value, read[m.start():e], "limit"
        op = "<" if _LESS_RE.match(word) else ">"
        if _INCLUSIVE.match(word):
            return op + "=", dim, value, read[m.start():e], "rule"
        return op, dim, value, read[m.start():e], "measure"
    return None


def _direction(word: str) -> str:
    """">" for a bound from below ("at least", "no less than", "min"), "<" from above."""
    word = re.sub(r"\s+", " ", word)
    if _COMPARATIVE.match(word):
        return "<" if _LESS_RE.match(word) else ">"
    return ">" if _LIMIT_BELOW.match(word) else "<"


def compare(claim: str, text: str, cosine: float | None, min_cosine: float) -> Stance | None:
    """The stance of ``text`` on a comparative ``claim``; None when the claim compares nothing or
    the text states no single exact measurement of the claim's dimension on its matter.

    A claim stating a limit or a rule ("up to 14 days", "at least 3 days ahead") is answered by
    a text stating a bound of the same dimension and direction ("issued within 14 days", "no less
    than 72 hours before"): the same bound agrees, another contradicts. A comparison of a
    measurement ("longer than 7 metres") is not answered by a bound ("units up to 7m max")."""
    if cosine is None or cosine < min_cosine:
        return None
    b = _bound(claim)
    if b is None:
        return day_part(claim, text)
    op, dim, bound, said, kind = b
    read, found = _measures(text)
    stated, bounds = set(), set()
    for d, value, s, e in found:
        if d != dim:
            continue
        m = _OP_BEFORE.search(read, max(0, s - 24), s)
        if m or _LIMIT_AFTER.match(read, e):
            bounds.add((_direction(m.group("op")) if m else ("<" if re.match(r"\s*\W?\s*(?:max|limit)", read[e:]) else ">"), value))
            continue
        stated.add(value)
    if bounds:
        # The text states a bound of its own: only a rule is answered by it, and only in one direction.
        same = {v for direction, v in bounds if direction == op[0]}
        if kind == "measure" or stated or len(bounds) != len(same) or len(same) != 1:
            return None
        value = same.pop()
        if math.isclose(value, bound, rel_tol=1e-6):
            return Stance("agree", 0.9, f"the same bound: '{said}'", ("number",))
        return Stance("contradict", 0.8, f"another bound ({value:g}) than '{said}'", ("number",))
    if kind == "limit" or len(stated) != 1:
        # A limit ("can carry up to 750kg") is not borne out or refuted by one measurement.
        return None
    value = stated.pop()
    holds = {">": value > bound, ">=": value >= bound, "<": value < bound, "<=": value <= bound}[op]
    # Arithmetic on a stated measurement is certain; how far the measurement is trusted is its
    # testimony's credibility, weighed by the verdict.
    return Stance("agree" if holds else "contradict", 1.0, f"compares: {value:g} against '{said}'", ("number",))


# -- a part of the day against a clock time ------------------------------------------------------

#: The part of the day a claim names ("leaves in the morning", "on a Sunday morning").
_DAY_PART = re.compile(r"\b(morning|afternoon|evening)s?\b", re.I)
#: The hours (24-hour clock, from inclusive, to exclusive) of each part.
_PART_HOURS = {"morning": (4, 12), "afternoon": (12, 18), "evening": (17, 24)}
#: A clock time whose half of the day is known: a 24-hour time past noon or with a leading zero, or
#: one with am / pm. "6:40" alone may be either ("the ferry's 6:40" / "dinner at 6:40"); "00:25:30" is a
#: duration.
_CLOCK = re.compile(r"(?<![\d:.£$€])(?:(?P<h24>0\d|1[3-9]|2[0-3]):(?P<m24>[0-5]\d)|"
                    r"(?P<h>1[0-2]|0?[1-9])(?:[:.](?P<m>[0-5]\d))?\s*(?P<ap>[ap])\.?m\b\.?)(?![\d]|:\d)", re.I)
_PART_WORDS = frozenset({"morning", "afternoon", "evening", "user"})
#: A value said to be wrong: "18:40 not 6:40" names 6:40 only to reject it.
_REJECTED_BEFORE = re.compile(r"\b(?:not|no longer|instead of|rather than)\s+$", re.I)


def _hours(text: str) -> set[float]:
    """The clock times of known half of the day that a text states (not those it rejects), in hours."""
    out = set()
    for m in _CLOCK.finditer(text):
        if _REJECTED_BEFORE.search(text, max(0, m.start() - 16), m.start()):
            continue
        if m.group("h24"):
            out.add(int(m.group("h24")) + int(m.group("m24")) / 60)
        else:
            h = int(m.group("h")) % 12 + (12 if m.group("ap").lower() == "p" else 0)
            out.add(h + int(m.group("m") or 0) / 60)
    return out


def day_part(claim: str, text: str) -> Stance | None:
    """A claim that something happens in a part of the day ("the flight leaves in the morning")
    against the one clock time a text on its matter states ("ferry booked, departs 14:35": a word of the
    claim, or a time it corrects): it agrees when the time falls in that part, contradicts otherwise. A text naming a part of the day itself is left to the stance
    rules, as is one stating several times or only times whose half of the day is unknown."""
    m = _DAY_PART.search(claim)
    if m is None or _DAY_PART.search(text):
        return None
    fc, ft = features(claim), features(text)
    if not ((fc.content | fc.proper) - _PART_WORDS) & (ft.content | ft.proper) and not ft.rejected:
        # Off the claim's matter, unless it corrects a time it names ("it's 18:40 not 6:40").
        return None
    hours = _hours(text)
    if len(hours) != 1:
        return None
    hour = hours.pop()
    lo, hi = _PART_HOURS[m.group(1).lower()]
    holds = lo <= hour < hi
    return Stance("agree" if holds else "contradict", 0.9, f"{int(hour):02d}:{round(hour % 1 * 60):02d} "
                  f"{'is' if holds else 'is not'} in the {m.group(1).lower()}", ("number",))
