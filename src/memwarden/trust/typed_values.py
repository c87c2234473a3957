"""Typed values in one text: clock times, amounts with their unit, versions, counts in words.

Two people write one value many ways: "quarter to six" and "5:45", "twelve hundred quid" and
"£1,200", "two in the afternoon" and "2pm", "fourteen minutes" and "14 min", "v3.4.0" and
"version 3.4". The stance detector compares values as strings, so each is written here in one
canonical form before the text is tokenized:

- a clock time is ``H:MM`` on a 12-hour dial (a range's end and a closing time ``end:H:MM``) ("2pm", "14:00", "two in the afternoon", "at 2" ->
  ``2:00``; "quarter to six" -> ``5:45``; "half six" -> ``6:30``): am/pm is dropped because a
  bare "at 2" never says which, and two events twelve hours apart are rarely the same claim;
- an amount keeps its magnitude as a number (``1200``) and also its unit (``£:1200``, ``%:6``,
  ``mg:20``, ``min:14``): the same unit on both sides says the two texts give the same attribute;
- a version drops trailing ``.0`` parts and is marked ``v`` ("v3.4.0" -> ``v3.4``); the stance
  detector matches versions by prefix ("React 18" and "18.2.0", "v3.4" and a bare "3.4");
- number words become digits ("twelve hundred" -> 1200, "twenty-five" -> 25), read by
  :mod:`.spoken_numbers`; a lone "one" after "no", "any", "the"... is a pronoun and is left alone.

No number parser on PyPI fits: ``numerizer`` rewrites "quarter" to "/4" and "a second" to
"1 2nd"; ``dateparser`` (a dependency) reads dates, not "quarter to six" or amounts.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .spoken_numbers import _NUMWORD, _magnitude, words_to_digits

__all__ = ["DIMENSIONS", "extract_values", "measure", "one_measure", "quantities", "to_base", "words_to_digits"]

_H = r"(1[0-2]|0?[1-9])"
#: Words after a number that make it an amount or a measure, never a clock time.
_MEASURE = (r"quid|pounds?|p|gbp|dollars?|usd|bucks|euros?|eur|k|m|cm|mm|km|kg|g|mg|ml|l|lbs?|ft|in|inch(?:es)?|"
            r"miles?|mi|metres?|meters?|litres?|liters?|kilos?|grams?|percent|per cent|each|stone|st|x|"
            r"fee|price|charge|fare|bill|cost|rate|total|deposit|balance|excess")
#: Clock wording, tried in order on text whose number words are digits already.
_CLOCK: list[tuple[re.Pattern[str], object]] = [
    (re.compile(r"\b(?:a )?quarter (to|past|after) " + _H + r"\b"),
     lambda m: _hm(int(m.group(2)) - (m.group(1) == "to"), 45 if m.group(1) == "to" else 15)),
    (re.compile(r"\bhalf (?:past )?" + _H + r"\b"), lambda m: _hm(int(m.group(1)), 30)),
    # "ten to six", "20 past 7"; not a range ("from 2 to 6 april", "between 10 to 6").
    (re.compile(r"(?<!from )(?<!between )\b(5|10|20|25) (?:minutes )?(to|past|after) " + _H + r"\b(?![.,:]?\d|\s*[a-z]{3,})"),
     lambda m: _hm(int(m.group(3)) - (m.group(2) == "to"), 60 - int(m.group(1)) if m.group(2) == "to" else int(m.group(1)))),
    # "at 5.40", "the 7.15 train": a dotted time after a clock preposition or "the", not an
    # amount or a measure ("the 2.50 quid", "about 1.25 miles" keep their unit).
    (re.compile(r"(?:(?<=\bat )|(?<=\bby )|(?<=\bthe )|(?<=\bfrom )|(?<=\buntil )|(?<=\btill )|(?<=\baround )|"
                r"(?<=\bbefore )|(?<=\bafter ))([01]?\d|2[0-3])\.([0-5]\d)(?![\w.,]?\d)(?!\s*(?:%|" + _MEASURE + r")\b)"),
     lambda m: _hm(int(m.group(1)), int(m.group(2)))),
    (re.compile(r"\b([01]?\d|2[0-3])[:.]([0-5]\d)\s*(?:(a\.?m\.?|p\.?m\.?)\b)?"),
     lambda m: None if (m.group(0)[len(m.group(1))] == "." and not m.group(3)) else _hm(int(m.group(1)), int(m.group(2)))),
    # Session 21: the continental "21h10" and a 24-hour time of four digits after "at" ("the bus at 2340"; not a
    # year, "at 1990 prices", nor a count or a measure, "at 2000 feet").
    (re.compile(r"\b([01]\d|2[0-3])h([0-5]\d)\b"), lambda m: _hm(int(m.group(1)), int(m.group(2)))),
    (re.compile(r"(?:(?<=\bat )|(?<=\bby )|(?<=\buntil )|(?<=\btill )|(?<=\bbefore )|(?<=\bafter ))"
                r"(?!(?<!at )(?:19[5-9]|20[0-4])\d)([01]\d|2[0-3])([0-5]\d)\b(?![.,]\d)"
                r"(?!\s*(?:%|" + _MEASURE + r"|feet|foot|sq|[a-z]{3,}s|a|an|per|each|every)\b)"),
     lambda m: _hm(int(m.group(1)), int(m.group(2)))),
    # After "to" / "for" a clock word must follow ("moved to 1600 mountain"; "up to 1350 from October" is an amount).
    (re.compile(r"(?:(?<=\bto )|(?<=\bfor ))([01]\d|2[0-3])([0-5]\d)(?=\s+(?:mountain|eastern|central|pacific|local|"
                r"time|sharp|tomorrow|tonight|today|zulu|gmt|utc|[a-z]st|[a-z]dt)\b)"),
     lambda m: _hm(int(m.group(1)), int(m.group(2)))),
    # ... and one written with its leading zero before a day or a clock word ("0800 Monday", "0600 hrs", "from 0715
    # tomorrow"); four digits alone are as often the end of an account, card or phone number ("new acc ends 0932").
    (re.compile(r"(?<![\w.,:/£$€#-])(0\d)([0-5]\d)\b(?![.,:/-]?\d)(?=\s*(?:hrs|hours|hr|h|sharp|start|tomorrow|tonight|"
                r"today|local|gmt|utc|on|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|(?:mon|tues|wednes|thurs|fri|satur|"
                r"sun)day)\b)", re.I),
     lambda m: _hm(int(m.group(1)), int(m.group(2)))),
    (re.compile(r"\b" + _H + r"\s*(?:a\.?m\.?|p\.?m\.?)(?=\W|$)"), lambda m: _hm(int(m.group(1)), 0)),
    (re.compile(r"\b" + _H + r" o'?clock\b"), lambda m: _hm(int(m.group(1)), 0)),
    (re.compile(r"\b" + _H + r" in the (?:morning|afternoon|evening)\b"), lambda m: _hm(int(m.group(1)), 0)),
    (re.compile(r"\b(?:noon|midday|midnight)\b"), lambda m: "12:00"),
    # "at 1600 hrs", "from 0730h": a 24-hour clock written as four digits after a clock word ("worked
    # 1600 hrs" is a duration).
    (re.compile(r"(?:(?<=\bat )|(?<=\bby )|(?<=\bfrom )|(?<=\buntil )|(?<=\btill )|(?<=\bbefore )|(?<=\bafter ))"
                r"([01]\d|2[0-3])([0-5]\d)\s*(?:hrs|h)\b"), lambda m: _hm(int(m.group(1)), int(m.group(2)))),
    # "at 2", "until 5": a bare hour after a clock preposition, not a count of something.
    # "7ish", "around 7ish": an hour said loosely is still that hour.
    (re.compile(r"\b" + _H + r"[ -]?ish\b"), lambda m: _hm(int(m.group(1)), 0)),
    # A word after the number other than a connector makes it a count ("around 10 cars").
    (re.compile(r"(?:(?<=\bat )|(?<=\bby )|(?<=\btill )|(?<=\buntil )|(?<=\baround ))" + _H + r"\b(?![:.,]?\d|\s*(?:%|st\b|nd\b|rd\b|th\b))"
                r"(?!\s+(?!(?:on|in|at|for|tomorrow|tonight|today|sharp|then|and|or|so|but|with|this|next|every|each|"
                r"till|until|to|is|was|now|instead|again|latest|please|that|because|bc|cos|if|when|not)\b)[a-z]{2,})"),
     lambda m: _hm(int(m.group(1)), 0)),
]


_MARK = re.compile(r"\x01([^\x01]+)\x01")
_RANGE = re.compile(r"(\bfrom\s+)?\x01([^\x01]+)\x01\s*(?:-|\u2013|to|until|till)\s*\x01([^\x01]+)\x01")
#: "moved from 3:30 to 4:15" is a change of one time, not a range.
# Verbs that move a time range to a new one ("moved from 3:30 to 4:15"): narrower than
# trust.update_cues.UPDATE on purpose, whose "now", "new", "started" would read "open from 9 to 5 now" as a move.
_CHANGE = re.compile(r"\b(?:moved|changed|switched|pushed|brought|rescheduled|shifted|bumped|swapped)\b")
#: "4 to 7 pm", "9-11am": the meridiem written once after a range of hours belongs to both.
_SHARED_MERIDIEM = re.compile(r"\b" + _H + r"(\s*(?:-|\u2013|to)\s*)" + _H + r"\s*([ap]\.?m\.?)(?=\W|$)")
_ENDS = re.compile(r"\b(?:closes?|closing|closed|shuts?|shutting|ends?|ending|finish(?:es|ing)?|until|till|"
                   r"(?:gets?|got|is|are|was) over)\b"
                   r"(?:\s+\w+){0,2}?\s*\x01([^\x01]+)\x01")


def _hm(h: int, m: int) -> str:
    h = h % 12 or 12
    return f"{h}:{m:02d}"


_CURRENCY = {"£": "£", "quid": "£", "pound": "£", "pounds": "£", "gbp": "£", "$": "$", "dollar": "$", "dollars": "$",
             "usd": "$", "bucks": "$", "€": "€", "euro": "€", "euros": "€", "eur": "€",
             # the other dollars written by their code ("1,350 SGD" / "S$1350"), rand, rupees
             "sgd": "$", "aud": "$", "cad": "$", "nzd": "$", "hkd": "$", "rand": "R", "zar": "R", "rupees": "₹",
             "rupee": "₹", "inr": "₹", "rs": "₹", "₹": "₹"}
_UNIT = {"%": "%", "percent": "%", "per cent": "%", "mg": "mg", "milligrams": "mg", "g": "g", "grams": "g",
         "kg": "kg", "kilos": "kg", "ml": "ml", "km": "km", "miles": "mi", "mile": "mi", "min": "min", "mins": "min",
         "minute": "min", "minutes": "min", "hour": "h", "hours": "h", "hrs": "h", "hr": "h", "day": "day",
         "days": "day", "week": "week", "weeks": "week", "month": "month", "months": "month", "year": "year",
         "years": "year", "gb": "gb", "tb": "tb", "mb": "mb", "kb": "kb", "mph": "mph",
         # lengths, masses, volumes, seconds: "7.4m" is one measure, not the number 7 and a word "4m"
         "m": "m", "metre": "m", "metres": "m", "meter": "m", "meters": "m", "cm": "cm", "centimetres": "cm",
         "centimeters": "cm", "mm": "mm", "millimetres": "mm", "millimeters": "mm", "kilometres": "km",
         "kilometers": "km", "ft": "ft", "foot": "ft", "feet": "ft", "inch": "in", "inches": "in", "lb": "lb",
         "lbs": "lb", "stone": "st", "kilo": "kg", "kilogram": "kg", "kilograms": "kg", "gram": "g", "litre": "l",
         "litres": "l", "liter": "l", "liters": "l", "millilitres": "ml", "milliliters": "ml", "sec": "s",
         "secs": "s", "seconds": "s", "h": "h", "tonne": "t", "tonnes": "t", "ton": "t", "tons": "t",
         "amp": "amp", "amps": "amp", "volt": "volt", "volts": "volt",
         # temperatures: "66°F", "19 degrees Celsius" (a bare "degrees" may be an angle, a bare "c" anything)
         "°c": "°c", "ºc": "°c", "degrees c": "°c", "degrees celsius": "°c", "celsius": "°c", "deg c": "°c",
         "°f": "°f", "ºf": "°f", "degrees f": "°f", "degrees fahrenheit": "°f", "fahrenheit": "°f", "deg f": "°f"}
#: unit (as tagged above) -> (dimension, factor to the dimension's base unit): one measure in two
#: units ("2 kg" / "2000 grams", "36 months" / "three years") is one value.
DIMENSIONS: dict[str, tuple[str, float]] = {
    "mm": ("length", 0.001), "cm": ("length", 0.01), "m": ("length", 1.0), "km": ("length", 1000.0),
    "in": ("length", 0.0254), "ft": ("length", 0.3048), "mi": ("length", 1609.34),
    "mg": ("mass", 1e-6), "g": ("mass", 0.001), "kg": ("mass", 1.0), "t": ("mass", 1000.0), "lb": ("mass", 0.4536), "st": ("mass", 6.35),
    "s": ("time", 1.0), "min": ("time", 60.0), "h": ("time", 3600.0), "day": ("time", 86400.0),
    "week": ("time", 604800.0), "month": ("time", 2629800.0), "year": ("time", 31557600.0),
    "%": ("percent", 1.0), "l": ("volume", 1.0), "ml": ("volume", 0.001),
    "£": ("gbp", 1.0), "$": ("usd", 1.0), "€": ("eur", 1.0),
    "°c": ("temperature", 1.0), "°f": ("temperature", 5 / 9),
}
#: A scale whose zero is not the base unit's: subtracted before the factor (°F -> °C).
_OFFSET = {"°f": 32.0}


def to_base(unit: str, value: float) -> float:
    """An amount in ``unit`` (a key of :data:`DIMENSIONS`) in its dimension's base unit."""
    return (value - _OFFSET.get(unit, 0.0)) * DIMENSIONS[unit][1]


