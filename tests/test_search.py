"""Hybrid fusion: weighted reciprocal-rank fusion of the dense and keyword arms."""

from __future__ import annotations

import numpy as np
import pytest

from memwarden import Memory, MemoryConfig
from memwarden.retrieval.index import ScopeIndex
from memwarden.retrieval.search import FusionConfig, hybrid_search
from memwarden.retrieval.text import tokenize
from memwarden.storage import IndexRows

DOCS = ["green tea in the morning", "black coffee at night", "tea ceremony in Kyoto", "a walk in the park"]


def index() -> tuple[ScopeIndex, np.ndarray]:
    # Hand-made 2-d vectors: the dense arm ranks doc 1 first, then 3, 0, 2.
    vecs = np.array([[0.6, 0.8], [1.0, 0.0], [0.0, 1.0], [0.8, 0.6]], dtype=np.float32)
    rows = IndexRows(1, [f"m{i}" for i in range(4)], [None] * 4, [None] * 4, ["active"] * 4, vecs,
                     [tokenize(d) for d in DOCS], ["t"] * 4)
    return ScopeIndex(rows, 2), np.array([1.0, 0.0], dtype=np.float32)


def run(fusion: FusionConfig, query: str = "tea", limit: int = 10):
    idx, q = index()
    mask = idx.mask(agent_id=None, run_id=None, include_superseded=False)
    return hybrid_search(idx, q, query, mask, limit, fusion)


def test_rrf_sums_both_arms() -> None:
    fused = {f.row: f for f in run(FusionConfig(k=60))}
    assert [f.row for f in run(FusionConfig(k=60))][:1] == [0]  # in both arms near the top
    for f in fused.values():
        expected = sum(1 / (60 + r) for r in (f.dense_rank, f.keyword_rank) if r is not None)
        assert f.fused == pytest.approx(expected)
    assert fused[1].dense_rank == 1 and fused[1].keyword_rank is None and fused[1].keyword is None
    assert {fused[0].keyword_rank, fused[2].keyword_rank} == {1, 2}
    assert fused[3].keyword is None


def test_weights() -> None:
    dense_only = run(FusionConfig(keyword_weight=0.0))
    assert [f.row for f in dense_only] == [1, 3, 0, 2]
    keyword_only = [f for f in run(FusionConfig(dense_weight=0.0)) if f.fused > 0]
    assert {f.row for f in keyword_only} == {0, 2}
    heavy = run(FusionConfig(keyword_weight=3.0))
    assert heavy[0].row in (0, 2)


def test_results_are_sorted_and_unique() -> None:
    out = run(FusionConfig())
    assert [f.fused for f in out] == sorted((f.fused for f in out), reverse=True)
    assert len({f.row for f in out}) == len(out)


def test_config_weights_reach_search() -> None:
    m = Memory(config=MemoryConfig(embedder="hash", keyword_weight=0.0, rrf_k=10))
    m.add("green tea in the morning", user_id="u")
    [hit] = m.search("green tea", user_id="u").results
    assert hit.score == pytest.approx(1 / (10 + 1))
    assert hit.scores.keyword_rank == 1  # still reported, just not weighted
