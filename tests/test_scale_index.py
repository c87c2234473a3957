"""The large-scope search paths (int8 scan, coarse lists, candidate-only fusion) against the exact ones.

The thresholds are lowered inside each test so that small indexes take the large-scope paths.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from memwarden.retrieval import ann as ann_mod
from memwarden.retrieval import index as index_mod
from memwarden.retrieval.index import ScopeIndex, top_k
from memwarden.retrieval.search import FusionConfig, hybrid_search
from memwarden.storage.base import IndexRows

WORDS = ["kyoto", "pottery", "marathon", "dog", "berlin", "violin", "garden", "chess", "sunrise", "camping"]


@contextmanager
def thresholds(exact_rows: int, ann_rows: int, *, background: bool = False, probe_min: int = 64) -> Iterator[None]:
    names = ((index_mod, "EXACT_ROWS"), (index_mod, "ANN_ROWS"), (ann_mod, "BACKGROUND"), (ann_mod, "PROBE_MIN"))
    saved = [getattr(m, a) for m, a in names]
    # Lists built inside the search that needs them (unless asked): the test knows which path answered.
    for (m, a), v in zip(names, (exact_rows, ann_rows, background, probe_min)):
        setattr(m, a, v)
    try:
        yield
    finally:
        for (m, a), v in zip(names, saved):
            setattr(m, a, v)


def count_probes(idx: ScopeIndex) -> list[int]:
    """Make the index's current lists count their probes (one entry per probe: rows returned)."""
    lists = idx._lists.lists
    assert lists is not None
    calls: list[int] = []
    probe = lists.probe

    def counted(q: np.ndarray, budget: int) -> tuple[np.ndarray, np.ndarray]:
        rows, scores = probe(q, budget)
        calls.append(rows.size)
        return rows, scores

    lists.probe = counted  # type: ignore[method-assign]
    return calls


def make_index(n: int, dim: int, seed: int, *, statuses: list[str] | None = None, clusters: int = 0) -> ScopeIndex:
    rng = np.random.default_rng(seed)
    vecs = rng.normal(size=(n, dim)).astype(np.float32)
    if clusters:  # rows around a few topics, as sentence embeddings are (uniform noise has no lists to find)
        vecs = rng.normal(size=(clusters, dim)).astype(np.float32)[rng.integers(0, clusters, n)] + 0.5 * vecs
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    tokens = [[WORDS[j] for j in rng.choice(len(WORDS), size=rng.integers(0, 4), replace=False)] for _ in range(n)]
    rows = IndexRows(version=1, ids=[f"m{i}" for i in range(n)], agent_ids=[("a" if i % 3 else "b") for i in range(n)],
                     run_ids=[None] * n, statuses=statuses or ["active"] * n, vectors=vecs, tokens=tokens,
                     embedding_models=["t"] * n)
    return ScopeIndex(rows, dim)


def assert_same_top_k(got: np.ndarray, exact: np.ndarray, mask: np.ndarray, vectors: np.ndarray, q: np.ndarray) -> None:
    # The exact top k up to float ties: two rows whose scores differ by float32 rounding only may come in
    # either order (the int8 rescoring and the reference product sum in different orders), but a row
    # outside the mask, a missing better row or a wrong count is a real loss.
    assert got.size == exact.size and mask[got].all() and len(set(got.tolist())) == got.size
    assert np.allclose(np.sort(vectors[got] @ q)[::-1], np.sort(vectors[exact] @ q)[::-1], atol=1e-6)


def unit(rng: np.random.Generator, dim: int) -> np.ndarray:
    q = rng.normal(size=dim).astype(np.float32)
    return q / np.linalg.norm(q)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 80), dim=st.integers(2, 24), k=st.integers(1, 12), seed=st.integers(0, 10_000),
       keep=st.floats(0.05, 1.0))
def test_int8_rescored_top_k_equals_exact_when_depth_covers_the_scope(n: int, dim: int, k: int, seed: int, keep: float) -> None:
    idx = make_index(n, dim, seed)
    rng = np.random.default_rng(seed + 1)
    q = unit(rng, dim)
    mask = rng.random(n) < keep
    rows = np.flatnonzero(mask)
    exact = rows[top_k(idx.vectors[rows] @ q, min(k, rows.size))]
    with thresholds(0, 10**9):
        got = idx.dense(q, mask, k, depth=n)
    assert_same_top_k(got.rows, exact, mask, idx.vectors, q)
    assert np.allclose(got.scores, idx.vectors[got.rows] @ q)


def test_int8_scan_with_default_depth_finds_the_exact_top_10() -> None:
    idx = make_index(5000, 64, 3)
    rng = np.random.default_rng(4)
    hits = 0
    for _ in range(20):
        q = unit(rng, 64)
        exact = top_k(idx.vectors @ q, 10)
        with thresholds(0, 10**9):
            got = idx.dense(q, idx.active[: idx.n], 10)
        hits += len(set(got.rows.tolist()) & set(exact.tolist()))
    assert hits / 200 >= 0.99


