"""The facade's per-scope state, the one way a stage writes through it, and the one way a search reads it.

A :class:`~memwarden.Memory` keeps, per ``user_id``, a write lock, a cached
:class:`~memwarden.retrieval.index.ScopeIndex` and the trust engine's caches. Every write,
whether the facade's own or a stage's (claims ingest, governance cards), goes
``with scopes.lock(user_id): ... scopes.commit(batch, old_tokens)``: one transaction in the
store, then the same rows applied to the cached index, so no stage reaches into the facade's
private attributes and the index-coherence invariant (ARCHITECTURE.md) lives in one place. A search
ranks on the same cached index (``scopes.rank``) and ranks again when another process moved the
scope's version meanwhile.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ContextManager, Mapping, Sequence

import numpy as np

from . import compat
from ._locks import ScopeLocks
from .admission.base import NeighbourFn
from .models import MemoryItem, SearchHit
from .retrieval.cache import IndexCache
from .retrieval.hits import hydrate_at
from .retrieval.index import ScopeIndex, single_threaded_blas
from .retrieval.search import Fused, FusionConfig, hybrid_search
from .storage import Store, WriteBatch
from .trust.config import TrustConfig
from .trust.reliability import TrustEngine

class Scopes:
    """Locks, cached indexes and trust caches of every scope one facade serves."""

    def __init__(self, store: Store, dim: int, trust: TrustConfig) -> None:
        self.store = store
        self.indexes = IndexCache(store, dim)
        #: Writes to one scope are serialised; different scopes' writes run side by side.
        self.locks = ScopeLocks()
        self.trust = TrustEngine(trust)

    def lock(self, user_id: str) -> ContextManager[None]:
        """Hold ``user_id``'s write lock (re-entrant): read what the scope holds, decide, commit."""
        return self.locks.scope(user_id)

    def index(self, user_id: str, *, verify: bool = True) -> ScopeIndex:
        """The scope's index, rebuilt from the store when another process wrote meanwhile
        (``verify=False``: the cached one as is; the caller compares versions itself)."""
        return self.indexes.get(user_id, verify=verify)

    def user_name(self, user_id: str) -> str | None:
        """The name the scope's user goes by, from the cached index (no store read; built when
        missing). It may be one write behind another process's: ``rank`` returns the index it ranked
        on, verified against the store's version, and its ``user_name`` is then current."""
        return self.index(user_id, verify=False).user_name

    def commit(self, batch: WriteBatch, old_tokens: Mapping[str, list[str]] | None = None, *,
               forget: Sequence[str] = ()) -> int:
        """Write ``batch`` (one transaction) and apply it to the cached index; returns the new
        version. ``old_tokens``: the keyword entries the upserts and deletes replace (the index
        subtracts them from its BM25 statistics). ``forget``: ids whose trust caches go stale."""
        version = self.store.write(batch)
        self.indexes.after_write(batch.user_id, batch.upserts, batch.deletes, dict(old_tokens or {}), version, batch.user_name)
        if forget:
            self.trust.forget(batch.user_id, forget)
        return version

    def drop(self, user_id: str | None = None, *, trust: bool = True) -> None:
        """Forget the cached index (and the trust caches) of one scope, or of all (None)."""
        self.indexes.drop(user_id)
        if trust:
            self.trust.forget(user_id)

    def rank(self, user_id: str, qvec: np.ndarray, query: str, *, fusion: FusionConfig, limit: int,
             agent_id: str | None, run_id: str | None, include_superseded: bool, kind: str | None,
             as_of: datetime | None, allowed: set[str] | None, threshold: float | None,
             ) -> tuple[ScopeIndex, list[Fused], list[SearchHit], dict[str, MemoryItem]]:
        """``Memory.search``'s ranking: the rows a query may return (``allowed``: ids the metadata
        filters kept; ``threshold``: the dense arm's cosine floor), fused on the cached index, read
        from the store; returns the index ranked on, the fused rows, the hits and their items."""
        # A store that reads the scope's version with the hits (PostgreSQL) is not asked for it
        # first: the cached index ranks, and a version moved by another process ranks again.
        verify = not hasattr(self.store, "get_with_version")
        while True:
            index = self.index(user_id, verify=verify)
            # another thread's write may be appending to this index
            with index.lock, single_threaded_blas():
                mask = index.mask(agent_id=agent_id, run_id=run_id, include_superseded=include_superseded, kind=kind, as_of=as_of)
                if allowed is not None:
                    mask &= np.fromiter((i in allowed for i in index.ids[: index.n]), dtype=bool, count=index.n)
                if threshold is not None:
                    mask = compat.above_threshold(index, qvec, mask, threshold)
                fused = hybrid_search(index, qvec, query, mask, limit, fusion)
                row_ids = [index.ids[f.row] for f in fused]
                seen = index.version
            got = hydrate_at(self.store, user_id, fused, row_ids, limit, None if verify else seen)
            if got is not None:
                return index, fused, *got
            verify = True

    def neighbours(self, user_id: str, *, kind: str | None = None) -> NeighbourFn:
        """Nearest active memories of the scope (of ``kind`` when given), for admission."""
        index = self.index(user_id)
        mask = index.mask(agent_id=None, run_id=None, include_superseded=False, kind=kind)

        def nearest(vec: np.ndarray, k: int) -> list[tuple[str, float]]:
            ranked = index.dense(vec, mask, k)
            return [(index.ids[r], float(s)) for r, s in zip(ranked.rows.tolist(), ranked.scores.tolist())]

        return nearest

    def reliability(self, user_id: str, memory_id: str, as_of: datetime | None = None) -> Any:
        """The trust stage's reliability parts for one memory, as search would attach them."""
        index = self.index(user_id)
        with index.lock:
            return self.trust.score(self.store, user_id, index, [memory_id], as_of).get(memory_id)
