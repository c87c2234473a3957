"""The five A-MAC factors, each a small function returning a value in [0, 1].

utility (U) lives in :mod:`.utility` (a trained model, or an LLM); the
others are here: grounding (C), novelty (N), recency (R) and the type
prior (T, from the classifier in :mod:`.memtype`).
"""

from __future__ import annotations

import heapq
import math
import re
from bisect import bisect_left
from datetime import datetime
from typing import Collection, Sequence

from rapidfuzz.distance import LCSseq

from .._util import as_utc
from ..retrieval.text import tokenize

_WORD = re.compile(r"[a-z0-9]+")

#: Decay per hour of conversation time, by memory type (DESIGN.md §1).
#: An identity or a preference outlives a plan, and a plan outlives a mood.
LAMBDA_BY_TYPE: dict[str, float] = {
    "preference": 0.001,
    "identity": 0.001,
    "belief": 0.001,
    "fact": 0.01,
    "plan": 0.05,
    "goal": 0.05,
    "state": 0.05,
    "temporary": 0.2,
    "chitchat": 0.2,
}
DEFAULT_LAMBDA = 0.01


def rouge_tokens(text: str) -> list[str]:
    """Lower-cased alphanumeric tokens (rouge-score's default tokenisation, without stemming)."""
    return _WORD.findall(text.lower())


def content_words(text: str) -> set[str]:
    """Stemmed, stop-word-free words: two texts 'share a content word' when these intersect."""
    return set(tokenize(text))


def lcs_length(a: Sequence[str], b: Sequence[str]) -> int:
    """Length of the longest common subsequence of two token lists (rapidfuzz's bit-parallel C)."""
    return int(LCSseq.similarity(a, b)) if a and b else 0


def _f1(lcs: int, len_a: int, len_b: int) -> float:
    if lcs == 0:
        return 0.0
    p, r = lcs / len_b, lcs / len_a
    return 2 * p * r / (p + r)


def rouge_l_f1(a: Sequence[str], b: Sequence[str]) -> float:
    return _f1(lcs_length(a, b), len(a), len(b))


#: Grounding compares a candidate with at most this many earlier turns sharing a content
#: word with it: the most recent ones. A conversation session (LoCoMo's longest: 47 turns)
#: is compared in full, as A-MAC defines it; a 10,000-message add costs linear, not quadratic, time.
GROUNDING_TURNS = 64


class GroundingIndex:
    """The turns of one add call, indexed by content word (each turn tokenised once).

    Only turns sharing a content word with a candidate can ground it, so the
    index hands :meth:`grounding` exactly those, newest first, at most ``limit``.
    """

    def __init__(self, turns: Sequence[str], *, limit: int = GROUNDING_TURNS) -> None:
        self.limit = limit
        self._tokens = [rouge_tokens(t) for t in turns]
        self._postings: dict[str, list[int]] = {}
        for j, text in enumerate(turns):
            for w in content_words(text):
                self._postings.setdefault(w, []).append(j)

    def _sharing(self, words: set[str], before: int, exclude: Collection[int]) -> list[int]:
        """The newest ``limit`` turns before ``before`` sharing one of ``words``, skipping ``exclude``."""
        runs = []
        for w in words:
            plist = self._postings.get(w)
            if plist:
                hi = bisect_left(plist, before)
                if hi:
                    runs.append(plist[hi - 1 :: -1] if hi < len(plist) else plist[::-1])
        out: list[int] = []
        last = -1
        for j in heapq.merge(*runs, reverse=True):
            if j == last or j in exclude:
                continue
            last = j
            out.append(j)
            if len(out) >= self.limit:
                break
        return out

    def grounding(self, candidate: str, *, before: int | None = None, exclude: Collection[int] = ()) -> float:
        """C for ``candidate`` against turns ``< before`` (all when None), skipping ``exclude``."""
        cw = content_words(candidate)
        toks = rouge_tokens(candidate)
        if not cw or not toks:
            return 0.0
        n = len(toks)
        best = 0.0
        for j in self._sharing(cw, len(self._tokens) if before is None else before, exclude):
            b = self._tokens[j]
            # ROUGE-L F1 is at most 2 min(n, m) / (n + m): skip turns that cannot beat the best.
            if b and 2 * min(n, len(b)) / (n + len(b)) > best:
                best = max(best, _f1(lcs_length(toks, b), n, len(b)))
        return best


def grounding(candidate: str, earlier: Sequence[str], *, exclude: int | None = None) -> float:
    """C: the best ROUGE-L F1 between ``candidate`` and an earlier turn sharing a content word.

    ``exclude`` is the index (in ``earlier``) of the candidate's own source
    turn, which would trivially ground it. 0.0 when no turn qualifies. (Scoring
    many candidates of one call: build one :class:`GroundingIndex` instead.)
    """
    return GroundingIndex(earlier).grounding(candidate, exclude=() if exclude is None else (exclude,))


def novelty(best_cosine: float | None) -> float:
    """N: 1 - the highest cosine to a stored memory of the same scope (1.0 for an empty store)."""
    if best_cosine is None:
        return 1.0
    return float(min(1.0, max(0.0, 1.0 - best_cosine)))


def recency(occurred_at: datetime | None, reference: datetime | None, memory_type: str | None = None) -> float:
    """R: exp(-lambda * age_hours) on the conversation's own clock.

    ``reference`` is the latest time the conversation has reached (not the
    wall clock: a historical import is not "old" for being imported late).
    A candidate without a timestamp is treated as current (1.0); a turn dated
    after the reference (out of order) has age 0, never a negative age.
    """
    if occurred_at is None or reference is None:
        return 1.0
    occurred_at, reference = as_utc(occurred_at), as_utc(reference)
    age_h = max(0.0, (reference - occurred_at).total_seconds() / 3600.0)
    lam = LAMBDA_BY_TYPE.get(memory_type or "", DEFAULT_LAMBDA)
    return float(math.exp(-lam * age_h))
