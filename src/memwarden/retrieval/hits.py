"""Fused rows to typed hits: the stored memories read back in chunks, scope by scope."""

from __future__ import annotations

from typing import Protocol, Sequence, cast

from ..models import MemoryItem, ScoreParts, SearchHit
from ..storage.base import MemoryRecord, Store
from .search import Fused

#: Rows read from the store per round trip: a search asks for ``limit`` hits and stops early.
_CHUNK = 50


class _ReadsVersion(Protocol):
    """A store that returns the scope's version with the rows it reads (PostgreSQL)."""

    def get_with_version(self, user_id: str, ids: Sequence[str]) -> tuple[list[MemoryRecord], int]: ...


def hydrate_at(store: Store, user_id: str, fused: Sequence[Fused], row_ids: Sequence[str], limit: int,
               version: int | None) -> tuple[list[SearchHit], dict[str, MemoryItem]] | None:
    """Up to ``limit`` hits in fused order, with the stored items they came from (by id); a row
    deleted since the index saw it is skipped, so a later row takes its place. None when the scope's
    version in the store is not ``version`` (the ranking index's: another process wrote since;
    ``version`` None: never). The version comes with the first rows read
    (``get_with_version``: one round trip on PostgreSQL), or alone when nothing is to be read.

    The caller decides whether the store can do that (``Memory.search``, once per search) and gives
    a ``version`` only then; this function does not test the store's capability a second time."""
    hits: list[SearchHit] = []
    items: dict[str, MemoryItem] = {}
    with_version = cast(_ReadsVersion, store).get_with_version if version is not None else None
    if with_version is not None and not fused:
        return ([], {}) if store.version(user_id) == version else None
    for start in range(0, len(fused), _CHUNK):
        chunk, chunk_ids = fused[start : start + _CHUNK], row_ids[start : start + _CHUNK]
        if with_version is not None:
            got, now = with_version(user_id, list(chunk_ids))
            if now != version:
                return None
            with_version = None  # one check per search: the first chunk's
        else:
            got = store.get(user_id, list(chunk_ids))
        recs = {r.item.id: r for r in got}
        for f, mid in zip(chunk, chunk_ids):
            rec = recs.get(mid)
            if rec is None:
                continue
            hits.append(SearchHit.from_item(rec.item, ScoreParts(
                dense=f.dense, dense_rank=f.dense_rank, keyword=f.keyword, keyword_rank=f.keyword_rank, fused=f.fused,
                constraint=f.constraint)))
            items[mid] = rec.item
            if len(hits) == limit:
                return hits, items
    return hits, items
