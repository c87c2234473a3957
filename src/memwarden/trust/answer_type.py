"""The kind of value a question asks for, and the first hits that hold one.

"When is my dentist appointment?" asks for a time; a hit that names the appointment but no time
("sofa delivery is booked", "had to change the Lagos flight") does not answer it, while the hit
just below it ("it's the 23rd now") does. Relevance alone cannot tell them apart: both are about
the same thing, and the vaguer one often shares more words with the question.

:func:`answer_type_first` is the last step of the trusted ranking. Within the first ``top``
hits (3), for a question asking a time, an amount or a cause ("what's wrong with my car?" is
answered by a statement naming what it is: "it's the alternator", not "it wouldn't start"), or a
state ("is the ferry cancelled?" by "sailings are running", not by "we're taking the 10:30 ferry"):

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
from typing import Callable, Literal, Sequence

from ..models import SearchHit
from .testimony import stated_at
from .update_cues import UPDATE, says_update
from .values import ASKS_QUANTITY, ASKS_WHEN, VALUES, holds_quantity, holds_when

__all__ = ["asked_type", "holds_type", "answer_type_first"]

AnswerType = Literal["time", "amount", "cause", "status"]

_TOKEN = re.compile(r"[a-z][a-z'-]*[a-z]", re.I)
#: Words that name no topic: function words, the speaker, the change itself, times and amounts.
_NO_TOPIC = frozenset(
    "the a an user user's users they them it its is are was were be been am to of in on at for and or but with my our "
    "your me we you he she his her their this that so now just also too not no do does did has have had will would can "
    "could got get same time again back then there here as from by instead".split())

#: "What's wrong with my car?", "what's the problem with the boiler": asks what something turned out to be.
_ASK_CAUSE = re.compile(r"\bwhat(?:'s| is| was)? (?:wrong|up|the (?:matter|problem|issue|fault|diagnosis|cause))\b|"
                        r"\bwhat caused\b|\bwhat did (?:the |my )?(?:vet|doctor|gp|mechanic|garage|plumber|engineer) (?:say|find)\b", re.I)
#: A statement naming what something is: "it's the alternator", "that's a sprain", "turned out to be the fuse",
#: "diagnosed with shingles" (the clause head after an optional "The user:" prefix).
_CAUSE = re.compile(r"(?:^|:\s*|,\s*)(?:it's|it is|it was|that's|that is|its|turns out it's|turned out (?:it was|to be))\s+"
                    r"(?:just\s+|only\s+|actually\s+|definitely\s+)?(?:a|an|the)\s+\w|\bdiagnos\w+\s+(?:with|as)\b|"
                    r"\bturned out to be\b|\bcaused by\b", re.I)


_STATUS_WORDS = (r"cancel+ed|called off|running|going ahead|still on|back on|postponed|delayed|closed|shut|open|reopened|"
                 r"sold out|suspended|struck|strike|approved|rejected|refused|accepted|confirmed|paid|overdue")
#: "Is our ferry on Saturday cancelled?", "is the pool still closed": asks the state of a thing.
_ASK_STATUS = re.compile(rf"^\s*(?:is|are|was|were|has|have)\b[^?]*\b(?:{_STATUS_WORDS})\b", re.I)
#: A statement giving such a state ("sailings are running as normal", "the match is off").
_STATUS = re.compile(rf"\b(?:is|are|was|were|got|been|be|'s|'re|now|all|still|not|no)\s+(?:\w+\s+)?(?:{_STATUS_WORDS})\b|"
                     r"\b(?:cancel+ed|postponed|called off|going ahead|running as normal|no strike|reopened)\b", re.I)


def asked_type(query: str) -> AnswerType | None:
    """The kind of value ``query`` asks for: a time, an amount, or what something turned out to be."""
    if ASKS_WHEN.search(query):
        return "time"
    if ASKS_QUANTITY.search(query):
        return "amount"
    if _ASK_CAUSE.search(query):
        return "cause"
    if _ASK_STATUS.search(query):
        return "status"
    return None


def holds_type(text: str, kind: AnswerType) -> bool:
    """Whether ``text`` states a value of ``kind`` (a date or time, a number, what something is)."""
    if kind == "time":
        return holds_when(text)
    if kind == "amount":
        return holds_quantity(text)
    return bool({"cause": _CAUSE, "status": _STATUS}[kind].search(text))


def _topic(text: str) -> set[str]:
    words = {w.lower() for w in _TOKEN.findall(text)}
    return {w.rstrip("s") for w in words if w not in _NO_TOPIC and not UPDATE.fullmatch(w) and not VALUES["date"].fullmatch(w)
            and not VALUES["time"].fullmatch(w) and not VALUES["number"].fullmatch(w)}


_PERIODS = frozenset("month year week day hour minute fortnight quarter term annual monthly weekly daily yearly".split())


def _near(a: set[str], b: set[str]) -> bool:
    """A word of ``a`` and one of ``b`` share their first four letters ("pickup", "picks"): one matter."""
    a, b = a - _PERIODS, b - _PERIODS  # "a month" is in every price: it ties nothing
    heads = {w[:4] for w in b if len(w) >= 4}
    return bool(a & b) or any(len(w) >= 4 and w[:4] in heads for w in a)


def answer_type_first(hits: Sequence[SearchHit], query: str, top: int = 3,
                      firmer: Callable[[SearchHit, SearchHit], bool] | None = None) -> list[SearchHit]:
    """The first ``top`` hits reordered so that one holding the asked value comes first (see module doc).

    ``firmer(a, b)``: ``a`` is a firm statement and ``b`` hearsay or a hedge (the ranking's test); a
    later firm typed hit then moves above an earlier hearsay typed one even with no word in common
    ("6% of base" under "everyone's saying bonuses are 10%"): both hold the asked kind of value.
    """
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
        if not typed(h):
            continue
        topic = _topic(h.memory)
        cued = says_update(h.memory)
        i = next((i for i in range(j) if typed(out[i]) and stated_at(h) > stated_at(out[i])
                  # a change about what was asked or about what the older hit holds ("pickup's 16:05 now" under
                  # "the transfer picks us up at 14:20"), not about something else
                  and ((cued and (not topic or _near(topic, asked | _topic(out[i].memory))))
                       or (firmer is not None and firmer(h, out[i])))), None)
        if i is not None:
            out.insert(i, out.pop(j))
    return out
