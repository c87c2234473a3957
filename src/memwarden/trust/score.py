"""Reliability of retrieved memories (MMA): the score of each hit, conflict groups, the trusted order.

For each hit, at the query's time ``as_of``::

    C = clip((w_s S + w_t T + w_c K) / (w_s + w_t + w_c), 0, 1)

- S, source credibility: the prior of the memory's tier in the source hierarchy
  (:mod:`.testimony`), refined by the speaker's track record in the memory's
  domain (:mod:`.record`): a Beta prior updated hierarchically, source prior ->
  speaker (all domains) -> speaker in domain (or on this topic, without labels).
- T, temporal decay: 0.5 ** (age_days / half_life), half-life per memory type.
- K, network consensus over the memory's nearest neighbours j (cosine >=
  ``neighbour_min_cosine``, at most ``neighbours``):
  sum w_j conf_j stance_j / sum w_j with w_j = 0.7 cosine + 0.3 fuzzy ratio,
  conf_j the neighbour's S/T confidence (not its own K: no recursion) and
  stance_j from :func:`~memwarden.trust.stance.detect_stance` (+1/-1/0).

Everything needed per memory is cached per scope and index version, so a
search pays for one matrix product against the scope and a hundred cached
stance comparisons. Conflict groups are formed in :mod:`.conflicts` (from the
stances the consensus computed), abstention is decided in :mod:`.abstain`, the order in
:mod:`.ranking`.
"""

from __future__ import annotations

import threading
from datetime import datetime
from typing import TYPE_CHECKING, Callable, Mapping, Sequence

import numpy as np
from rapidfuzz import fuzz

from .._util import as_utc, utcnow
from ..models import (
    Consensus,
    MemoryItem,
    NeighbourStance,
    Reliability,
    SearchHit,
    SearchResult,
    SourceCredibility,
    TemporalDecay,
)
from .abstain import abstain_decision, topic_query
from .config import TrustConfig
from .conflicts import conflict_groups
from .ranking import rerank
from .record import TrustView, ScopeState, TrackRecord
from .stance import Stance, detect_stance

if TYPE_CHECKING:
    from ..retrieval.index import ScopeIndex
    from ..storage.base import Store

__all__ = ["TrustEngine"]

