"""Whose fact a question asks, and whether a claim speaks of someone else (issue 10, session 12).

The ranking's update steps (:mod:`.updates`, :mod:`.latest`) move a later statement above an older
one for a question about now. A later statement about someone else is no update of the asker's fact:
"he's on diltiazem now", said of the user's father, is stored with subject "user's dad" (the
extractor resolves the pronoun heading its clause, :mod:`memwarden.claims.subject`), and must not
answer "what meds am I on now?"; nor "I'm on statins" answer "what's my dad on now?".

Both sides are read in closed-class structure only:

- the question's person (:func:`asked_person`): a family member or friend said with "my"/"our" and
  followed by more of the clause ("is my son allergic to nuts", "when's my mum's birthday": "user's
  son", "user's mum"); else the user when the question speaks in the first person singular ("what am
  I on", "my blood pressure"); else none (a name, "we", or a relation that ends the question: "who's
  my manager?" asks the user's slot, whose answer names the manager);
- the claim's person (:func:`claim_person`): "user", or a relative or friend of the user ("user's
  dad"); a role ("the user's boss approved the user's leave" is the user's leave), a thing, a
  third person no referent resolved (``SOMEONE_ELSE``), a name or anything else is unknown.

Two persons differ (:func:`other_person`) only when both are known: unknown never blocks. Asked of a
relative, a claim of the user's own does not differ either: "the user: his pre-op call was the 14th"
carries the husband's fact in the user's words (the extractor keeps the speaker as subject unless the
clause heads with the person). Subject is not whose fact it is in the other direction either ("my
daughter wants me to move to Knoxville" is the user's plan): the steps only refuse to MOVE a hit about
someone else up, they never pass one down for it (measured: both cost development probes).
"""

from __future__ import annotations

import re

from ..lexicon import kin
from ..models import SOMEONE_ELSE, SearchHit

__all__ = ["asked_person", "claim_person", "other_person", "about_other"]

#: Family and friends, each word to one spelling (not professional roles: "when's my doctor's appointment"
#: is the user's appointment).
_KIN = kin.SAME_RELATION
_KIN_WORDS = kin.alternation(_KIN)
#: "my dad", "our twins", "my partner's mum": the relation (chain) and what follows it.
_MY_KIN = re.compile(rf"\b(?:my|our)\s+(?:best\s+|little\s+|big\s+|older\s+|younger\s+|eldest\s+|youngest\s+)?"
                     rf"(?P<rel>{_KIN_WORDS})(?P<more>(?:'s\s+(?:{_KIN_WORDS})\b)*)(?![\w-])(?P<rest>.*)$", re.I)
#: Nothing left of the clause but punctuation, a name or a word of time: "who's my manager now?", "where's my sister?".
_ENDS = re.compile(r"^(?:\s+[A-Z][a-z]+)?(?:\s+(?:now|nowadays|currently|these\s+days|at\s+the\s+moment|again|today))?\s*[?.!]*\s*$")
_FIRST_SINGULAR = re.compile(r"\b(?:i|i'm|im|i've|i'd|i'll|me|my|mine|myself)\b", re.I)


def _kin(word: str) -> str:
    return _KIN.get(word.lower(), word.lower())


def asked_person(query: str) -> str | None:
    """Whose fact ``query`` asks: "user's <relation>", "user", or None (see the module doc)."""
    m = _MY_KIN.search(query)
    if m is not None:
        if not m.group("more") and _ENDS.match(m.group("rest")):
            return None  # "where's my sister?": the relation may be the asked value or its holder
        chain = [_kin(m.group("rel"))] + [_kin(w) for w in re.findall(rf"'s\s+({_KIN_WORDS})\b", m.group("more"), re.I)]
        return "user's " + "'s ".join(chain)
    return "user" if _FIRST_SINGULAR.search(query) else None


def claim_person(subject: str | None) -> str | None:
    """A claim subject as a person to compare: "user", "user's <relation or thing>", else None."""
    if not subject:
        return None
    s = subject.strip().lower()
    if s in ("user", SOMEONE_ELSE):
        return s
    if s.startswith("user's "):
        words = s.split()
        if words[1].removesuffix("'s") not in _KIN:
            return None  # a role or a thing ("the user's boss approved the user's leave"): whose fact is not said
        return " ".join(words[:1] + [_kin(w.removesuffix("'s")) + ("'s" if w.endswith("'s") else "") for w in words[1:]])
    return None


def other_person(asked: str | None, subject: str | None) -> bool:
    """The claim (subject ``subject``) speaks of someone other than ``asked`` (both known)."""
    got = claim_person(subject)
    if asked is None or got is None:
        return False
    if got == SOMEONE_ELSE:
        return False  # an unresolved "she moved my appointment": whose fact it is, is not said
    if asked == "user":
        return got != "user"
    if got == "user":
        return False  # "the user: his pre-op call was the 14th": the user's word often carries the relative's fact
    return not (got == asked or got.startswith(asked + " ") or got.startswith(asked + "'s"))


#: The user in a claim's text besides as the owner of its subject ("the user's mate got the user a job", "the user's
#: wife and the user moved", "... drives us to work"): the extractor writes the speaker's I/me/my as "the user".
_USER_TOO = re.compile(r"\b(?:the\s+user|we|us|our)\b(?!'s\s+(?:" + _KIN_WORDS + r")\b)", re.I)


def _user_takes_part(text: str) -> bool:
    """The user is a party to what ``text`` says, not only the owner of its subject: a joint subject ("my wife
    and I moved to Bath") or the user as object or receiver ("my mate got me a job", "my neighbour gives me a
    lift") makes it the user's fact too (a misfire reviewer's finding, session 12)."""
    return bool(_USER_TOO.search(text))


def about_other(hit: SearchHit, asked: str | None) -> bool:
    """:func:`other_person` for a search hit (a hit with no claim is unknown); asked of the user, a hit about a
    relative in which the user takes part is the user's too."""
    if hit.claim is None or not other_person(asked, hit.claim.subject):
        return False
    return not (asked == "user" and _user_takes_part(hit.memory))
