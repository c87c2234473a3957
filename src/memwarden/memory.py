"""The :class:`Memory` facade: one object that composes the lifecycle stages.

``add``: messages -> candidates -> embed -> ADMIT -> one atomic store write.
``search``: embed query -> hybrid retrieval within the scope -> typed hits.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence, get_args

import numpy as np

from ._locks import ScopeLocks
from ._util import new_id, text_hash, utcnow
from .admission import AdmissionContext, Admitter, AdmitAll
from .admission.policy import AdmissionPolicy
from .admission.extract import extract_candidates
from .admission.scored import ScoredAdmitter
from . import compat
from .config import MemoryConfig
from .errors import InvalidInputError, NotFoundError
from .messages import check_text, normalize_messages, parse_time
from .models import (
    AddResult,
    Candidate,
    HistoryEvent,
    MemoryItem,
    MemoryList,
    Receipt,
    ScoreParts,
    SearchHit,
    SearchResult,
    SourceKind,
    Turn,
    Verdict,
)
from .providers.embedder import Embedder, HashEmbedder, default_embedder
from .retrieval.index import IndexCache, single_threaded_blas
from .retrieval.search import FusionConfig, hybrid_search
from .retrieval.text import tokenize
from .storage import MemoryRecord, Store, WriteBatch, open_store
from .storage.base import ListQuery, retry_on_hash_conflict
from .storage.filters import FilterNode, parse_filter
from .trust.reliability import TrustEngine
from .trust.verdict import verdict as _verdict

#: Times an add decides again after another process stored one of its texts meanwhile.
_ROLE_SOURCE = {"user": "user", "assistant": "assistant", "system": "system", "tool": "tool"}
_ID_MAX = 256


def _check_scope_id(value: Any, name: str, *, required: bool) -> str | None:
    if value is None:
        if required:
            raise InvalidInputError(f"{name} is required")
        return None
    if not isinstance(value, str):
        raise InvalidInputError(f"{name} must be a string, not {type(value).__name__}")
    if not value.strip():
        raise InvalidInputError(f"{name} is empty")
    if len(value) > _ID_MAX or any(ord(ch) < 32 or 0xD800 <= ord(ch) <= 0xDFFF for ch in value):
        raise InvalidInputError(f"{name} must be at most {_ID_MAX} printable characters")
    return value


def _check_memory_id(value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise InvalidInputError("memory_id must be a non-empty string")
    return _check_scope_id(value, "memory_id", required=True)  # type: ignore[return-value]


#: Deepest nesting of metadata and filter values: deeper values hit Python's recursion limit
#: (json, pydantic) long before any real use needs them.
MAX_JSON_DEPTH = 32
#: Most keys in one filter: each is one SQL condition, and SQLite refuses an expression tree
#: of about a thousand ("Expression tree is too large").
MAX_FILTER_KEYS = 100


def _json_depth_over(value: Any, limit: int) -> bool:
    """Whether ``value`` nests objects/arrays more than ``limit`` deep (iterative: no recursion)."""
    stack = [(value, 1)]
    while stack:
        obj, depth = stack.pop()
        if isinstance(obj, Mapping):
            children: Iterable[Any] = obj.values()
        elif isinstance(obj, (list, tuple)):
            children = obj
        else:
            continue
        if depth > limit:
            return True
        stack.extend((c, depth + 1) for c in children)
    return False


def _check_metadata(value: Any, name: str = "metadata") -> dict[str, Any] | None:
    """A JSON object with string keys: stored as JSON and filtered on by every backend."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise InvalidInputError(f"{name} must be an object, not {type(value).__name__}")
    if not all(isinstance(k, str) for k in value):
        raise InvalidInputError(f"{name} keys must be strings")
    if name == "filters" and len(value) > MAX_FILTER_KEYS:
        raise InvalidInputError(f"filters has {len(value):,} keys; the limit is {MAX_FILTER_KEYS}")
    if _json_depth_over(value, MAX_JSON_DEPTH):
        raise InvalidInputError(f"{name} is nested more than {MAX_JSON_DEPTH} levels deep; the limit is {MAX_JSON_DEPTH}")
    try:
        json.dumps(dict(value), default=str, allow_nan=False)
    except (ValueError, TypeError, RecursionError) as exc:
        raise InvalidInputError(f"{name} is not JSON-serialisable: {exc}") from exc
    if _bad_string(dict(value)):
        raise InvalidInputError(f"{name} contains a NUL character or invalid UTF-8")
    return dict(value)


