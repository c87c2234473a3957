"""Whether a newer memory that states a change changes what an older one states (its value), not
another attribute of the same person or thing.

"Clare changed jobs" says nothing of "my sister's name is Clare"; "I changed the alarm code" nothing of
"the garage door code is 4471"; "Milo's switched to grain-free food" nothing of "Milo's vet is Riverside".
Only positive signs that the change is aimed elsewhere count (a memory with no such sign keeps the
cosine and change-word rules of :mod:`.rules`):

- the change verb takes a thing ("changed the alarm code", "moved my savings") the older memory does not
  name, or names with another modifier ("alarm code" / "garage door code");
- the two share only a name, and the change is said of the named one ("Dr Lee moved to a new practice",
  "Tom has a new girlfriend") without the named one leaving ("Priya's gone to Singapore", "Imelda retired")
  or the user stating a new arrangement of their own ("..., I report to Dan now") or another number ("Year 5" ->
  "started Year 6").
"""

from __future__ import annotations

import re

from ..lexicon.quotes import straight
from .facts import CHANGE, MemoryFacts
from .lexicon import content, stems
from .values import value_kinds

# A verb of change and the thing it takes, up to the preposition that introduces the new value
# ("changed the alarm code to 9902", "moved my savings over to ...", "switched jobs, ...").
_CHANGE_VERB = re.compile(r"\b(?:chang(?:e|es|ed|ing)|switch(?:es|ed|ing)?|mov(?:e|es|ed|ing)|swapp?(?:ed|ing)?|"
                          r"replac(?:e|es|ed|ing)|transferr?(?:ed|ing)?|shift(?:s|ed|ing)?|upgrad(?:e|es|ed|ing))\s+", re.I)
_THING = re.compile(
    r"(?!(?:to|into|from|over|up|back|in|on|out|off|away|across|round|around|for|with|at|of|everything|all|it|that|this)\b)"
    r"((?:[\w'-]+\s+){0,4}?[\w'-]+)(?=\s+(?:to|into|from|over|for|with|at|on)\b|\s*[,.;:!?(]|\s*$)", re.I)

# The named one leaves: what was said of them as a holder of a role no longer holds.
# (session 23: stepping down or back, leave from work, and the user letting the named one go: "sacked the builder",
# "done with that airline")
_LEAVES = re.compile(r"\b(?:left|gone|went|retired|quit|resigned|died|passed away|moved out|moved away|stopped|closed|"
                     r"cancel+(?:ed|ing)?|called off|shut|stepp(?:ed|ing) (?:down|back)|steps (?:down|back)|"
                     r"on (?:maternity|paternity|sick|long-term sick) leave|sacked|fired|let (?:\w+ )?go|done with|finished with)\b", re.I)
# The user's own new arrangement in a clause of its own ("I report to Dan now", "we've gone with ...").
_OWN_CLAUSE = re.compile(r"(?:^|[,.;:!]\s*|\b(?:so|and|but)\s+)(?:i|i'm|i've|we|we're|we've)\b", re.I)

# The days and parts of the day something is done on.
_WHEN = re.compile(r"\b(mon|tue|wed|thu|fri|sat|sun)(?:s|days?|sdays?|nesdays?|rsdays?|urdays?)?\b|"
                   r"\b(morning|afternoon|evening|night|weekday|weekend)s?\b", re.I)


def _other_when(text: str, other: str) -> bool:
    def when(t: str) -> frozenset[str]:
        return frozenset((m.group(1) or m.group(2)).lower() for m in _WHEN.finditer(t))
    a, b = when(text), when(other)
    return bool(a and b and not a & b)


# Words that mark the change itself, not the thing changed.
_CHANGE_WORDS = frozenset(stems("new now user changed switched moved instead anymore"))


def _names(f: MemoryFacts) -> frozenset[str]:
    return frozenset(w for p in (f.people | f.entities) for w in stems(p)) | f.people | f.entities


def _plain(t: str) -> str:
    return straight(t)


def _other_thing(older: frozenset[str], older_text: str, thing_text: str) -> bool:
    """The thing a change verb takes is not the older memory's: no word of it named there, or the same head
    word with other modifiers on both sides ("the alarm code" / "the garage door code")."""
    thing = content(thing_text) - _CHANGE_WORDS
    if not thing:
        return False
    if not thing & older:
        return True
    ws = [w for w in stems(thing_text) if w in thing]
    head = ws[-1] if ws else ""
    if head not in older or not (thing - older):
        return False
    ow = stems(older_text)
    at = ow.index(head) if head in ow else -1
    before = frozenset(w for w in ow[max(0, at - 3):at] if w in older) if at > 0 else frozenset()
    return bool(before - thing)


