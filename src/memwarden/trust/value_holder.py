"""Which thing a text's values belong to, when two texts name one kind of thing.

"The gas bill is £62 a month" and "the electricity bill is £48 a month" share their frame and
differ in their values, yet say nothing of each other: the shared noun ("bill") carries another
modifier on each side ("gas" / "electricity"), and a noun with another modifier is another thing
("my phone contract ends in September" / "my broadband contract ends in September", "cow's milk
IgE" / "egg IgE"). Only the words before a text's first value are read: that is what the value is
said of ("£62 a month" names no thing). Read by :mod:`.stance` before it sets two values against
each other or calls them one.

Also read there: the thing a statement places (:func:`placed_subject`: "the reception is in ..."),
one thing being in one place at a time.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..lexicon import calendar as cal
from ..lexicon.quotes import straight
from ..retrieval.text import STOPWORDS, _stem, words
from .lexicon import HEDGE_WORDS, REPORT_FRAME_WORDS
from .spoken_numbers import words_to_digits
from .value_cues import WEEKDAYS

__all__ = ["holder", "one_thing_two_places", "other_things", "placed", "placed_subject"]

_MONTHS = " ".join(cal.UNAMBIGUOUS_MONTHS) + " jan feb mar apr jun jul aug sep sept oct nov dec"
#: The first value of a text: a digit, a currency sign, a month ("in May", not the verb) or a
#: weekday (or its plural), a time said in words ("half six", "quarter to").
_CALENDAR = sorted(set(_MONTHS.split()) | {w for d in WEEKDAYS for w in (d, d + "s")}, key=len, reverse=True)
_FIRST_VALUE = re.compile(r"[\d£$€¥₹]|\b(?:(?<=in |of |by )may|half|quarter|" + "|".join(_CALENDAR) + r")\b")


def _low(text: str) -> str:
    return words_to_digits(straight(text).lower())


def _stems(low: str) -> tuple[str, ...]:
    return tuple(_stem(w) for t in words(low) if (w := t.split("'", 1)[0]) not in STOPWORDS and w.isalpha())


def _content(t: str) -> bool:
    return t.isalpha() and t not in STOPWORDS and t not in REPORT_FRAME_WORDS and t not in HEDGE_WORDS


#: What opens a text before its subject: an article or a possessive ("the gas bill", "Caelan's cow's milk").
_OPENERS = frozenset("the a an my our your his her their its this that these those".split())
#: Content words above which a text is a turn of chat, not one statement with one subject.
_SHORT = 10


@lru_cache(maxsize=65_536)
def holder(text: str) -> tuple[tuple[str, str], ...]:
    """(modifier, noun) stems of the words a short statement opens on, before its first value
    and its first comma: "the upstairs unit rents for $1,800" -> (upstair, unit), (unit, rent).
    Empty when the text opens otherwise ("roofer rang back, revised quote is £4,750": no pair
    before the comma names the quote)."""
    low = _LEAD.sub("", _low(text))
    m = _FIRST_VALUE.search(low)
    if m is None or len(_stems(low)) > _SHORT:
        return ()
    toks = [t.split("'", 1)[0] for t in words(_CLAUSE_END.split(low[:m.start()], 1)[0])]
    while toks and toks[0] in _OPENERS:
        toks = toks[1:]
    run: list[str] = []
    for t in toks:
        if not _content(t):
            break
        run.append(_stem(t))
    return tuple(zip(run, run[1:]))


_CLAUSE_END = re.compile(r"[,;:.!?()\u2013\u2014]|\s-\s")
#: The extractor's "The user:" prefix names who speaks, not the subject.
_LEAD = re.compile(r"^\W*(?:the )?user:\s*")


@lru_cache(maxsize=65_536)
def _said(text: str) -> frozenset[str]:
    """Every stemmed content word of a text as written (no lexicon rewrite, number words as digits)."""
    return frozenset(_stems(_low(text)))


def _near(word: str, said: frozenset[str]) -> bool:
    # "prod" / "production", "roof" / "roofer": one word written two ways is no second thing.
    return word in said or any(len(w) >= 4 and (word.startswith(w[:4]) or w.startswith(word[:4])) for w in said)


#: Modifiers that tell versions of one thing apart in time, not two things: "the latest quote" is the builder's quote.
_WHEN_WORDS = frozenset(_stem(w) for w in "latest usual new old current next last previous original revised updated "
                        "final earlier later".split())


def other_things(a: str, b: str) -> tuple[str, str] | None:
    """The modifiers that make one noun two things (``("gas", "electr")``), or None.

    Both texts open on a modifier and one noun, and neither modifier is said in the other text."""
    ha, hb = holder(a), holder(b)
    if not ha or not hb:
        return None
    said_a, said_b = _said(a), _said(b)
    for mod_a, noun in ha:
        for mod_b, noun_b in hb:
            if noun_b == noun and not _near(mod_a, said_b) and not _near(mod_b, said_a) \
                    and mod_a not in _WHEN_WORDS and mod_b not in _WHEN_WORDS:
                return mod_a, mod_b
    return None


#: A statement of where or who one thing is: "the reception is in ...", "our vet's Dr ...", "Ysabel's
#: debut is at ...", "the debut's happening in ..." (a possessive name before the noun allowed).
_PLACED = re.compile(r"^\W*(?:(?:the|our|my|your|their|his|her)\s+|[a-z]+'s\s+)?([a-z]+)(?:'s|\s+is|\s+are)\s+"
                     r"(?:happening\s+|held\s+|being held\s+|now\s+)?(?:(?P<prep>in|at|near|on)\s+|(?=[A-Z]))")
#: A place named as a venue: with an article, a possessive or a common noun ("the Manila Hotel", "St Brigid's",
#: "lola's garden"), or given with the wider place around it ("Craigvinean Barn near Dunkeld").
_VENUE = re.compile(r"(?:the\s|[a-z]|[\w-]+'s\b)|[A-Z][\w-]*(?:\s+(?:[A-Z][\w'-]*|of|upon|on))*,?\s+"
                    r"(?:in|at|near|outside|by|on)\s+(?:the\s+)?[A-Z]")


@lru_cache(maxsize=65_536)
def placed(text: str) -> tuple[str, str] | None:
    """The stem of the noun a text places and the kind of what it is placed at, or None: "person" ("our vet is Dr
    Patel"), "venue" ("the reception is in the Drill Hall", "... at Addenbrooke's") or "town" (a bare name: "the
    conference is in Berlin"). Only two of one kind that cannot hold each other are two answers: two people, or two
    venues; a town may hold a venue ("Berlin" / "the Hilton") or another town ("Leith" / "Edinburgh")."""
    low = re.sub(r"^(?:\W*)(\w)", lambda x: x.group(0).lower(), straight(text))
    m = _PLACED.match(low)
    if m is None:
        return None
    kind = "person" if m.group("prep") is None else "venue" if _VENUE.match(low, m.end()) else "town"
    return _stem(m.group(1).lower()), kind


def placed_subject(text: str) -> str | None:
    """The stem of the noun a text places ("the reception is in the Drill Hall" -> recept), or None."""
    p = placed(text)
    return p[0] if p else None


def one_thing_two_places(a: str, b: str) -> bool:
    """Both texts place one thing, at two people or at two venues (never a town: it may hold the other place)."""
    pa, pb = placed(a), placed(b)
    return pa is not None and pa == pb and pa[1] != "town"
