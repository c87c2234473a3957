"""What the inspector's pages read: a per-scope catalogue of memories and receipts.

Every read goes through :class:`~memwarden.Memory` and its store's public reads, scoped by
``user_id``. Filters the store cannot express (type, source, speaker, time, status) are applied
to a catalogue of the scope's memories, loaded once per scope *version* (the store bumps it on
every write) and kept in a small LRU: hydrating 10k memories costs ~0.6 s, a filter over them
a few ms. The inspector's own writes patch the catalogue instead of reloading it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable, Sequence

from ..memory import Memory
from ..models import MemoryItem, Receipt

#: Receipts kept per scope for the receipts page and counts (newest first).
RECEIPTS_MAX = 20_000


@dataclass
class Catalogue:
    version: int
    items: list[MemoryItem]  # newest first, like Memory.get_all
    by_id: dict[str, MemoryItem]
    receipts: list[Receipt] | None = None
    _convs: list["Conversation"] | None = None
    _eps_of: dict[str, list[str]] | None = None
    _slots: list[tuple[str, list[MemoryItem]]] | None = None


@dataclass
class Conversation:
    """One ``add`` call's turns: episodes written together (same write time, agent and run)."""

    key: str
    episodes: list[MemoryItem]  # in turn order
    created_at: datetime
    agent_id: str | None
    run_id: str | None

    @property
    def first(self) -> MemoryItem:
        return self.episodes[0]


@dataclass
class TurnRow:
    episode: MemoryItem
    #: The turn's own receipt (an episode receipt; for a pre-claims turn memory, its admission).
    receipts: list[Receipt]
    #: Receipts of the claims extracted from it (admitted, duplicate, superseding).
    claims: list[Receipt]

    @property
    def scored(self) -> list[Receipt]:
        return [r for r in [*self.receipts, *self.claims] if r.score is not None]


@dataclass
class Counts:
    user_id: str
    memories: int = 0
    claims: int = 0
    episodes: int = 0
    superseded: int = 0
    rejected: int = 0
    conflicts: int = 0
    last_activity: datetime | None = None


