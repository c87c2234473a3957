"""A place inside a place: "which room is my exam in?", "what gate does the flight leave from?", "which part of
Lisbon is the flat in?" (session 26, issue 11).

Such a question asks which one of the rooms, gates, floors or parts of a town the thing is at. The memories on its
topic answer it only when one of them picks one out: the asked noun said with what tells it from the others ("room
B12", "ward 7", "the ground floor", "the Huyton campus", "the second stage"), or a place the question does not name
("an apartment in Sanmachi", "a pub in newtown", "the Cartwright building"). A memory that gives the thing only a day
or a price ("the resit is booked for 18 August", "the ski trip is 640 all in"), or only the wider place the question
already names ("a retail park in Renfrew" for "which door do I tip at in Renfrew?"), states none, and the search
abstains.

Read from the question's wording and the memory's words only: the nouns below are the kinds of place that sit inside
another (parts of a building, a site, a town); no eval wording.
"""

from __future__ import annotations

import re
from typing import Sequence

from ..models import SearchHit
from ..retrieval.text import STOPWORDS, tokenize
from .asked import asked
from .names import _CALENDAR, _OWNER, names_in

__all__ = ["asked_part", "part_missing", "states_part"]

#: Places that are one of several inside a building, a site or a town.
_PARTS = ("room", "floor", "ward", "gate", "platform", "terminal", "building", "block", "wing", "hall", "campus",
          "court", "door", "entrance", "neighbourhood", "neighborhood", "district", "suburb", "bay", "berth", "stand",
          "resort", "classroom", "studio")
#: Nouns that are a place only as a part of a named whole: "which part of Lisbon", "what area of town".
_OF_PARTS = ("part", "area", "side", "end")
_PART = "|".join(sorted(_PARTS, key=len, reverse=True))
#: "which room is ...", "what gate does ...", "which part of Berlin ...", "which room number am I ...": the
#: wh-word, at most one word before the noun ("which exam room"), and after it a verb, a pronoun, a determiner or a
#: preposition, so the noun is the head ("which building society" asks a society).
_ASKS = re.compile(rf"^\W*(?:so\s+|and\s+|ok\s+)?(?:which|what)\s+(?:[a-z][\w-]*\s+)??"
                   rf"(?:(?P<noun>{_PART})(?:s|es)?(?:\s+number)?(?=\s*[?.!]|\s*$|\s+(?:is|are|was|were|'s|do|does|did|"
                   r"will|would|should|can|am|has|have|had|i|we|you|he|she|they|it|my|our|your|his|her|their|the|in|at|on|"
                   rf"for|to|from|with)\b)|(?P<of>{'|'.join(_OF_PARTS)})s?\s+of\s+(?!(?:the\s+|a\s+|this\s+|that\s+)?"
                   r"(?:day|week|month|year|season|night|morning|evening|afternoon|term|story|argument|deal|family|bargain|"
                   r"process|list|book|film|show|game|match|course|lease|contract|form|agreement|policy|document|letter|report|plan|"
                   r"essay|thesis|application|email|article|chapter|song|budget|job|problem|question|code|system|body|"
                   r"brain|bill|statement|quote|warranty|will|tenancy|handbook|manual|law|research|study|studies|expertise|"
                   r"medicine|science|business|interest|work|market|life|career|role|speciali[sz]ation)s?\b))", re.I)
#: "floor" and "door" also name a product ("what floor are we putting in the kitchen?", "what door for the shed?"):
#: asked as a place only with the preposition a place takes ("what floor is the dentist on?", "which door do I use").
_PRODUCT_TOO = {"floor": re.compile(r"\bon\b", re.I), "door": re.compile(r"\b(?:at|through|by|use|go|come|enter|in)\b", re.I)}
#: Words before a noun that tell no one of its kind from another.
_NO_MARK = frozenset("the a an my our your his her their its this that these those which what same usual other another "
                     "new old right one some any each every no".split())
#: A word after a place preposition (as :func:`.names.names_place` reads one), determiner skipped; after "to" only
#: with "the" ("moved to the boardroom"), as "to" before a verb places nothing ("gives me time to prep").
_AFTER_PREP = re.compile(r"\b(?:(?:at|in|into|from|on|by|near|outside|behind|opposite|beside|above|below|next to)\s+"
                         r"(?:the\s+)?|(?:out\s+of|off)\s+(?:the\s+)?|to\s+the\s+)([A-Za-z0-9][\w'-]*)", re.I)
