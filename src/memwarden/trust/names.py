"""Which words of a text name a person, a place or an organisation (the name and place tests of
:func:`.attribute.states`, which the abstention and the answer-value ranking step share).

A capitalised word names someone or something unless it is a filler, a month or weekday, a word
shouted in capitals, or a word of the question itself. A place is a word after a place
preposition that is no month or weekday ("in november" is a date, not a venue) and no "to" of an
infinitive ("has to learn"), or such a name that is no owner before "'s" ("Ysabel's debut"). A
person's name (asked of a relation or an agent noun: "mom's neurologist", "the baby") is no place
after a preposition ("a neurology appt at Mercy") and no acronym ("go over the MRI"). Session 10:
these are what authors 8, 10, 11 and 12 found accepted as the value asked.
"""

from __future__ import annotations

import re
from typing import Sequence

from ..lexicon import calendar as cal, kin
from ..models import SearchHit
from ..retrieval.ask_words import slot_terms
from ..retrieval.text import STOPWORDS, tokenize
from .asked_head import owner_head
from .values import MONTHS as _MONTHS

__all__ = ["SHOUTED", "AFTER_PLACE_WORD", "GENERIC_CAPS", "PROPER", "KIN_WORDS", "names_in", "names_place", "names_person",
           "ACRONYM", "claim_names", "common_nouns"]

#: A capital letter, with the accented ones names are written with ("Órla", "Łukasz", "Åsa", "Şule"), and a letter of
#: any alphabet after it ("Zdzisław", "Søren"): a name read up to its first accent was a name the question never said
#: (session 23).
UPPER = "A-ZÀ-ÖØ-ÞĀĂĄĆĈĊČĎĐĒĔĖĘĚĜĞĠĢĤĦĨĪĬĮİĴĶĹĻĽĿŁŃŅŇŊŌŎŐŒŔŖŘŚŜŞŠŢŤŦŨŪŬŮŰŲŴŶŸŹŻŽ"
_LETTERS = r"(?:[^\W\d_]|['&-])+"
#: A capitalised word or run of them, not opening a sentence.
PROPER = re.compile(rf"(?<![.!?]\s)(?<!^)\b([{UPPER}]{_LETTERS}(?:\s[{UPPER}]{_LETTERS})*)")
#: A word of the question, in any alphabet.
_QWORD = re.compile(r"[^\W\d_][\w'-]*")
#: Capitalised words that name no one: fillers, and the calendar ("in March" is a date, not a name).
GENERIC_CAPS = frozenset("i i'm i've i'd i'll the user ok okay lol haha yes no hi hey thanks".split() + [*cal.MONTHS, *cal.WEEKDAYS])
#: A capitalised word after a place preposition ("married in Kinsale", "plot at Moor Lane") names a place.
AFTER_PLACE_WORD = re.compile(r"\b(?:in|at|to|from|near|on|into|outside|around)\s+(?:the\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*")
#: A word in capitals that is shouted, not an acronym: five letters or more ("PASSED", "AGAIN"),
#: or a function word ("NOT", "AND"). Acronyms that name something are short ("OVH", "HMRC").
SHOUTED = re.compile(r"\b(?:[A-Z]{5,}|(?:AND|NOT|THE|BUT|YES|NO|OMG|LOL|OK|ALL|ANY|NOW|ONE|TWO|FOR|WAS|ARE|IS|IT))\b")


#: Kin and everyday roles: who someone is to someone ("my niece", "the user's landlord").
KIN_WORDS = (kin.NEAR | kin.DATING | kin.NIBLINGS | {"granny", "grandad", "kids", "friend", "flatmate", "housemate"}
             | kin.NEIGHBOURS | {"boss", "manager", "colleague", "teacher", "landlord", "landlady"})
#: The young, named by their parents ("what did she call the baby?").
_YOUNG = frozenset({"baby", "child", "kid", "toddler", "twins"})
#: Agent suffixes: a neurologist, a physician, an instructor, a landlord's agent are people.
_PERSON_SUFFIX = ("ist", "ian", "or", "er")
ACRONYM = re.compile(r"\b[A-Z]{2,}s?\b")
#: "what did she call the baby": the one named.
_CALLED = re.compile(r"\bcall(?:ed)? (?:the |my |our |his |her |their )?([a-z]+)")


def names_person(query: str) -> bool:
    """The name asked is a person's: its owner noun is a relation ("my second cousin", "the baby")
    or an agent noun ("mom's neurologist", "the driving instructor")."""
    owner = owner_head(query) or next(iter(_CALLED.findall(query.lower())), None)
    return bool(owner) and (owner in KIN_WORDS or owner in _YOUNG or owner.endswith(_PERSON_SUFFIX) and len(owner) > 5)


