"""The five A-MAC factors, each a small function returning a value in [0, 1].

utility (U) lives in :mod:`.utility` (a trained model, or an LLM); the
others are here: grounding (C), novelty (N), recency (R) and the type
prior (T, from the classifier in :mod:`.memtype`).
"""

from __future__ import annotations

import math
import re
from datetime import datetime, timezone
from typing import Sequence

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
    """Length of the longest common subsequence, bit-parallel (Hyyrö 2004).

    One big-int operation per token of ``b`` instead of a len(a) x len(b)
    table: grounding compares a candidate with every earlier turn, and this
    keeps it well under a millisecond per pair in pure Python.
    """
    if not a or not b:
        return 0
    masks: dict[str, int] = {}
    for i, tok in enumerate(a):
        masks[tok] = masks.get(tok, 0) | (1 << i)
    full = (1 << len(a)) - 1
    v = full
    for tok in b:
        m = masks.get(tok)
        if m is None:
            continue
        u = v & m
        v = ((v + u) | (v - u)) & full
    return len(a) - bin(v).count("1")


def rouge_l_f1(a: Sequence[str], b: Sequence[str]) -> float:
    lcs = lcs_length(a, b)
    if lcs == 0:
        return 0.0
    p, r = lcs / len(b), lcs / len(a)
    return 2 * p * r / (p + r)


def grounding(candidate: str, earlier: Sequence[str], *, exclude: int | None = None) -> float:
    """C: the best ROUGE-L F1 between ``candidate`` and an earlier turn sharing a content word.

    ``exclude`` is the index (in ``earlier``) of the candidate's own source
    turn, which would trivially ground it. 0.0 when no turn qualifies.
    """
    cw = content_words(candidate)
    if not cw:
        return 0.0
    toks = rouge_tokens(candidate)
    best = 0.0
    for j, text in enumerate(earlier):
        if j == exclude or not (cw & content_words(text)):
            continue
        best = max(best, rouge_l_f1(toks, rouge_tokens(text)))
    return best


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
    occurred_at, reference = _aware(occurred_at), _aware(reference)
    age_h = max(0.0, (reference - occurred_at).total_seconds() / 3600.0)
    lam = LAMBDA_BY_TYPE.get(memory_type or "", DEFAULT_LAMBDA)
    return float(math.exp(-lam * age_h))


def _aware(t: datetime) -> datetime:
    # A naive time is taken as UTC so naive and aware timestamps can be compared.
    return t if t.tzinfo is not None else t.replace(tzinfo=timezone.utc)
