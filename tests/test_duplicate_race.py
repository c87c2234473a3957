"""Two processes adding the same sentence at the same moment store it once (issue 9,
finding 6): the duplicate check is repeated inside the write's transaction."""

from __future__ import annotations

import multiprocessing as mp
import time
import uuid
from typing import Any

import numpy as np
import pytest

from memwarden import Memory, MemoryConfig
from memwarden._util import new_id, text_hash, utcnow
from memwarden.admission import DuplicateFilter
from memwarden.models import MemoryItem
from memwarden.storage import MemoryRecord, WriteBatch
from memwarden.storage.base import HashConflict, ListQuery

SENTENCE = "My sister moved to Oslo last spring"


class SlowDedupe(DuplicateFilter):
    """The dedupe admitter, slowed so both processes check before either writes."""

    def decide(self, ctx):  # type: ignore[no-untyped-def]
        time.sleep(0.1)
        return super().decide(ctx)


def _worker(db: str, prefix: str, tries: int, slow: bool, barrier: Any, out: Any) -> None:
    m = Memory(config=MemoryConfig(database=db, embedder="hash"), admitter=SlowDedupe() if slow else None)
    events = []
    try:
        for k in range(tries):
            barrier.wait(60)
            res = m.add(SENTENCE, user_id=f"{prefix}{k}")
            [claim] = [r for r in res.results if r.kind == "claim"]  # the sentence's one claim (the episode is the turn)
            events.append(claim.event)
    finally:
        m.close()
        out.put(events)


def _race(db: str, tries: int, slow: bool) -> tuple[str, list[list[str]]]:
    ctx = mp.get_context("spawn")  # no fork of a threaded test process
    barrier, out = ctx.Barrier(2), ctx.Queue()
    prefix = f"race-{uuid.uuid4().hex[:8]}-"
    procs = [ctx.Process(target=_worker, args=(db, prefix, tries, slow, barrier, out)) for _ in range(2)]
    for p in procs:
        p.start()
    results = [out.get(timeout=240) for _ in procs]
    for p in procs:
        p.join(30)
        assert p.exitcode == 0
    return prefix, results


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
@pytest.mark.parametrize("slow", [True, False], ids=["slow-admitter", "auto"])
def test_two_processes_store_the_same_sentence_once(backend, slow, tmp_path, request) -> None:  # type: ignore[no-untyped-def]
    db = str(tmp_path / "race.db") if backend == "sqlite" else request.getfixturevalue("pg_url")
    tries = 4 if slow else 8
    if backend == "sqlite":
        Memory(db, config=MemoryConfig(embedder="hash")).close()  # create and migrate once
    prefix, results = _race(db, tries, slow)
    with Memory(config=MemoryConfig(database=db, embedder="hash")) as m:
        for k in range(tries):
            # Claims are what must not be stored twice; the same words said twice are two episodes by design.
            active = m.get_all(user_id=f"{prefix}{k}", include_superseded=False)
            assert len(active) == 1, f"try {k}: {len(active)} active copies"
            assert [i.hash for i in active] == [text_hash(active[0].memory)] and "Oslo" in active[0].memory
            assert [e.memory for e in m.get_all(user_id=f"{prefix}{k}", kind="episode")] == [SENTENCE] * 2
            # Nothing disappears silently: the loser's claim has a duplicate receipt naming the winner.
            receipts = [r for r in m.receipts(user_id=f"{prefix}{k}") if r.kind == "claim"]
            assert sorted(r.event for r in receipts) == ["admitted", "duplicate"]
            assert next(r for r in receipts if r.event == "duplicate").duplicate_of == active[0].id
    assert all(sorted(pair) == ["admitted", "duplicate"] for pair in zip(*results))


def _record(user_id: str, text: str, status: str = "active") -> MemoryRecord:
    now = utcnow()
    item = MemoryItem(id=new_id(), memory=text, user_id=user_id, hash=text_hash(text), status=status,
                      created_at=now, updated_at=now)
    return MemoryRecord(item, np.zeros(4, np.float32), text.lower().split(), "test")


def test_store_refuses_a_claimed_hash_that_is_already_active(store) -> None:  # type: ignore[no-untyped-def]
    """Conformance, every backend: the claim is checked in the write, which then writes nothing."""
    u = f"u-{uuid.uuid4().hex}"
    first = _record(u, "I like tea")
    store.write(WriteBatch(user_id=u, upserts=[first], unique_hashes=[first.item.hash]))
    version = store.version(u)
    again = _record(u, "i  LIKE tea")  # same normalised text
    assert again.item.hash == first.item.hash
    with pytest.raises(HashConflict) as exc:
        store.write(WriteBatch(user_id=u, upserts=[again, _record(u, "other")], unique_hashes=[again.item.hash]))
    assert exc.value.existing == {first.item.hash: first.item.id}
    assert store.version(u) == version and len(store.list(u, ListQuery())) == 1
    # Without the claim (admission "all" stores repeats on purpose) the same write goes through.
    store.write(WriteBatch(user_id=u, upserts=[again]))
    assert store.find_by_hash(u, [first.item.hash])
    # A superseded memory, or one in another scope, does not block the text.
    v = f"v-{uuid.uuid4().hex}"
    old = _record(v, "I like tea", status="superseded")
    store.write(WriteBatch(user_id=v, upserts=[old]))
    new = _record(v, "I like tea")
    store.write(WriteBatch(user_id=v, upserts=[new], unique_hashes=[new.item.hash]))
    # Re-writing the claimed row itself (same id) is no conflict.
    store.write(WriteBatch(user_id=v, upserts=[new], unique_hashes=[new.item.hash]))