def names_in(text: str, query: str) -> bool:
    """``text`` names someone or something the question does not: a capitalised name that is no
    filler, month or weekday, nor a shouted word ("packed in AGAIN"), or a title and name."""
    qcaps = {w.lower() for w in _QWORD.findall(query)}
    text = SHOUTED.sub(lambda m: m.group(0).lower(), text)
    names = [n for n in PROPER.findall(text) if n.split()[0].lower() not in GENERIC_CAPS
             and n.lower() not in qcaps and not all(w.lower() in qcaps for w in n.split())]
    return bool(names) or bool(re.search(r"\b(?:dr|mr|mrs|ms|prof)\.?\s+[a-z]+", text.lower()))


#: A word after a place preposition: "at the library", "in Lisbon", "at home".
#: Not "to" of an infinitive after the verbs that take one ("has to learn", "need to sort out").
_PLACE_AFTER = re.compile(r"\b(?:at|in|on|near|from|into|(?<!\bhave )(?<!\bhas )(?<!\bhad )(?<!\bneed )(?<!\bneeds )"
                          r"(?<!\bwant )(?<!\bgoing )(?<!\bgot )(?<!\btrying )(?<!\bable )(?<!\bused )(?<!\blike )to)"
                          r"\s+(?:the |a |an |my |our )?([\w'-]+)", re.I)
#: What follows a preposition as a date, not a place ("in november", "on saturday").
_CALENDAR = re.compile(rf"^(?:{_MONTHS}|{cal.alt(cal.WEEKDAYS)})$", re.I)
#: A capitalised name before "'s" is an owner ("Ysabel's debut"), not a place.
_OWNER = re.compile(r"\b[A-Z][\w-]*'s\b")


def names_place(text: str, query: str) -> bool:
    """``text`` names a place the question does not: a word after a place preposition that is no
    month or weekday ("the debut in november" names no venue), or a capitalised name that is no
    owner before "'s" and no word of the question ("Where is my ACLS course?" is not answered by
    "my ACLS recert")."""
    qwords = {w.lower() for w in re.findall(r"[A-Za-z][\w'-]*", query)}
    if any(m.group(1).lower() not in qwords and not _CALENDAR.match(m.group(1)) for m in _PLACE_AFTER.finditer(text)):
        return True
    return names_in(_OWNER.sub(" ", text), query)


#: Who does something: the claim's subject is the one asked ("which team did Tim sign with?" asks no person).
_ASKS_WHO = re.compile(r"\s*who(?:'s|se)?\b", re.I)
#: A common noun is said after a determiner ("my physio", "the caterer"); a name is not.
_AFTER_DETERMINER = re.compile(r"(?i)\b(?:the|a|an|my|our|your|his|her|their|this|that)\s+([a-z][\w-]*)")


def common_nouns(hits: Sequence[SearchHit]) -> frozenset[str]:
    """The words the hits' texts (and source turns) put after a determiner, lowercased: common nouns,
    whatever case they open a sentence in ("Caterer wants numbers" beside "the caterer is lovely")."""
    texts = [t for h in hits for t in [h.memory] + [e.text for e in h.episodes if e.text]]
    return frozenset(w.lower() for t in texts for w in _AFTER_DETERMINER.findall(t))


def claim_names(hit: SearchHit, query: str, asked_stems: frozenset[str], common: frozenset[str] = frozenset()) -> bool:
    """The hit's claim names someone the question does not, read from the claim's fields rather than
    from capitals in its text: for a "who" question, its subject is a person named by the extractor
    at the start of the text ("Thandiwe is acting lead", "Petra's doing Pilot's walks now", where
    :data:`PROPER` skips a sentence's first word; "which team did Tim sign with?" asks no person, so
    a subject is no answer to it); or its attribute is the one asked ("who's my employer?" /
    ``employer``) and holds a value in words ("Quillfin", a lowercase "greta halvorsen").

    A subject is a name only when its first word is capitalised, is no filler, kin word or word of
    the question, no adverb ("Weirdly"), and no word of ``common`` (:func:`common_nouns` of the search's
    hits) or of the hit's own texts after a determiner ("Physio this morning" beside "my physio said")."""
    c = hit.claim
    if c is None:
        return False
    qwords = {w.lower().removesuffix("'s") for w in re.findall(r"[A-Za-z][\w'-]*", query)}
    first = (c.subject or "").split()[0].removesuffix("'s") if (c.subject or "").split() else ""
    if (_ASKS_WHO.match(query) and first[:1].isupper() and first.lower() not in qwords | GENERIC_CAPS | KIN_WORDS | STOPWORDS
            and not first.lower().endswith("ly") and first.lower() not in common | common_nouns([hit])):
        return True
    value = (c.value or "").strip()
    if not value or not re.search(r"[A-Za-z]{2}", value) or re.search(r"\d", value) or value.lower() in qwords:
        return False
    attribute = (c.attribute or "").replace("_", " ").replace(":", " ")
    return bool(asked_stems & set(tokenize(" ".join([attribute, *slot_terms(c)]).lower())))
