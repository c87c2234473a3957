"""PostgreSQL search without its extra round trips (issue 16): the scope's version comes with the
hits, the pool does not test a connection at every checkout, and a connection that broke while
idle costs a retry, not an error."""

from __future__ import annotations

import psycopg
import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig


def test_search_reads_the_version_with_its_hits_and_ranks_again_after_another_process_wrote(pg_url):
    a = Memory(config=MemoryConfig(database=pg_url, embedder="hash"))
    b = Memory(config=MemoryConfig(database=pg_url, embedder="hash"))
    try:
        a.add("I live in Porto", user_id="u1", admission="all")
        a.search("Porto", user_id="u1")  # the index is built and cached
        asked: list[str] = []
        version = a.store.version
        a.store.version = lambda uid: asked.append(uid) or version(uid)  # type: ignore[method-assign]
        assert a.search("Porto", user_id="u1").results
        assert asked == []  # no separate version round trip for a warm index
        before = a.scopes.index("u1", verify=False)
        b.add("my bicycle is a red Brompton", user_id="u1", admission="all")
        texts = {e.text for h in a.search("red Brompton bicycle", user_id="u1").results for e in h.episodes}
        assert "my bicycle is a red Brompton" in texts  # the stale index was dropped and rebuilt
        assert a.scopes.index("u1", verify=False) is not before
        assert a.scopes.index("u1", verify=False).version == b.store.version("u1")
        b.delete_all(user_id="u1")
        assert a.search("Porto", user_id="u1").results == []  # an empty ranking is checked too
    finally:
        a.close()
        b.close()


def test_get_with_version_of_a_scope_never_written(pg_url):
    with Memory(config=MemoryConfig(database=pg_url, embedder="hash")) as m:
        assert m.store.get_with_version("nobody", ["x"]) == ([], 0)
        m.add("I live in Porto", user_id="u1", admission="all")
        ids = [i.id for i in m.get_all(user_id="u1", kind="any")]
        recs, version = m.store.get_with_version("u1", ids + ["missing"])
        assert [r.item.id for r in recs] == ids and version == m.store.version("u1") > 0


def test_a_connection_closed_while_idle_costs_a_retry_not_an_error(pg_url):
    with Memory(config=MemoryConfig(database=pg_url, embedder="hash")) as m:
        m.add("I live in Porto", user_id="u1", admission="all")
        pids = {int(r[0]) for r in m.store._read("SELECT pg_backend_pid()")}
        # Every idle connection of the pool is killed by the server, as a restart would.
        with psycopg.connect(pg_url, autocommit=True) as admin:
            others = [int(r[0]) for r in admin.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() "
                "AND application_name = (SELECT application_name FROM pg_stat_activity WHERE pid = %s)",
                (next(iter(pids)),)).fetchall()]
            assert next(iter(pids)) in others
            for pid in others:
                admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        assert m.search("Porto", user_id="u1").results  # no StorageError
        assert m.store.version("u1") > 0


@pytest.fixture(autouse=True)
def _quiet_pool_logs(caplog):
    caplog.set_level("ERROR", logger="psycopg.pool")  # "discarding broken connection" is expected here
