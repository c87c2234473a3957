"""Configuration objects. Nothing here reads the environment at import time:
:meth:`MemoryConfig.from_env` is called only at the edges (CLI, server)."""

from __future__ import annotations

import os
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Literal, Mapping

from pydantic import BaseModel, ConfigDict, Field

from .retrieval.search import FusionConfig
from .trust.config import TrustConfig

DEFAULT_MAX_MESSAGE_CHARS = 20_000
DEFAULT_MAX_MESSAGES_PER_ADD = 1_000


def default_data_dir() -> Path:
    return Path(os.environ.get("MEMWARDEN_HOME") or Path.home() / ".memwarden")


class MemoryConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    #: ``path/to/file.db`` (SQLite), ``:memory:``, or a ``postgresql://`` URL.
    database: str = ":memory:"
    #: ``minilm`` (the bundled ONNX model) or ``hash`` (deterministic, for tests).
    embedder: str = "minilm"
    max_message_chars: int = Field(DEFAULT_MAX_MESSAGE_CHARS, ge=1)
    #: Most messages one ``add`` call may carry (an add's cost grows with its size, and a
    #: scope's writes wait for it); a bigger import is split into several calls.
    max_messages_per_add: int = Field(DEFAULT_MAX_MESSAGES_PER_ADD, ge=1)
    #: Cosine at or above which a candidate is a near-duplicate of a stored memory.
    duplicate_cosine: float = Field(0.95, ge=0.0, le=1.0)
    #: Default admission mode for ``add``: ``auto`` (policy) or ``all``.
    admission: str = "auto"
    #: Days a receipt of a candidate that was not stored (rejected, duplicate)
    #: stays inspectable; None keeps them forever. Receipts of stored memories always stay.
    unstored_receipt_days: float | None = Field(30.0, gt=0)
    #: With an LLM set on the Memory: extract fact candidates from the turns and score
    #: their utility with one LLM call each (off: turns are candidates, utility is the
    #: trained model; both cost nothing per add).
    llm_admission: bool = False
    #: Extra instructions for the LLM fact extractor (mem0's ``custom_fact_extraction_prompt``);
    #: ``add(prompt=...)`` overrides it per call. Used only when an LLM extracts.
    extraction_prompt: str | None = None
    #: Admission policy file for ``auto`` (None: the policy shipped in the package).
    admission_policy: str | None = None
    #: How dense and keyword scores are fused: ``zscore`` (weighted z-scores) or ``rrf``.
    fusion_method: Literal["zscore", "rrf"] = "zscore"
    dense_weight: float = Field(0.5, ge=0.0)
    keyword_weight: float = Field(0.5, ge=0.0)
    rrf_k: int = Field(60, ge=1)
    #: A claim's source turn as a secondary ranking signal (``FusionConfig.episode_weight``/``episode_form``).
    episode_weight: float = Field(0.0, ge=0.0)
    episode_form: Literal["add", "max", "dense"] = "add"
    #: Turns before/after a turn (within one ``add`` call) indexed with it as keyword context.
    context_before: int = Field(2, ge=0)
    context_after: int = Field(1, ge=0)
    #: Memory unit (issue 10): ``True`` keeps every turn as an episode and stores the claims
    #: extracted from it (search ranks claims); ``False`` is the pre-claims behaviour, one
    #: searchable memory per admitted turn (kept for comparisons and the import benchmark).
    claims: bool = True
    #: Reliability scoring and abstention (trust stage, DESIGN.md section 2).
    trust: TrustConfig = Field(default_factory=TrustConfig)

    def fusion(self) -> FusionConfig:
        return FusionConfig(method=self.fusion_method, k=self.rrf_k, dense_weight=self.dense_weight, keyword_weight=self.keyword_weight,
                            episode_weight=self.episode_weight, episode_form=self.episode_form)

    def receipt_horizon(self, now: datetime) -> datetime | None:
        """Receipts of unstored candidates older than this expire in a write made at ``now``."""
        days = self.unstored_receipt_days
        return now - timedelta(days=days) if days is not None else None

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Any) -> "MemoryConfig":
        """Settings from ``MEMWARDEN_*`` variables (the CLI and server call this)."""
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        url = env.get("MEMWARDEN_DATABASE_URL")
        values["database"] = url or str(Path(env.get("MEMWARDEN_HOME") or default_data_dir()) / "memwarden.db")
        if env.get("MEMWARDEN_EMBEDDER"):
            values["embedder"] = env["MEMWARDEN_EMBEDDER"]
        if env.get("MEMWARDEN_MAX_MESSAGE_CHARS"):
            values["max_message_chars"] = int(env["MEMWARDEN_MAX_MESSAGE_CHARS"])
        if env.get("MEMWARDEN_MAX_MESSAGES_PER_ADD"):
            values["max_messages_per_add"] = int(env["MEMWARDEN_MAX_MESSAGES_PER_ADD"])
        if env.get("MEMWARDEN_ADMISSION"):
            values["admission"] = env["MEMWARDEN_ADMISSION"]
        if env.get("MEMWARDEN_ADMISSION_POLICY"):
            values["admission_policy"] = env["MEMWARDEN_ADMISSION_POLICY"]
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)
