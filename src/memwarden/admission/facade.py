"""What the facade asks of admission: which admitter an ``add`` uses, and the turn path
(``MemoryConfig(claims=False)``: one searchable memory per admitted turn or LLM-extracted fact),
the counterpart of :func:`memwarden.claims.service.add_claims`.

:func:`turn_batch` is a pure function: given the candidates of one ``add`` call, their vectors and the admitter's decisions, build
the :class:`~memwarden.storage.WriteBatch` the facade commits: a memory row per stored
candidate, a receipt per candidate (and per turn the LLM extracted nothing from), the
``SUPERSEDE`` / source-turn updates of the memories the decisions name. It reads stored rows
through ``load`` only and writes nothing, so it can be tested without a facade. The claim
path's counterpart is :func:`memwarden.claims.resolve.build_batch`.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Callable, Sequence

import numpy as np

from .._util import new_id, text_hash, utcnow
from ..errors import InvalidInputError
from ..models import AddResult, Candidate, HistoryEvent, MemoryItem, Receipt, Turn
from ..retrieval.entry import index_text, keyword_tokens
from ..storage.base import MemoryRecord, WriteBatch, retry_on_hash_conflict
from .base import AdmissionContext, AdmitAll, Admitter, Decision
from .extract import extract_candidates
from .policy import AdmissionPolicy
from .scored import ScoredAdmitter

if TYPE_CHECKING:  # pragma: no cover
    from ..memory import Memory


def resolve_admitter(admission: Any, *, default: Admitter, llm: Any, llm_admission: bool,
                     duplicate_cosine: float) -> Admitter:
    """``"auto"`` (``default``, the configured policy; with an LLM and ``llm_admission``, its
    utility factor from the LLM), ``"all"``, an :class:`AdmissionPolicy` or an :class:`Admitter`."""
    if isinstance(admission, AdmissionPolicy):
        return ScoredAdmitter(admission, duplicate_cosine=duplicate_cosine)
    if not isinstance(admission, str):
        if not callable(getattr(admission, "decide", None)):
            raise InvalidInputError(f"admission must be 'auto', 'all' or an Admitter, not {type(admission).__name__}")
        return admission  # type: ignore[no-any-return]
    if admission == "all":
        return AdmitAll()
    if admission == "auto":
        if llm is not None and llm_admission and isinstance(default, ScoredAdmitter):
            # Utility from one temperature-0 LLM call per candidate, the trained model on any failure.
            return ScoredAdmitter(default.policy, llm=llm, duplicate_cosine=duplicate_cosine)
        return default
    raise InvalidInputError(f"admission must be 'auto', 'all' or an Admitter, not {admission!r}")


def add_turns(m: "Memory", user_id: str, agent_id: str | None, run_id: str | None, turns: list[Turn], *,
              source: str | None, metadata: dict[str, Any], admitter: Admitter, infer: bool | None,
              instructions: str | None, remember_name: str | None = None) -> AddResult:
    """Candidates (the turns, or the facts an LLM extracts when ``infer`` asks for it), embedded
    once, then decided and committed under the scope's lock (again if another process stored one
    of the texts meanwhile); ``remember_name``, the scope user's name, is stored with the write."""
    extracted, fallback = None, None
    if m.llm is not None and (infer if infer is not None else m.config.llm_admission):
        extracted, fallback = extract_candidates(m.llm, turns, metadata=metadata, instructions=instructions)
    if extracted is None:
        candidates, unextracted = m.candidates(turns, source=source, metadata=metadata), []
    else:
        cited = {i for c in extracted for i in c.source_turn_indexes}
        candidates, unextracted = extracted, [t for t in turns if t.index not in cited]
    vectors = m.embedder.embed([index_text(c.text, c.speaker) for c in candidates]) if candidates else np.zeros(
        (0, m.embedder.dim), np.float32)

    def decide_and_write() -> AddResult:
        with m.scopes.lock(user_id):
            now = utcnow()
            decisions = admitter.decide(AdmissionContext(
                user_id=user_id, turns=turns, candidates=candidates, vectors=vectors,
                neighbours=m.scopes.neighbours(user_id),
                stored_hashes=m.store.find_by_hash(user_id, [text_hash(c.text) for c in candidates]), now=now,
                embedder_id=m.embedder.model_id,
                texts=lambda ids: {r.item.id: r.item.memory for r in m.store.get(user_id, ids)},
            ))
            if len(decisions) != len(candidates):
                raise RuntimeError(f"admitter {admitter.name!r} returned {len(decisions)} decisions for {len(candidates)} candidates")
            batch, old_tokens = turn_batch(
                user_id=user_id, agent_id=agent_id, run_id=run_id, candidates=candidates, vectors=vectors,
                decisions=decisions, unextracted=unextracted, now=now, embedding_model=m.embedder.model_id,
                load=lambda ids: m.store.get(user_id, ids), expire_before=m.config.receipt_horizon(now),
                checks_duplicates=getattr(admitter, "checks_duplicates", False), fallback=fallback)
            batch.user_name = remember_name
            m.scopes.commit(batch, old_tokens)
        return AddResult(results=batch.receipts)

    return retry_on_hash_conflict(decide_and_write)