#: A word before a verb of change that makes it a noun ("since the move", "after the switch").
_DETERMINER = re.compile(r"\b(?:the|a|an|this|that|our|their)\s+$", re.I)
#: The thing a change names anew ("moved my books to a new accountant", "new locker's 31"): its head word.
_NEW_THING = re.compile(r"\bnew\s+([\w-]+?)('s\b|\b(?:\s+([\w-]+?)(?:'s)?\b)?)", re.I)


def _anew(older: frozenset[str], thing_text: str, other: str) -> bool:
    """The change takes a thing the older memory does not name at all ("my books", "us all") and names the older
    memory's own thing as the new one ("... to a new accountant"): it changed that thing (session 24)."""
    if content(thing_text) & older:
        return False  # the same head with other modifiers ("the alarm code" / "the garage door code") stays another thing
    # the head of what is named new: "new account number" names a number, "new locker's 31" a locker
    return any((content(m.group(3) or "") or content(m.group(1))) & older for m in _NEW_THING.finditer(other))


def other_value_of(text: str, other: str, kind: str) -> bool:
    """Both texts give a value of ``kind`` and none is shared."""
    a, b = value_kinds(text).get(kind), value_kinds(other).get(kind)
    return bool(a and b and not a & b)


def _said_of(other: str, names: frozenset[str]) -> bool:
    """The change is said of one of ``names``: it stands before the change word, with no "I" or "the user" before it
    ("Dr Lee moved ...", not "the user gets the train to Didcot now")."""
    o = re.sub(r"^\W*the user:\s*", "", other, flags=re.I)
    said = CHANGE.search(o)
    before = stems(o[:said.start()]) if said else []
    at = next((k for k, w in enumerate(before) if w in names), -1)
    return at >= 0 and not {"i", "i'm", "i'v", "we", "user"} & set(before[:at])


#: The role one leaves, when said: "stepped down as captain", "resigned from the committee" (session 23 review).
_ROLE_LEFT = re.compile(r"\s+(?:as|from)\s+(?:(?:the|our|his|her|their|my|the\s+user's)\s+)?([\w'-]+)", re.I)


def _left_other_role(older: frozenset[str], other: str) -> bool:
    """The newer memory says the named one left a role the older memory does not name."""
    m = _LEAVES.search(other)
    r = _ROLE_LEFT.match(other, m.end()) if m else None
    role = content(r.group(1)) if r else frozenset()
    return bool(role) and not role & older


def aims_at(f: MemoryFacts, g: MemoryFacts, other: str, text: str) -> bool:
    """The newer memory ``g`` (text ``other``), which states a change, may change what ``f`` (text ``text``) states."""
    text, other = _plain(text), _plain(other)  # "the garage’s code" is "the garage's code", as lexicon.words reads it
    older = f.content - _CHANGE_WORDS
    if any(other_value_of(text, other, k) for k in value_kinds(text).keys() - {"count"}):
        return True  # another value of a quantity it states ("22°C" -> "35°C")
    if _other_when(text, other):
        return True  # another day or part of the day ("Mon-Wed-Fri mornings" -> "shifted to Tue Thu Sat afternoons")
    # the first verb of change (not a noun: "after the move"), and the thing it takes
    v = next((x for x in _CHANGE_VERB.finditer(other) if not _DETERMINER.search(other, 0, x.start())), None)
    m = _THING.match(other, v.end()) if v else None
    if m and _other_thing(older, text, m.group(1)) and not _anew(older, m.group(1), other):
        return False
    names_f, names_g = _names(f), _names(g)
    common = names_f & names_g
    if common and not (f.content & g.content) - common - _CHANGE_WORDS:
        if _said_of(other, common) and not (_LEAVES.search(other) or _OWN_CLAUSE.search(other) or other_value_of(text, other, "count")):
            return False  # another attribute of the named one
        if _left_other_role(older, other):
            return False  # "Paul stepped down as captain of the five a side" leaves "Paul is my manager" standing
    return True


def shared_words(f: MemoryFacts, g: MemoryFacts) -> frozenset[str]:
    """What two memories share besides names: a change to one name's other attribute restates nothing."""
    return (f.content & g.content) - _names(f) - _names(g)
