"""``/docs`` renders offline: real headless Chromium (Debian's) against ``memwarden serve``,
with every request checked to stay on this host."""

from __future__ import annotations

import os
import shutil
from urllib.parse import urlparse

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("fastapi_offline")
from test_server_cli import _env, _port, _start  # noqa: E402

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)


def _need_browser():
    if CHROMIUM is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI needs Debian's chromium for the /docs test (.ci/run installs it)")
        pytest.skip("no chromium on this machine (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip("playwright is not installed (it is in the test extra)")
    return sync_playwright


def test_docs_render_offline_in_chromium(tmp_path):
    sync_playwright = _need_browser()
    port = _port()
    base = f"http://127.0.0.1:{port}"
    proc = _start(["serve", "--port", str(port)], _env(str(tmp_path / "d.db")), f"{base}/healthz")
    requests: list[str] = []
    errors: list[str] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], headless=True)
            try:
                page = browser.new_page()
                page.on("request", lambda r: requests.append(r.url))
                page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.goto(f"{base}/docs", wait_until="networkidle")
                page.wait_for_selector(".opblock", timeout=20_000)
                paths = page.locator(".opblock .opblock-summary-path").all_inner_texts()
                title = page.locator(".information-container .title").inner_text()
            finally:
                browser.close()
    finally:
        proc.terminate()
        proc.wait(10)
    assert "memwarden" in title
    assert any("/v1/search" in p.replace("\u200b", "") for p in paths), paths
    assert any("/v1/memories" in p.replace("\u200b", "") for p in paths), paths
    assert errors == []
    foreign = [u for u in requests if urlparse(u).hostname not in ("127.0.0.1", "localhost") and not u.startswith("data:")]
    assert foreign == [] and f"{base}/openapi.json" in requests
