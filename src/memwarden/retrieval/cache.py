"""The per-scope indexes a process holds: one :class:`~.index.ScopeIndex` per scope, built from
:meth:`Store.index_rows` on first use, checked against the scope's version, kept in step with this
process's own writes and evicted least recently used (split from ``index.py`` in session 21)."""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict

from ..storage.base import MemoryRecord, Store
from .index import ScopeIndex

__all__ = ["IndexCache"]


class IndexCache:
    """One :class:`ScopeIndex` per scope, built lazily, checked against the store's version.

    Least recently used scopes are evicted once the cached rows exceed
    ``max_rows`` (a server holds many tenants; an evicted scope is rebuilt
    from the store on its next search).
    """

    def __init__(self, store: Store, dim: int, *, max_rows: int = 2_000_000) -> None:
        self._store = store
        self._dim = dim
        self._max_rows = max_rows
        self._scopes: OrderedDict[str, ScopeIndex] = OrderedDict()
        self._lock = threading.RLock()

    def get(self, user_id: str, *, verify: bool = True) -> ScopeIndex:
        """The scope's index; ``verify=False``: the cached one without asking the store's version
        (the caller checks it with the rows it reads, :func:`~.hits.hydrate_at`)."""
        with self._lock:
            idx = self._scopes.get(user_id)
            if idx is None or (verify and idx.version != self._store.version(user_id)) or idx.dead_fraction > 0.3:
                idx = ScopeIndex(self._store.index_rows(user_id), self._dim)
                ann = getattr(self._store, "ann_candidates", None)  # PostgresStore: pgvector's index
                if ann is not None:
                    idx.remote = functools.partial(ann, user_id)
                self._scopes[user_id] = idx
            self._scopes.move_to_end(user_id)
            total = sum(i.n for i in self._scopes.values())
            while total > self._max_rows and len(self._scopes) > 1:
                _, evicted = self._scopes.popitem(last=False)
                total -= evicted.n
            return idx

    def after_write(
        self, user_id: str, upserts: list[MemoryRecord], deletes: list[str], old_tokens: dict[str, list[str]], version: int,
        user_name: str | None = None,
    ) -> None:
        """Apply this process's own write, or drop the index if another writer got in between."""
        with self._lock:
            idx = self._scopes.get(user_id)
            if idx is None:
                return
            if idx.version == version - 1:
                idx.apply(upserts, deletes, old_tokens, version, user_name)
            else:
                del self._scopes[user_id]

    def drop(self, user_id: str | None = None) -> None:
        with self._lock:
            if user_id is None:
                self._scopes.clear()
            else:
                self._scopes.pop(user_id, None)
