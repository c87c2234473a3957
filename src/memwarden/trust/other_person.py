"""Another person's fact is not the user's (session 20, issues 10/11).

Since the user's turns are read as the user's own, a claim's subject is what keeps "I live in Leeds" apart from
"my mate Tom just moved to Bristol" ("The user's mate Tom just moved to Bristol", subject ``user's mate Tom``)
or "Katrin bought a red Tesla" (subject ``Katrin``). Two readers use it: the ranking's :func:`.asked_party.own_first`
(a question of the user's own puts the user's fact above another person's) and the verdict
(:func:`another_holders`: a claim about the user is not supported, nor denied, by another person's fact).

Read from structure only: the claim subject (a capitalised name that is no role or place the user's own affairs
are told through, :data:`.verdict_scope.NOT_NAME`: "Landlord's put the rent up" is the user's rent; or a person
of the user's, the kin and everyday relations of :mod:`memwarden.lexicon.kin`), and the verdict's claim in the
first person (:func:`.verdict.as_first_person`).
"""

from __future__ import annotations

import re

from ..lexicon.quotes import straight
from ..models import SOMEONE_ELSE, SearchHit
from .rank_subject import _PEOPLE_RE, others_named
from .verdict_scope import NOT_NAME

__all__ = ["RELATIONS_NAMED", "another_holders", "another_persons", "names_the_user", "users_own"]

#: A person of the user's with a name ("user's mate Tom", "user's sister-in-law Priya"): their subject is the
#: user's relation, but they are someone else, and a question saying the name asks about them.
RELATIONS_NAMED = re.compile(r"^user's\s+(?:[\w-]+\s+){1,2}(?-i:[A-Z])", re.I)
#: The claim is the user's (first person): "I drive ...", "I'm allergic ...", or a thing of theirs "my dentist ...".
_ACTOR = re.compile(r"^\W*(?:I|I'm|I've|I'd|I am|I have)\b", re.I)
_THING = re.compile(r"^\W*my\s+([a-z][\w-]*)(?:\s+([a-z][\w-]*))?", re.I)
#: Words after "my" that are no thing's name ("my hair is ...": "is").
_NOT_THING = frozenset("is was are were has had have will would can could does did do just own new old".split())
#: The user's own turn opening on a person of theirs: "my mate Tom ...", "my sister-in-law Priya ...".
_OPENS_ON_PERSON = re.compile(r"^\W*(?:my|our)\s+(?:[\w-]+\s+)?(?:" + _PEOPLE_RE + r")\b(?!'s)", re.I)
#: A person of the user's said by relation ("the user's flatmate", "my older sister"): naming them is no first person.
_RELATION = re.compile(r"\b(?:the user's|my|our)\s+(?:[\w-]+\s+)?(?:" + _PEOPLE_RE + r")\b", re.I)
#: A name set apart by its relation opening the turn: "Ben, my flatmate, ...".
_OPENS_APPOSED = re.compile(r"^\W*(?-i:[A-Z][a-z]+)\s*(?:,|\()\s*(?:my|our)\s+(?:[\w-]+\s+)?(?:" + _PEOPLE_RE
                            + r")\s*(?:,|\))", re.I)
#: The user (or the assistant) in the text after its subject: "Katrin and I ...", "Tom drove the user ...".
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'd|me|my|we|us|our|the user|the user's)\b", re.I)
#: A claim of the user's tie to a person ("I'm married to Anna", "I'm dating Sam"): that person's line may be its
#: support.
_TIE = re.compile(r"\b(?:married|engaged|dating|divorced|related|partner|wife|husband|seeing|living with|lives? with)\b",
                  re.I)


def _subject(h: SearchHit) -> str:
    """The hit's claim subject as stored, its spaces collapsed ("" for an episode or a claim without one); also
    :mod:`.asked_party`'s."""
    return " ".join(((h.claim.subject if h.claim is not None else "") or "").split())


def another_persons(h: SearchHit) -> bool:
    """The hit is a claim about a person other than the user: a named subject ("Katrin"), or a person of the
    user's ("user's mate Tom", "user's brother"); not a thing of the user's ("user's dentist": "The user's dentist
    is Dr Akande") nor a role the user's affairs are told through ("Landlord")."""
    if h.claim is None:
        return False
    s = _subject(h)
    if not s or s.lower() == "user" or s == SOMEONE_ELSE:
        return False
    if s.lower().startswith("user's"):
        return bool(others_named("the " + s)) or bool(RELATIONS_NAMED.match(s))
    return any(w.lower() not in NOT_NAME for w in re.findall(r"(?-i:[A-Z][\w-]*)", s))


def names_the_user(text: str) -> bool:
    """The text says the user (or "I"/"we") beyond naming a person of theirs: "Dimitri is the user's secondary",
    "Hobbs put prices up, so the user has gone over to ..." tell the user's own affairs through another person."""
    return bool(_FIRST_PERSON.search(_RELATION.sub(" ", straight(text or ""))))


def users_own(claim: str) -> bool:
    """The claim (first person) is about the user: their own fact or thing, not a person of theirs ("my brother
    drives ...") and not a tie to someone ("I'm married to Anna")."""
    return bool(_ACTOR.match(claim) or _THING.match(claim)) and not others_named(claim) and not _TIE.search(claim)


def another_holders(hit: SearchHit, claim: str) -> bool:
    """The hit holds another person's fact and says nothing of the user's claim (first person):

    * a claim whose subject is another person (:func:`another_persons`) the claim does not name, whose text names
      the user no further; against a claim of a thing of the user's ("my rent is ...", "my dentist is ..."), only
      when the subject is a person of the user's ("user's mate Tom") or the text gives the thing as theirs
      ("Katrin's dentist", "her dentist"): "Kevin raised the rent" may be the user's rent;
    * a turn (no claim) of the user's opening on a person of theirs and saying nothing in the first person after
      ("my brother Luis bought a red Tesla", "Ben, my flatmate, banks with ...")."""
    text = straight(hit.memory or "")
    if hit.claim is None:
        m = _OPENS_ON_PERSON.match(text) or _OPENS_APPOSED.match(text)
        return m is not None and not hit.speaker and not _FIRST_PERSON.search(_RELATION.sub(" ", text[m.end():]))
    if not another_persons(hit):
        return False
    said = {w.lower() for w in re.findall(r"[\w-]+", claim)}
    if {w.lower() for w in re.findall(r"[\w-]+", hit.claim.subject or "")} - {"user's", "user"} & said:
        return False  # the claim names the person ("I went to Tom's party"): left to the rules
    if names_the_user(text):  # "The user's mate Tom ..." and "Ben, the user's flatmate, ..." do not
        return False
    rest = _RELATION.sub(" ", text)
    thing = None if _ACTOR.match(claim) else _THING.match(claim)
    if thing is None:
        return True
    if (hit.claim.subject or "").lower().startswith("user's"):
        return True
    nouns = [w for w in thing.groups() if w and w.lower() not in _NOT_THING]
    return any(re.search(r"(?:'s|\bhis|\bher|\btheir)\s+(?:[\w-]+\s+)?" + re.escape(w) + r"\b", rest, re.I) for w in nouns)
