"""Opening a PostgreSQL database for :class:`~memwarden.storage.postgres.PostgresStore`: the
checks that it is memwarden's and not too new, the shared migrations, the PostgreSQL-only
columns beside them, and the optional pgvector ``embedding`` column.

One function, :func:`migrate`, run inside the caller's transaction on one connection; it knows
nothing of the pool or the store.
"""

from __future__ import annotations

import psycopg

from .._util import utcnow
from ..errors import NotAMemwardenDatabase, SchemaTooNewError
from .migrations import LATEST, MIGRATIONS

APP_ID = "memwarden"
#: Serialises concurrent migrators (several server workers starting at once).
_MIGRATION_LOCK = 0x6D656D77  # "memw"

#: PostgreSQL-only statements applied in the same transaction as the shared migration.
_PG_EXTRAS: dict[int, list[str]] = {
    1: [
        "ALTER TABLE memories ADD COLUMN seq BIGSERIAL",
        "ALTER TABLE history ADD COLUMN seq BIGSERIAL",
        "ALTER TABLE receipts ADD COLUMN seq BIGSERIAL",
        "ALTER TABLE memories ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', tokens)) STORED",
        "CREATE INDEX memories_tsv ON memories USING GIN (tsv)",
        "CREATE INDEX memories_scope_seq ON memories (user_id, seq)",
    ],
}


def migrate(c: psycopg.Connection) -> bool:
    """Inside the caller's transaction: bring the current schema up to ``LATEST`` (refusing another
    application's tables and a newer memwarden's schema); return whether the ``embedding`` vector
    column is there (pgvector installed, or installable by this role)."""
    c.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
    tables = {r[0] for r in c.execute(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")}
    if "memories" in tables and "memwarden_meta" not in tables:
        raise NotAMemwardenDatabase("this PostgreSQL schema has a 'memories' table of another application")
    c.execute("CREATE TABLE IF NOT EXISTS memwarden_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    c.execute("INSERT INTO memwarden_meta VALUES ('app', %s) ON CONFLICT DO NOTHING", (APP_ID,))
    c.execute("CREATE TABLE IF NOT EXISTS schema_migrations "
              "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)")
    app = c.execute("SELECT value FROM memwarden_meta WHERE key='app'").fetchone()
    if not app or app[0] != APP_ID:
        raise NotAMemwardenDatabase("this PostgreSQL schema is not a memwarden database")
    done = {r[0] for r in c.execute("SELECT version FROM schema_migrations")}
    if done and max(done) > LATEST:
        raise SchemaTooNewError(
            f"the database has schema version {max(done)}; this memwarden knows up to {LATEST}: upgrade memwarden")
    for version, name, statements in MIGRATIONS:
        if version in done:
            continue
        for sql in statements:
            c.execute(sql.format(blob="BYTEA", ts="TIMESTAMPTZ", json="JSONB"))
        for sql in _PG_EXTRAS.get(version, []):
            c.execute(sql)
        c.execute("INSERT INTO schema_migrations VALUES (%s, %s, %s)", (version, name, utcnow()))
    return _vector_column(c)


def _vector_column(c: psycopg.Connection) -> bool:
    """pgvector is optional: the column exists, or is added when the server has the extension."""
    has_col = c.execute(
        "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() "
        "AND table_name='memories' AND column_name='embedding'").fetchone()
    if has_col:
        return True
    available = c.execute("SELECT 1 FROM pg_available_extensions WHERE name='vector'").fetchone()
    if not available:
        return False
    try:
        with c.transaction():  # savepoint: a missing privilege must not abort the migration
            c.execute("CREATE EXTENSION IF NOT EXISTS vector")
            c.execute("ALTER TABLE memories ADD COLUMN embedding vector")
    except psycopg.Error:
        return False
    return True
