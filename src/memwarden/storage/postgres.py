"""The server store: PostgreSQL (with pgvector when the extension is installed).

Same schema and semantics as :mod:`memwarden.storage.sqlite`: the numbered
migrations of :mod:`memwarden.storage.migrations` with ``{blob}`` = BYTEA,
``{ts}`` = TIMESTAMPTZ and ``{json}`` = JSONB, ``user_id`` first in every
primary key (so a table can later be sharded by tenant without a schema
change) and b-tree indexes led by ``user_id``. Every ``write`` is one
transaction on one pooled connection; the scope row is locked by its version
bump, so writes to one scope serialise and writes to different scopes do not.

Choices, and why:

* Ranking stays in :mod:`memwarden.retrieval` (dense + scope-local BM25 over
  :meth:`index_rows`), as on SQLite, so both backends rank the same. No ANN
  index is built unless asked (:meth:`ensure_ann_index`); with one, a large
  scope's dense candidates can come from it (:meth:`ann_candidates`, from
  ``retrieval.index.STORE_ANN_ROWS``, off by default), masked and re-scored in
  process, widened while a filter leaves too few.
* PostgreSQL-only columns are added next to migration 1 (``_PG_EXTRAS`` in
  :mod:`memwarden.storage.postgres_schema`, which opens the database):
  a ``tsvector`` generated from the stored keyword tokens with a GIN index
  (full-text lookup in SQL for operators and future server-side keyword
  search), ``seq`` columns that give insertion order (SQLite's ``rowid``), and,
  when pgvector is installed, an ``embedding vector`` column kept in step with
  the BYTEA vector; :meth:`PostgresStore.nearest` uses it for an exact
  in-SQL nearest-neighbour query restricted by the scope b-tree (the SQL of
  that path and of the ANN index is :mod:`memwarden.storage.postgres_nearest`).

This module is the ``Store`` over a psycopg pool: connections, the
reads and the one write transaction.
"""

from __future__ import annotations

import json
import time
from contextlib import contextmanager
from typing import Any, Iterator, Sequence

import numpy as np

from ..errors import InvalidInputError, StorageError
from ..models import MemoryItem
from . import _sql
from ._sql import INDEX_COLUMNS as _INDEX_COLUMNS, ITEM_COLUMNS as _ITEM_COLUMNS, N_ITEM, RECORD_COLUMNS as _RECORD_COLUMNS
from ._sql import Dialect, SQLStore, expire_receipts_sql, list_conditions
from .filter_sql import compile_postgres
from .base import IndexRows, ListQuery, MemoryRecord, WriteBatch

try:
    import psycopg
    from psycopg.types.json import Jsonb
    from psycopg_pool import ConnectionPool, PoolTimeout
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise StorageError("PostgreSQL support needs the extra: pip install 'memwarden[postgres]'") from exc

# After the driver check: these import psycopg too.
from . import postgres_nearest as _nearest  # noqa: E402
from .postgres_schema import migrate  # noqa: E402

_DIALECT = Dialect(ph="%s", order="seq", ts=lambda t: t)
#: Seconds ``ann_candidates`` trusts its last look for the ANN index in the catalogue.
_ANN_RECHECK_S = 30.0
#: pgvector indexes (HNSW, IVFFlat) accept vectors of at most this many dimensions.
_ANN_MAX_DIM = 2000


def _item(row: Sequence[Any]) -> MemoryItem:
    return _sql.item_from_row(row, json_text=False)


def _record(row: Sequence[Any]) -> MemoryRecord:
    return _sql.record_from_row(row, json_text=False)


def _connection_lost(exc: psycopg.Error) -> bool:
    """The connection itself failed: closed by the client library (no SQLSTATE), a connection
    exception (08xxx) or the server ending it (admin/crash shutdown, 57P01-57P03)."""
    state = exc.sqlstate
    return state is None or state.startswith("08") or state in ("57P01", "57P02", "57P03")


