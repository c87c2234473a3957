"""The per-scope search index: BM25 statistics, masks, and coherence with the store.

The index is a cache of ``Store.index_rows``. Whatever happened through whichever
``Memory`` object, a search must rank exactly as an index freshly rebuilt from the
database would.
"""

from __future__ import annotations

import math
import threading
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memwarden import Memory, MemoryConfig
from memwarden.admission import AdmissionContext, Decision
from memwarden.retrieval.index import BM25_B, BM25_K1, IndexCache, ScopeIndex, top_k
from memwarden.retrieval.text import tokenize
from memwarden.storage import IndexRows, SQLiteStore

U = "alice"


def hash_memory(path: Path | str = ":memory:") -> Memory:
    # One row per add (claims=False): these tests count and name rows; coherence is kind-agnostic.
    return Memory(path, config=MemoryConfig(embedder="hash", claims=False))


def ranking(m: Memory, query: str, user: str = U, **kw) -> list[tuple[str, float, float | None, float | None]]:
    return [(h.id, h.score, h.scores.dense, h.scores.keyword) for h in m.search(query, user_id=user, limit=50, **kw).results]


def rows_of(docs: list[str], statuses: list[str] | None = None, dim: int = 4) -> IndexRows:
    n = len(docs)
    rng = np.random.default_rng(0)
    vecs = rng.standard_normal((n, dim)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    return IndexRows(
        version=1, ids=[f"m{i}" for i in range(n)], agent_ids=["a" if i % 2 else None for i in range(n)],
        run_ids=[f"r{i % 3}" for i in range(n)], statuses=statuses or ["active"] * n, vectors=vecs,
        tokens=[tokenize(d) for d in docs], embedding_models=["t"] * n,
    )


# -- ScopeIndex -----------------------------------------------------------------------------------


def test_bm25_matches_the_formula() -> None:
    docs = ["beagle park", "beagle beagle dog", "cat", "park bench park lake"]
    idx = ScopeIndex(rows_of(docs), 4)
    rows = np.arange(len(docs))
    got = idx.bm25_scores(tokenize("beagle park"), rows)
    toks = [tokenize(d) for d in docs]
    avgdl = sum(map(len, toks)) / len(toks)

    def score(doc: list[str]) -> float:
        s = 0.0
        for term in {"beagl", "park"}:
            df = sum(term in t for t in toks)
            tf = doc.count(term)
            if tf:
                idf = math.log(1 + (len(toks) - df + 0.5) / (df + 0.5))
                s += idf * tf * (BM25_K1 + 1) / (tf + BM25_K1 * (1 - BM25_B + BM25_B * len(doc) / avgdl))
        return s

    np.testing.assert_allclose(got, [score(t) for t in toks], rtol=1e-6)
    assert got[2] == 0
    # a subset of rows gets the same scores: statistics are the scope's, not the subset's
    np.testing.assert_allclose(idx.bm25_scores(tokenize("beagle park"), np.array([3, 0])), got[[3, 0]])


def test_dense_is_exact_top_k_within_the_mask() -> None:
    idx = ScopeIndex(rows_of([f"doc {i}" for i in range(40)], dim=8), 8)
    q = np.random.default_rng(1).standard_normal(8).astype(np.float32)
    mask = idx.mask(agent_id="a", run_id=None, include_superseded=False)
    ranked = idx.dense(q, mask, 5)
    sims = idx.vectors @ q
    allowed = [i for i in range(40) if i % 2]
    assert ranked.rows.tolist() == sorted(allowed, key=lambda i: -sims[i])[:5]
    assert idx.dense(q, mask, 1000).rows.size == len(allowed)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 5), max_size=40), st.integers(0, 45))
def test_top_k_is_a_stable_sort_prefix(values: list[int], k: int) -> None:
    scores = np.array(values, dtype=np.float32)
    expected = sorted(range(len(values)), key=lambda i: (-values[i], i))[:k]
    assert top_k(scores, k).tolist() == expected


def test_masks() -> None:
    statuses = ["active", "superseded", "active", "active", "superseded", "active"]
    idx = ScopeIndex(rows_of([f"d{i}" for i in range(6)], statuses), 4)
    assert idx.mask(agent_id=None, run_id=None, include_superseded=True).tolist() == [True] * 6
    assert idx.mask(agent_id=None, run_id=None, include_superseded=False).tolist() == [s == "active" for s in statuses]
    assert idx.mask(agent_id="a", run_id="r0", include_superseded=True).tolist() == [False, False, False, True, False, False]