def _from_base(unit: str, value: float) -> float:
    return value / DIMENSIONS[unit][1] + _OFFSET.get(unit, 0.0)


def one_measure(x: str, y: str) -> str | None:
    """The measure two unit-tagged amounts in different units both state ("kg:2" / "g:2000" ->
    "mass:2"), or None. Across units people round: "66°F" is "19 degrees C", "9.8 km" "about 6
    miles", so each amount converted to the other's unit and rounded to the digits written there
    may equal it, within 5%."""
    mx, my = measure(x), measure(y)
    if mx is None or my is None or mx[0] != my[0]:
        return None
    if mx[1] != my[1]:
        ux, vx = x.partition(":")[0], x.partition(":")[2]
        uy, vy = y.partition(":")[0], y.partition(":")[2]
        if abs(mx[1] - my[1]) > 0.05 * max(abs(mx[1]), abs(my[1])):
            return None

        def rounds_to(value: float, written: str) -> bool:
            places = len(written.partition(".")[2])
            return round(value, places) == round(float(written), places)

        if not (rounds_to(_from_base(uy, mx[1]), vy) or rounds_to(_from_base(ux, my[1]), vx)):
            return None
    return f"{mx[0]}:{mx[1]:g}"


def measure(tag: str) -> tuple[str, float] | None:
    """(dimension, value in its base unit) of a unit-tagged amount ("g:2000" -> ("mass", 2.0))."""
    unit, _, value = tag.partition(":")
    if unit not in DIMENSIONS:
        return None
    try:
        return DIMENSIONS[unit][0], round(to_base(unit, float(value)), 9)
    except ValueError:
        return None
