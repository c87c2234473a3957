"""Typed records of the trust stage: a hit's reliability breakdown (S, T, K), conflict groups
and verdicts. Re-exported by :mod:`memwarden.models`, where callers import them from."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from ._model import _Model

AbstainReason = Literal["no_evidence", "low_reliability", "unresolved_conflict"]
StanceName = Literal["agree", "contradict", "unrelated"]


class SourceCredibility(_Model):
    """S: the source kind's prior, refined by the speaker's track record in this domain."""

    source: str
    prior: float
    speaker: str | None = None
    domain: str | None = None
    #: The speaker's claims in this domain that stronger evidence later supported / contradicted.
    hits: int = 0
    misses: int = 0
    value: float
    note: str = ""


class TemporalDecay(_Model):
    """T = 0.5 ** (age_days / half_life_days), age measured at ``as_of``."""

    age_days: float | None
    half_life_days: float
    value: float
    note: str = ""


class NeighbourStance(_Model):
    id: str
    memory: str
    cosine: float
    fuzzy: float
    #: w_j = 0.7 cosine + 0.3 fuzzy ratio (configurable).
    weight: float
    #: The neighbour's own confidence from S and T (not its consensus, to avoid recursion).
    confidence: float
    stance: StanceName
    stance_score: float
    reason: str


class Consensus(_Model):
    """K = sum w_j conf_j stance_j / sum w_j over the top neighbours, in [-1, 1]."""

    value: float
    neighbours: list[NeighbourStance] = Field(default_factory=list)


class Reliability(_Model):
    """How far a memory can be trusted at ``as_of``: C = clip((w_s S + w_t T + w_c K) / sum w, 0, 1)."""

    confidence: float
    source: SourceCredibility
    temporal: TemporalDecay
    consensus: Consensus
    weights: dict[str, float]
    as_of: datetime
    #: True for image or document-like evidence (what can confirm or refute a speaker).
    evidence: bool = False
    #: Cosine between the query and this memory (what the abstention's relevance test reads).
    query_cosine: float | None = None
    #: Cosine between the query with the scope's speaker names removed and this memory; set only
    #: when the query names a speaker and no hit shares a content word with the rest of it (what
    #: the topical-support test reads: "What is Maya's blood type?" is close to every Maya memory).
    topic_cosine: float | None = None
    #: The fitted final ranking's score (trust/fitted_rank.py); None when that stage did not score this hit.
    rank_score: float | None = None
    #: Bad-input notes: unknown source kind, missing or future timestamp, image file gone.
    warnings: list[str] = Field(default_factory=list)


class ConflictGroup(_Model):
    """Memories that contradict each other, returned together with the one that wins."""

    memory_ids: list[str]
    winner: str | None
    #: Confidence gap between the winner and the runner-up.
    margin: float
    resolved: bool
    reason: str


class VerdictEvidence(_Model):
    id: str
    memory: str
    speaker: str | None = None
    #: ``assertion``/``denial`` (weaker testimony), ``evidence`` (first-hand or a document, tool
    #: output, image), ``ambiguous_evidence`` (hedged), ``superseded`` (a later strong statement contradicts it).
    role: Literal["assertion", "denial", "evidence", "ambiguous_evidence", "superseded"]
    stance: StanceName
    stance_score: float
    reliability: float
    #: Factor this item multiplied the odds by (1.0: none).
    odds_factor: float
    reason: str
    #: Source-hierarchy tier (first_hand, evidence, assistant, third_party, hedged, reported).
    tier: str | None = None
    #: This memory decided the verdict.
    decisive: bool = False
    superseded_by: str | None = None


class Verdict(_Model):
    """Yes/no answer to a claim from stored memories alone, no LLM."""

    claim: str
    verdict: Literal["TRUE", "FALSE", "UNKNOWN"]
    #: Probability the claim is true given the memories.
    p_true: float
    confidence: float
    #: Reliability-weighted support and contradiction.
    support: float
    contradiction: float
    reason: str
    evidence: list[VerdictEvidence] = Field(default_factory=list)
    #: The memories that decided a TRUE or FALSE (empty for UNKNOWN).
    deciding_ids: list[str] = Field(default_factory=list)
