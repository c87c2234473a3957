"""Migrations are numbered, append-only, and portable between SQLite and PostgreSQL."""

from __future__ import annotations

import re
import sqlite3

import pytest

from memwarden.storage.migrations import LATEST, MIGRATIONS

SQLITE_TYPES = {"blob": "BLOB", "ts": "TEXT", "json": "TEXT"}
POSTGRES_TYPES = {"blob": "BYTEA", "ts": "TIMESTAMPTZ", "json": "JSONB"}


def test_versions_are_consecutive_and_named_after_their_number() -> None:
    versions = [v for v, _, _ in MIGRATIONS]
    assert versions == list(range(1, len(MIGRATIONS) + 1))
    assert LATEST == versions[-1]
    for version, name, statements in MIGRATIONS:
        assert re.fullmatch(rf"m{version:03d}_[a-z0-9_]+", name), name
        assert statements, name
    assert len({name for _, name, _ in MIGRATIONS}) == len(MIGRATIONS)


@pytest.mark.parametrize("types", [SQLITE_TYPES, POSTGRES_TYPES], ids=["sqlite", "postgresql"])
def test_only_the_known_type_placeholders_are_used(types: dict[str, str]) -> None:
    for _, name, statements in MIGRATIONS:
        for sql in statements:
            formatted = sql.format(**types)  # KeyError: an unknown placeholder
            assert "{" not in formatted and "}" not in formatted, name


def test_the_sql_avoids_sqlite_only_syntax() -> None:
    sqlite_only = re.compile(r"\b(AUTOINCREMENT|WITHOUT ROWID|INSERT OR|PRAGMA|STRICT|REPLACE INTO)\b", re.I)
    for _, name, statements in MIGRATIONS:
        for sql in statements:
            assert not sqlite_only.search(sql), (name, sql)


def test_every_migration_applies_in_order_on_sqlite() -> None:
    conn = sqlite3.connect(":memory:")
    for _, _, statements in MIGRATIONS:
        for sql in statements:
            conn.execute(sql.format(**SQLITE_TYPES))
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"scopes", "memories", "history", "receipts"} <= tables
    # scope is the first column of every primary key
    for table in ("memories", "history", "receipts"):
        pk = [r[1] for r in sorted(conn.execute(f"PRAGMA table_info({table})"), key=lambda r: r[5]) if r[5]]
        assert pk[0] == "user_id", table
    conn.close()
