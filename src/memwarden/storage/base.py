"""The storage interface every backend implements.

A store is deliberately narrow: one atomic ``write`` for every change, plus
reads. Scope (``user_id``) is an argument of every method and part of every
primary key; no method can reach across scopes. Ranking is not the store's
job: :mod:`memwarden.retrieval` builds a per-scope index from
:meth:`Store.index_rows` and keeps it in step with ``write``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol, Sequence, runtime_checkable

import numpy as np

from ..models import HistoryEvent, MemoryItem, Receipt


@dataclass
class MemoryRecord:
    """A memory as stored: the public item plus its vector and keyword entry."""

    item: MemoryItem
    vector: np.ndarray
    #: Stemmed keyword tokens (the keyword index entry).
    tokens: list[str]
    embedding_model: str


@dataclass
class WriteBatch:
    """Everything one logical write changes in one scope, committed together."""

    user_id: str
    upserts: list[MemoryRecord] = field(default_factory=list)
    deletes: list[str] = field(default_factory=list)
    history: list[HistoryEvent] = field(default_factory=list)
    receipts: list[Receipt] = field(default_factory=list)
    #: Drop this scope's receipts of candidates that were not stored (rejected,
    #: duplicate) created before this time; receipts of stored memories stay.
    expire_unstored_receipts_before: datetime | None = None

    def is_empty(self) -> bool:
        return not (self.upserts or self.deletes or self.history or self.receipts or self.expire_unstored_receipts_before)


@dataclass
class IndexRows:
    """The columns retrieval needs for every memory of one scope."""

    version: int
    ids: list[str]
    agent_ids: list[str | None]
    run_ids: list[str | None]
    statuses: list[str]
    vectors: np.ndarray
    tokens: list[list[str]]
    embedding_models: list[str]
    #: Per row, for masks without hydration (issue 10): ``episode``/``claim``, the claim's validity
    #: and when it was stated. Empty lists (rows built by hand in tests) read as active claims
    #: with no time.
    kinds: list[str] = field(default_factory=list)
    valid_from: list[datetime | None] = field(default_factory=list)
    valid_to: list[datetime | None] = field(default_factory=list)
    created_at: list[datetime | None] = field(default_factory=list)
    occurred_at: list[datetime | None] = field(default_factory=list)
    #: The claim's slot (None for episodes and slot-less claims).
    slots: list[str | None] = field(default_factory=list)


@dataclass
class ListQuery:
    agent_id: str | None = None
    run_id: str | None = None
    #: Equality filters on metadata keys.
    metadata: dict[str, Any] = field(default_factory=dict)
    include_superseded: bool = True
    #: ``"claim"`` / ``"episode"``; None: both.
    kind: str | None = None
    limit: int | None = 100
    offset: int = 0


@runtime_checkable
class Store(Protocol):
    def write(self, batch: WriteBatch) -> int:
        """Apply the batch atomically; return the scope's new version."""
        ...

    def get(self, user_id: str, ids: Sequence[str]) -> list[MemoryRecord]:
        """The records with these ids in this scope, in the order asked; unknown ids are skipped."""
        ...

    def list(self, user_id: str, query: ListQuery) -> list[MemoryItem]:
        """Memories of the scope, newest first."""
        ...

    def find_by_hash(self, user_id: str, hashes: Sequence[str]) -> dict[str, str]:
        """hash -> id of an active memory with that text hash."""
        ...

    def history(self, user_id: str, memory_id: str) -> list[HistoryEvent]:
        ...

    def receipts(
        self,
        user_id: str,
        *,
        receipt_id: str | None = None,
        memory_id: str | None = None,
        since: datetime | None = None,
        limit: int = 100,
    ) -> list[Receipt]:
        """Admission receipts of the scope, newest first."""
        ...

    def index_rows(self, user_id: str) -> IndexRows:
        ...

    def scope_ids(self) -> list[str]:
        """Every scope ever written."""
        ...

    def by_slot(self, user_id: str, slots: Sequence[str]) -> list[MemoryRecord]:
        """Active claims of the scope whose slot is one of ``slots``, oldest first."""
        ...

    def version(self, user_id: str) -> int:
        """Bumped by every write to the scope; 0 for a scope never written."""
        ...

    def delete_scope(self, user_id: str) -> int:
        """Remove every row of the scope (memories, history, receipts); return memories removed."""
        ...

    def reset(self) -> None:
        """Remove every row of every scope."""
        ...

    def close(self) -> None:
        ...
