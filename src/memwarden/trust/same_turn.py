"""Of two lines said in one turn, the one holding what the question asks goes first (session 25, issue 10.3).

A turn is stored as one claim per statement, and every claim of a turn is found by the same words: its keyword
context is the turn as said and its neighbours (:mod:`memwarden.claims.ingest`). So the line that opens the turn and
sets the scene ("dietitian appt was good actually", "got my plot at last", "didi asked for a raise after diwali")
ties with the line that gives the answer ("on soya now", "its number 14b", "giving her 6500 from this month"), and
the scene, said first, ranks first. What tells them apart is read in the lines themselves, in closed-class
structure.

Only a question about now asking one value (:func:`.latest.asks_current_value`), and only for the line saying that
the value changed or holds from now (:func:`.update_cues.says_change`: "now", "instead", "from this month") and
holding a value of its own (:func:`holds_value`: a figure, not a date alone, or a name the question does not say):
the news of its turn. "use this for everything now", "the user basically lives there now" say a change and hold
nothing, and moving them lost more development probes than it won (BENCHMARKS.md, session 25). It passes a line of
its own turn that says no change and holds no value; when the question asks a kind of value (a time for "when", an
amount for "how much", a party for "who", a place for "where": :func:`.answer_type.asked_type`), only holding one
(:func:`.answer_type.holds_type`) and past a line that holds none.

Within the first ``top`` hits, the user's own firm line (:func:`.present.own_word`, said of the user, not about
someone other than the question asks: "she moved to Dudley" is not the news of the user's turn) that says so moves just above the first line of its own turn above it that does not; one move per
search. Hits only move upwards within the first ``top``, so recall at any limit >= ``top`` is unchanged.
"""

from __future__ import annotations

from typing import Callable, Sequence

import re

from ..models import SearchHit
from .answer_type import asked_type, holds_type
from .asked_person import about_other, asked_person
from .latest import asks_current_value
from .present import own_word
from .update_cues import CALENDAR_WORD, says_change
from .updates import names_in

__all__ = ["same_turn_answer_first", "holds_value", "one_turn"]

#: A resolved date the extractor wrote after what was said ("on saturday (2025-06-21)", "(from 2026-05-01)").
_DATE_LABEL = re.compile(r"\((?:from |until )?\d{4}-\d\d-\d\d(?:\.\.\d{4}-\d\d-\d\d)?\)")


def holds_value(text: str, query: str) -> bool:
    """``text`` holds a value of its own: a figure (a date alone is none) or a capitalised name not said in ``query``
    nor a weekday's or a month's ("giving her 6500 from this month", "moved warehouse to the Heathwick estate"; not
    "the user basically lives there now", "moved in saturday")."""
    if re.search(r"\d", _DATE_LABEL.sub("", text)):
        return True
    asked = {n.rstrip("s") for n in names_in(" " + query)} | {w.lower().rstrip("'s") for w in query.split()}
    return any(not CALENDAR_WORD.fullmatch(n) and n.rstrip("s") not in asked for n in names_in(text))


def one_turn(a: SearchHit, b: SearchHit) -> bool:
    """Two lines extracted from one turn as said (a source episode in common)."""
    return bool({e.id for e in a.episodes} & {e.id for e in b.episodes})


def same_turn_answer_first(hits: Sequence[SearchHit], query: str, top: int = 5) -> list[SearchHit]:
    """The line of a turn saying what changed above the scene of the same turn (see the module doc)."""
    out = list(hits)
    if len(out) < 2 or not asks_current_value(query):
        return out
    kind = asked_type(query)
    holds: Callable[[str], bool] = (lambda text: holds_type(text, kind)) if kind is not None else (lambda text: False)
    person = asked_person(query)
    for j in range(1, min(top, len(out))):
        h = out[j]
        if (not h.episodes or not own_word(h) or h.claim is None or h.claim.subject != "user" or about_other(h, person)
                or not says_change(h.memory)
                or not holds_value(h.memory, query) or (kind is not None and not holds(h.memory))):
            continue
        i = next((i for i in range(j) if one_turn(h, out[i]) and not says_change(out[i].memory)
                  and not holds_value(out[i].memory, query) and not holds(out[i].memory)), None)
        if i is not None:
            out.insert(i, out.pop(j))
            return out
    return out
