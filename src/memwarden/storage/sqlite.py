"""The embedded default store: one SQLite file in WAL mode."""

from __future__ import annotations

import json
import sqlite3
import threading
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, Iterator, Sequence

import numpy as np

from .._util import as_utc, create_private_file, utcnow
from ..errors import NotAMemwardenDatabase, SchemaTooNewError, StorageError
from ..models import MemoryItem
from . import _sql
from ._sql import INDEX_COLUMNS as _INDEX_COLUMNS, ITEM_COLUMNS as _ITEM_COLUMNS, N_ITEM, RECORD_COLUMNS as _RECORD_COLUMNS
from ._sql import Dialect, SQLStore, expire_receipts_sql, list_conditions
from .filter_sql import compile_sqlite, sqlite_json_kinds, sqlite_lower
from .base import IndexRows, ListQuery, MemoryRecord, WriteBatch
from .migrations import LATEST, MIGRATIONS

APP_ID = "memwarden"



def _ts(value: datetime | None) -> str | None:
    # Fixed-width UTC text, so that comparing and sorting the text compares the instants.
    return as_utc(value).isoformat(timespec="microseconds") if value is not None else None


_DIALECT = Dialect(ph="?", order="rowid", ts=_ts)


def _item_from_row(row: Sequence[Any]) -> MemoryItem:
    return _sql.item_from_row(row, json_text=True)


def _record_from_row(row: Sequence[Any]) -> MemoryRecord:
    return _sql.record_from_row(row, json_text=True)