_AMT = r"(\d+(?:,\d{3})*(?:\.\d+)?)\s*(k|m|grand|lakhs?|crores?|cr)?"
_CUR_BEFORE = re.compile(r"(?:\b[a-z]{1,2}(?=\$))?([£$€₹])\s*" + _AMT + r"(?!\w|\.\d)")
_CUR_AFTER = re.compile(r"(?<![\w.])" + _AMT + r"\s*(quid|pounds?|gbp|dollars?|usd|bucks|euros?|eur|sgd|aud|cad|nzd|hkd|"
                        r"rand|zar|rupees?|inr)\b")
_UNIT_AFTER = re.compile(r"(?<![\w.:])" + r"(\d+(?:,\d{3})*(?:\.\d+)?)(?:\s*|-(?=[a-z]{2}))(%|per ?cent|"
                         + "|".join(sorted((u for u in _UNIT if u not in ("%", "per cent", "percent")), key=len, reverse=True))
                         + r")(?=\W|$)")
#: A bare thousands suffix ("earns 42k", "2.5k"): the magnitude, with no currency to tag it.
_BARE_K = re.compile(r"(?<![\w.£$€])(\d+(?:\.\d+)?)\s?(k|grand|lakhs?|crores?|cr)\b")
#: Rand before its amount, thousands often set off by a space: "R8 500", "R12,000".
_RAND = re.compile(r"(?<![\w.])r(\d{1,3}(?:[ ,]\d{3})+|\d{3,})(?![\w.,]?\d)")
_VERSION = re.compile(r"(?<![\w.])(?:v|version |release |python |node |react |java |ios |android )(\d+(?:\.\d+)*)(?!\w|\.\d)"
                      r"|(?<![\w.])(\d+\.\d+\.\d+(?:\.\d+)?)(?!\w|\.\d)")