def test_coarse_lists_keep_recall_and_a_selective_mask_loses_nothing() -> None:
    idx = make_index(4000, 32, 5, clusters=50)
    rng = np.random.default_rng(6)
    with thresholds(0, 1000, probe_min=400):
        idx.dense(unit(rng, 32), idx.active[: idx.n], 10)  # builds the lists
        probes = count_probes(idx)
        hits = 0
        for _ in range(20):
            q = idx.vectors[rng.integers(0, idx.n)] + 0.3 * unit(rng, 32)  # a query near the memories
            q /= np.linalg.norm(q)
            exact = top_k(idx.vectors @ q, 10)
            hits += len(set(idx.dense(q, idx.active[: idx.n], 10).rows.tolist()) & set(exact.tolist()))
        assert len(probes) == 20 and max(probes) < 1000  # the lists answered, each from a quarter of the rows at most
        assert hits / 200 >= 0.99
        # Five masked rows out of 4000: the lists cannot supply them, the full scan does, all five.
        mask = np.zeros(idx.n, bool)
        mask[[7, 700, 1400, 2100, 3999]] = True
        q = unit(rng, 32)
        got = idx.dense(q, mask, 10)
        assert sorted(got.rows.tolist()) == [7, 700, 1400, 2100, 3999]


def test_lists_build_in_the_background_and_rows_appended_after_the_build_are_found() -> None:
    idx = make_index(4000, 32, 7, clusters=50)
    rng = np.random.default_rng(8)
    q = idx.vectors[17] + 0.3 * unit(rng, 32)
    q /= np.linalg.norm(q)
    exact = top_k(idx.vectors @ q, 10)
    with thresholds(0, 1000, background=True, probe_min=400):
        first = idx.dense(q, idx.active[: idx.n], 10)  # served by the full int8 scan meanwhile
        assert first.rows.tolist() == exact.tolist()
        assert idx.ann_ready(timeout=60)
        lists = idx._lists.lists
        probes = count_probes(idx)
        # A row appended after the build (the query itself): it must come first, from the appended
        # rows the lists do not cover.
        idx._append("new", q, ["kyoto"], True)
        got = idx.dense(q, idx.active[: idx.n], 10)
        assert got.rows[0] == idx.n - 1 and got.rows[1:].tolist() == exact[:9].tolist()  # the lists found the rest
        assert idx._lists.lists is lists and len(probes) == 1  # one appended row does not make the lists stale


@settings(max_examples=30, deadline=None)
@given(n=st.integers(60, 400), k=st.integers(1, 12), seed=st.integers(0, 10_000), keep=st.floats(0.02, 1.0))
def test_coarse_lists_with_a_depth_covering_the_scope_are_exact(n: int, k: int, seed: int, keep: float) -> None:
    # Filtered search through the lists loses nothing: whatever the mask, the result is the exact top k
    # when the probe budget and depth cover the scope (or the full scan takes over).
    idx = make_index(n, 16, seed)
    rng = np.random.default_rng(seed + 1)
    with thresholds(0, 0, probe_min=4):
        idx.dense(unit(rng, 16), idx.active[: idx.n], 1)  # builds the lists over the first n rows
        for i in range(int(rng.integers(0, 20))):  # and some rows appended after the build
            idx._append(f"x{i}", unit(rng, 16), [], True)
        q = unit(rng, 16)
        mask = rng.random(idx.n) < keep
        rows = np.flatnonzero(mask)
        exact = rows[top_k(idx.vectors[rows] @ q, min(k, rows.size))]
        got = idx.dense(q, mask, k, depth=idx.n)
    assert_same_top_k(got.rows, exact, mask, idx.vectors, q)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 120), k=st.integers(1, 15), seed=st.integers(0, 10_000), query=st.lists(st.sampled_from(WORDS), max_size=3),
       superseded=st.floats(0.0, 0.5))