class Reader:
    """Scope-bound reads for the pages (callers check the tenant first)."""

    def __init__(self, memory: Memory, *, max_scopes: int = 4) -> None:
        self.memory = memory
        self._cache: OrderedDict[str, Catalogue] = OrderedDict()
        self._lock = threading.Lock()
        self._max = max_scopes

    # -- catalogue ------------------------------------------------------------------

    def catalogue(self, user_id: str) -> Catalogue:
        version = self.memory.store.version(user_id)
        with self._lock:
            cat = self._cache.get(user_id)
            if cat is not None and cat.version == version:
                self._cache.move_to_end(user_id)
                return cat
        items = self.memory.get_all(user_id=user_id, kind="any", limit=None)
        cat = Catalogue(version=version, items=items, by_id={i.id: i for i in items})
        with self._lock:
            self._cache[user_id] = cat
            self._cache.move_to_end(user_id)
            while len(self._cache) > self._max:
                self._cache.popitem(last=False)
        return cat

    def receipts(self, user_id: str) -> list[Receipt]:
        cat = self.catalogue(user_id)
        if cat.receipts is None:
            cat.receipts = self.memory.receipts(user_id=user_id, limit=RECEIPTS_MAX)
        return cat.receipts

    def patched(self, user_id: str, before: int, changed: Iterable[str] = ()) -> None:
        """After an inspector write: refresh ``changed`` ids in place when nobody else wrote
        (the version moved by one), else drop the catalogue (the next read reloads it)."""
        after = self.memory.store.version(user_id)
        with self._lock:
            cat = self._cache.get(user_id)
            if cat is None:
                return
            if cat.version != before or after != before + 1:
                self._cache.pop(user_id, None)
                return
        ids = list(changed)
        fresh = {r.item.id: r.item for r in self.memory.store.get(user_id, ids)}
        with self._lock:
            items = [fresh.get(i.id, i) for i in cat.items if i.id not in ids or i.id in fresh]
            # The writes patched here (update, cached cards) add no receipts: keep the loaded ones.
            self._cache[user_id] = Catalogue(version=after, items=items, by_id={i.id: i for i in items}, receipts=cat.receipts)

    # -- scopes ---------------------------------------------------------------------

    def scope_ids(self) -> list[str]:
        return self.memory.store.scope_ids()

    def counts(self, user_id: str) -> Counts:
        cat = self.catalogue(user_id)
        c = Counts(user_id=user_id, memories=len(cat.items))
        for it in cat.items:
            if it.kind == "claim":
                c.claims += 1
                if it.claim is not None and it.claim.conflicts_with and it.status == "active":
                    c.conflicts += 1
            else:
                c.episodes += 1
            if it.status == "superseded":
                c.superseded += 1
        recs = self.receipts(user_id)
        c.rejected = sum(r.event == "rejected" for r in recs)
        times = [r.created_at for r in recs[:1]] + [i.updated_at for i in cat.items[:1]]
        c.last_activity = max(times) if times else None
        return c

    # -- memories -------------------------------------------------------------------

    def find(self, user_id: str, memory_id: str) -> MemoryItem | None:
        return self.catalogue(user_id).by_id.get(memory_id)

    def filter(self, user_id: str, f: "MemoryFilter") -> list[MemoryItem]:
        return [i for i in self.catalogue(user_id).items if f.matches(i)]

    def facets(self, user_id: str) -> dict[str, list[str]]:
        """The values present in the scope, for the filter form's choices."""
        items = self.catalogue(user_id).items
        out: dict[str, set[str]] = {"type": set(), "source": set(), "speaker": set()}
        for i in items:
            if i.memory_type:
                out["type"].add(i.memory_type)
            out["source"].add(i.source)
            if i.speaker:
                out["speaker"].add(i.speaker)
        return {k: sorted(v) for k, v in out.items()}

    def claims_from(self, user_id: str, episode_id: str) -> list[MemoryItem]:
        """Claims derived from one episode."""
        cat = self.catalogue(user_id)
        if cat._eps_of is None:
            eps_of: dict[str, list[str]] = {}
            for it in cat.items:
                if it.claim is not None:
                    for e in it.claim.source_episode_ids:
                        eps_of.setdefault(e, []).append(it.id)
            cat._eps_of = eps_of
        return [cat.by_id[c] for c in cat._eps_of.get(episode_id, []) if c in cat.by_id]

    def episodes_of(self, user_id: str, item: MemoryItem) -> list[MemoryItem]:
        cat = self.catalogue(user_id)
        if is_turn(item):
            return [item]
        ids = item.claim.source_episode_ids if item.claim is not None else []
        return [cat.by_id[e] for e in ids if e in cat.by_id]

    def reliability(self, user_id: str, memory_id: str, as_of: datetime | None = None) -> Any:
        """The trust stage's reliability parts for one memory (what search would attach to it).

        Memory has no public per-memory call for this; ``Memory.scopes.reliability`` runs the
        trust engine's ``score`` (the one search uses) on the same cached index under its lock.
        """
        return self.memory.scopes.reliability(user_id, memory_id, as_of)

    def card(self, item: MemoryItem) -> Any:
        """The boundary card: the stored one when current, else computed for display only
        (a page view must not write; ``Memory.card`` stores it on first real use)."""
        from ..governance.cards import card_is_current, make_card
        from ..governance.models import BoundaryCard

        if card_is_current(item.card, item.id, item.memory):
            return BoundaryCard.model_validate(item.card)
        return make_card(item.id, item.memory, item.memory_type)

    # -- conversations --------------------------------------------------------------

    def conversations(self, user_id: str) -> list[Conversation]:
        """Newest first."""
        cat = self.catalogue(user_id)
        if cat._convs is None:
            groups: dict[tuple[Any, ...], list[MemoryItem]] = {}
            for it in cat.items:
                if is_turn(it):
                    groups.setdefault((it.created_at, it.agent_id, it.run_id), []).append(it)
            convs = []
            for (created, agent, run), eps in groups.items():
                convs.append(Conversation(key=eps[0].id, episodes=eps, created_at=created, agent_id=agent, run_id=run))
            convs.sort(key=lambda c: c.created_at, reverse=True)
            cat._convs = convs
        return cat._convs

    def conversation_of(self, user_id: str, episode_id: str) -> Conversation | None:
        for conv in self.conversations(user_id):
            if any(e.id == episode_id for e in conv.episodes):
                return conv
        return None

    def transcript(self, user_id: str, conv: Conversation) -> tuple[list["TurnRow"], list[Receipt]]:
        """The call's turns in order, each with its receipts and what was extracted from it;
        and the call's receipts no turn names (claims not stored: they have no memory id)."""
        call = [r for r in reversed(self.receipts(user_id)) if r.created_at == conv.created_at]  # write order
        ep_ids = {e.id for e in conv.episodes}
        order = {}
        for n, r in enumerate(call):
            if r.memory_id in ep_ids and r.memory_id not in order:
                order[r.memory_id] = n
        eps = sorted(conv.episodes, key=lambda e: (order.get(e.id, len(call)), e.occurred_at or e.created_at))
        by_mem: dict[str, list[Receipt]] = {}
        for r in call:
            if r.memory_id:
                by_mem.setdefault(r.memory_id, []).append(r)
        used: set[str] = set()
        rows = []
        for ep in eps:
            own = by_mem.get(ep.id, [])
            claim_ids = [c for r in own for c in r.claim_ids]
            claim_recs = [r for c in dict.fromkeys(claim_ids) for r in by_mem.get(c, []) if r.kind == "claim"]
            used |= {r.id for r in own} | {r.id for r in claim_recs}
            rows.append(TurnRow(episode=ep, receipts=own, claims=claim_recs))
        return rows, [r for r in call if r.id not in used]

    # -- timelines ------------------------------------------------------------------

    def slots(self, user_id: str) -> list[tuple[str, list[MemoryItem]]]:
        """Each slot's claims in time order; slots whose value changed first."""
        cat = self.catalogue(user_id)
        if cat._slots is not None:
            return cat._slots
        by_slot: dict[str, list[MemoryItem]] = {}
        for it in cat.items:
            if it.kind == "claim" and it.claim is not None and it.claim.slot:
                by_slot.setdefault(it.claim.slot, []).append(it)
        out = []
        for slot, claims in by_slot.items():
            claims.sort(key=lambda c: (c.valid_from or c.occurred_at or c.created_at, c.created_at))
            out.append((slot, claims))
        out.sort(key=lambda sc: (-len({(c.claim.value or c.memory) for c in sc[1]}), sc[0]))  # type: ignore[union-attr]
        cat._slots = out
        return out


