"""Caller input at the edges (issue 9, finding 5): calendar-edge timestamps, deep
nesting and huge filters are one-line InvalidInputErrors, never OverflowError,
RecursionError or a database error; on both storage backends."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta, timezone

import pytest

from memwarden import Memory, MemoryConfig
from memwarden.errors import InvalidInputError
from memwarden.messages import MAX_FILTER_KEYS, MAX_JSON_DEPTH
from memwarden.messages import parse_time

EDGE_TIMES = [
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-14:00",
    datetime(1, 1, 1, tzinfo=timezone(timedelta(hours=14))),
    datetime(9999, 12, 31, 23, 59, 59, tzinfo=timezone(timedelta(hours=-14))),
]


@pytest.fixture(params=["sqlite", "postgresql"])
def memory(request: pytest.FixtureRequest, tmp_path):  # type: ignore[no-untyped-def]
    db = str(tmp_path / "edges.db") if request.param == "sqlite" else request.getfixturevalue("pg_url")
    m = Memory(config=MemoryConfig(database=db, embedder="hash"))
    yield m
    m.close()


def _one_line(exc: pytest.ExceptionInfo) -> str:
    msg = str(exc.value)
    assert "\n" not in msg and msg
    return msg


@pytest.mark.parametrize("ts", EDGE_TIMES, ids=str)
def test_calendar_edge_timestamps_are_invalid_input(ts) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidInputError) as exc:
        parse_time(ts)
    assert "out of range" in _one_line(exc)


@pytest.mark.parametrize("ts", EDGE_TIMES, ids=str)
def test_calendar_edge_timestamps_through_the_api(memory, ts) -> None:  # type: ignore[no-untyped-def]
    u = f"u-{uuid.uuid4().hex}"
    with pytest.raises(InvalidInputError):
        memory.add("I met Ann at the lake", user_id=u, timestamp=ts)
    with pytest.raises(InvalidInputError):
        memory.add([{"role": "user", "content": "I met Bob at the lake", "timestamp": ts}], user_id=u)
    memory.add("I met Cy at the lake", user_id=u, admission="all")
    with pytest.raises(InvalidInputError):
        memory.search("lake", user_id=u, as_of=ts, trust=True)
    # The UTC edges themselves are valid and round-trip on both backends.
    for ok in ("0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"):
        memory.add(f"Dated {ok}", user_id=u, timestamp=ok, admission="all")
    years = sorted(i.occurred_at.year for i in memory.get_all(user_id=u) if i.occurred_at is not None)
    assert years == [1, 9999]
    memory.search("dated", user_id=u, as_of="9999-12-31T23:59:59Z", trust=True)


def _nested(depth: int) -> dict:
    value: dict = {"leaf": 1}
    for _ in range(depth - 1):
        value = {"k": value}
    return value


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 400, 5000])
def test_deep_metadata_and_filters_are_invalid_input(memory, depth) -> None:  # type: ignore[no-untyped-def]
    u = f"u-{uuid.uuid4().hex}"
    with pytest.raises(InvalidInputError, match="nested more than") as exc:
        memory.add("hello there", user_id=u, metadata={"a": _nested(depth)}, admission="all")
    _one_line(exc)
    deep_list: list = []
    for _ in range(depth):
        deep_list = [deep_list]
    with pytest.raises(InvalidInputError, match="nested more than"):
        memory.add("hello there", user_id=u, metadata={"a": deep_list}, admission="all")
    memory.add("hello there", user_id=u, admission="all")
    with pytest.raises(InvalidInputError, match="nested more than"):
        memory.get_all(user_id=u, filters={"a": _nested(depth)})
    with pytest.raises(InvalidInputError, match="nested more than"):
        memory.search("hello", user_id=u, filters={"a": _nested(depth)})


def test_metadata_at_the_depth_limit_is_stored_and_filtered(memory) -> None:  # type: ignore[no-untyped-def]
    u = f"u-{uuid.uuid4().hex}"
    meta = {"a": _nested(MAX_JSON_DEPTH - 1), "tag": "x"}  # the outer object is level 1
    memory.add("hello there", user_id=u, metadata=meta, infer=False)  # as given: chit-chat yields no claim otherwise
    # An object value in a filter means operators (mem0's filter language), which adds a level:
    # the deepest metadata round-trips and is found through a sibling key.
    assert [i.metadata for i in memory.get_all(user_id=u, filters={"tag": "x"})] == [meta]


@pytest.mark.parametrize("keys", [MAX_FILTER_KEYS + 1, 1000, 5000])
def test_too_many_filter_keys_are_invalid_input(memory, keys) -> None:  # type: ignore[no-untyped-def]
    u = f"u-{uuid.uuid4().hex}"
    memory.add("hello there", user_id=u, metadata={"k0": 0}, admission="all")
    filters = {f"k{i}": i for i in range(keys)}
    with pytest.raises(InvalidInputError, match=f"the limit is {MAX_FILTER_KEYS}") as exc:
        memory.get_all(user_id=u, filters=filters)
    _one_line(exc)
    with pytest.raises(InvalidInputError, match=f"the limit is {MAX_FILTER_KEYS}"):
        memory.search("hello", user_id=u, filters=filters)


def test_filters_at_the_key_limit_work(memory) -> None:  # type: ignore[no-untyped-def]
    u = f"u-{uuid.uuid4().hex}"
    meta = {f"k{i}": i for i in range(MAX_FILTER_KEYS)}
    memory.add("hello there", user_id=u, metadata=meta, infer=False)  # as given: chit-chat yields no claim otherwise
    assert len(memory.get_all(user_id=u, filters=meta)) == 1
    assert len(memory.search("hello", user_id=u, filters=meta).results) == 1