def test_an_empty_index() -> None:
    idx = ScopeIndex(IndexRows(0, [], [], [], [], np.zeros((0, 0), np.float32), [], []), 4)
    mask = idx.mask(agent_id=None, run_id=None, include_superseded=False)
    assert idx.dense(np.ones(4, np.float32), mask, 10).rows.size == 0
    assert idx.bm25_scores(["x"], np.zeros(0, np.int64)).size == 0


def test_vectors_of_another_dimension_are_ignored_not_mixed() -> None:
    idx = ScopeIndex(rows_of(["a b", "c d"], dim=3), 4)
    assert idx.vectors.shape == (2, 4) and not idx.vectors.any()


def test_the_index_grows_past_its_first_capacity() -> None:
    m = hash_memory()
    m.add([{"content": f"entry {i} about topic{i % 7}"} for i in range(1500)], user_id=U, admission="all")
    m.search("topic3", user_id=U)
    m.add([{"content": f"late entry {i} about topic{i % 7}"} for i in range(1500)], user_id=U, admission="all")
    assert len(m.search("late entry topic3", user_id=U, limit=300).results) == 300
    fresh = Memory(store=m.store, config=MemoryConfig(embedder="hash"))
    assert ranking(fresh, "late entry topic3") == ranking(m, "late entry topic3")


def test_a_scope_written_by_two_embedders_stays_usable(tmp_path: Path) -> None:
    from memwarden.providers import HashEmbedder

    path = tmp_path / "m.db"
    with Memory(path, embedder=HashEmbedder(256)) as m:
        m.add("written with the old embedder about kayaks", user_id=U)
    with Memory(path, embedder=HashEmbedder(64)) as m:
        m.add("written with the new embedder about canoes", user_id=U)
    with Memory(path, embedder=HashEmbedder(64)) as m:  # a fresh process rebuilds from the database
        assert m.search("canoes", user_id=U).results[0].scores.dense_rank == 1
        assert m.search("kayaks", user_id=U).results[0].scores.keyword_rank == 1
        m.add("and a third one about rafts", user_id=U)


# -- coherence with the store -------------------------------------------------------------------------


