"""Small numeric kernels of the search path: one-BLAS-thread products and a stable top-k (its rows and
scores as a ``Ranked``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from threadpoolctl import ThreadpoolController

_POOLS: ThreadpoolController | None = None


def single_threaded_blas() -> Any:
    """A context in which numpy's BLAS runs on one thread.

    A query's products are small (rows x 384); OpenBLAS splits them over its threads anyway,
    and on a busy 2-core machine the threads' hand-offs cost milliseconds: 1,245 rows took
    8.6 ms with two threads and 0.03 ms with one (BENCHMARKS.md, "Claims: import speed").
    Measured interleaved (bench/bench_threads.py): a 10k x 384 scan took 2.0 ms on one OpenBLAS
    thread and 74 ms on two (the second thread waits for a busy core); at 100k, 62 vs 70 ms.
    """
    global _POOLS
    if _POOLS is None:
        _POOLS = ThreadpoolController()
    return _POOLS.limit(limits=1, user_api="blas")


def matvec(mat: np.ndarray, vec: np.ndarray) -> np.ndarray:
    """``mat @ vec`` on one BLAS thread: the limit is set around our own products only (about
    35 us a call), not for the host application's numpy."""
    with single_threaded_blas():
        return mat @ vec


def top_k(scores: np.ndarray, k: int) -> np.ndarray:
    """Positions of the ``k`` highest scores, best first; equal scores go to the earlier position.

    argpartition alone picks among equal scores at the cut, and orders them, arbitrarily: a
    cached index and a rebuilt one, or limit=3 and limit=50, then disagreed on equal scores.
    """
    if k <= 0 or scores.size == 0:
        return np.zeros(0, np.int64)
    if k >= scores.size:
        cand = np.arange(scores.size)
    else:
        kth = np.partition(-scores, k - 1)[k - 1]
        better = np.flatnonzero(-scores < kth)
        cand = np.concatenate([better, np.flatnonzero(-scores == kth)[: k - better.size]])
    return cand[np.lexsort((cand, -scores[cand]))]


@dataclass
class Ranked:
    rows: np.ndarray  # row numbers, best first
    scores: np.ndarray


def _top(scores: np.ndarray, k: int) -> Ranked:
    count = int(np.isfinite(scores).sum())
    order = top_k(scores, min(k, count))
    return Ranked(order, scores[order])
