"""A claim counting things, judged by what the memory counts (session 21, issue 11.3).

The stance rules compare numbers as bare values, so "the flat has 2 bathrooms" agreed with "the
flat has 2 bedrooms" (one number, shared) and "3 bedrooms and 2 bathrooms" agreed with "2
bedrooms" too. A number is read here with the noun it counts (the word after it, or the one after
that: "2 bathrooms", "3 spare rooms", "12 kids max", "4oz"):

- the memory counts the claim's noun with the claim's number: nothing to add (the rules agree);
- it counts the claim's noun with other numbers only: it contradicts ("3 bedrooms" / "2 bedrooms");
- it never names the claim's noun but counts another compound of the same head: it does not state the
  claim's count ("2 bathrooms" says nothing of bedrooms), whatever its numbers; a noun of another kind
  altogether ("3 kids" for "3 children") may be the claim's in other words and is left to the rules.

A claim comparing its count with a bound ("more than 60,000 steps", "under 13 players") is decided
by the one count of that noun the memory states, as :mod:`.verdict_compare` decides a measurement
with a unit. Units of measure, money, clock times and dates are left to the value rules (they
convert and compare them); so are ordinals and counted time spans ("3 days", "2 weeks").
"""

from __future__ import annotations

import re

from ..lexicon.calendar import MONTHS, WEEKDAYS
from ..retrieval.text import _stem as stem
from .spoken_numbers import words_to_digits
from .stance_label import Stance
from .verdict_compare import _LESS, _MORE

__all__ = ["counts", "count_stance", "rough_stance"]

#: A count: a whole number (thousands may be grouped) not part of a time, a date, an amount or a decimal,
#: then the next one or two words.
_COUNT = re.compile(r"(?<![\w.,:/£$€#-])(\d{1,3}(?:,\d{3})+|\d+)(?![\d:/]|[.,]\d|%|(?:st|nd|rd|th)\b)"
                    r"\s*(?P<w1>[a-z][a-z'-]*)(?:[ -](?P<w2>[a-z][a-z'-]*))?")
#: Words after a number that are no counted noun: units the value rules read, time spans, clock and
#: calendar words, and words that only join.
_NOT_NOUN = frozenset(
    """am pm a.m p.m oclock o'clock ish h hr hrs hour hours min mins minute minutes sec secs second seconds s
    day days week weeks month months year years yr yrs yo night nights km kms m mm cm mi mile miles metre metres meter
    meters ft feet foot in inch inches kg kgs kilo kilos g gram grams mg lb lbs pound pounds quid p pence k grand
    dollars dollar bucks euro euros eur usd gbp ml l litre litres liter liters oz percent per x times time of and or
    to the a an at on in for from by with is was are were be it that this these those than each per plus more
    less about around over under out off up down st stone deg degrees c f after before since until till into onto
    via between among across behind near so but then if when as not no instead
    """.split()) | frozenset(m.lower() for m in MONTHS) | frozenset(w.lower() for w in WEEKDAYS)
#: A number after a label names which one, not how many: "room 204", "level 3", "year 11", "bus 86".
_LABEL = re.compile(r"\b(?:type|stage|grade|level|size|class|phase|tier|zone|band|step|round|platform|gate|floor|room|seat|"
                    r"number|no|bus|route|year|y|unit|flat|apt|apartment|house|version|v|page|chapter|ward|bay|pitch|"
                    r"lane|aisle|row|block|door|suite|plot|team|day|week|month|act|scene|episode|season|series|part|"
                    r"section|clause|line|channel|ticket|order|ref|mark|model|gen)\s*$")
_OP = re.compile(rf"(?:\b(?P<op>{_MORE}|{_LESS}|up to|max(?:imum)?|min(?:imum)?)\s+|(?P<sym>[<>\u2264\u2265])\s*)$")
_COMPARATIVE = re.compile(rf"^(?:{_MORE}|{_LESS})$")
_LESS_OP = re.compile(rf"^(?:{_LESS})$")
_INCLUSIVE = re.compile(r"^(?:at least|at most|no more than|not more than)$")


def _noun(word: str | None) -> str | None:
    if not word or word in _NOT_NOUN:
        return None
    return stem(word)


