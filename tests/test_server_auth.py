"""The API key is read one way (api_keys.token_from_headers) by the REST routes, the MCP transport's guard and
the inspector; the split server still names every method of a path in a 405's Allow header."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402
from starlette.datastructures import Headers  # noqa: E402

from memwarden import Memory  # noqa: E402
from memwarden.api_keys import BAD_KEY, MISSING_KEY, AuthError, check_token, open_keys, parse_tenants, token_from_headers  # noqa: E402
from memwarden.config import MemoryConfig  # noqa: E402
from memwarden.server.app import create_app  # noqa: E402
from memwarden.server.guards import BearerGuard  # noqa: E402


@pytest.mark.parametrize("headers, token", [
    ({"authorization": "Bearer mw_a"}, "mw_a"),
    ({"authorization": "bearer   mw_a  "}, "mw_a"),
    ({"authorization": "Bearer mw_a", "x-api-key": "mw_b"}, "mw_a"),   # the Authorization header wins
    ({"authorization": "Basic dXNlcjpwdw==", "x-api-key": "mw_b"}, "mw_b"),  # another scheme: the X-API-Key
    ({"authorization": "Bearer ", "x-api-key": "mw_b"}, "mw_b"),
    ({"x-api-key": " mw_b "}, "mw_b"),
    ({"authorization": "Bearermw_a"}, ""),
    ({}, ""),
])
def test_token_from_headers(headers, token):
    assert token_from_headers(headers) == token
    assert token_from_headers(Headers(headers={k.title(): v for k, v in headers.items()})) == token  # any header case


def test_check_token_names_what_is_wrong():
    live = object()
    assert check_token(lambda t: live if t == "mw_ok" else None, "mw_ok") is live
    for token, message in (("", MISSING_KEY), ("mw_bad", BAD_KEY)):
        with pytest.raises(AuthError) as exc:
            check_token(lambda t: None, token)
        assert (exc.value.status, exc.value.message) == (401, message)


@pytest.fixture
def served(tmp_path):
    m = Memory(config=MemoryConfig(database=str(tmp_path / "a.db"), embedder="hash"))
    keys = open_keys(m.store)
    token = keys.create("alice", parse_tenants(["alice"])).token
    yield m, keys, token
    m.close()


def test_rest_guard_and_inspector_accept_and_refuse_the_same_headers(served):
    m, keys, token = served
    rest = TestClient(create_app(m, keys), raise_server_exceptions=False)

    async def ok_app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    guard = TestClient(BearerGuard(ok_app, keys.verify))
    cases = [({"X-API-Key": token}, 200), ({"Authorization": f"bearer {token}"}, 200),
             ({"Authorization": "Basic x", "X-API-Key": token}, 200), ({}, 401), ({"Authorization": "Bearer mw_nope"}, 401)]
    for headers, status in cases:
        r = rest.get("/v1/memories", params={"user_id": "alice"}, headers=headers)
        g = guard.get("/mcp", headers=headers)
        ui = rest.get("/ui/", headers=headers, follow_redirects=False)
        assert (r.status_code, g.status_code) == (status, status), (headers, r.text, g.text)
        assert (ui.status_code == 401) == (status == 401 and bool(headers)), (headers, ui.status_code)  # no key: login page
        if status == 401:
            assert r.json()["error"]["message"] == g.json()["error"]["message"] in (MISSING_KEY, BAD_KEY)
            assert r.headers["www-authenticate"] == g.headers["www-authenticate"] == "Bearer"


def test_405_names_every_method_of_the_path_across_routers(served):
    m, keys, token = served
    r = TestClient(create_app(m, keys), raise_server_exceptions=False).patch("/v1/memories/x", headers={"X-API-Key": token})
    assert r.status_code == 405 and r.headers["allow"] == "DELETE, GET, PUT", r.headers
    assert r.json()["error"]["type"] == "method_not_allowed"
