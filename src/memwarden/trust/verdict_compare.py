"""A claim that compares a quantity with a bound, judged against a stated measurement (session 8).

"The caravan is longer than 7 metres" is neither stated nor denied by "it's 7.4m nose to tail":
no word or value is shared. It is decided by comparing. The claim's bound is a number with a
unit after a comparative (the closed class: ``longer/more/heavier/... than``, ``over``, ``under``,
``at least``, ``at most``, ``above``, ``below``, ``exceeds``); a memory answers it when it states
one exact measurement of the same dimension (length, mass, duration, money, percentage), not a
bound of its own ("pitches take units up to 7m max" is another limit, not the caravan's length).
Units are converted within a dimension (cm, m, km, ft; g, kg, lb; minutes, hours, days, ...).
"""

from __future__ import annotations

import re

from .stance import Stance

__all__ = ["compare"]

#: unit word -> (dimension, factor to the dimension's base unit)
_UNITS: dict[str, tuple[str, float]] = {}
for _names, _dim, _f in (
    ("mm millimetre millimetres millimeter millimeters", "length", 0.001),
    ("cm centimetre centimetres centimeter centimeters", "length", 0.01),
    ("m metre metres meter meters", "length", 1.0),
    ("km kilometre kilometres kilometer kilometers", "length", 1000.0),
    ("in inch inches", "length", 0.0254),
    ("ft foot feet", "length", 0.3048),
    ("mile miles mi", "length", 1609.34),
    ("g gram grams", "mass", 0.001),
    ("kg kilo kilos kilogram kilograms", "mass", 1.0),
    ("lb lbs pound-weight", "mass", 0.4536),
    ("st stone", "mass", 6.35),
    ("sec secs second seconds s", "time", 1.0),
    ("min mins minute minutes", "time", 60.0),
    ("h hr hrs hour hours", "time", 3600.0),
    ("day days", "time", 86400.0),
    ("week weeks wk wks", "time", 604800.0),
    ("month months", "time", 2629800.0),
    ("year years yr yrs", "time", 31557600.0),
    ("% percent per cent", "percent", 1.0),
    ("l litre litres liter liters", "volume", 1.0),
    ("ml millilitre millilitres", "volume", 0.001),
):
    for _n in _names.split():
        _UNITS[_n] = (_dim, _f)
_CURRENCY = {"£": "gbp", "$": "usd", "€": "eur"}

_NUM = r"(?P<cur>[£$€])?\s?(?P<num>\d[\d,]*(?:\.\d+)?)\s?(?P<k>k\b)?\s?(?P<unit>%|per cent|[a-z]+)?"
_MORE = (r"(?:more|greater|higher|larger|bigger|longer|taller|heavier|older|wider|deeper|further|farther)\s+than|"
         r"over|above|exceeds?|exceeding|at least|upwards of|in excess of")
_LESS = (r"(?:less|fewer|lower|smaller|shorter|lighter|younger|narrower|shallower)\s+than|under|below|at most|"
         r"no more than|not more than")
#: A capacity or a limit ("tows up to 1,500kg", "within 10 days") is itself a bound: a claim saying
#: one is a statement of the limit, and a memory saying one states no measurement.
_LIMIT = r"up to|within|max(?:imum)?|min(?:imum)?"
_INCLUSIVE = re.compile(r"^(?:at least|at most|no more than|not more than)$", re.I)
_BOUND = re.compile(rf"\b(?P<op>{_MORE}|{_LESS})\s+{_NUM}", re.I)
_ANY_BOUND = re.compile(rf"\b(?P<op>{_MORE}|{_LESS}|{_LIMIT})\s+{_NUM}", re.I)
_LESS_RE = re.compile(rf"^(?:{_LESS})$", re.I)
_VALUE = re.compile(rf"(?<![\w.]){_NUM}", re.I)


def _quantity(m: re.Match[str]) -> tuple[str, float] | None:
    """(dimension, value in its base unit) of a matched number, None without a known unit."""
    num = float(m.group("num").replace(",", ""))
    if m.group("k"):
        num *= 1000
    if m.group("cur"):
        return _CURRENCY[m.group("cur")], num
    unit = (m.group("unit") or "").lower()
    if unit in _UNITS:
        dim, f = _UNITS[unit]
        return dim, num * f
    return None


def _bound(claim: str) -> tuple[str, str, float, str] | None:
    m = _ANY_BOUND.search(claim)
    if m is None or not _BOUND.match(m.group(0)):
        return None
    q = _quantity(m)
    if q is None:
        return None
    word = re.sub(r"\s+", " ", m.group("op").strip())
    op = "<" if _LESS_RE.match(word) else ">"
    return op + ("=" if _INCLUSIVE.match(word) else ""), q[0], q[1], m.group(0)


def compare(claim: str, text: str, cosine: float | None, min_cosine: float) -> Stance | None:
    """The stance of ``text`` on a comparative ``claim``; None when the claim compares nothing or
    the text states no single exact measurement of the claim's dimension on its matter."""
    b = _bound(claim)
    if b is None or cosine is None or cosine < min_cosine:
        return None
    op, dim, bound, said = b
    stated = set()
    for m in _VALUE.finditer(text):
        q = _quantity(m)
        if q is None or q[0] != dim:
            continue
        before = text[max(0, m.start() - 24):m.start()]
        if _ANY_BOUND.search(before + m.group(0)) or re.search(r"\b(?:max|maximum|min|minimum|limit)\b",
                                                           text[m.end():m.end() + 12], re.I):
            return None  # the text states a bound of its own, not a measurement
        stated.add(q[1])
    if len(stated) != 1:
        return None
    value = stated.pop()
    holds = {">": value > bound, ">=": value >= bound, "<": value < bound, "<=": value <= bound}[op]
    # Arithmetic on a stated measurement is certain; how far the measurement is trusted is its
    # testimony's credibility, weighed by the verdict.
    return Stance("agree" if holds else "contradict", 1.0, f"compares: {value:g} against '{said}'", ("number",))
