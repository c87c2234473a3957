"""The inspector in a real browser: Debian's headless Chromium driven by Playwright.

Never ``playwright install`` (it downloads a browser): the system ``chromium`` is used through
``executable_path``. Without it the tests skip with the reason, except under ``CI=true``,
where they fail (CI must install it: ``apt-get install -y chromium``). Screenshots of every
page go to a scratch folder, so a test run leaves the tree clean; with
``MEMWARDEN_UPDATE_SCREENSHOTS=1`` they refresh docs/screenshots/ (the README shows two).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import tempfile
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
ROOT = Path(__file__).parents[1]
SHOTS = (ROOT / "docs" / "screenshots" if os.environ.get("MEMWARDEN_UPDATE_SCREENSHOTS") == "1"
         else Path(tempfile.gettempdir()) / "memwarden-screenshots")
AS_OF = "2026-05-10"


def _chromium() -> str | None:
    for cand in (os.environ.get("MEMWARDEN_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser",
                 shutil.which("chromium"), shutil.which("chromium-browser")):
        if cand and Path(cand).exists():
            return cand
    return None


def _need_browser() -> str:
    in_ci = os.environ.get("CI", "").lower() == "true"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        if in_ci:
            pytest.fail("playwright is not installed (it is in the test extra)")
        pytest.skip("playwright is not installed (pip install -e '.[test]')")
    exe = _chromium()
    if exe is None:
        if in_ci:
            pytest.fail("no chromium found: CI must install it (apt-get install -y chromium)")
        pytest.skip("no chromium found (apt-get install chromium, or set MEMWARDEN_CHROMIUM)")
    return exe


class Served:
    """A uvicorn server on 127.0.0.1 and a free port, in a thread."""

    def __init__(self, app) -> None:
        import uvicorn

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the inspector did not start")
            time.sleep(0.05)
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="module")
def demo_memory(tmp_path_factory):
    from memwarden import Memory
    from memwarden.config import MemoryConfig
    from memwarden.demo import load_sessions

    m = Memory(config=MemoryConfig(database=str(tmp_path_factory.mktemp("b") / "demo.db")))
    load_sessions(m, "demo-user")
    # a slot whose value changes (the timelines page): Leeds, then Bristol
    m.add([{"role": "user", "name": "Sam", "content": "I live in Leeds."},
           {"role": "assistant", "content": "Leeds is a great city."}], user_id="sam", timestamp="2025-01-05T10:00:00Z")
    m.add([{"role": "user", "name": "Sam", "content": "I moved to Bristol last week."},
           {"role": "assistant", "content": "Nice, how is Bristol?"}], user_id="sam", timestamp="2025-06-05T10:00:00Z")
    m.add([{"role": "user", "name": "Bob", "content": "Bob keeps his spare key under the blue flowerpot."}],
          user_id="bob", timestamp="2026-04-01T09:00:00Z")
    yield m
    m.close()


@pytest.fixture(scope="module")
def browser():
    exe = _need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        yield b
        b.close()


@pytest.fixture
def page(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    pg = ctx.new_page()
    pg.errors = []  # type: ignore[attr-defined]
    pg.on("console", lambda msg: pg.errors.append(f"console {msg.type}: {msg.text}") if msg.type in ("error", "warning") else None)
    pg.on("pageerror", lambda exc: pg.errors.append(f"page error: {exc}"))
    yield pg
    ctx.close()


@pytest.fixture(scope="module")
def local(demo_memory):
    from memwarden.api_keys import open_keys
    from memwarden.ui.app import ui_app

    s = Served(ui_app(demo_memory, manage_keys=open_keys(demo_memory.store)))
    yield s
    s.stop()


@pytest.fixture(scope="module")
def keyed(demo_memory):
    from memwarden.server.app import create_app
    from memwarden.api_keys import open_keys, parse_tenants

    keys = open_keys(demo_memory.store)
    tokens = {"demo": keys.create("demo-user key", parse_tenants(["demo-user"])).token}
    s = Served(create_app(demo_memory, keys))
    s.tokens = tokens  # type: ignore[attr-defined]
    yield s
    s.stop()


def _goto(page, url: str, status: int = 200):
    resp = page.goto(url)
    assert resp is not None and resp.status == status, (url, resp and resp.status)
    return resp


def _unlabelled(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('input, select, textarea')]
        .filter(e => e.type !== 'hidden' && !(e.labels && e.labels.length) && !e.getAttribute('aria-label'))
        .map(e => e.outerHTML)""")