def _dt(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None




def record_row(rec: MemoryRecord) -> tuple[Any, ...]:
    """Column values of a record, in ``_RECORD_COLUMNS`` order (shared with other SQL backends)."""
    it = rec.item
    return (
        it.id, it.user_id, it.agent_id, it.run_id, it.memory, it.hash, json.dumps(it.metadata, default=str),
        it.source, it.speaker, it.role, it.memory_type, it.modality, it.image_ref, json.dumps(it.source_turn_ids),
        it.status, it.superseded_by, _ts(it.occurred_at), _ts(it.created_at), _ts(it.updated_at),
        json.dumps(it.card) if it.card is not None else None,
        it.kind, it.claim.model_dump_json() if it.claim is not None else None, it.claim.slot if it.claim is not None else None,
        _ts(it.valid_from), _ts(it.valid_to),
        rec.embedding_model, np.ascontiguousarray(rec.vector, dtype=np.float32).tobytes(), " ".join(rec.tokens),
    )


@contextmanager
def immediate_transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back on any exception (the caller holds the lock)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


class SQLiteStore(SQLStore):
    """Store backed by one SQLite file (``":memory:"`` for a throwaway store).

    One connection guarded by a lock; every ``write`` is one ``BEGIN
    IMMEDIATE`` transaction, so a crash leaves either all of a batch or none.
    """

    _dialect = _DIALECT
    _driver_error = sqlite3.Error

    def __init__(self, path: str | Path = ":memory:", *, timeout: float = 30.0) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            p = Path(self.path)
            if p.is_dir():
                raise StorageError(f"{p} is a directory, not a database file")
            try:
                create_private_file(p)
            except OSError as exc:
                raise StorageError(f"cannot open database {self.path}: {exc}") from exc
        try:
            self._conn = sqlite3.connect(self.path, timeout=timeout, check_same_thread=False, isolation_level=None)
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open database {self.path}: {exc}") from exc
        self._lock = threading.RLock()
        self._conn.create_function("mw_lower", 1, sqlite_lower, deterministic=True)  # icontains filters
        try:
            # Look before writing anything: even switching to WAL rewrites another application's file.
            self._refuse_foreign()
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=NORMAL")
            self._conn.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except sqlite3.Error as exc:
            self._conn.close()
            if getattr(exc, "sqlite_errorcode", None) in (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT):
                raise NotAMemwardenDatabase(f"{self.path} is not a memwarden database ({exc})") from exc
            # A locked or unwritable file, or a failing migration, is not a foreign file.
            raise StorageError(f"cannot open database {self.path}: {exc}") from exc
        except StorageError:
            self._conn.close()
            raise

    # -- schema -----------------------------------------------------------------

    def _refuse_foreign(self) -> None:
        tables = {r[0] for r in self._conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if tables and "memwarden_meta" not in tables:
            raise NotAMemwardenDatabase(f"{self.path} is a SQLite database of another application, not a memwarden database")

    def _migrate(self) -> None:
        c = self._conn
        with self._tx():
            c.execute("CREATE TABLE IF NOT EXISTS memwarden_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            c.execute("INSERT OR IGNORE INTO memwarden_meta VALUES ('app', ?)", (APP_ID,))
            c.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
        app = c.execute("SELECT value FROM memwarden_meta WHERE key='app'").fetchone()
        if not app or app[0] != APP_ID:
            raise NotAMemwardenDatabase(f"{self.path} is not a memwarden database")
        done = {r[0] for r in c.execute("SELECT version FROM schema_migrations")}
        if done and max(done) > LATEST:
            raise SchemaTooNewError(
                f"{self.path} has schema version {max(done)}; this memwarden knows up to {LATEST}: upgrade memwarden"
            )
        for version, name, statements in MIGRATIONS:
            if version in done:
                continue
            with self._tx():
                for sql in statements:
                    c.execute(sql.format(blob="BLOB", ts="TEXT", json="TEXT"))
                c.execute("INSERT INTO schema_migrations VALUES (?, ?, ?)", (version, name, utcnow().isoformat()))

    def schema_version(self) -> int:
        row = self._conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone()
        return int(row[0] or 0)

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock, immediate_transaction(self._conn) as c:
            yield c

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock, self._failing("database read failed"):
            return self._conn.execute(sql, params).fetchall()

    # -- writes -----------------------------------------------------------------

    def write(self, batch: WriteBatch) -> int:
        uid = batch.user_id
        _sql.check_own_scope(batch)
        with self._failing("database write failed, nothing was written"), self._tx() as c:
            if batch.unique_hashes:  # BEGIN IMMEDIATE holds the write lock: no one inserts in between
                _sql.check_unique_hashes(c, _DIALECT, batch)
            if batch.upserts:
                c.executemany(
                    f"INSERT OR REPLACE INTO memories ({_RECORD_COLUMNS}) VALUES ({', '.join('?' * (N_ITEM + 3))})",
                    [record_row(r) for r in batch.upserts],
                )
            if batch.deletes:
                c.executemany("DELETE FROM memories WHERE user_id=? AND id=?", [(uid, i) for i in batch.deletes])
            if batch.history:
                c.executemany(
                    "INSERT INTO history (user_id, id, memory_id, event, old_memory, new_memory, cause, at) VALUES (?,?,?,?,?,?,?,?)",
                    [(uid, h.id, h.memory_id, h.event, h.old_memory, h.new_memory, h.cause, _ts(h.at)) for h in batch.history],
                )
            if batch.receipts:
                c.executemany(
                    "INSERT OR REPLACE INTO receipts (user_id, id, memory_id, event, created_at, body) VALUES (?,?,?,?,?,?)",
                    [(uid, r.id, r.memory_id, r.event, _ts(r.created_at), r.model_dump_json()) for r in batch.receipts],
                )
            if batch.expire_unstored_receipts_before is not None:
                c.execute(expire_receipts_sql(_DIALECT), (uid, _ts(batch.expire_unstored_receipts_before)))
            c.execute(
                "INSERT INTO scopes (user_id, version, user_name) VALUES (?, 1, ?) "
                "ON CONFLICT(user_id) DO UPDATE SET version = version + 1, user_name = COALESCE(excluded.user_name, user_name)",
                (uid, batch.user_name),
            )
            return int(c.execute("SELECT version FROM scopes WHERE user_id=?", (uid,)).fetchone()[0])

    # -- reads ------------------------------------------------------------------

    def get(self, user_id: str, ids: Sequence[str]) -> list[MemoryRecord]:
        if not ids:
            return []
        found: dict[str, MemoryRecord] = {}
        for start in range(0, len(ids), 500):
            chunk = list(ids[start : start + 500])
            rows = self._read(
                f"SELECT {_RECORD_COLUMNS} FROM memories WHERE user_id=? AND id IN ({','.join('?' * len(chunk))})",
                [user_id, *chunk],
            )
            for row in rows:
                found[row[0]] = _record_from_row(row)
        return [found[i] for i in ids if i in found]

    def list(self, user_id: str, query: ListQuery) -> list[MemoryItem]:
        where, params = list_conditions(_DIALECT, user_id, query)
        for key, value in query.metadata.items():
            # JSON equality: the type must match too (SQLite's json_extract makes true equal 1,
            # and a string holding JSON text equal the object it spells). json_each, not a
            # '$."key"' path: SQLite paths cannot quote a key that contains a double quote.
            kinds = sqlite_json_kinds(value)
            cond = f"j.key = ? AND j.type IN ({', '.join('?' * len(kinds))})"
            params += [str(key), *kinds]
            if kinds[0] not in ("null", "true", "false"):
                cond += " AND j.value = json_extract(?, '$')"
                params.append(json.dumps(value, default=str))
            where.append(f"EXISTS (SELECT 1 FROM json_each(memories.metadata) AS j WHERE {cond})")
        if query.where is not None:
            cond, more = compile_sqlite(query.where, _ts)
            where.append(cond)
            params += more
        sql = f"SELECT {_ITEM_COLUMNS} FROM memories WHERE {' AND '.join(where)} ORDER BY created_at DESC, id"
        if query.limit is not None or query.offset:
            sql += " LIMIT ? OFFSET ?"  # SQLite: a negative limit is no limit
            params += [query.limit if query.limit is not None else -1, query.offset]
        return [_item_from_row(r) for r in self._read(sql, params)]

    def find_by_hash(self, user_id: str, hashes: Sequence[str]) -> dict[str, str]:
        out: dict[str, str] = {}
        uniq = list(dict.fromkeys(hashes))
        for start in range(0, len(uniq), 500):
            chunk = uniq[start : start + 500]
            rows = self._read(
                f"SELECT hash, id FROM memories WHERE user_id=? AND status='active' AND hash IN ({','.join('?' * len(chunk))})",
                [user_id, *chunk],
            )
            out.update({h: i for h, i in rows})
        return out

    def index_rows(self, user_id: str) -> IndexRows:
        with self._lock:  # version and rows from one snapshot
            with self._failing("database read failed"):
                self._conn.execute("BEGIN")
                try:
                    scope = self._conn.execute("SELECT version, user_name FROM scopes WHERE user_id=?", (user_id,)).fetchone()
                    rows = self._conn.execute(
                        f"SELECT {_INDEX_COLUMNS}, {_sql.INDEX_SOURCES['sqlite']} FROM memories WHERE user_id=? ORDER BY rowid",
                        (user_id,),
                    ).fetchall()
                finally:
                    self._conn.execute("COMMIT")
        version, name = (int(scope[0]), scope[1]) if scope else (0, None)
        return _sql.index_rows(version, rows, [r[4] for r in rows], _dt, name)

    def by_slot(self, user_id: str, slots: Sequence[str]) -> list[MemoryRecord]:
        uniq = [s for s in dict.fromkeys(slots) if s]
        if not uniq:
            return []
        out: list[MemoryRecord] = []
        for start in range(0, len(uniq), 500):
            chunk = uniq[start : start + 500]
            rows = self._read(
                f"SELECT {_RECORD_COLUMNS} FROM memories WHERE user_id=? AND kind='claim' AND status='active' "
                f"AND slot IN ({','.join('?' * len(chunk))}) ORDER BY rowid",
                [user_id, *chunk],
            )
            out += [_record_from_row(r) for r in rows]
        return out

    def close(self) -> None:
        with self._lock:
            self._conn.close()
