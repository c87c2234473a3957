"""Typed records of the governance stage: cards, usage instructions, the
calibrated context and the traced answer."""

from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

Policy = Literal["use", "constrain_to_scope", "defer_to_evidence", "ignore_as_evidence", "superseded"]
#: The policies in order, from the one ``Policy`` type (evals and the confusion matrix read this).
POLICIES: tuple[str, ...] = get_args(Policy)
Enforcement = Literal["soft", "strict"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SettingUse(_Model):
    setting: str
    support: str
    scope: str
    limitation: str


class BoundaryCard(_Model):
    """What a memory may and may not support, induced from the memory alone."""

    memory_id: str
    #: sha256 of the memory text the card was made for; a different hash: stale card.
    text_hash: str
    method: Literal["template", "llm"] = "template"
    task_types: list[str] = Field(default_factory=list)
    counterfactual_settings: list[str] = Field(default_factory=list)
    setting_use_assessments: list[SettingUse] = Field(default_factory=list)
    comparison_findings: list[str] = Field(default_factory=list)
    conditional_use_rules: list[str] = Field(default_factory=list)
    boundary_summary: str = ""


class UsageInstruction(_Model):
    """How one retrieved memory may be used for this query."""

    memory_id: str
    policy: Policy
    instruction: str
    rationale: str
    #: Classifier probability per policy (no-LLM path), for audit.
    scores: dict[str, float] = Field(default_factory=dict)
    method: Literal["classifier", "llm", "rule"] = "classifier"


class GovernedMemory(_Model):
    id: str
    memory: str
    policy: Policy
    instruction: str
    rationale: str
    #: Reliability from the trust stage when it ran (confidence in [0, 1] and parts).
    reliability: dict[str, Any] | None = None
    #: What reaches the model in strict mode: the memory, an attributed belief, or nothing.
    rendered: str | None = None
    withheld: bool = False
    card: BoundaryCard | None = None


class CalibratedContext(_Model):
    query: str
    user_id: str
    enforcement: Enforcement
    memories: list[GovernedMemory]
    abstained: bool = False
    abstain_reason: str | None = None
    #: Ready to paste in front of any model.
    prompt: str


class SupportSegment(_Model):
    text: str
    role: str = "claim"
    evidence_ids: list[str] = Field(default_factory=list)
    memory_ids: list[str] = Field(default_factory=list)
    instruction_followed: str = ""
    verified: bool = True
    action: Literal["kept", "revised", "removed"] = "kept"
    problem: str | None = None


class AnswerTrace(_Model):
    segments: list[SupportSegment]
    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0


class GovernedAnswer(_Model):
    answer: str
    abstained: bool = False
    abstain_reason: str | None = None
    context: CalibratedContext
    trace: AnswerTrace | None = None
