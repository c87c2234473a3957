"""Fused rows to typed hits: the stored memories read back in chunks, scope by scope."""

from __future__ import annotations

from typing import Sequence

from ..models import MemoryItem, ScoreParts, SearchHit
from ..storage.base import Store
from .search import Fused

#: Rows read from the store per round trip: a search asks for ``limit`` hits and stops early.
_CHUNK = 50


def hydrate(store: Store, user_id: str, fused: Sequence[Fused], row_ids: Sequence[str], limit: int
            ) -> tuple[list[SearchHit], dict[str, MemoryItem]]:
    """Up to ``limit`` hits in fused order, with the stored items they came from (by id).
    A row deleted since the index saw it is skipped, so a later row takes its place."""
    hits: list[SearchHit] = []
    items: dict[str, MemoryItem] = {}
    for start in range(0, len(fused), _CHUNK):
        chunk, chunk_ids = fused[start : start + _CHUNK], row_ids[start : start + _CHUNK]
        recs = {r.item.id: r for r in store.get(user_id, list(chunk_ids))}
        for f, mid in zip(chunk, chunk_ids):
            rec = recs.get(mid)
            if rec is None:
                continue
            hits.append(SearchHit.from_item(rec.item, ScoreParts(
                dense=f.dense, dense_rank=f.dense_rank, keyword=f.keyword, keyword_rank=f.keyword_rank, fused=f.fused)))
            items[mid] = rec.item
            if len(hits) == limit:
                return hits, items
    return hits, items