def turn_batch(
    *,
    user_id: str,
    agent_id: str | None,
    run_id: str | None,
    candidates: Sequence[Candidate],
    vectors: np.ndarray,
    decisions: Sequence[Decision],
    unextracted: Sequence[Turn],
    now: datetime,
    embedding_model: str,
    load: Callable[[list[str]], list[MemoryRecord]],
    checks_duplicates: bool = False,
    expire_before: datetime | None = None,
    fallback: str | None = None,
) -> tuple[WriteBatch, dict[str, list[str]]]:
    """The batch for one call's decisions, and the keyword entries of the stored rows it rewrites.

    ``load(ids)``: stored records of the scope (the memories superseded or repeated).
    ``checks_duplicates``: the admitter promised no duplicates, so the batch asks the store to
    hold it to that inside its transaction (``WriteBatch.unique_hashes``).
    ``fallback``: why the LLM's extraction was not used, when these are one candidate per turn."""
    batch = WriteBatch(user_id=user_id, expire_unstored_receipts_before=expire_before)
    ids = [new_id() if d.stores else None for d in decisions]
    if checks_duplicates:
        batch.unique_hashes = [text_hash(c.text) for c, mid in zip(candidates, ids) if mid is not None]
    superseded: dict[str, str] = {}
    for cand, vec, dec, mid in zip(candidates, vectors, decisions, ids):
        if mid is not None:
            item = MemoryItem(
                id=mid, memory=cand.text, user_id=user_id, agent_id=agent_id, run_id=run_id,
                metadata=cand.metadata, source=cand.source, speaker=cand.speaker, role=cand.role,
                memory_type=dec.memory_type, modality=cand.modality, image_ref=cand.image_ref,
                source_turn_ids=cand.source_turn_ids, hash=text_hash(cand.text),
                occurred_at=cand.occurred_at, created_at=now, updated_at=now,
            )
            batch.upserts.append(MemoryRecord(item, vec, keyword_tokens(cand), embedding_model))
            batch.history.append(HistoryEvent(id=new_id(), memory_id=mid, user_id=user_id, event="ADD",
                                              new_memory=cand.text, cause=f"add: {dec.reason}", at=now))
            for old in dec.supersedes:
                superseded[old] = mid
        dup = dec.duplicate_of
        if dup and dup.startswith("batch:"):
            dup = ids[int(dup.split(":", 1)[1])]
        batch.receipts.append(Receipt(
            id=new_id(), user_id=user_id, memory_id=mid or dup, text=cand.text, event=dec.event,
            reason=dec.reason, scores=dec.scores, weights=dec.weights, score=dec.score,
            threshold=dec.threshold, policy=dec.policy, memory_type=dec.memory_type, duplicate_of=dup,
            supersedes=dec.supersedes, source_turn_ids=cand.source_turn_ids, created_at=now, fallback=fallback,
        ))
    for t in unextracted:
        # Turns no extracted fact came from still get a receipt: a rejection, never a disappearance.
        batch.receipts.append(Receipt(
            id=new_id(), user_id=user_id, text=t.content, event="rejected", policy="llm-extraction",
            reason="the LLM extracted no fact worth remembering from this turn",
            source_turn_ids=[t.turn_id] if t.turn_id else [], created_at=now))
    # A duplicate's source turns become evidence of the memory it repeats.
    merged: dict[str, list[str]] = {}
    for r in batch.receipts:
        if r.event == "duplicate" and r.duplicate_of and r.source_turn_ids:
            merged.setdefault(r.duplicate_of, []).extend(r.source_turn_ids)
    for i, rec in enumerate(batch.upserts):
        if rec.item.id in merged:
            turns_ = list(dict.fromkeys(rec.item.source_turn_ids + merged.pop(rec.item.id)))
            batch.upserts[i] = MemoryRecord(rec.item.model_copy(update={"source_turn_ids": turns_}), rec.vector,
                                            rec.tokens, rec.embedding_model)
    old_tokens: dict[str, list[str]] = {}
    for rec in load(list(dict.fromkeys([*superseded, *merged]))):
        update: dict[str, Any] = {"updated_at": now}
        if rec.item.id in merged:
            update["source_turn_ids"] = list(dict.fromkeys(rec.item.source_turn_ids + merged[rec.item.id]))
        if rec.item.id in superseded:
            new_mid = superseded[rec.item.id]
            update.update(status="superseded", superseded_by=new_mid)
            batch.history.append(HistoryEvent(id=new_id(), memory_id=rec.item.id, user_id=user_id, event="SUPERSEDE",
                                              old_memory=rec.item.memory, cause=f"superseded by {new_mid}", at=now))
        rec.item = rec.item.model_copy(update=update)
        batch.upserts.append(rec)
        old_tokens[rec.item.id] = rec.tokens
    return batch, old_tokens