def test_two_memories_on_one_file_see_each_others_writes(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    one, two = hash_memory(path), hash_memory(path)
    a = one.add("I keep bees in the garden", user_id=U).results[0].memory_id
    assert [h.id for h in two.search("bees", user_id=U).results] == [a]  # builds two's index
    b = two.add("The bees swarmed in May", user_id=U).results[0].memory_id
    assert {h.id for h in one.search("bees", user_id=U).results} == {a, b}  # one's index was stale: rebuilt
    # one writes on top of its own stale-then-rebuilt index; two writes on top of one's write
    one.update(a, "I keep wasps in the garden", user_id=U)
    two.delete(b, user_id=U)
    c = one.add("A beekeeper visited", user_id=U).results[0].memory_id
    for m in (one, two):
        assert [h.id for h in m.search("wasps", user_id=U).results][:1] == [a]
        assert b not in {h.id for h in m.search("bees swarmed", user_id=U).results}
        assert {i.id for i in m.get_all(user_id=U)} == {a, c}
    # a duplicate check in one sees what two stored
    d = two.add("Honey harvest in August", user_id=U).results[0].memory_id
    [r] = one.add("honey harvest in august", user_id=U).results
    assert r.event == "duplicate" and r.duplicate_of == d
    two.delete_all(user_id=U)
    assert one.search("bees", user_id=U).results == []
    two.add("after the purge", user_id=U)
    one.reset()
    assert two.search("purge", user_id=U).results == []
    one.close()
    two.close()


class _ScriptedSupersede:
    name = "scripted"

    def __init__(self, target: str) -> None:
        self.target = target

    def decide(self, ctx: AdmissionContext) -> list[Decision]:
        return [Decision("superseded", "newer", supersedes=[self.target]) for _ in ctx.candidates]


def test_incremental_updates_rank_like_a_fresh_rebuild(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    m = hash_memory(path)
    ids = [r.memory_id for r in m.add(
        [{"content": f"{w} note {i} about gardening and {'bees' if i % 3 else 'wasps'}"} for i, w in
         enumerate(["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"])],
        user_id=U, admission="all").results]
    queries = ["gardening bees", "wasps", "third note", "honey", "sixth gardening"]
    for q in queries:
        ranking(m, q)  # build the cached index before the changes below
    m.update(ids[0], "first note now about honey", user_id=U)
    m.delete(ids[1], user_id=U)
    m.add("ninth note about honey and bees", user_id=U, admission=_ScriptedSupersede(ids[2]))
    m.update(ids[3], "fourth note about honey", user_id=U)
    m.add("tenth note about gardening", user_id=U)
    fresh = hash_memory(path)
    for q in queries:
        for superseded in (False, True):
            assert ranking(m, q, include_superseded=superseded) == ranking(fresh, q, include_superseded=superseded), q
    m.close()
    fresh.close()


_texts = st.sampled_from(["bees in the garden", "honey harvest", "wasp nest", "garden party", "bee keeping class",
                          "the honey jar", "party at the lake", "lake house garden"])
_ops = st.lists(
    st.one_of(
        st.tuples(st.just("add"), _texts),
        st.tuples(st.just("update"), st.integers(0, 30), _texts),
        st.tuples(st.just("delete"), st.integers(0, 30)),
        st.tuples(st.just("supersede"), st.integers(0, 30), _texts),
        st.tuples(st.just("search"), _texts),
    ),
    min_size=1,
    max_size=25,
)


@settings(max_examples=40, deadline=None)
@given(_ops)
def test_incremental_index_equals_rebuild_property(sequence: list[tuple]) -> None:
    store = SQLiteStore(":memory:")
    m = Memory(store=store, config=MemoryConfig(embedder="hash"))
    alive: list[str] = []
    for op in sequence:
        if op[0] == "add":
            r = m.add(op[1], user_id=U, admission="all").results[0]
            alive.append(r.memory_id)
        elif op[0] == "search":
            ranking(m, op[1])
        elif alive:
            target = alive[op[1] % len(alive)]
            if op[0] == "update":
                m.update(target, op[2], user_id=U)
            elif op[0] == "delete":
                m.delete(target, user_id=U)
                alive.remove(target)
            else:
                alive.append(m.add(op[2], user_id=U, admission=_ScriptedSupersede(target)).results[0].memory_id)
    fresh = Memory(store=store, config=MemoryConfig(embedder="hash"))
    for q in ["bees garden", "honey", "lake party", "wasp"]:
        assert ranking(m, q) == ranking(fresh, q)
        assert ranking(m, q, include_superseded=True) == ranking(fresh, q, include_superseded=True)
    store.close()


def test_index_cache_rebuilds_when_the_version_moves() -> None:
    store = SQLiteStore(":memory:")
    cache = IndexCache(store, 256)
    first = cache.get(U)
    assert cache.get(U) is first  # unchanged version: the same object
    m = Memory(store=store, config=MemoryConfig(embedder="hash", claims=False))
    m.add("a write by someone else", user_id=U)
    second = cache.get(U)
    assert second is not first and second.version == store.version(U) and len(second.ids) == 1
    store.close()


# -- threads --------------------------------------------------------------------------------------


def test_concurrent_adds_and_searches_on_one_memory(tmp_path: Path) -> None:
    m = hash_memory(tmp_path / "t.db")
    m.add("seed memory about threads", user_id=U)
    errors: list[BaseException] = []
    stop = threading.Event()

    def writer(w: int) -> None:
        try:
            for i in range(60):
                m.add(f"writer {w} wrote line {i} about threads", user_id=U, admission="all")
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    def reader() -> None:
        try:
            while not stop.is_set():
                for h in m.search("threads line", user_id=U, limit=20).results:
                    assert h.user_id == U
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    writers = [threading.Thread(target=writer, args=(w,)) for w in range(3)]
    readers = [threading.Thread(target=reader) for _ in range(2)]
    for t in readers + writers:
        t.start()
    for t in writers:
        t.join()
    stop.set()
    for t in readers:
        t.join()
    assert not errors, errors[:3]
    assert len(m.get_all(user_id=U, limit=None)) == 181
    fresh = hash_memory(tmp_path / "t.db")
    assert ranking(m, "writer 2 line 7 threads") == ranking(fresh, "writer 2 line 7 threads")
    m.close()
    fresh.close()
