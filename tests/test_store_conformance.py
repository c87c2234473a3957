"""The conformance suite every :class:`~memwarden.storage.Store` backend must pass.

Parametrised over ``STORE_FACTORIES`` in ``conftest.py``: add a backend there and
it runs all of this. Tests use random ``user_id`` values so backends that keep one
database across tests stay independent.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta, timezone
from typing import Any

import numpy as np
import pytest

from memwarden._util import text_hash
from memwarden.errors import StorageError
from memwarden.models import HistoryEvent, MemoryItem, Receipt
from memwarden.retrieval.text import tokenize
from memwarden.storage import ListQuery, MemoryRecord, Store, WriteBatch

DIM = 16
T0 = datetime(2025, 3, 1, 12, 0, 0, tzinfo=timezone.utc)
_rng = np.random.default_rng(7)


def scope() -> str:
    return f"user-{uuid.uuid4().hex[:12]}"


def new_id() -> str:
    return str(uuid.uuid4())


def vec(seed: int | None = None) -> np.ndarray:
    rng = np.random.default_rng(seed) if seed is not None else _rng
    v = rng.standard_normal(DIM).astype(np.float32)
    return v / np.linalg.norm(v)


def record(
    user_id: str,
    text: str,
    *,
    mid: str | None = None,
    at: datetime = T0,
    status: str = "active",
    superseded_by: str | None = None,
    **fields: Any,
) -> MemoryRecord:
    item = MemoryItem(
        id=mid or new_id(), memory=text, user_id=user_id, hash=text_hash(text), status=status,
        superseded_by=superseded_by, created_at=at, updated_at=at, **fields,
    )
    return MemoryRecord(item=item, vector=vec(), tokens=tokenize(text), embedding_model="test-model")


def history(user_id: str, memory_id: str, event: str = "ADD", *, at: datetime = T0, text: str = "x") -> HistoryEvent:
    return HistoryEvent(id=new_id(), memory_id=memory_id, user_id=user_id, event=event, new_memory=text, cause="test", at=at)


def receipt(user_id: str, memory_id: str | None, *, at: datetime = T0, text: str = "x", event: str = "admitted") -> Receipt:
    return Receipt(id=new_id(), user_id=user_id, memory_id=memory_id, text=text, event=event, reason="test", created_at=at)


def add(store: Store, user_id: str, *records: MemoryRecord, at: datetime = T0) -> int:
    """Write records the way the facade does: memory rows + ADD history + receipts, one batch."""
    return store.write(WriteBatch(
        user_id=user_id,
        upserts=list(records),
        history=[history(user_id, r.item.id, at=at, text=r.item.memory) for r in records],
        receipts=[receipt(user_id, r.item.id, at=at, text=r.item.memory) for r in records],
    ))


def ids(items: list[Any]) -> list[str]:
    return [getattr(i, "item", i).id for i in items]


# -- basics -----------------------------------------------------------------------------


def test_is_a_store(store: Store) -> None:
    assert isinstance(store, Store)


def test_unknown_scope_is_empty(store: Store) -> None:
    u = scope()
    assert store.version(u) == 0
    assert store.get(u, [new_id()]) == []
    assert store.get(u, []) == []
    assert store.list(u, ListQuery()) == []
    assert store.find_by_hash(u, [text_hash("anything")]) == {}
    assert store.history(u, new_id()) == []
    assert store.receipts(u) == []
    rows = store.index_rows(u)
    assert rows.version == 0 and rows.ids == [] and len(rows.vectors) == 0
    assert store.delete_scope(u) == 0


def test_write_then_get_round_trips_every_field(store: Store) -> None:
    u = scope()
    rec = record(
        u, "Ünïcødé 🧠 text — with \"quotes\", 'apostrophes', ; DROP TABLE memories; --",
        agent_id="agent-1", run_id="run-1", metadata={"speaker": "Ann", "n": 3, "ok": True, "nested": {"a": [1, 2]}, "none": None},
        source="assistant", speaker="Ann", role="assistant", memory_type="preference", modality="image",
        image_ref="https://example.org/cat.png", source_turn_ids=["D1:1", "D1:2"], card={"scope": "diet"},
        occurred_at=datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc),
    )
    add(store, u, rec)
    [got] = store.get(u, [rec.item.id])
    assert got.item == rec.item
    assert got.vector.dtype == np.float32
    np.testing.assert_array_equal(got.vector, rec.vector)
    assert got.tokens == rec.tokens
    assert got.embedding_model == "test-model"


def test_get_keeps_the_order_asked_and_skips_unknown_ids(store: Store) -> None:
    u = scope()
    recs = [record(u, f"memory number {i}") for i in range(5)]
    add(store, u, *recs)
    want = [recs[3].item.id, new_id(), recs[0].item.id, recs[4].item.id]
    assert ids(store.get(u, want)) == [recs[3].item.id, recs[0].item.id, recs[4].item.id]


def test_get_many_ids(store: Store) -> None:
    u = scope()
    recs = [record(u, f"bulk memory {i}") for i in range(1200)]
    add(store, u, *recs)
    asked = [r.item.id for r in reversed(recs)]
    assert ids(store.get(u, asked)) == asked


def test_every_write_bumps_the_version(store: Store) -> None:
    u, other = scope(), scope()
    v1 = add(store, u, record(u, "one"))
    assert v1 >= 1 and store.version(u) == v1
    v2 = add(store, u, record(u, "two"))
    assert v2 == v1 + 1
    v3 = store.write(WriteBatch(user_id=u, deletes=[new_id()]))
    assert v3 == v2 + 1 == store.version(u)
    assert store.version(other) == 0
    add(store, other, record(other, "elsewhere"))
    assert store.version(u) == v3


def test_upsert_replaces_the_row(store: Store) -> None:
    u = scope()
    rec = record(u, "old text")
    add(store, u, rec)
    new = record(u, "new text", mid=rec.item.id, at=T0 + timedelta(seconds=5))
    store.write(WriteBatch(user_id=u, upserts=[new]))
    [got] = store.get(u, [rec.item.id])
    assert got.item.memory == "new text"
    np.testing.assert_array_equal(got.vector, new.vector)
    assert ids(store.list(u, ListQuery())) == [rec.item.id]
    assert store.index_rows(u).ids == [rec.item.id]


def test_delete_in_a_batch(store: Store) -> None:
    u = scope()
    a, b = record(u, "keep me"), record(u, "drop me")
    add(store, u, a, b)
    store.write(WriteBatch(user_id=u, deletes=[b.item.id], history=[history(u, b.item.id, "DELETE")]))
    assert ids(store.get(u, [a.item.id, b.item.id])) == [a.item.id]
    assert store.index_rows(u).ids == [a.item.id]
    assert [h.event for h in store.history(u, b.item.id)] == ["ADD", "DELETE"]
    assert store.find_by_hash(u, [b.item.hash]) == {}


# -- list ---------------------------------------------------------------------------------


def test_list_is_newest_first(store: Store) -> None:
    u = scope()
    recs = [record(u, f"memory {i}", at=T0 + timedelta(minutes=i)) for i in range(5)]
    add(store, u, recs[2], recs[0])
    add(store, u, recs[4], recs[1], recs[3])
    assert ids(store.list(u, ListQuery())) == [r.item.id for r in reversed(recs)]


def test_list_orders_by_instant_not_by_text_of_the_timestamp(store: Store) -> None:
    u = scope()
    plus2 = timezone(timedelta(hours=2))
    early = record(u, "early", at=datetime(2025, 3, 1, 13, 0, tzinfo=plus2))  # 11:00 UTC
    late = record(u, "late", at=datetime(2025, 3, 1, 12, 0, tzinfo=timezone.utc))
    whole_second = record(u, "whole second", at=datetime(2025, 3, 1, 11, 30, tzinfo=timezone.utc))
    fraction = record(u, "fraction", at=datetime(2025, 3, 1, 11, 30, 0, 500, tzinfo=timezone.utc))
    add(store, u, early, late, whole_second, fraction)
    assert ids(store.list(u, ListQuery())) == [late.item.id, fraction.item.id, whole_second.item.id, early.item.id]
    [got] = store.get(u, [early.item.id])
    assert got.item.created_at == early.item.created_at  # the same instant


def test_list_filters(store: Store) -> None:
    u = scope()
    r1 = record(u, "a1 r1", agent_id="a1", run_id="r1", metadata={"topic": "food", "n": 1})
    r2 = record(u, "a1 r2", agent_id="a1", run_id="r2", metadata={"topic": "work", "n": 2})
    r3 = record(u, "a2 r1", agent_id="a2", run_id="r1", metadata={"topic": "food", "n": "1", "flag": True})
    r4 = record(u, "no agent", metadata={"topic": "food", "nested": {"k": "v"}})
    add(store, u, r1, r2, r3, r4)

    def listed(**kw: Any) -> set[str]:
        return set(ids(store.list(u, ListQuery(**kw))))

    assert listed() == {r.item.id for r in (r1, r2, r3, r4)}
    assert listed(agent_id="a1") == {r1.item.id, r2.item.id}
    assert listed(run_id="r1") == {r1.item.id, r3.item.id}
    assert listed(agent_id="a1", run_id="r1") == {r1.item.id}
    assert listed(agent_id="nobody") == set()
    assert listed(metadata={"topic": "food"}) == {r1.item.id, r3.item.id, r4.item.id}
    assert listed(metadata={"topic": "food", "n": 1}) == {r1.item.id}  # 1 is not "1"
    assert listed(metadata={"n": "1"}) == {r3.item.id}
    assert listed(metadata={"flag": True}) == {r3.item.id}
    assert listed(metadata={"nested": {"k": "v"}}) == {r4.item.id}
    assert listed(metadata={"topic": "food", "agent": "x"}) == set()
    assert listed(metadata={"topic') OR 1=1 --": "food"}) == set()
    assert listed(agent_id="a2", metadata={"topic": "food"}) == {r3.item.id}


def test_list_metadata_filters_compare_json_values_with_their_types(store: Store) -> None:
    u = scope()
    values = {"int": 1, "float": 1.0, "true": True, "false": False, "zero": 0, "str": "1", "null": None,
              "obj": {"k": "v"}, "objtext": '{"k":"v"}', "list": [1, 2], "listtext": "[1,2]", "empty": ""}
    recs = {name: record(u, f"value {name}", metadata={"v": v}) for name, v in values.items()}
    missing = record(u, "no v at all", metadata={"w": 1})
    add(store, u, *recs.values(), missing)

    def names(value: Any) -> set[str]:
        found = {i.id for i in store.list(u, ListQuery(metadata={"v": value}, limit=None))}
        return {n for n, r in recs.items() if r.item.id in found} | ({"missing"} if missing.item.id in found else set())

    assert names(1) == {"int", "float"}  # numbers compare as numbers
    assert names(1.0) == {"int", "float"}
    assert names(True) == {"true"}  # not 1
    assert names(False) == {"false"}  # not 0
    assert names(0) == {"zero"}
    assert names("1") == {"str"}
    assert names(None) == {"null"}  # an explicit null, not a missing key
    assert names({"k": "v"}) == {"obj"}  # not the string spelling it
    assert names('{"k":"v"}') == {"objtext"}
    assert names([1, 2]) == {"list"}
    assert names("") == {"empty"}


@pytest.mark.parametrize("key", ['say "hi"', "a.b", "a[0]", "$", "", "k\\", "ключ", "'; --"])
def test_list_metadata_filters_on_any_key(store: Store, key: str) -> None:
    u = scope()
    hit, miss = record(u, "has the key", metadata={key: "v"}), record(u, "lacks the key", metadata={"other": "v"})
    add(store, u, hit, miss)
    assert ids(store.list(u, ListQuery(metadata={key: "v"}))) == [hit.item.id]


def test_list_superseded(store: Store) -> None:
    u = scope()
    old = record(u, "I live in Paris", at=T0)
    new = record(u, "I live in Berlin", at=T0 + timedelta(seconds=1))
    old_sup = record(u, "I live in Paris", mid=old.item.id, at=T0, status="superseded", superseded_by=new.item.id)
    add(store, u, old)
    store.write(WriteBatch(user_id=u, upserts=[new, old_sup]))
    assert ids(store.list(u, ListQuery())) == [new.item.id, old.item.id]
    assert ids(store.list(u, ListQuery(include_superseded=False))) == [new.item.id]
    [got] = store.get(u, [old.item.id])
    assert got.item.status == "superseded" and got.item.superseded_by == new.item.id


def test_list_limit_and_offset_page_through_everything_once(store: Store) -> None:
    u = scope()
    # Many rows share one timestamp: pages must still be stable and disjoint.
    recs = [record(u, f"memory {i}", at=T0 + timedelta(seconds=i // 4)) for i in range(23)]
    add(store, u, *recs)
    everything = ids(store.list(u, ListQuery(limit=None)))
    assert sorted(everything) == sorted(r.item.id for r in recs)
    pages = [ids(store.list(u, ListQuery(limit=5, offset=o))) for o in range(0, 25, 5)]
    assert [len(p) for p in pages] == [5, 5, 5, 5, 3]
    assert [i for p in pages for i in p] == everything
    assert store.list(u, ListQuery(limit=0)) == []
    assert store.list(u, ListQuery(limit=10, offset=100)) == []
    assert len(store.list(u, ListQuery())) == 23  # default limit is 100
    assert ids(store.list(u, ListQuery(limit=None, offset=20))) == everything[20:]  # offset without a limit


# -- find_by_hash, history, receipts ------------------------------------------------------------


def test_find_by_hash_only_active_rows_of_the_scope(store: Store) -> None:
    u, other = scope(), scope()
    active = record(u, "I like green tea")
    sup = record(u, "I like black tea", status="superseded")
    foreign = record(other, "I like coffee")
    add(store, u, active, sup)
    add(store, other, foreign)
    found = store.find_by_hash(u, [active.item.hash, sup.item.hash, foreign.item.hash, active.item.hash, "0" * 64])
    assert found == {active.item.hash: active.item.id}
    assert store.find_by_hash(u, []) == {}


def test_history_is_in_time_order(store: Store) -> None:
    u = scope()
    rec = record(u, "v1")
    mid = rec.item.id
    store.write(WriteBatch(user_id=u, upserts=[rec], history=[history(u, mid, "ADD", at=T0)]))
    # written out of order within one batch, and across batches
    store.write(WriteBatch(user_id=u, history=[
        history(u, mid, "DELETE", at=T0 + timedelta(hours=3)),
        history(u, mid, "UPDATE", at=T0 + timedelta(hours=1)),
    ]))
    store.write(WriteBatch(user_id=u, history=[history(u, mid, "SUPERSEDE", at=T0 + timedelta(hours=2))]))
    events = store.history(u, mid)
    assert [e.event for e in events] == ["ADD", "UPDATE", "SUPERSEDE", "DELETE"]
    assert all(e.memory_id == mid and e.user_id == u for e in events)
    assert store.history(u, new_id()) == []


def test_history_survives_the_memory_row(store: Store) -> None:
    u = scope()
    rec = record(u, "short-lived")
    add(store, u, rec)
    store.write(WriteBatch(user_id=u, deletes=[rec.item.id], history=[history(u, rec.item.id, "DELETE", at=T0 + timedelta(1))]))
    assert [e.event for e in store.history(u, rec.item.id)] == ["ADD", "DELETE"]


def test_receipts_round_trip_and_queries(store: Store) -> None:
    u = scope()
    rec = record(u, "stored")
    full = Receipt(
        id=new_id(), user_id=u, memory_id=rec.item.id, text="stored", event="admitted", reason="scored 0.71 ≥ 0.5",
        scores={"utility": 0.8, "novelty": 1.0}, weights={"utility": 0.5, "novelty": 0.5}, score=0.71, threshold=0.5,
        policy="amac-v1", memory_type="fact", supersedes=[new_id()], source_turn_ids=["D1:1"], created_at=T0,
    )
    rejected = receipt(u, None, at=T0 + timedelta(minutes=1), event="rejected")
    dup = receipt(u, rec.item.id, at=T0 + timedelta(minutes=2), event="duplicate")
    store.write(WriteBatch(user_id=u, upserts=[rec], receipts=[full]))
    store.write(WriteBatch(user_id=u, receipts=[rejected, dup]))

    assert store.receipts(u) == [dup, rejected, full]  # newest first, every field kept
    assert store.receipts(u, receipt_id=full.id) == [full]
    assert store.receipts(u, receipt_id=new_id()) == []
    assert store.receipts(u, memory_id=rec.item.id) == [dup, full]
    assert store.receipts(u, since=T0 + timedelta(minutes=1)) == [dup, rejected]  # inclusive
    plus5 = timezone(timedelta(hours=5))
    assert store.receipts(u, since=(T0 + timedelta(seconds=30)).astimezone(plus5)) == [dup, rejected]
    assert store.receipts(u, limit=2) == [dup, rejected]
    assert store.receipts(u, memory_id=rec.item.id, limit=1) == [dup]


# -- index_rows ---------------------------------------------------------------------------------


def test_index_rows_carry_what_retrieval_needs(store: Store) -> None:
    u = scope()
    a = record(u, "alpha memory", agent_id="ag", run_id="rn")
    b = record(u, "beta memory", status="superseded")
    c = record(u, "gamma memory")
    add(store, u, a, b, c)
    v = store.write(WriteBatch(user_id=u, deletes=[c.item.id]))
    rows = store.index_rows(u)
    assert rows.version == v == store.version(u)
    assert sorted(rows.ids) == sorted([a.item.id, b.item.id])
    assert rows.vectors.shape == (2, DIM) and rows.vectors.dtype == np.float32
    by_id = {i: n for n, i in enumerate(rows.ids)}
    for rec in (a, b):
        n = by_id[rec.item.id]
        np.testing.assert_array_equal(rows.vectors[n], rec.vector)
        assert rows.tokens[n] == rec.tokens
        assert rows.agent_ids[n] == rec.item.agent_id
        assert rows.run_ids[n] == rec.item.run_id
        assert rows.statuses[n] == rec.item.status
        assert rows.embedding_models[n] == "test-model"


def test_index_rows_carry_each_claims_source_episodes(store: Store) -> None:
    # The search lifts a claim by its source turn's relevance: the link comes with the index rows.
    from memwarden.models import Claim

    u = scope()
    ep = record(u, "my rating on the app is like 1140", kind="episode")
    ep2 = record(u, "it went up to 1160 after the tournament", kind="episode")
    claim = record(u, "The user's rating is 1160", kind="claim",
                   claim=Claim(subject="user", source_episode_ids=[ep.item.id, ep2.item.id]))
    bare = record(u, "The user plays chess", kind="claim", claim=Claim(subject="user"))
    add(store, u, ep, ep2, claim, bare)
    rows = store.index_rows(u)
    by_id = dict(zip(rows.ids, rows.sources))
    assert by_id == {ep.item.id: [], ep2.item.id: [], claim.item.id: [ep.item.id, ep2.item.id], bare.item.id: []}


def test_index_rows_of_a_scope_written_by_two_embedders(store: Store) -> None:
    u = scope()
    old = record(u, "embedded with the old model")
    old.vector = np.ones(8, dtype=np.float32) / np.sqrt(8)
    new = record(u, "embedded with the new model")
    add(store, u, old)
    add(store, u, new)
    rows = store.index_rows(u)  # must not fail
    assert rows.vectors.shape == (2, DIM) and rows.vectors.dtype == np.float32
    n_new, n_old = rows.ids.index(new.item.id), rows.ids.index(old.item.id)
    np.testing.assert_array_equal(rows.vectors[n_new], new.vector)
    assert not rows.vectors[n_old].any()
    assert rows.tokens[n_old] == old.tokens  # still findable by keyword


def test_index_rows_version_moves_with_every_write(store: Store) -> None:
    u = scope()
    seen = [store.index_rows(u).version]
    rec = record(u, "x")
    add(store, u, rec)
    seen.append(store.index_rows(u).version)
    store.write(WriteBatch(user_id=u, history=[history(u, rec.item.id, "UPDATE")]))
    seen.append(store.index_rows(u).version)
    store.write(WriteBatch(user_id=u, deletes=[rec.item.id]))
    seen.append(store.index_rows(u).version)
    store.delete_scope(u)
    seen.append(store.index_rows(u).version)
    assert seen == sorted(set(seen)), seen  # strictly increasing


# -- delete_scope and reset ---------------------------------------------------------------------


def test_delete_scope_removes_only_that_scope(store: Store) -> None:
    u, other = scope(), scope()
    recs = [record(u, f"mine {i}") for i in range(3)]
    theirs = record(other, "theirs")
    add(store, u, *recs)
    add(store, other, theirs)
    v_before, v_other = store.version(u), store.version(other)
    assert store.delete_scope(u) == 3
    assert store.list(u, ListQuery()) == []
    assert store.get(u, [r.item.id for r in recs]) == []
    assert store.history(u, recs[0].item.id) == []
    assert store.receipts(u) == []
    assert store.index_rows(u).ids == []
    assert store.version(u) > v_before  # caches must notice
    assert store.version(other) == v_other
    assert ids(store.list(other, ListQuery())) == [theirs.item.id]
    assert len(store.history(other, theirs.item.id)) == 1 and len(store.receipts(other)) == 1
    add(store, u, record(u, "after"))  # the scope is usable again
    assert len(store.list(u, ListQuery())) == 1


def test_reset_removes_every_scope(store: Store) -> None:
    u, other = scope(), scope()
    a, b = record(u, "mine"), record(other, "theirs")
    add(store, u, a)
    add(store, other, b)
    before = {s: store.version(s) for s in (u, other)}
    store.reset()
    for s, rec in ((u, a), (other, b)):
        assert store.list(s, ListQuery()) == []
        assert store.get(s, [rec.item.id]) == []
        assert store.history(s, rec.item.id) == []
        assert store.receipts(s) == []
        assert store.index_rows(s).ids == []
        assert store.version(s) > before[s]


# -- atomicity ----------------------------------------------------------------------------------


def _snapshot(store: Store, u: str) -> tuple[Any, ...]:
    items = store.list(u, ListQuery(limit=None))
    return (
        store.version(u),
        [i.model_dump() for i in items],
        [[h.model_dump() for h in store.history(u, i.id)] for i in items],
        [r.model_dump() for r in store.receipts(u, limit=1000)],
        store.index_rows(u).ids,
    )


def test_a_record_of_another_scope_fails_the_whole_batch(store: Store) -> None:
    u, other = scope(), scope()
    add(store, u, record(u, "already there"))
    before = _snapshot(store, u)
    good = record(u, "good")
    bad = record(other, "smuggled into another scope")
    with pytest.raises(StorageError):
        add(store, u, good, bad)
    assert _snapshot(store, u) == before
    assert store.version(other) == 0 and store.get(other, [bad.item.id]) == []


@pytest.mark.parametrize("part", ["history", "receipts"])
def test_history_or_receipt_of_another_scope_fails_the_whole_batch(store: Store, part: str) -> None:
    u, other = scope(), scope()
    good = record(u, "good")
    batch = WriteBatch(user_id=u, upserts=[good])
    if part == "history":
        batch.history = [history(u, good.item.id), history(other, good.item.id)]
    else:
        batch.receipts = [receipt(u, good.item.id), receipt(other, good.item.id)]
    with pytest.raises(StorageError):
        store.write(batch)
    assert store.version(u) == 0 and store.get(u, [good.item.id]) == []
    assert store.version(other) == 0 and store.receipts(other) == [] and store.history(other, good.item.id) == []


def test_a_database_error_midway_rolls_back_everything(store: Store) -> None:
    u = scope()
    first = record(u, "already there")
    add(store, u, first)
    before = _snapshot(store, u)
    good = record(u, "would be written first")
    clash = history(u, good.item.id)
    # The memory row and the first history row go in before the duplicate primary key fails.
    batch = WriteBatch(
        user_id=u,
        upserts=[good, record(u, "replaced", mid=first.item.id)],
        deletes=[],
        history=[history(u, good.item.id), clash, clash],
        receipts=[receipt(u, good.item.id)],
    )
    with pytest.raises(StorageError):
        store.write(batch)
    assert _snapshot(store, u) == before
    assert store.find_by_hash(u, [good.item.hash]) == {}
    # The store is still usable and the version continues from where it was.
    assert add(store, u, record(u, "next")) == before[0] + 1


def test_a_clash_with_an_earlier_batch_rolls_back(store: Store) -> None:
    u = scope()
    rec = record(u, "first")
    ev = history(u, rec.item.id)
    store.write(WriteBatch(user_id=u, upserts=[rec], history=[ev]))
    before = _snapshot(store, u)
    with pytest.raises(StorageError):
        store.write(WriteBatch(user_id=u, upserts=[record(u, "second")], deletes=[rec.item.id], history=[ev]))
    assert _snapshot(store, u) == before


# -- scope isolation ----------------------------------------------------------------------------


def test_every_read_is_confined_to_its_scope(store: Store) -> None:
    a, b = scope(), scope()
    ra = record(a, "shared words about tea", agent_id="ag", run_id="rn", metadata={"k": "v"})
    add(store, a, ra)
    rcpt = store.receipts(a)[0]
    for s in (b,):
        assert store.get(s, [ra.item.id]) == []
        assert store.list(s, ListQuery()) == []
        assert store.list(s, ListQuery(agent_id="ag", run_id="rn", metadata={"k": "v"})) == []
        assert store.find_by_hash(s, [ra.item.hash]) == {}
        assert store.history(s, ra.item.id) == []
        assert store.receipts(s) == []
        assert store.receipts(s, receipt_id=rcpt.id) == []
        assert store.receipts(s, memory_id=ra.item.id) == []
        assert store.receipts(s, since=T0 - timedelta(days=1)) == []
        assert store.index_rows(s).ids == []
        assert store.version(s) == 0


def test_the_same_id_in_two_scopes_is_two_memories(store: Store) -> None:
    a, b = scope(), scope()
    mid = new_id()
    ra, rb = record(a, "A's text", mid=mid), record(b, "B's text", mid=mid)
    add(store, a, ra)
    add(store, b, rb)
    assert [r.item.memory for r in store.get(a, [mid])] == ["A's text"]
    assert [r.item.memory for r in store.get(b, [mid])] == ["B's text"]
    assert [h.new_memory for h in store.history(a, mid)] == ["A's text"]
    assert [r.text for r in store.receipts(b, memory_id=mid)] == ["B's text"]
    store.write(WriteBatch(user_id=a, deletes=[mid]))
    assert store.get(a, [mid]) == []
    assert [r.item.memory for r in store.get(b, [mid])] == ["B's text"]
    assert store.index_rows(b).ids == [mid]
    store.write(WriteBatch(user_id=b, upserts=[record(b, "B's new text", mid=mid)]))
    assert store.get(a, [mid]) == []
    assert store.delete_scope(a) == 0
    assert [r.item.memory for r in store.get(b, [mid])] == ["B's new text"]


def test_two_connections_see_each_others_writes(store_factory) -> None:
    first = store_factory()
    second = store_factory()
    if getattr(first, "path", None) == ":memory:":
        pytest.skip("two :memory: stores are two databases")
    u = scope()
    rec = record(u, "written by the first")
    v = add(first, u, rec)
    assert second.version(u) == v
    assert ids(second.get(u, [rec.item.id])) == [rec.item.id]
    assert add(second, u, record(u, "written by the second")) == v + 1
    assert first.version(u) == v + 1


def test_unstored_receipts_expire_in_the_same_write_and_scope_only(store: Store) -> None:
    u, other = scope(), scope()
    rec = record(u, "kept")
    old_stored = receipt(u, rec.item.id, at=T0, event="admitted")
    old_rejected = receipt(u, None, at=T0, event="rejected")
    old_dup = receipt(u, rec.item.id, at=T0, event="duplicate")
    fresh_rejected = receipt(u, None, at=T0 + timedelta(days=40), event="rejected")
    foreign = receipt(other, None, at=T0, event="rejected")
    store.write(WriteBatch(user_id=u, upserts=[rec], receipts=[old_stored, old_rejected, old_dup, fresh_rejected]))
    store.write(WriteBatch(user_id=other, receipts=[foreign]))
    version = store.version(u)
    store.write(WriteBatch(user_id=u, expire_unstored_receipts_before=T0 + timedelta(days=30)))
    assert store.receipts(u) == [fresh_rejected, old_stored]
    assert store.receipts(other) == [foreign]
    assert store.version(u) == version + 1


# -- mem0-style filters (storage/filters.py): one semantics on every backend ----------------------

from memwarden.errors import InvalidInputError  # noqa: E402
from memwarden.storage.filters import MAX_DEPTH, MAX_LIST, MAX_NODES, parse_filter  # noqa: E402

_FILTER_ROWS = {
    "work7": {"category": "work", "priority": 7, "status": "open", "tags": ["urgent", "q3"], "title": "Weekly Meeting notes"},
    "work3": {"category": "work", "priority": 3, "status": "completed", "tags": ["q3"], "archived": False},
    "food": {"category": "food", "priority": 9.5, "status": "archived", "title": "meeting at the café", "archived": True},
    "travel": {"category": "travel", "priority": "9", "date": "2024-03-01", "tags": ["URGENT"]},
    "bare": {},
    "nulls": {"category": None, "priority": None, "n": 1},
}


@pytest.fixture
def filtered(store: Store):
    u = scope()
    recs = {name: record(u, f"row {name}", metadata=meta, agent_id="bot" if name.startswith("work") else None,
                         run_id="r1" if name == "food" else None, at=T0 + timedelta(days=i))
            for i, (name, meta) in enumerate(_FILTER_ROWS.items())}
    add(store, u, *recs.values())
    names = {r.item.id: name for name, r in recs.items()}

    def match(spec: dict) -> set[str]:
        return {names[i.id] for i in store.list(u, ListQuery(where=parse_filter(spec), limit=None))}

    return match


ALL = set(_FILTER_ROWS)


@pytest.mark.parametrize("spec, expected", [
    ({"category": "work"}, {"work7", "work3"}),
    ({"category": {"eq": "work"}}, {"work7", "work3"}),
    ({"category": {"ne": "work"}}, ALL - {"work7", "work3"}),  # a missing key is "not equal"
    ({"archived": {"ne": True}}, ALL - {"food"}),
    ({"category": None}, {"nulls"}),
    ({"category": "*"}, {"work7", "work3", "food", "travel"}),  # present and not null
    ({"priority": 9}, set()),  # 9 is neither 9.5 nor "9"
    ({"priority": "9"}, {"travel"}),
    ({"priority": {"gt": 5}}, {"work7", "food"}),  # numbers compare with numbers only
    ({"priority": {"gte": 7}}, {"work7", "food"}),
    ({"priority": {"lt": 7}}, {"work3"}),
    ({"priority": {"lte": 7, "gt": 3}}, {"work7"}),
    ({"priority": {"gte": "8"}}, {"travel"}),  # strings with strings
    ({"date": {"gte": "2024-01-01"}}, {"travel"}),
    ({"date": {"lt": "2024-03-01"}}, set()),
    ({"category": {"in": ["food", "travel", "x"]}}, {"food", "travel"}),
    ({"category": {"in": []}}, set()),
    ({"status": {"nin": ["archived", "completed"]}}, ALL - {"food", "work3"}),
    ({"title": {"contains": "Meeting"}}, {"work7"}),
    ({"title": {"contains": "meeting"}}, {"food"}),
    ({"title": {"icontains": "MEETING"}}, {"work7", "food"}),
    ({"tags": {"contains": "urgent"}}, {"work7"}),  # array membership, case-sensitive
    ({"tags": {"icontains": "urgent"}}, {"work7", "travel"}),
    ({"tags": {"contains": "urg"}}, set()),  # membership, not substring, for arrays
    ({"n": {"in": [1, 2]}}, {"nulls"}),
    ({"n": {"in": [1.0]}}, {"nulls"}),
    ({"n": {"in": ["1", True]}}, set()),  # typed, as eq
    ({"archived": {"in": [True, None]}}, {"food"}),
    ({"category": {"in": [None, "travel"]}}, {"travel", "nulls"}),
    ({"tags": {"in": [["q3"], "x"]}}, {"work3"}),
    ({"priority": {"in": list(range(1000))}}, {"work7", "work3"}),  # one list operator, not 1000 ORs
    ({"priority": {"nin": [*range(999), 9.5]}}, ALL - {"work7", "work3", "food"}),
    ({"run_id": {"in": ["r1", "r2"]}}, {"food"}),
    ({"run_id": {"nin": ["r1"]}}, ALL - {"food"}),
    ({"AND": [{"category": "work"}, {"priority": {"gte": 5}}]}, {"work7"}),
    ({"OR": [{"category": "food"}, {"priority": {"lt": 5}}]}, {"food", "work3"}),
    ({"NOT": [{"category": "work"}, {"status": "archived"}]}, {"travel", "bare", "nulls"}),  # none of them
    ({"AND": [{"OR": [{"category": "work"}, {"category": "food"}]}, {"NOT": [{"status": "archived"}]}]},
     {"work7", "work3"}),
    ({"category": "work", "OR": [{"tags": {"contains": "urgent"}}, {"archived": False}]}, {"work7", "work3"}),
    ({"agent_id": "bot"}, {"work7", "work3"}),
    ({"agent_id": {"ne": "bot"}}, ALL - {"work7", "work3"}),
    ({"run_id": "*"}, {"food"}),
    ({"agent_id": {"in": ["bot", "x"]}, "priority": {"lt": 5}}, {"work3"}),
    ({"created_at": {"gte": (T0 + timedelta(days=4)).isoformat()}}, {"bare", "nulls"}),
    ({"created_at": {"lt": "2025-03-02T12:00:00+00:00"}}, {"work7"}),
    ({"metadata.category": "food"}, {"food"}),
])
def test_list_with_mem0_filters(filtered, spec, expected) -> None:
    assert filtered(spec) == expected


def test_filters_on_odd_keys_and_values(store: Store) -> None:
    u = scope()
    odd = record(u, "odd", metadata={"AND": "k", "agent_id": "meta", "it's \"q\"": "v", "pct": "100%_x", "é": "ÉCOLE"})
    other = record(u, "other", metadata={"pct": "100 x"})
    add(store, u, odd, other)

    def found(spec: dict) -> list[str]:
        return ids(store.list(u, ListQuery(where=parse_filter(spec))))

    assert found({"metadata.AND": "k"}) == [odd.item.id]
    assert found({"metadata.agent_id": "meta"}) == [odd.item.id]  # the column is agent_id; the key needs the prefix
    assert found({"agent_id": "meta"}) == []
    assert found({"it's \"q\"": {"contains": "v"}}) == [odd.item.id]
    assert found({"pct": {"contains": "%_"}}) == [odd.item.id]  # no LIKE wildcards
    assert found({"é": {"icontains": "école"}}) == [odd.item.id]
    assert found({"pct') OR 1=1 --": "x"}) == []


def test_filters_never_reach_another_scope(store: Store) -> None:
    a, b = scope(), scope()
    add(store, a, record(a, "a", metadata={"k": "v"}))
    add(store, b, record(b, "b", metadata={"k": "v"}))
    for spec in ({"k": "v"}, {"OR": [{"k": "v"}, {"k": {"ne": "v"}}]}, {"NOT": [{"k": "nothing"}]}):
        assert [i.user_id for i in store.list(a, ListQuery(where=parse_filter(spec)))] == [a]


@pytest.mark.parametrize("spec", [
    {"category": {"unknown": "value"}},
    {"invalid_operator": {"unknown": "value"}},
    {"category": {}},
    {"category": {"in": "food"}},
    {"priority": {"gt": True}},
    {"priority": {"gt": [1]}},
    {"title": {"icontains": 5}},
    {"AND": {}},
    {"AND": []},
    {"OR": ["category"]},
    {"user_id": "alice", "OR": [{"user_id": "bob"}]},
    {"agent_id": {"gt": "a"}},
    {"created_at": {"gte": "not a date"}},
    {"x": {"in": list(range(MAX_LIST + 1))}},
    {f"x{i}": {"in": list(range(MAX_LIST))} for i in range(11)},
    {"x": float("nan")},
])
def test_bad_filters_raise_instead_of_matching_nothing(spec) -> None:
    with pytest.raises(InvalidInputError):
        parse_filter(spec)


def test_filter_size_is_bounded() -> None:
    deep: dict = {"k": 1}
    for _ in range(MAX_DEPTH):
        deep = {"NOT": [deep]}
    with pytest.raises(InvalidInputError, match="deeper"):
        parse_filter(deep)
    with pytest.raises(InvalidInputError, match="conditions"):
        parse_filter({"OR": [{"k": i} for i in range(MAX_NODES + 1)]})
    assert parse_filter({}) is None


# -- locate: the one cross-scope read ------------------------------------------------------------


def test_locate_finds_the_scope_of_an_id(store: Store) -> None:
    a, b = scope(), scope()
    ra = record(a, "in a")
    add(store, a, ra)
    assert store.locate(ra.item.id) == [a]
    assert store.locate(new_id()) == []
    shared = new_id()
    add(store, a, record(a, "same id", mid=shared))
    add(store, b, record(b, "same id", mid=shared))
    assert store.locate(shared) == sorted([a, b])
    # A deleted memory is still found through its history.
    store.write(WriteBatch(user_id=a, deletes=[ra.item.id], history=[history(a, ra.item.id, "DELETE")]))
    assert store.locate(ra.item.id) == [a]


def test_the_largest_filters_run(store: Store) -> None:
    u = scope()
    hit = record(u, "hit", metadata={"k": "v254", "n": 5})
    add(store, u, hit, record(u, "miss", metadata={"k": "none"}))
    wide = {"OR": [{"k": {"icontains": f"V{i}"}} for i in range(MAX_NODES - 1)]}
    lists = {f"k{i}": {"nin": [str(j) for j in range(MAX_LIST)]} for i in range(10)}
    deep: dict = {"n": {"gte": 5}}
    for level in range(MAX_DEPTH - 1):  # exactly MAX_DEPTH levels of objects
        deep = {"AND": [deep, {"n": {"ne": 6}}]} if level % 2 else {"OR": [deep, {"n": 7}]}
    for spec in (wide, lists, deep):
        assert hit.item.id in ids(store.list(u, ListQuery(where=parse_filter(spec)))), list(spec)[0]


def test_ids_with_prefix_stay_in_the_scope(store: Store) -> None:
    a, b = scope(), scope()
    ids_a = ["abc10000-0000", "abc20000-0000", "abd00000-0000", "a%c_0000-0000"]
    add(store, a, *[record(a, f"text {i}", mid=i) for i in ids_a])
    add(store, b, record(b, "other", mid="abc30000-0000"))
    assert store.ids_with_prefix(a, "abc") == ["abc10000-0000", "abc20000-0000"]
    assert store.ids_with_prefix(a, "abc1") == ["abc10000-0000"]
    assert store.ids_with_prefix(a, "abc", limit=1) == ["abc10000-0000"]
    assert store.ids_with_prefix(a, "abc3") == []  # b's id is never visible from a
    assert store.ids_with_prefix(a, "a%") == ["a%c_0000-0000"]  # no LIKE wildcards
    assert store.ids_with_prefix(a, "a_") == []
    # A deleted memory is still found through its history (``memwarden history`` needs it).
    store.write(WriteBatch(user_id=a, deletes=["abd00000-0000"], history=[history(a, "abd00000-0000", "DELETE")]))
    assert store.ids_with_prefix(a, "abd") == ["abd00000-0000"]


# -- claims and episodes (issue 10) --------------------------------------------------------------


def claim_record(user_id: str, text: str, slot: str | None, **fields: Any) -> MemoryRecord:
    from memwarden.models import Claim

    subject, _, attribute = (slot or "user|").partition("|")
    c = Claim(subject=subject, attribute=attribute or None, value=text.split()[-1], slot=slot, vouched_by="user",
              firmness="hedged", event_start=datetime(2025, 5, 5, tzinfo=timezone.utc), time_text=["on May 5"],
              source_episode_ids=["ep-1", "ep-2"], previous_value="Lisbon")
    return record(user_id, text, kind="claim", claim=c, valid_from=T0, **fields)


def test_claim_fields_round_trip(store: Store) -> None:
    u = scope()
    ep = record(u, "I moved from Lisbon to Porto last month!", kind="episode", speaker="Maya", role="user")
    cl = claim_record(u, "Maya lives in Porto", "Maya|residence", valid_to=T0 + timedelta(days=3), status="superseded")
    add(store, u, ep, cl)
    got = {r.item.id: r.item for r in store.get(u, [ep.item.id, cl.item.id])}
    assert got[ep.item.id] == ep.item and got[ep.item.id].kind == "episode" and got[ep.item.id].claim is None
    assert got[cl.item.id] == cl.item
    assert got[cl.item.id].claim.slot == "Maya|residence"
    assert got[cl.item.id].valid_from == T0 and got[cl.item.id].valid_to == T0 + timedelta(days=3)


def test_list_filters_by_kind(store: Store) -> None:
    u = scope()
    ep = record(u, "haha thanks", kind="episode")
    cl = claim_record(u, "Maya is allergic to peanuts", "Maya|allergy")
    add(store, u, ep, cl)
    assert ids(store.list(u, ListQuery(kind="claim"))) == [cl.item.id]
    assert ids(store.list(u, ListQuery(kind="episode"))) == [ep.item.id]
    assert sorted(ids(store.list(u, ListQuery()))) == sorted([ep.item.id, cl.item.id])


def test_by_slot_returns_active_claims_of_the_scope_only(store: Store) -> None:
    u, other = scope(), scope()
    old = claim_record(u, "Maya lives in Lisbon", "Maya|residence", status="superseded", at=T0)
    cur = claim_record(u, "Maya lives in Porto", "Maya|residence", at=T0 + timedelta(days=1))
    allergy = claim_record(u, "Maya is allergic to peanuts", "Maya|allergy")
    ep = record(u, "Maya|residence", kind="episode")  # an episode never has a slot
    add(store, u, old, cur, allergy, ep)
    add(store, other, claim_record(other, "Maya lives in Oslo", "Maya|residence"))
    assert ids(store.by_slot(u, ["Maya|residence"])) == [cur.item.id]
    assert sorted(ids(store.by_slot(u, ["Maya|residence", "Maya|allergy", "nobody|x"]))) == sorted(
        [cur.item.id, allergy.item.id])
    assert store.by_slot(u, []) == []
    [got] = store.by_slot(u, ["Maya|allergy"])
    np.testing.assert_array_equal(got.vector, allergy.vector)
    assert got.tokens == allergy.tokens


def test_index_rows_carry_kind_and_validity(store: Store) -> None:
    u = scope()
    ep = record(u, "we moved!", kind="episode", occurred_at=T0)
    cl = claim_record(u, "Maya lives in Porto", "Maya|residence", valid_to=T0 + timedelta(days=2), occurred_at=T0)
    add(store, u, ep, cl)
    rows = store.index_rows(u)
    n = {i: k for k, i in enumerate(rows.ids)}
    assert rows.kinds[n[ep.item.id]] == "episode" and rows.kinds[n[cl.item.id]] == "claim"
    assert rows.valid_from[n[cl.item.id]] == T0 and rows.valid_to[n[cl.item.id]] == T0 + timedelta(days=2)
    assert rows.valid_from[n[ep.item.id]] is None
    assert rows.created_at[n[cl.item.id]] == cl.item.created_at
    assert rows.occurred_at[n[ep.item.id]] == T0


# -- the scope user's name (session 18) ---------------------------------------------------------


def test_user_name_is_stored_per_scope_with_the_write(store: Store) -> None:
    u, other = scope(), scope()
    assert store.user_name(u) is None
    v = store.write(WriteBatch(user_id=u, upserts=[record(u, "hello")], user_name="Maya"))
    assert store.user_name(u) == "Maya" and store.version(u) == v
    assert store.user_name(other) is None  # tenants never share a name
    store.write(WriteBatch(user_id=other, upserts=[record(other, "hi")], user_name="Robin"))
    assert (store.user_name(u), store.user_name(other)) == ("Maya", "Robin")


def test_a_write_without_user_name_keeps_the_stored_one_and_a_new_one_replaces_it(store: Store) -> None:
    u = scope()
    store.write(WriteBatch(user_id=u, user_name="Maya"))  # a name alone is a write
    assert store.user_name(u) == "Maya" and store.version(u) == 1
    add(store, u, record(u, "later"))
    assert store.user_name(u) == "Maya"
    store.write(WriteBatch(user_id=u, user_name="Maya Okafor"))
    assert store.user_name(u) == "Maya Okafor"


def test_a_failed_write_does_not_set_the_user_name(store: Store) -> None:
    u, other = scope(), scope()
    with pytest.raises(StorageError):
        store.write(WriteBatch(user_id=u, upserts=[record(u, "good"), record(other, "bad")], user_name="Maya"))
    assert store.user_name(u) is None


def test_delete_scope_and_reset_forget_the_user_name(store: Store) -> None:
    u, other = scope(), scope()
    store.write(WriteBatch(user_id=u, upserts=[record(u, "a")], user_name="Maya"))
    store.write(WriteBatch(user_id=other, upserts=[record(other, "b")], user_name="Robin"))
    store.delete_scope(u)
    assert store.user_name(u) is None and store.user_name(other) == "Robin"
    store.reset()
    assert store.user_name(other) is None


def test_index_rows_carry_the_user_name_of_their_version(store: Store) -> None:
    u, other = scope(), scope()
    assert store.index_rows(u).user_name is None  # a scope never written
    v = store.write(WriteBatch(user_id=u, upserts=[record(u, "a")], user_name="Maya"))
    store.write(WriteBatch(user_id=other, upserts=[record(other, "b")], user_name="Robin"))
    rows = store.index_rows(u)
    assert (rows.version, rows.user_name) == (v, "Maya")
    store.write(WriteBatch(user_id=u, upserts=[record(u, "c")]))  # a write naming no one keeps the name
    assert store.index_rows(u).user_name == "Maya"
    store.delete_scope(u)
    assert store.index_rows(u).user_name is None and store.index_rows(other).user_name == "Robin"
