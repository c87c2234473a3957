"""The :class:`Memory` facade: one object that composes the lifecycle stages.

``add``: messages -> candidates -> embed -> ADMIT -> one atomic store write.
``search``: embed query -> hybrid retrieval within the scope -> typed hits.
``verdict`` / ``card`` / ``context`` / ``answer``: :mod:`memwarden.facade_trust`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Sequence

from . import compat
from ._util import new_id, text_hash, utcnow
from .admission import Admitter
from .admission.facade import add_turns, resolve_admitter
from .admission.scored import ScoredAdmitter
from .config import MemoryConfig
from .errors import InvalidInputError, NotFoundError
from .facade_trust import TrustedUse
from .messages import (
    check_count, check_kind, check_memory_id, check_metadata, check_optional, check_query, check_source, check_text,
    check_user_id, normalize_messages, parse_time, turn_candidates,
)
from .models import AddResult, Candidate, HistoryEvent, MemoryItem, MemoryList, Receipt, SearchResult, Turn
from .providers.embedder import Embedder, make_embedder
from .retrieval.entry import index_text, keyword_tokens
from .retrieval.index import single_threaded_blas
from .retrieval.search import FusionConfig
from .scopes import Scopes
from .storage import MemoryRecord, Store, WriteBatch, open_store
from .storage.base import ListQuery
from .storage.filters import FilterNode
from .user_name import about_user, check_user_name, read_turns


class Memory(TrustedUse):
    """Long-term memory for agents, scoped by ``user_id``.

    The write and read paths are here; ``verdict``, ``card``, ``context`` and ``answer`` (trusted
    and governed use) come from :class:`~memwarden.facade_trust.TrustedUse`.

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
        self.embedder = embedder = embedder if embedder is not None else make_embedder(cfg.embedder)
        self.store: Store = store if store is not None else open_store(cfg.database)
        #: Per-scope locks, cached indexes and trust caches; the stages write through ``scopes.commit``.
        self.scopes = Scopes(self.store, embedder.dim, cfg.trust)
        self._fusion: FusionConfig = cfg.fusion()
        self._admitter = admitter or ScoredAdmitter(cfg.admission_policy, duplicate_cosine=cfg.duplicate_cosine)
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
        cfg, llm = compat.config_and_llm(config, config_dict)
        return cls(config=cfg, llm=llm)

    def _scope(self, user_id: Any, agent_id: Any, run_id: Any, filters: Any = None
               ) -> tuple[str, str | None, str | None, FilterNode | None]:
        return compat.scope(user_id, agent_id, run_id, filters)

    def _owner(self, memory_id: Any, user_id: Any) -> str:
        return compat.owner(self.store, memory_id, user_id)

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
        user_name: str | None = None,
    ) -> AddResult:
        """Store what is worth storing from ``messages``; one receipt per candidate.

        ``messages``: a string, or OpenAI-style ``[{"role", "content", "name"?}]``.
        ``timestamp``: when the conversation happened (its own clock), for imports.
        ``admission``: ``"auto"`` (the configured policy), ``"all"`` (store
        everything), an :class:`~memwarden.admission.AdmissionPolicy`, or an :class:`Admitter`.
        ``infer`` (default ``config.llm_admission``): with an LLM set, the LLM extracts the claims
        (one call, falling back to the offline rules and saying so in the receipts; with
        ``claims=False``, facts keeping their source turn ids, falling back to one candidate per
        turn). ``infer=False`` (mem0's "store the messages as given"): no extraction, and every
        turn is stored (admission ``"all"``) unless ``admission`` says otherwise. ``prompt``:
        instructions for the LLM extractor (default ``config.extraction_prompt``). ``user_name``: the
        name the scope's user goes by, remembered for the scope: user-role turns named so (or named
        as the ``user_id``) are the user's own, other named user-role turns third parties
        (:mod:`memwarden.user_name`). Scope: ``user_id``, or ``agent_id`` / ``run_id`` alone (scope ``agent:<id>`` / ``run:<id>``).

        Every turn is kept as an *episode* (its text as said) with a receipt of
        ``kind="episode"`` naming the claims extracted from it ("kept as an episode only: no
        claim" for chit-chat); every extracted claim gets a receipt of ``kind="claim"``: the
        admission decision, a merge into the claim it restates, or the claim it supersedes on
        its slot. ``config.claims=False`` restores one memory per admitted turn.
        """
        user_id, agent_id, run_id, _ = self._scope(user_id, agent_id, run_id)
        metadata = dict(check_metadata(metadata) or {})
        check_optional(infer, "infer", bool), check_optional(prompt, "prompt", str), check_source(source)
        if infer is False and admission is None:
            admission = "all"
        when = parse_time(timestamp)
        admitter = resolve_admitter(admission if admission is not None else self.config.admission, default=self._admitter,
                                    llm=self.llm, llm_admission=self.config.llm_admission,
                                    duplicate_cosine=self.config.duplicate_cosine)
        turns = normalize_messages(messages, max_chars=self.config.max_message_chars, default_time=when,
                                   max_messages=self.config.max_messages_per_add)
        instructions = prompt or self.config.extraction_prompt
        turns, remember, known = read_turns(self.store, user_id, turns, check_user_name(user_name))
        with single_threaded_blas():  # admission's neighbour products, as in search
            if self.config.claims:
                from .claims.service import add_claims

                return add_claims(self, user_id, agent_id, run_id, turns, source=source, metadata=metadata,
                                  admitter=admitter, infer=infer, when=when, instructions=instructions,
                                  known_user=known, remember_name=remember)
            return add_turns(self, user_id, agent_id, run_id, turns, source=source, metadata=metadata,
                             admitter=admitter, infer=infer, instructions=instructions, remember_name=remember)

    def candidates(self, turns: Sequence[Turn], *, source: str | None, metadata: dict[str, Any]) -> list[Candidate]:
        """One candidate per turn (the no-LLM path), each with its neighbouring turns as context."""
        return turn_candidates(list(turns), source=source, metadata=metadata, before=self.config.context_before,
                               after=self.config.context_after)

    def reindex(self, *, user_id: str, progress: Any = None) -> int:
        """Extract claims from this scope's episodes that have none yet (databases written before
        claims); resumable, one committed write per original ``add`` call. Returns episodes done."""
        from .claims.service import reindex_scope

        return reindex_scope(self, check_user_id(user_id), progress=progress)

    def update(self, memory_id: str, data: str | None = None, *, text: str | None = None, user_id: str | None = None,
               metadata: Mapping[str, Any] | None = None) -> MemoryItem:
        """Replace a memory's text (``data`` or ``text``, as mem0 names it; optionally its
        metadata); history keeps the old text. Without ``user_id`` the id is looked up in every scope."""
        data, what = compat.update_text(data, text)
        user_id = self._owner(memory_id, user_id)
        text = check_text(data, what=what, max_chars=self.config.max_message_chars).strip()
        metadata = check_metadata(metadata)
        from .claims.service import rederive_claim  # an edited claim's slot and value follow its new text

        with self.scopes.lock(user_id):
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
            self.scopes.commit(batch, {memory_id: rec.tokens}, forget=[memory_id])
        return item

    def delete(self, memory_id: str, *, user_id: str | None = None) -> None:
        user_id = self._owner(memory_id, user_id)
        with self.scopes.lock(user_id):
            from .claims.service import delete_with_claims

            rec = self._record(user_id, memory_id)
            # Deleting an episode deletes the claims derived only from it (claims.service).
            batch, old_tokens = delete_with_claims(self, user_id, rec, utcnow())
            self.scopes.commit(batch, old_tokens, forget=batch.deletes)

    def delete_all(self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None,
                   filters: Mapping[str, Any] | None = None) -> int:
        """Delete the scope's memories (only those of ``agent_id``/``run_id`` / matching ``filters`` when given).

        Claims and episodes both go; the count returned is of memories in mem0's sense (claims,
        or turn memories with ``claims=False``), as ``get_all`` lists them: the episodes (the
        turns as said) are evidence and are not counted."""
        user_id, agent_id, run_id, where = self._scope(user_id, agent_id, run_id, filters)
        with self.scopes.lock(user_id):
            if agent_id is None and run_id is None and where is None:
                index = self.scopes.index(user_id)
                n = int((index.alive[: index.n] & index.is_claim[: index.n]).sum())
                self.store.delete_scope(user_id)
                self.scopes.drop(user_id)
                return n
            items = self.store.list(user_id, ListQuery(agent_id=agent_id, run_id=run_id, where=where, limit=None))
            now = utcnow()
            batch = WriteBatch(user_id=user_id, deletes=[i.id for i in items], history=[
                HistoryEvent(id=new_id(), memory_id=i.id, user_id=user_id, event="DELETE", old_memory=i.memory,
                             cause="delete_all", at=now) for i in items])
            self.store.write(batch)
            self.scopes.drop(user_id, trust=False)
            return sum(i.kind != "episode" for i in items)

    def reset(self) -> None:
        """Delete everything in every scope."""
        with self.scopes.locks.everything():
            self.store.reset()
            self.scopes.drop()

    # -- read path ----------------------------------------------------------------

    def _record(self, user_id: str, memory_id: Any) -> MemoryRecord:
        memory_id = check_memory_id(memory_id)
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
        kind_ = check_kind(kind)
        limit = top_k if top_k is not None else limit  # mem0's name for it
        if limit is not None:
            check_count(limit, "limit", minimum=0)
        check_count(offset, "offset", minimum=0)
        return MemoryList(self.store.list(user_id, ListQuery(
            agent_id=agent_id, run_id=run_id, where=where, include_superseded=include_superseded,
            limit=limit, offset=offset, kind=kind_)))

    def history(self, memory_id: str, *, user_id: str | None = None) -> list[HistoryEvent]:
        user_id = self._owner(memory_id, user_id)
        events = self.store.history(user_id, check_memory_id(memory_id))
        if not events:
            raise NotFoundError(f"no memory {memory_id!r} for this user")
        return events

    def receipts(self, *, user_id: str, memory_id: str | None = None, limit: int = 100) -> list[Receipt]:
        memory_id = check_memory_id(memory_id) if memory_id is not None else None
        return self.store.receipts(check_user_id(user_id), memory_id=memory_id, limit=check_count(limit, "limit", minimum=1))

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
        asked = check_query(query, what="query", max_chars=self.config.max_message_chars)
        limit, threshold = compat.search_args(limit, top_k, threshold, rerank, explain)
        if fusion is not None and not isinstance(fusion, FusionConfig):
            raise InvalidInputError(f"fusion must be a FusionConfig, not {type(fusion).__name__}")
        kind_ = check_kind(kind)
        when = parse_time(as_of) if as_of is not None else None
        # Metadata filters narrow the candidates before ranking (not after a truncated ranking), with
        # the same semantics as get_all.
        allowed = None
        if where is not None:
            allowed = {i.id for i in self.store.list(user_id, ListQuery(
                agent_id=agent_id, run_id=run_id, where=where, include_superseded=include_superseded or when is not None,
                kind=kind_, limit=None))}
        # "Where does Maya live?" asks about the user when Maya is the user's name. The name comes
        # with the cached index (no store read); when the index ranked on (verified against the
        # store's version) was named otherwise, another process renamed the user: ask again.
        name = self.scopes.user_name(user_id)
        while True:
            query = about_user(asked, name)
            qvec = self.embedder.embed([query])[0]
            index, fused, hits, items = self.scopes.rank(
                user_id, qvec, query, fusion=fusion or self._fusion, limit=limit, agent_id=agent_id, run_id=run_id,
                include_superseded=include_superseded, kind=kind_, as_of=when, allowed=allowed, threshold=threshold)
            if index.user_name == name or about_user(asked, index.user_name) == query:
                break
            name = index.user_name
        from .claims.service import with_episodes

        result = SearchResult(results=with_episodes(self, user_id, hits, items))
        if not (self.config.trust.enabled if trust is None else trust):
            return result
        with index.lock, single_threaded_blas():  # the trust stage reads the same index (neighbours, track record)
            return self.scopes.trust.assess(self.store, user_id, index, qvec, result, when, query=query,
                                      pool=[f.row for f in fused], embed=self.embedder.embed, items=items)
