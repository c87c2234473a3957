"""From one ``add`` call's turns to episodes and claims (issue 10).

Every turn becomes an *episode* (kept as said); the extractor's claims become claim
candidates, each keyed to its source turns. This module builds those candidates and their
vectors; :mod:`.resolve` admits them and settles slots. The facade only glues the two.

Embedding cost: claims are embedded; an episode is not embedded on its own. Its vector is
the normalised mean of the vectors of the claims extracted from it (a turn that yields one
claim of nearly the same text gets, in effect, that claim's vector), and an episode that
yielded no claim (chit-chat, questions) is keyword-only (zero vector). Episodes are evidence
and keyword context; search ranks claims, so a dense vector of their own would double the
embedding work for nothing search uses by default (BENCHMARKS.md, "Claims: import speed").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Sequence

import numpy as np

from ..models import Candidate, Claim, SourceKind, Turn
from ..retrieval.ask_words import slot_terms
from .base import ExtractedClaim, Extraction
from .slots import normalise_slot

@dataclass
class ClaimCandidate:
    """A claim on its way to storage: the admission candidate plus its structure."""

    candidate: Candidate
    claim: Claim
    #: Indexes (within the add call) of its source turns.
    turn_indexes: list[int]


def claim_candidates(
    turns: Sequence[Turn],
    extraction: Extraction,
    episodes: Sequence[Candidate],
    episode_ids: Sequence[str],
    *,
    metadata: dict[str, Any],
    context_before: int,
    context_after: int,
) -> list[ClaimCandidate]:
    """One admission candidate per extracted claim, its keyword context being its source turns
    as said plus their neighbouring turns (a claim is found by the words of the turn it came
    from, as a turn was before claims: LoCoMo recall depends on it)."""
    out: list[ClaimCandidate] = []
    by_index = {t.index: n for n, t in enumerate(turns)}
    for ec in extraction.claims:
        idx = sorted({by_index[i] for i in ec.turn_indexes if i in by_index})
        if not idx:
            continue  # an extractor naming no known turn: nothing to ground the claim in
        src = [turns[i] for i in idx]
        lo, hi = max(0, idx[0] - context_before), min(len(turns), idx[-1] + 1 + context_after)
        context = [t.content for t in src] + [turns[i].content for i in range(lo, hi) if i not in idx]
        first = episodes[idx[0]]
        claim = ec.claim.model_copy(update={
            # Stored normalised, so ``Store.by_slot`` finds every claim of a slot by equality.
            "slot": normalise_slot(ec.claim.slot) if ec.claim.slot else None,
            "source_episode_ids": list(dict.fromkeys([*ec.claim.source_episode_ids, *(episode_ids[i] for i in idx)])),
            "extractor": ec.claim.extractor or extraction.extractor,
        })
        cand = Candidate(
            text=ec.text.strip(),
            role=first.role,
            speaker=first.speaker,
            source=_source_of(claim, first.source),
            modality=first.modality,
            image_ref=first.image_ref,
            source_turn_ids=list(dict.fromkeys(tid for i in idx for tid in episodes[i].source_turn_ids)),
            turn_index=idx[0],
            source_turn_indexes=idx,
            occurred_at=max((t.timestamp for t in src if t.timestamp is not None), default=None),
            metadata=dict(metadata),
            context=context + [" ".join(slot_terms(claim))] if slot_terms(claim) else context,
        )
        out.append(ClaimCandidate(cand, claim, idx))
    return out


def _source_of(claim: Claim, turn_source: SourceKind) -> SourceKind:
    """The claim's source kind: who vouches for it, unless the caller forced a source for the call."""
    if turn_source in ("document", "web", "tool", "import", "image", "system"):
        return turn_source
    return claim.vouched_by


def episode_vectors(n_turns: int, claims: Sequence[ClaimCandidate], claim_vectors: np.ndarray, dim: int) -> np.ndarray:
    """Per turn, the normalised mean of its claims' vectors; zeros (keyword-only) without a claim."""
    out = np.zeros((n_turns, dim), dtype=np.float32)
    for cc, vec in zip(claims, claim_vectors):
        for i in cc.turn_indexes:
            out[i] += vec
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    np.divide(out, norms, out=out, where=norms > 1e-9)
    return out


def stated_at(cand: Candidate, now: datetime) -> datetime:
    """When a claim was stated, on the conversation's clock (the call's time when turns carry none)."""
    return cand.occurred_at or now


__all__ = ["ClaimCandidate", "claim_candidates", "episode_vectors", "stated_at", "ExtractedClaim"]
