"""Session 21's splits keep behaviour and old import paths: ``IndexCache`` has its own module
(``retrieval/cache.py``) and is still importable from ``retrieval/index.py``; the facade's
verdict and governed-use methods live in ``facade_trust.py`` and are still ``Memory``'s own."""

from __future__ import annotations

import inspect

import pytest

from memwarden import AsyncMemory, Memory, MemoryConfig
from memwarden.facade_trust import TrustedUse
from memwarden.retrieval import cache as cache_mod
from memwarden.retrieval import index as index_mod
from memwarden.retrieval.cache import IndexCache
from memwarden.storage.sqlite import SQLiteStore


def hash_memory(store: SQLiteStore | None = None) -> Memory:
    return Memory(store=store, config=MemoryConfig(embedder="hash", claims=False))


def test_the_cache_has_its_own_module_and_the_old_import_path_still_answers() -> None:
    from memwarden.retrieval.index import IndexCache as old_path

    assert old_path is IndexCache and IndexCache.__module__ == "memwarden.retrieval.cache"
    for name in index_mod.__all__:  # every name the index module declares public resolves
        assert getattr(index_mod, name) is not None, name
    assert cache_mod.__all__ == ["IndexCache"]
    with pytest.raises(AttributeError):
        index_mod.NoSuchThing  # noqa: B018 - the fallback names only what moved


def test_the_cache_forgets_the_least_recently_used_scope_over_its_row_budget() -> None:
    store = SQLiteStore(":memory:")
    writer = hash_memory(store)
    for user in ("ann", "bob", "cy"):
        writer.add([{"role": "user", "content": f"{user} note {i}"} for i in range(3)], user_id=user, admission="all")
    cache = IndexCache(store, writer.embedder.dim, max_rows=6)
    ann = cache.get("ann")
    cache.get("bob")
    assert cache.get("ann") is ann  # two scopes fit; asking for ann makes bob the older one
    cache.get("cy")  # a third scope goes over the budget: bob is dropped, ann kept
    assert cache.get("ann", verify=False) is ann
    assert len(cache.get("bob").ids) == 3  # rebuilt from the store when asked again
    store.close()


def test_the_cache_applies_its_own_write_and_drops_the_scope_after_someone_elses() -> None:
    store = SQLiteStore(":memory:")
    writer = hash_memory(store)
    writer.add("first note", user_id="ann", admission="all")
    cache = IndexCache(store, writer.embedder.dim)
    idx = cache.get("ann")
    rec = store.get("ann", [writer.get_all(user_id="ann")[0].id])[0]
    rec.item = rec.item.model_copy(update={"id": "copy"})
    cache.after_write("ann", [rec], [], {}, idx.version + 1)
    assert cache.get("ann", verify=False) is idx and "copy" in idx.row_of  # applied in place
    cache.after_write("ann", [], ["copy"], {}, idx.version + 5)  # a version gap: another writer came between
    assert cache.get("ann", verify=False) is not idx
    store.close()


def test_verdict_and_governed_use_are_memory_methods_from_their_own_module() -> None:
    assert issubclass(Memory, TrustedUse)
    for name in ("verdict", "card", "context", "answer"):
        assert getattr(Memory, name) is getattr(TrustedUse, name), name
        assert inspect.signature(getattr(AsyncMemory, name)) == inspect.signature(getattr(Memory, name)), name
    assert not {"verdict", "card", "context", "answer"} & set(vars(Memory))  # not defined twice


def test_a_verdict_reads_the_users_name_and_returns_the_claim_as_asked() -> None:
    m = Memory(config=MemoryConfig(embedder="hash"))
    m.add([{"role": "user", "content": "I live in Leeds now"}], user_id="maya", user_name="Maya")
    yes = m.verdict("Maya lives in Leeds", user_id="maya")
    no = m.verdict("Maya lives in Paris", user_id="maya")
    assert (yes.verdict, no.verdict) == ("TRUE", "FALSE")
    assert (yes.claim, no.claim) == ("Maya lives in Leeds", "Maya lives in Paris")  # as asked, not "the user"
