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
from typing import Any, Callable, Protocol, Sequence, TypeVar, runtime_checkable

import numpy as np

from ..errors import StorageError
from ..models import HistoryEvent, MemoryItem, Receipt
from .filters import FilterNode


class HashConflict(StorageError):
    """Another writer stored an active memory with a text this batch claims as new."""

    def __init__(self, existing: dict[str, str]) -> None:
        super().__init__(f"{len(existing)} text(s) of this write were stored meanwhile by another writer; nothing was written")
        #: hash -> id of the active memory that holds it
        self.existing = existing


_T = TypeVar("_T")
#: How often a write that lost a duplicate race is decided again before the conflict is raised.
CONFLICT_RETRIES = 3


def retry_on_hash_conflict(decide_and_write: Callable[[], _T], retries: int = CONFLICT_RETRIES) -> _T:
    """Run ``decide_and_write`` again when another process stored one of its texts between its
    duplicate check and its write (nothing of it was written): the next decision sees that memory."""
    for attempt in range(retries + 1):
        try:
            return decide_and_write()
        except HashConflict:
            if attempt == retries:
                raise
    raise AssertionError("unreachable")


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
    #: Text hashes of this batch's new memories that must be new to the scope: if an active
    #: memory of the scope (other than the batch's own rows) has one, the write raises
    #: :class:`HashConflict` and writes nothing. Checked inside the write's transaction, under
    #: the scope's write lock, so two processes adding the same text cannot both store it.
    unique_hashes: list[str] = field(default_factory=list)
    #: The name the scope's user goes by (``Memory.add(user_name=)``), stored with this write;
    #: None keeps the stored one.
    user_name: str | None = None

    def is_empty(self) -> bool:
        return not (self.upserts or self.deletes or self.history or self.receipts or self.expire_unstored_receipts_before
                    or self.user_name)


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
    #: The claim's source episode ids (empty for episodes).
    sources: list[list[str]] = field(default_factory=list)
    #: The name the scope's user goes by (``Memory.add(user_name=)``), read in the same snapshot as
    #: ``version``: a search takes it from its cached index instead of asking the store each time.
    user_name: str | None = None


@dataclass
class ListQuery:
    agent_id: str | None = None
    run_id: str | None = None
    #: Equality filters on metadata keys.
    metadata: dict[str, Any] = field(default_factory=dict)
    #: A parsed mem0-style filter (:mod:`memwarden.storage.filters`), ANDed with the rest.
    where: FilterNode | None = None
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

    def locate(self, memory_id: str) -> list[str]:
        """The scopes (user ids) holding a memory or the history of one with this id, sorted, at most two.

        The one cross-scope read: for the embedded API's by-id calls without ``user_id``, where
        the caller owns the whole database. Two entries mean the id is ambiguous.
        """
        ...

    def ids_with_prefix(self, user_id: str, prefix: str, limit: int = 10) -> list[str]:
        """Ids of the scope's memories (and of deleted ones with history) starting with ``prefix``, sorted, at most ``limit``.

        For the command line, whose tables show short ids."""
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

    def user_name(self, user_id: str) -> str | None:
        """The name the scope's user goes by (set by a write's ``user_name``); None when never
        named, or after ``delete_scope`` / ``reset``."""
        ...

    def delete_scope(self, user_id: str) -> int:
        """Remove every row of the scope (memories, history, receipts) and its user's name; return memories removed."""
        ...

    def reset(self) -> None:
        """Remove every row of every scope."""
        ...

    def close(self) -> None:
        ...
