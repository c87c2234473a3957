"""Per-scope in-memory search index: exact dense vectors plus BM25 (``retrieval.bm25``: every
statistic -- document count, average length, document frequency -- within one scope only).

The index is built from :meth:`Store.index_rows` and kept in step with the
writes this process makes; a write by another process bumps the scope's
version and the next search rebuilds.

Dense search scales in three steps (measured in BENCHMARKS.md, scale section):
up to ``EXACT_ROWS`` masked rows an exact float32 scan; above it an int8 scan
(per-row scale, SIMD dot products from numkong: a quarter of the memory read
of float32) whose top ``depth`` rows are re-scored exactly in float32; from
``ANN_ROWS`` rows coarse inverted lists (``retrieval.ann``, built in the
background while the int8 scan serves) narrow the int8 scan to the rows filed
near the query, widened until enough of them pass the mask; the full int8 scan
is the fallback when the mask is too selective for the lists. On PostgreSQL
with a pgvector ANN index (``ScopeIndex.remote``), that index can propose the
candidates instead (``STORE_ANN_ROWS``, off by default), widened the same way.
Every returned score is the exact float32 cosine.
"""

from __future__ import annotations

import math
import threading
from datetime import datetime
from typing import Callable

import numpy as np

from .._util import as_utc
from ..storage.base import IndexRows, MemoryRecord
from .ann import ListsBuilder, int8_scores, quantize, store_candidates
from .bm25 import BM25_B, BM25_K1, Postings
from .kernels import Ranked, _top, matvec, single_threaded_blas, top_k
from .row_meta import _NO_TIMES, _times, constraint_weight, meaning_probability

__all__ = ["BM25_B", "BM25_K1", "Ranked", "ScopeIndex", "matvec", "single_threaded_blas", "top_k"]  # IndexCache: cache.py


def __getattr__(name: str) -> object:
    # ``IndexCache`` moved to ``retrieval.cache`` (which imports this module), and is still
    # importable from here; resolved on first use, as an import at the top would be a cycle.
    if name == "IndexCache":
        from .cache import IndexCache

        return IndexCache
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: Masked rows up to which the dense arm scans float32 exactly (results identical to a plain scan).
EXACT_ROWS = 20_000
#: Masked rows from which coarse lists narrow the int8 scan. Measured (BENCHMARKS.md, scale section):
#: the full int8 scan costs ~1.6-2 ms per 100k rows (44 ms at 1M, memory-bound) and loses nothing;
#: the lists cost a share of that but can miss neighbours on real text, so they start at 100k rows
#: (probing at least ``ann.PROBE_MIN`` rows: 20% there), where the scan was 12% of a search.
ANN_ROWS = 100_000
#: Masked rows from which a store's own ANN index (PostgreSQL with pgvector, ``ScopeIndex.remote``)
#: proposes the dense candidates instead of the coarse lists; None: never. Off by measurement
#: (BENCHMARKS.md, scale section, round 4): with the scope's vectors in process anyway, pgvector's
#: IVFFlat answered Memory.search 3.6 x slower than the in-process lists at 100k and 2.7 x at 1M.
STORE_ANN_ROWS: int | None = None
#: Candidates re-scored in float32 per search: max(RESCORE_PER_HIT * k, RESCORE_MIN).
RESCORE_PER_HIT = 20
RESCORE_MIN = 200


