"""SQL that the SQLite and PostgreSQL stores share, parameterised by dialect.

The two backends differ in placeholders (``?`` / ``%s``), in the column that
breaks ties in insertion order (``rowid`` / ``seq``) and in how a timestamp
is passed; the queries themselves are the same. :class:`SQLStore` is their
common base: the reads and scope deletes written once, and the one mapping of
driver errors to the :class:`~memwarden.errors.MemwardenError` tree.
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Callable, ClassVar, ContextManager, Iterator, Sequence

import numpy as np

from ..errors import InvalidInputError, StorageError
from ..models import Claim, HistoryEvent, MemoryItem, Receipt
from .base import IndexRows, ListQuery, MemoryRecord, WriteBatch


#: The columns of a ``MemoryItem`` row, in the order both backends read them.
ITEM_COLUMNS = (
    "id, user_id, agent_id, run_id, memory, hash, metadata, source, speaker, role, memory_type, "
    "modality, image_ref, source_turn_ids, status, superseded_by, occurred_at, created_at, updated_at, card, "
    "kind, claim, slot, valid_from, valid_to"
)
RECORD_COLUMNS = ITEM_COLUMNS + ", embedding_model, vector, tokens"
#: Columns of an item row (the record's embedding_model, vector and tokens follow).
N_ITEM = 25
#: What retrieval's per-scope index reads (``IndexRows``), in this order (see :func:`index_rows`).
INDEX_COLUMNS = ("id, agent_id, run_id, status, vector, tokens, embedding_model, kind, valid_from, valid_to, created_at, "
                 "occurred_at, slot")
#: A claim's source episode ids, read after ``INDEX_COLUMNS`` (JSON text on SQLite, a decoded list
#: from PostgreSQL's jsonb): the search lifts a claim by its source turn's relevance.
INDEX_SOURCES = {"sqlite": "json_extract(claim, '$.source_episode_ids')", "postgres": "claim->'source_episode_ids'"}


def item_from_row(row: Sequence[Any], *, json_text: bool) -> MemoryItem:
    """A ``MemoryItem`` from the first ``N_ITEM`` columns (``ITEM_COLUMNS``). ``json_text``:
    metadata, card and claim arrive as JSON text (SQLite), not decoded (PostgreSQL's jsonb)."""
    (mid, user_id, agent_id, run_id, memory, hash_, metadata, source, speaker, role, memory_type,
     modality, image_ref, source_turn_ids, status, superseded_by, occurred_at, created_at, updated_at, card,
     kind, claim, _slot, valid_from, valid_to) = row[:N_ITEM]
    if json_text:
        metadata, card = json.loads(metadata), (json.loads(card) if card else None)
        claim = Claim.model_validate_json(claim) if claim else None
    else:
        claim = Claim.model_validate(claim) if claim is not None else None
    return MemoryItem(
        id=mid, user_id=user_id, agent_id=agent_id, run_id=run_id, memory=memory, hash=hash_,
        metadata=metadata, source=source, speaker=speaker, role=role, memory_type=memory_type,
        modality=modality, image_ref=image_ref, source_turn_ids=json.loads(source_turn_ids), status=status,
        superseded_by=superseded_by, occurred_at=occurred_at, created_at=created_at, updated_at=updated_at,
        card=card, kind=kind, claim=claim, valid_from=valid_from, valid_to=valid_to,
    )


def record_from_row(row: Sequence[Any], *, json_text: bool) -> MemoryRecord:
    """A ``MemoryRecord`` from the ``RECORD_COLUMNS`` of a row (``json_text`` as in :func:`item_from_row`;
    the vector arrives as ``bytes`` from SQLite, as a buffer the driver chooses from PostgreSQL)."""
    return MemoryRecord(item=item_from_row(row, json_text=json_text), embedding_model=row[N_ITEM],
                        vector=np.frombuffer(bytes(row[N_ITEM + 1]), dtype=np.float32), tokens=row[N_ITEM + 2].split())


def check_own_scope(batch: WriteBatch) -> None:
    """A ``WriteBatch`` may write only rows of its own ``user_id`` (scope is a hard partition)."""
    uid = batch.user_id
    owners = [r.item.user_id for r in batch.upserts] + [h.user_id for h in batch.history] + [r.user_id for r in batch.receipts]
    if any(owner != uid for owner in owners):
        raise StorageError("a write batch may only touch its own scope")


@dataclass(frozen=True)
class Dialect:
    ph: str
    order: str
    ts: Callable[[datetime], Any]


def list_conditions(d: Dialect, user_id: str, query: ListQuery) -> tuple[list[str], list[Any]]:
    """WHERE conditions of ``Store.list`` except the metadata filters (those are backend JSON)."""
    where, params = [f"user_id={d.ph}"], [user_id]
    if query.agent_id is not None:
        where.append(f"agent_id={d.ph}")
        params.append(query.agent_id)
    if query.run_id is not None:
        where.append(f"run_id={d.ph}")
        params.append(query.run_id)
    if not query.include_superseded:
        where.append("status='active'")
    if query.kind is not None:
        where.append(f"kind={d.ph}")
        params.append(query.kind)
    return where, params


def history_query(d: Dialect, user_id: str, memory_id: str) -> tuple[str, list[Any]]:
    return (
        "SELECT id, memory_id, user_id, event, old_memory, new_memory, cause, at FROM history "
        f"WHERE user_id={d.ph} AND memory_id={d.ph} ORDER BY at, {d.order}",
        [user_id, memory_id],
    )


def history_events(rows: Sequence[Sequence[Any]]) -> list[HistoryEvent]:
    return [
        HistoryEvent(id=r[0], memory_id=r[1], user_id=r[2], event=r[3], old_memory=r[4], new_memory=r[5], cause=r[6], at=r[7])
        for r in rows
    ]


def locate_query(d: Dialect, memory_id: str) -> tuple[str, list[Any]]:
    """The scopes holding a memory row or history with this id (no index leads with the id:
    a scan, acceptable for the embedded API's occasional by-id call without ``user_id``)."""
    return (
        f"SELECT user_id FROM memories WHERE id={d.ph} UNION SELECT user_id FROM history WHERE memory_id={d.ph} "
        "ORDER BY 1 LIMIT 2",
        [memory_id, memory_id],
    )


def prefix_query(d: Dialect, user_id: str, prefix: str, limit: int) -> tuple[str, list[Any]]:
    """Ids in the scope (memories, or the history of deleted ones) that start with ``prefix``.

    ``substr`` rather than ``LIKE``: a prefix typed by a user may hold ``%`` or ``_``."""
    return (
        f"SELECT id FROM memories WHERE user_id={d.ph} AND substr(id, 1, {d.ph}) = {d.ph} "
        f"UNION SELECT memory_id FROM history WHERE user_id={d.ph} AND substr(memory_id, 1, {d.ph}) = {d.ph} "
        f"ORDER BY 1 LIMIT {d.ph}",
        [user_id, len(prefix), prefix, user_id, len(prefix), prefix, limit],
    )


def receipts_query(
    d: Dialect, user_id: str, *, receipt_id: str | None, memory_id: str | None, since: datetime | None, limit: int
) -> tuple[str, list[Any]]:
    where, params = [f"user_id={d.ph}"], [user_id]
    if receipt_id is not None:
        where.append(f"id={d.ph}")
        params.append(receipt_id)
    if memory_id is not None:
        where.append(f"memory_id={d.ph}")
        params.append(memory_id)
    if since is not None:
        where.append(f"created_at >= {d.ph}")
        params.append(d.ts(since))
    sql = f"SELECT body FROM receipts WHERE {' AND '.join(where)} ORDER BY created_at DESC, {d.order} DESC LIMIT {d.ph}"
    return sql, [*params, limit]


def expire_receipts_sql(d: Dialect) -> str:
    """Receipts of candidates that were not stored, older than a horizon, in one scope."""
    return f"DELETE FROM receipts WHERE user_id={d.ph} AND event IN ('rejected', 'duplicate') AND created_at < {d.ph}"


#: Every table that holds a scope's rows (``scopes`` keeps the version counter).
SCOPED_TABLES = ("memories", "history", "receipts")


def delete_scope(conn: Any, d: Dialect, user_id: str) -> int:
    """Inside the caller's transaction: remove the scope's rows; return memories removed."""
    n = conn.execute(f"DELETE FROM memories WHERE user_id={d.ph}", (user_id,)).rowcount
    for table in SCOPED_TABLES[1:]:
        conn.execute(f"DELETE FROM {table} WHERE user_id={d.ph}", (user_id,))
    conn.execute(f"UPDATE scopes SET version = version + 1, user_name = NULL WHERE user_id={d.ph}", (user_id,))
    return n


def reset(conn: Any) -> None:
    """Inside the caller's transaction: remove every scope's rows, bumping every version."""
    for table in SCOPED_TABLES:
        conn.execute(f"DELETE FROM {table}")
    conn.execute("UPDATE scopes SET version = version + 1, user_name = NULL")


def check_unique_hashes(conn: Any, d: Dialect, batch: Any) -> None:
    """Inside the write's transaction: raise HashConflict if an active claim of the scope, not
    one of the batch's own rows, already has a hash the batch claims (``WriteBatch.unique_hashes``).
    Episodes are turns as said: the same words said twice are two episodes, never a conflict."""
    from .base import HashConflict

    hashes = list(dict.fromkeys(batch.unique_hashes))
    own = {r.item.id for r in batch.upserts}
    found: dict[str, str] = {}
    for start in range(0, len(hashes), 500):
        chunk = hashes[start : start + 500]
        rows = conn.execute(
            f"SELECT hash, id FROM memories WHERE user_id={d.ph} AND status='active' AND kind='claim' "
            f"AND hash IN ({', '.join([d.ph] * len(chunk))})", (batch.user_id, *chunk)).fetchall()
        found.update({h: i for h, i in rows if i not in own and h not in found})
    if found:
        raise HashConflict(found)


def index_rows(version: int, rows: Sequence[Sequence[Any]], blobs: Sequence[bytes],
               time: Callable[[Any], datetime | None], user_name: str | None = None) -> IndexRows:
    """``Store.index_rows`` from the rows of ``SELECT <index columns> ... ORDER BY <insertion>``
    (``blobs``: each row's vector bytes; ``time``: the backend's timestamp reader)."""
    size = len(blobs[-1]) if blobs else 0
    if all(len(b) == size for b in blobs):
        vectors = np.frombuffer(b"".join(blobs), dtype=np.float32).reshape(len(rows), size // 4)
    else:
        # The scope was written by two embedders: keep the newest row's size, zero the others
        # (keyword search still finds them) rather than fail every search and add of the scope.
        vectors = np.zeros((len(rows), size // 4), dtype=np.float32)
        for n, b in enumerate(blobs):
            if len(b) == size:
                vectors[n] = np.frombuffer(b, dtype=np.float32)
    return IndexRows(
        version=version, ids=[r[0] for r in rows], agent_ids=[r[1] for r in rows], run_ids=[r[2] for r in rows],
        statuses=[r[3] for r in rows], vectors=vectors, tokens=[r[5].split() for r in rows],
        embedding_models=[r[6] for r in rows], kinds=[r[7] for r in rows], valid_from=[time(r[8]) for r in rows],
        valid_to=[time(r[9]) for r in rows], created_at=[time(r[10]) for r in rows],
        occurred_at=[time(r[11]) for r in rows], slots=[r[12] for r in rows],
        sources=[_ids(r[13]) for r in rows], user_name=user_name or None,
    )


def _ids(value: Any) -> list[str]:
    """A JSON list of ids as the backend returns it (text, a decoded list, or NULL)."""
    if value is None:
        return []
    return list(json.loads(value) if isinstance(value, (str, bytes)) else value)


class SQLStore:
    """What the SQL backends share. A subclass sets the class attributes and provides
    ``_tx()`` (a transaction yielding a connection with ``execute``) and ``_read(sql, params)``."""

    _dialect: ClassVar[Dialect]
    #: The driver's base error (``sqlite3.Error``, ``psycopg.Error``): the database failed.
    _driver_error: ClassVar[type[Exception]]
    #: The driver's errors for a value the database refuses (PostgreSQL: ``DataError``): the caller's fault.
    _data_errors: ClassVar[tuple[type[Exception], ...]] = ()

    def _tx(self) -> ContextManager[Any]:  # pragma: no cover - every backend defines it
        raise NotImplementedError

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:  # pragma: no cover
        raise NotImplementedError

    def _receipt(self, body: Any) -> Receipt:
        """A receipt from its stored ``body`` column (JSON text; PostgreSQL's jsonb is a dict)."""
        return Receipt.model_validate_json(body) if isinstance(body, (str, bytes)) else Receipt.model_validate(body)

    @contextmanager
    def _failing(self, what: str) -> Iterator[None]:
        """Driver errors inside as memwarden errors; ``what`` ends the message ("database read
        failed", "database write failed, nothing was written")."""
        try:
            yield
        except self._data_errors as exc:
            tail = what.partition(", ")[2]
            raise InvalidInputError(f"value not accepted by the database{', ' + tail if tail else ''}: {exc}") from exc
        except self._driver_error as exc:
            raise StorageError(f"{what}: {exc}") from exc

    def delete_scope(self, user_id: str) -> int:
        with self._failing("database write failed, nothing was deleted"), self._tx() as c:
            return delete_scope(c, self._dialect, user_id)

    def reset(self) -> None:
        with self._failing("database write failed, nothing was deleted"), self._tx() as c:
            reset(c)

    def history(self, user_id: str, memory_id: str) -> list[HistoryEvent]:
        return history_events(self._read(*history_query(self._dialect, user_id, memory_id)))

    def locate(self, memory_id: str) -> list[str]:
        return [r[0] for r in self._read(*locate_query(self._dialect, memory_id))]

    def ids_with_prefix(self, user_id: str, prefix: str, limit: int = 10) -> list[str]:
        return [r[0] for r in self._read(*prefix_query(self._dialect, user_id, prefix, limit))]

    def receipts(self, user_id: str, *, receipt_id: str | None = None, memory_id: str | None = None,
                 since: datetime | None = None, limit: int = 100) -> list[Receipt]:
        rows = self._read(*receipts_query(self._dialect, user_id, receipt_id=receipt_id, memory_id=memory_id,
                                          since=since, limit=limit))
        return [self._receipt(r[0]) for r in rows]

    def scope_ids(self) -> list[str]:
        """Every scope ever written (operators' tools: ``memwarden reindex`` without ``--user``)."""
        return [r[0] for r in self._read("SELECT user_id FROM scopes ORDER BY user_id")]

    def version(self, user_id: str) -> int:
        rows = self._read(f"SELECT version FROM scopes WHERE user_id={self._dialect.ph}", (user_id,))
        return int(rows[0][0]) if rows else 0

    def user_name(self, user_id: str) -> str | None:
        rows = self._read(f"SELECT user_name FROM scopes WHERE user_id={self._dialect.ph}", (user_id,))
        return rows[0][0] if rows and rows[0][0] else None
