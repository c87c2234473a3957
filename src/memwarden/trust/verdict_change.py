"""A change of a one-valued slot said in other words than its values (:mod:`.verdict_slot`; split out in session 22).

"resigned na ako! freelancing now", "keys collected", "sold the Civic", "Hana retired in May": the user's own later
word that the value an earlier memory held no longer holds, with the tests that keep another person's change and
another thing's end ("quit smoking") off the user's slot.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..models import SearchHit
from ..retrieval.text import STOPWORDS
from .verdict_said import _prospect, _said, _someone_else, _words
from .verdict_scope import holder

if TYPE_CHECKING:
    from .verdict_slot import SlotClaim

#: A change of a one-valued slot said in other terms than its values ("resigned na ako! freelancing
#: now", "transfer went through", "keys collected, got a terrace on ..."): the user's own later word
#: that the value a memory held no longer holds. Closed-class phrases of each attribute.
_CHANGE = {
    "residence": re.compile(r"\b(?:moved|moving out|relocated|keys (?:collected|to)|got the keys|signed (?:for|the lease)|"
                            r"new (?:place|flat|house|home|address)|gave (?:my )?notice on|back (?:home|at my|in my))\b", re.I),
    "employer": re.compile(r"\b(?:resigned|quit|left (?:my|the) job|handed in (?:my )?notice|new job|started (?:at|a new)|"
                           r"got (?:the|that) (?:job|role|position|post)|(?:accepted|took) (?:the|their) (?:job |role |position )?offer|"
                           r"transfer(?:red)? (?:went through|to)|laid off|made redundant|redundancy|freelancing|"
                           r"self[- ]employed|retired|last day at)\b", re.I),
    "partner": re.compile(r"\b(?:broke up|split up|divorced|separated|dumped|new (?:girlfriend|boyfriend|partner))\b", re.I),
    "car": re.compile(r"\b(?:sold (?:the|my)|new car|traded (?:it|the \w+) in|written off|scrapped)\b", re.I),
    "manager": re.compile(r"\b(?:new (?:manager|boss|line manager)|report(?:s|ing)? to)\b", re.I),
    "shift": re.compile(r"\b(?:switched|moved|changed|put) (?:me )?(?:to|onto|on) (?:the )?\w+ shifts?|\bback on (?:nights|earlies|lates|days)\b", re.I),
}
#: Of those, the ones that end the value they name ("resigned from Bluereach", "sold the Civic").
_ENDS = re.compile(r"\b(?:resigned|retired|quit|left|laid off|made redundant|sold|moved out|broke up|split up|divorced|written off|"
                   r"scrapped|last day|moved on|stepped down)\b|\b(?:'s|has|is) gone\b(?!\s+(?:to|up|down|for|with|on|in)\b)", re.I)


def _changes(claim: SlotClaim, hit: SearchHit) -> bool:
    """The user's own firm statement of a change of the claim's attribute, which does not state the
    claim's value as the new one (it names it only beside a word that ends it, or not at all)."""
    if str(hit.source) != "user" or hit.speaker or hit.memory.rstrip().endswith("?") or _prospect(hit):
        return False
    if hit.kind == "claim" and hit.claim is not None and (hit.claim.firmness != "stated" or hit.claim.subject != "user"):
        return False
    if claim.read.slot.partition("|")[0] != "user":
        return False
    text = " ".join([hit.memory, *(e.text for e in hit.episodes[:1])])
    value = (claim.read.value or "").split()
    if _someone_else(hit) and not (value and _ENDS.search(text) and _only_holder(hit, value[0])):
        return False  # "my sister just moved to York": someone else's change ("Priya's gone", of Priya, is the value's end)
    if value and re.search(rf"\b(?:left|quit|resigned from|leaving|sold|moved out of|moved away from)\s+(?:the\s+|my\s+|our\s+)?"
                           rf"{re.escape(value[0])}\b", text, re.I):
        return True  # "Left Acme, I'm at ...", "sold the Civic": an ending said of the claim's value itself
    if value and re.search(rf"\b{re.escape(value[0])}(?:'s|\s+has|\s+had|\s+is)?\s+(?:just\s+|finally\s+|officially\s+)*"
                           rf"(?:left|retired|resigned|quit|moved on|gone|stepped down)\b", text, re.I):
        return True  # "Hana retired in May": the claim's value, a person, gone
    attr = claim.read.slot.partition("|")[2]
    cue = _CHANGE[attr].search(text)
    if cue is None or _ends_another_thing(cue, text, attr, value):
        return False
    names = _words(claim.read.value or "") <= _said(hit)
    return not names or bool(_ENDS.search(text))


#: The nouns an ending verb takes when it ends the attribute itself ("quit my job", "sold the car").
_SLOT_NOUNS = {"employer": {"job", "work", "role", "position", "post", "company", "firm", "place", "career"},
               "car": {"car", "motor", "van", "vehicle", "ride", "runaround"}}


def _ends_another_thing(cue: re.Match[str], text: str, attr: str, value: list[str]) -> bool:
    """A bare ending verb of the cue takes another thing as its object: "quit smoking", "sold my old phone" end no job
    and no car (session 21, after review: both made the user's job or car FALSE). Its object is the first word after
    a determiner and "old"/"new"; none, a function word ("I quit last week") or the slot's noun or the value is the
    attribute's own end."""
    if attr not in _SLOT_NOUNS or not re.fullmatch(r"(?:quit|sold (?:the|my))", cue.group(0), re.I):
        return False
    after = text[cue.start() + len(cue.group(0).split()[0]):]  # what follows the verb, its determiner included
    m = re.match(r"\s+(?:(?:my|the|our|his|her|an?)\s+)?(?:(?:old|new)\s+)?([a-z][\w'-]*)", after, re.I)
    if m is None:
        return False
    word = m.group(1).lower()
    return word not in STOPWORDS and word not in _SLOT_NOUNS[attr] and word not in {v.lower() for v in value}


def _only_holder(hit: SearchHit, name: str) -> bool:
    """Every holder the memory opens on is the claim's value itself ("Priya's gone, the new manager is Carl"
    against "my manager is Priya"): the one who went is the value, not another holder of the slot."""
    said = [re.sub(r"^\s*the user:\s*", "", hit.memory, flags=re.I), *(e.text for e in hit.episodes[:1])]
    who = {holder(t) for t in said} - {None, "i"}
    return who == {name.lower()}
