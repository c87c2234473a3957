"""Opposite pairs for the stance detector: antonyms, prefixed opposites, incompatible concepts, and
complementary opposites (pairs where denying one member asserts the other).

"The biopsy wasn't malignant" says it was benign; "I don't hate it" does not say "I love it".
The stance detector reads a negated member of one of these pairs as agreement with the other
member at full strength, and a negated gradable opposite (love/hate, hot/cold) only weakly.
A closed class: two-valued results and statuses (a test is positive or negative, a door open or
closed, a person alive or dead), with lexicon.POLAR_PAIRS (the status opposites) and opposites
formed by a negating prefix (locked/unlocked, legal/illegal), which the detector adds itself.
"""

from __future__ import annotations

from functools import lru_cache

from ..retrieval.text import _stem
from .lexicon import ANTONYM_WORDS, INCOMPATIBLE, POLAR_PAIRS

__all__ = ["COMPLEMENTARY_WORDS", "COMPLEMENTARY", "opposites", "_antonym", "_incompatible"]

#: Two-valued opposites beyond lexicon.ANTONYM_WORDS' list (the first rows are new pairs, added to the
#: detector's antonym table too).
COMPLEMENTARY_WORDS: list[tuple[str, str]] = [
    ("benign", "malignant"), ("positive", "negative"), ("approved", "declined"), ("approved", "rejected"),
    ("true", "false"), ("alive", "dead"), ("pass", "fail"), ("passed", "failed"), ("win", "lose"), ("won", "lost"),
    ("win", "lost"), ("won", "lose"), ("present", "absent"), ("employed", "unemployed"), ("accept", "reject"),
    ("accepted", "rejected"), ("included", "excluded"), ("allowed", "forbidden"), ("allowed", "banned"),
    ("asleep", "awake"), ("open", "closed"), ("success", "failure"), ("succeeded", "failed"),
    ("attended", "missed"), ("remembered", "forgot"), ("confirmed", "denied"), ("married", "single"),
    ("legal", "illegal"), ("possible", "impossible"),
]

#: Stemmed, both orders: the pairs whose negated member is the other member.
COMPLEMENTARY: frozenset[tuple[str, str]] = frozenset(
    (x, y) for a, b in COMPLEMENTARY_WORDS + POLAR_PAIRS for x, y in ((_stem(a), _stem(b)), (_stem(b), _stem(a)))
)


# -- antonyms, prefixed opposites and incompatible concepts (moved from stance.py) --------------

_ANTONYMS: frozenset[tuple[str, str]] = frozenset(
    (x, y) for a, b in ANTONYM_WORDS + COMPLEMENTARY_WORDS for x, y in ((_stem(a), _stem(b)), (_stem(b), _stem(a)))
)
#: Only these antonym pairs are checked; words like "in"/"up" are stopwords and never reach it.
_NEG_PREFIXES = ("un", "dis", "in", "im", "il", "ir", "non")


_ANTONYM_MAP: dict[str, frozenset[str]] = {}
for _x, _y in _ANTONYMS:
    _ANTONYM_MAP[_x] = _ANTONYM_MAP.get(_x, frozenset()) | {_y}


def opposites(stem: str) -> frozenset[str]:
    """The stems of the words opposite ``stem`` (antonyms, status and complementary opposites)."""
    return _ANTONYM_MAP.get(stem, frozenset())


@lru_cache(maxsize=65_536)
def _roots(words: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """Each root of 3+ letters a word of one text puts a negating prefix on ("unpaid": paid -> un),
    with its prefixes in :data:`_NEG_PREFIXES` order; per text, so a pair only looks roots up."""
    out: dict[str, tuple[str, ...]] = {}
    for p in _NEG_PREFIXES:
        for w in words:
            if w.startswith(p) and len(w) - len(p) >= 3:
                out[w[len(p):]] = out.get(w[len(p):], ()) + (p,)
    return out


def _antonym(only_a: frozenset[str], only_b: frozenset[str], all_a: frozenset[str],
             all_b: frozenset[str]) -> tuple[str, str] | None:
    """The first opposite pair, ``x`` of ``only_a`` against ``y`` of ``only_b`` (``all_*``: each
    text's content words, whose prefixed roots are cached)."""
    roots_b = _roots(all_b)
    for x in only_a:
        ants = _ANTONYM_MAP.get(x)
        if ants and not ants.isdisjoint(only_b):
            return x, min(ants & only_b)
        for p in roots_b.get(x, ()):
            if p + x in only_b:
                return x, p + x
    roots_a = _roots(all_a)
    for y in only_b:
        for p in roots_a.get(y, ()):
            if p + y in only_a:
                return p + y, y
    return None


_INCOMPATIBLE = [(frozenset(_stem(w) for w in x), frozenset(_stem(w) for w in y)) for x, y in INCOMPATIBLE]
_INCOMPATIBLE_WORDS = frozenset().union(*(x | y for x, y in _INCOMPATIBLE))


def _incompatible(a: frozenset[str], b: frozenset[str]) -> tuple[str, str] | None:
    """Two everyday concepts that exclude each other, one on each side (a vegetarian's steak)."""
    if a.isdisjoint(_INCOMPATIBLE_WORDS) or b.isdisjoint(_INCOMPATIBLE_WORDS):
        return None
    for x, y in _INCOMPATIBLE:
        for p, q in ((a, b), (b, a)):
            if p & x and q & y and not (p & y) and not (q & x):
                return min(p & x), min(q & y)
    return None
