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

A "who" question asks for a party: a hit naming one (a capitalised word inside a sentence, the
stance features' ``proper``: "it's me + Oksana as backup now", "gone over to Tarrant's"), or naming
someone by who they are (kin and everyday roles after a possessive: "the user's niece"); a "where"
question a place (a capitalised name after a word of place, "up to Pellow's farm", or an
address). Neither spelling is sure ("who is my mobile provider?" is answered by "giffgaff"), so
step 1 does not fire for them unless a hit below names one and the first names none.

For a question about the present (:func:`.present.asks_present`) the order of statements decides
what is current: step 1 never moves an older statement above a later first hit on the same matter
(close in meaning: "the swarm colony got wiped out" over "that's three hives") nor, whatever the
matter, one holding a name or a place (the old supplier holds a name as much as the new one), and in step 2 the user's own later statement about what was
asked needs no change word ("their van comes thursdays" under "delivered tuesdays").

The extractor's resolved dates in brackets ("this year (2026-01-01..2026-12-31)") are no amount.

Only hits already in the first ``top`` move, so recall at any limit >= ``top`` is unchanged.
"""

from __future__ import annotations

import re
from typing import Callable, Literal, Sequence

from ..models import SearchHit
from .features import features
from .names import KIN_WORDS
from .present import asks_present, own_word
from .testimony import stated_at
from .update_cues import UPDATE, says_update
from .values import ASKS_QUANTITY, ASKS_WHEN, ASKS_WHY, VALUES, holds_quantity, holds_when

__all__ = ["asked_type", "holds_type", "answer_type_first", "VALUE_KINDS"]

AnswerType = Literal["time", "amount", "cause", "status", "party", "place"]

#: The kinds told by a value's pattern, the ones the fitted stages' weights were fitted on (fitted_rank.py,
#: abstain_features.py read only these: "party" and "place" came later, session 8).
VALUE_KINDS = frozenset({"time", "amount", "cause", "status"})
#: "Who's ...?", "who does ...": asks for a party (a person, a firm).
_ASK_PARTY = re.compile(r"^\s*who(?:'s|'re| is| are| does| do| will)?\b", re.I)
#: "Where ...?": asks for a place.
_ASK_PLACE = re.compile(r"^\s*where\b", re.I)
#: "What am I paying ...", "what does it cost": a what-question on a verb of paying asks an amount.
_ASK_PAYING = re.compile(r"^\s*what\b[^?]*\b(?:pay|paying|pays|cost|costs|charge|charges|charging|owe|owed)\b", re.I)
#: A capitalised name after a word of place ("in Kelsby", "up to Pellow's farm", "off Ecclesall Road").
_PLACE = re.compile(r"\b(?i:at|in|on|to|from|near|behind|outside|off|by)\s+(?:(?i:the)\s+)?(?:[a-z]+'s\s+)?[A-Z][a-z]+")
#: The kinds told by spelling alone (a capitalised word), which a brand or a lowercase name escapes.
_BY_SPELLING = frozenset({"party", "place"})
#: A party named by who they are to someone ("the user's niece", "my landlord"): kin and everyday roles.
_KIN_PARTY = re.compile(r"\b(?:the user's|my|our|his|her|their)\s+(?:[a-z-]+\s+)?(?:" + "|".join(sorted(KIN_WORDS)) + r")\b", re.I)
#: A date the extractor resolved and appended in brackets: a date, not a quantity.
_RESOLVED = re.compile(r"\(\d{4}-[^)]*\)")

_TOKEN = re.compile(r"[a-z][a-z'-]*[a-z]", re.I)
#: Words that name no topic: function words, the speaker, the change itself, times and amounts.
_NO_TOPIC = frozenset(
    "the a an user user's users they them it its is are was were be been am to of in on at for and or but with my our "
    "your me we you he she his her their this that so now just also too not no do does did has have had will would can "
    "could got get same time again back then there here as from by instead "
    # contractions are function words too: "it's 6:15 now" names nothing but its value
    "it's that's there's here's what's i'm i've i'll i'd we're we've we'll they're they've he's she's you're".split())

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


#: What a question asks, tried in this order: the first pattern that matches names the kind.
_ASKS: tuple[tuple[re.Pattern[str], AnswerType], ...] = (
    (ASKS_WHEN, "time"), (ASKS_QUANTITY, "amount"), (_ASK_CAUSE, "cause"), (_ASK_STATUS, "status"),
    (_ASK_PAYING, "amount"), (_ASK_PARTY, "party"), (_ASK_PLACE, "place"))


def asked_type(query: str) -> AnswerType | None:
    """The kind of value ``query`` asks for: a time, an amount, what something turned out to be, a
    state, a party or a place."""
    if ASKS_WHY.match(query):
        return None  # "what's the reason it costs so much?": asks why, not an amount
    return next((kind for pattern, kind in _ASKS if pattern.search(query)), None)


def holds_type(text: str, kind: AnswerType) -> bool:
    """Whether ``text`` states a value of ``kind`` (a date or time, a number, what something is)."""
    if kind == "time":
        return holds_when(text)
    if kind == "amount":
        return holds_quantity(_RESOLVED.sub("", text))
    if kind == "party":
        return bool(features(text).proper or _KIN_PARTY.search(text))
    if kind == "place":
        return bool(_PLACE.search(text) or VALUES["address"].search(text))
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
                      firmer: Callable[[SearchHit, SearchHit], bool] | None = None,
                      similar: Callable[[SearchHit, SearchHit], float] | None = None, cosine: float = 2.0) -> list[SearchHit]:
    """The first ``top`` hits reordered so that one holding the asked value comes first (see module doc).

    ``firmer(a, b)``: ``a`` is a firm statement and ``b`` hearsay or a hedge (the ranking's test); a
    later firm typed hit then moves above an earlier hearsay typed one even with no word in common
    ("6% of base" under "everyone's saying bonuses are 10%"): both hold the asked kind of value.
    ``similar``/``cosine``: two hits' cosine and the one at which they are on the same matter (the
    ranking's ``rank_same_matter_cosine``): asked about now, step 1 does not lift an older typed hit over a
    later first hit that close to it ("wiped out by wasps" over "that's three hives").
    """
    out = list(hits)
    kind = asked_type(query) if query else None
    if kind is None or len(out) < 2:
        return out
    n = min(top, len(out))
    present = asks_present(query)

    def typed(h: SearchHit) -> bool:
        return holds_type(h.memory, kind)

    if not typed(out[0]):
        j = next((j for j in range(1, n) if typed(out[j])), None)
        if j is None:
            return out
        # asked about now, an older statement does not pass a later one on the same matter, nor one holding a
        # name or a place (told by spelling, not sure): the old supplier is named as much as the new
        older = present and stated_at(out[j]) < stated_at(out[0])
        if not (older and (kind in _BY_SPELLING or (similar is not None and similar(out[0], out[j]) >= cosine))):
            out.insert(0, out.pop(j))
    asked = _topic(query)
    for j in range(1, n):  # a later typed hit that says it changes something moves above older typed ones
        h = out[j]
        if not typed(h):
            continue
        topic = _topic(h.memory)
        # asked about now, the user's own later word on what was asked is the current value, cue or not
        cued = says_update(h.memory) or (present and own_word(h))
        i = next((i for i in range(j) if typed(out[i]) and stated_at(h) > stated_at(out[i])
                  # a change about what was asked or about what the older hit holds ("pickup's 16:05 now" under
                  # "the transfer picks us up at 14:20"), not about something else
                  and ((cued and (not topic or _near(topic, asked | _topic(out[i].memory))))
                       or (firmer is not None and firmer(h, out[i])))), None)
        if i is not None:
            out.insert(i, out.pop(j))
    return out
