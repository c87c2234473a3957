"""memwarden: a governed long-term memory layer for LLM agents."""

from .async_memory import AsyncMemory
from .config import MemoryConfig
from .errors import (
    InputTooLargeError,
    InvalidInputError,
    LLMError,
    MemwardenError,
    ModelError,
    NotAMemwardenDatabase,
    NotFoundError,
    PolicyError,
    SchemaTooNewError,
    StorageError,
)
from .governance.models import BoundaryCard, CalibratedContext, GovernedAnswer, GovernedMemory
from .memory import Memory
from .models import (
    AddResult,
    Claim,
    ConflictGroup,
    EpisodeRef,
    HistoryEvent,
    MemoryItem,
    Receipt,
    Reliability,
    ScoreParts,
    SearchHit,
    SearchResult,
    Verdict,
)
from .trust.config import TrustConfig

__version__ = "0.1.0"

__all__ = [
    "Memory",
    "AsyncMemory",
    "MemoryConfig",
    "AddResult",
    "Claim",
    "EpisodeRef",
    "HistoryEvent",
    "MemoryItem",
    "Receipt",
    "ScoreParts",
    "SearchHit",
    "SearchResult",
    "Reliability",
    "ConflictGroup",
    "Verdict",
    "TrustConfig",
    "BoundaryCard",
    "CalibratedContext",
    "GovernedMemory",
    "GovernedAnswer",
    "MemwardenError",
    "InvalidInputError",
    "InputTooLargeError",
    "NotFoundError",
    "StorageError",
    "NotAMemwardenDatabase",
    "SchemaTooNewError",
    "ModelError",
    "PolicyError",
    "LLMError",
]
