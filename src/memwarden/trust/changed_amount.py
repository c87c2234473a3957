"""Asked how much something is now: the later amount of one quantity first.

"What am I paying monthly for climbing?" after "joined The Boulder Yard, £42 a month" and, months
later, "Rockhaus opened 5 mins from my flat, it's £35"; "how much rent am I paying?" after "900
SGD a month" and "my portion is 1,350 before bills". The update rarely repeats the old statement's
words or slot (a new place, a new payee, "the first crew are charging 41k"), so neither the slot,
the update cues nor meaning tie the two, and the old statement, closer to the question's words,
ranks first. What ties them is the value: both state an amount, and one amount of one quantity
(one unit or dimension, the same order of size) said again later is that quantity's new value.

:func:`later_amount_first` is a step of the trusted ranking (:mod:`.ranking`, after the answer-value
step): for a question about the present (:func:`.present.asks_present`) asking an amount (the
answer-type reader, :func:`.answer_type.asked_type`), within the first ``top`` hits, the latest
firm statement of the user's own (:func:`.present.own_word`) holding an amount of the same quantity
as the first hit holding one, and stated after it, moves just above it. Two amounts are one
quantity (:func:`same_quantity`) when they share a dimension (money in one currency, a length, a
mass, ...; a bare number takes any) and the larger is at most ``ratio`` times the smaller: rent of
1,150 and a salary of 61k are two things ("salary goes up to 61k" under "rent is 1,150 a month"
stays below it). A later amount said *of another named thing* ("phone contract is £35 a month" under
"gym membership is £40" for "how much is my gym membership now?") is not the first's new value: when
the words the later hit sets its amount on ("<thing> is / costs / comes to <amount>", :func:`_priced`)
share none with the question or the first hit, it stays where it is; a pronoun or a share word ("it's
£35", "my portion is 1,350") names no other thing. Only hits already in the first ``top`` move, so recall at any limit >= ``top`` is
unchanged. ``top`` and ``ratio`` were chosen leave-one-author-out on the twelve development authors
(BENCHMARKS.md, session 10).
"""

from __future__ import annotations

import re
from typing import Sequence

from ..models import SearchHit
from .answer_type import asked_type
from .present import asks_present, own_word
from .testimony import stated_at
from .typed_values import DIMENSIONS, quantities, to_base

__all__ = ["amounts", "same_quantity", "later_amount_first", "TOP", "RATIO"]

#: How many of the first hits the step looks at, and how far apart two amounts of one quantity may be.
TOP = 5
RATIO = 3.0

#: The extractor's resolved dates in brackets ("(2026-08-01..2026-08-31)"): no amount was said there.
_RESOLVED = re.compile(r"\([^()]*\d{4}-\d\d[^()]*\)")
#: A number said without a unit ("my portion is 1,350", "charging 41k"), not part of a date, a time,
#: a range, a score or a code ("2026-04-17", "2/4", "7:30", "0730-1530", "V4", "#KD-40217"), nor a year ("since 2019").
_BARE = re.compile(r"(?<![\w.,/:#-])(?!(?:19|20)\d\d\b)(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(k|grand)?(?![\w/:]|[.,-]\d)")


def amounts(text: str) -> list[tuple[str | None, float]]:
    """The amounts ``text`` states, each as (dimension or None for a bare number, value in the
    dimension's base unit); a unit outside :data:`.typed_values.DIMENSIONS` is its own dimension."""
    low, found = quantities(_RESOLVED.sub(" ", text.lower()))
    out: list[tuple[str | None, float]] = []
    for unit, value, start, end in found:
        if unit in DIMENSIONS:
            out.append((DIMENSIONS[unit][0], to_base(unit, value)))
        else:
            out.append((unit, value))
        low = low[:start] + " " * (end - start) + low[end:]
    for m in _BARE.finditer(low):
        value = float(m.group(1).replace(",", ""))
        out.append((None, value * 1000 if m.group(2) else value))
    return out


def same_quantity(a: Sequence[tuple[str | None, float]], b: Sequence[tuple[str | None, float]],
                  ratio: float = RATIO) -> bool:
    """Some amount of ``a`` and some amount of ``b`` are one quantity: one dimension (a bare number
    takes any) and within ``ratio`` of each other."""
    for da, va in a:
        for db, vb in b:
            if da is not None and db is not None and da != db:
                continue
            lo, hi = sorted((abs(va), abs(vb)))
            if lo > 0 and hi <= ratio * lo:
                return True
    return False


#: The words a clause sets its amount on: "phone contract is £35", "the gym costs $50", "rent's gone up to 1,400".
_PRICED = re.compile(r"((?:[a-z][\w'-]*\s+){1,3}?)(?:is|are|was|were|'s|costs?|comes? to|came to|(?:has |have |'s )?(?:gone|went) "
                     r"(?:up|down) to|goes (?:up|down) to)\s+(?:now\s+|only\s+|just\s+|about\s+|around\s+|still\s+)?"
                     r"(?=[£$€₹]|\d)", re.I)
#: Words that name no thing of their own: pronouns, determiners, a share of the same bill, time words.
_NO_THING = frozenset("it that this they these those which what my our your his her their the a an its mine ours "
                      "portion share bit half cut part bill price cost total fee amount now still each one "
                      "month monthly week weekly year yearly annual price".split())
_TOKEN = re.compile(r"[a-z]+")


def _words(text: str) -> set[str]:
    return {w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
            for w in _TOKEN.findall(text.lower()) if len(w) > 2}


def _priced(text: str) -> set[str]:
    """The words ``text`` sets an amount on, without pronouns, determiners and share words."""
    out: set[str] = set()
    for m in _PRICED.finditer(text):
        out |= _words(m.group(1)) - _NO_THING
    return out


def _other_thing(later: SearchHit, first: SearchHit, query: str) -> bool:
    """The later hit sets its amount on a thing neither the question nor the first hit names."""
    own = _priced(later.memory)
    return bool(own) and not own & (_words(query) | _words(first.memory))


def later_amount_first(hits: Sequence[SearchHit], query: str, top: int = TOP, ratio: float = RATIO) -> list[SearchHit]:
    """The first ``top`` hits with a later amount of the first amount's quantity moved above it (module doc)."""
    out = list(hits)
    if len(out) < 2 or not query or asked_type(query) != "amount" or not asks_present(query):
        return out
    n = min(top, len(out))
    held = [amounts(h.memory) for h in out[:n]]
    f = next((i for i in range(n) if held[i]), None)
    if f is None:
        return out
    later = [j for j in range(f + 1, n) if held[j] and own_word(out[j]) and stated_at(out[j]) > stated_at(out[f])
             and same_quantity(held[j], held[f], ratio) and not _other_thing(out[j], out[f], query)]
    if not later:
        return out
    j = max(later, key=lambda j: (stated_at(out[j]), -j))  # the latest; of one moment, the higher
    out.insert(f, out.pop(j))
    return out
