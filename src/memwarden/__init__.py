"""memwarden: a governed long-term memory layer for LLM agents."""

from .config import MemoryConfig
from .errors import (
    InputTooLargeError,
    InvalidInputError,
    MemwardenError,
    NotAMemwardenDatabase,
    NotFoundError,
    SchemaTooNewError,
    StorageError,
)
from .memory import Memory
from .models import AddResult, HistoryEvent, MemoryItem, Receipt, ScoreParts, SearchHit, SearchResult

__version__ = "0.1.0"

__all__ = [
    "Memory",
    "MemoryConfig",
    "AddResult",
    "HistoryEvent",
    "MemoryItem",
    "Receipt",
    "ScoreParts",
    "SearchHit",
    "SearchResult",
    "MemwardenError",
    "InvalidInputError",
    "InputTooLargeError",
    "NotFoundError",
    "StorageError",
    "NotAMemwardenDatabase",
    "SchemaTooNewError",
]
