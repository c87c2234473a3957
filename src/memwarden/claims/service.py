"""The facade's claim paths (issue 10), kept out of ``memory.py``: add, episode refs, delete, reindex.

Each function takes the :class:`~memwarden.memory.Memory` it serves (as the governance
service does), so the facade keeps one short call per method.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING, Any, Callable, Sequence

import numpy as np

from .._util import new_id, text_hash, utcnow
from ..admission.base import AdmissionContext, Admitter
from ..models import AddResult, Claim, EpisodeRef, MemoryItem, SearchHit, Turn
from ..storage.base import ListQuery, MemoryRecord, WriteBatch
from . import gate
from ..user_name import read_turns
from .base import UNNAMED_USER, ClaimExtractor, Extraction
from .ingest import claim_candidates, episode_vectors
from .resolve import bind_unnamed_events, build_batch, claims_of_episodes

if TYPE_CHECKING:  # pragma: no cover
    from ..memory import Memory

__all__ = ["pick_extractor", "add_claims", "with_episodes", "delete_with_claims", "reindex_scope", "rederive_claim"]


class VerbatimExtractor:
    """mem0's ``infer=False`` ("store the messages as given"): each turn is one claim, its text
    exactly as said; no extraction, no slot (nothing supersedes it), vouched for by its role."""

    name = "verbatim"

    def extract(self, turns: Sequence[Turn], *, user_name: str | None = None, now: datetime | None = None) -> Extraction:
        from ..models import Claim
        from .base import ExtractedClaim

        vouch = {"user": "user", "assistant": "assistant", "system": "system", "tool": "tool"}
        out = [ExtractedClaim(text=t.content.strip(), turn_indexes=[t.index], claim=Claim(
                   subject=t.name or ("user" if t.role == "user" else t.role), vouched_by=vouch.get(t.role, "unknown"),
                   voucher=t.name if t.role not in vouch else None, extractor=self.name))
               for t in turns if t.content.strip()]
        return Extraction(claims=out, extractor=self.name)


def pick_extractor(m: "Memory", infer: bool | None, instructions: str | None = None) -> ClaimExtractor:
    """``infer=False``: the messages as given (:class:`VerbatimExtractor`); else the caller's
    extractor, else the LLM one when an LLM is set and ``infer`` (default
    ``config.llm_admission``) asks for it, else the offline rules."""
    if infer is False:
        return VerbatimExtractor()
    if m.extractor is not None:
        return m.extractor
    if m.llm is not None and (infer if infer is not None else m.config.llm_admission):
        from .llm import LLMExtractor

        return LLMExtractor(m.llm, instructions=instructions)
    from .rules import RuleExtractor

    global _RULES
    if _RULES is None:
        _RULES = RuleExtractor()
    return _RULES


_RULES: ClaimExtractor | None = None


def _user_name(turns: Sequence[Turn]) -> str | None:
    """The user's name when one name speaks for the user in these turns; None when several do
    (LoCoMo's two friends both speak as "user": naming one of them the user would make the
    other a third party, vouching for their own life second-hand)."""
    names = {t.name for t in turns if t.role == "user" and t.name}
    if any(t.role == "user" and not t.name for t in turns):
        return None  # the user speaks unnamed: a named speaker is someone else ("Tom" must not become the user)
    return names.pop() if len(names) == 1 else None


def _claim_neighbours(m: "Memory", user_id: str) -> Callable[[np.ndarray, int], list[tuple[str, float]]]:
    return m.scopes.neighbours(user_id, kind="claim")


def add_claims(
    m: "Memory",
    user_id: str,
    agent_id: str | None,
    run_id: str | None,
    turns: list[Turn],
    *,
    source: str | None,
    metadata: dict[str, Any],
    admitter: Admitter,
    infer: bool | None,
    when: datetime | None,
    instructions: str | None = None,
    known_user: bool = False,
    remember_name: str | None = None,
) -> AddResult:
    """Episodes for every turn, claims extracted and admitted, slots settled: one write (which also
    stores ``remember_name`` as the scope user's name). ``known_user``: the scope's user has a known
    name and ``turns`` already read the user's named turns as theirs (:func:`memwarden.user_name.read_turns`)."""
    from ..retrieval.entry import keyword_tokens

    episodes = m.candidates(turns, source=source, metadata=metadata)
    episode_ids = [new_id() for _ in episodes]
    # With the user's name known, every named user-role turn left is someone else: the per-call
    # guess (one name on every user turn is the user) is not made. ``UNNAMED_USER`` tells the
    # extractor so while keeping the user's own wording ("the user"), as for unnamed turns.
    extraction = pick_extractor(m, infer, instructions).extract(
        turns, user_name=UNNAMED_USER if known_user else _user_name(turns), now=when)
    receipts = _ingest(m, user_id, agent_id, run_id, turns, episodes, episode_ids, extraction, admitter,
                       episode_tokens=[keyword_tokens(c) for c in episodes], user_name=remember_name)
    return AddResult(results=receipts)


def _retractions(m: "Memory", user_id: str, turns: list[Turn], claims: list[Any], vecs: Any) -> dict[int, list[str]]:
    """What each claim of a retracting turn supersedes (:mod:`memwarden.claims.retraction`); the scope's
    current user claims are read only when the call has such a turn, their vectors from the scope's index
    (the ones stored with them: nothing is embedded again)."""
    from ..storage.base import ListQuery
    from .retraction import retracting_turns, retractions

    if not claims or not retracting_turns(turns):
        return {}
    stored = [it for it in m.store.list(user_id, ListQuery(kind="claim", include_superseded=False, limit=200))
              if it.role in ("user", "assistant")][:80]
    svecs = None
    if stored:
        index = m.scopes.index(user_id)
        svecs = np.zeros((len(stored), m.embedder.dim), np.float32)
        for n, it in enumerate(stored):
            if (row := index.row_of.get(it.id)) is not None:
                svecs[n] = index.vectors[row]
    return retractions(turns, claims, vecs, stored, svecs)


def _ingest(
    m: "Memory",
    user_id: str,
    agent_id: str | None,
    run_id: str | None,
    turns: list[Turn],
    episodes: list[Any],
    episode_ids: list[str],
    extraction: Extraction,
    admitter: Admitter,
    *,
    episode_tokens: list[list[str]] | None,
    user_name: str | None = None,
) -> list[Any]:
    """Embed, admit and settle the claims of one call; write them with the episodes (new ones
    when ``episode_tokens`` is given; stored ones, for reindexing, when it is None)."""
    from ..retrieval.entry import index_text, keyword_tokens

    claims = claim_candidates(turns, extraction, episodes, episode_ids, metadata=dict(episodes[0].metadata) if episodes else {},
                              context_before=m.config.context_before, context_after=m.config.context_after)
    claims = bind_unnamed_events(m.store, user_id, claims)  # "it's been pushed back to the 23rd": which event
    texts = [index_text(c.candidate.text, c.candidate.speaker) for c in claims]
    claim_vecs = m.embedder.embed(texts) if texts else np.zeros((0, m.embedder.dim), np.float32)
    retracts = _retractions(m, user_id, turns, claims, claim_vecs)  # "nope I had it wrong, paper says June 17"
    ep_vecs = episode_vectors(len(episodes), claims, claim_vecs, m.embedder.dim)
    from ..storage.base import retry_on_hash_conflict

    def decide_and_write() -> list[Any]:
        with m.scopes.lock(user_id):
            now = utcnow()
            index = m.scopes.index(user_id)
            found = m.store.find_by_hash(user_id, [text_hash(c.candidate.text) for c in claims]) if claims else {}
            hashes = {h: i for h, i in found.items() if i in index.row_of and index.is_claim[index.row_of[i]]}
            ctx = AdmissionContext(
                user_id=user_id, turns=turns, candidates=[c.candidate for c in claims], vectors=claim_vecs,
                neighbours=_claim_neighbours(m, user_id), stored_hashes=hashes, now=now, embedder_id=m.embedder.model_id,
                texts=lambda ids: {r.item.id: r.item.memory for r in m.store.get(user_id, ids)}, supersession=False,
                chat_p=gate.p_chat,
            )
            decisions = admitter.decide(ctx) if claims else []
            if len(decisions) != len(claims):
                raise RuntimeError(f"admitter {admitter.name!r} returned {len(decisions)} decisions for {len(claims)} claims")
            plan = build_batch(
                user_id=user_id, agent_id=agent_id, run_id=run_id, now=now, turns=turns, episodes=episodes,
                episode_ids=episode_ids, episode_vectors=ep_vecs, episode_tokens=episode_tokens,
                claims=claims, claim_vectors=claim_vecs, claim_tokens=[keyword_tokens(c.candidate) for c in claims],
                decisions=decisions, extractor=extraction.extractor, fallback=extraction.fallback, store=m.store,
                embedding_model=m.embedder.model_id, expire_before=m.config.receipt_horizon(now),
                dropped=extraction.dropped, retracts=retracts,
            )
            if getattr(admitter, "checks_duplicates", False):
                # The admitter promised no duplicate claims: the store re-checks the new claims'
                # hashes inside the write's transaction (another process may have stored one).
                plan.batch.unique_hashes = [r.item.hash for r in plan.batch.upserts
                                            if r.item.kind == "claim" and r.item.id not in plan.old_tokens]
            plan.batch.user_name = user_name
            m.scopes.commit(plan.batch, plan.old_tokens)
        return plan.batch.receipts

    return retry_on_hash_conflict(decide_and_write)


def _ref(item: MemoryItem) -> EpisodeRef:
    return EpisodeRef(id=item.id, text=item.memory, speaker=item.speaker, role=item.role, occurred_at=item.occurred_at,
                      source_turn_ids=item.source_turn_ids)


def with_episodes(m: "Memory", user_id: str, hits: list[SearchHit], items: dict[str, MemoryItem]) -> list[SearchHit]:
    """Each hit with its source episodes as said (a claim's sources; an episode is its own)."""
    want = [e for h in hits if (c := items[h.id].claim) is not None for e in c.source_episode_ids]
    eps = {r.item.id: r.item for r in m.store.get(user_id, list(dict.fromkeys(want)))} if want else {}
    out = []
    for h in hits:
        item = items[h.id]
        if item.kind == "episode":
            refs = [_ref(item)]
        elif item.claim is not None:
            refs = [_ref(eps[e]) for e in item.claim.source_episode_ids if e in eps]
        else:
            refs = []
        out.append(h.model_copy(update={"kind": item.kind, "claim": item.claim, "valid_from": item.valid_from,
                                        "valid_to": item.valid_to, "episodes": refs}))
    return out


def delete_with_claims(m: "Memory", user_id: str, rec: MemoryRecord, now: datetime) -> tuple[WriteBatch, dict[str, list[str]]]:
    """The batch deleting one memory. Deleting an episode also deletes the claims derived only
    from it (nothing it said outlives it); claims with other sources only lose it as a source.
    Deleting a claim also deletes each source episode no other stored claim cites: what the user
    asked to forget must not come back as a searchable turn (``kind="episode"``) or as keyword
    context. An episode another claim still cites stays, as that claim's evidence. History keeps
    the deleted text, as for every delete (mem0's contract)."""
    from ..models import HistoryEvent

    mid = rec.item.id
    batch = WriteBatch(user_id=user_id, deletes=[mid], history=[HistoryEvent(
        id=new_id(), memory_id=mid, user_id=user_id, event="DELETE", old_memory=rec.item.memory, cause="delete", at=now)])
    old_tokens = {mid: rec.tokens}
    if rec.item.kind != "episode":
        if rec.item.claim is not None:
            _drop_orphan_episodes(m, user_id, rec, batch, old_tokens, now)
        return batch, old_tokens
    recs = {r.item.id: r for r in m.store.get(user_id, _claims_citing(m, user_id, mid))}
    drop, keep = claims_of_episodes(list(recs.values()), {mid})
    for rid in drop:
        batch.deletes.append(rid)
        batch.history.append(HistoryEvent(id=new_id(), memory_id=rid, user_id=user_id, event="DELETE",
                                          old_memory=recs[rid].item.memory,
                                          cause=f"its only source episode {mid} was deleted", at=now))
        old_tokens[rid] = recs[rid].tokens
    for kr in keep:
        c = kr.item.claim
        assert c is not None
        item = kr.item.model_copy(update={
            "updated_at": now, "source_turn_ids": [t for t in kr.item.source_turn_ids if t not in rec.item.source_turn_ids],
            "claim": c.model_copy(update={"source_episode_ids": [e for e in c.source_episode_ids if e != mid]})})
        batch.upserts.append(MemoryRecord(item, kr.vector, kr.tokens, kr.embedding_model))
        old_tokens[item.id] = kr.tokens
    return batch, old_tokens


def _claims_citing(m: "Memory", user_id: str, episode_id: str) -> list[str]:
    """Ids of the claims that may cite an episode. The episode's receipt names every claim taken
    from it or merged with it: read those only. Without such a receipt (an old row), every claim
    of the scope is a candidate; callers check ``source_episode_ids``."""
    named = [r for r in m.store.receipts(user_id, memory_id=episode_id, limit=20) if r.kind == "episode"]
    if named:
        return list(dict.fromkeys(c for r in named for c in r.claim_ids))
    index = m.scopes.index(user_id)
    return [index.ids[r] for r in np.flatnonzero(index.alive[: index.n] & index.is_claim[: index.n]).tolist()]


def _drop_orphan_episodes(m: "Memory", user_id: str, rec: MemoryRecord, batch: WriteBatch,
                          old_tokens: dict[str, list[str]], now: datetime) -> None:
    from ..models import HistoryEvent

    claim = rec.item.claim
    assert claim is not None
    for eid in claim.source_episode_ids:
        others = [c for c in _claims_citing(m, user_id, eid) if c != rec.item.id]
        if any(claims_of_episodes(m.store.get(user_id, others), {eid})):  # another stored claim cites it
            continue
        for ep in m.store.get(user_id, [eid]):
            if ep.item.kind != "episode" or ep.item.id in batch.deletes:
                continue
            batch.deletes.append(ep.item.id)
            batch.history.append(HistoryEvent(
                id=new_id(), memory_id=ep.item.id, user_id=user_id, event="DELETE", old_memory=ep.item.memory,
                cause=f"the last claim taken from it ({rec.item.id}) was deleted", at=now))
            old_tokens[ep.item.id] = ep.tokens


def reindex_scope(
    m: "Memory", user_id: str, *, admitter: Admitter | None = None, progress: Callable[[int, int], None] | None = None,
) -> int:
    """Extract claims from the scope's episodes that were never extracted (rows written before
    the claims migration, which made them episodes); returns the episodes processed. Rows
    written with ``claims=False`` are searchable turn memories, not episodes, and are left as
    they are.

    Episodes are grouped back into the ``add`` calls that wrote them (same ``created_at``,
    agent and run: one call's rows share its write time), so extraction sees a session's
    turns together. Each group is one committed write, and an episode counts as extracted
    once a receipt of kind ``episode`` names it, so an interrupted run resumes where it
    stopped. Claims are admitted with ``admitter`` (default: store all: their turns were
    admitted when they were written). ``progress(done, total)`` is called after each group.
    """
    from ..admission.base import AdmitAll
    from ..models import Candidate

    admitter = admitter or AdmitAll()
    todo = [e for e in m.store.list(user_id, ListQuery(kind="episode", limit=None)) if not _extracted(m, user_id, e.id)]
    todo.sort(key=lambda e: (e.created_at, e.occurred_at or e.created_at))
    groups: dict[tuple[Any, ...], list[MemoryItem]] = {}
    for e in todo:
        groups.setdefault((e.created_at, e.agent_id, e.run_id), []).append(e)
    extractor = pick_extractor(m, None)
    done = 0
    for (_, agent_id, run_id), eps in groups.items():
        turns = [Turn(role=e.role or "user", content=e.memory, name=e.speaker, index=n,
                      turn_id=e.source_turn_ids[0] if e.source_turn_ids else None, timestamp=e.occurred_at)
                 for n, e in enumerate(eps)]
        cands = [Candidate(text=e.memory, role=e.role or "user", speaker=e.speaker, source=e.source, modality=e.modality,
                           image_ref=e.image_ref, source_turn_ids=e.source_turn_ids, turn_index=n, occurred_at=e.occurred_at,
                           metadata=e.metadata) for n, e in enumerate(eps)]
        turns, _, known = read_turns(m.store, user_id, turns, None)  # the stored episodes keep their speaker
        extraction = extractor.extract(turns, user_name=UNNAMED_USER if known else _user_name(turns), now=None)
        _ingest(m, user_id, agent_id, run_id, turns, cands, [e.id for e in eps], extraction, admitter, episode_tokens=None)
        done += len(eps)
        if progress is not None:
            progress(done, len(todo))
    return done


def _extracted(m: "Memory", user_id: str, episode_id: str) -> bool:
    return any(r.kind == "episode" for r in m.store.receipts(user_id, memory_id=episode_id, limit=5))


def rederive_claim(claim: Claim | None, text: str, anchor: datetime | None) -> Claim | None:
    """A claim's structure for its edited text (``Memory.update``): attribute, value, slot, polarity
    and times are read again from ``text``; who vouches, the subject and the sources stay. Without
    this, "The user lives in Bristol" edited from "... Leeds" kept value Leeds and kept superseding
    (or being superseded) as Leeds."""
    if claim is None:
        return None
    from . import lexicon as L
    from .slots import detect_slot, normalise_slot
    from .timex import anchor_of, clause_tense, find_times

    # the cue lexicon reads first-person clauses: "The user likes long walks" is read as "I likes long walks"
    probe = re.sub(r"(?i)^(?:the user|user)'s\b", "my", text.strip())
    probe = re.sub(r"(?i)^(?:the user|user)\b", "I", probe)
    hits = find_times(probe, anchor, clause_tense(probe))
    guess = detect_slot(probe, hits)
    start, end = anchor_of(hits)
    attr = guess.attribute
    return claim.model_copy(update={
        "attribute": attr, "value": guess.value, "previous_value": guess.previous_value,
        "slot": normalise_slot(f"{claim.subject}|{attr}") if attr else None,
        "negated": guess.negated if guess.negated is not None else bool(L.NEGATION.search(L.WISH_SCOPE.sub("", text))),
        "event_start": start, "event_end": end, "time_text": [h.text for h in hits if not h.corrected]})
