"""The Store protocol on PostgreSQL, checked side by side with SQLite.

Until the shared conformance suite (tests/test_store_conformance.py) lands,
these run the same assertions against both backends through one fixture.
"""

from __future__ import annotations

from datetime import timedelta

import numpy as np
import pytest

from memwarden import Memory
from memwarden._util import new_id, text_hash, utcnow
from memwarden.config import MemoryConfig
from memwarden.errors import InvalidInputError, NotAMemwardenDatabase, SchemaTooNewError, StorageError
from memwarden.models import HistoryEvent, MemoryItem, Receipt
from memwarden.storage import ListQuery, MemoryRecord, SQLiteStore, Store, WriteBatch, open_store
from memwarden.storage.migrations import LATEST


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path) -> Store:
    if request.param == "sqlite":
        s = SQLiteStore(tmp_path / "m.db")
    else:
        s = open_store(request.getfixturevalue("pg_url"))
    yield s
    s.close()


def _rec(uid: str, text: str, *, agent: str | None = None, meta: dict | None = None, dim: int = 8) -> MemoryRecord:
    now = utcnow()
    item = MemoryItem(id=new_id(), memory=text, user_id=uid, agent_id=agent, hash=text_hash(text),
                      metadata=meta or {}, created_at=now, updated_at=now, source_turn_ids=["D1:1"])
    vec = np.random.default_rng(len(text)).standard_normal(dim).astype(np.float32)
    return MemoryRecord(item=item, vector=vec / np.linalg.norm(vec), tokens=text.lower().split(), embedding_model="test")


def _receipt(uid: str, mid: str | None, text: str) -> Receipt:
    return Receipt(id=new_id(), user_id=uid, memory_id=mid, text=text, event="admitted", reason="test",
                   scores={"novelty": 0.5}, created_at=utcnow())


def test_is_a_store(store):
    assert isinstance(store, Store)


def test_write_then_read_round_trip(store):
    a = _rec("u1", "likes green tea", agent="bot", meta={"topic": "food", "n": 1})
    a.item = a.item.model_copy(update={"card": {"scope": "food"}, "occurred_at": utcnow() - timedelta(days=3)})
    v = store.write(WriteBatch(user_id="u1", upserts=[a], receipts=[_receipt("u1", a.item.id, "likes green tea")]))
    assert v == 1 and store.version("u1") == 1 and store.version("u2") == 0
    got = store.get("u1", [a.item.id])[0]
    assert got.item == a.item
    assert np.allclose(got.vector, a.vector) and got.tokens == a.tokens and got.embedding_model == "test"
    assert store.list("u1", ListQuery(metadata={"topic": "food"}))[0].id == a.item.id
    assert store.list("u1", ListQuery(metadata={"n": 1}))[0].id == a.item.id
    assert store.list("u1", ListQuery(metadata={"topic": "work"})) == []
    assert store.list("u1", ListQuery(agent_id="other")) == []
    assert store.receipts("u1")[0].scores == {"novelty": 0.5}
    assert store.find_by_hash("u1", [text_hash("likes green tea")]) == {text_hash("likes green tea"): a.item.id}


def test_scopes_never_mix(store):
    a, b = _rec("alice", "secret alpha"), _rec("bob", "secret beta")
    store.write(WriteBatch(user_id="alice", upserts=[a], receipts=[_receipt("alice", a.item.id, "x")]))
    store.write(WriteBatch(user_id="bob", upserts=[b]))
    assert store.get("alice", [b.item.id]) == []
    assert [i.id for i in store.list("alice", ListQuery())] == [a.item.id]
    assert store.find_by_hash("bob", [a.item.hash]) == {}
    assert store.receipts("bob") == []
    assert store.index_rows("bob").ids == [b.item.id]
    assert store.delete_scope("bob") == 1
    assert store.get("alice", [a.item.id])


def test_batch_is_atomic(store):
    a = _rec("u1", "first")
    ev = HistoryEvent(id="h1", memory_id=a.item.id, user_id="u1", event="ADD", cause="t", at=utcnow())
    store.write(WriteBatch(user_id="u1", upserts=[a], history=[ev]))
    b = _rec("u1", "second")
    with pytest.raises(StorageError):  # the repeated history id fails the whole batch
        store.write(WriteBatch(user_id="u1", upserts=[b], history=[ev]))
    assert store.get("u1", [b.item.id]) == []
    assert store.version("u1") == 1


def test_batch_cannot_cross_scope(store):
    with pytest.raises(StorageError):
        store.write(WriteBatch(user_id="u1", upserts=[_rec("u2", "x")]))


