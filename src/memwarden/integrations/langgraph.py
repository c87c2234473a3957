"""A LangGraph store backed by memwarden (``pip install 'memwarden[langgraph]'``).

:class:`MemwardenStore` implements ``langgraph.store.base.BaseStore``: ``put`` / ``get`` /
``search`` / ``delete`` / ``list_namespaces`` and their async twins all go through
:meth:`MemwardenStore.batch`, so a graph compiled with ``store=MemwardenStore(memory)``
keeps its long-term memories in memwarden (hybrid search, history, one database).

Namespaces and scopes: by default the first element of a namespace is the memwarden
``user_id`` (``("alice", "memories")`` lives in alice's scope); ``MemwardenStore(memory,
user_id="alice")`` puts every namespace in one user's scope instead. The full namespace
and the key are kept in each memory's metadata (``lg_namespace``, ``lg_key``) and the
item's value under ``lg_value``; the memory's text is the value's ``text`` / ``content`` /
``memory`` field (or the fields named by ``index``), else the value as JSON. Every put is
stored as given (admission ``all``, no LLM extraction): a store keeps what it is told.
"""

from __future__ import annotations

import asyncio
import json
from datetime import datetime, timezone
from typing import Any, Iterable

from langgraph.store.base import (
    BaseStore,
    GetOp,
    Item,
    ListNamespacesOp,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
)

from ..errors import InvalidInputError
from ..memory import Memory

__all__ = ["MemwardenStore"]

_TEXT_FIELDS = ("text", "content", "memory", "data")
_OPS = {"$eq": lambda a, b: a == b, "$ne": lambda a, b: a != b, "$gt": lambda a, b: a > b, "$gte": lambda a, b: a >= b,
        "$lt": lambda a, b: a < b, "$lte": lambda a, b: a <= b}


def _ns(namespace: tuple[str, ...]) -> str:
    return json.dumps(list(namespace), ensure_ascii=False)


def _matches(value: dict[str, Any], filter: dict[str, Any] | None) -> bool:
    """LangGraph's filter: equality per key, or ``{"$eq"|"$ne"|"$gt"|...: x}``."""
    for k, want in (filter or {}).items():
        have = value.get(k)
        if isinstance(want, dict) and want and all(op in _OPS for op in want):
            try:
                if not all(_OPS[op](have, x) for op, x in want.items()):
                    return False
            except TypeError:
                return False
        elif have != want:
            return False
    return True


