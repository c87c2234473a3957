"""The trust stage's per-scope memory: views of the memories it reads and each speaker's track record.

The track record counts the speaker's claims that *evidence* (an image memory, a document, a
shared photo) later supported (hit) or contradicted (miss), per speaker and per (speaker, domain);
:mod:`.score` turns it into source credibility. It is built incrementally as the scope's index
grows, and a memory leaving the scope takes only its own judgements with it.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Mapping, Sequence

import numpy as np

from .._util import as_utc
from ..models import MemoryItem, SourceCredibility
from .config import TrustConfig
from .stance import detect_stance
from .testimony import Testimony, testimony

if TYPE_CHECKING:
    from ..retrieval.index import ScopeIndex
    from ..storage.base import Store

__all__ = ["TrustView", "TrackRecord", "ScopeState", "is_photo_share"]


#: A shared photo written into the dialogue as text (LoCoMo style, MMA "text mode").
#: A claim keeps its speaker as a prefix ("Ann: [shares a photo] ..."): allowed before the bracket.
_PHOTO = re.compile(r"^\s*(?:[\w' .-]{1,40}:\s*)?\[(?:[a-z]+ )?(?:shares? |shared |sent |sends )?(?:a |an )?(?:photo|image|picture|screenshot)\b", re.I)


def is_photo_share(text: str) -> bool:
    return bool(_PHOTO.match(text))


@dataclass(frozen=True, slots=True)
class TrustView:
    """The fields of a memory the trust stage reads, cached per scope."""

    id: str
    text: str
    source: str
    speaker: str | None
    domain: str | None
    memory_type: str | None
    modality: str
    image_ref: str | None
    when: datetime  # occurred_at, else created_at
    timed: bool  # False: occurred_at missing, ``when`` is the storage time
    image_missing: bool
    evidence: bool
    #: ``episode`` (a turn as said) or ``claim``; the track record judges claims only, once each.
    kind: str = "claim"
    #: The source hierarchy's reading of who vouches and how firmly (trust/testimony.py).
    testimony: Testimony | None = None
    #: The item's ``updated_at`` when viewed: a search's fresh copy of the item with another
    #: stamp (an update in another process) replaces the view.
    stamp: datetime | None = None

    @classmethod
    def of(cls, item: MemoryItem, domain_keys: Sequence[str]) -> "TrustView":
        domain = next((str(item.metadata[k]) for k in domain_keys if item.metadata.get(k)), None)
        missing = item.modality == "image" and _local_file_missing(item.image_ref)
        evidence = (item.modality == "image" or item.source in ("image", "document") or is_photo_share(item.memory))
        return cls(
            id=item.id, text=item.memory, source=str(item.source), speaker=item.speaker, domain=domain,
            memory_type=item.memory_type, modality=item.modality, image_ref=item.image_ref,
            when=as_utc(item.occurred_at or item.created_at), timed=item.occurred_at is not None,
            image_missing=missing, evidence=evidence and not missing,
            kind=str(getattr(item, "kind", "claim")),
            testimony=testimony(item.memory, source=str(item.source), speaker=item.speaker,
                                claim=getattr(item, "claim", None), evidence=evidence and not missing),
            stamp=item.updated_at,
        )


def _local_file_missing(ref: str | None) -> bool:
    """Only local paths are checked (no network here); a URL is taken as present."""
    if not ref:
        return True
    if "://" in ref and not ref.startswith("file://"):
        return False
    path = ref[len("file://"):] if ref.startswith("file://") else ref
    try:
        return not Path(path).expanduser().exists()
    except OSError:
        return True


@dataclass
class TrackRecord:
    """Hits and misses per speaker and per (speaker, domain), from evidence in the scope."""

    by_speaker: dict[str, list[int]]
    by_domain: dict[tuple[str, str | None], list[int]]
    #: Per speaker, the judged claims' vectors and outcomes: a topical record when no memory
    #: carries a domain label (real dialogue never does).
    items: dict[str, list[tuple[np.ndarray, bool]]] = None  # type: ignore[assignment]

    #: Every judgement with the ids it joins, so a memory leaving the scope takes its judgements
    #: with it without re-judging the rest.
    judgements: list[tuple[str, str | None, bool, np.ndarray | None, tuple[str, str]]] = None  # type: ignore[assignment]

    @classmethod
    def empty(cls) -> "TrackRecord":
        return cls(defaultdict(lambda: [0, 0]), defaultdict(lambda: [0, 0]), defaultdict(list), [])

    def add(self, speaker: str, domain: str | None, hit: bool, vector: np.ndarray | None = None,
            ids: tuple[str, str] = ("", "")) -> None:
        i = 0 if hit else 1
        self.by_speaker[speaker][i] += 1
        self.by_domain[(speaker, domain)][i] += 1
        if vector is not None:
            self.items[speaker].append((vector, hit))
        self.judgements.append((speaker, domain, hit, vector, ids))

    def without(self, gone: set[str]) -> "TrackRecord":
        """The record minus every judgement that involves a memory in ``gone``."""
        out = TrackRecord.empty()
        for speaker, domain, hit, vector, ids in self.judgements:
            if ids[0] not in gone and ids[1] not in gone:
                out.add(speaker, domain, hit, vector, ids)
        return out

    def topical(self, speaker: str, vector: np.ndarray, floor: float) -> tuple[float, float]:
        """(hits, misses) of the speaker's judged claims, each weighted by how close its topic is
        to ``vector``: (cosine - floor) / (1 - floor), clipped at 0."""
        its = self.items.get(speaker) if self.items else None
        if not its:
            return 0.0, 0.0
        mat = np.stack([v for v, _ in its])
        sims = mat @ vector
        # The closest judged claims stand for "this domain": the three nearest above the floor.
        near = np.argsort(-sims, kind="stable")[:3]  # ties by insertion order, the same in every process
        near = near[sims[near] >= floor]
        hit = np.asarray([h for _, h in its], dtype=bool)[near]
        return float(hit.sum()), float((~hit).sum())


class ScopeState:
    """What the engine keeps per scope: views, the track record and the ids it already covers.

    The record is updated incrementally as memories are added; a delete, a
    supersession or an update (see :meth:`TrustEngine.forget`) drops the judgements
    of the memories concerned (an updated one is judged again at the next search).
    """

    def __init__(self) -> None:
        self.version = -1
        self.views: dict[str, TrustView] = {}
        self.record = TrackRecord.empty()
        self.synced: set[str] = set()
        self.evidence: list[str] = []
        self.claims: list[str] = []
        self.credibility: dict[str, SourceCredibility] = {}
        #: The scope stores turns as episodes (claims on): the track record judges those.
        self.episodes = False
        #: The index object last synced from, its row count and kill-log length then: a later
        #: version of the same index is caught up from its new rows and kills, not all rows.
        self.index_ref: object | None = None
        self.rows_seen = 0
        self.kills_seen = 0

    def views_of(self, store: "Store", user_id: str, ids: Sequence[str], domain_keys: Sequence[str],
                 known: Mapping[str, MemoryItem] | None = None) -> dict[str, TrustView]:
        """The views of ``ids`` (read from the store once, then cached). ``known``: items the
        caller has just read (a search's hits), viewed without reading them again; a cached view
        of an item that changed since (edited by another process: this one's edits drop their
        views) is replaced, and its credibility computed again."""
        if known:
            for i in ids:
                item = known.get(i)
                if item is not None:
                    v = self.views.get(i)
                    if v is None or v.stamp != item.updated_at:
                        self.views[i] = TrustView.of(item, domain_keys)
                        if v is not None:
                            self.credibility.pop(i, None)
        missing = [i for i in ids if i not in self.views]
        for start in range(0, len(missing), 500):
            for rec in store.get(user_id, missing[start : start + 500]):
                self.views[rec.item.id] = TrustView.of(rec.item, domain_keys)
        return {i: self.views[i] for i in ids if i in self.views}

    def drop(self, gone: set[str]) -> None:
        """Forget these memories' judgements and membership (a delete, a supersession, an update)."""
        self.record = self.record.without(gone)
        self.synced -= gone
        self.evidence = [i for i in self.evidence if i not in gone]
        self.claims = [i for i in self.claims if i not in gone]

    def sync(self, store: "Store", user_id: str, index: "ScopeIndex", config: TrustConfig) -> None:
        """Bring the state up to the index's version (the caller holds the engine's lock)."""
        st = self
        if st.version == index.version:
            return
        n = index.n
        active = index.active[:n]
        if st.index_ref is index and index.version >= st.version and st.rows_seen <= n:
            # Same index, later version: only rows appended since, and ids killed since, matter.
            gone = {i for i in index.killed[st.kills_seen :] if i in st.synced}
            new_rows = (st.rows_seen + np.flatnonzero(active[st.rows_seen :])).tolist()
            new = [index.ids[r] for r in new_rows]
        else:
            alive_rows = [index.ids[r] for r in np.flatnonzero(active).tolist()]
            alive = set(alive_rows)
            if index.version < st.version:
                st.record, st.synced, st.evidence, st.claims = TrackRecord.empty(), set(), [], []
            gone = st.synced - alive
            # in row order: a set's order follows the hash seed, and the judging order decides ties
            new = [i for i in alive_rows if i not in st.synced]
        if gone:
            # A delete or a superseded claim: drop its judgements, keep the rest (re-judging
            # every pair of a large scope after each supersession took seconds).
            st.drop(gone)
        st.index_ref, st.rows_seen, st.kills_seen = index, n, len(index.killed)
        if config.track_record and new:
            st.extend(store, user_id, index, new, config)
        st.synced |= set(new)
        st.credibility.clear()
        st.version = index.version

    def extend(self, store: "Store", user_id: str, index: "ScopeIndex", new: list[str], config: TrustConfig) -> None:
        """Every evidence memory judges the nearby claims of speakers (hit if it supports, miss if it refutes)."""
        st = self
        views = st.views_of(store, user_id, new, config.domain_keys)
        # With claims on, a turn and the claims extracted from it say the same thing: judging both
        # would count each testimony twice (and double the pairs). The record reads the turns as
        # said (episodes) when the scope has them: rewritten claims ("Bob: ...") judge worse.
        st.episodes = st.episodes or any(v.kind == "episode" for v in views.values())
        judged = [i for i in new if i in views and (views[i].kind == "episode") == st.episodes]
        new_ev = [i for i in judged if views[i].evidence]
        new_cl = [i for i in judged if not views[i].evidence and views[i].speaker]
        pairs: list[tuple[list[str], list[str]]] = []
        if new_ev and (st.claims or new_cl):
            pairs.append((new_ev, st.claims + new_cl))
        if st.evidence and new_cl:
            pairs.append((st.evidence, new_cl))
        for ev_ids, cl_ids in pairs:
            ev = index.vectors[[index.row_of[i] for i in ev_ids]]
            cl = index.vectors[[index.row_of[i] for i in cl_ids]]
            sims = cl @ ev.T
            hits = np.nonzero(sims >= config.evidence_min_cosine)
            need = {cl_ids[c] for c in hits[0].tolist()} | {ev_ids[e] for e in hits[1].tolist()}
            vv = st.views_of(store, user_id, list(need), config.domain_keys)
            for ci, ei in zip(*hits):
                e, c = vv.get(ev_ids[ei]), vv.get(cl_ids[ci])
                if e is None or c is None:
                    continue
                stance = detect_stance(e.text, c.text, cosine=float(sims[ci, ei]))
                if stance.label == "unrelated" or "hedged" in stance.reason:
                    continue  # ambiguous evidence judges nobody
                st.record.add(c.speaker, c.domain, stance.label == "agree", cl[ci], (c.id, e.id))  # type: ignore[arg-type]
        st.evidence += new_ev
        st.claims += new_cl
