"""Every query parameter of every route reaches the core under its own name.

A shared ``Query(...)`` object once made FastAPI read ``run_id`` and
``memory_id`` from ``?agent_id=``: ``DELETE /v1/memories?user_id=u&run_id=r``
deleted all of ``u``. These tests drive the REST routes and the Python
``Memory`` API with the same random scope/metadata mixes and demand the same
answer, check that the property test itself sends every query parameter the
app reads, and check the OpenAPI document lists every parameter a route reads.
"""

from __future__ import annotations

import itertools

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from memwarden import Memory  # noqa: E402
from memwarden.config import MemoryConfig  # noqa: E402
from memwarden.server.app import create_app  # noqa: E402
from memwarden.api_keys import open_keys, parse_tenants  # noqa: E402
from memwarden.server.routers import api_routes  # noqa: E402

TEXTS = [
    "I keep bees in the garden", "My sister lives in Oslo", "I drive a red Volvo", "Coffee gives me headaches",
    "I play the cello on Sundays", "My dentist is Dr. Ruiz", "We adopted a grey cat named Miso",
    "I am allergic to peanuts", "Our office moved to the fourth floor", "I run ten kilometres every Tuesday",
]
AGENTS = [None, "agentA", "agentB"]
RUNS = [None, "run1", "run2"]

#: One stored memory's scope and metadata.
row = st.fixed_dictionaries({
    "agent_id": st.sampled_from(AGENTS),
    "run_id": st.sampled_from(RUNS),
    "metadata": st.fixed_dictionaries({"k": st.sampled_from([0, 1])}, optional={"tag": st.sampled_from(["x", "y"])}),
})
#: A filter on the scope: each id absent or one of the values (possibly one no memory carries).
scope = st.fixed_dictionaries({}, optional={"agent_id": st.sampled_from(AGENTS[1:] + ["agentZ"]),
                                            "run_id": st.sampled_from(RUNS[1:] + ["runZ"])})
filters = st.one_of(st.none(), st.fixed_dictionaries({}, optional={"k": st.sampled_from([0, 1]), "tag": st.just("x")}))


@pytest.fixture(scope="module")
def app_env():
    memory = Memory(config=MemoryConfig(embedder="hash"))
    keys = open_keys(memory.store)
    token = keys.create("params", parse_tenants(["*"])).token
    client = TestClient(create_app(memory, keys), raise_server_exceptions=False,
                        headers={"Authorization": f"Bearer {token}"})
    yield memory, client
    memory.close()


def _query_params(app) -> dict[tuple[str, str], set[str]]:
    """(method, path) -> the query parameters the route's handlers read, by their Python names."""
    out: dict[tuple[str, str], set[str]] = {}

    def walk(dep, acc: set[str]) -> None:
        acc.update(f.name for f in dep.query_params)
        for sub in dep.dependencies:
            walk(sub, acc)

    for route in api_routes(app.router.routes):
        for method in route.methods:
            acc: set[str] = set()
            walk(route.dependant, acc)
            out[(method, route.path_format)] = acc
    assert len(out) >= 13, out  # every /v1 route and the probes: the walk reached the included routers
    return out


def _matches(item: dict, want: dict, flt: dict | None) -> bool:
    return all(item[k] == v for k, v in want.items()) and all(item["metadata"].get(k) == v for k, v in (flt or {}).items())


