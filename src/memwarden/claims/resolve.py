"""Settle admitted claims against their slots and build the add call's one write batch.

Per claim, after admission (:class:`~memwarden.admission.Admitter` on the claim candidates):

* rejected: a receipt, nothing stored;
* a duplicate (same text, or a near-duplicate stating the same values), or a restatement of
  the current value of its slot: merged into the claim it repeats, which gains the source
  episode and turn ids;
* an echo (an assistant restating the user's fact) is never testimony: it merges into the
  claim it echoes, and when its slot now holds another value it is not stored (it never
  revives a superseded claim and never supersedes);
* a different value on a slot: supersedes the older claim when its source is at least as
  reliable (user first-hand > document/tool/image > assistant > named third party >
  hedged/reported): the older keeps its row, ``status="superseded"``, ``valid_to`` = the new
  claim's ``valid_from``, a SUPERSEDE history event; the new claim's receipt names it. From a
  weaker source it opens a conflict instead: both stay active and name each other in
  ``Claim.conflicts_with``.

Only claims take part: an episode (chit-chat included) never supersedes anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Sequence

import numpy as np

from .._util import new_id, text_hash
from ..admission.base import Decision
from ..admission.values import values_differ
from ..models import Candidate, Claim, HistoryEvent, MemoryItem, Receipt, Turn
from ..storage.base import MemoryRecord, Store, WriteBatch
from .binding import bind_departure, bare_session, bind_session, bind_switch, echoes_of, is_switch
from .ingest import ClaimCandidate, stated_at

from .role_lexicon import ROLE_HEAD
from .slots import DEPARTED, UNNAMED_EVENT, UNNAMED_ROLE, normalise_slot


def same_slot(a: str | None, b: str | None) -> bool:
    """Slots as stored are normalised already (``ingest.claim_candidates``); normalising again
    keeps claims stored by an older normaliser comparable."""
    return bool(a and b and normalise_slot(a) == normalise_slot(b))


def source_rank(claim: Claim) -> int:
    """How much a source's word weighs on a slot (higher wins); hedged or reported is weakest."""
    if claim.firmness != "stated":
        return 0
    if claim.vouched_by in ("user", "import"):
        return 4
    if claim.vouched_by in ("document", "tool", "image", "web"):
        return 3
    if claim.vouched_by in ("assistant", "model_inferred", "system"):
        return 2
    return 1  # a named third party ("unknown" with a voucher)


def _norm(value: str | None) -> str:
    return " ".join((value or "").lower().replace(".", " ").split())


def same_value(a: Claim, a_text: str, b: Claim, b_text: str) -> bool:
    """A restatement: the same value on the slot, and no other number, date, time or name in
    one text than in the other (a slot guessed from "a vegetarian restaurant in Alfama for
    twelve" must not swallow that booking into "Maya is vegetarian")."""
    if a.negated != b.negated:
        return False
    if a.value and b.value:
        return _norm(a.value) == _norm(b.value) and not values_differ(a_text, b_text)
    return text_hash(a_text) == text_hash(b_text)


def _same_plain_value(a: Claim, b: Claim) -> bool:
    return bool(a.value and b.value) and a.negated == b.negated and _norm(a.value) == _norm(b.value)


@dataclass
class _Slotted:
    """A claim that currently holds a slot value (stored earlier, or earlier in this call)."""

    id: str
    text: str
    claim: Claim
    record: MemoryRecord | None = None  # stored earlier; None: written by this batch


@dataclass
class Plan:
    batch: WriteBatch
    #: Token lists of rows the batch rewrites (the index must retract them).
    old_tokens: dict[str, list[str]] = field(default_factory=dict)


