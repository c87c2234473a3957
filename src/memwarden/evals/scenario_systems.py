"""The systems ``memwarden eval scenarios`` replays conversations into, behind one small interface.

- ``memwarden``: :class:`~memwarden.Memory` with its defaults (admission ``auto``, trust on).
- ``store-all``: the same :class:`Memory` with admission ``all`` and the trust stage off, to show
  what admission and trust add.
- ``vector``: a plain vector store with the same embedder: every turn stored as said, ranked by
  dense cosine only; it never abstains, its verdict is always UNKNOWN and every memory it returns
  is used (policy ``use``). What a memory layer without admission, trust or governance gives.

Each system is built fresh per scenario (an in-memory store), so scenarios cannot leak into
each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Callable, Protocol, Sequence

import numpy as np

from ..config import MemoryConfig
from ..errors import InvalidInputError, NotFoundError
from ..models import Receipt
from ..providers.embedder import Embedder, make_embedder  # noqa: F401  (make_embedder: imported from here by the eval CLI)
from ..trust.config import TrustConfig
from .scenario_format import fold

__all__ = ["SYSTEMS", "Hit", "Found", "ScenarioSystem", "MemwardenSystem", "VectorSystem", "system_factory",
           "make_embedder", "turns_stored"]

SYSTEMS = ("memwarden", "store-all", "vector")
_KEPT = ("admitted", "superseded", "duplicate")


@dataclass
class Hit:
    id: str
    text: str
    user_id: str
    status: str = "active"
    #: The governance policy when the hit came from ``context`` (None for plain searches).
    policy: str | None = None


@dataclass
class Found:
    hits: list[Hit]
    abstained: bool = False
    reason: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class ScenarioSystem(Protocol):
    name: str

    def add_session(self, user_id: str, messages: Sequence[dict[str, Any]], ts: datetime) -> list[bool | None]:
        """Store one session (one call); per message: stored (True/False), or None when no receipt names it."""
        ...

    def search(self, query: str, user_id: str, limit: int, as_of: datetime) -> Found: ...

    def verdict(self, claim: str, user_id: str, as_of: datetime) -> str: ...

    def policies(self, query: str, user_id: str, evidence: list[str], as_of: datetime, limit: int) -> list[Hit]:
        """The governed memories of ``context(query, evidence=...)``, best-ranked first."""
        ...

    def close(self) -> None: ...


def _per_turn(receipts: Sequence[Receipt], turn_ids: Sequence[str], texts: Sequence[str]) -> list[Receipt | None]:
    """The receipt of each turn: the one naming its turn id, else the next unclaimed one with its text."""
    out: list[Receipt | None] = [None] * len(turn_ids)
    rest = []
    for r in receipts:
        j = next((j for j, t in enumerate(turn_ids) if out[j] is None and t in r.source_turn_ids), None)
        if j is None:
            rest.append(r)
        else:
            out[j] = r
    for r in rest:
        j = next((j for j in range(len(texts)) if out[j] is None and fold(r.text) == fold(texts[j])), None)
        if j is not None:
            out[j] = r
    return out


def turns_stored(receipts: Sequence[Receipt], turn_ids: Sequence[str], texts: Sequence[str],
                 exists: Callable[[list[str]], set[str]]) -> list[bool | None]:
    """Whether each turn's content was kept as memory, read from the add's receipts.

    Two-tier memory (per-turn receipts with ``kind="episode"``): a turn is stored when a claim
    extracted from it was kept (its episode receipt's ``claim_ids`` name a claim that exists and
    was not rejected) or it merged into a stored duplicate; the episode itself is always kept and
    does not count. Turn-level memory: its receipt's event is admitted, superseded or duplicate.
    ``exists(ids)`` returns which of ``ids`` are stored memories.
    """
    episodes = [r for r in receipts if r.kind == "episode"]
    if not episodes:
        return [None if r is None else r.event in _KEPT for r in _per_turn(receipts, turn_ids, texts)]
    rejected = {r.memory_id for r in receipts if r.kind == "claim" and r.event == "rejected" and r.memory_id}
    kept_claims = {x for r in receipts if r.kind == "claim" and r.event in _KEPT for x in (r.memory_id, r.duplicate_of) if x}
    named = [c for r in episodes for c in r.claim_ids if c not in kept_claims and c not in rejected]
    present = exists(named) if named else set()
    out: list[bool | None] = []
    for r in _per_turn(episodes, turn_ids, texts):
        if r is None:
            out.append(None)
            continue
        out.append(bool(r.duplicate_of) or any(c in kept_claims or c in present for c in r.claim_ids))
    return out


class MemwardenSystem:
    """:class:`memwarden.Memory` in memory; ``store_all`` = admission ``all`` and trust off."""

    def __init__(self, embedder: Embedder, *, store_all: bool = False, user_name: str | None = None) -> None:
        from ..memory import Memory

        #: Passed as ``add(user_name=)`` (bench/named_turns.py: the user's turns named as a mem0 caller names them).
        self.user_name = user_name

        self.name = "store-all" if store_all else "memwarden"
        cfg = MemoryConfig(database=":memory:", embedder="minilm")
        if store_all:
            cfg = cfg.model_copy(update={"admission": "all", "trust": TrustConfig(enabled=False)})
        self.memory = Memory(config=cfg, embedder=embedder)
        self._turns = 0

    def add_session(self, user_id: str, messages: Sequence[dict[str, Any]], ts: datetime) -> list[bool | None]:
        # A turn id per message (unique in the scenario) lets the receipts be mapped back to turns.
        ids = [f"t{self._turns + j}" for j in range(len(messages))]
        self._turns += len(messages)
        res = self.memory.add([{**m, "id": i} for m, i in zip(messages, ids)], user_id=user_id, timestamp=ts,
                              user_name=self.user_name)

        def exists(mids: list[str]) -> set[str]:
            found = set()
            for mid in mids:
                try:
                    self.memory.get(mid, user_id=user_id)
                    found.add(mid)
                except (NotFoundError, InvalidInputError):
                    pass
            return found

        return turns_stored(res.results, ids, [m["content"] for m in messages], exists)

    def search(self, query: str, user_id: str, limit: int, as_of: datetime) -> Found:
        res = self.memory.search(query, user_id=user_id, limit=limit, as_of=as_of)
        return Found([Hit(h.id, h.memory, h.user_id, h.status) for h in res.results], res.abstained,
                     res.abstain_reason, {"detail": res.abstain_detail} if res.abstain_detail else {})

    def verdict(self, claim: str, user_id: str, as_of: datetime) -> str:
        return self.memory.verdict(claim, user_id=user_id, as_of=as_of).verdict

    def policies(self, query: str, user_id: str, evidence: list[str], as_of: datetime, limit: int) -> list[Hit]:
        ctx = self.memory.context(query, user_id=user_id, evidence=evidence or None, limit=limit, as_of=as_of)
        # The context lists memories oldest first; rank them as the search behind it did, so "the
        # memory matching the target" is the best-ranked one when several match.
        order = [h.id for h in self.memory.search(query, user_id=user_id, limit=limit, include_superseded=True,
                                                  as_of=as_of).results]
        rank = {mid: i for i, mid in enumerate(order)}
        governed = sorted(ctx.memories, key=lambda g: rank.get(g.id, len(rank)))
        return [Hit(g.id, g.memory, user_id, policy=g.policy) for g in governed]

    def close(self) -> None:
        self.memory.close()


class VectorSystem:
    """A plain vector store: every turn as said, dense cosine only, no time, no trust, no policy."""

    name = "vector"

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self._rows: dict[str, list[tuple[str, str]]] = {}
        self._vecs: dict[str, list[np.ndarray]] = {}

    def add_session(self, user_id: str, messages: Sequence[dict[str, Any]], ts: datetime) -> list[bool | None]:
        texts = [m["content"] for m in messages]
        vecs = self.embedder.embed(texts)
        rows = self._rows.setdefault(user_id, [])
        for text, vec in zip(texts, vecs):
            rows.append((f"v{len(rows)}", text))
            self._vecs.setdefault(user_id, []).append(np.asarray(vec, dtype=np.float32))
        return [True] * len(messages)

    def search(self, query: str, user_id: str, limit: int, as_of: datetime) -> Found:
        rows = self._rows.get(user_id, [])
        if not rows:
            return Found([])
        scores = np.stack(self._vecs[user_id]) @ self.embedder.embed([query])[0]
        order = np.argsort(-scores, kind="stable")[:limit]
        return Found([Hit(rows[i][0], rows[i][1], user_id) for i in order.tolist()])

    def verdict(self, claim: str, user_id: str, as_of: datetime) -> str:
        return "UNKNOWN"

    def policies(self, query: str, user_id: str, evidence: list[str], as_of: datetime, limit: int) -> list[Hit]:
        return [Hit(h.id, h.text, user_id, policy="use") for h in self.search(query, user_id, limit, as_of).hits]

    def close(self) -> None:
        self._rows.clear()
        self._vecs.clear()


def system_factory(name: str, embedder: Embedder, *, user_name: str | None = None) -> Callable[[], ScenarioSystem]:
    """A constructor of fresh, empty instances of the named system (one per scenario); ``user_name``
    (memwarden only) is passed to every ``add``."""
    if name == "memwarden":
        return lambda: MemwardenSystem(embedder, user_name=user_name)
    if name == "store-all":
        return lambda: MemwardenSystem(embedder, store_all=True)
    if name == "vector":
        return lambda: VectorSystem(embedder)
    raise InvalidInputError(f"unknown system {name!r}: one of {', '.join(SYSTEMS)}")
