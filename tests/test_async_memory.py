"""AsyncMemory: the same methods as coroutines, correct under concurrency (plain asyncio.run)."""

from __future__ import annotations

import asyncio
import inspect
import random

import pytest

from memwarden import AsyncMemory, Memory, MemoryConfig
from memwarden.errors import InvalidInputError, NotFoundError

USERS = [f"user{i}" for i in range(8)]
PER_USER = 12


def test_every_public_memory_method_has_an_async_twin() -> None:
    public = {n for n, f in inspect.getmembers(Memory, inspect.isfunction) if not n.startswith("_")}
    public -= {"candidates", "from_config"}  # a pipeline step, and a constructor (AsyncMemory has its own)
    for name in public:
        assert inspect.iscoroutinefunction(getattr(AsyncMemory, name)), name
        assert inspect.signature(getattr(AsyncMemory, name)) == inspect.signature(getattr(Memory, name)), name


def test_basic_calls_and_errors_come_through() -> None:
    async def main() -> None:
        async with AsyncMemory(config=MemoryConfig(embedder="hash")) as m:
            # infer=False (mem0's "as given"): the message is the claim, so its text reads back unchanged.
            res = await m.add(messages=[{"role": "user", "content": "I'm travelling to SF"}], user_id="alice", infer=False)
            mid = res["results"][0]["id"]
            assert (await m.search(query="Where am I travelling?", user_id="alice"))["results"][0]["id"] == mid
            assert [i.id for i in (await m.get_all(user_id="alice"))["results"]] == [mid]
            assert (await m.get(memory_id=mid)).memory == "I'm travelling to SF"
            await m.update(memory_id=mid, data="I'm travelling to Seattle")
            assert [e["action"] for e in await m.history(memory_id=mid)] == ["ADD", "UPDATE"]
            await m.delete(memory_id=mid)
            with pytest.raises(NotFoundError):
                await m.get(memory_id=mid)
            with pytest.raises(InvalidInputError):
                await m.search("x")
            assert await m.delete_all(user_id="alice") == 0

    asyncio.run(main())


def _text(user: str, i: int) -> str:
    return f"{user} marker{user} fact number {i} about topic{i % 3}"


def _run_concurrently(am: AsyncMemory) -> None:
    rng = random.Random(13)

    async def add(user: str, i: int) -> str:
        # As given (one verbatim claim per message, admission "all"): the concurrency checks read the texts back.
        res = await am.add(_text(user, i), user_id=user, metadata={"i": i, "owner": user}, infer=False)
        [r] = res["results"]
        assert r["event"] == "ADD" and r.user_id == user
        return r["id"]

    async def search(user: str) -> None:
        hits = (await am.search(f"marker{user} fact", user_id=user, limit=50))["results"]
        assert all(h["user_id"] == user and f"marker{user}" in h["memory"] for h in hits), user
        listed = await am.get_all(filters={"user_id": user, "i": {"gte": 0}})
        assert all(i.user_id == user and i.metadata["owner"] == user for i in listed), user

    async def main() -> dict[str, list[str]]:
        jobs = [(u, i) for u in USERS for i in range(PER_USER)]
        rng.shuffle(jobs)
        calls = []
        for n, (u, i) in enumerate(jobs):
            calls.append(add(u, i))
            if n % 4 == 0:
                calls.append(search(rng.choice(USERS)))
        results = await asyncio.gather(*calls)
        ids: dict[str, list[str]] = {u: [] for u in USERS}
        adds = iter(r for r in results if r is not None)
        for call_user, _ in jobs:
            ids[call_user].append(next(adds))
        return ids

    ids = asyncio.run(main())

    async def check() -> None:
        for u in USERS:
            listed = await am.get_all(user_id=u, limit=None)
            assert len(listed) == PER_USER and {i.id for i in listed} == set(ids[u])
            assert {i.memory for i in listed} == {_text(u, i) for i in range(PER_USER)}
            # The in-memory index saw every concurrent write: a search finds all of them.
            hits = (await am.search(f"marker{u}", user_id=u, limit=100)).results
            assert {h.id for h in hits} == set(ids[u])
        # Concurrent by-id edits without user_id land in the right scopes.
        victims = [ids[u][0] for u in USERS]
        await asyncio.gather(*(am.update(v, text=f"edited {n}") for n, v in enumerate(victims)),
                             *(am.delete(ids[u][1]) for u in USERS))
        for n, (u, v) in enumerate(zip(USERS, victims)):
            got = await am.get(v)
            assert got.user_id == u and got.memory == f"edited {n}"
            assert len(await am.get_all(user_id=u, limit=None)) == PER_USER - 1

    asyncio.run(check())


def test_concurrent_adds_and_searches_across_users_sqlite_file(tmp_path) -> None:
    am = AsyncMemory(tmp_path / "async.db", config=MemoryConfig(embedder="hash"))
    try:
        _run_concurrently(am)
    finally:
        asyncio.run(am.close())


def test_concurrent_adds_and_searches_across_users_postgres(pg_url) -> None:
    from memwarden.storage import open_store

    am = AsyncMemory(memory=Memory(config=MemoryConfig(embedder="hash"), store=open_store(pg_url)))
    try:
        _run_concurrently(am)
    finally:
        asyncio.run(am.close())


def test_wrapping_needs_one_way_in() -> None:
    with pytest.raises(TypeError):
        AsyncMemory(":memory:", memory=Memory(config=MemoryConfig(embedder="hash")))
    am = AsyncMemory.from_config({"embedder": {"provider": "memwarden", "config": {"model": "hash"}}})
    assert am.config.embedder == "hash"