def counts(text: str) -> list[tuple[float, frozenset[str], str]]:
    """``[(number, the stems of the word or two it counts, the comparative before it or "")]``, in reading order."""
    low = words_to_digits(text.lower().replace("\u2019", "'"))
    out = []
    for m in _COUNT.finditer(low):
        w1, w2 = m.group("w1"), m.group("w2")
        if _LABEL.search(low, max(0, m.start() - 12), m.start()):
            continue
        if w1 in _NOT_NOUN and w1 not in ("more", "extra", "new", "big", "small"):
            continue  # "3 days", "5 km", "2 of them": the value rules read these
        nouns = {n for n in (_noun(w1), _noun(w2) if w2 and w2 not in _NOT_NOUN else None) if n}
        if not nouns:
            continue
        op = _OP.search(low, max(0, m.start() - 24), m.start())
        word = (op.group("op") or op.group("sym")) if op else ""
        out.append((float(m.group(1).replace(",", "")), frozenset(nouns), re.sub(r"\s+", " ", word)))
    return out


def count_stance(claim: str, text: str) -> Stance | None:
    """Contradict, or say the memory does not state the claim's count; None to leave it to the other rules."""
    mine = counts(claim)
    if len(mine) != 1:
        return None
    n, nouns, op = mine[0]
    if op and not _COMPARATIVE.match(op):
        return None  # the claim states a limit ("up to 20 guests"), not a comparison
    theirs = counts(text)
    if not theirs:
        return None
    same = [v for v, ns, _ in theirs if ns & nouns]
    if same:
        if op:
            if len(set(same)) != 1 or any(o for v, ns, o in theirs if ns & nouns):
                return None  # a bound of its own, or several counts
            v = same[0]
            less = bool(_LESS_OP.match(op))
            holds = (v <= n if _INCLUSIVE.match(op) else v < n) if less else (v >= n if _INCLUSIVE.match(op) else v > n)
            return Stance("agree" if holds else "contradict", 0.9, f"counts {v:g} against '{op} {n:g}'", ("number",))
        if n in same:
            return None
        return Stance("contradict", 0.8, f"counts {', '.join(f'{v:g}' for v in sorted(set(same)))} of it, not {n:g}",
                      ("number",))
    said = {stem(w) for w in re.findall(r"[a-z][a-z'-]*", words_to_digits(text.lower()))}
    if nouns & said:
        return None  # the noun is named without a count of it ("the bedrooms upstairs")
    # Another kind of the same thing counted ("bathrooms" for "bedrooms", "armchairs" for "deckchairs"): the
    # memory's count is not the claim's. A noun of another kind altogether may be the claim's in other words
    # ("3 kids" for "3 children"), so it is left to the other rules.
    if any(_kin(a, b) for _, ns, _ in theirs for a in ns for b in nouns):
        return Stance("unrelated", 0.6, "counts another kind of the claim's thing", ())
    return None


def _kin(a: str, b: str) -> bool:
    """Two compounds of one head ("bedroom" / "bathroom"): a shared ending of four letters or more, different starts."""
    if a == b or min(len(a), len(b)) < 6:
        return False
    k = 0
    while k < min(len(a), len(b)) and a[-1 - k] == b[-1 - k]:
        k += 1
    return k >= 4 and k < min(len(a), len(b)) - 1


#: A round figure said loosely: "about 1,340", "roughly eighteen thousand", "around £18k".
_ROUGHLY = re.compile(r"\b(?:about|around|roughly|approximately|approx|nearly|almost|close to|some|circa|ca|~)\s*"
                      r"[£$€]?\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(k\b)?")
_FIGURE = re.compile(r"(?<![\w.,:/#-])[£$€]?\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(k\b)?(?![\d:/])")


def _figures(low: str, pattern: re.Pattern[str]) -> list[float]:
    return [float(m.group(1).replace(",", "")) * (1000 if m.group(2) else 1) for m in pattern.finditer(low)]


def rough_stance(claim: str, text: str) -> Stance | None:
    """A claim giving a figure loosely ("about 1,340", "roughly eighteen thousand") agrees with a memory stating
    a figure within 5% of it ("1,340.22", "$18.2k") and none equal to it; None otherwise (the rules compare)."""
    low = words_to_digits(claim.lower())
    rough = [v for v in _figures(low, _ROUGHLY) if v >= 10]
    if len(rough) != 1 or len(_figures(low, _FIGURE)) != 1:
        return None  # the loose figure must be the claim's only one
    n = rough[0]
    said = _figures(words_to_digits(text.lower()), _FIGURE)
    if n in said:
        return None
    near = [v for v in said if abs(v - n) <= 0.05 * n]
    if not near:
        return None
    return Stance("agree", 0.8, f"{near[0]:g} is about {n:g}", ("number",))
