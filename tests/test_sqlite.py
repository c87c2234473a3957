"""The SQLite backend's own guarantees: it refuses foreign or newer files without
touching them, it migrates once, and a kill -9 in the middle of an import loses
nothing that was committed and leaves nothing half-written."""

from __future__ import annotations

import hashlib
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

import memwarden
from memwarden import Memory, MemoryConfig, NotAMemwardenDatabase, SchemaTooNewError, StorageError
from memwarden.storage import ListQuery, SQLiteStore
from memwarden.storage.migrations import LATEST, MIGRATIONS


def fingerprint(path: Path) -> tuple[str, list[str]]:
    """The file's bytes and which sidecar files exist next to it."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    return digest, sorted(p.name for p in path.parent.iterdir())


def other_apps_db(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    conn.execute("INSERT INTO notes (body) VALUES ('do not touch')")
    conn.commit()
    conn.close()


@pytest.mark.parametrize(
    "content",
    [
        os.urandom(8192),
        b"SQLite format 3\x00" + os.urandom(4096),  # the right magic, garbage after it
        b"id,text\n1,hello\n",
        "{\"not\": \"a database\"}\n".encode(),
    ],
    ids=["random", "bad-header", "csv", "json"],
)
def test_a_file_that_is_not_a_database_is_refused_untouched(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "data.db"
    path.write_bytes(content)
    before = fingerprint(path)
    with pytest.raises(NotAMemwardenDatabase, match="not a memwarden database"):
        SQLiteStore(path)
    with pytest.raises(NotAMemwardenDatabase):
        Memory(path, config=MemoryConfig(embedder="hash"))
    assert fingerprint(path) == before


def test_another_applications_sqlite_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "app.db"
    other_apps_db(path)
    before = fingerprint(path)
    with pytest.raises(NotAMemwardenDatabase, match="another application"):
        SQLiteStore(path)
    with pytest.raises(NotAMemwardenDatabase):
        Memory(path, config=MemoryConfig(embedder="hash"))
    assert fingerprint(path) == before  # not even switched to WAL
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert conn.execute("SELECT body FROM notes").fetchall() == [("do not touch",)]
    conn.close()


def test_a_database_claimed_by_another_app_id_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    SQLiteStore(path).close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE memwarden_meta SET value='something-else' WHERE key='app'")
    conn.commit()
    conn.close()
    with pytest.raises(NotAMemwardenDatabase):
        SQLiteStore(path)


def test_a_database_from_a_newer_version_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    with Memory(path, config=MemoryConfig(embedder="hash")) as m:
        m.add("written by today's memwarden", user_id="u")
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO schema_migrations VALUES (?, 'm999_from_the_future', '2030-01-01')", (LATEST + 1,))
    conn.commit()
    conn.close()
    before = fingerprint(path)
    with pytest.raises(SchemaTooNewError, match="upgrade memwarden"):
        SQLiteStore(path)
    with pytest.raises(StorageError):
        Memory(path, config=MemoryConfig(embedder="hash"))
    assert fingerprint(path) == before


def test_a_locked_database_is_a_storage_error_not_a_foreign_file(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    SQLiteStore(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process is writing
    try:
        with pytest.raises(StorageError, match="locked") as info:
            SQLiteStore(path, timeout=0.05)
        assert not isinstance(info.value, NotAMemwardenDatabase)
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_a_directory_is_not_a_database(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="directory"):
        SQLiteStore(tmp_path)


def test_an_empty_file_becomes_a_database(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    path.touch()
    store = SQLiteStore(path)
    assert store.schema_version() == LATEST
    store.close()


def test_missing_parent_directories_are_created(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "mem.db"
    SQLiteStore(path).close()
    assert path.is_file()


def test_new_database_is_migrated_once_and_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    for _ in range(3):
        store = SQLiteStore(path)
        assert store.schema_version() == LATEST
        store.close()
    conn = sqlite3.connect(path)
    rows = conn.execute("SELECT version, name FROM schema_migrations ORDER BY version").fetchall()
    assert rows == [(v, name) for v, name, _ in MIGRATIONS]
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


def test_a_failed_migration_is_rolled_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import memwarden.storage.sqlite as sqlite_mod

    broken = [(1, "m001_half_broken", ["CREATE TABLE scopes (user_id TEXT PRIMARY KEY)", "THIS IS NOT SQL"])]
    monkeypatch.setattr(sqlite_mod, "MIGRATIONS", broken)
    path = tmp_path / "m.db"
    with pytest.raises(StorageError) as info:
        SQLiteStore(path)
    assert not isinstance(info.value, NotAMemwardenDatabase)  # our own file, our own failure
    monkeypatch.undo()
    store = SQLiteStore(path)  # the half-applied migration left nothing behind
    assert store.schema_version() == LATEST
    store.close()


# -- crash safety ---------------------------------------------------------------------------------

BATCH = 25

IMPORTER = textwrap.dedent(
    """
    import sys
    from memwarden import Memory, MemoryConfig

    path, start, BATCH = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    m = Memory(path, config=MemoryConfig(embedder="hash"))
    for batch in range(start, start + 100_000):
        turns = [
            {"role": "user" if i % 2 else "assistant", "name": f"speaker{i % 2}", "id": f"B{batch}:{i}",
             "content": f"batch {batch} turn {i}: the {i}th remark about topic{batch % 17} and item{i}"}
            for i in range(BATCH)
        ]
        m.add(turns, user_id=f"user{batch % 3}", metadata={"batch": batch}, admission="all")
        print(batch, flush=True)
    """
)


def _run_and_kill(script: Path, db: Path, start: int, after_batches: int, extra_delay: float) -> list[int]:
    env = dict(os.environ, PYTHONPATH=str(Path(memwarden.__file__).parents[1]))
    proc = subprocess.Popen([sys.executable, str(script), str(db), str(start), str(BATCH)], stdout=subprocess.PIPE, env=env, text=True)
    done: list[int] = []
    try:
        assert proc.stdout is not None
        while len(done) < after_batches:
            line = proc.stdout.readline()
            if not line:
                raise AssertionError(f"importer exited early with {proc.wait()}")
            done.append(int(line))
        time.sleep(extra_delay)  # land somewhere inside a later batch
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL
    return done


def _check_consistent(db: Path, acknowledged: list[int]) -> int:
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    conn.close()
    store = SQLiteStore(db)
    total = 0
    try:
        for user in ("user0", "user1", "user2"):
            items = store.list(user, ListQuery(limit=None))
            episodes = [it for it in items if it.kind == "episode"]
            claims = [it for it in items if it.kind == "claim"]
            by_batch: dict[int, int] = {}
            for it in episodes:
                by_batch[it.metadata["batch"]] = by_batch.get(it.metadata["batch"], 0) + 1
            # every batch is complete: all its turns (episodes) or none of them
            assert all(n == BATCH for n in by_batch.values()), by_batch
            for b in acknowledged:
                if b % 3 == int(user[-1]):
                    assert by_batch.get(b) == BATCH, f"acknowledged batch {b} lost"
            # ...and the claims of a batch only with its episodes
            assert {c.metadata["batch"] for c in claims} <= set(by_batch)
            ids = {it.id for it in items}
            receipts = store.receipts(user, limit=1_000_000)
            turn_receipts = [r.memory_id for r in receipts if r.kind == "episode"]
            assert sorted(turn_receipts) == sorted(it.id for it in episodes)  # one receipt per turn
            assert {r.memory_id for r in receipts if r.kind == "claim" and r.memory_id} == {c.id for c in claims}
            for it in items:
                assert [h.event for h in store.history(user, it.id)] == ["ADD"]
            rows = store.index_rows(user)
            assert sorted(rows.ids) == sorted(ids)
            if ids:
                assert rows.vectors.shape == (len(ids), 256)
                norms = np.linalg.norm(rows.vectors, axis=1)
                # claims are embedded; an episode shares its claims' direction or is keyword-only
                assert np.all((np.abs(norms - 1.0) < 1e-5) | ((norms == 0) & np.array([k == "episode" for k in rows.kinds])))
                assert all(rows.tokens)
            total += len(items)
    finally:
        store.close()
    return total


def test_kill_9_during_an_import_loses_nothing_committed(tmp_path: Path) -> None:
    script = tmp_path / "importer.py"
    script.write_text(IMPORTER)
    db = tmp_path / "crash.db"
    acknowledged: list[int] = []
    start = 0
    for round_, delay in enumerate((0.0, 0.013, 0.037)):
        done = _run_and_kill(script, db, start, after_batches=4 + round_, extra_delay=delay)
        acknowledged += done
        total = _check_consistent(db, acknowledged)
        assert total >= len(acknowledged) * BATCH
        start = max(acknowledged) + 1000  # next run's batch numbers never collide with a half-seen one
    # after all that the database is fully usable
    with Memory(db, config=MemoryConfig(embedder="hash")) as m:
        hits = m.search("remark about topic3", user_id=f"user{acknowledged[0] % 3}").results
        assert hits
        m.add("life after the crash", user_id="user0")
        assert m.search("life after the crash", user_id="user0", kind="episode").results[0].memory == "life after the crash"