def is_turn(item: MemoryItem) -> bool:
    """A turn as said: an episode, or a memory written before claims (one per admitted turn)."""
    return item.kind == "episode" or item.claim is None


@dataclass
class MemoryFilter:
    kind: str = "any"  # claim / episode / any
    type: str = ""
    status: str = ""  # active / superseded ("" any)
    source: str = ""
    speaker: str = ""
    since: datetime | None = None
    until: datetime | None = None
    text: str = ""
    extra: dict[str, str] = field(default_factory=dict)

    def matches(self, i: MemoryItem) -> bool:
        if self.kind != "any" and i.kind != self.kind:
            return False
        if self.type and i.memory_type != self.type:
            return False
        if self.status and i.status != self.status:
            return False
        if self.source and i.source != self.source:
            return False
        if self.speaker and (i.speaker or "") != self.speaker:
            return False
        when = i.occurred_at or i.created_at
        if self.since is not None and when < self.since:
            return False
        if self.until is not None and when > self.until:
            return False
        if self.text and self.text.lower() not in i.memory.lower():
            return False
        return True


def page(seq: Sequence[Any], number: int, size: int) -> tuple[list[Any], int]:
    """One page (1-based) and the page count."""
    pages = max(1, -(-len(seq) // size))
    number = min(max(1, number), pages)
    return list(seq[(number - 1) * size : number * size]), pages