#: A sentence's closing full stop is no part of its last number ("pinned to Terraform 1.3.").
_PLAIN = re.compile(r"(?<![\w.:,])(\d{1,3}(?:,\d{3})+|\d+\.\d+)(?!\w|\.\w|,\d)")


#: Anything a value could be made of: a digit, a currency sign, a number or clock word.
_ANY_VALUE = re.compile(r"[\d£$€]|\b(?:" + _NUMWORD + r"|hundred|thousand|million|noon|midday|midnight|quarter|half)\b")



#: "pounds" is money unless the text speaks of weight ("weighed under 200 pounds"): then it is lb.
_WEIGHT_WORD = re.compile(r"\b(?:weigh\w*|heavier|lighter|body ?weight|lbs?)\b")
_POUNDS = re.compile(r"(\d)\s*pounds?\b")


def _pounds_of_weight(text: str) -> str:
    return _POUNDS.sub(r"\1 lb", text) if "pound" in text and _WEIGHT_WORD.search(text) else text


#: "200A", "240V" are amps and volts in a text about wiring, not codes like a flat "4A".
_ELECTRIC_WORD = re.compile(r"\b(?:amps?|volts?|circuits?|panels?|breakers?|fuses?|sockets?|outlets?|wiring|electric\w*)\b")
_GLUED_ELECTRIC = re.compile(r"(?<![\w.])(\d+)([av])\b")


