"""The words governance reads in a request and in a memory alike: tokens and content stems,
named entities and names, people and groups (relations, kin, family and other groups) and the
settings a text names or is stated for (:func:`contexts`).

:mod:`.facts` reads a memory with them, :mod:`.request` a request; nothing here decides anything.
"""

from __future__ import annotations

import re

from ..lexicon import kin
from ..lexicon.quotes import straight
from ..retrieval.text import STOPWORDS, _stem

_WORD = re.compile(r"[a-z0-9][a-z0-9'’-]*")

_ENTITY = re.compile(r"(?<![.!?:]\s)(?<!^)\b([A-Z][a-zA-Z0-9'’]+(?:\s+[A-Z][a-zA-Z0-9'’]+)*|[A-Z]{2,}[0-9]*|[A-Za-z]+\d+[A-Za-z0-9]*)\b")
_NOT_ENTITY = {"I", "I'm", "I've", "I'd", "I'll", "User", "The", "A", "An", "My", "Our", "We", "It", "This", "That", "OK",
               "Ok", "And", "But", "So", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "Monday", "Tuesday", "Wednesday",
               "Thursday", "Friday", "Saturday", "Sunday", "January", "February", "March", "April", "May", "June", "July",
               "August", "September", "October", "November", "December", "EUR", "USD", "GBP"}

# Words that lay a rule down (a narrower form of facts._NORMATIVE: no "all", "picked", "use").
_RULE = re.compile(r"\b(every|always|never|only|has to|have to|must|should|required|mandatory|not allowed|strict|no \w+ allowed)\b",
                   re.I)

# --- people and groups -----------------------------------------------------------------------
# Work, study, renting and club roles a request can serve ("for my intern", "the client's brief").
_ROLES = frozenset({"boss", "manager", "intern", "colleague", "coworker", "client", "teacher", "student", "guest", "landlord",
                    "tutor", "supervisor", "mentee", "contractor", "treasurer", "ceo", "director", "executive"})
RELATIONS = kin.FAMILY | kin.HOUSEMATES | kin.NEIGHBOURS | {"friend"} | _ROLES
# Relations of household and kin (not of work, study, renting or friendship): a family the request serves includes them.
KIN = kin.FAMILY
FAMILY_GROUPS = frozenset({"family", "families", "household", "kids", "children", "twins", "siblings", "relatives", "cousins",
                           "parents", "grandparents"})
GROUP = {
    "team", "teams", "colleagues", "coworkers", "staff", "everyone", "everybody", "guests", "friends", "family",
    "families", "kids", "children", "students", "pupils", "class", "group", "people", "attendees", "participants",
    "members", "committee", "household", "relatives", "crowd", "audience", "visitors", "volunteers", "clients",
    "customers", "club", "squad", "gang", "party", "offsite", "workshop", "department", "others", "cousins",
    "parents", "grandparents", "twins", "attendance", "siblings", "relatives", "specialists", "reviewers", "hires",
    "administrators", "contractors", "organizers", "teammates", "coaches", "players", "employees", "residents", "crew",
}
_POSSESSIVE_OTHER = re.compile(r"\b(?:[Mm]y|[Oo]ur)\s+([a-z0-9-]+)['’]s\b|\b([A-Z][a-z]+)['’]s\b")

# --- settings ----------------------------------------------------------------------------------
CONTEXTS: dict[str, tuple[str, ...]] = {
    "work": ("work", "office", "job", "colleague", "colleagues", "coworker", "team", "client", "clients", "boss", "compliance",
             "meeting", "meetings", "workplace", "company", "employer", "corporate", "professional", "style guide",
             "standup", "customer", "customers", "customer facing", "release notes", "sales", "expense", "expenses", "business", "manager", "managers", "ceo", "directors", "hr", "email signature", "quarterly", "offsite", "agency", "firm", "lab", "laboratory", "clinic", "hospital", "warehouse", "desk", "ward", "on call"),
    "study": ("thesis", "supervisor", "dissertation", "phd", "lecture", "university", "uni", "seminar", "coursework", "course",
              "module", "modules", "lecturer", "exam", "exams", "assignment", "tutorial"),
    "school": ("school", "pupils", "classroom", "year 9", "year 10", "homework"),
    # "personal" and "my own" name a setting only with what they qualify ("my personal emails", "my own CV"),
    # not in "personal experience" or "forming my own opinions".
    "home": ("at home", "wfh", "for fun", "personal life", "personal use", "personal projects", "personal project", "personal email",
             "personal emails", "personal time", "personal account", "personal stuff", "hobby", "weekend", "blog", "my own cv",
             "my own code", "my own projects", "my own project", "my own time", "my own stuff", "own repos", "side project",
             "family"),
    "wedding": ("wedding", "ceremony", "reception", "bride", "groom", "honeymoon"),
    "league": ("league", "tournament", "competition", "match day"),
    "party": ("party", "birthday"),
    "trip": ("trip", "holiday", "vacation", "road trip"),
}


