"""Typed records that cross module boundaries and the public API.

Everything a caller receives is one of these pydantic models; the CLI's
``--json`` output and the server's responses are these models serialised.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "SourceKind",
    "Modality",
    "MemoryStatus",
    "Turn",
    "Candidate",
    "MemoryItem",
    "Receipt",
    "AddResult",
    "ScoreParts",
    "SearchHit",
    "SearchResult",
    "AbstainReason",
    "SourceCredibility",
    "TemporalDecay",
    "NeighbourStance",
    "Consensus",
    "Reliability",
    "ConflictGroup",
    "VerdictEvidence",
    "Verdict",
    "HistoryEvent",
]

#: Where a memory came from; the trust stage keeps a credibility prior per kind.
SourceKind = Literal[
    "user", "assistant", "model_inferred", "document", "web", "tool", "import", "image", "system", "unknown"
]
Modality = Literal["text", "image"]
MemoryStatus = Literal["active", "superseded"]
ReceiptEvent = Literal["admitted", "rejected", "duplicate", "superseded"]
HistoryKind = Literal["ADD", "UPDATE", "DELETE", "SUPERSEDE"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Turn(_Model):
    """One normalised input message."""

    role: str = "user"
    content: str
    name: str | None = None
    #: Position of the turn within this ``add`` call (0-based).
    index: int = 0
    #: Caller's id for the turn (e.g. LoCoMo's ``D1:3``), kept on the memory.
    turn_id: str | None = None
    timestamp: datetime | None = None
    image_ref: str | None = None


class Candidate(_Model):
    """Something ``add`` may store: a turn, or a fact extracted from turns."""

    text: str
    role: str = "user"
    speaker: str | None = None
    source: SourceKind = "user"
    modality: Modality = "text"
    image_ref: str | None = None
    source_turn_ids: list[str] = Field(default_factory=list)
    #: Index of the source turn within the add call's turns (-1: not a turn).
    turn_index: int = -1
    #: For an extracted fact: the indexes (within the add call) of the turns it came from.
    source_turn_indexes: list[int] = Field(default_factory=list)
    occurred_at: datetime | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    #: Neighbouring turns of the same ``add`` call, indexed as keyword context
    #: (a reply like "yes, last Friday" is found through the question it answers).
    context: list[str] = Field(default_factory=list)


class MemoryItem(_Model):
    """A stored memory as callers see it."""

    id: str
    memory: str
    user_id: str
    agent_id: str | None = None
    run_id: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    source: SourceKind = "user"
    speaker: str | None = None
    role: str | None = None
    memory_type: str | None = None
    modality: Modality = "text"
    image_ref: str | None = None
    source_turn_ids: list[str] = Field(default_factory=list)
    status: MemoryStatus = "active"
    superseded_by: str | None = None
    hash: str
    #: When the remembered thing happened, on the conversation's own clock.
    occurred_at: datetime | None = None
    created_at: datetime
    updated_at: datetime
    #: Boundary card (governance stage), computed once per text and cached.
    card: dict[str, Any] | None = None


class Receipt(_Model):
    """Why one candidate was stored, merged or dropped."""

    id: str
    user_id: str
    memory_id: str | None = None
    text: str
    event: ReceiptEvent
    reason: str
    #: Admission factor values (utility, grounding, novelty, recency, type), when scored.
    scores: dict[str, float] = Field(default_factory=dict)
    weights: dict[str, float] = Field(default_factory=dict)
    score: float | None = None
    threshold: float | None = None
    policy: str | None = None
    memory_type: str | None = None
    duplicate_of: str | None = None
    supersedes: list[str] = Field(default_factory=list)
    source_turn_ids: list[str] = Field(default_factory=list)
    created_at: datetime


class AddResult(_Model):
    results: list[Receipt]

    @property
    def stored(self) -> list[Receipt]:
        return [r for r in self.results if r.event in ("admitted", "superseded")]


class ScoreParts(_Model):
    """How a hit's score was made (ranks are 1-based; None: not retrieved by that arm)."""

    dense: float | None = None
    dense_rank: int | None = None
    keyword: float | None = None
    keyword_rank: int | None = None
    fused: float


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


class SearchHit(_Model):
    id: str
    memory: str
    score: float
    scores: ScoreParts
    user_id: str
    agent_id: str | None = None
    run_id: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    source: SourceKind = "user"
    speaker: str | None = None
    memory_type: str | None = None
    modality: Modality = "text"
    status: MemoryStatus = "active"
    source_turn_ids: list[str] = Field(default_factory=list)
    occurred_at: datetime | None = None
    created_at: datetime
    updated_at: datetime
    image_ref: str | None = None
    #: Reliability breakdown (trust stage); None when trust was not asked for.
    reliability: Reliability | None = None
    #: The score before the trust stage blended in reliability (None: not blended).
    relevance: float | None = None


class SearchResult(_Model):
    results: list[SearchHit]
    #: True when the trust stage judged the support insufficient to answer; ``results`` then
    #: holds the nearest candidates, so a caller can see what was not good enough.
    abstained: bool = False
    abstain_reason: AbstainReason | None = None
    #: One line saying why (thresholds and the values that missed them).
    abstain_detail: str | None = None
    conflicts: list[ConflictGroup] = Field(default_factory=list)


class VerdictEvidence(_Model):
    id: str
    memory: str
    speaker: str | None = None
    #: ``assertion``/``denial`` (someone's testimony) or ``evidence`` (image, document).
    role: Literal["assertion", "denial", "evidence", "ambiguous_evidence"]
    stance: StanceName
    stance_score: float
    reliability: float
    #: Factor this item multiplied the odds by (1.0: none).
    odds_factor: float
    reason: str


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


class HistoryEvent(_Model):
    """One change to a memory; the history of a memory is append-only."""

    id: str
    memory_id: str
    user_id: str
    event: HistoryKind
    old_memory: str | None = None
    new_memory: str | None = None
    cause: str
    at: datetime