def build_batch(
    *,
    user_id: str,
    agent_id: str | None,
    run_id: str | None,
    now: datetime,
    turns: Sequence[Turn],
    episodes: Sequence[Candidate],
    episode_ids: Sequence[str],
    episode_vectors: np.ndarray,
    episode_tokens: Sequence[list[str]] | None,
    claims: Sequence[ClaimCandidate],
    claim_vectors: np.ndarray,
    claim_tokens: Sequence[list[str]],
    decisions: Sequence[Decision],
    extractor: str,
    fallback: str | None,
    store: Store,
    embedding_model: str,
    expire_before: datetime | None,
    dropped: dict[int, str] | None = None,
    retracts: dict[int, list[str]] | None = None,
) -> Plan:
    batch = WriteBatch(user_id=user_id, expire_unstored_receipts_before=expire_before)
    common = dict(user_id=user_id, agent_id=agent_id, run_id=run_id, created_at=now, updated_at=now)
    # episode_tokens None: the episodes are stored already (reindex); only their receipts are new.
    for cand, mid, vec, toks in zip(episodes, episode_ids, episode_vectors, episode_tokens or []):
        item = MemoryItem(id=mid, memory=cand.text, metadata=cand.metadata, source=cand.source, speaker=cand.speaker,
                          role=cand.role, modality=cand.modality, image_ref=cand.image_ref,
                          source_turn_ids=cand.source_turn_ids, hash=text_hash(cand.text), occurred_at=cand.occurred_at,
                          kind="episode", **common)
        batch.upserts.append(MemoryRecord(item, vec, list(toks), embedding_model))
        batch.history.append(HistoryEvent(id=new_id(), memory_id=mid, user_id=user_id, event="ADD", new_memory=cand.text,
                                          cause="add: episode (the turn as said)", at=now))

    stored_slots = {r.item.id: r for r in store.by_slot(user_id, [c.claim.slot for c in claims if c.claim.slot])}
    holders: list[_Slotted] = [_Slotted(r.item.id, r.item.memory, r.item.claim, r) for r in stored_slots.values()
                               if r.item.claim is not None]
    ids: list[str | None] = [None] * len(claims)  # memory id each claim ended up in (stored or merged into)
    new_items: dict[str, MemoryItem] = {}
    new_records: dict[str, MemoryRecord] = {}
    merged: dict[str, list[int]] = {}  # target id -> claim indexes merged into it
    superseded: dict[str, tuple[str, datetime]] = {}  # old id -> (new id, valid_to)
    conflicts: dict[str, set[str]] = {}
    receipts: list[Receipt] = []

    def receipt(i: int, dec: Decision, event: str, reason: str, memory_id: str | None, **kw: Any) -> None:
        cc = claims[i]
        receipts.append(Receipt(
            id=new_id(), user_id=user_id, memory_id=memory_id, text=cc.candidate.text, event=event, reason=reason,
            scores=dec.scores, weights=dec.weights, score=dec.score, threshold=dec.threshold, policy=dec.policy,
            memory_type=dec.memory_type, source_turn_ids=cc.candidate.source_turn_ids, created_at=now, kind="claim",
            extractor=cc.claim.extractor or extractor, fallback=fallback, **kw))

    for i, (cc, dec) in enumerate(zip(claims, decisions)):
        cand, claim = cc.candidate, cc.claim
        if dec.event == "rejected":
            receipt(i, dec, "rejected", dec.reason, None)
            continue
        if dec.event == "duplicate" and dec.duplicate_of:
            target = dec.duplicate_of
            if target.startswith("batch:"):
                target = ids[int(target.split(":", 1)[1])] or ""
            if target:
                ids[i] = target
                merged.setdefault(target, []).append(i)
                receipt(i, dec, "duplicate", dec.reason + "; its source episode joins that claim", target,
                        duplicate_of=target)
                continue
        current = [h for h in holders if same_slot(h.claim.slot, claim.slot)]
        restated = next((h for h in current if same_value(claim, cand.text, h.claim, h.text)), None)
        if restated is not None:
            ids[i] = restated.id
            merged.setdefault(restated.id, []).append(i)
            why = "echo: the assistant restating it adds no testimony" if claim.echo else "restates it"
            receipt(i, dec, "duplicate", f"{why}: merged into {restated.id} (slot {claim.slot})", restated.id,
                    duplicate_of=restated.id)
            continue
        if claim.echo and current:
            receipt(i, dec, "rejected", f"echo of a value its slot {claim.slot} no longer holds (current: "
                    f"{', '.join(h.id for h in current)}): an echo never revives or supersedes", None)
            continue
        # The same value said with other details (a booking "at a vegetarian restaurant" next to
        # "Maya is vegetarian"): both stand, neither replaces the other.
        current = [h for h in current if not _same_plain_value(claim, h.claim)]
        mid = new_id()
        ids[i] = mid
        valid_from = stated_at(cand, now)
        beaten = [h for h in current if source_rank(claim) >= source_rank(h.claim)] if not claim.echo else []
        stronger = [h for h in current if h not in beaten]
        for h in beaten:
            superseded[h.id] = (mid, valid_from)
            holders.remove(h)
        for h in stronger:
            conflicts.setdefault(h.id, set()).add(mid)
            conflicts.setdefault(mid, set()).add(h.id)
        item = MemoryItem(
            id=mid, memory=cand.text, metadata=cand.metadata, source=cand.source, speaker=cand.speaker, role=cand.role,
            # A hedged claim ("I believe we only use 10% of our brains") is the speaker's belief:
            # governance must never take it as evidence, whatever type its rewritten text reads as.
            memory_type="belief" if claim.firmness == "hedged" else dec.memory_type, modality=cand.modality, image_ref=cand.image_ref,
            source_turn_ids=cand.source_turn_ids, hash=text_hash(cand.text), occurred_at=cand.occurred_at,
            kind="claim", claim=claim, valid_from=valid_from, **common)
        new_items[mid] = item
        new_records[mid] = MemoryRecord(item, claim_vectors[i], list(claim_tokens[i]), embedding_model)
        holders.append(_Slotted(mid, cand.text, claim))
        batch.history.append(HistoryEvent(id=new_id(), memory_id=mid, user_id=user_id, event="ADD", new_memory=cand.text,
                                          cause=f"add: {dec.reason}", at=now))
        if beaten:
            reason = (f"{dec.reason}; supersedes {', '.join(h.id for h in beaten)} on slot {claim.slot} "
                      f"(a newer value from a source at least as reliable)")
            receipt(i, dec, "superseded", reason, mid, supersedes=[h.id for h in beaten])
        elif stronger:
            receipt(i, dec, "admitted", f"{dec.reason}; conflicts with {', '.join(h.id for h in stronger)} on slot "
                    f"{claim.slot}: a weaker source does not supersede", mid)
        else:
            receipt(i, dec, "admitted", dec.reason, mid)

    # A retracting turn's claim supersedes the earlier claim it corrects (claims/retraction.py), slot or none.
    for i, refs in (retracts or {}).items():
        mid = ids[i]
        if mid is None or mid not in new_items:
            continue
        for ref in refs:
            old_id = ids[int(ref.split(":", 1)[1])] if ref.startswith("batch:") else ref
            if old_id and old_id != mid and old_id not in superseded:
                superseded[old_id] = (mid, new_items[mid].valid_from or now)

    def absorb(item: MemoryItem, idxs: list[int]) -> dict[str, Any]:
        eps = [e for j in idxs for e in claims[j].claim.source_episode_ids]
        tids = [t for j in idxs for t in claims[j].candidate.source_turn_ids]
        upd: dict[str, Any] = {"source_turn_ids": list(dict.fromkeys(item.source_turn_ids + tids))}
        if item.claim is not None:
            upd["claim"] = item.claim.model_copy(update={
                "source_episode_ids": list(dict.fromkeys(item.claim.source_episode_ids + eps))})
        return upd

    def conflict_update(item: MemoryItem, mid: str) -> dict[str, Any]:
        if mid not in conflicts or item.claim is None:
            return {}
        return {"claim": item.claim.model_copy(update={
            "conflicts_with": sorted(set(item.claim.conflicts_with) | conflicts[mid])})}

    def supersede(it: MemoryItem) -> MemoryItem:
        new_mid, valid_to = superseded[it.id]
        if it.valid_from is not None and valid_to < it.valid_from:
            valid_to = it.valid_from  # stated out of order: never a negative validity
        batch.history.append(HistoryEvent(id=new_id(), memory_id=it.id, user_id=user_id, event="SUPERSEDE",
                                          old_memory=it.memory, new_memory=new_items[new_mid].memory,
                                          cause=f"superseded by {new_mid} (slot {it.claim.slot if it.claim else '-'})",
                                          at=now))
        return it.model_copy(update={"status": "superseded", "superseded_by": new_mid, "valid_to": valid_to})

    for mid, rec in new_records.items():
        it = rec.item
        it = it.model_copy(update=absorb(it, merged.get(mid, [])))
        it = it.model_copy(update=conflict_update(it, mid))
        if mid in superseded:  # replaced later in the same call
            it = supersede(it)
        batch.upserts.append(MemoryRecord(it, rec.vector, rec.tokens, rec.embedding_model))

    plan = Plan(batch)
    touched = [m for m in dict.fromkeys([*merged, *superseded, *conflicts]) if m not in new_records]
    old = {r.item.id: r for r in store.get(user_id, touched)}
    replaced = [old[m].item for m in superseded if m in old]
    if replaced:  # the assistant's echoes of a replaced claim go with it (binding.echoes_of)
        from ..storage.base import ListQuery

        latest = store.list(user_id, ListQuery(kind="claim", include_superseded=False, limit=200))
        echoes = {e.id: superseded[it.id] for it in replaced for e in echoes_of(it, latest) if e.id not in superseded}
        superseded.update(echoes)
        old.update({r.item.id: r for r in store.get(user_id, list(echoes))})
        touched += list(echoes)
    for mid in touched:
        rec = old.get(mid)
        if rec is None:
            continue
        it = rec.item
        upd: dict[str, Any] = {"updated_at": now}
        if mid in merged:
            upd.update(absorb(it, merged[mid]))
        it = it.model_copy(update=upd)
        it = it.model_copy(update=conflict_update(it, mid))
        if mid in superseded:
            it = supersede(it)
        plan.old_tokens[mid] = rec.tokens
        batch.upserts.append(MemoryRecord(it, rec.vector, rec.tokens, rec.embedding_model))

    # One receipt per turn: kept as an episode, and which claims came from it.
    from_turn: dict[int, list[str]] = {}
    receipts_of_turn: dict[int, list[str]] = {}
    for cc, mid, rc in zip(claims, ids, receipts):
        for t in cc.turn_indexes:
            receipts_of_turn.setdefault(t, []).append(rc.id)
            if mid is not None:
                from_turn.setdefault(t, []).append(mid)
    turn_receipts = []
    for n, (cand, mid) in enumerate(zip(episodes, episode_ids)):
        got = list(dict.fromkeys(from_turn.get(n, [])))
        reason = (f"kept as an episode; {len(got)} claim(s) extracted" if got
                  else f"kept as an episode only: {(dropped or {}).get(n, 'no claim')}")
        turn_receipts.append(Receipt(
            id=new_id(), user_id=user_id, memory_id=mid, text=cand.text, event="admitted", reason=reason,
            source_turn_ids=cand.source_turn_ids, created_at=now, kind="episode", claim_ids=got, extractor=extractor,
            fallback=fallback, policy="episode", claim_receipts=receipts_of_turn.get(n, [])))
    batch.receipts = turn_receipts + receipts
    return plan