def _glued_electric(text: str) -> str:
    if not _ELECTRIC_WORD.search(text):
        return text
    return _GLUED_ELECTRIC.sub(lambda m: f"{m.group(1)} {'amp' if m.group(2) == 'a' else 'volt'}", text)


@lru_cache(maxsize=65_536)
def extract_values(low: str) -> tuple[str, frozenset[str], frozenset[str], str | None]:
    """``(text with the typed values blanked, canonical values, unit-tagged amounts, last time)``.

    ``low`` is lower-cased. Values: times ``H:MM``, amounts' magnitudes, versions; amounts also
    appear tagged with their unit (``£:1200``). Bare integers are left in the text for the caller.
    """
    if not _ANY_VALUE.search(low):
        return low, frozenset(), frozenset(), None  # most texts: nothing to read, no regex pass
    text = _glued_electric(_pounds_of_weight(words_to_digits(low)))
    vals: set[str] = set()
    units: set[str] = set()

    if "m" in text:
        text = _SHARED_MERIDIEM.sub(r"\1\4\2\3\4", text)
    clock: list[str] = []  # found times, marked in the text by index ("T3": no later rule reads it)
    for pat, fn in _CLOCK:
        def rep(m: re.Match[str], fn=fn) -> str:  # type: ignore[no-untyped-def]
            v = fn(m)  # type: ignore[operator]
            if v is None:
                return m.group(0)
            clock.append(v)
            return f" \x01T{len(clock) - 1}\x01 "
        text = pat.sub(rep, text)
    at = lambda k: clock[int(k[1:])]  # noqa: E731
    # A range's end and a closing time are ends, not the time something is at: "10:00-10:30"
    # starts at 10:00; "closes at 6" and "open 7:30 to 5:30" compare their ends.
    # The last clock time in reading order: a change ends on its new time ("moved from 3:30 to 4:15").
    order = [at(m.group(1)) for m in _MARK.finditer(text)]
    last_time = order[-1] if order else None
    change = bool(_CHANGE.search(text))

    def span(m: re.Match[str]) -> str:
        start, end = at(m.group(2)), at(m.group(3))
        vals.update((start, end) if m.group(1) and change else (start, "end:" + end))
        return " "

    text = _RANGE.sub(span, text)
    text = _ENDS.sub(lambda m: (vals.add("end:" + at(m.group(1))), " ")[1], text)
    text = _MARK.sub(lambda m: (vals.add(at(m.group(1))), " ")[1], text)

    def money(cur: str, num: str, scale: str | None) -> str:
        mag = _magnitude(num, scale)
        vals.add(mag)
        units.add(f"{_CURRENCY[cur]}:{mag}")
        return " "

    text = _CUR_BEFORE.sub(lambda m: money(m.group(1), m.group(2), m.group(3)), text)
    if "r" in text:
        text = _RAND.sub(lambda m: money("rand", m.group(1).replace(" ", ""), None), text)
    text = _CUR_AFTER.sub(lambda m: money(m.group(3), m.group(1), m.group(2)), text)

    def unit(m: re.Match[str]) -> str:
        mag = _magnitude(m.group(1), None)
        vals.add(mag)
        units.add(f"{_unit_name(m.group(2))}:{mag}")
        # "two-week sprints": the measure names the thing too, its word stays ("weekly" shares it)
        return f" {m.group(2)} " if m.group(0)[len(m.group(1))] == "-" else " "

    text = _UNIT_AFTER.sub(unit, text)
    text = _BARE_K.sub(lambda m: (vals.add(_magnitude(m.group(1), m.group(2))), " ")[1], text)

    def version(m: re.Match[str]) -> str:
        v = m.group(1) or m.group(2)
        parts = v.split(".")
        while len(parts) > 2 and parts[-1] == "0":
            parts.pop()
        vals.add("v" + ".".join(parts))
        units.add("v:" + ".".join(parts))  # a version is a kind of value, like an amount's unit
        prefix = "" if m.group(2) else m.group(0)[: m.start(1) - m.start(0)]
        return " " if prefix in ("", "v") else prefix  # "python 3.12" keeps "python"

    text = _VERSION.sub(version, text)
    text = _PLAIN.sub(lambda m: (vals.add(_magnitude(m.group(1), None)), " ")[1], text)
    return text, frozenset(vals), frozenset(units), last_time