#: A number that is a time, a day or an amount, not a place ("at 9", "on the 14th", "in 2pm's slot").
_NOT_CODE = re.compile(r"\d[\d:.,]*(?:am|pm|st|nd|rd|th|ish|h|k|p)?", re.I)
#: Where one is that says no particular place, and the times and states a place preposition also takes ("in the
#: summer", "at the moment", "on the weekend", "in the meantime").
_NO_PLACE = frozenset("home work town bed school college uni class hospital person total all full advance time case "
                      "general today tonight tomorrow yesterday least most summer winter spring autumn fall morning "
                      "afternoon evening night weekend week month year end start beginning middle moment meantime "
                      "future past mood way touch charge hand line queue".split())


#: How many of the first hits are always read, whatever they share with the question.
_FIRST = 3


def asked_part(query: str) -> str | None:
    """The place-part noun a "which / what <noun>" question asks ("room", "gate", "part"); None otherwise."""
    m = _ASKS.match(query or "")
    if m is None:
        return None
    noun = (m.group("noun") or m.group("of")).lower()
    if noun in _PRODUCT_TOO and not _PRODUCT_TOO[noun].search(query[m.end():]):
        return None
    return noun


def states_part(noun: str, text: str, query: str) -> bool:
    """``text`` picks out one ``noun`` or names a place ``query`` does not."""
    qwords = {w.lower().removesuffix("'s") for w in re.findall(r"[A-Za-z][\w'-]*", query)}
    stem = noun[:-1] if noun.endswith("s") else noun
    plural = r"(?:s|es)?"
    # "room B12", "ward 7", "gate's A14", "platform 4b", "floor 3": a number or a code after the noun.
    if re.search(rf"\b{stem}{plural}(?:'s|\s+is|\s+was|:)?\s+(?:no\.?\s*|number\s+)?(?=[\w.-]*\d)[\w.-]+", text, re.I):
        return True
    # "the ground floor", "the Huyton campus", "second stage", "the shul hall": a word before the noun that the
    # question does not say and that tells one from another.
    for m in re.finditer(rf"\b([A-Za-z][\w'-]*)\s+{stem}{plural}\b", text, re.I):
        w = m.group(1).lower().removesuffix("'s")
        if w not in _NO_MARK and w not in STOPWORDS and w not in qwords and not _CALENDAR.match(w):
            return True
    # A place the question does not name: "an apartment in Sanmachi", "a pub in newtown", "moved to the boardroom",
    # "flying from T5"; not a time or a day ("at 9", "on the 14th").
    for m in _AFTER_PREP.finditer(text):
        w = m.group(1).lower()
        if w not in qwords and w not in STOPWORDS and w not in _NO_PLACE and not _CALENDAR.match(w) \
                and not _NOT_CODE.fullmatch(w):
            return True
    return names_in(_OWNER.sub(" ", text), query)


def part_missing(query: str, hits: Sequence[SearchHit], relevant: Sequence[SearchHit]) -> str | None:
    """A detail for ``no_evidence`` when a "which <place-part>" question's memories pick none out; else None.

    The memories read are the relevant ones, the first three, those sharing a word of the question's topic (the
    asked noun aside) and those saying the noun, each with the turns it came from."""
    noun = asked_part(query)
    a = asked(query)
    if noun is None or a is not None and a.value != "any":
        return None  # the value-class tests of :mod:`.attribute` read "which hotel", "what floor number" and the like
    topic = set(tokenize(query.lower())) - set(tokenize(noun)) - STOPWORDS - {"which", "what"}
    stem = noun[:-1] if noun.endswith("s") else noun
    # The relevant hits, the first three, those on the topic and those saying the noun: "terminal 2" answers "which
    # terminal do I pick Roos up from?" in a line that does not name her, "I'm in Tarneit now" "which suburb do I live
    # in?" in a line far below the closest.
    pool = list({h.id: h for h in [*relevant, *hits[:_FIRST], *(h for h in hits if topic & set(tokenize(h.memory.lower()))
                                                                   or re.search(rf"\b{stem}", h.memory, re.I))]}.values())
    if not pool:
        return None  # nothing close and nothing on topic: the relevance tests decide
    for h in pool:
        texts = [h.memory] + [e.text for e in h.episodes if e.text]
        if any(states_part(noun, t, query) for t in texts):
            return None
    return f"no memory about {', '.join(sorted(topic)) or 'this'} says which {noun}"
