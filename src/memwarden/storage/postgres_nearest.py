"""Nearest neighbours in SQL by pgvector, within one scope, for
:class:`~memwarden.storage.postgres.PostgresStore` (``nearest``, ``ann_candidates``,
``ensure_ann_index``).

Functions over one connection inside the caller's transaction: the exact scan the scope b-tree
narrows, the iterative scan of an ANN index (HNSW or IVFFlat, a partial expression index per
dimension, since the ``embedding`` column holds vectors of any size), the index build, and the
catalogue look-up for it. The knobs are module constants, read at each call (benchmarks set them).
"""

from __future__ import annotations

import numpy as np
import psycopg

from ..errors import InvalidInputError

#: Scopes with fewer memories are searched exactly in SQL (a scan of a few thousand rows beats the graph).
ANN_MIN_ROWS = 20_000
#: hnsw.ef_search per step of an iterative scan, and the most tuples one scan may visit.
ANN_EF_SEARCH = 200
ANN_MAX_SCAN_TUPLES = 200_000
#: Lists an IVFFlat index's search probes first (``ensure_ann_index(method="ivfflat")``). At 1M
#: memories with 1,000 lists: 10 probes recall@10 0.995, p95 12.8 ms; 20 probes 1.000, 21.4 ms
#: (BENCHMARKS.md, scale section), where HNSW (m 16) stayed at 0.942.
ANN_IVF_PROBES = 10


def vector_literal(vec: np.ndarray) -> str:
    """pgvector's text form of a vector (float32 values, as stored)."""
    return "[" + ",".join(repr(float(x)) for x in np.asarray(vec, dtype=np.float32)) + "]"


def nearest_rows(
    c: psycopg.Connection, user_id: str, vector: np.ndarray, k: int, *, exact: bool | None, ef_search: int | None
) -> tuple[list[tuple[str, float]], int]:
    """The ``k`` (id, cosine) of the scope nearest to ``vector``, best first, and the scope's
    version read in the same statement. ``exact=None``: the ANN index when it exists and the scope
    has at least ``ANN_MIN_ROWS`` memories, the exact scan otherwise."""
    dim = len(vector)
    lit = vector_literal(vector)
    if exact is None:
        exact = not has_ann(c, dim) or _scope_rows(c, user_id) < ANN_MIN_ROWS
    if exact:
        rows = c.execute(
            "SELECT id, 1 - (embedding <=> %s::vector), (SELECT version FROM scopes WHERE user_id=%s) "
            "FROM memories WHERE user_id=%s AND embedding IS NOT NULL AND vector_dims(embedding) = %s "
            "ORDER BY embedding <=> %s::vector, id LIMIT %s",
            (lit, user_id, user_id, dim, lit, k)).fetchall()
    else:
        # relaxed_order: the scan may return rows slightly out of order, so the outer
        # query sorts the k by exact distance; ef_search bounds each step of the walk.
        # The settings of both index kinds (whichever exists answers), for this transaction
        # only, in one round trip. ef_search: pgvector's ceiling is 1000; past it the
        # iterative scan supplies the rest.
        ef = min(1000, max(int(ef_search or ANN_EF_SEARCH), 2 * int(k)))
        c.execute(
            "SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true), "
            "set_config('hnsw.ef_search', %s, true), set_config('hnsw.max_scan_tuples', %s, true), "
            "set_config('ivfflat.iterative_scan', 'relaxed_order', true), set_config('ivfflat.probes', %s, true)",
            (str(ef), str(ANN_MAX_SCAN_TUPLES), str(ANN_IVF_PROBES)))
        rows = c.execute(
            f"SELECT id, 1 - d, (SELECT version FROM scopes WHERE user_id=%s) FROM ("
            f"SELECT id, embedding::vector({dim}) <=> %s::vector({dim}) AS d FROM memories "
            f"WHERE user_id=%s AND vector_dims(embedding) = {dim} "
            f"ORDER BY embedding::vector({dim}) <=> %s::vector({dim}) LIMIT %s) t ORDER BY d, id",
            (user_id, lit, user_id, lit, k)).fetchall()
    version = int(rows[0][2]) if rows and rows[0][2] is not None else int(
        (c.execute("SELECT version FROM scopes WHERE user_id=%s", (user_id,)).fetchone() or (0,))[0])
    return [(r[0], float(r[1])) for r in rows], version


def create_ann_index(c: psycopg.Connection, dim: int, method: str, lists: int | None) -> None:
    """``CREATE INDEX IF NOT EXISTS`` the ANN index of ``method`` (hnsw, ivfflat) for ``dim``."""
    d = int(dim)
    if method == "hnsw":
        c.execute(f"CREATE INDEX IF NOT EXISTS memories_embedding_hnsw_{d} ON memories "
                  f"USING hnsw ((embedding::vector({d})) vector_cosine_ops) "
                  f"WITH (m = 16, ef_construction = 64) WHERE vector_dims(embedding) = {d}")
    elif method == "ivfflat":
        if lists is None:
            rows = c.execute(f"SELECT count(*) FROM memories WHERE vector_dims(embedding) = {d}").fetchone()
            lists = max(10, int(rows[0] if rows else 0) // 1000)
        c.execute(f"CREATE INDEX IF NOT EXISTS memories_embedding_ivf_{d} ON memories "
                  f"USING ivfflat ((embedding::vector({d})) vector_cosine_ops) "
                  f"WITH (lists = {int(lists)}) WHERE vector_dims(embedding) = {d}")
    else:
        raise InvalidInputError(f"unknown ANN index method {method!r} (hnsw or ivfflat)")


def has_ann(c: psycopg.Connection, dim: int) -> bool:
    """Whether an ANN index (either kind) for ``dim`` exists in the current schema."""
    return c.execute("SELECT 1 FROM pg_indexes WHERE schemaname = current_schema() AND indexname = ANY(%s)",
                     ([f"memories_embedding_hnsw_{int(dim)}", f"memories_embedding_ivf_{int(dim)}"],)).fetchone() is not None


def _scope_rows(c: psycopg.Connection, user_id: str) -> int:
    # Counted only up to the threshold: a full count of a million-row scope costs more than the search.
    row = c.execute("SELECT count(*) FROM (SELECT 1 FROM memories WHERE user_id=%s LIMIT %s) t",
                    (user_id, ANN_MIN_ROWS)).fetchone()
    return int(row[0]) if row else 0
