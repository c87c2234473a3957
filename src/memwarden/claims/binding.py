"""Binding a claim that names no attribute of its own to the slot it changes (read by
:func:`memwarden.claims.resolve.bind_unnamed_events`, one read of the scope's latest claims per call).

- a *switch* names only the value it replaces ("took me off the brown one and put me on fostair",
  "swapped A for B", "switched from A to B"): it takes the slot of the subject's current claim that
  holds that value, so a value changed twice (A -> B -> C) supersedes step by step;
- a recurring *session* said later by its bare head ("her class is saturdays now", ``class_time``)
  takes the slot of the subject's session named in full ("swimming_lesson_time").

And the other way: an assistant's *echo* of a claim ("Biometrics on 3 March in Stoke, good luck!")
rarely gets the claim's slot, so when the claim is superseded the echo would still answer "now"
questions with the old value (:func:`echoes_of`: echoes said in the same call, holding its value).
"""

from __future__ import annotations

import re
from typing import Sequence

from ..models import Claim, MemoryItem
from .ingest import ClaimCandidate

__all__ = ["bind_departure", "bare_session", "bind_session", "bind_switch", "is_switch", "echoes_of"]


#: Head nouns of a recurring session. Said bare later ("her class is saturdays now", "the lesson moved to 5"),
#: one refers to the session named fully before ("swimming lessons on tuesdays").
_SESSION_HEADS = frozenset("class lesson session practice training course club group".split())


def bare_session(c: Claim) -> bool:
    return bool(c.attribute) and not c.negated and c.attribute.removesuffix("_time") in _SESSION_HEADS and (
        c.attribute or "").endswith("_time")


def bind_session(cc: ClaimCandidate, recent: Sequence[MemoryItem]) -> ClaimCandidate:
    """A session named by its bare head ("class_time") takes the slot of the subject's latest session named in
    full ("swimming_lesson_time"), however long ago it began: sessions recur, so its first date is no bound. With
    none (or one already on the bare slot), it keeps its own slot."""
    c = cc.claim
    target = next((it for it in recent if it.claim is not None and it.claim.subject == c.subject
                   and (it.claim.attribute or "").removesuffix("_time").split("_")[-1] in _SESSION_HEADS
                   and "_" in (it.claim.attribute or "").removesuffix("_time")), None)
    if target is None or target.claim is None:
        return cc
    event = (target.claim.attribute or "").removesuffix("_time").replace("_", " ")
    cand = cc.candidate.model_copy(update={"text": f"{cc.candidate.text} (the {event})"})
    return ClaimCandidate(cand, c.model_copy(update={"attribute": target.claim.attribute, "slot": target.claim.slot}),
                          cc.turn_indexes)


def is_switch(c: Claim) -> bool:
    """A claim that names the value it replaces but no attribute ("took me off the brown one and put me on fostair")."""
    return c.attribute is None and bool(c.previous_value and c.value) and not c.echo


_FILLER_WORDS = frozenset("the a an my our one ones thing things stuff old usual same".split())


def _content(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in _FILLER_WORDS and len(w) > 1}


def bind_switch(cc: ClaimCandidate, latest: Sequence[MemoryItem]) -> ClaimCandidate:
    """A switch takes the slot of the subject's latest current claim that holds the value it replaces: its
    value, or its text, has every content word of the replaced one ("the brown one" -> "clenil ..., brown
    inhaler"; "Monzo" -> "my bank is Monzo"). Each step of A -> B -> C names the one before, so a chain
    follows the slot. With no such claim it keeps no slot (it supersedes nothing)."""
    c = cc.claim
    prev = _content(c.previous_value or "")
    if not prev:
        return cc
    held = next((it for it in latest if it.claim is not None and it.claim.subject == c.subject
                 and not it.claim.attribute.endswith("_time")  # type: ignore[union-attr]
                 and (prev <= _content(it.claim.value or "") or prev <= _content(it.memory))
                 and not _content(c.value or "") <= _content(it.claim.value or "")), None)
    if held is None or held.claim is None:
        return cc
    return ClaimCandidate(cc.candidate, c.model_copy(update={"attribute": held.claim.attribute, "slot": held.claim.slot}),
                          cc.turn_indexes)


def bind_departure(cc: ClaimCandidate, latest: Sequence[MemoryItem]) -> ClaimCandidate:
    """A person gone for good ("Hana retired in May", ``slots.DEPARTED``) ends the subject's latest current
    one-valued claim whose value names them (a manager, a landlord, a partner: not an event's time, not one of
    several, ``allergy:...``): the claim takes that slot, negated, with the person as its value. With none, no
    slot (it ends nothing)."""
    c = cc.claim
    name = _content(c.value or "")
    held = next((it for it in latest if it.claim is not None and it.claim.subject == c.subject and not it.claim.negated
                 and not (it.claim.attribute or "").endswith("_time") and ":" not in (it.claim.attribute or "")
                 and name and name <= _content(it.claim.value or "")), None)
    if held is None or held.claim is None:
        return ClaimCandidate(cc.candidate, c.model_copy(update={"attribute": None, "slot": None}), cc.turn_indexes)
    return ClaimCandidate(cc.candidate, c.model_copy(update={"attribute": held.claim.attribute, "slot": held.claim.slot}),
                          cc.turn_indexes)


def echoes_of(old: MemoryItem, candidates: Sequence[MemoryItem]) -> list[MemoryItem]:
    """The active echoes among ``candidates`` restating ``old``: said in the same call (the same
    ``valid_from``), for the same subject, and holding its value as a word ("3 march (2026-03-03)",
    "Clenil, two puffs"). Their testimony is the claim's: superseded with it, they stay valid before."""
    c = old.claim
    if c is None or not c.value or len(c.value) < 3 or old.valid_from is None:
        return []
    value = re.compile(rf"(?<![\w-]){re.escape(c.value)}(?![\w-])", re.I)
    return [it for it in candidates if it.id != old.id and it.status == "active" and it.claim is not None
            and it.claim.echo and it.claim.subject == c.subject and it.valid_from == old.valid_from
            and value.search(it.memory)]