def test_upsert_delete_history_and_order(store):
    a = _rec("u1", "old text")
    t0 = utcnow()
    store.write(WriteBatch(user_id="u1", upserts=[a], history=[
        HistoryEvent(id=new_id(), memory_id=a.item.id, user_id="u1", event="ADD", new_memory="old text", cause="t", at=t0)]))
    a2 = MemoryRecord(a.item.model_copy(update={"memory": "new text", "status": "superseded"}), a.vector, ["new"], "test")
    store.write(WriteBatch(user_id="u1", upserts=[a2], history=[
        HistoryEvent(id=new_id(), memory_id=a.item.id, user_id="u1", event="UPDATE", old_memory="old text", cause="t", at=t0)]))
    assert store.get("u1", [a.item.id])[0].item.memory == "new text"
    assert [h.event for h in store.history("u1", a.item.id)] == ["ADD", "UPDATE"]
    assert store.list("u1", ListQuery(include_superseded=False)) == []
    rows = store.index_rows("u1")
    assert rows.version == 2 and rows.statuses == ["superseded"] and rows.vectors.shape == (1, 8)
    store.write(WriteBatch(user_id="u1", deletes=[a.item.id]))
    assert store.get("u1", [a.item.id]) == [] and store.version("u1") == 3


def test_list_newest_first_with_paging(store):
    recs = []
    for i in range(5):
        r = _rec("u1", f"memory {i}")
        r.item = r.item.model_copy(update={"created_at": utcnow() + timedelta(seconds=i)})
        recs.append(r)
    store.write(WriteBatch(user_id="u1", upserts=recs))
    ids = [i.id for i in store.list("u1", ListQuery(limit=2, offset=1))]
    assert ids == [recs[3].item.id, recs[2].item.id]
    assert len(store.list("u1", ListQuery(limit=None))) == 5


def test_receipts_filters(store):
    r1, r2 = _receipt("u1", "m1", "a"), _receipt("u1", "m2", "b")
    store.write(WriteBatch(user_id="u1", receipts=[r1]))
    store.write(WriteBatch(user_id="u1", receipts=[r2]))
    assert [r.id for r in store.receipts("u1")] == [r2.id, r1.id]
    assert [r.id for r in store.receipts("u1", memory_id="m1")] == [r1.id]
    assert [r.id for r in store.receipts("u1", receipt_id=r2.id)] == [r2.id]
    assert store.receipts("u1", since=utcnow() + timedelta(hours=1)) == []
    assert len(store.receipts("u1", limit=1)) == 1


def test_hostile_strings_are_data(store):
    evil = "'); DROP TABLE memories; -- \" OR 1=1 ☃"
    key = "k'; DROP TABLE x; --"  # (SQLite's JSON path cannot name a key holding '"': reported)
    a = _rec(evil, evil, meta={key: evil})
    store.write(WriteBatch(user_id=evil, upserts=[a]))
    assert store.get(evil, [a.item.id])[0].item.memory == evil
    assert store.list(evil, ListQuery(metadata={key: evil}))[0].id == a.item.id
    assert store.list("u1", ListQuery()) == []


def test_reset(store):
    store.write(WriteBatch(user_id="u1", upserts=[_rec("u1", "x")]))
    store.reset()
    assert store.list("u1", ListQuery()) == [] and store.version("u1") == 2


# -- PostgreSQL specifics -----------------------------------------------------------


def test_pg_schema_and_migrations(pg_url):
    import psycopg

    s = open_store(pg_url)
    assert type(s).__name__ == "PostgresStore" and s.schema_version() == LATEST
    s.close()
    s = open_store(pg_url)  # idempotent: migrations run once
    s.close()
    with psycopg.connect(pg_url) as conn:
        types = dict(conn.execute(
            "SELECT column_name, data_type FROM information_schema.columns WHERE table_name='memories'").fetchall())
        assert types["metadata"] == "jsonb" and types["card"] == "jsonb" and types["vector"] == "bytea"
        assert types["created_at"] == "timestamp with time zone" and types["tsv"] == "tsvector"
        assert types["kind"] == "text" and types["claim"] == "jsonb" and types["valid_to"] == "timestamp with time zone"
        for table in ("memories", "history", "receipts"):
            pk = [r[0] for r in conn.execute(
                "SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid=i.indrelid AND a.attnum = ANY(i.indkey) "
                "WHERE i.indrelid = %s::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)", (table,))]
            assert pk[0] == "user_id", table
        indexes = [r[0] for r in conn.execute("SELECT indexdef FROM pg_indexes WHERE tablename='memories'")]
        assert any("btree (user_id" in d for d in indexes) and any("gin (tsv)" in d for d in indexes)
        assert conn.execute("SELECT count(*) FROM schema_migrations").fetchone()[0] == LATEST
        conn.execute("INSERT INTO schema_migrations VALUES (99, 'future', now())")
    with pytest.raises(SchemaTooNewError):
        open_store(pg_url)


