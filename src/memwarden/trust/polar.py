"""Polar (yes/no) questions: is what they ask about ever said?

"Has the landlord returned my deposit?" asks whether a predicate (returning the deposit) holds of a
subject (the landlord). A memory can say yes or no only if it speaks of that predicate; "the
landlord is Priya, she owns the flat on Quarry Street" is about the subject and says neither. The
attribute a wh-question asks is a value class (:mod:`.attribute`); the one a polar question asks is
its predicate, read from its grammar: the auxiliary that opens it, then the subject noun phrase (a
pronoun, a run of capitalised words, or a determiner and the words up to the first verb form), and
the predicate after it, less light verbs ("doing the packing": the packing; "need to fast": fasting)
and adverbs. Every content word of the predicate must be mentioned by some hit (its text, its source
turns, its claim's attribute and ask-words; a stem, a stem prefix or a derivational prefix away,
:func:`.asked_head.mentions`), or its opposite (the stance lexicon's antonyms and status pairs, after
its rewrites: "expired" speaks to "is my passport still valid?", with a no) or a word sharing an
opposite with it ("working again" speaks to "is the boiler fixed?": both are the opposite of broken), else the search abstains
with ``no_evidence`` naming the words no memory speaks of. Time adjuncts of a habit or the present ("on Sundays"), indefinite
pronouns ("anything") and an event's occurrence verb ("still happening") are no such words (session 28, ``_needed``).

Not read as polar: hypothetical and inference questions ("would", "could", "likely", "think"), which
are answered by reasoning over what was said rather than by a statement of it; alternative questions
("... the beach or the mountains?"), which name their own answers; requests to the assistant
("can you ...", "do you ..."); and (session 11) permission and advice ("can I ...", "is it ok if ...",
"is this weekend a good time to ..."), answered by weighing a rule or constraint against the plan.
"""

from __future__ import annotations

import re
from typing import Sequence

from ..lexicon import calendar as cal
from ..lexicon.quotes import straight
from ..models import SearchHit
from ..retrieval.text import STOPWORDS, _stem, tokenize
from .asked_head import hit_stems, mentions
from .lexicon import rewrite
from .stance_lexicon import opposites

__all__ = ["polar_parts", "polar_predicate", "polar_missing", "names_participant"]

_AUX = frozenset("is are am was were do does did has have had will can isn't aren't wasn't weren't don't doesn't "
                 "didn't hasn't haven't won't can't".split())
#: Questions answered by inference or naming their own answers, not by one statement of the predicate.
_NOT_POLAR = re.compile(r"\b(?:would|could|should|might|may|likely|probably|possibly|think|reckon|suppose|ever|or)\b",
                        re.I)
#: Permission and advice, asked in the first person ("can I take a call at 7pm?", "is it ok if I field in the
#: slips?", "is this weekend a good time to weed?"): answered by a rule or a constraint the memories hold, weighed
#: against the plan, not by a memory that says the predicate; so no predicate word need be spoken of. "Can Mum still
#: drive?", "can Leo swim 25 metres?" ask a fact about someone else (session 11): polar questions.
_PERMISSION = re.compile(r"^\s*(?:can|may|can't|cannot)\s+(?:i|we)\b|^\s*(?:is|isn't|would)\s+(?:it|this|that|now)\b"
                         r"[^?]*\b(?:ok|okay|alright|all right|fine|safe|good|bad|wise|worth)\b", re.I)
_PRONOUNS = frozenset("i we you he she it they there this that".split())
_DETS = frozenset("the my our your his her their a an this that these those any some".split())
#: Light verbs, modals said as verbs and adverbs: they carry no predicate of their own.
_LIGHT = frozenset(
    "do does doing done did get gets getting got have has having had make makes making made take takes taking took "
    "need needs needed want wants wanted go goes going gone went still yet already well also too as really actually "
    "even again anymore any some all both enough able supposed meant allowed sure me us him them it one".split())
_WORD = re.compile(r"[A-Za-z][\w'-]*")


def _subject_length(tokens: list[str]) -> int:
    """How many tokens the subject noun phrase after the auxiliary takes."""
    first = tokens[0].lower()
    if first in _PRONOUNS:
        return 1
    if first in _DETS:
        j = 1
        while j < len(tokens) and j <= 4:
            w = tokens[j].lower()
            # A verb form ends the subject: a participle, a light verb, or a word a determiner follows
            # ("the bootcamp offer an ...": "offer" takes an object, so it is the verb).
            if (w in STOPWORDS or w in _LIGHT or w.endswith("ing") or len(w) > 4 and w.endswith("ed")
                    or j + 1 < len(tokens) and tokens[j + 1].lower() in _DETS and j > 1):
                break
            j += 1
        return j
    j = 1
    while j < len(tokens) and tokens[j][0].isupper():
        j += 1  # a name: "Gristmill Design", "Dr Okafor"
    return j