def words(text: str) -> list[str]:
    # A plural possessive is its noun: "the kids' lunchboxes" names the kids.
    return [w.rstrip("'") for w in _WORD.findall(straight(text.lower()))]


def stems(text: str) -> list[str]:
    """Every token of ``text`` as its stem, in order, stop words kept: the tokens :func:`content` reads."""
    return [_stem(w) for w in words(text)]


def content(text: str) -> frozenset[str]:
    return frozenset(_stem(w) for w in words(text) if w not in STOPWORDS and len(w) > 2 and not w.isdigit())


def entities(text: str) -> frozenset[str]:
    out = set()
    for m in _ENTITY.finditer(text):
        e = m.group(1)
        if e.split()[0] in _NOT_ENTITY and len(e.split()) == 1:
            continue
        out.add(re.sub(r"['’]s$", "", e.lower()))  # "AI's potential" names AI
    return frozenset(out)


def names(text: str) -> frozenset[str]:
    return frozenset(t.lower() for t in re.findall(r"\b[A-Z][a-z]{2,}\b", text) if t.lower() not in STOPWORDS and t not in _NOT_ENTITY)


_ADDRESSEES = {"team", "client", "clients", "colleague", "colleagues", "boss", "staff", "customers"}


def contexts(text: str, *, scoped_only: bool = False, setting_only: bool = False) -> frozenset[str]:
    """Settings the text names; ``scoped_only``: only those it is stated *for* ("at work", "for the
    wedding", "when I work from home", "my own CV", "in the thesis"), not merely mentioned;
    ``setting_only``: only those a preposition or the clause's opening makes the setting of what is said
    ("at work the style guide is ...", "for the wedding ...", "Client presentations always ..."), not
    a thing of the user's ("my desk", "our team")."""
    low = " " + re.sub(r"[^a-z0-9 ]", " ", text.lower()) + " "
    # "When I work from home" is a home setting, not work ("wfh" keeps the string's length for the offsets below).
    low = re.sub(r" work(?:ing)? from home ", lambda m: " wfh" + " " * (len(m.group(0)) - 4), low)
    # Where one is on given days ("the user is home tues/wed/fri", "I'm home mondays") is at home (same length again).
    low = re.sub(r" (?:is|am|are|m|re) home ", lambda m: " " * (len(m.group(0)) - 9) + " at home ", low)
    out = set()
    for k, cues in CONTEXTS.items():
        for c in cues:
            at = low.find(f" {c} ")
            if at < 0:
                continue
            # Stated for it: after "at/for/in/when I ..." or "my/our" ("my work emails"), or as the
            # topic a clause opens with ("Client presentations always use ...").
            clause_start = max(text.rfind(x, 0, at) for x in ".;:!?\n") + 1 if at > 0 else 0
            # A clause opening with the setting is a rule for it only when it lays one down ("Client
            # presentations always use ..."), not in a report of what happened ("allergy clinic did the test").
            clause = re.split(r"[.;!?\n]", text[clause_start:])[0]  # a colon goes on to the rule
            opens = len(words(text[clause_start:at])) <= 1 and bool(_RULE.search(clause))
            if setting_only:
                if opens or re.search(r"\b(?:at|for|in|during|on|when i|when we|whenever i)\s+(?:the\s+|a\s+)?(?:\w+\s+)?$",
                                      low[:at + 1]):
                    out.add(k)
                    break
                continue
            # (a cue that carries its own preposition, "at home", is stated for its setting)
            if not scoped_only or c.startswith(("my own", "at ")) or opens or re.search(
                    r"\b(?:at|for|in|during|on|when i|when we|whenever i|my|our)\s+(?:\w+\s+){0,3}$", low[:at + 1]) or (
                    # addressed to people of that setting: "messages to the team", "emails to clients"
                    c in _ADDRESSEES and re.search(r"\bto\s+(?:the|my|our|all|any)?\s*$", low[:at + 1])):
                out.add(k)
                break
    return frozenset(out)
