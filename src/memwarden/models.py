"""Typed records that cross module boundaries and the public API.

Everything a caller receives is one of these pydantic models; the CLI's
``--json`` output and the server's responses are these models serialised.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar, Literal

from pydantic import Field

from ._model import _Model
from .trust_models import (  # re-exported: callers import every record from memwarden.models
    AbstainReason, ConflictGroup, Consensus, NeighbourStance, Reliability, SourceCredibility, StanceName, TemporalDecay,
    Verdict, VerdictEvidence,
)

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
    "MemoryKind",
    "Firmness",
    "Claim",
    "EpisodeRef",
    "MemoryList",
    "MEM0_EVENTS",
]

#: Where a memory came from; the trust stage keeps a credibility prior per kind.
SourceKind = Literal[
    "user", "assistant", "model_inferred", "document", "web", "tool", "import", "image", "system", "unknown"
]
Modality = Literal["text", "image"]
MemoryStatus = Literal["active", "superseded"]
#: Two tiers: an *episode* is a turn as said (evidence); a *claim* is one self-contained
#: statement derived from episodes (what search ranks, what supersedes, what trust and
#: governance reason about). See ARCHITECTURE.md, "Claims".
MemoryKind = Literal["episode", "claim"]
#: How firmly the voucher holds the claim: said outright, hedged ("I think"), or reported
#: second-hand ("my mom insists", "Tom heard").
Firmness = Literal["stated", "hedged", "reported"]
ReceiptEvent = Literal["admitted", "rejected", "duplicate", "superseded"]
HistoryKind = Literal["ADD", "UPDATE", "DELETE", "SUPERSEDE"]


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


#: A claim's subject when a third-person pronoun heads its clause and nothing said resolves it (session 12).
SOMEONE_ELSE = "someone else"


class Claim(_Model):
    """What a claim says beyond its text: subject, slot, who vouches, time, sources.

    Stored with every ``kind="claim"`` memory; extractors (offline rules or an LLM) produce it.
    """

    #: The resolved subject: "user" for the user (whatever their name), a speaker's name, or a
    #: resolved phrase ("Maya's sister Ana"); never a pronoun: a she/he heading a clause that no
    #: referent resolves is ``SOMEONE_ELSE`` (a third person, never the speaker).
    subject: str
    #: Normalised attribute ("residence", "employer", "allergy", "meeting_time", ...; open-ended).
    attribute: str | None = None
    #: The attribute's value as said ("Porto", "peanuts", "2025-05-05 10:00").
    value: str | None = None
    #: ``subject|attribute``, normalised: claims on one slot supersede each other. None: no slot
    #: (a claim that cannot be superseded, only contradicted).
    slot: str | None = None
    #: The claim states that the value does NOT hold ("I'm not allergic to penicillin").
    negated: bool = False
    #: Who vouches for it: the user first-hand, the assistant, a named third party ("unknown"
    #: with ``voucher`` set), a document / tool output / image caption.
    vouched_by: SourceKind = "user"
    #: The voucher's name when not the user ("Tom", "my mom", "the lab report").
    voucher: str | None = None
    firmness: Firmness = "stated"
    #: An assistant restating the user's fact: adds no testimony, never revives a superseded claim.
    echo: bool = False
    #: When the claimed event happens/happened, resolved against the session clock ("next
    #: Friday" -> that date; "from July" -> start only). None: no time expression.
    event_start: datetime | None = None
    event_end: datetime | None = None
    #: The time expressions as said ("next Friday"), for receipts and debugging.
    time_text: list[str] = Field(default_factory=list)
    #: Ids of the episodes (stored turns) this claim was derived from.
    source_episode_ids: list[str] = Field(default_factory=list)
    #: Which extractor produced it ("rules", "llm:<model>"), and the fallback taken, if any.
    extractor: str = "rules"
    #: The stated slot value that was *replaced* when the source said so ("moved from Lisbon").
    previous_value: str | None = None
    #: Ids of active claims on the same slot with another value that this one could not
    #: supersede (or was not superseded by): a weaker source contradicting a stronger one.
    conflicts_with: list[str] = Field(default_factory=list)


class EpisodeRef(_Model):
    """A claim's source turn, as said (carried on search hits)."""

    id: str
    text: str
    speaker: str | None = None
    role: str | None = None
    occurred_at: datetime | None = None
    source_turn_ids: list[str] = Field(default_factory=list)


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
    #: ``episode`` (a turn as said) or ``claim`` (a statement derived from episodes).
    kind: MemoryKind = "claim"
    #: The claim's structure; None for episodes.
    claim: Claim | None = None
    #: Point-in-time validity on the conversation's clock: from when the claim holds, and (once
    #: a newer claim on its slot superseded it) until when. ``search(as_of=t)`` returns claims
    #: valid at t that were stated by t.
    valid_from: datetime | None = None
    valid_to: datetime | None = None


#: A receipt's decision in mem0's words (``add`` results' ``"event"``): a stored memory is an ADD,
#: one that supersedes older memories an UPDATE (mem0 rewrites the old row; memwarden keeps it,
#: marked superseded, and names the new memory), a duplicate or a rejection is NONE (nothing changed).
MEM0_EVENTS: dict[str, str] = {"admitted": "ADD", "superseded": "UPDATE", "duplicate": "NONE", "rejected": "NONE"}