class PostgresStore(SQLStore):
    """Store backed by a PostgreSQL database, through a psycopg connection pool.

    ``url``: ``postgresql://user:pass@host:port/db`` (libpq syntax, so
    ``?host=/socket/dir`` works too).
    """

    _dialect = _DIALECT
    _driver_error = psycopg.Error
    _data_errors = (psycopg.DataError,)

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 8, timeout: float = 30.0) -> None:
        self.url = url
        self._timeout = timeout
        self._ann_seen: dict[int, tuple[bool, float]] = {}  # dim -> (ANN index exists, when looked)
        try:
            self._pool = ConnectionPool(
                # No check on every checkout (one more round trip per read, three a search): a
                # connection that broke while idle (server restart) fails its first use, and then
                # ``_connection`` has the pool test its idle ones and ``_read`` retries once.
                url, min_size=min_size, max_size=max_size, timeout=timeout, open=False,
                kwargs={"autocommit": False},
            )
        except psycopg.Error as exc:
            raise StorageError(f"invalid PostgreSQL URL: {exc}") from exc
        try:
            self._pool.open(wait=True, timeout=timeout)
        except (psycopg.Error, PoolTimeout) as exc:
            self._pool.close()  # stop its reconnect attempts
            raise StorageError(f"cannot connect to PostgreSQL: {exc}") from exc
        try:
            with self._tx() as c:
                self.pgvector = migrate(c)  # whether the pgvector ``embedding`` column is there
        except BaseException:
            self._pool.close()
            raise

    # -- schema -----------------------------------------------------------------

    def schema_version(self) -> int:
        row = self._read("SELECT MAX(version) FROM schema_migrations")
        return int(row[0][0] or 0)

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection]:
        """A pooled connection; a pool with none free in time is a :class:`StorageError`."""
        try:
            with self._pool.connection(timeout=self._timeout) as conn:
                yield conn
        except PoolTimeout as exc:
            raise StorageError(f"no database connection available: {exc}") from exc
        except psycopg.OperationalError as exc:
            # This connection broke (the pool replaces it on return); if the server restarted,
            # the idle ones are broken too: test them now rather than fail one call per connection.
            if _connection_lost(exc):
                self._pool.check()
            raise

    @contextmanager
    def _tx(self) -> Iterator[psycopg.Connection]:
        with self._connection() as conn, conn.transaction():
            yield conn

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._failing("database read failed"):
            for attempt in (1, 2):
                try:
                    with self._tx() as c:
                        return c.execute(sql, params).fetchall()
                except psycopg.OperationalError as exc:
                    # A connection that broke while idle in the pool (no check at checkout: the
                    # server restarted or ended it) fails its first statement; the read is tried
                    # once more on a fresh one. A statement the server cancelled is not.
                    if attempt == 2 or not _connection_lost(exc):
                        raise
        raise AssertionError("unreachable: the second attempt returns or raises")

    # -- writes -----------------------------------------------------------------

    def _record_params(self, rec: MemoryRecord) -> list[Any]:
        it = rec.item
        params = [
            it.id, it.user_id, it.agent_id, it.run_id, it.memory, it.hash, Jsonb(it.metadata, dumps=_dumps),
            it.source, it.speaker, it.role, it.memory_type, it.modality, it.image_ref, json.dumps(it.source_turn_ids),
            it.status, it.superseded_by, it.occurred_at, it.created_at, it.updated_at,
            Jsonb(it.card, dumps=_dumps) if it.card is not None else None,
            it.kind, Jsonb(it.claim.model_dump(mode="json")) if it.claim is not None else None,
            it.claim.slot if it.claim is not None else None, it.valid_from, it.valid_to,
            rec.embedding_model, np.ascontiguousarray(rec.vector, dtype=np.float32).tobytes(), " ".join(rec.tokens),
        ]
        if self.pgvector:
            # A keyword-only row (an episode with no claim has a zero vector) has no direction.
            params.append(_nearest.vector_literal(rec.vector) if len(rec.vector) and np.any(rec.vector) else None)
        return params

    def write(self, batch: WriteBatch) -> int:
        uid = batch.user_id
        _sql.check_own_scope(batch)
        cols = _RECORD_COLUMNS + (", embedding" if self.pgvector else "")
        n = N_ITEM + 3 + (1 if self.pgvector else 0)
        updates = ", ".join(f"{c.strip()} = EXCLUDED.{c.strip()}" for c in cols.split(",") if c.strip() not in ("user_id", "id"))
        with self._failing("database write failed, nothing was written"), self._tx() as c:
            with c.cursor() as cur:
                # The version bump comes first: it locks the scope's row until commit, so writes
                # to one scope serialise from here on and the duplicate check below sees every
                # earlier writer's committed rows (READ COMMITTED: each statement a new snapshot).
                row = cur.execute(
                    "INSERT INTO scopes (user_id, version, user_name) VALUES (%s, 1, %s) ON CONFLICT (user_id) DO UPDATE "
                    "SET version = scopes.version + 1, user_name = COALESCE(EXCLUDED.user_name, scopes.user_name) RETURNING version",
                    (uid, batch.user_name),
                ).fetchone()
                if batch.unique_hashes:
                    _sql.check_unique_hashes(cur, _DIALECT, batch)
                if batch.upserts:
                    cur.executemany(
                        f"INSERT INTO memories ({cols}) VALUES ({', '.join(['%s'] * n)}) "
                        f"ON CONFLICT (user_id, id) DO UPDATE SET {updates}",
                        [self._record_params(r) for r in batch.upserts],
                    )
                if batch.deletes:
                    cur.execute("DELETE FROM memories WHERE user_id=%s AND id = ANY(%s)", (uid, list(batch.deletes)))
                if batch.history:
                    cur.executemany(
                        "INSERT INTO history (user_id, id, memory_id, event, old_memory, new_memory, cause, at) "
                        "VALUES (%s,%s,%s,%s,%s,%s,%s,%s)",
                        [(uid, h.id, h.memory_id, h.event, h.old_memory, h.new_memory, h.cause, h.at) for h in batch.history],
                    )
                if batch.receipts:
                    cur.executemany(
                        "INSERT INTO receipts (user_id, id, memory_id, event, created_at, body) VALUES (%s,%s,%s,%s,%s,%s) "
                        "ON CONFLICT (user_id, id) DO UPDATE SET memory_id = EXCLUDED.memory_id, event = EXCLUDED.event, "
                        "created_at = EXCLUDED.created_at, body = EXCLUDED.body",
                        [(uid, r.id, r.memory_id, r.event, r.created_at, Jsonb(r.model_dump(mode="json"))) for r in batch.receipts],
                    )
                if batch.expire_unstored_receipts_before is not None:
                    cur.execute(expire_receipts_sql(_DIALECT), (uid, batch.expire_unstored_receipts_before))
                return int(row[0])

    # -- reads ------------------------------------------------------------------

    def get(self, user_id: str, ids: Sequence[str]) -> list[MemoryRecord]:
        if not ids:
            return []
        rows = self._read(
            f"SELECT {_RECORD_COLUMNS} FROM memories WHERE user_id=%s AND id = ANY(%s)", (user_id, list(ids)))
        found = {row[0]: _record(row) for row in rows}
        return [found[i] for i in ids if i in found]

    def get_with_version(self, user_id: str, ids: Sequence[str]) -> tuple[list[MemoryRecord], int]:
        """:meth:`get` and the scope's version in one round trip (a search ranks on its cached
        index and learns here whether another process wrote since; 0: never written)."""
        rows = self._read(
            f"SELECT COALESCE((SELECT version FROM scopes WHERE user_id=%s), 0), {_RECORD_COLUMNS} "
            "FROM (SELECT 1) AS one LEFT JOIN memories ON memories.user_id=%s AND memories.id = ANY(%s)",
            (user_id, user_id, list(ids)))
        found = {row[1]: _record(row[1:]) for row in rows if row[1] is not None}
        return [found[i] for i in ids if i in found], int(rows[0][0])

    def list(self, user_id: str, query: ListQuery) -> list[MemoryItem]:
        where, params = list_conditions(_DIALECT, user_id, query)
        for key, value in query.metadata.items():
            where.append("metadata -> %s = %s")
            params += [str(key), Jsonb(value, dumps=_dumps)]
        if query.where is not None:
            cond, more = compile_postgres(query.where, _DIALECT.ts, lambda v: Jsonb(v, dumps=_dumps))
            where.append(cond)
            params += more
        sql = f"SELECT {_ITEM_COLUMNS} FROM memories WHERE {' AND '.join(where)} ORDER BY created_at DESC, id"
        if query.limit is not None or query.offset:
            sql += " LIMIT %s OFFSET %s"  # LIMIT NULL is no limit
            params += [query.limit, query.offset]
        return [_item(r) for r in self._read(sql, params)]

    def find_by_hash(self, user_id: str, hashes: Sequence[str]) -> dict[str, str]:
        uniq = list(dict.fromkeys(hashes))
        if not uniq:
            return {}
        rows = self._read(
            "SELECT hash, id FROM memories WHERE user_id=%s AND status='active' AND hash = ANY(%s) ORDER BY seq",
            (user_id, uniq))
        return {h: i for h, i in rows}

    def index_rows(self, user_id: str) -> IndexRows:
        with self._failing("database read failed"), self._connection() as conn:
            # version and rows from one snapshot
            conn.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
            try:
                with conn.transaction():
                    row = conn.execute("SELECT version, user_name FROM scopes WHERE user_id=%s", (user_id,)).fetchone()
                    rows = conn.execute(
                        f"SELECT {_INDEX_COLUMNS}, {_sql.INDEX_SOURCES['postgres']} FROM memories WHERE user_id=%s ORDER BY seq",
                        (user_id,)).fetchall()
            finally:
                conn.isolation_level = None
        return _sql.index_rows(int(row[0]) if row else 0, rows, [bytes(r[4]) for r in rows], lambda t: t,
                               row[1] if row else None)

    def by_slot(self, user_id: str, slots: Sequence[str]) -> list[MemoryRecord]:
        uniq = [s for s in dict.fromkeys(slots) if s]
        if not uniq:
            return []
        rows = self._read(
            f"SELECT {_RECORD_COLUMNS} FROM memories WHERE user_id=%s AND kind='claim' AND status='active' "
            "AND slot = ANY(%s) ORDER BY seq", (user_id, uniq))
        return [_record(r) for r in rows]

    def nearest(
        self, user_id: str, vector: np.ndarray, k: int = 10, *, exact: bool | None = None, ef_search: int | None = None
    ) -> list[tuple[str, float]]:
        """Cosine nearest neighbours computed in SQL by pgvector, within one scope.

        ``exact=True``: the scope b-tree narrows the rows and every one is scored. ``exact=False``:
        the HNSW index of :meth:`ensure_ann_index` with iterative scans (pgvector >= 0.8), which
        keep walking the graph until ``k`` rows of this scope pass the filter, then the ``k`` are
        re-ordered by exact distance. ``None``: HNSW when the index exists and the scope has at
        least ``ANN_MIN_ROWS`` memories, exact otherwise. Needs the pgvector extension.
        """
        return self.nearest_versioned(user_id, vector, k, exact=exact, ef_search=ef_search)[0]

    def nearest_versioned(
        self, user_id: str, vector: np.ndarray, k: int = 10, *, exact: bool | None = None, ef_search: int | None = None
    ) -> tuple[list[tuple[str, float]], int]:
        """:meth:`nearest` and the scope's version read in the same statement (one round trip)."""
        if not self.pgvector:
            raise StorageError("the pgvector extension is not installed in this database")
        try:
            with self._tx() as c:
                return _nearest.nearest_rows(c, user_id, vector, k, exact=exact, ef_search=ef_search)
        except psycopg.Error as exc:
            raise StorageError(f"database read failed: {exc}") from exc

    def ann_candidates(self, user_id: str, vector: np.ndarray, k: int) -> list[str] | None:
        """Ids of about the ``k`` rows of the scope nearest to ``vector`` by pgvector's ANN index
        (best first, any kind or status: the caller masks and re-scores them), or None when no
        index of this dimension exists (``ensure_ann_index``), so the caller ranks in process.
        ``Memory.search`` asks this from ``retrieval.index.STORE_ANN_ROWS`` masked rows (off by
        default: slower than the in-process lists where measured)."""
        dim = len(vector)
        if not self.pgvector or not self._ann_known(dim):
            return None
        return [i for i, _ in self.nearest_versioned(user_id, vector, k, exact=False)[0]]

    def _ann_known(self, dim: int) -> bool:
        """Whether the ANN index for ``dim`` exists, looked up at most every ``_ANN_RECHECK_S``
        seconds (another process may build it; a search should not pay a catalogue query)."""
        now = time.monotonic()
        known = self._ann_seen.get(dim)
        if known is None or now - known[1] > _ANN_RECHECK_S:
            with self._failing("database read failed"), self._tx() as c:
                known = (_nearest.has_ann(c, dim), now)
            self._ann_seen[dim] = known
        return known[0]

    def ensure_ann_index(self, dim: int, *, method: str = "hnsw", lists: int | None = None) -> None:
        """Build (once) the ANN index for ``dim``-dimensional embeddings: a partial expression index,
        since the ``embedding`` column holds vectors of any size. Slow on a large table (minutes
        per million rows): an explicit operator step, never done inside a search.

        ``method="ivfflat"``: k-means lists over the rows present now (so build it after a bulk
        load; ``lists`` default rows / 1000, at least 10). On 1M near-duplicate-rich memories it
        built 6 x faster than HNSW and reached recall@10 0.995 where HNSW stayed at 0.942."""
        if not self.pgvector:
            raise StorageError("the pgvector extension is not installed in this database")
        if method not in ("hnsw", "ivfflat"):
            raise InvalidInputError(f"unknown ANN index method {method!r} (hnsw or ivfflat)")
        if isinstance(dim, bool) or not isinstance(dim, int) or not 1 <= dim <= _ANN_MAX_DIM:
            raise InvalidInputError(f"ANN index dimension must be an integer from 1 to {_ANN_MAX_DIM} "
                                    f"(pgvector's limit for an indexed vector), got {dim!r}")
        if lists is not None and (isinstance(lists, bool) or not isinstance(lists, int) or lists < 1):
            raise InvalidInputError(f"IVFFlat lists must be a positive integer, got {lists!r}")
        with self._failing("building the ANN index failed, no index was created"), self._tx() as c:
            _nearest.create_ann_index(c, dim, method, lists)
        self._ann_seen.pop(int(dim), None)

    def ping(self) -> None:
        """Raise :class:`StorageError` unless the database answers (readiness probes)."""
        self._read("SELECT 1")

    def close(self) -> None:
        self._pool.close()


def _dumps(value: Any) -> str:
    return json.dumps(value, default=str)
