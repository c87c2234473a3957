"""Caller input the server must refuse with a clean 4xx, never a 500/503.

Nesting and filter size are bounded by the server itself (a depth scan before
parsing, a filter-key limit); calendar-edge times are refused by the core.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from memwarden import Memory  # noqa: E402
from memwarden.config import MemoryConfig  # noqa: E402
from memwarden.server.app import MAX_FILTER_KEYS, create_app  # noqa: E402
from memwarden.server.guards import json_depth  # noqa: E402
from memwarden.api_keys import open_keys, parse_tenants  # noqa: E402


@pytest.fixture(params=["sqlite", "postgres"])
def client(request: pytest.FixtureRequest, tmp_path):
    db = str(tmp_path / "l.db") if request.param == "sqlite" else request.getfixturevalue("pg_url")
    memory = Memory(config=MemoryConfig(database=db, embedder="hash"))
    keys = open_keys(memory.store)
    token = keys.create("t", parse_tenants(["alice"])).token
    yield TestClient(create_app(memory, keys), raise_server_exceptions=False,
                     headers={"Authorization": f"Bearer {token}"})
    memory.close()


def _nested(depth: int, leaf=1, key="a"):
    value = leaf
    for _ in range(depth):
        value = {key: value}
    return value


def _one_line_4xx(r, status=400) -> str:
    assert r.status_code == status, r.text
    message = r.json()["error"]["message"]
    assert message and "\n" not in message and "Traceback" not in message
    return message


@pytest.mark.parametrize("route, body", [
    ("/v1/search", {"query": "x", "user_id": "alice", "limit": "10"}),
    ("/v1/search", {"query": "x", "user_id": "alice", "limit": 10.0}),
    ("/v1/search", {"query": "x", "user_id": "alice", "limit": True}),
    ("/v1/search", {"query": "x", "user_id": "alice", "include_superseded": "true"}),
    ("/v1/search", {"query": "x", "user_id": "alice", "include_superseded": 1}),
    ("/v1/context", {"query": "x", "user_id": "alice", "limit": "5"}),
    ("/v1/answer", {"question": "x", "user_id": "alice", "trace": "yes"}),
    ("/v1/memories", {"messages": [{"content": "hi", "id": 3.0}], "user_id": "alice"}),
])
def test_numbers_and_flags_must_be_json_numbers_and_booleans(client, route, body):
    r = client.post(route, json=body)
    assert r.status_code == 422, r.text
    assert r.json()["error"]["type"] == "validation_error"


def test_strict_models_still_take_well_typed_requests(client):
    r = client.post("/v1/memories", json={"messages": [{"content": "I keep bees", "id": 3, "timestamp": 1700000000}],
                                          "user_id": "alice", "timestamp": 1700000000, "admission": "all"})
    assert r.status_code == 200, r.text
    r = client.post("/v1/search", json={"query": "bees", "user_id": "alice", "limit": 3, "include_superseded": True})
    assert r.status_code == 200 and r.json()["results"]


@pytest.mark.parametrize("body", [
    {"messages": "hi", "user_id": "alice", "metadata": _nested(400)},  # the red team's RecursionError
    {"messages": "hi", "user_id": "alice", "metadata": {"a": json.loads("[" * 200 + "]" * 200)}},
])
def test_deeply_nested_metadata_is_400(client, body):
    assert "64" in _one_line_4xx(client.post("/v1/memories", json=body))
    assert client.get("/v1/memories", params={"user_id": "alice"}).json()["results"] == []


def test_deeply_nested_filters_are_400(client):
    msg = _one_line_4xx(client.post("/v1/search", json={"query": "x", "user_id": "alice", "filters": _nested(900)}))
    assert "64" in msg


@pytest.mark.parametrize("depth", [1_000, 100_000, 400_000])
def test_a_body_nested_past_the_parser_is_400_not_500(client, depth):
    body = b'{"query": "x", "user_id": "alice", "filters": {"a": ' + b"[" * depth + b"]" * depth + b"}}"
    r = client.post("/v1/search", content=body, headers={"Content-Type": "application/json"})
    assert r.json()["error"]["type"] == "request_too_deep"
    _one_line_4xx(r)


def test_brackets_inside_strings_do_not_count():
    text = json.dumps({"query": "[[[{{{" * 100 + '\\"]]' + "\\", "user_id": "alice"})
    assert json_depth(text.encode()) == 1
    assert json_depth(json.dumps(_nested(64)).encode()) == 64


def test_moderate_nesting_still_works(client):
    r = client.post("/v1/memories", json={"messages": "I keep bees", "user_id": "alice", "admission": "all",
                                          "metadata": _nested(10)})
    assert r.status_code == 200, r.text
    # An object filter value means operators (mem0's language): object equality is {"eq": {...}}.
    r = client.post("/v1/search", json={"query": "bees", "user_id": "alice", "filters": {"a": {"eq": _nested(9)}}})
    assert r.status_code == 200 and len(r.json()["results"]) == 1


@pytest.mark.parametrize("n", [MAX_FILTER_KEYS + 1, 1_000, 5_000])
def test_too_many_filter_keys_is_400_naming_the_limit(client, n):
    r = client.post("/v1/search", json={"query": "x", "user_id": "alice", "filters": {f"k{i}": i for i in range(n)}})
    assert str(MAX_FILTER_KEYS) in _one_line_4xx(r)
    r = client.post("/v1/search", json={"query": "x", "user_id": "alice",
                                        "filters": {f"k{i}": i for i in range(MAX_FILTER_KEYS)}})
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("stamp", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00"])
def test_calendar_edge_timestamps_are_400(client, stamp):
    _one_line_4xx(client.post("/v1/memories", json={"messages": "hi", "user_id": "alice", "timestamp": stamp}))
    r = client.post("/v1/memories", json={"messages": [{"content": "hi", "timestamp": stamp}], "user_id": "alice"})
    _one_line_4xx(r)
