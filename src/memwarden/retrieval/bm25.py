"""A scope's keyword postings and BM25 over them, with N, avgdl and df from that scope only.

Why not SQLite FTS5's ``bm25()``: it computes document frequencies over the whole table, so one
tenant's data changes another tenant's ranking (and leaks through it).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict

import numpy as np

BM25_K1 = 1.2
BM25_B = 0.75
#: Terms in at least this many rows get their posting arrays when the index is built: converting
#: a common term's postings in the first search naming it cost ~20 ms at 1M rows (80k postings).
COMMON_TERM_DF = 256


class Postings:
    """Term -> (row, term frequency) postings; rows are never removed (a killed row's terms leave
    ``df``, and its postings are masked out by the caller)."""

    def __init__(self) -> None:
        self._lists: dict[str, list[tuple[int, int]]] = defaultdict(list)
        self._arrays: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self.df: Counter[str] = Counter()

    def add(self, row: int, tokens: list[str]) -> None:
        for term, tf in Counter(tokens).items():
            self._lists[term].append((row, tf))
            self.df[term] += 1

    def remove(self, tokens: list[str] | None) -> None:
        for term in set(tokens or []):
            self.df[term] -= 1

    def precompute(self, min_df: int = COMMON_TERM_DF) -> None:
        for term, df in self.df.items():
            if df >= min_df:
                self.arrays(term)

    def arrays(self, term: str) -> tuple[np.ndarray, np.ndarray]:
        """The term's postings as (rows, term frequencies) arrays; postings appended since the last
        call are converted and concatenated, not the whole list again."""
        plist = self._lists[term]
        arr = self._arrays.get(term)
        done = 0 if arr is None else len(arr[0])
        if arr is None or done < len(plist):
            new = plist[done:]
            rows = np.fromiter((p[0] for p in new), np.int64, len(new))
            tfs = np.fromiter((p[1] for p in new), np.float32, len(new))
            arr = (rows, tfs) if arr is None else (np.concatenate([arr[0], rows]), np.concatenate([arr[1], tfs]))
            self._arrays[term] = arr
        return arr

    def scores(self, query_tokens: list[str], n: int, n_alive: int, total_len: float, doclen: np.ndarray) -> np.ndarray:
        """BM25 of every row ``[0, n)`` (rows at or above ``n`` are ignored: a concurrent append)."""
        scores = np.zeros(n, dtype=np.float32)
        if not n_alive:
            return scores
        avgdl = max(total_len / n_alive, 1e-9)
        for term in dict.fromkeys(query_tokens):  # query order: float32 sums equal from run to run
            df = self.df.get(term, 0)
            if df <= 0:
                continue
            idf = math.log(1 + (n_alive - df + 0.5) / (df + 0.5))
            prow, tfs = self.arrays(term)
            if len(prow) and prow[-1] >= n:
                keep = prow < n
                prow, tfs = prow[keep], tfs[keep]
            norm = BM25_K1 * (1 - BM25_B + BM25_B * doclen[prow] / avgdl)
            scores[prow] += idf * tfs * (BM25_K1 + 1) / (tfs + norm)
        return scores
