"""The web inspector through HTTP: every page, the tenant boundary, sessions, CSRF, actions,
escaping; in local mode (``memwarden ui``) and mounted at /ui by the REST server."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urljoin, urlparse

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("jinja2")
from fastapi.testclient import TestClient  # noqa: E402

from memwarden import Memory  # noqa: E402
from memwarden.config import MemoryConfig  # noqa: E402
from memwarden.server.app import create_app  # noqa: E402
from memwarden.api_keys import open_keys, parse_tenants  # noqa: E402
from memwarden.ui.app import ui_app  # noqa: E402

XSS = "<script>alert('pwned')</script><img src=x onerror=alert(2)>"
BOB_SECRET = "Bob keeps his spare key under the blue flowerpot"


def seed(m: Memory) -> None:
    m.add([{"role": "user", "name": "Alice", "content": "I live in Leeds."},
           {"role": "assistant", "content": "Leeds is lovely."}], user_id="alice", timestamp="2025-01-05T10:00:00Z")
    m.add([{"role": "user", "name": "Alice", "content": "I moved to Bristol last week."},
           {"role": "assistant", "content": "Nice, how is Bristol?"},
           {"role": "user", "name": "Alice", "content": "I'm allergic to peanuts."},
           {"role": "user", "name": "Alice", "content": XSS}], user_id="alice", timestamp="2025-06-05T10:00:00Z")
    m.add([{"role": "user", "name": "Bob", "content": BOB_SECRET}], user_id="bob", timestamp="2025-02-01T09:00:00Z")


@pytest.fixture(params=["sqlite", "postgres"])
def memory(request, tmp_path):
    db = str(tmp_path / "ui.db") if request.param == "sqlite" else request.getfixturevalue("pg_url")
    m = Memory(config=MemoryConfig(database=db, embedder="hash"))
    seed(m)
    yield m
    m.close()


@pytest.fixture
def server(memory):
    """The REST server with the inspector at /ui; tokens for alice, bob and an operator."""
    keys = open_keys(memory.store)
    tok = {name: keys.create(name, parse_tenants([name])).token for name in ("alice", "bob")}
    tok["op"] = keys.create("operator", parse_tenants(["*"])).token
    return TestClient(create_app(memory, keys), raise_server_exceptions=True), keys, tok


def h(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def ids(m: Memory, user: str, kind: str = "any") -> list[str]:
    return [i.id for i in m.get_all(user_id=user, kind=kind, limit=None)]


def links(html: str, page_url: str) -> list[str]:
    out = []
    for href in re.findall(r'(?:href|action)="([^"]*)"', html):
        url = urljoin(page_url, unescape(href))
        if urlparse(url).path.startswith("/ui/") and "/static/" not in url:
            out.append(urlparse(url).path + (("?" + urlparse(url).query) if urlparse(url).query else ""))
    return out


def crawl(client, start: str, headers: dict[str, str], limit: int = 150) -> dict[str, str]:
    """Every GET-able inspector page reachable from ``start`` (forms' actions are not followed)."""
    seen: dict[str, str] = {}
    todo = [start]
    while todo and len(seen) < limit:
        url = todo.pop(0)
        if url in seen:
            continue
        r = client.get(url, headers=headers, follow_redirects=True)
        assert r.status_code == 200, (url, r.status_code, r.text[:500])
        seen[url] = r.text
        for href in re.findall(r'href="([^"]*)"', r.text):
            nxt = urljoin("http://testserver" + url, unescape(href))
            p = urlparse(nxt)
            if p.netloc == "testserver" and p.path.startswith("/ui/") and "/static/" not in p.path:
                todo.append(p.path + ("?" + p.query if p.query else ""))
    return seen


# -- every page ---------------------------------------------------------------------------


def test_every_page_renders_for_a_tenant_key(server, memory):
    client, _, tok = server
    pages = crawl(client, "/ui/", h(tok["alice"]))
    kinds = {re.sub(r"/ui/u/alice/(\w+).*", r"\1", p) for p in pages if p.startswith("/ui/u/alice/")}
    assert {"memories", "m", "conversations", "conversation", "receipts", "search", "timelines"} <= kinds
    assert "/ui/keys" in pages
    # the users page: counts of memories, claims and episodes
    home = pages["/ui/"]
    assert ">alice<" in home and "last activity" in home


def test_pages_show_what_the_issue_asks(server, memory):
    client, _, tok = server
    hd = h(tok["alice"])
    claim = next(i for i in memory.get_all(user_id="alice") if "Leeds" in i.memory)
    page = client.get(f"/ui/u/alice/m/{claim.id}", headers=hd).text
    assert "Boundary card" in page and "Reliability now" in page and "S source" in page
    assert "SUPERSEDE" in page and "superseded" in page  # its history and status
    assert "I live in Leeds." in page and "in its conversation" in page  # its source turn
    ep = next(i for i in memory.get_all(user_id="alice", kind="episode") if "Bristol last week" in i.memory)
    conv = client.get(f"/ui/u/alice/conversation/{ep.id}", headers=hd).text
    assert "<svg" in conv and "admission decisions" in conv
    assert "kept as an episode; 1 claim(s) extracted" in conv and "The user moved to Bristol" in conv  # Alice is the user_id: the user (session 18)
    assert "utility" in conv  # factor scores
    tl = client.get("/ui/u/alice/timelines", headers=hd).text
    assert re.search(r"Leeds\s*→\s*(Alice moved to )?Bristol", unescape(tl)), tl[:3000]
    rec = client.get("/ui/u/alice/receipts?event=admitted&kind=claim", headers=hd).text
    assert "p(admit)" in rec and "kept as an episode" not in rec
    s = client.get("/ui/u/alice/search", params={"q": "where does Alice live", "as_of": "2025-03-01"}, headers=hd).text
    assert "score-breakdown" in s and "dense rank" in s and "Governed context" in s and "Prompt block" in s
    assert "Leeds" in s.split("Governed context")[0]  # as of March the Leeds claim was valid
    assert ("Abstained" in s) or ("Answerable" in s)


def test_memory_filters(server, memory):
    client, _, tok = server
    hd = h(tok["alice"])
    sup = client.get("/ui/u/alice/memories?status=superseded", headers=hd).text
    assert "The user lives in Leeds" in sup and "Bristol" not in sup.split("match.")[1]
    # Alice is the user_id: her named turns are the user's own, stored as unnamed user turns (session 18)
    eps = client.get("/ui/u/alice/memories?kind=episode", headers=hd).text
    assert "I moved to Bristol last week." in eps
    named = client.get("/ui/u/alice/memories?kind=episode&speaker=Alice", headers=hd).text
    assert "I moved to Bristol last week." not in named and "Nice, how is Bristol?" not in named
    late = client.get("/ui/u/alice/memories?since=2025-06-01", headers=hd).text
    assert "I live in Leeds." not in late and "I moved to Bristol" in late
    r = client.get("/ui/u/alice/memories?status=rejected", headers=hd, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].endswith("/ui/u/alice/receipts?event=rejected")


# -- tenant boundary --------------------------------------------------------------------


def test_a_key_bound_to_alice_never_sees_bob(server, memory):
    client, _, tok = server
    hd = h(tok["alice"])
    bob_ids = ids(memory, "bob")
    pages = crawl(client, "/ui/", hd)
    for url, html in pages.items():
        assert "/u/bob" not in html and ">bob<" not in html, url
        assert BOB_SECRET not in html and "flowerpot" not in html, url
        assert not any(b in html for b in bob_ids), url
    # bob's pages and ids are 404 for alice, exactly like ids that never existed
    for path in ("", "/memories", "/conversations", "/receipts", "/timelines", "/search?q=key"):
        r = client.get(f"/ui/u/bob{path}", headers=hd)
        assert r.status_code == 404 and "flowerpot" not in r.text, path
    nobody = client.get("/ui/u/nobody/memories", headers=hd)
    for b in bob_ids:
        for path in (f"/ui/u/alice/m/{b}", f"/ui/u/alice/conversation/{b}", f"/ui/u/bob/m/{b}", f"/ui/u/alice/m/{b}/edit",
                     f"/ui/u/alice/m/{b}/delete"):
            r = client.get(path, headers=hd)
            assert r.status_code == 404 and r.text == nobody.text and "flowerpot" not in r.text, path
    # and no form of alice's can touch bob's memory
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/ui/keys", headers=hd).text).group(1)
    for b in bob_ids:
        for who in ("alice", "bob"):
            assert client.post(f"/ui/u/{who}/m/{b}/delete", data={"csrf": csrf}, headers=hd).status_code == 404
            assert client.post(f"/ui/u/{who}/m/{b}/edit", data={"csrf": csrf, "text": "x"}, headers=hd).status_code == 404
    assert sorted(ids(memory, "bob")) == sorted(bob_ids)
    assert BOB_SECRET in [i.memory for i in memory.get_all(user_id="bob", kind="episode")]


def test_keys_page_shows_only_keys_within_the_viewers_tenants(server):
    client, keys, tok = server
    page = client.get("/ui/keys", headers=h(tok["alice"])).text
    names = re.findall(r"<td>(\w+)</td><td>", page)
    assert "alice" in page and "operator" not in page and "bob" not in page, names
    op_id = next(k.id for k in keys.list() if k.name == "operator")
    assert client.get(f"/ui/keys/{op_id}/revoke", headers=h(tok["alice"])).status_code == 404
    op_page = client.get("/ui/keys", headers=h(tok["op"])).text
    assert "alice" in op_page and "bob" in op_page and "operator" in op_page


# -- sessions, CSRF, actions --------------------------------------------------------------


def login(client, token: str) -> None:
    r = client.get("/ui/login")
    csrf = re.search(r'name="csrf" value="([^"]*)"', r.text).group(1)
    r = client.post("/ui/login", data={"csrf": csrf, "token": token}, follow_redirects=False)
    assert r.status_code == 303, r.text
    assert "httponly" in r.headers["set-cookie"].lower() and "samesite=strict" in r.headers["set-cookie"].lower()


def test_login_form_sets_an_httponly_session_and_revocation_ends_it(server):
    client, keys, tok = server
    r = client.get("/ui/", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].endswith("/ui/login")
    page = client.get("/ui/login").text
    assert '<label for="token">' in page and 'id="token"' in page
    csrf = re.search(r'name="csrf" value="([^"]*)"', page).group(1)
    bad = client.post("/ui/login", data={"csrf": csrf, "token": "mw_nope_nope"})
    assert bad.status_code == 401 and "invalid or revoked" in bad.text
    assert client.post("/ui/login", data={"csrf": "forged", "token": tok["alice"]}).status_code == 403
    login(client, tok["alice"])
    assert ">alice<" in client.get("/ui/").text
    alice_id = next(k.id for k in keys.list() if k.name == "alice")
    keys.revoke(alice_id)
    assert client.get("/ui/", follow_redirects=False).status_code == 303  # back to the login page


def test_delete_needs_confirmation_and_csrf_and_records_history(server, memory):
    client, _, tok = server
    login(client, tok["alice"])
    claim = next(i for i in memory.get_all(user_id="alice") if "peanuts" in i.memory)
    confirm = client.get(f"/ui/u/alice/m/{claim.id}/delete").text
    assert "Delete this memory?" in confirm and "peanuts" in confirm
    csrf = re.search(r'name="csrf" value="([^"]+)"', confirm).group(1)
    # without the token, or with another session's, nothing happens
    assert client.post(f"/ui/u/alice/m/{claim.id}/delete", data={}).status_code == 403
    forged = csrf[:-2] + ("11" if csrf.endswith("00") else "00")  # always another token than the real one
    assert client.post(f"/ui/u/alice/m/{claim.id}/delete", data={"csrf": forged}).status_code == 403
    assert memory.get(claim.id, user_id="alice").memory == claim.memory
    r = client.post(f"/ui/u/alice/m/{claim.id}/delete", data={"csrf": csrf}, follow_redirects=True)
    assert r.status_code == 200 and "Deleted memory" in r.text and "DELETE" in r.text
    assert claim.id not in ids(memory, "alice")
    assert [e.event for e in memory.history(claim.id, user_id="alice")][-1] == "DELETE"
    assert "peanuts" not in client.get("/ui/u/alice/memories?kind=claim").text


def test_edit_goes_through_memory_and_keeps_the_old_text(server, memory):
    client, _, tok = server
    login(client, tok["alice"])
    claim = next(i for i in memory.get_all(user_id="alice") if "peanuts" in i.memory)
    form = client.get(f"/ui/u/alice/m/{claim.id}/edit").text
    assert '<label for="text">' in form
    csrf = re.search(r'name="csrf" value="([^"]+)"', form).group(1)
    r = client.post(f"/ui/u/alice/m/{claim.id}/edit", data={"csrf": csrf, "text": "Alice is allergic to cashews"})
    assert r.status_code == 200 and "Alice is allergic to cashews" in r.text and "UPDATE" in r.text
    assert memory.get(claim.id, user_id="alice").memory == "Alice is allergic to cashews"
    ev = memory.history(claim.id, user_id="alice")[-1]
    assert ev.event == "UPDATE" and "peanuts" in (ev.old_memory or "")
    blank = client.post(f"/ui/u/alice/m/{claim.id}/edit", data={"csrf": csrf, "text": "   "})
    assert blank.status_code == 400 and 'role="alert"' in blank.text


def test_revoke_a_key_from_the_keys_page(server):
    client, keys, tok = server
    login(client, tok["op"])
    bob_id = next(k.id for k in keys.list() if k.name == "bob")
    page = client.get(f"/ui/keys/{bob_id}/revoke").text
    assert "cannot be undone" in page
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    assert client.post(f"/ui/keys/{bob_id}/revoke", data={}).status_code == 403
    r = client.post(f"/ui/keys/{bob_id}/revoke", data={"csrf": csrf})
    assert r.status_code == 200 and "revoked" in r.text
    assert keys.verify(tok["bob"]) is None
    assert client.get("/v1/memories", params={"user_id": "bob"}, headers=h(tok["bob"])).status_code == 401


# -- escaping ---------------------------------------------------------------------------


def test_untrusted_memory_text_renders_inert(server, memory):
    client, _, tok = server
    hd = h(tok["alice"])
    ep = next(i for i in memory.get_all(user_id="alice", kind="episode") if i.memory == XSS)
    pages = [client.get(u, headers=hd) for u in (
        f"/ui/u/alice/m/{ep.id}", f"/ui/u/alice/conversation/{ep.id}", "/ui/u/alice/memories", "/ui/u/alice/receipts",
        "/ui/u/alice/search?q=" + "alert pwned script")]
    for r in pages:
        assert r.status_code == 200
        assert "<script" not in r.text and "<img" not in r.text, r.url
        assert "script-src 'self'" in r.headers["content-security-policy"]
    assert "&lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt;" in pages[0].text


# -- local mode (memwarden ui) ---------------------------------------------------------------


def test_local_mode_is_the_operator_on_loopback_only(memory):
    keys = open_keys(memory.store)
    made = keys.create("agent", parse_tenants(["alice"]))
    client = TestClient(ui_app(memory, manage_keys=keys), base_url="http://127.0.0.1:8765")
    assert client.get("/", follow_redirects=False).headers["location"] == "/ui/"
    home = client.get("/ui/")
    assert home.status_code == 200 and ">alice<" in home.text and ">bob<" in home.text
    assert "mw_ui_session" in home.headers["set-cookie"]
    # a page reached through another host name (DNS rebinding) is refused
    assert client.get("/ui/", headers={"Host": "evil.example:8765"}).status_code == 421
    # forms still need the session's CSRF token
    claim = next(i for i in memory.get_all(user_id="alice") if "peanuts" in i.memory)
    assert client.post(f"/ui/u/alice/m/{claim.id}/delete", data={"csrf": "x"}).status_code == 403
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get(f"/ui/u/alice/m/{claim.id}/delete").text).group(1)
    assert client.post(f"/ui/u/alice/m/{claim.id}/delete", data={"csrf": csrf}).status_code == 200
    assert claim.id not in ids(memory, "alice")
    # the operator lists and revokes the database's keys
    assert "agent" in client.get("/ui/keys").text
    assert client.post(f"/ui/keys/{made.key.id}/revoke", data={"csrf": csrf}).status_code == 200
    assert keys.verify(made.token) is None


