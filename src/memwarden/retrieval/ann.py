"""Coarse inverted lists (IVF) over a scope's vectors: where the dense arm looks in a large scope.

Spherical k-means centroids are trained on a sample of the rows, every row is filed under its
nearest centroid, and a query scans (in int8, see ``ScopeIndex.approx_scores``) only the rows of
the lists whose centroids are nearest to it, list by list until a row budget is met. The
candidates are then re-scored exactly in float32 by the caller, as before.

Why not the HNSW graph used before (usearch, int8, M 16): on 1M memories made of 500 noisy copies
of each of 2,000 sentences its 512 candidates reached recall@10 0.946 at best -- the walk stays in
one sentence's cluster and misses a neighbouring one -- and building it took 168-700 s on two
shared cores, under the scope's lock. The lists, measured on the same 1M rows
(BENCHMARKS.md, scale section): 2,000 lists built in 64-151 s on one core at load 7-12, in the
background; recall@10 1.000 from 16 lists (~9k rows scanned) upwards. Real text is harder (see
``PROBE_SHARE``). Lists only ever miss rows filed under a centroid the query is far from;
scanning a fixed share of the rows bounds that, and the scope's newest rows (appended after the
build) are always scanned.
"""

from __future__ import annotations

import logging
import math
import threading
from typing import Any, Callable, Mapping

import numpy as np

from .kernels import single_threaded_blas

log = logging.getLogger(__name__)

#: Rows per list the build aims at (lists = 2 sqrt(n): 2,000 lists of ~500 rows at 1M).
LISTS_PER_SQRT_ROW = 2.0
MAX_LISTS = 4096
#: k-means on a sample of this many rows per list, for this many rounds (the sample fixes the
#: centroids; every row is filed afterwards).
SAMPLE_PER_LIST = 40
ROUNDS = 8
#: Rows filed per matrix product while filing (bounds the temporary rows x lists matrix).
CHUNK = 32_768
#: Rows a query scans through the lists: this share of the scope, at least ``PROBE_MIN``. Widened
#: x4 while too few pass the mask. Measured (BENCHMARKS.md, scale section): on the 1M synthetic
#: memories recall@10 is 1.000 from 2% up; on real text (5,882 LoCoMo turns, their 1,986
#: questions) 2% gave 0.791, 5% 0.922, 10% 0.970, 20% 0.990: real text has no planted clusters.
PROBE_SHARE = 0.1
#: 20k rows: the share probed is 20% at 100k (the lists' lower threshold, ``index.ANN_ROWS``: the
#: real-text 0.990 above), falling to 10% from 200k. 0.3 ms of int8 scan, not 1.6 ms for all 100k.
PROBE_MIN = 20_000
#: Beyond this share of the rows, the caller's full scan is cheaper than probing.
MAX_PROBE_SHARE = 0.5
#: The lists are rebuilt (in the background) once rows appended since their build exceed this share
#: of the scope; appended rows are scanned on every query until then.
STALE_SHARE = 0.2
#: The most rows asked of a store's ANN index (``store_candidates``), as a share of the scope,
#: before the caller's own lists or scan take over (a mask too selective for the index).
STORE_MAX_SHARE = 0.25
#: False: build the lists inside the search that needs them (tests), not in a background thread.
BACKGROUND = True


