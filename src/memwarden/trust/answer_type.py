"""The kind of value a question asks for, and the first hits that hold one.

"When is my dentist appointment?" asks for a time; a hit that names the appointment but no time
("sofa delivery is booked", "had to change the Lagos flight") does not answer it, while the hit
just below it ("it's the 23rd now") does. Relevance alone cannot tell them apart: both are about
the same thing, and the vaguer one often shares more words with the question.

:func:`answer_type_first` is the last step of the trusted ranking. Within the first ``top``
hits (3), for a question asking a time or an amount:

1. if the first hit holds no value of that kind and a hit below it does, that hit moves first;
2. among hits that hold one, a later statement saying it changes something ("moved", "now",
   "pushed back", ...) moves above an earlier one when it is about what was asked: it shares a
   word with the question, or it names nothing but the change and its value (a changed date
   rarely repeats the event's name: "they moved me to the 14th"). A later change about
   something else ("salary goes up to 61k now" for "how much rent do I pay") stays where it is.

"Who" questions are left alone: a person's name is not told apart from a brand or a place by
its spelling ("who is my mobile provider?" is answered by "giffgaff").

Only hits already in the first ``top`` move, so recall at any limit >= ``top`` is unchanged.
"""

from __future__ import annotations

import re
from typing import Literal, Sequence

from ..models import SearchHit
from .testimony import stated_at
from .values import ASKS_QUANTITY, ASKS_WHEN, VALUES, holds_quantity, holds_when

__all__ = ["asked_type", "holds_type", "answer_type_first"]

AnswerType = Literal["time", "amount"]

_TOKEN = re.compile(r"[a-z][a-z'-]*[a-z]", re.I)
#: Words that name no topic: function words, the speaker, the change itself, times and amounts.
_NO_TOPIC = frozenset(
    "the a an user user's users they them it its is are was were be been am to of in on at for and or but with my our "
    "your me we you he she his her their this that so now just also too not no do does did has have had will would can "
    "could got get same time again back then there here as from by instead".split())
_UPDATE = re.compile(r"\b(?:now|moved|rescheduled|pushed(?: back)?|postponed|brought forward|changed|switched|"
                     r"instead|new|delayed|bumped|handed over|replaced|no longer|anymore|any more|actually|updated?)\b",
                     re.I)


def asked_type(query: str) -> AnswerType | None:
    """The kind of value ``query`` asks for, if it is a time or an amount."""
    if ASKS_WHEN.search(query):
        return "time"
    if ASKS_QUANTITY.search(query):
        return "amount"
    return None


def holds_type(text: str, kind: AnswerType) -> bool:
    """Whether ``text`` states a value of ``kind`` (a date or time, a number)."""
    return holds_when(text) if kind == "time" else holds_quantity(text)


def _topic(text: str) -> set[str]:
    words = {w.lower() for w in _TOKEN.findall(text)}
    return {w.rstrip("s") for w in words if w not in _NO_TOPIC and not _UPDATE.fullmatch(w) and not VALUES["date"].fullmatch(w)
            and not VALUES["time"].fullmatch(w) and not VALUES["number"].fullmatch(w)}


def answer_type_first(hits: Sequence[SearchHit], query: str, top: int = 3) -> list[SearchHit]:
    """The first ``top`` hits reordered so that one holding the asked value comes first (see module doc)."""
    out = list(hits)
    kind = asked_type(query) if query else None
    if kind is None or len(out) < 2:
        return out
    n = min(top, len(out))

    def typed(h: SearchHit) -> bool:
        return holds_type(h.memory, kind)

    if not typed(out[0]):
        j = next((j for j in range(1, n) if typed(out[j])), None)
        if j is None:
            return out
        out.insert(0, out.pop(j))
    asked = _topic(query)
    for j in range(1, n):  # a later typed hit that says it changes something moves above older typed ones
        h = out[j]
        if not typed(h) or not _UPDATE.search(h.memory):
            continue
        topic = _topic(h.memory)
        if topic and not topic & asked:
            continue  # a change about something else
        i = next((i for i in range(j) if typed(out[i]) and stated_at(h) > stated_at(out[i])), None)
        if i is not None:
            out.insert(i, out.pop(j))
    return out