def test_pages_work_on_memories_written_before_claims(tmp_path):
    m = Memory(config=MemoryConfig(database=str(tmp_path / "turns.db"), embedder="hash", claims=False))
    m.add([{"role": "user", "content": "I live in Leeds with my partner since 2019."},
           {"role": "user", "content": "I am allergic to peanuts and shellfish."}], user_id="carol")
    client = TestClient(ui_app(m), base_url="http://127.0.0.1:8765")
    pages = crawl(client, "/ui/", {})
    assert any("/conversation/" in p for p in pages)
    assert "No claims with slots yet" in pages["/ui/u/carol/timelines"]
    conv = next(v for k, v in pages.items() if "/conversation/" in k)
    assert "I live in Leeds" in conv and "p(admit)" in conv  # each turn with its admission decision
    m.close()


# -- the commands -------------------------------------------------------------------------


def test_memwarden_ui_serves_the_inspector_on_loopback(tmp_path, memory):
    import os
    import subprocess
    import sys

    import httpx

    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(__import__("pathlib").Path(__file__).parents[1] / "src"),
                                                         os.environ.get("PYTHONPATH", "")])}
    with subprocess.Popen([sys.executable, "-m", "memwarden.cli", "ui", "--db", memory.config.database, "--port", "0",
                           "--no-browser"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env) as proc:
        try:
            line = proc.stdout.readline()  # "memwarden inspector on http://127.0.0.1:PORT/ui/ (local mode; ...)"
            url = re.search(r"(http://127\.0\.0\.1:\d+/ui/)", line)
            assert url, line
            r = httpx.get(url.group(1), timeout=30)
            assert r.status_code == 200 and ">alice<" in r.text and "local mode" in line
        finally:
            proc.terminate()
            proc.wait(timeout=20)


def test_demo_ends_by_saying_how_to_open_the_inspector(tmp_path):
    from rich.console import Console

    from memwarden.demo import run_demo

    console = Console(record=True, width=100)
    db = str(tmp_path / "demo.db")
    run_demo(db=db, user_id="demo-user", console=console)
    last = console.export_text().strip().splitlines()[-1]
    assert last == f"see why each memory was stored, trusted or withheld: memwarden ui --db {db}"
    m = Memory(config=MemoryConfig(database=db, embedder="hash"))
    client = TestClient(ui_app(m), base_url="http://127.0.0.1:8765")
    assert ">demo-user<" in client.get("/ui/").text  # the demo's file database opens in the inspector
    m.close()


def test_the_catalogue_follows_writes_made_elsewhere(server, memory):
    """Pages read a per-version catalogue: a write through another path shows on the next page."""
    client, _, tok = server
    hd = h(tok["alice"])
    assert "I keep bees" not in client.get("/ui/u/alice/memories", headers=hd).text
    memory.add([{"role": "user", "name": "Alice", "content": "I keep bees on the roof."}], user_id="alice")
    assert "I keep bees on the roof." in client.get("/ui/u/alice/memories", headers=hd).text
    # a search that caches boundary cards (a write) leaves the pages consistent
    client.get("/ui/u/alice/search", params={"q": "bees"}, headers=hd)
    page = client.get("/ui/u/alice/memories?kind=episode", headers=hd).text
    assert page.count("I keep bees on the roof.") == 1 and "I live in Leeds." in page


def test_a_crafted_done_message_is_not_shown(server):
    client, _, tok = server
    page = client.get("/ui/?done=your+account+is+locked,+call+us", headers=h(tok["alice"])).text
    assert "account is locked" not in page
    assert "Done: deleted." in client.get("/ui/?done=deleted", headers=h(tok["alice"])).text


def test_a_prefix_key_sees_its_organisation_only(server, memory):
    client, keys, _ = server
    memory.add("I work at the Oslo office.", user_id="acme:kari")
    token = keys.create("acme", parse_tenants(prefixes=["acme:"])).token
    home = client.get("/ui/", headers=h(token)).text
    assert ">acme:kari<" in home and ">alice<" not in home and ">bob<" not in home
    assert "Oslo office" in client.get("/ui/u/acme%3Akari/memories", headers=h(token)).text
    assert client.get("/ui/u/alice/memories", headers=h(token)).status_code == 404
    page = client.get("/ui/keys", headers=h(token)).text
    assert "acme" in page and "alice" not in page and "operator" not in page
