"""A claim that compares a quantity with a bound, judged against a stated measurement (session 8).

"The caravan is longer than 7 metres" is neither stated nor denied by "it's 7.4m nose to tail":
no word or value is shared. It is decided by comparing. The claim's bound is a number with a
unit after a comparative (the closed class: ``longer/more/heavier/... than``, ``over``, ``under``,
``at least``, ``at most``, ``above``, ``below``, ``exceeds``); a memory answers it when it states
one exact measurement of the same dimension (length, mass, duration, money, percentage), not a
bound of its own ("pitches take units up to 7m max" is another limit, not the caravan's length).
Units are converted within a dimension (cm, m, km, ft; g, kg, lb; minutes, hours, days, ...); the
numbers and their units are read by :func:`.typed_values.quantities`, the stance features' reader.
"""

from __future__ import annotations

import re

from .stance import Stance
from .typed_values import DIMENSIONS as _DIM
from .typed_values import quantities, to_base

__all__ = ["compare"]

_MORE = (r"(?:more|greater|higher|larger|bigger|longer|taller|heavier|older|wider|deeper|further|farther)\s+than|"
         r"over|above|exceeds?|exceeding|at least|upwards of|in excess of")
_LESS = (r"(?:less|fewer|lower|smaller|shorter|lighter|younger|narrower|shallower)\s+than|under|below|at most|"
         r"no more than|not more than")
#: A capacity or a limit ("tows up to 1,500kg", "within 10 days") is itself a bound: a claim saying
#: one is a statement of the limit, and a memory saying one states no measurement.
_LIMIT = r"up to|within|max(?:imum)?|min(?:imum)?"
_INCLUSIVE = re.compile(r"^(?:at least|at most|no more than|not more than)$")
#: The bound word right before a quantity (its own span ends where the quantity starts).
_OP_BEFORE = re.compile(rf"\b(?P<op>{_MORE}|{_LESS}|{_LIMIT})\s+$")
_COMPARATIVE = re.compile(rf"^(?:{_MORE}|{_LESS})$")
_LESS_RE = re.compile(rf"^(?:{_LESS})$")
_LIMIT_AFTER = re.compile(r"\s*\W?\s*(?:max|maximum|min|minimum|limit)\b")


def _measures(text: str) -> tuple[str, list[tuple[str, float, int, int]]]:
    """(the text as read, [(dimension, value in its base unit, start, end)]) of a text's quantities."""
    read, found = quantities(text.lower())
    return read, [(_DIM[u][0], to_base(u, v), s, e) for u, v, s, e in found if u in _DIM]


def _bound(claim: str) -> tuple[str, str, float, str] | None:
    read, found = _measures(claim)
    for dim, value, s, e in found:
        m = _OP_BEFORE.search(read, max(0, s - 24), s)
        if m is None:
            continue
        word = re.sub(r"\s+", " ", m.group("op"))
        if not _COMPARATIVE.match(word):
            return None  # the claim states a limit ("can carry up to 750kg"), not a comparison
        op = "<" if _LESS_RE.match(word) else ">"
        return op + ("=" if _INCLUSIVE.match(word) else ""), dim, value, read[m.start():e]
    return None


def compare(claim: str, text: str, cosine: float | None, min_cosine: float) -> Stance | None:
    """The stance of ``text`` on a comparative ``claim``; None when the claim compares nothing or
    the text states no single exact measurement of the claim's dimension on its matter."""
    b = _bound(claim)
    if b is None or cosine is None or cosine < min_cosine:
        return None
    op, dim, bound, said = b
    read, found = _measures(text)
    stated = set()
    for d, value, s, e in found:
        if d != dim:
            continue
        if _OP_BEFORE.search(read, max(0, s - 24), s) or _LIMIT_AFTER.match(read, e):
            return None  # the text states a bound of its own, not a measurement
        stated.add(value)
    if len(stated) != 1:
        return None
    value = stated.pop()
    holds = {">": value > bound, ">=": value >= bound, "<": value < bound, "<=": value <= bound}[op]
    # Arithmetic on a stated measurement is certain; how far the measurement is trusted is its
    # testimony's credibility, weighed by the verdict.
    return Stance("agree" if holds else "contradict", 1.0, f"compares: {value:g} against '{said}'", ("number",))
