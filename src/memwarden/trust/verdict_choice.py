"""A claim naming one option, settled by the user's later choice among options (:mod:`.verdict_slot`; split out in session 22)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..models import SearchHit
from ..retrieval.text import _stem as stem
from .stance_label import Stance
from .testimony import stated_at
from .verdict_said import SLOT_SCORE, _prospect, _said, _words
from .verdict_scope import NOT_NAME

if TYPE_CHECKING:
    from .verdict_slot import SlotClaim

#: The pseudo-slot of a claim naming one option ("I am going to Porto for the honeymoon"): settled only by
#: the user's later choice among options an earlier memory named together (:func:`_choice`).
CHOICE = "choice"
_NAME_IN = re.compile(r"(?<=\s)(?-i:[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)*)")


def _one_name(text: str) -> str | None:
    names = [n for n in _NAME_IN.findall(text) if n.lower() not in NOT_NAME and n not in ("I", "I'm")]
    return names[0] if len(names) == 1 else None


#: A choice made: "decided on Lisbon", "went with the second venue", "picked Hatton Barn", "the Algarve it is".
_CHOSE = re.compile(r"\b(?:decided on|decided to go with|went with|gone with|going with|settled on|chose|opted for|plumped for|"
                    r"picked|booked)\s+(?:the\s+|a\s+|an\s+)?(?P<v>[^,.;!?()]+)|"
                    r"(?-i:(?P<w>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*))\s+it is\b", re.I)
#: Options said as options: "Lisbon or Porto", "torn between", "shortlisted", "weighing up" (two names said
#: together otherwise, "Lisbon trip, Hotel Avenida looks nice", are no choice to make).
_ALTERNATIVES = re.compile(r"\b(?:or|between|vs|versus|either|options?|shortlist(?:ed)?|choices?|choose|choosing|deciding|"
                           r"torn|weighing(?: up)?|comparing|undecided|can't decide)\b", re.I)


def _text_of(hit: SearchHit) -> str:
    return " ".join([hit.memory, *(e.text for e in hit.episodes[:1])])


#: Words of a choice that say how it was made, not what was chosen.
_HOW_CHOSEN = frozenset(stem(w) for w in "end after all instead then now finally today yesterday one".split())


def _choice(claim: SlotClaim, hit: SearchHit, hits: list[SearchHit]) -> Stance | None:
    """The user's own later choice among options named together before: it states a claim naming the chosen
    option and contradicts one naming another option ("looking at Lisbon or Porto", then "decided on Lisbon in the
    end": "going to Porto" is false). Anything else is left to the stance rules."""
    if str(hit.source) != "user" or hit.speaker or _prospect(hit) or hit.memory.rstrip().endswith("?"):
        return None
    m = _CHOSE.search(re.sub(r"^\s*the user:\s*", "", hit.memory, flags=re.I))
    if m is None:
        return None
    chosen = _words(" ".join((m.group("v") or m.group("w") or "").split()[:4])) - _HOW_CHOSEN
    value = _words(claim.read.value or "")
    if not chosen or not value:
        return None
    if value <= chosen:
        return Stance("agree", SLOT_SCORE, f"slot: chose '{claim.read.value}'", ("slot",))
    if value & chosen:
        return None
    at = stated_at(hit)
    if any(stated_at(h) < at and value <= _said(h) and chosen & _said(h) and _ALTERNATIVES.search(_text_of(h)) for h in hits):
        return Stance("contradict", SLOT_SCORE, f"slot: another option chosen over '{claim.read.value}'", ("slot",))
    return None