def _bad_string(obj: Any) -> bool:
    """A string with NUL or a lone surrogate anywhere inside: json.dumps escapes both, but
    SQLite then compares that text wrongly and PostgreSQL's jsonb refuses it."""
    if isinstance(obj, str):
        return "\x00" in obj or any(0xD800 <= ord(ch) <= 0xDFFF for ch in obj)
    if isinstance(obj, Mapping):
        return any(_bad_string(k) or _bad_string(v) for k, v in obj.items())
    if isinstance(obj, (list, tuple)):
        return any(_bad_string(v) for v in obj)
    return False


_COUNT_MAX = 2**63 - 1  # what a database integer holds


def _check_count(value: Any, name: str, *, minimum: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not minimum <= value <= _COUNT_MAX:
        raise InvalidInputError(f"{name} must be an integer from {minimum} to {_COUNT_MAX}, not {value!r}")
    return value


def index_text(text: str, speaker: str | None) -> str:
    """What the dense arm embeds: the text, prefixed by who said it.

    Questions about people name them; with the speaker in the vector, "what
    did Maya book?" lands on Maya's turns (LoCoMo recall@10 of the dense arm:
    0.31 without the prefix, 0.45 with it).
    """
    return f"{speaker}: {text}" if speaker else text


def keyword_tokens(cand: Candidate) -> list[str]:
    """The keyword entry: context turns, the speaker, and the text weighted twice."""
    own = tokenize(index_text(cand.text, cand.speaker))
    return [tok for ctx in cand.context for tok in tokenize(ctx)] + own + tokenize(cand.text)


class Memory:
    """Long-term memory for agents, scoped by ``user_id``.

    >>> m = Memory()                         # in-memory, bundled embedder
    >>> m = Memory("~/.memwarden/app.db")    # one SQLite file
    """

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        config: MemoryConfig | None = None,
        embedder: Embedder | None = None,
        store: Store | None = None,
        admitter: Admitter | None = None,
        llm: Any = None,
        extractor: Any = None,
    ) -> None:
        cfg = config or MemoryConfig()
        if path is not None:
            cfg = cfg.model_copy(update={"database": str(Path(path).expanduser()) if str(path) != ":memory:" else ":memory:"})
        self.config = cfg
        if embedder is None:
            if cfg.embedder == "hash":
                embedder = HashEmbedder()
            elif cfg.embedder == "minilm":
                embedder = default_embedder()
            else:
                raise InvalidInputError(f"unknown embedder {cfg.embedder!r}: use 'minilm' or 'hash'")
        self.embedder = embedder
        self.store: Store = store if store is not None else open_store(cfg.database)
        self._index = IndexCache(self.store, embedder.dim)
        self._fusion: FusionConfig = cfg.fusion()
        self._admitter = admitter or ScoredAdmitter(cfg.admission_policy, duplicate_cosine=cfg.duplicate_cosine)
        #: Writes to one scope are serialised; different scopes' writes run side by side.
        self._locks = ScopeLocks()
        self._trust = TrustEngine(cfg.trust)
        #: The LLM used by cards, ``context(use_llm_policy=True)`` and ``answer``; None is a normal mode.
        self.llm = llm
        #: A :class:`~memwarden.claims.ClaimExtractor` for every ``add``; None: the offline rules
        #: (or the LLM extractor when an LLM is set and ``infer``/``llm_admission`` asks for it).
        self.extractor = extractor

    @classmethod
    def from_config(cls, config: MemoryConfig | Mapping[str, Any] | None = None, *,
                    config_dict: Mapping[str, Any] | None = None) -> "Memory":
        """A Memory from a :class:`MemoryConfig`, its dict, or a mem0-style config dict
        (``llm`` / ``embedder`` / ``vector_store`` / ``history_db_path`` / ``version``: what maps
        is translated, what does not raises :class:`InvalidInputError` naming it)."""
        if config_dict is not None:
            if config is not None:
                raise InvalidInputError("pass config or config_dict, not both")
            config = config_dict
        if config is None:
            return cls()
        if isinstance(config, MemoryConfig):
            return cls(config=config)
        if not isinstance(config, Mapping):
            raise InvalidInputError(f"config must be a MemoryConfig or a dict, not {type(config).__name__}")
        if compat.is_mem0_config(config):
            cfg, llm = compat.from_mem0_config(config)
            return cls(config=cfg, llm=llm)
        return cls(config=MemoryConfig.model_validate(dict(config)))

    def _scope(self, user_id: Any, agent_id: Any, run_id: Any, filters: Any = None
               ) -> tuple[str, str | None, str | None, FilterNode | None]:
        """Scope arguments named either way (keywords or mem0's ``filters={"user_id": ...}``),
        checked, and the parsed filter that is left. See :mod:`memwarden.compat`."""
        user_id, agent_id, run_id, rest = compat.split_scope(user_id, agent_id, run_id, filters)
        where = parse_filter(_check_metadata(rest, "filters"))
        agent_id = _check_scope_id(agent_id, "agent_id", required=False)
        run_id = _check_scope_id(run_id, "run_id", required=False)
        user_id = _check_scope_id(compat.default_user(user_id, agent_id, run_id), "user_id", required=True)
        return user_id, agent_id, run_id, where  # type: ignore[return-value]

    def _owner(self, memory_id: Any, user_id: Any) -> str:
        if user_id is not None:
            return _check_scope_id(user_id, "user_id", required=True)  # type: ignore[return-value]
        return compat.owner_of(self.store, _check_memory_id(memory_id))

    # -- context management -----------------------------------------------------

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> "Memory":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- write path ---------------------------------------------------------------

    def add(
        self,
        messages: Any,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        source: str | None = None,
        timestamp: Any = None,
        admission: str | Admitter | None = None,
        infer: bool | None = None,
        prompt: str | None = None,
    ) -> AddResult:
        """Store what is worth storing from ``messages``; one receipt per candidate.

        ``messages``: a string, or OpenAI-style ``[{"role", "content", "name"?}]``.
        ``timestamp``: when the conversation happened (its own clock), for imports.
        ``admission``: ``"auto"`` (the configured policy), ``"all"`` (store
        everything), an :class:`~memwarden.admission.AdmissionPolicy`, or an :class:`Admitter`.
        ``infer`` (default ``config.llm_admission``): with an LLM set, candidates are the
        facts it extracts (each keeping its source turn ids) instead of the turns; an
        unusable LLM answer falls back to one candidate per turn. ``infer=False`` (mem0's "store
        the messages as given"): no extraction, and every turn is stored (admission ``"all"``)
        unless ``admission`` says otherwise. ``prompt``: instructions for the LLM extractor
        (default ``config.extraction_prompt``; without an LLM nothing reads it).
        Scope: ``user_id``, or ``agent_id`` / ``run_id`` alone (scope ``agent:<id>`` / ``run:<id>``).
        ``infer`` (default ``config.llm_admission``): with an LLM set, claims are extracted by
        the LLM (one call, falling back to the offline rules and saying so in the receipts).

        Every turn is kept as an *episode* (its text as said) with a receipt of
        ``kind="episode"`` naming the claims extracted from it ("kept as an episode only: no
        claim" for chit-chat); every extracted claim gets a receipt of ``kind="claim"``: the
        admission decision, a merge into the claim it restates, or the claim it supersedes on
        its slot. ``config.claims=False`` restores one memory per admitted turn.
        """
        user_id, agent_id, run_id, _ = self._scope(user_id, agent_id, run_id)
        metadata = _check_metadata(metadata)
        if infer is not None and not isinstance(infer, bool):
            raise InvalidInputError(f"infer must be true or false, not {infer!r}")
        if prompt is not None and not isinstance(prompt, str):
            raise InvalidInputError(f"prompt must be a string, not {type(prompt).__name__}")
        if infer is False and admission is None:
            admission = "all"
        if source is not None and source not in get_args(SourceKind):
            raise InvalidInputError(f"source must be one of {', '.join(get_args(SourceKind))}, not {source!r}")
        when = parse_time(timestamp)
        admitter = self._resolve_admitter(admission)
        turns = normalize_messages(messages, max_chars=self.config.max_message_chars, default_time=when,
                                   max_messages=self.config.max_messages_per_add)
        if self.config.claims:
            from .claims.service import add_claims

            with single_threaded_blas():  # admission's neighbour products, as in search
                return add_claims(self, user_id, agent_id, run_id, turns, source=source, metadata=dict(metadata or {}),
                                  admitter=admitter, infer=infer, when=when, instructions=prompt or self.config.extraction_prompt)
        extracted = None
        if self.llm is not None and (infer if infer is not None else self.config.llm_admission):
            extracted = extract_candidates(self.llm, turns, metadata=dict(metadata or {}),
                                           instructions=prompt or self.config.extraction_prompt)
        if extracted is None:
            candidates, unextracted = self.candidates(turns, source=source, metadata=dict(metadata or {})), []
        else:
            # Turns no extracted fact came from still get a receipt: a rejection, never a disappearance.
            cited = {i for c in extracted for i in c.source_turn_indexes}
            candidates, unextracted = extracted, [t for t in turns if t.index not in cited]
        with single_threaded_blas():
            return self._admit_and_store(user_id, agent_id, run_id, turns, candidates, admitter, unextracted)

    def candidates(self, turns: Sequence[Turn], *, source: str | None, metadata: dict[str, Any]) -> list[Candidate]:
        """One candidate per turn (the no-LLM path), each with its neighbouring turns as context."""
        out = []
        before, after = self.config.context_before, self.config.context_after
        for i, t in enumerate(turns):
            context = [u.content for u in turns[max(0, i - before) : i]] + [u.content for u in turns[i + 1 : i + 1 + after]]
            text = t.content.strip()
            out.append(
                Candidate(
                    text=text,
                    role=t.role,
                    speaker=t.name or None,
                    source=source or ("image" if t.image_ref else _ROLE_SOURCE.get(t.role, "unknown")),
                    modality="image" if t.image_ref else "text",
                    image_ref=t.image_ref,
                    source_turn_ids=[t.turn_id] if t.turn_id else [],
                    turn_index=t.index,
                    occurred_at=t.timestamp,
                    metadata=metadata,
                    context=context,
                )
            )
        return out

    def _resolve_admitter(self, admission: str | Admitter | None) -> Admitter:
        mode = admission if admission is not None else self.config.admission
        if isinstance(mode, AdmissionPolicy):
            return ScoredAdmitter(mode, duplicate_cosine=self.config.duplicate_cosine)
        if not isinstance(mode, str):
            if not callable(getattr(mode, "decide", None)):
                raise InvalidInputError(f"admission must be 'auto', 'all' or an Admitter, not {type(mode).__name__}")
            return mode
        if mode == "all":
            return AdmitAll()
        if mode == "auto":
            if self.llm is not None and self.config.llm_admission and isinstance(self._admitter, ScoredAdmitter):
                # Utility from one temperature-0 LLM call per candidate, the trained model on any failure.
                return ScoredAdmitter(self._admitter.policy, llm=self.llm, duplicate_cosine=self.config.duplicate_cosine)
            return self._admitter
        raise InvalidInputError(f"admission must be 'auto', 'all' or an Admitter, not {mode!r}")

    def _neighbours(self, user_id: str):
        index = self._index.get(user_id)
        mask = index.mask(agent_id=None, run_id=None, include_superseded=False)

        def nearest(vec: np.ndarray, k: int) -> list[tuple[str, float]]:
            ranked = index.dense(vec, mask, k)
            return [(index.ids[r], float(s)) for r, s in zip(ranked.rows.tolist(), ranked.scores.tolist())]

        return nearest

    def _admit_and_store(
        self,
        user_id: str,
        agent_id: str | None,
        run_id: str | None,
        turns: list[Turn],
        candidates: list[Candidate],
        admitter: Admitter,
        unextracted: Sequence[Turn] = (),
    ) -> AddResult:
        vectors = self.embedder.embed([index_text(c.text, c.speaker) for c in candidates]) if candidates else np.zeros(
            (0, self.embedder.dim), np.float32)
        return retry_on_hash_conflict(lambda: self._decide_and_write(
            user_id, agent_id, run_id, turns, candidates, vectors, admitter, unextracted))

    def _decide_and_write(
        self,
        user_id: str,
        agent_id: str | None,
        run_id: str | None,
        turns: list[Turn],
        candidates: list[Candidate],
        vectors: np.ndarray,
        admitter: Admitter,
        unextracted: Sequence[Turn],
    ) -> AddResult:
        with self._locks.scope(user_id):
            now = utcnow()
            ctx = AdmissionContext(
                user_id=user_id,
                turns=turns,
                candidates=candidates,
                vectors=vectors,
                neighbours=self._neighbours(user_id),
                stored_hashes=self.store.find_by_hash(user_id, [text_hash(c.text) for c in candidates]),
                now=now,
                embedder_id=self.embedder.model_id,
                texts=lambda ids: {r.item.id: r.item.memory for r in self.store.get(user_id, ids)},
            )
            decisions = admitter.decide(ctx)
            if len(decisions) != len(candidates):
                raise RuntimeError(f"admitter {admitter.name!r} returned {len(decisions)} decisions for {len(candidates)} candidates")
            batch = WriteBatch(user_id=user_id, expire_unstored_receipts_before=self._receipt_horizon(now))
            ids = [new_id() if d.stores else None for d in decisions]
            if getattr(admitter, "checks_duplicates", False):
                # The admitter promised no duplicates: the store holds it to that atomically.
                batch.unique_hashes = [text_hash(c.text) for c, mid in zip(candidates, ids) if mid is not None]
            superseded: dict[str, str] = {}
            for cand, vec, dec, mid in zip(candidates, vectors, decisions, ids):
                if mid is not None:
                    item = MemoryItem(
                        id=mid, memory=cand.text, user_id=user_id, agent_id=agent_id, run_id=run_id,
                        metadata=cand.metadata, source=cand.source, speaker=cand.speaker, role=cand.role,
                        memory_type=dec.memory_type, modality=cand.modality, image_ref=cand.image_ref,
                        source_turn_ids=cand.source_turn_ids, hash=text_hash(cand.text),
                        occurred_at=cand.occurred_at, created_at=now, updated_at=now,
                    )
                    batch.upserts.append(MemoryRecord(item, vec, keyword_tokens(cand), self.embedder.model_id))
                    batch.history.append(HistoryEvent(id=new_id(), memory_id=mid, user_id=user_id, event="ADD",
                                                      new_memory=cand.text, cause=f"add: {dec.reason}", at=now))
                    for old in dec.supersedes:
                        superseded[old] = mid
                dup = dec.duplicate_of
                if dup and dup.startswith("batch:"):
                    dup = ids[int(dup.split(":", 1)[1])]
                batch.receipts.append(
                    Receipt(
                        id=new_id(), user_id=user_id, memory_id=mid or dup, text=cand.text, event=dec.event,
                        reason=dec.reason, scores=dec.scores, weights=dec.weights, score=dec.score,
                        threshold=dec.threshold, policy=dec.policy, memory_type=dec.memory_type, duplicate_of=dup,
                        supersedes=dec.supersedes, source_turn_ids=cand.source_turn_ids, created_at=now,
                    )
                )
            for t in unextracted:
                batch.receipts.append(Receipt(
                    id=new_id(), user_id=user_id, text=t.content, event="rejected", policy="llm-extraction",
                    reason="the LLM extracted no fact worth remembering from this turn",
                    source_turn_ids=[t.turn_id] if t.turn_id else [], created_at=now))
            # A duplicate's source turns become evidence of the memory it repeats.
            merged: dict[str, list[str]] = {}
            for r in batch.receipts:
                if r.event == "duplicate" and r.duplicate_of and r.source_turn_ids:
                    merged.setdefault(r.duplicate_of, []).extend(r.source_turn_ids)
            for i, rec in enumerate(batch.upserts):
                if rec.item.id in merged:
                    turns_ = list(dict.fromkeys(rec.item.source_turn_ids + merged.pop(rec.item.id)))
                    batch.upserts[i] = MemoryRecord(rec.item.model_copy(update={"source_turn_ids": turns_}), rec.vector,
                                                    rec.tokens, rec.embedding_model)
            old_tokens: dict[str, list[str]] = {}
            for rec in self.store.get(user_id, list(dict.fromkeys([*superseded, *merged]))):
                update: dict[str, Any] = {"updated_at": now}
                if rec.item.id in merged:
                    update["source_turn_ids"] = list(dict.fromkeys(rec.item.source_turn_ids + merged[rec.item.id]))
                if rec.item.id in superseded:
                    new_mid = superseded[rec.item.id]
                    update.update(status="superseded", superseded_by=new_mid)
                    batch.history.append(HistoryEvent(id=new_id(), memory_id=rec.item.id, user_id=user_id, event="SUPERSEDE",
                                                      old_memory=rec.item.memory, cause=f"superseded by {new_mid}", at=now))
                rec.item = rec.item.model_copy(update=update)
                batch.upserts.append(rec)
                old_tokens[rec.item.id] = rec.tokens
            version = self.store.write(batch)
            self._index.after_write(user_id, batch.upserts, [], old_tokens, version)
        return AddResult(results=batch.receipts)

    def reindex(self, *, user_id: str, progress: Any = None) -> int:
        """Extract claims from this scope's episodes that have none yet (databases written before
        claims); resumable, one committed write per original ``add`` call. Returns episodes done."""
        from .claims.service import reindex_scope

        user_id = _check_scope_id(user_id, "user_id", required=True)
        return reindex_scope(self, user_id, progress=progress)

    def _receipt_horizon(self, now: datetime) -> datetime | None:
        days = self.config.unstored_receipt_days
        return now - timedelta(days=days) if days is not None else None

    def update(self, memory_id: str, data: str | None = None, *, text: str | None = None, user_id: str | None = None,
               metadata: Mapping[str, Any] | None = None) -> MemoryItem:
        """Replace a memory's text (``data`` or ``text``, as mem0 names it; optionally its
        metadata); history keeps the old text. Without ``user_id`` the id is looked up in every scope."""
        if text is not None:
            if data is not None and data != text:
                raise InvalidInputError("pass data or text, not both")
            data, what = text, "text"
        else:
            what = "data"
        user_id = self._owner(memory_id, user_id)
        text = check_text(data, what=what, max_chars=self.config.max_message_chars).strip()
        metadata = _check_metadata(metadata)
        from .claims.service import rederive_claim  # an edited claim's slot and value follow its new text

        with self._locks.scope(user_id):
            rec = self._record(user_id, memory_id)
            now = utcnow()
            old = rec.item
            item = old.model_copy(update={
                "memory": text, "hash": text_hash(text), "updated_at": now, "card": None if text != old.memory else old.card,
                "metadata": dict(metadata) if metadata is not None else old.metadata,
                "claim": rederive_claim(old.claim, text, old.occurred_at or now) if text != old.memory else old.claim,
            })
            vec = self.embedder.embed([index_text(text, item.speaker)])[0]
            # The conversation context of the old text no longer applies to the new one.
            new = MemoryRecord(item, vec, keyword_tokens(Candidate(text=text, speaker=item.speaker)), self.embedder.model_id)
            batch = WriteBatch(user_id=user_id, upserts=[new], history=[
                HistoryEvent(id=new_id(), memory_id=memory_id, user_id=user_id, event="UPDATE", old_memory=old.memory,
                             new_memory=text, cause="update", at=now)])
            version = self.store.write(batch)
            self._index.after_write(user_id, [new], [], {memory_id: rec.tokens}, version)
            self._trust.forget(user_id, [memory_id])
        return item

    def delete(self, memory_id: str, *, user_id: str | None = None) -> None:
        user_id = self._owner(memory_id, user_id)
        with self._locks.scope(user_id):
            from .claims.service import delete_with_claims

            rec = self._record(user_id, memory_id)
            # Deleting an episode deletes the claims derived only from it (claims.service).
            batch, old_tokens = delete_with_claims(self, user_id, rec, utcnow())
            version = self.store.write(batch)
            self._index.after_write(user_id, batch.upserts, batch.deletes, old_tokens, version)
            self._trust.forget(user_id, batch.deletes)

    def delete_all(self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None,
                   filters: Mapping[str, Any] | None = None) -> int:
        """Delete the scope's memories (only those of ``agent_id``/``run_id`` / matching ``filters`` when given).

        Claims and episodes both go; the count returned is of memories in mem0's sense (claims,
        or turn memories with ``claims=False``), as ``get_all`` lists them: the episodes (the
        turns as said) are evidence and are not counted."""
        user_id, agent_id, run_id, where = self._scope(user_id, agent_id, run_id, filters)
        with self._locks.scope(user_id):
            if agent_id is None and run_id is None and where is None:
                index = self._index.get(user_id)
                n = int((index.alive[: index.n] & index.is_claim[: index.n]).sum())
                self.store.delete_scope(user_id)
                self._index.drop(user_id)
                self._trust.forget(user_id)
                return n
            items = self.store.list(user_id, ListQuery(agent_id=agent_id, run_id=run_id, where=where, limit=None))
            now = utcnow()
            batch = WriteBatch(user_id=user_id, deletes=[i.id for i in items], history=[
                HistoryEvent(id=new_id(), memory_id=i.id, user_id=user_id, event="DELETE", old_memory=i.memory,
                             cause="delete_all", at=now) for i in items])
            self.store.write(batch)
            self._index.drop(user_id)
            return sum(i.kind != "episode" for i in items)

    def reset(self) -> None:
        """Delete everything in every scope."""
        with self._locks.everything():
            self.store.reset()
            self._index.drop()
            self._trust.forget()

    # -- read path ----------------------------------------------------------------

    def _record(self, user_id: str, memory_id: Any) -> MemoryRecord:
        memory_id = _check_memory_id(memory_id)
        recs = self.store.get(user_id, [memory_id])
        if not recs:
            raise NotFoundError(f"no memory {memory_id!r} for this user")
        return recs[0]

    def get(self, memory_id: str, *, user_id: str | None = None) -> MemoryItem:
        """One memory; without ``user_id`` the id is looked up in every scope (embedded API only)."""
        return self._record(self._owner(memory_id, user_id), memory_id).item

    def get_all(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        filters: Mapping[str, Any] | None = None,
        include_superseded: bool = True,
        limit: int | None = 100,
        offset: int = 0,
        top_k: int | None = None,
        kind: str = "claim",
    ) -> MemoryList:
        """The scope's memories, newest first: a list that also answers mem0's ``["results"]``.

        Claims by default; ``kind="episode"`` for the turns as said, ``"any"`` for both.
        ``filters``: mem0's filter language (:mod:`memwarden.storage.filters`), scope keys included.
        """
        user_id, agent_id, run_id, where = self._scope(user_id, agent_id, run_id, filters)
        kind_ = _check_kind(kind)
        limit = top_k if top_k is not None else limit  # mem0's name for it
        if limit is not None:
            _check_count(limit, "limit", minimum=0)
        _check_count(offset, "offset", minimum=0)
        return MemoryList(self.store.list(user_id, ListQuery(
            agent_id=agent_id, run_id=run_id, where=where, include_superseded=include_superseded,
            limit=limit, offset=offset, kind=kind_)))

    def history(self, memory_id: str, *, user_id: str | None = None) -> list[HistoryEvent]:
        user_id = self._owner(memory_id, user_id)
        events = self.store.history(user_id, _check_memory_id(memory_id))
        if not events:
            raise NotFoundError(f"no memory {memory_id!r} for this user")
        return events

    def receipts(self, *, user_id: str, memory_id: str | None = None, limit: int = 100) -> list[Receipt]:
        user_id = _check_scope_id(user_id, "user_id", required=True)
        memory_id = _check_memory_id(memory_id) if memory_id is not None else None
        return self.store.receipts(user_id, memory_id=memory_id, limit=_check_count(limit, "limit", minimum=1))

    def search(
        self,
        query: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        filters: Mapping[str, Any] | None = None,
        limit: int | None = None,
        include_superseded: bool = False,
        fusion: FusionConfig | None = None,
        trust: bool | None = None,
        as_of: Any = None,
        top_k: int | None = None,
        threshold: float | None = None,
        rerank: bool | None = None,
        explain: bool | None = None,
        kind: str = "claim",
    ) -> SearchResult:
        """Hybrid (dense + BM25) search within the caller's scope.

        Ranks claims by default, each hit carrying its source episodes (``hit.episodes``: the
        turns as said, with speaker and time); ``kind="episode"`` searches the turns themselves,
        ``"any"`` both. Superseded claims are hidden unless ``include_superseded=True`` or
        ``as_of`` falls inside their validity; with ``as_of``, nothing stated after that moment
        (on the conversation's clock) is returned.

        ``limit`` / ``top_k`` (mem0's name): hits to return (default 10). ``filters``: mem0's
        filter language, scope keys included (``{"user_id": "alice", "category": {"in": [...]}}``).
        ``threshold``: drop memories whose cosine similarity to the query (``hit.scores.dense``,
        mem0's scale) is below it, before ranking. ``rerank``: accepted for mem0 code; the
        dense + keyword fusion always runs, there is no separate reranker. ``explain``: accepted
        for mem0 code; every hit always carries its score breakdown (``hit.scores``, also
        ``hit["score_details"]``).
        ``fusion`` overrides the configured fusion for this call (tuning, baselines).
        ``trust`` (default: ``config.trust.enabled``): score each hit's reliability at
        ``as_of`` (default now) and set ``abstained`` when the support is insufficient;
        the hits are returned either way.
        """
        user_id, agent_id, run_id, where = self._scope(user_id, agent_id, run_id, filters)
        query = check_text(query, what="query", max_chars=self.config.max_message_chars)
        limit = compat.search_limit(limit, top_k)
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise InvalidInputError("limit must be a positive integer")
        threshold = compat.check_threshold(threshold)
        for name, flag in (("rerank", rerank), ("explain", explain)):
            if flag is not None and not isinstance(flag, bool):
                raise InvalidInputError(f"{name} must be true or false, not {flag!r}")
        if fusion is not None and not isinstance(fusion, FusionConfig):
            raise InvalidInputError(f"fusion must be a FusionConfig, not {type(fusion).__name__}")
        qvec = self.embedder.embed([query])[0]
        kind_ = _check_kind(kind)
        when = parse_time(as_of) if as_of is not None else None
        # Metadata filters narrow the candidates before ranking (not after a truncated ranking), with
        # the same semantics as get_all.
        allowed = None
        if where is not None:
            allowed = {i.id for i in self.store.list(user_id, ListQuery(
                agent_id=agent_id, run_id=run_id, where=where, include_superseded=include_superseded or when is not None,
                kind=kind_, limit=None))}
        index = self._index.get(user_id)
        # another thread's write may be appending to this index
        with index.lock, single_threaded_blas():
            mask = index.mask(agent_id=agent_id, run_id=run_id, include_superseded=include_superseded, kind=kind_, as_of=when)
            if allowed is not None:
                mask &= np.fromiter((i in allowed for i in index.ids[: index.n]), dtype=bool, count=index.n)
            if threshold is not None:
                mask = compat.above_threshold(index, qvec, mask, threshold)
            fused = hybrid_search(index, qvec, query, mask, limit, fusion or self._fusion)
            row_ids = [index.ids[f.row] for f in fused]
        hits: list[SearchHit] = []
        items: dict[str, MemoryItem] = {}
        for start in range(0, len(fused), 50):
            chunk = fused[start : start + 50]
            chunk_ids = row_ids[start : start + 50]
            recs = {r.item.id: r for r in self.store.get(user_id, chunk_ids)}
            for f, mid in zip(chunk, chunk_ids):
                rec = recs.get(mid)
                if rec is None:
                    continue
                hits.append(_hit(rec.item, f))
                items[mid] = rec.item
                if len(hits) == limit:
                    break
            if len(hits) == limit:
                break
        from .claims.service import with_episodes

        result = SearchResult(results=with_episodes(self, user_id, hits, items))
        if not (self.config.trust.enabled if trust is None else trust):
            return result
        with index.lock, single_threaded_blas():  # the trust stage reads the same index (neighbours, track record)
            return self._trust.assess(self.store, user_id, index, qvec, result, when, query=query,
                                      pool=[f.row for f in fused], embed=self.embedder.embed)

    def verdict(self, claim: str, *, user_id: str, as_of: Any = None) -> "Verdict":
        """TRUE / FALSE / UNKNOWN for a yes/no claim from reliability-weighted memories (no LLM)."""
        user_id = _check_scope_id(user_id, "user_id", required=True)
        claim = check_text(claim, what="claim", max_chars=self.config.max_message_chars)
        # Claims and the turns they came from: a turn whose extraction lost its sense still testifies
        # as said (the verdict keeps one reading per source turn).
        found = self.search(claim, user_id=user_id, limit=self.config.trust.verdict_candidates, trust=True, as_of=as_of,
                            kind="any")
        return _verdict(claim, found, self.config.trust)

    # -- governed use (stage 3) ---------------------------------------------------------

    def card(self, memory_id: str, *, user_id: str, refresh: bool = False) -> Any:
        """The memory's boundary card, computed once per text and cached on the memory."""
        from .governance.service import card_for

        user_id = _check_scope_id(user_id, "user_id", required=True)
        return card_for(self, user_id, memory_id, refresh=refresh)

    def context(self, query: str, *, user_id: str, evidence: Any = None, enforcement: str = "strict",
                limit: int = 10, use_llm_policy: bool = False, **search_kw: Any) -> Any:
        """Calibrated context: memories, reliability, policies, instructions and a prompt block."""
        from .governance.service import context_for

        user_id = _check_scope_id(user_id, "user_id", required=True)
        return context_for(self, query, user_id=user_id, evidence=evidence, enforcement=enforcement, limit=limit,
                           use_llm_policy=use_llm_policy, **search_kw)

    def answer(self, query: str, *, user_id: str, evidence: Any = None, trace: bool = False,
               enforcement: str = "strict", llm: Any = None, **kw: Any) -> Any:
        """An evidence-checked answer (needs an LLM); the support trace when ``trace=True``."""
        from .governance.service import answer_for

        user_id = _check_scope_id(user_id, "user_id", required=True)
        return answer_for(self, query, user_id=user_id, evidence=evidence, trace=trace, enforcement=enforcement,
                          llm=llm, **kw)


def _check_kind(kind: Any) -> str | None:
    if kind not in ("claim", "episode", "any"):
        raise InvalidInputError(f"kind must be 'claim', 'episode' or 'any', not {kind!r}")
    return None if kind == "any" else kind


def _hit(item: MemoryItem, f: Any) -> SearchHit:
    return SearchHit(
        id=item.id, memory=item.memory, score=f.fused,
        scores=ScoreParts(dense=f.dense, dense_rank=f.dense_rank, keyword=f.keyword, keyword_rank=f.keyword_rank, fused=f.fused),
        user_id=item.user_id, agent_id=item.agent_id, run_id=item.run_id, metadata=item.metadata, source=item.source,
        speaker=item.speaker, memory_type=item.memory_type, modality=item.modality, status=item.status,
        source_turn_ids=item.source_turn_ids, occurred_at=item.occurred_at, image_ref=item.image_ref, created_at=item.created_at, updated_at=item.updated_at,
    )