def polar_parts(query: str) -> tuple[list[str], list[str]] | None:
    """A polar question's subject tokens and the content words of its predicate; None when the
    question is not polar (or is hypothetical, an alternative, or a request)."""
    q = straight(query.strip())
    tokens = _WORD.findall(q)
    if len(tokens) < 3 or tokens[0].lower() not in _AUX or _NOT_POLAR.search(q) or _PERMISSION.match(q):
        return None
    rest = tokens[1:]
    if rest[0].lower() == "you":
        return None  # "can you give me ...", "do you remember ...": a request, not a question of fact
    n = _subject_length(rest)
    words = [w.lower() for w in rest[n:]]
    return rest[:n], [w for w in words if w not in STOPWORDS and w not in _LIGHT and w not in _PRONOUNS and len(w) > 2
                      and "'" not in w]


def polar_predicate(query: str) -> list[str] | None:
    """The content words of a polar question's predicate (see :func:`polar_parts`)."""
    parts = polar_parts(query)
    return parts[1] if parts else None


def _kin(stem: str) -> set[str]:
    """The stem, its opposites, and the words sharing an opposite with it ("fixed" and "working"
    are both the opposite of "broken"): any of them in a memory speaks to the predicate."""
    opp = opposites(stem)
    return {stem} | opp | {w for o in opp for w in opposites(o)} | {_IRREGULAR.get(stem, stem)}


#: Plurals no stemmer brings back to their singular ("has he got any teeth yet?" / "his first tooth is through").
_IRREGULAR = {_stem(p): _stem(s) for p, s in (("teeth", "tooth"), ("feet", "foot"), ("geese", "goose"), ("mice", "mouse"),
                                              ("children", "child"), ("women", "woman"), ("men", "man"), ("people", "person"),
                                              ("lice", "louse"), ("knives", "knife"),
                                              ("wolves", "wolf"), ("calves", "calf"), ("halves", "half"), ("shelves", "shelf"))}


def names_participant(query: str, hits: Sequence[SearchHit]) -> bool:
    """The question names a speaker of the hits. A question naming a participant of a stored
    conversation ("Did Jon take up dancing?") asks about their life as they told it, read across
    many turns: the subject check covers who is speaking, and a word said otherwise there is no
    sign that nothing was said."""
    speakers = {h.speaker.lower() for h in hits if h.speaker}
    return bool(speakers & {t.lower().removesuffix("'s") for t in _WORD.findall(query)})


#: Time adjuncts of a habit or of the present: how long or how often the predicate is asked to hold ("on Sundays",
#: "in the mornings", "at the moment", "these days", "any more"), not what it is. A memory of the habit said with no time
#: still answers yes or no. After review, not a time that is the point of the question: a day or a date ("tomorrow",
#: "this year", "on the 12th"), "recently" / "lately" (when), a month or a season.
_TIME_WORDS = frozenset({*(d + "s" for d in cal.WEEKDAYS), *(
    "now currently nowadays moment days weekends mornings afternoons evenings nights anymore").split()})
#: Indefinite pronouns stand for what the answer names ("do we owe anything?", "is anyone coming?"): no memory says them.
_INDEFINITE = frozenset("anything anyone anybody something someone somebody everything everyone everybody".split())
#: Occurrence verbs of an event asked with "still" ("is the match still happening?", "is the February block still going
#: ahead?"): any memory of the event (its plan, a cancellation, a new date) speaks to whether it goes on. Not of a person
#: ("did I go ahead with the rebuild?" asks a decision), and not without "still" (after review: "did anything happen at
#: parents' evening?" asks what happened, which a memory of the evening's date does not say).
_OCCURS = frozenset("happen happens happening happened ahead occur occurs occurring proceeding".split())
_STILL = re.compile(r"\bstill\b", re.I)


def _needed(parts: tuple[list[str], list[str]], query: str) -> list[str]:
    """The predicate words some memory must speak of: less its time adjuncts of a habit or of the present, its
    indefinite pronouns, and, when its subject is a thing rather than a person and it asks "still", the verb saying it
    occurs (session 28)."""
    subject, words = parts
    person = bool(subject) and subject[0].lower() in _PRONOUNS - {"it", "there", "this", "that"}
    goes_on = not person and bool(_STILL.search(query))
    now = bool(re.search(r"\bright now\b", query, re.I))
    return [w for w in words if w not in _TIME_WORDS and w not in _INDEFINITE and not (goes_on and w in _OCCURS)
            and not (now and w == "right")]


def polar_missing(query: str, hits: Sequence[SearchHit]) -> str | None:
    """A detail for ``no_evidence`` when some word of a polar question's predicate is mentioned by
    no hit; None when the question is not polar or every word is spoken of."""
    parts = polar_parts(query)
    if not parts or not parts[1] or not hits:
        return None
    words = _needed(parts, query)
    if not words:
        return None
    if names_participant(query, hits):
        return None
    said = [hit_stems(h) | set(tokenize(rewrite(h.memory.lower()))) for h in hits]
    missing = [w for w in dict.fromkeys(words)
               if not any(mentions(w, h) or _kin(_stem(w)) & s for h, s in zip(hits, said))]
    if not missing:
        return None
    return f"no memory says whether: {', '.join(missing)} (a yes/no question whose predicate is never spoken of)"