class Receipt(_Model):
    """Why one candidate was stored, merged or dropped.

    As a mapping it is mem0's ``add`` result item: ``r["id"]`` is the *memory* id (None when
    nothing was stored), ``r["memory"]`` the text, ``r["event"]`` ``ADD``/``UPDATE``/``NONE``
    (:data:`MEM0_EVENTS`). The receipt's own id and decision stay on the attributes (``r.id``,
    ``r.event``) and under the keys ``receipt_id`` and ``decision``.
    """

    _mem0_keys: ClassVar[dict[str, str]] = {
        "id": "memory_id", "memory": "text", "event": "mem0_event", "receipt_id": "id", "decision": "event"}

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
    #: ``episode``: the receipt of a turn (what was extracted from it: ``claim_ids``);
    #: ``claim``: the admission decision on one extracted claim.
    kind: MemoryKind = "claim"
    claim_ids: list[str] = Field(default_factory=list)
    #: On a turn's receipt: the ids of the per-claim receipts of every claim extracted from the
    #: turn, rejected ones included (what ``memwarden admission explain`` shows with it).
    claim_receipts: list[str] = Field(default_factory=list)
    #: The extractor that ran ("rules", "llm:<model>") and the fallback taken, if any.
    extractor: str | None = None
    fallback: str | None = None

    @property
    def mem0_event(self) -> str:
        return MEM0_EVENTS.get(self.event, "NONE")


class AddResult(_Model):
    """Every receipt of one ``add`` (``.results``: the turns' episode receipts, then the claims').

    As a mapping it is mem0's ``add`` result: ``res["results"]`` lists one entry per memory
    decision (mem0's ``ADD``/``UPDATE``/``NONE``), i.e. the claim receipts; the receipts of the
    episodes (the turns kept as said) are only on ``.results``.
    """

    _mem0_keys: ClassVar[dict[str, str]] = {"results": "mem0_results"}

    results: list[Receipt]

    @property
    def mem0_results(self) -> list[Receipt]:
        return [r for r in self.results if r.kind != "episode"]

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
    #: What a request added to ``fused`` because the hit states a constraint (a typed limit, or an untyped claim
    #: whose meaning reads as one); 0: none (retrieval/search.py).
    constraint: float = 0.0


class SearchHit(_Model):
    #: mem0's ``search(explain=True)`` puts the breakdown under ``score_details``.
    _mem0_keys: ClassVar[dict[str, str]] = {"score_details": "scores"}

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
    kind: MemoryKind = "claim"
    claim: Claim | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    #: The source episodes (turns as said) of a claim hit; for an episode hit, itself.
    episodes: list[EpisodeRef] = Field(default_factory=list)

    @classmethod
    def from_item(cls, item: "MemoryItem", scores: ScoreParts) -> "SearchHit":
        """The hit for a stored memory ranked with ``scores`` (its score is the fused one)."""
        return cls(
            id=item.id, memory=item.memory, score=scores.fused, scores=scores, user_id=item.user_id,
            agent_id=item.agent_id, run_id=item.run_id, metadata=item.metadata, source=item.source,
            speaker=item.speaker, memory_type=item.memory_type, modality=item.modality, status=item.status,
            source_turn_ids=item.source_turn_ids, occurred_at=item.occurred_at, image_ref=item.image_ref,
            created_at=item.created_at, updated_at=item.updated_at, kind=item.kind, claim=item.claim,
            valid_from=item.valid_from, valid_to=item.valid_to,
        )


class SearchResult(_Model):
    results: list[SearchHit]
    #: True when the trust stage judged the support insufficient to answer; ``results`` then
    #: holds the nearest candidates, so a caller can see what was not good enough.
    abstained: bool = False
    abstain_reason: AbstainReason | None = None
    #: One line saying why (thresholds and the values that missed them).
    abstain_detail: str | None = None
    conflicts: list[ConflictGroup] = Field(default_factory=list)


class HistoryEvent(_Model):
    """One change to a memory; the history of a memory is append-only.

    As a mapping it also answers mem0's history keys: ``previous_value``, ``new_value``,
    ``action`` (ADD/UPDATE/DELETE, and memwarden's SUPERSEDE) and ``created_at``.
    """

    _mem0_keys: ClassVar[dict[str, str]] = {
        "previous_value": "old_memory", "new_value": "new_memory", "action": "event", "created_at": "at"}

    id: str
    memory_id: str
    user_id: str
    event: HistoryKind
    old_memory: str | None = None
    new_memory: str | None = None
    cause: str
    at: datetime


class MemoryList(list):  # type: ignore[type-arg]
    """``get_all``'s answer: a plain list of :class:`MemoryItem` that also answers mem0's
    ``{"results": [...]}`` shape (``res["results"]`` and ``res.get("results")`` are the list itself)."""

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            if key == "results":
                return self
            raise KeyError(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        return self if key == "results" else default

    def keys(self) -> list[str]:
        return ["results"]