def test_pg_refuses_foreign_schema(pg_url):
    import psycopg

    with psycopg.connect(pg_url) as conn:
        conn.execute("CREATE TABLE memories (x int)")
    with pytest.raises(NotAMemwardenDatabase):
        open_store(pg_url)


def test_pg_unreachable_is_storage_error():
    pytest.importorskip("psycopg")
    from memwarden.storage.postgres import PostgresStore

    with pytest.raises(StorageError):
        PostgresStore("postgresql://nobody@127.0.0.1:1/none?connect_timeout=1", timeout=2)


def test_pg_rejects_nul_in_metadata_cleanly(pg_url):
    s = open_store(pg_url)
    with pytest.raises(InvalidInputError):
        s.write(WriteBatch(user_id="u1", upserts=[_rec("u1", "x", meta={"k": "a\x00b"})]))
    assert s.version("u1") == 0
    s.close()


def test_pg_nearest_agrees_with_in_process_search(pg_url):
    m = Memory(config=MemoryConfig(database=pg_url, embedder="hash"))
    for text in ["my dog is called Rex", "I drink green tea", "the car is blue", "we moved to Lisbon"]:
        m.add(text, user_id="u1", admission="all")
    m.add("my dog is called Rex", user_id="u2", admission="all")
    if not m.store.pgvector:
        pytest.skip("pgvector not installed on this server")
    q = m.embedder.embed(["dog Rex"])[0]
    sql = m.store.nearest("u1", q, 4)
    index = m.scopes.index("u1")
    ranked = index.dense(q, index.mask(agent_id=None, run_id=None, include_superseded=False), 4)
    # the same best score (a claim and its one-claim episode share a vector, so ids may tie)
    assert sql[0][1] == pytest.approx(float(ranked.scores[0]), abs=1e-5)
    assert [s for _, s in sql] == pytest.approx(ranked.scores.tolist(), abs=1e-5)
    assert all(m.get(i, user_id="u1") for i, _ in sql)
    m.close()


def test_memory_facade_on_postgres_two_processes_share_state(pg_url):
    a = Memory(config=MemoryConfig(database=pg_url, embedder="hash"))
    b = Memory(config=MemoryConfig(database=pg_url, embedder="hash"))
    a.add("I live in Porto", user_id="u1", admission="all")
    assert b.search("Porto", user_id="u1").results[0].episodes[0].text == "I live in Porto"
    b.add("I work at a bakery", user_id="u1", admission="all")
    assert "I work at a bakery" in {e.text for h in a.search("bakery", user_id="u1").results for e in h.episodes}
    a.close(), b.close()


def test_pg_ann_index_rejects_bad_arguments_with_clear_errors_and_builds_nothing(pg_url):
    s = open_store(pg_url)
    if not s.pgvector:
        pytest.skip("pgvector not installed on this server")
    for kwargs, words in (({"dim": 16, "method": "btree"}, "unknown ANN index method"),
                          ({"dim": 0}, "dimension"), ({"dim": 5000}, "dimension"),
                          ({"dim": "16; DROP TABLE memories"}, "dimension"), ({"dim": True}, "dimension"),
                          ({"dim": 16, "method": "ivfflat", "lists": 0}, "lists")):
        with pytest.raises(InvalidInputError, match=words):
            s.ensure_ann_index(**kwargs)
    assert s._ann_known(16) is False
    s.write(WriteBatch(user_id="u", upserts=[_rec("u", "still here", dim=16)]))
    assert [r.memory for r in s.list("u", ListQuery())] == ["still here"]


@pytest.mark.parametrize("method", ["hnsw", "ivfflat"])
def test_pg_ann_iterative_scan_keeps_a_small_scope_whole_and_agrees_with_exact(pg_url, method):
    s = open_store(pg_url)
    if not s.pgvector:
        pytest.skip("pgvector not installed on this server")
    rng = np.random.default_rng(1)

    def recs(uid: str, n: int) -> list[MemoryRecord]:
        out = []
        for i in range(n):
            r = _rec(uid, f"{uid} memory {i}", dim=16)
            v = rng.standard_normal(16).astype(np.float32)
            r.vector = v / np.linalg.norm(v)
            out.append(r)
        return out

    s.write(WriteBatch(user_id="big", upserts=recs("big", 3000)))
    s.write(WriteBatch(user_id="small", upserts=recs("small", 7)))
    s.ensure_ann_index(16, method=method)
    s.ensure_ann_index(16, method=method)  # idempotent
    hits = 0
    for _ in range(20):
        q = rng.standard_normal(16).astype(np.float32)
        q /= np.linalg.norm(q)
        exact = s.nearest("big", q, 10, exact=True)
        approx, version = s.nearest_versioned("big", q, 10, exact=False)
        assert version == s.version("big") == 1
        assert [d for _, d in approx] == sorted((d for _, d in approx), reverse=True)
        hits += len({i for i, _ in exact} & {i for i, _ in approx})
        # 7 rows among 3,007 in the index: the iterative scan walks on until it has all 7.
        small = s.nearest("small", q, 10, exact=False)
        assert sorted(small) == sorted(s.nearest("small", q, 10, exact=True))
        assert len(small) == 7
    assert hits / 200 >= 0.95
    s.close()


