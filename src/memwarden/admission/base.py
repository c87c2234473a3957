"""The admission interface and the two policies that need no model."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Callable, Literal, Protocol

import numpy as np

from .._util import text_hash
from ..models import Candidate, Turn
from .values import values_differ

Event = Literal["admitted", "rejected", "duplicate", "superseded"]
#: (vector, k) -> [(memory_id, cosine)] over active memories of the same scope, best first.
NeighbourFn = Callable[[np.ndarray, int], list[tuple[str, float]]]


@dataclass
class AdmissionContext:
    user_id: str
    turns: list[Turn]
    candidates: list[Candidate]
    #: One unit vector per candidate, same order.
    vectors: np.ndarray
    neighbours: NeighbourFn
    #: text hash -> id of an active stored memory with that exact text.
    stored_hashes: dict[str, str]
    now: datetime
    #: Which embedder made ``vectors`` (models trained on another embedder skip their embedding weights).
    embedder_id: str | None = None
    #: ids -> {id: text} of stored memories of the scope (for supersession); None when unavailable.
    texts: Callable[[list[str]], dict[str, str]] | None = None
    #: Turn-level supersession (``supersede.py``); off for claims, whose slots settle updates.
    supersession: bool = True
    #: What the candidates are: "turn" or "claim" (picks the shipped policy trained on that unit).
    #: None: read from ``supersession``, which the two-tier path turns off for claims.
    unit: Literal["turn", "claim"] | None = None
    #: (text, the previous turn's text or None) -> probability that the text is chit-chat; the claim
    #: path passes the claim gate's (``claims.gate.p_chat``), so admission reads it without importing
    #: the extractor. None: the features that use it are 0.
    chat_p: Callable[[str, str | None], float] | None = None


@dataclass
class Decision:
    event: Event
    reason: str
    scores: dict[str, float] = field(default_factory=dict)
    weights: dict[str, float] = field(default_factory=dict)
    score: float | None = None
    threshold: float | None = None
    policy: str | None = None
    memory_type: str | None = None
    duplicate_of: str | None = None
    supersedes: list[str] = field(default_factory=list)

    @property
    def stores(self) -> bool:
        return self.event in ("admitted", "superseded")


class Admitter(Protocol):
    name: str

    def decide(self, ctx: AdmissionContext) -> list[Decision]:
        ...


class AdmitAll:
    """Store every candidate (admission switched off)."""

    name = "all"

    def decide(self, ctx: AdmissionContext) -> list[Decision]:
        return [Decision("admitted", "admission is off: every candidate is stored", policy=self.name) for _ in ctx.candidates]


#: Near-duplicates within one add call are looked for among this many most recently kept
#: candidates (exact repeats among all of them): exact for any add up to this size, linear beyond.
NEAR_DUPLICATE_WINDOW = 512


class KeptCandidates:
    """The candidates of one add call kept so far (admitted or superseding)."""

    def __init__(self, ctx: AdmissionContext, window: int = NEAR_DUPLICATE_WINDOW) -> None:
        self.hashes = [text_hash(c.text) for c in ctx.candidates]
        self.indexes: list[int] = []
        self._first: dict[str, int] = {}
        vecs = np.asarray(ctx.vectors, dtype=np.float32)
        self._vectors = vecs
        self._ring = np.zeros((min(window, len(vecs)), vecs.shape[1] if vecs.ndim == 2 else 0), dtype=np.float32)
        self._ring_index = np.zeros(len(self._ring), dtype=np.int64)

    def add(self, i: int) -> None:
        if self._ring.shape[0]:
            slot = len(self.indexes) % len(self._ring)
            self._ring[slot] = self._vectors[i]
            self._ring_index[slot] = i
        self.indexes.append(i)
        self._first.setdefault(self.hashes[i], i)

    def same_text(self, i: int) -> int | None:
        return self._first.get(self.hashes[i])

    def above(self, i: int, cosine: float) -> list[tuple[int, float]]:
        """Kept candidates (of the window) at least ``cosine`` close to candidate ``i``, closest
        first, the earliest on a tie."""
        k = min(len(self.indexes), len(self._ring))
        if k == 0:
            return []
        sims = self._ring[:k] @ self._vectors[i]
        idx = self._ring_index[:k]
        order = np.lexsort((idx, -sims))
        return [(int(idx[j]), float(sims[j])) for j in order.tolist() if sims[j] >= cosine]


class DuplicateFilter:
    """Admit everything except exact or near duplicates of what the scope already holds.

    A candidate that repeats an earlier candidate of the same call is a
    duplicate of it too (its decision names the candidate's index as
    ``batch:N`` until the memory id exists).
    """

    name = "dedupe"
    #: The store re-checks, inside the write, that no other writer stored the same text meanwhile.
    checks_duplicates = True

    def __init__(self, cosine: float = 0.95) -> None:
        self.cosine = cosine

    def find_duplicate(self, ctx: AdmissionContext, i: int, kept: KeptCandidates) -> tuple[str, float] | None:
        h = kept.hashes[i]
        if h in ctx.stored_hashes:
            return ctx.stored_hashes[h], 1.0
        j = kept.same_text(i)
        if j is not None:
            return f"batch:{j}", 1.0
        cand = ctx.candidates[i]
        # A near duplicate must state the same values: a changed number, date, time or name is
        # news, never a duplicate (without stored texts to compare, cosine alone decides).
        near = [(mid, cos) for mid, cos in ctx.neighbours(ctx.vectors[i], 3) if cos >= self.cosine]
        if near:
            texts = ctx.texts([mid for mid, _ in near]) if ctx.texts is not None else None
            for mid, cos in near:
                if texts is None or (mid in texts and not values_differ(cand.text, texts[mid])):
                    return mid, cos
        for j, sim in kept.above(i, self.cosine):
            if not values_differ(cand.text, ctx.candidates[j].text):
                return f"batch:{j}", sim
        return None

    def decide(self, ctx: AdmissionContext) -> list[Decision]:
        out: list[Decision] = []
        kept = KeptCandidates(ctx)
        for i in range(len(ctx.candidates)):
            dup = self.find_duplicate(ctx, i, kept)
            if dup is not None:
                out.append(Decision("duplicate", f"duplicate of {dup[0]} (cosine {dup[1]:.3f})", policy=self.name, duplicate_of=dup[0]))
            else:
                kept.add(i)
                out.append(Decision("admitted", "not a duplicate of any stored memory", policy=self.name))
        return out