def test_rest_matches_the_python_api_for_every_query_parameter(app_env):
    memory, client = app_env
    users = itertools.count()
    sent: set[tuple[str, str, str]] = set()  # (method, path template, query parameter) actually sent

    def call(method: str, template: str, path: str, params: dict, **kw):
        sent.update((method, template, p) for p in params)
        r = client.request(method, path, params=params, **kw)
        assert r.status_code == 200, (method, path, params, r.text)
        return r.json()

    def seed(user: str, rows: list[dict]) -> dict[str, dict]:
        for text, spec in zip(TEXTS, rows):
            memory.add(text, user_id=user, admission="all", **spec)
        return {i.memory: i.model_dump(mode="json") for i in memory.get_all(user_id=user, limit=None)}

    @given(rows=st.lists(row, min_size=1, max_size=len(TEXTS)), want=scope, flt=filters,
           limit=st.integers(0, 12), offset=st.integers(0, 4), superseded=st.booleans(), pick=st.integers(0, 99),
           kind=st.sampled_from(["claim", "episode", "any"]))
    @settings(max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    def check(rows, want, flt, limit, offset, superseded, pick, kind):
        user = f"u{next(users)}"
        stored = seed(user, rows)
        ids = {v["id"]: v for v in stored.values()}
        expected = {mid for mid, item in ids.items() if _matches(item, want, None)}

        # list: the same page as get_all, and (unpaged) exactly the model's scope
        page = call("GET", "/v1/memories", "/v1/memories", {"user_id": user, **want, "limit": limit, "offset": offset,
                                                            "include_superseded": superseded, "kind": kind})["results"]
        py = memory.get_all(user_id=user, **want, include_superseded=superseded, limit=limit, offset=offset, kind=kind)
        assert [i["id"] for i in page] == [i.id for i in py]
        full = call("GET", "/v1/memories", "/v1/memories", {"user_id": user, **want, "limit": 100})["results"]
        assert {i["id"] for i in full} == expected

        # search (body fields): same hits as Memory.search, all inside the scope and filters
        body = {"query": "garden sister Volvo cello", "user_id": user, **want, "filters": flt, "limit": 10}
        r = client.post("/v1/search", json=body)
        assert r.status_code == 200, r.text
        hits = {h["id"] for h in r.json()["results"]}
        assert hits == {h.id for h in memory.search(body["query"], user_id=user, **want, filters=flt, limit=10).results}
        assert hits <= {mid for mid, item in ids.items() if _matches(item, want, flt)}

        # receipts?memory_id=: only that memory's receipts, as the Python API returns them
        mid = sorted(ids)[pick % len(ids)]
        got = call("GET", "/v1/receipts", "/v1/receipts", {"user_id": user, "memory_id": mid, "limit": 5})["results"]
        assert [x["id"] for x in got] == [x.id for x in memory.receipts(user_id=user, memory_id=mid, limit=5)]
        assert got and all(x["memory_id"] == mid for x in got)

        # single-memory routes read user_id from the query
        for template, suffix in [("/v1/memories/{memory_id}", ""), ("/v1/memories/{memory_id}/history", "/history"),
                                 ("/v1/memories/{memory_id}/card", "/card")]:
            call("GET", template, f"/v1/memories/{mid}{suffix}", {"user_id": user})

        # scoped delete_all: a twin tenant deleted through the Python API must end in the same state
        twin = f"u{next(users)}"
        seed(twin, rows)
        n = call("DELETE", "/v1/memories", "/v1/memories", {"user_id": user, **want})["deleted"]
        assert n == memory.delete_all(user_id=twin, **want) == len(expected)
        left = {i.memory for i in memory.get_all(user_id=user, limit=None)}
        assert left == {i.memory for i in memory.get_all(user_id=twin, limit=None)}
        assert left == {text for text, item in stored.items() if item["id"] not in expected}

        # single delete
        if left:
            victim = memory.get_all(user_id=user, limit=1)[0].id
            call("DELETE", "/v1/memories/{memory_id}", f"/v1/memories/{victim}", {"user_id": user})
            assert victim not in {i.id for i in memory.get_all(user_id=user, limit=None)}

    check()
    read = {(m, p, q) for (m, p), qs in _query_params(client.app).items() for q in qs}
    assert read - sent == set(), "query parameters the property test never sent"


def test_openapi_lists_every_parameter_each_route_reads(app_env):
    _, client = app_env
    doc = client.get("/openapi.json").json()
    routes = list(api_routes(client.app.router.routes))
    assert len(routes) >= 13
    for route in routes:
        names = [f.name for f in route.dependant.query_params]
        aliases = [f.alias for f in route.dependant.query_params]
        # no parameter is read under another parameter's name
        assert names == aliases, (route.path, names, aliases)
        assert len(set(aliases)) == len(aliases), (route.path, aliases)
    for (method, path), reads in _query_params(client.app).items():
        listed = {p["name"] for p in doc["paths"][path][method.lower()].get("parameters", []) if p["in"] == "query"}
        assert listed == reads, (method, path, listed, reads)
