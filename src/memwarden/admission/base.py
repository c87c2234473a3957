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


class DuplicateFilter:
    """Admit everything except exact or near duplicates of what the scope already holds.

    A candidate that repeats an earlier candidate of the same call is a
    duplicate of it too (its decision names the candidate's index as
    ``batch:N`` until the memory id exists).
    """

    name = "dedupe"

    def __init__(self, cosine: float = 0.95) -> None:
        self.cosine = cosine

    def find_duplicate(self, ctx: AdmissionContext, i: int, kept: list[int]) -> tuple[str, float] | None:
        cand = ctx.candidates[i]
        h = text_hash(cand.text)
        if h in ctx.stored_hashes:
            return ctx.stored_hashes[h], 1.0
        for j in kept:
            if text_hash(ctx.candidates[j].text) == h:
                return f"batch:{j}", 1.0
        # A near duplicate must state the same values: a changed number, date, time or name is
        # news, never a duplicate (without stored texts to compare, cosine alone decides).
        near = [(mid, cos) for mid, cos in ctx.neighbours(ctx.vectors[i], 3) if cos >= self.cosine]
        if near:
            texts = ctx.texts([mid for mid, _ in near]) if ctx.texts is not None else None
            for mid, cos in near:
                if texts is None or (mid in texts and not values_differ(cand.text, texts[mid])):
                    return mid, cos
        if kept:
            sims = ctx.vectors[kept] @ ctx.vectors[i]
            for j in np.argsort(-sims, kind="stable").tolist():
                if sims[j] < self.cosine:
                    break
                if not values_differ(cand.text, ctx.candidates[kept[j]].text):
                    return f"batch:{kept[j]}", float(sims[j])
        return None

    def decide(self, ctx: AdmissionContext) -> list[Decision]:
        out: list[Decision] = []
        kept: list[int] = []
        for i in range(len(ctx.candidates)):
            dup = self.find_duplicate(ctx, i, kept)
            if dup is not None:
                out.append(Decision("duplicate", f"duplicate of {dup[0]} (cosine {dup[1]:.3f})", policy=self.name, duplicate_of=dup[0]))
            else:
                kept.append(i)
                out.append(Decision("admitted", "not a duplicate of any stored memory", policy=self.name))
        return out