class MemwardenStore(BaseStore):
    """LangGraph's long-term memory store over a :class:`~memwarden.Memory`."""

    supports_ttl = False

    def __init__(self, memory: Memory, *, user_id: str | None = None, search_pool: int = 200) -> None:
        self.memory = memory
        #: None: a namespace's first element is the user; else every namespace lives in this user's scope.
        self.user_id = user_id
        #: How many hits a query search draws before namespace and value filters apply.
        self.search_pool = search_pool

    # -- scope mapping ---------------------------------------------------------------

    def _user(self, namespace: tuple[str, ...]) -> str:
        if self.user_id is not None:
            return self.user_id
        if not namespace or not namespace[0]:
            raise InvalidInputError("MemwardenStore: the namespace's first element names the user (memwarden scopes by user); "
                                    "or pass MemwardenStore(memory, user_id=...)")
        return namespace[0]

    def _find(self, namespace: tuple[str, ...], key: str) -> Any:
        found = self.memory.get_all(user_id=self._user(namespace), filters={"lg_namespace": _ns(namespace), "lg_key": key}, limit=1)
        return found[0] if found else None

    @staticmethod
    def _item(m: Any, cls: type = Item, **extra: Any) -> Any:
        md = m.metadata or {}
        return cls(value=md.get("lg_value") or {}, key=md["lg_key"], namespace=tuple(json.loads(md["lg_namespace"])),
                   created_at=m.created_at, updated_at=m.updated_at or m.created_at, **extra)

    def _scoped(self, user: str, prefix: tuple[str, ...]) -> list[Any]:
        """Every memory of the scope that this store wrote under the namespace prefix."""
        items = self.memory.get_all(user_id=user, include_superseded=False, limit=None)
        return [m for m in items if "lg_key" in (m.metadata or {})
                and tuple(json.loads(m.metadata["lg_namespace"]))[: len(prefix)] == tuple(prefix)]

    # -- the operations ---------------------------------------------------------------

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        return [self._run(op) for op in ops]

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        # Memory serialises its own writes; a worker thread keeps the event loop free.
        return await asyncio.to_thread(self.batch, list(ops))

    def _run(self, op: Op) -> Result:
        if isinstance(op, GetOp):
            m = self._find(op.namespace, op.key)
            return None if m is None else self._item(m)
        if isinstance(op, PutOp):
            self._put(op)
            return None
        if isinstance(op, SearchOp):
            return self._search(op)
        if isinstance(op, ListNamespacesOp):
            return self._list_namespaces(op)
        raise InvalidInputError(f"MemwardenStore: unknown operation {type(op).__name__}")

    def _put(self, op: PutOp) -> None:
        user = self._user(op.namespace)
        old = self._find(op.namespace, op.key)
        if op.value is None:
            if old is not None:
                self.memory.delete(old.id, user_id=user)
            return
        value = dict(op.value)
        text = self._text(value, op.index)
        meta = {"lg_namespace": _ns(op.namespace), "lg_key": op.key, "lg_value": value}
        if old is not None:
            if old.memory != text or (old.metadata or {}).get("lg_value") != value:
                self.memory.update(old.id, text, user_id=user, metadata=meta)
            return
        res = self.memory.add(text, user_id=user, metadata=meta, admission="all", infer=False)
        if not any(r.event in ("admitted", "superseded") for r in res.results if r.kind == "claim"):  # not the episode
            # The same text under another key of the scope: memwarden keeps one memory per text,
            # so this key's copy says whose it is.
            self.memory.add(f"{text}\n[{'/'.join(op.namespace)}:{op.key}]", user_id=user, metadata=meta,
                            admission="all", infer=False)

    @staticmethod
    def _text(value: dict[str, Any], index: Any) -> str:
        if isinstance(index, list) and index:
            parts = [value.get(f) for f in index]
            return "\n".join(p if isinstance(p, str) else json.dumps(p, ensure_ascii=False) for p in parts if p is not None) \
                or json.dumps(value, ensure_ascii=False, sort_keys=True)
        for f in _TEXT_FIELDS:
            if isinstance(value.get(f), str) and value[f].strip():
                return value[f]
        return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)

    def _search(self, op: SearchOp) -> list[SearchItem]:
        user = self._user(op.namespace_prefix)
        prefix = tuple(op.namespace_prefix)
        if op.query:
            hits = self.memory.search(op.query, user_id=user, limit=self.search_pool, trust=False).results
            out = [self._item(h, SearchItem, score=h.score) for h in hits
                   if "lg_key" in (h.metadata or {}) and tuple(json.loads(h.metadata["lg_namespace"]))[: len(prefix)] == prefix]
        else:
            out = [self._item(m, SearchItem) for m in self._scoped(user, prefix)]
            out.sort(key=lambda i: i.updated_at or datetime.min.replace(tzinfo=timezone.utc), reverse=True)
        out = [i for i in out if _matches(i.value, op.filter)]
        return out[op.offset : op.offset + op.limit]

    def _list_namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        conditions = op.match_conditions or ()
        prefixes = [tuple(c.path) for c in conditions if c.match_type == "prefix"]
        if self.user_id is not None:
            user = self.user_id
        else:
            known = [p[0] for p in prefixes if p and p[0] != "*"]
            if not known:
                raise InvalidInputError("MemwardenStore.list_namespaces needs prefix=(user_id, ...) to know whose scope to list, "
                                        "or a store made with MemwardenStore(memory, user_id=...)")
            user = known[0]
        names = sorted({tuple(json.loads(m.metadata["lg_namespace"])) for m in self._scoped(user, ())})

        def ok(ns: tuple[str, ...]) -> bool:
            for c in conditions:
                path = tuple(c.path)
                part = ns[: len(path)] if c.match_type == "prefix" else ns[-len(path):] if path else ()
                if len(part) != len(path) or any(p != "*" and p != q for p, q in zip(path, part)):
                    return False
            return True

        names = [ns for ns in names if ok(ns)]
        if op.max_depth is not None:
            names = sorted({ns[: op.max_depth] for ns in names})
        return names[op.offset : op.offset + op.limit]