def bind_unnamed_events(store: Store, user_id: str, claims: Sequence[ClaimCandidate]) -> list[ClaimCandidate]:
    """A rescheduling that names no event ("that got pushed back, it's the 23rd now",
    ``slots.UNNAMED_EVENT``) moves the event its subject last gave a time that was still ahead when
    this was said: the claim takes that event's slot (and names the event in its text, so it is
    found by it). With no such event the claim keeps its time but no slot (it supersedes nothing).
    One read of the scope's latest claims, only for calls that have such a claim."""
    if not any(cc.claim.attribute in (UNNAMED_EVENT, UNNAMED_ROLE, DEPARTED) or is_switch(cc.claim) or bare_session(cc.claim)
               for cc in claims):
        return list(claims)
    from ..storage.base import ListQuery

    latest = [it for it in store.list(user_id, ListQuery(kind="claim", include_superseded=False, limit=200))
              if it.claim is not None and it.claim.attribute and it.claim.slot]
    claims = [bind_switch(cc, latest) if is_switch(cc.claim) else cc for cc in claims]
    recent = [it for it in latest if it.claim is not None and (it.claim.attribute or "").endswith("_time")
              and it.claim.attribute != UNNAMED_EVENT]
    out = []
    for cc in claims:
        c = cc.claim
        if bare_session(c):
            out.append(bind_session(cc, recent))
            continue
        if c.attribute == UNNAMED_ROLE:  # "paired me with kemi instead": the role the subject named last
            role = next((it for it in latest if it.claim is not None and it.claim.subject == c.subject
                         and ROLE_HEAD.search(it.claim.attribute or "")), None)
            if role is None or role.claim is None:
                out.append(ClaimCandidate(cc.candidate, c.model_copy(update={"attribute": None, "slot": None}), cc.turn_indexes))
            else:
                name = (role.claim.attribute or "").replace("_", " ")
                cand = cc.candidate.model_copy(update={"text": f"{cc.candidate.text} (the new {name})"})
                out.append(ClaimCandidate(cand, c.model_copy(update={"attribute": role.claim.attribute, "slot": role.claim.slot}),
                                          cc.turn_indexes))
            continue
        if c.attribute == DEPARTED:  # "Hana retired in May": the slot Hana holds ends
            out.append(bind_departure(cc, latest))
            continue
        if c.attribute != UNNAMED_EVENT:
            out.append(cc)
            continue
        said = cc.candidate.occurred_at
        if c.negated:  # "thursday is off": the event on that day, and only it
            target = next((it for it in recent if it.claim is not None and it.claim.subject == c.subject and c.value
                           and it.claim.event_start is not None and it.claim.event_start.date().isoformat() == c.value[:10]), None)
        else:
            target = next((it for it in recent if it.claim is not None and it.claim.subject == c.subject
                           and (said is None or it.claim.event_start is None or it.claim.event_start >= said - timedelta(days=1))), None)
        if target is None or target.claim is None:
            out.append(ClaimCandidate(cc.candidate, c.model_copy(update={"attribute": None, "slot": None}), cc.turn_indexes))
            continue
        event = (target.claim.attribute or "").removesuffix("_time").replace("_", " ")
        cand = cc.candidate.model_copy(update={"text": f"{cc.candidate.text} (the {event})"})
        out.append(ClaimCandidate(cand, c.model_copy(update={"attribute": target.claim.attribute, "slot": target.claim.slot}),
                                  cc.turn_indexes))
    return out


#: Deleting an episode: claims with no other source episode go with it (what was derived only
#: from a deleted turn must not outlive it); others just lose it as a source.
def claims_of_episodes(records: Sequence[MemoryRecord], episode_ids: set[str]) -> tuple[list[str], list[MemoryRecord]]:
    """(ids of claims to delete, claim records to rewrite without those episodes)."""
    drop, keep = [], []
    for rec in records:
        c = rec.item.claim
        if c is None or not episode_ids & set(c.source_episode_ids):
            continue
        rest = [e for e in c.source_episode_ids if e not in episode_ids]
        if not rest:
            drop.append(rec.item.id)
        else:
            keep.append(rec)
    return drop, keep


__all__ = ["build_batch", "bind_unnamed_events", "Plan", "same_slot", "same_value", "source_rank", "claims_of_episodes"]