def test_candidate_fusion_equals_full_fusion(n: int, k: int, seed: int, query: list[str], superseded: float) -> None:
    rng = np.random.default_rng(seed)
    statuses = ["superseded" if rng.random() < superseded else "active" for _ in range(n)]
    idx = make_index(n, 16, seed, statuses=statuses)
    q = unit(rng, 16)
    text = " ".join(query)
    fusion = FusionConfig()
    for mask in (idx.mask(agent_id=None, run_id=None, include_superseded=False),
                 idx.mask(agent_id="a", run_id=None, include_superseded=True)):
        full = hybrid_search(idx, q, text, mask, k, fusion)
        with thresholds(0, 10**9):
            # Depth covering the scope: the dense arm is exact, so the fused ranking must be too.
            saved = index_mod.RESCORE_MIN
            index_mod.RESCORE_MIN = n
            try:
                fast = hybrid_search(idx, q, text, mask, k, fusion)
            finally:
                index_mod.RESCORE_MIN = saved
        if not np.array_equal(mask, idx.active[: idx.n]):
            # A filtered mask's dense statistics are the int8 estimate: the order may differ on near-ties only.
            assert len({f.row for f in fast} & {f.row for f in full}) >= len(full) - 1
            continue
        assert [f.row for f in fast] == [f.row for f in full]
        for a, b in zip(fast, full):
            assert abs(a.fused - b.fused) < 1e-4
            assert a.dense_rank == b.dense_rank and a.keyword_rank == b.keyword_rank
            assert a.keyword == (None if b.keyword is None else a.keyword) and (a.keyword is None) == (b.keyword is None)


def test_incremental_writes_keep_the_moments_exact() -> None:
    idx = make_index(300, 16, 9)
    rng = np.random.default_rng(10)
    q = unit(rng, 16)
    idx.dense_stats(q)  # builds the moments, then writes must keep them in step
    for mid in ("m1", "m2", "m50"):
        idx._kill(mid, None)
    v = unit(rng, 16)
    idx._append("new", v, ["kyoto"], True)
    act = idx.vectors[idx.active[: idx.n]] @ q
    mean, std = idx.dense_stats(q)
    assert abs(mean - act.mean()) < 1e-6 and abs(std - act.std()) < 1e-6


def test_candidate_fusion_with_the_default_depth_matches_full_fusion() -> None:
    # 3,000 rows and a depth of 200: keyword rows outside the depth are pulled in by the bound.
    idx = make_index(3000, 32, 12)
    rng = np.random.default_rng(13)
    mask = idx.mask(agent_id=None, run_id=None, include_superseded=False)
    same = total = 0
    for i in range(20):
        q = unit(rng, 32)
        text = " ".join(WORDS[j] for j in rng.choice(len(WORDS), size=1 + i % 3, replace=False))
        full = [f.row for f in hybrid_search(idx, q, text, mask, 10, FusionConfig())]
        with thresholds(0, 10**9):
            fast = [f.row for f in hybrid_search(idx, q, text, mask, 10, FusionConfig())]
        same += len(set(full) & set(fast))
        total += len(full)
    assert same / total >= 0.99


@settings(max_examples=30, deadline=None)
@given(n=st.integers(1, 600), budget=st.integers(1, 700), seed=st.integers(0, 10_000))
def test_a_probe_returns_whole_lists_once_each_with_their_int8_scores(n: int, budget: int, seed: int) -> None:
    idx = make_index(n, 16, seed, clusters=8)
    lists = ann_mod.CoarseLists.build(idx.vectors, idx._codes[:n], idx._scale[:n], seed=seed)
    q = unit(np.random.default_rng(seed + 1), 16)
    rows, scores = lists.probe(q, budget)
    assert len(set(rows.tolist())) == rows.size and rows.size >= min(budget, n)
    filed = {int(r): i for i in range(len(lists.sizes)) for r in lists.order[lists.offsets[i] : lists.offsets[i + 1]]}
    probed = {filed[int(r)] for r in rows}
    assert sum(int(lists.sizes[i]) for i in probed) == rows.size  # whole lists, nothing else
    assert np.allclose(scores, ann_mod.int8_scores(idx._codes[rows], idx._scale[rows], q))


def test_lists_at_the_shipped_threshold_find_the_exact_top_10() -> None:
    # The shipped constants (lists from ANN_ROWS rows, at least PROBE_MIN rows probed), a scope of
    # exactly ANN_ROWS rows around many topics: the lists answer and keep recall@10 >= 0.99.
    n, dim = index_mod.ANN_ROWS, 32
    idx = make_index(n, dim, 11, clusters=5000)  # 20 rows a topic: 1% probed gives 0.86, 5% 0.98
    rng = np.random.default_rng(12)
    with thresholds(index_mod.EXACT_ROWS, index_mod.ANN_ROWS, probe_min=ann_mod.PROBE_MIN):
        idx.dense(unit(rng, dim), idx.active[: idx.n], 10)  # builds the lists
        probes = count_probes(idx)
        hits = 0
        for _ in range(30):
            q = idx.vectors[rng.integers(0, n)] + 0.3 * unit(rng, dim)
            q /= np.linalg.norm(q)
            exact = top_k(idx.vectors @ q, 10)
            hits += len(set(idx.dense(q, idx.active[: idx.n], 10).rows.tolist()) & set(exact.tolist()))
    assert len(probes) == 30 and max(probes) < n // 2  # the lists answered, not the full scan
    assert hits / 300 >= 0.99