@pytest.mark.parametrize("method", ["ivfflat", "hnsw"])
def test_memory_search_on_postgres_takes_candidates_from_pgvector_and_filters_lose_nothing(pg_url, method, monkeypatch):
    from memwarden.providers.embedder import HashEmbedder
    from memwarden.retrieval import ann as ann_mod
    from memwarden.retrieval import index as index_mod
    from memwarden.retrieval.index import top_k

    dim, n = 16, 3000
    m = Memory(config=MemoryConfig(database=pg_url), embedder=HashEmbedder(dim))
    if not m.store.pgvector:
        pytest.skip("pgvector not installed on this server")
    rng = np.random.default_rng(3)
    words = ["kyoto", "pottery", "marathon", "violin", "garden", "chess"]
    recs = []
    for i in range(n):
        r = _rec("big", f"{words[i % 6]} note {i}", agent="b" if i % 3 == 0 else "a",
                 meta={"cat": "rare" if i % 20 == 0 else "common"}, dim=dim)
        v = rng.standard_normal(dim).astype(np.float32)
        r.vector = v / np.linalg.norm(v)
        recs.append(r)
    m.store.write(WriteBatch(user_id="big", upserts=recs))
    m.store.write(WriteBatch(user_id="other", upserts=[_rec("other", "kyoto note x", dim=dim)]))
    m.store.ensure_ann_index(dim, method=method)
    # The large-scope paths at this size: int8 from 0 rows, the ANN step from 100 masked rows.
    monkeypatch.setattr(index_mod, "EXACT_ROWS", 0)
    monkeypatch.setattr(index_mod, "ANN_ROWS", 100)
    index = m.scopes.index("big")
    asked: list[int] = []
    remote = index.remote
    assert remote is not None

    def counted(q: np.ndarray, k: int) -> list[str] | None:
        asked.append(k)
        return remote(q, k)

    index.remote = counted
    assert len(m.search("kyoto garden", user_id="big", limit=10, trust=False).results) == 10
    assert not asked  # off by default (slower than the in-process lists where measured)
    monkeypatch.setattr(index_mod, "STORE_ANN_ROWS", 100)
    hits = 0
    for _ in range(10):
        q = rng.standard_normal(dim).astype(np.float32)
        q /= np.linalg.norm(q)
        for agent in (None, "b"):
            mask = index.mask(agent_id=agent, run_id=None, include_superseded=False)
            exact = top_k(np.where(mask[: index.n], index.vectors @ q, -np.inf), 10)
            got = index.dense(q, mask, 10)
            assert len(got.rows) == 10 and mask[got.rows].all()
            assert got.scores.tolist() == pytest.approx((index.vectors[got.rows] @ q).tolist(), abs=1e-6)  # exact re-scores
            hits += len(set(got.rows.tolist()) & set(exact.tolist()))
    assert asked and hits / 200 >= 0.95  # pgvector answered, with IVFFlat/HNSW recall
    # Through the facade (which asks for the top 400 to fuse): the whole scope, then one agent's
    # third of it (asked for 3 x 400 rows: the share of the scope it may ask for is raised here).
    asked.clear()
    assert len(m.search("kyoto garden", user_id="big", limit=10, trust=False).results) == 10 and asked
    monkeypatch.setattr(ann_mod, "STORE_MAX_SHARE", 1.0)
    asked.clear()
    res = m.search("kyoto garden", user_id="big", agent_id="b", limit=10, trust=False)
    assert asked and len(res.results) == 10 and all(h.agent_id == "b" for h in res.results)
    # 150 rows carry cat=rare: too few for the index to supply in 3,000 asked, so the in-process
    # scan answers, and finds every one of them.
    asked.clear()
    rare = m.search("kyoto garden", user_id="big", filters={"cat": "rare"}, limit=200, trust=False)
    assert len(rare.results) == 150 and all(h.metadata["cat"] == "rare" for h in rare.results)
    assert m.search("kyoto", user_id="other", limit=10, trust=False).results[0].memory == "kyoto note x"
    m.close()