def quantize(vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """int8 codes with a per-row scale (``v ~ codes * scale``): a quarter of float32's memory read
    per scan, and SIMD dot products (numkong: 1.9 ms for 100k x 384 where numpy float32 took 24 ms)."""
    peak = np.abs(vectors).max(axis=1) if len(vectors) else np.zeros(0, np.float32)
    scale = np.where(peak > 0, peak / 127.0, 1.0).astype(np.float32)
    return np.rint(vectors / scale[:, None]).astype(np.int8), scale


def _query_code(query_vec: np.ndarray) -> tuple[np.ndarray, float]:
    qpeak = float(np.abs(query_vec).max()) or 1.0
    return np.rint(query_vec * (127.0 / qpeak)).astype(np.int8)[None, :], qpeak / 127.0


def int8_scores(codes: np.ndarray, scale: np.ndarray, query_vec: np.ndarray) -> np.ndarray:
    """int8 estimate of the query's dot product with each coded row."""
    import numkong

    q8, qscale = _query_code(query_vec)
    out = np.empty((len(codes), 1), dtype=np.float32)
    if len(codes):
        numkong.cdist(codes, q8, metric="dot", out=out)
    scores = out[:, 0]
    scores *= scale
    scores *= qscale
    return scores


class CoarseLists:
    """Rows ``[0, n)`` filed under their nearest centroid, with a copy of their int8 codes in list
    order: a probe reads each list's codes as one contiguous block (gathering scattered rows cost
    more than scanning them)."""

    def __init__(self, centroids: np.ndarray, order: np.ndarray, offsets: np.ndarray, codes: np.ndarray,
                 scale: np.ndarray) -> None:
        self.centroids = centroids  # (lists, dim), unit length
        self.order = order  # row numbers grouped by list
        self.offsets = offsets  # list l holds order[offsets[l]:offsets[l + 1]]
        self.codes, self.scale = codes, scale  # in list order
        self.sizes = np.diff(offsets)
        self.n = len(order)

    @property
    def nbytes(self) -> int:
        return self.centroids.nbytes + self.order.nbytes + self.offsets.nbytes + self.codes.nbytes + self.scale.nbytes

    @classmethod
    def build(cls, vectors: np.ndarray, codes: np.ndarray, scale: np.ndarray, *, seed: int = 0) -> CoarseLists:
        """Train the centroids on a sample of ``vectors`` (unit rows) and file every row (``codes``
        and ``scale``: their int8 codes, see :func:`quantize`)."""
        n, dim = vectors.shape
        lists = int(min(MAX_LISTS, n, max(1, round(LISTS_PER_SQRT_ROW * math.sqrt(n)))))
        rng = np.random.default_rng(seed)
        sample = vectors[np.sort(rng.choice(n, min(n, SAMPLE_PER_LIST * lists), replace=False))]
        centroids = sample[rng.choice(len(sample), lists, replace=False)].astype(np.float32)
        for _ in range(ROUNDS):
            nearest = np.argmax(sample @ centroids.T, axis=1)
            sums = np.zeros_like(centroids)
            np.add.at(sums, nearest, sample)
            empty = np.bincount(nearest, minlength=lists) == 0
            # An empty list takes a random sample row as its new centroid (else it stays empty).
            sums[empty] = sample[rng.choice(len(sample), int(empty.sum()))]
            norms = np.linalg.norm(sums, axis=1, keepdims=True)
            centroids = np.where(norms > 0, sums / np.maximum(norms, 1e-12), centroids).astype(np.float32)
        filed = np.empty(n, np.int32)
        for s in range(0, n, CHUNK):
            filed[s : s + CHUNK] = np.argmax(vectors[s : s + CHUNK] @ centroids.T, axis=1)
        order = np.argsort(filed, kind="stable").astype(np.int64)
        offsets = np.searchsorted(filed[order], np.arange(lists + 1)).astype(np.int64)
        return cls(centroids, order, offsets, codes[order], scale[order])

    def probe(self, query_vec: np.ndarray, budget: int) -> tuple[np.ndarray, np.ndarray]:
        """Rows of the lists nearest to the query until at least ``budget`` rows (all rows when the
        budget exceeds them), and their int8 scores."""
        import numkong

        if budget >= self.n:
            return self.order, int8_scores(self.codes, self.scale, query_vec)
        near = np.argsort(-(self.centroids @ query_vec), kind="stable")
        take = int(np.searchsorted(np.cumsum(self.sizes[near]), budget)) + 1
        # Lists in storage order, adjacent ones merged into one block.
        chosen = np.sort(near[:take])
        starts, ends = self.offsets[chosen], self.offsets[chosen + 1]
        keep = np.ones(chosen.size, bool)
        keep[1:] = starts[1:] != ends[:-1]
        starts, ends = starts[keep], np.append(ends[np.flatnonzero(keep)[1:] - 1], ends[-1])
        total = int((ends - starts).sum())
        q8, qscale = _query_code(query_vec)
        out = np.empty((total, 1), np.float32)
        rows = np.empty(total, np.int64)
        scale = np.empty(total, np.float32)
        pos = 0
        for s, e in zip(starts.tolist(), ends.tolist()):
            if e > s:
                numkong.cdist(self.codes[s:e], q8, metric="dot", out=out[pos : pos + e - s])
                rows[pos : pos + e - s] = self.order[s:e]
                scale[pos : pos + e - s] = self.scale[s:e]
                pos += e - s
        scores = out[:, 0]
        scores *= scale
        scores *= qscale
        return rows, scores


class ListsBuilder:
    """A scope's current lists and the build that replaces them.

    The first build, and a rebuild once more than ``stale_share`` of the rows were appended after
    the last one, run in a background thread on one BLAS thread (minutes at 1M rows on a loaded
    machine: no search waits for it; until it finishes the caller scans every row in int8, and
    after a rebuild starts the old lists keep serving with the appended rows scanned).
    """

    def __init__(self) -> None:
        self.lists: CoarseLists | None = None
        self._thread: threading.Thread | None = None
        self._failed = False
        self._start = threading.Lock()  # two concurrent searches start one build, not two

    def candidates(self, vectors: np.ndarray, codes: np.ndarray, scale: np.ndarray, query_vec: np.ndarray,
                   mask: np.ndarray, depth: int, count: int) -> np.ndarray | None:
        """The best ``depth`` of the ``count`` masked rows by int8 estimate among the rows filed near
        the query and those appended since the build; None: let the caller scan every row (no lists
        yet, or a mask too selective for them). ``vectors``, ``codes``, ``scale``: rows ``[0, n)``."""
        n = len(vectors)
        lists = self.current(vectors, codes, scale)
        if lists is None:
            return None
        tail = np.arange(lists.n, n)  # rows appended after the build: always scanned
        tail_scores = int8_scores(codes[lists.n :], scale[lists.n :], query_vec)
        # Expect the mask to keep count/n of the probed rows.
        budget = max(PROBE_MIN, int(PROBE_SHARE * lists.n)) * max(1, round(n / count))
        while budget <= n * MAX_PROBE_SHARE:
            rows, scores = lists.probe(query_vec, budget)
            rows, scores = np.concatenate([rows, tail]), np.concatenate([scores, tail_scores])
            passed = mask[rows]
            rows, scores = rows[passed], scores[passed]
            if rows.size >= min(depth, count):
                keep = min(depth, rows.size)
                best = np.argpartition(-scores, keep - 1)[:keep] if keep < rows.size else np.arange(rows.size)
                return rows[best]  # the caller re-scores and orders them exactly
            budget *= 4
        return None  # the mask is too selective for the lists: a full scan never loses a row

    def current(self, vectors: np.ndarray, codes: np.ndarray, scale: np.ndarray) -> CoarseLists | None:
        """The lists to use for ``vectors`` (rows ``[0, n)``, none of which may change later);
        starts a build when there are none or too many rows were appended since the last."""
        lists, n = self.lists, len(vectors)
        if self._failed or (lists is not None and n - lists.n <= STALE_SHARE * n):
            return lists
        if not BACKGROUND:
            self._build(vectors, codes, scale)
            return self.lists
        with self._start:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._build, args=(vectors, codes, scale),
                                                name="memwarden-lists", daemon=True)
                self._thread.start()
        return lists

    def _build(self, vectors: np.ndarray, codes: np.ndarray, scale: np.ndarray) -> None:
        try:
            with single_threaded_blas():  # the other core stays free for searches meanwhile
                self.lists = CoarseLists.build(vectors, codes, scale)
        except Exception:  # the int8 scan keeps serving: slower, never wrong
            self._failed = True
            log.exception("building the coarse lists of a %d-row scope failed", len(vectors))

    def ready(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for a running build; True when lists exist."""
        thread: Any = self._thread
        if thread is not None:
            thread.join(timeout)
        return self.lists is not None


def store_candidates(remote: Callable[[np.ndarray, int], list[str] | None], row_of: Mapping[str, int],
                     query_vec: np.ndarray, mask: np.ndarray, depth: int, count: int) -> np.ndarray | None:
    """The best ``depth`` of the ``count`` masked rows (``mask``: rows ``[0, n)``) as a store's ANN
    index ranks them (``remote(query_vec, k)``: ids, best first; PostgreSQL's pgvector index),
    asking it for x4 more while too few of its rows pass the mask. None: no index, or a mask too
    selective for it; the caller's own lists or scan then answer, and lose nothing."""
    n = mask.size
    want = depth * max(1, round(n / count))  # expect the mask to keep count/n of its rows
    while want <= max(n * STORE_MAX_SHARE, depth):
        ids = remote(query_vec, want)
        if ids is None:
            return None
        # Rows another writer added after the caller's index was read are not in it (its next
        # search rebuilds): skipped, as are rows the mask drops.
        rows = np.fromiter((row_of.get(i, -1) for i in ids), dtype=np.int64, count=len(ids))
        rows = rows[(rows >= 0) & (rows < n)]
        rows = rows[mask[rows]]
        if rows.size >= min(depth, count):
            return rows[:depth]  # best first by the store; the caller re-scores them exactly
        want *= 4
    return None
