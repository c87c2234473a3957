"""SQL that the SQLite and PostgreSQL stores share, parameterised by dialect.

The two backends differ in placeholders (``?`` / ``%s``), in the column that
breaks ties in insertion order (``rowid`` / ``seq``) and in how a timestamp
is passed; the queries themselves are the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Callable, Sequence

from ..models import HistoryEvent
from .base import ListQuery


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
    conn.execute(f"UPDATE scopes SET version = version + 1 WHERE user_id={d.ph}", (user_id,))
    return n


def reset(conn: Any) -> None:
    """Inside the caller's transaction: remove every scope's rows, bumping every version."""
    for table in SCOPED_TABLES:
        conn.execute(f"DELETE FROM {table}")
    conn.execute("UPDATE scopes SET version = version + 1")
