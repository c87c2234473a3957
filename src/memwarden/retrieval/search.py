"""Hybrid retrieval: dense and keyword arms over one scope, fused by rank."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .index import ScopeIndex
from .text import tokenize


@dataclass(frozen=True)
class FusionConfig:
    """Weighted reciprocal-rank fusion: score = sum_arm w_arm / (k + rank_arm)."""

    k: int = 60
    dense_weight: float = 1.0
    keyword_weight: float = 1.0
    #: How deep each arm is read before fusing.
    depth: int = 100


@dataclass
class Fused:
    row: int
    fused: float
    dense: float | None
    dense_rank: int | None
    keyword: float | None
    keyword_rank: int | None


def hybrid_search(
    index: ScopeIndex, query_vec: np.ndarray, query: str, mask: np.ndarray, limit: int, fusion: FusionConfig
) -> list[Fused]:
    depth = max(fusion.depth, limit)
    dense = index.dense(query_vec, mask, depth)
    kw = index.bm25(tokenize(query), mask, depth)
    out: dict[int, Fused] = {}
    for rank, (row, score) in enumerate(zip(dense.rows.tolist(), dense.scores.tolist()), 1):
        out[row] = Fused(row, fusion.dense_weight / (fusion.k + rank), score, rank, None, None)
    for rank, (row, score) in enumerate(zip(kw.rows.tolist(), kw.scores.tolist()), 1):
        f = out.get(row) or Fused(row, 0.0, None, None, None, None)
        f.fused += fusion.keyword_weight / (fusion.k + rank)
        f.keyword, f.keyword_rank = score, rank
        out[row] = f
    return sorted(out.values(), key=lambda f: (-f.fused, f.row))