def _unit_name(word: str) -> str:
    return _UNIT.get(word.replace("percent", "%").replace("per cent", "%"), word)


@lru_cache(maxsize=16_384)
def quantities(low: str) -> tuple[str, tuple[tuple[str, float, int, int], ...]]:
    """The amounts of a lower-cased text that carry a unit, read by :func:`extract_values`' patterns:
    ``(the text with number words as digits, ((unit, magnitude, start, end), ...))`` in reading
    order, spans into that text; the unit as ``extract_values`` tags it (``£``, ``kg``, ``m``, ``h``).
    Money is read first: "£2.4m" is an amount, not a length."""
    text = _pounds_of_weight(words_to_digits(low))
    found: list[tuple[str, float, int, int]] = []

    def add(unit: str, num: str, scale: str | None, m: re.Match[str]) -> None:
        if not any(s < m.end() and m.start() < e for _, _, s, e in found):
            found.append((unit, float(_magnitude(num, scale)), m.start(), m.end()))

    for m in _CUR_BEFORE.finditer(text):
        add(_CURRENCY[m.group(1)], m.group(2), m.group(3), m)
    for m in _CUR_AFTER.finditer(text):
        add(_CURRENCY[m.group(3)], m.group(1), m.group(2), m)
    for m in _UNIT_AFTER.finditer(text):
        add(_unit_name(m.group(2)), m.group(1), None, m)
    return text, tuple(sorted(found, key=lambda q: q[2]))
