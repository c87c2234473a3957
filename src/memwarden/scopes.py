"""The facade's per-scope state, and the one way a stage writes through it.

A :class:`~memwarden.Memory` keeps, per ``user_id``, a write lock, a cached
:class:`~memwarden.retrieval.index.ScopeIndex` and the trust engine's caches. Every write,
whether the facade's own or a stage's (claims ingest, governance cards), goes
``with scopes.lock(user_id): ... scopes.commit(batch, old_tokens)``: one transaction in the
store, then the same rows applied to the cached index, so no stage reaches into the facade's
private attributes and the index-coherence invariant (ARCHITECTURE.md) lives in one place.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ContextManager, Mapping, Sequence

import numpy as np

from ._locks import ScopeLocks
from .admission.base import NeighbourFn
from .retrieval.index import IndexCache, ScopeIndex
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

    def commit(self, batch: WriteBatch, old_tokens: Mapping[str, list[str]] | None = None, *,
               forget: Sequence[str] = ()) -> int:
        """Write ``batch`` (one transaction) and apply it to the cached index; returns the new
        version. ``old_tokens``: the keyword entries the upserts and deletes replace (the index
        subtracts them from its BM25 statistics). ``forget``: ids whose trust caches go stale."""
        version = self.store.write(batch)
        self.indexes.after_write(batch.user_id, batch.upserts, batch.deletes, dict(old_tokens or {}), version)
        if forget:
            self.trust.forget(batch.user_id, forget)
        return version

    def drop(self, user_id: str | None = None, *, trust: bool = True) -> None:
        """Forget the cached index (and the trust caches) of one scope, or of all (None)."""
        self.indexes.drop(user_id)
        if trust:
            self.trust.forget(user_id)

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