def test_every_page_loads_without_console_errors(page, local, demo_memory):
    SHOTS.mkdir(parents=True, exist_ok=True)
    base = local.url + "/ui"
    moved = next(i for i in demo_memory.get_all(user_id="demo-user") if i.claim and i.claim.slot
                 and "residence" in i.claim.slot)
    first_ep = moved.claim.source_episode_ids[0]
    pages = {
        "users": f"{base}/",
        "memories": f"{base}/u/demo-user/memories",
        "memory": f"{base}/u/demo-user/m/{moved.id}",
        "conversation": f"{base}/u/demo-user/conversation/{first_ep}",
        "conversations": f"{base}/u/demo-user/conversations",
        "receipts": f"{base}/u/demo-user/receipts",
        "search": f"{base}/u/demo-user/search?q=Where+does+Maya+live+now%3F&as_of={AS_OF}",
        "timelines": f"{base}/u/sam/timelines",
        "keys": f"{base}/keys",
        "edit": f"{base}/u/demo-user/m/{moved.id}/edit",
    }
    for name, url in pages.items():
        _goto(page, url)
        assert page.locator("h1").count() == 1, name
        assert _unlabelled(page) == [], name  # every form field has a label
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    assert page.errors == []  # type: ignore[attr-defined]
    # the stylesheet came from the package (no CDN): computed styles are applied
    _goto(page, pages["users"])
    assert page.evaluate("getComputedStyle(document.querySelector('header.top')).display") == "flex"


def test_search_shows_its_score_breakdown(page, local):
    _goto(page, local.url + "/ui/u/demo-user/search")
    page.get_by_label("Query").fill("When is Ana's birthday party and where?")
    page.get_by_label("As of (date or time)").fill(AS_OF)
    page.get_by_role("button", name="Search").click()
    page.wait_for_selector("table.score-breakdown")
    first = page.locator("table.score-breakdown").first
    assert "dense rank" in first.inner_text() and "fused" in first.inner_text()
    assert page.locator("text=Governed context").count() == 1 and page.locator("pre.prompt").count() == 1
    assert page.locator("figure.chart svg").count() >= 1  # reliability parts of the hits
    assert page.locator("p.abstain, p.answerable").count() == 1
    page.evaluate("document.getElementById('h-hits').scrollIntoView()")
    page.screenshot(path=str(SHOTS / "search-hits.png"))  # the README's view: hits with their parts
    assert page.errors == []  # type: ignore[attr-defined]


def test_delete_removes_the_memory_and_adds_its_history_event(page, local, demo_memory):
    victim = next(i for i in demo_memory.get_all(user_id="demo-user") if "morning runs" in i.memory)
    _goto(page, f"{local.url}/ui/u/demo-user/m/{victim.id}")
    page.get_by_role("link", name="Delete…").click()
    page.wait_for_selector("text=Delete this memory?")
    page.screenshot(path=str(SHOTS / "delete-confirm.png"))
    page.get_by_role("button", name="Delete memory").click()
    page.wait_for_selector("h1:has-text('Deleted memory')")
    assert page.locator("td >> text=DELETE").count() >= 1
    assert victim.id not in [i.id for i in demo_memory.get_all(user_id="demo-user", limit=None)]
    assert demo_memory.history(victim.id, user_id="demo-user")[-1].event == "DELETE"
    _goto(page, f"{local.url}/ui/u/demo-user/memories?kind=claim")
    assert "morning runs" not in page.content()
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_key_bound_to_one_user_sees_only_that_user_in_the_browser(page, keyed, demo_memory):
    _goto(page, keyed.url + "/ui/")  # redirected to the login form
    assert "/ui/login" in page.url
    page.get_by_label("API key").fill(keyed.tokens["demo"])
    page.get_by_role("button", name="Log in").click()
    page.wait_for_selector("text=demo-user")
    assert page.context.cookies()[0]["httpOnly"] is True
    html = page.content()
    assert "bob" not in html and "flowerpot" not in html and "sam" not in html
    for link in page.locator("a").all():
        assert "/u/bob" not in (link.get_attribute("href") or "")
    _goto(page, keyed.url + "/ui/u/bob/memories", status=404)
    assert "flowerpot" not in page.content()
    bob_id = demo_memory.get_all(user_id="bob", kind="episode")[0].id
    _goto(page, f"{keyed.url}/ui/u/demo-user/m/{bob_id}", status=404)
    _goto(page, f"{keyed.url}/ui/u/demo-user/search?q=where+is+the+spare+key")
    assert "flowerpot" not in page.content()
    assert [e for e in page.errors if "404" not in e] == []  # type: ignore[attr-defined]


def test_keyboard_reaches_the_main_controls(page, local):
    _goto(page, local.url + "/ui/u/demo-user/memories")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Skip to content"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none")  # a visible focus style
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main" or page.url.endswith("#main")
    reached = []
    for _ in range(40):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("(e => e.id || e.textContent.trim())(document.activeElement)"))
    for control in ("f-kind", "f-status", "f-type", "f-speaker", "f-text", "Filter"):
        assert control in reached, (control, reached)
    # the filter form works from the keyboard alone
    page.focus("#f-status")
    page.keyboard.press("ArrowDown")  # active
    page.keyboard.press("ArrowDown")  # superseded
    page.focus("#f-text")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"status=superseded"))
    assert page.locator("#f-status").input_value() == "superseded"