class ScopeIndex:
    def __init__(self, rows: IndexRows, dim: int) -> None:
        #: Held by ``apply`` and by readers: a query must not see the arrays mid-append.
        self.lock = threading.RLock()
        self.version = rows.version
        #: The scope's user name at ``version`` (kept current by this process's writes, rebuilt with
        #: the index after another process's): ``Memory.search`` reads it here, not from the store.
        self.user_name = rows.user_name
        self.dim = dim
        n = len(rows.ids)
        self.ids: list[str] = list(rows.ids)
        self.row_of: dict[str, int] = {i: r for r, i in enumerate(self.ids)}
        self.agent_ids: list[str | None] = list(rows.agent_ids)
        self.run_ids: list[str | None] = list(rows.run_ids)
        self._cap = max(1024, n * 2)
        self._vectors = np.zeros((self._cap, dim), dtype=np.float32)
        # int8 codes with a per-row scale: v ~ codes * scale. Filled in bulk below (one pass).
        self._codes = np.zeros((self._cap, dim), dtype=np.int8)
        self._scale = np.zeros(self._cap, dtype=np.float32)
        #: Sum and second moment of the active rows' vectors (float64), built on first need: the
        #: dense arm's mean and standard deviation over the scope for any query without a scan.
        self._moments: tuple[np.ndarray, np.ndarray] | None = None
        self._lists = ListsBuilder()  # coarse lists, built on first need
        #: The store's ANN index (PostgreSQL): ``remote(query_vec, k)``, ids of about the k nearest
        #: rows or None without an index; set by ``IndexCache``, used from ``STORE_ANN_ROWS``.
        self.remote: Callable[[np.ndarray, int], list[str] | None] | None = None
        self.alive = np.zeros(self._cap, dtype=bool)
        self.active = np.zeros(self._cap, dtype=bool)  # alive and not superseded
        self.doclen = np.zeros(self._cap, dtype=np.float32)
        # Issue 10: what a mask filters on without hydrating rows. Times are POSIX seconds on the
        # conversation's clock, NaN when unknown.
        self.is_claim = np.zeros(self._cap, dtype=bool)
        self.t_stated = np.full(self._cap, np.nan)  # occurred_at, else valid_from, else created_at
        self.t_from = np.full(self._cap, np.nan)
        self.t_to = np.full(self._cap, np.nan)
        #: A claim stating a constraint (allergy, diet, medication, budget...): what an indirect
        #: request ("suggest a dinner place") must not miss (``retrieval.search``).
        self.constraint = np.zeros(self._cap, dtype=np.float32)
        #: An untyped claim's P(constraint) by meaning, 0 under threshold (``row_meta.meaning_probability``).
        self.meaning = np.zeros(self._cap, dtype=np.float32)
        self.postings = Postings()
        self.n_alive = 0
        #: Ids killed (deleted, updated, superseded) since the build, in order: lets a reader
        #: catch up with a later version from the rows and kills since, not a pass over all rows.
        self.killed: list[str] = []
        self.total_len = 0.0
        self.n = 0
        #: Per row, a claim's source episode ids (empty for episodes): its turn's relevance lifts it
        #: (``retrieval.search``). Ids, not rows: an episode written after its claim resolves later.
        self.sources: list[tuple[str, ...]] = [tuple(s) for s in rows.sources] if len(rows.sources) == n else [()] * n
        full = len(rows.kinds) == n  # rows built by hand (tests) carry no kinds: active claims, no time
        for r in range(n):
            vec = rows.vectors[r] if rows.vectors.shape[1] == dim else np.zeros(dim, np.float32)
            times = _times(rows.occurred_at[r], rows.valid_from[r], rows.valid_to[r], rows.created_at[r]) if full else _NO_TIMES
            self._append(rows.ids[r], vec, rows.tokens[r], rows.statuses[r] == "active", new=False, quantize=False,
                         claim=rows.kinds[r] == "claim" if full else True, times=times,
                         slot=rows.slots[r] if len(rows.slots) == n else None)
        self._quantize(0, n)
        self.meaning[:n] = meaning_probability(self._vectors[:n], self.is_claim[:n], self.constraint[:n])
        self.postings.precompute()  # common terms' arrays now, not in the first search naming one

    # -- maintenance -----------------------------------------------------------

    @property
    def vectors(self) -> np.ndarray:
        return self._vectors[: self.n]

    def _grow(self) -> None:
        self._cap *= 2
        for name in ("_vectors", "_codes", "_scale", "alive", "active", "doclen", "is_claim", "t_stated", "t_from", "t_to",
                     "constraint", "meaning"):
            old = getattr(self, name)
            new = np.full((self._cap, *old.shape[1:]), np.nan) if name.startswith("t_") else np.zeros(
                (self._cap, *old.shape[1:]), dtype=old.dtype)
            new[: len(old)] = old
            setattr(self, name, new)

    def _quantize(self, lo: int, hi: int) -> None:
        self._codes[lo:hi], self._scale[lo:hi] = quantize(self._vectors[lo:hi])

    def _moment_update(self, rows: list[int], sign: float) -> None:
        if self._moments is None or not rows:
            return
        v = self._vectors[rows].astype(np.float64)
        s, m2 = self._moments
        s += sign * v.sum(axis=0)
        m2 += sign * (v.T @ v)

    def _append(self, mid: str, vector: np.ndarray, tokens: list[str], active: bool, *, new: bool = True,
                claim: bool = True, times: tuple[float, float, float] = (np.nan, np.nan, np.nan),
                slot: str | None = None, quantize: bool = True) -> None:
        if self.n >= self._cap:
            self._grow()
        r = self.n
        self.n += 1
        if new:
            self.ids.append(mid)
        self.row_of[mid] = r
        self._vectors[r] = vector
        self.alive[r] = True
        self.active[r] = active
        self.is_claim[r] = claim
        self.t_stated[r], self.t_from[r], self.t_to[r] = times
        self.constraint[r] = constraint_weight(slot)
        self.doclen[r] = len(tokens)
        self.postings.add(r, tokens)
        self.n_alive += 1
        self.total_len += len(tokens)
        if quantize:
            self._quantize(r, r + 1)
            if active:
                self._moment_update([r], 1.0)

    def _kill(self, mid: str, tokens: list[str] | None) -> None:
        r = self.row_of.pop(mid, None)
        if r is None or not self.alive[r]:
            return
        if self.active[r]:
            self._moment_update([r], -1.0)
        self.killed.append(mid)
        self.alive[r] = False
        self.active[r] = False
        self.n_alive -= 1
        self.total_len -= float(self.doclen[r])
        self.postings.remove(tokens)

    def apply(self, upserts: list[MemoryRecord], deletes: list[str], old_tokens: dict[str, list[str]], version: int,
              user_name: str | None = None) -> None:
        with self.lock:
            self._apply(upserts, deletes, old_tokens, version)
            if user_name:  # a write naming the user (the store keeps the old name when it names none)
                self.user_name = user_name

    def _apply(self, upserts: list[MemoryRecord], deletes: list[str], old_tokens: dict[str, list[str]], version: int) -> None:
        for mid in deletes:
            self._kill(mid, old_tokens.get(mid))
        lo = self.n
        for rec in upserts:
            self._kill(rec.item.id, old_tokens.get(rec.item.id))
            self.agent_ids.append(rec.item.agent_id)
            self.run_ids.append(rec.item.run_id)
            it = rec.item
            self.sources.append(tuple(it.claim.source_episode_ids) if it.claim is not None else ())
            self._append(it.id, rec.vector, rec.tokens, it.status == "active", claim=it.kind == "claim",
                         times=_times(it.occurred_at, it.valid_from, it.valid_to, it.created_at),
                         slot=it.claim.slot if it.claim is not None else None)
        self.meaning[lo:self.n] = meaning_probability(self._vectors[lo:self.n], self.is_claim[lo:self.n], self.constraint[lo:self.n])
        self.version = version

    @property
    def dead_fraction(self) -> float:
        return 1.0 - self.n_alive / self.n if self.n else 0.0

    # -- queries ---------------------------------------------------------------

    def mask(self, *, agent_id: str | None, run_id: str | None, include_superseded: bool,
             kind: str | None = None, as_of: datetime | None = None) -> np.ndarray:
        """Rows a query may return.

        ``kind``: ``"claim"``, ``"episode"`` or None (both). ``as_of``: only rows stated by then
        (conversation clock), and superseded claims come back when ``as_of`` falls inside their
        validity ([valid_from, valid_to)); a claim whose validity starts after ``as_of`` is out.
        """
        n = self.n
        m = (self.alive if include_superseded else self.active)[:n].copy()
        if as_of is not None:
            t = as_utc(as_of).timestamp()
            stated = self.t_stated[:n]
            m &= np.isnan(stated) | (stated <= t)
            valid_then = ~np.isnan(self.t_to[:n]) & (t < self.t_to[:n])
            m |= self.alive[:n] & valid_then & (np.isnan(stated) | (stated <= t))
            t_from = self.t_from[:n]
            m &= np.isnan(t_from) | (t_from <= t)
        if kind == "claim":
            m &= self.is_claim[:n]
        elif kind == "episode":
            m &= ~self.is_claim[:n]
        if agent_id is not None:
            m &= np.fromiter((a == agent_id for a in self.agent_ids), dtype=bool, count=self.n)
        if run_id is not None:
            m &= np.fromiter((a == run_id for a in self.run_ids), dtype=bool, count=self.n)
        return m

    # A concurrent add may append rows while a query runs (the server searches
    # while it writes): read ``self.n`` once, and score only rows below it.

    def dense_scores(self, query_vec: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """Cosine of the query with each of ``rows`` (vectors are unit length)."""
        n = self.n
        if rows.size == n:
            return matvec(self._vectors[:n], query_vec)
        if rows.size * 8 >= n:
            # Gathering most rows copies more memory than scoring them all.
            return matvec(self._vectors[:n], query_vec)[rows]
        return matvec(self._vectors[rows], query_vec)

    def dense(self, query_vec: np.ndarray, mask: np.ndarray, k: int, *, depth: int | None = None) -> Ranked:
        """The ``k`` nearest rows among ``mask``, by exact cosine.

        Small masks are scanned in float32. Larger ones go through int8 (or the coarse lists) and
        the best ``depth`` candidates (default ``max(20 k, 200)``) are re-scored in float32;
        ``depth`` at least the number of masked rows makes the result exact by construction.
        """
        n = self.n
        mask = mask[:n]
        count = int(np.count_nonzero(mask))
        if count == 0 or k <= 0:
            return Ranked(np.zeros(0, np.int64), np.zeros(0, np.float32))
        if count <= EXACT_ROWS:
            rows = np.flatnonzero(mask)
            sims = self.dense_scores(query_vec, rows)
            top = _top(sims, k)
            return Ranked(rows[top.rows], top.scores)
        depth = max(k, depth if depth is not None else max(RESCORE_PER_HIT * k, RESCORE_MIN))
        cand = None
        if count >= ANN_ROWS:
            if self.remote is not None and STORE_ANN_ROWS is not None and count >= STORE_ANN_ROWS:
                # The store ranks by exact distance (what it scanned): k rows, no re-scoring depth.
                cand = store_candidates(self.remote, self.row_of, query_vec, mask[:n], k, count)
            if cand is None:
                cand = self._ann_candidates(query_vec, mask, depth, count)
        if cand is None:
            cand = self._scan_candidates(query_vec, mask, depth, count)
        sims = matvec(self._vectors[cand], query_vec)
        order = np.lexsort((cand, -sims))[:k]
        return Ranked(cand[order], sims[order])

    def approx_scores(self, query_vec: np.ndarray, rows: np.ndarray | None = None) -> np.ndarray:
        """int8 estimate of the query's cosine with every row ``[0, n)``, or with ``rows``."""
        n = self.n
        if rows is None:
            return int8_scores(self._codes[:n], self._scale[:n], query_vec)
        return int8_scores(self._codes[rows], self._scale[rows], query_vec)

    def _scan_candidates(self, query_vec: np.ndarray, mask: np.ndarray, depth: int, count: int) -> np.ndarray:
        approx = self.approx_scores(query_vec)
        if count < approx.size:
            approx[~mask] = -np.inf
        return top_k(approx, min(depth, count))

    def _ann_candidates(self, query_vec: np.ndarray, mask: np.ndarray, depth: int, count: int) -> np.ndarray | None:
        n = self.n
        # Rows below n never change (appends go above it, kills only flip flags): a build reads them unlocked.
        return self._lists.candidates(self._vectors[:n], self._codes[:n], self._scale[:n], query_vec, mask, depth, count)

    def ann_ready(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for a running build of the lists; True when lists exist."""
        return self._lists.ready(timeout)

    def dense_stats(self, query_vec: np.ndarray) -> tuple[float, float]:
        """Mean and standard deviation of the query's cosine over the active rows, in O(dim^2)."""
        if self._moments is None:
            rows = np.flatnonzero(self.active[: self.n])
            v = self._vectors[rows].astype(np.float64)
            self._moments = (v.sum(axis=0), v.T @ v)
        s, m2 = self._moments
        cnt = max(int(np.count_nonzero(self.active[: self.n])), 1)
        q = query_vec.astype(np.float64)
        mean = float(q @ s) / cnt
        var = float(q @ m2 @ q) / cnt - mean * mean
        return mean, math.sqrt(max(var, 0.0))

    def episode_rows(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The live source episodes of ``rows`` (claims): pairs (position in ``rows``, episode row),
        in O(len(rows)) dictionary lookups."""
        pos: list[int] = []
        eps: list[int] = []
        for i, r in enumerate(rows.tolist()):
            for mid in self.sources[r]:
                e = self.row_of.get(mid)
                if e is not None and self.alive[e] and not self.is_claim[e]:
                    pos.append(i)
                    eps.append(e)
        return np.asarray(pos, dtype=np.int64), np.asarray(eps, dtype=np.int64)

    def bm25_all(self, query_tokens: list[str]) -> np.ndarray:
        """BM25 of every row ``[0, n)``, with N, avgdl and df taken from this scope only (what
        :meth:`bm25_scores` and :meth:`bm25_sparse` index into)."""
        return self.postings.scores(query_tokens, self.n, self.n_alive, self.total_len, self.doclen)

    def bm25_scores(self, query_tokens: list[str], rows: np.ndarray) -> np.ndarray:
        """BM25 of each of ``rows``, with N, avgdl and df taken from this scope only."""
        return self.bm25_all(query_tokens)[rows]

    def bm25_sparse(self, query_tokens: list[str], mask: np.ndarray, scores: np.ndarray | None = None
                    ) -> tuple[np.ndarray, np.ndarray]:
        """The masked rows with a positive BM25 score and their scores, in O(postings) (same values as
        :meth:`bm25_scores`); ``scores``: :meth:`bm25_all` already computed for these tokens."""
        # A dense accumulator (4 bytes a row, zeroed in one memset) beat np.unique over the
        # postings of common terms at 1M rows.
        if scores is None:
            scores = self.bm25_all(query_tokens)
        rows = np.flatnonzero(scores > 0)
        rows = rows[mask[rows]]
        return rows, scores[rows]