class TrustEngine:
    """Scores hits and decides abstention; one per :class:`~memwarden.Memory`."""

    def __init__(self, config: TrustConfig | None = None) -> None:
        self.config = config or TrustConfig()
        self._scopes: dict[str, ScopeState] = {}
        self._lock = threading.RLock()

    # -- caches ----------------------------------------------------------------

    def forget(self, user_id: str | None = None, ids: Sequence[str] = ()) -> None:
        """Drop cached state after an update, delete or reset (None: every scope)."""
        with self._lock:
            if user_id is None:
                self._scopes.clear()
            elif not ids:
                self._scopes.pop(user_id, None)
            elif user_id in self._scopes:
                st = self._scopes[user_id]
                changed = set(ids)
                for i in changed:
                    st.views.pop(i, None)
                # An updated text is judged again at the next search; its old judgements go now.
                st.drop(changed)
                st.version = -1
                st.index_ref = None  # and a full pass, not a catch-up

    def _state(self, store: "Store", user_id: str, index: "ScopeIndex") -> ScopeState:
        """The scope's state, brought up to the index's version."""
        with self._lock:
            st = self._scopes.get(user_id)
            if st is None:
                st = self._scopes[user_id] = ScopeState()
            st.sync(store, user_id, index, self.config)
            return st

    # -- the three parts ---------------------------------------------------------

    def source_credibility(self, view: TrustView, record: TrackRecord | None,
                           vector: np.ndarray | None = None) -> SourceCredibility:
        cfg = self.config
        notes = []
        source = view.source
        if view.evidence and source not in ("image", "document") :
            source = "image"  # a photo shared in the dialogue is judged as the photo
        prior = cfg.source_priors.get(source)
        if prior is None:
            notes.append(f"unknown source kind {view.source!r}: using the 'unknown' prior")
            prior = cfg.source_priors["unknown"]
        if cfg.testimony and view.testimony is not None:
            prior = cfg.testimony_priors[view.testimony.tier]
            notes.append(f"{view.testimony.tier.replace('_', '-')}: {view.testimony.reason}")
        value = prior
        hits = misses = 0
        if view.speaker and record is not None and not view.evidence:
            a = cfg.prior_strength
            p0 = min(0.95, max(0.05, prior))  # a Beta mean of exactly 1 could never learn
            sh, sm = record.by_speaker.get(view.speaker, (0, 0))
            hits, misses = record.by_domain.get((view.speaker, view.domain), (0, 0))
            if view.domain is None and vector is not None and cfg.topical_record:
                # No domain label: the record on claims of a similar topic stands in for "this domain".
                hits, misses = record.topical(view.speaker, vector, cfg.neighbour_min_cosine)
            if sh + sm:
                p_speaker = (sh + a * p0) / (sh + sm + a)
                value = (hits + a * p_speaker) / (hits + misses + a)
                notes.append(f"track record {view.speaker}: {sh} supported / {sm} contradicted overall, "
                             f"{hits:.3g}/{misses:.3g} in {view.domain or 'claims on this topic'}")
            else:
                notes.append("speaker has no track record: source prior")
        if view.image_missing:
            value *= cfg.missing_image_factor
            notes.append("image file missing: cannot be re-checked")
        return SourceCredibility(source=view.source, prior=prior, speaker=view.speaker, domain=view.domain,
                                 hits=round(hits), misses=round(misses), value=round(value, 4), note="; ".join(notes))

    def temporal(self, view: TrustView, as_of: datetime) -> TemporalDecay:
        cfg = self.config
        hl = cfg.half_lives.get(view.memory_type or "", cfg.half_life_days)
        age = (as_of - view.when).total_seconds() / 86400.0
        note = "" if view.timed else "no occurred_at: aged from when it was stored"
        if age < -1.0 / 24:  # an hour of clock skew is not the future
            return TemporalDecay(age_days=round(age, 3), half_life_days=hl, value=cfg.future_decay,
                                 note="timestamp after as_of: freshness unknown")
        age = max(age, 0.0)
        return TemporalDecay(age_days=round(age, 3), half_life_days=hl, value=round(0.5 ** (age / hl), 4), note=note)

    def _base(self, s: float, t: float) -> float:
        c = self.config
        return (c.w_source * s + c.w_temporal * t) / max(c.w_source + c.w_temporal, 1e-9)

    # -- scoring -------------------------------------------------------------------

    def score(
        self, store: "Store", user_id: str, index: "ScopeIndex", ids: Sequence[str], as_of: datetime | None = None,
        pool: Sequence[int] | None = None,
        query_cosine: dict[str, float] | None = None,
        items: Mapping[str, MemoryItem] | None = None,
    ) -> dict[str, Reliability]:
        """Reliability of each memory id (ids not in the index are skipped).

        ``pool``: index rows to look for neighbours in (the search's candidate rows); None:
        the whole scope. Neighbours of a relevant memory are nearly always relevant to the
        query too, and searching the pool instead of the scope keeps the cost flat in its size.
        ``items``: stored items the caller holds (a search's hydrated hits), not read again.
        """
        return self._score(store, user_id, index, ids, as_of, pool, query_cosine, items)[0]

    def _score(
        self, store: "Store", user_id: str, index: "ScopeIndex", ids: Sequence[str], as_of: datetime | None,
        pool: Sequence[int] | None, query_cosine: dict[str, float] | None, items: Mapping[str, MemoryItem] | None,
    ) -> tuple[dict[str, Reliability], dict[tuple[str, str], tuple[Stance, float]] | None]:
        """:meth:`score`, and the stance and cosine of every (memory, neighbour) pair it compared
        (None: no consensus, nothing compared): the conflict grouping reads those instead of
        comparing the hits a second time."""
        cfg = self.config
        compared: dict[tuple[str, str], tuple[Stance, float]] | None = (
            {} if cfg.neighbours > 0 and cfg.w_consensus > 0 else None)
        as_of = as_utc(as_of) if as_of is not None else utcnow()
        state = self._state(store, user_id, index)
        record = state.record if cfg.track_record else None
        ids = [i for i in ids if i in index.row_of]
        rows = [index.row_of[i] for i in ids]
        if not ids:
            return {}, compared
        k = cfg.neighbours
        neigh: list[list[tuple[int, float]]] = [[] for _ in ids]
        if k > 0 and cfg.w_consensus > 0:
            active = index.active[: index.n]
            if pool is None:
                cand = np.flatnonzero(active)
            else:
                cand = np.unique(np.asarray(list(pool) + rows, dtype=np.int64))
                cand = cand[active[cand]]
            if len(cand):
                sims = index.vectors[cand] @ index.vectors[rows].T  # |cand| x h
                self_hit = cand[:, None] == np.asarray(rows)[None, :]
                sims[self_hit] = -np.inf
                kk = min(k, len(cand))
                top = np.argpartition(-sims, kk - 1, axis=0)[:kk] if kk < len(cand) else np.arange(len(cand))[:, None].repeat(len(rows), 1)
                for h in range(len(ids)):
                    for j in top[:, h].tolist():
                        sv = float(sims[j, h])
                        if sv >= cfg.neighbour_min_cosine:
                            neigh[h].append((int(cand[j]), sv))
                    neigh[h].sort(key=lambda x: -x[1])
        all_ids = set(ids) | {index.ids[r] for n in neigh for r, _ in n}
        views = state.views_of(store, user_id, list(all_ids), cfg.domain_keys, items)
        base: dict[str, tuple[SourceCredibility, TemporalDecay]] = {}

        def parts(mid: str) -> tuple[SourceCredibility, TemporalDecay]:
            p = base.get(mid)
            if p is None:
                v = views[mid]
                s_ = state.credibility.get(mid)
                if s_ is None:
                    row = index.row_of.get(mid)
                    s_ = state.credibility[mid] = self.source_credibility(
                        v, record, index.vectors[row] if row is not None else None)
                p = base[mid] = (s_, self.temporal(v, as_of))
            return p

        out: dict[str, Reliability] = {}
        wsum = cfg.w_source + cfg.w_temporal + cfg.w_consensus
        for h, mid in enumerate(ids):
            view = views.get(mid)
            if view is None:
                continue
            s, t = parts(mid)
            ns: list[NeighbourStance] = []
            num = den = 0.0
            for r, cos in neigh[h]:
                nid = index.ids[r]
                nv = views.get(nid)
                if nv is None:
                    continue
                fz = fuzz.ratio(view.text, nv.text) / 100.0
                w = (cfg.w_cosine * cos + cfg.w_fuzzy * fz) / (cfg.w_cosine + cfg.w_fuzzy)
                s_j, t_j = parts(nid)
                conf_j = self._base(s_j.value, t_j.value)
                st = detect_stance(view.text, nv.text, cosine=cos)
                compared[(mid, nid)] = st, cos  # type: ignore[index]  # neighbours only with consensus on
                num += w * conf_j * st.value
                den += w
                ns.append(NeighbourStance(id=nid, memory=nv.text, cosine=round(cos, 4), fuzzy=round(fz, 4),
                                          weight=round(w, 4), confidence=round(conf_j, 4), stance=st.label,
                                          stance_score=st.score, reason=st.reason))
            kval = max(-1.0, min(1.0, num / den)) if den > 0 else 0.0
            conf = (cfg.w_source * s.value + cfg.w_temporal * t.value + cfg.w_consensus * kval) / wsum
            warnings = [n for n in (s.note if "unknown source" in s.note or "missing" in s.note else "",
                                    t.note if "after as_of" in t.note or "no occurred_at" in t.note else "") if n]
            out[mid] = Reliability(
                confidence=round(min(1.0, max(0.0, conf)), 4), source=s, temporal=t,
                consensus=Consensus(value=round(kval, 4), neighbours=ns), weights=cfg.weights,
                as_of=as_of, evidence=view.evidence, warnings=warnings,
                query_cosine=round(query_cosine[mid], 4) if query_cosine and mid in query_cosine else None,
            )
        return out, compared

    # -- search-time assessment ------------------------------------------------------

    def assess(
        self,
        store: "Store",
        user_id: str,
        index: "ScopeIndex",
        query_vec: np.ndarray,
        result: SearchResult,
        as_of: datetime | None = None,
        query: str = "",
        pool: Sequence[int] | None = None,
        embed: Callable[[list[str]], np.ndarray] | None = None,
        items: Mapping[str, MemoryItem] | None = None,
    ) -> SearchResult:
        """Attach reliability to each hit, group conflicts, rerank if asked, decide abstention.

        ``embed`` (the scope's embedder) is called at most once, for the name-free query of the
        topical-support test, and only when no hit shares a content word with it. ``items``: the
        hits' stored items as the search read them (their trust views are not read again).
        """
        cfg = self.config
        hits = result.results
        if not hits:
            return SearchResult(results=[], abstained=True, abstain_reason="no_evidence",
                                abstain_detail="nothing in this scope matches the query")
        rows = [index.row_of.get(h.id) for h in hits]
        qcos = {h.id: float(index.vectors[r] @ query_vec) for h, r in zip(hits, rows) if r is not None}
        rel, compared = self._score(store, user_id, index, [h.id for h in hits], as_of, pool, qcos, items)
        if embed is not None and cfg.min_topic_cosine > 0:
            stripped = topic_query(query, hits)
            if stripped is not None:
                tvec = np.asarray(embed([stripped])[0], dtype=index.vectors.dtype)
                for h, r in zip(hits, rows):
                    if r is not None and h.id in rel:
                        rel[h.id] = rel[h.id].model_copy(
                            update={"topic_cosine": round(float(index.vectors[r] @ tvec), 4)})
        scored = [h.model_copy(update={"reliability": rel.get(h.id)}) for h in hits]
        conflicts, edges = conflict_groups(scored, compared, index, cfg)
        if cfg.rank_weight > 0 or cfg.rank_conflicts:
            # All pairwise cosines of the hits in one product (the answer step reads a few of them).
            present = [(h.id, r) for h, r in zip(hits, rows) if r is not None]
            at = {mid: k for k, (mid, _) in enumerate(present)}
            vecs = index.vectors[[r for _, r in present]] if present else None
            sims = vecs @ vecs.T if vecs is not None else None

            def similar(a: SearchHit, b: SearchHit) -> float:
                ka, kb = at.get(a.id), at.get(b.id)
                return -1.0 if ka is None or kb is None or sims is None else float(sims[ka, kb])

            hand: list[SearchHit] = []
            scored = rerank(scored, conflicts, cfg, query, edges, similar, hand_out=hand)
        else:
            hand = scored
        out = SearchResult(results=scored, conflicts=conflicts)
        # Abstention reads the hand order it was tuned on (its top-3 answer-type test), not the fitted stage's.
        decision = abstain_decision(query, hand, conflicts, cfg)
        if decision is None:
            return out
        reason, detail = decision
        return out.model_copy(update={"abstained": True, "abstain_reason": reason, "abstain_detail": detail})
