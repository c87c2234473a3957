"""A question naming an attribute is answered first by the claim that fills it.

"Who is my counsellor?" ranks "my counsellor's gone on maternity leave" (the asked word, twice
over in its keyword entry) above "I've been handed over to Idris" -- yet only the second sets
the ``counsellor`` slot, and a slot's active claim *is* its current value (superseded ones are
hidden; with ``as_of``, the one valid then). :func:`slot_answer_first` moves, within the first
``top`` hits, the best-ranked claim on an asked slot above the hits ranked over it that fill no
asked slot, when those were stated no later than it: a later statement with no slot may be the
update the slot lexicon missed, and the update step decides about it.

An attribute is asked when the question holds every word of its name ("counsellor", "dentist
appointment", "tuesday pickup"), or, for a known attribute, one of the words people ask about it
with (``retrieval.ask_words.slot_terms``: "live" for residence, "earn" for salary, "picks" for a pickup), leaving out
words any question has ("when", "where", "time").
"""

from __future__ import annotations

import re
from typing import Sequence

from ..retrieval.ask_words import slot_terms
from ..models import Claim, SearchHit
from .testimony import stated_at

__all__ = ["asks_attribute", "slot_answer_first"]

_WORD = re.compile(r"[a-z0-9]+")
#: Ask-words too common to say which attribute a question is about.
_GENERIC = frozenset("when where date time day schedule going will plan plans like likes work works take pay money call "
                     "address contact health food eat eating meal".split())
_NOT_NAME = frozenset({"time", "the", "my", "a", "of"})
#: Keyed attributes whose key, not their head, names what is asked ("stack:database", "favourite:band").
_NAMED_BY_KIND = frozenset({"stack", "favourite"})


def _stem(w: str) -> str:
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w


def _qwords(query: str) -> set[str]:
    return {_stem(w) for w in _WORD.findall(query.lower())}


#: Questions whose only ask-word is too common alone, asked in a shape that names the attribute: "work" as the
#: verb of a where/who question ending the sentence ("where do I work now?", "who does Sam work for?") asks
#: the employer; "how do I get to work?" or "where do I work out?" does not.
_ASK_SHAPES = {
    "employer": re.compile(r"\b(?:where|who|which (?:company|firm|place))\b[^?]*\bwork(?:s|ing)?(?:\s+(?:for|at))?"
                           r"(?:\s+(?:now|these days|currently|at the moment|nowadays|again))?\s*[?.!]*\s*$", re.I),
}


def asks_attribute(attribute: str | None, query: str) -> bool:
    """Whether ``query`` asks for the value of ``attribute`` (a claim's normalised attribute)."""
    if not attribute:
        return False
    if (shape := _ASK_SHAPES.get(attribute.lower())) is not None and shape.search(query):
        return True
    q = _qwords(query)
    head, _, tail = attribute.lower().partition(":")
    # "stack:package_manager" is named by its kind ("which package manager"), "allergy:peanut" by its head
    named = tail if head in _NAMED_BY_KIND and tail else head
    name = {_stem(w) for w in _WORD.findall(named.replace("_", " "))} - _NOT_NAME
    if name and name <= q:
        return True
    terms = {_stem(w) for w in slot_terms(Claim(subject="user", attribute=attribute))} - _GENERIC
    return bool(terms & q)


def slot_answer_first(hits: Sequence[SearchHit], query: str, top: int = 8) -> list[SearchHit]:
    """The first ``top`` hits with the best-ranked claim on an asked slot moved up (module doc)."""
    out = list(hits)
    if not query or len(out) < 2:
        return out
    n = min(top, len(out))
    asked = [asks_attribute(h.claim.attribute if h.claim and h.claim.slot and not h.claim.negated else None, query)
             for h in out[:n]]
    if not any(asked) or asked[0]:
        return out
    for j in (j for j in range(1, n) if asked[j]):  # the best-ranked claim on an asked slot that may move up
        h = out[j]
        i = next((i for i in range(j) if not asked[i] and stated_at(out[i]) <= stated_at(h)), None)
        if i is not None and all(stated_at(out[k]) <= stated_at(h) for k in range(i, j)):
            out.insert(i, out.pop(j))
            return out
        if not all(asked[k] or stated_at(out[k]) <= stated_at(h) for k in range(j)):
            continue  # a later statement above it: a filler of the slot said later still may pass it
        return out
    return out
