"""Storage backends behind one narrow interface (:class:`Store`)."""

from .base import IndexRows, ListQuery, MemoryRecord, Store, WriteBatch
from .sqlite import SQLiteStore

__all__ = ["IndexRows", "ListQuery", "MemoryRecord", "Store", "WriteBatch", "SQLiteStore", "open_store"]


def open_store(url: str) -> Store:
    """A store from one setting: a file path (SQLite) or a ``postgresql://`` URL."""
    if url.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresStore  # optional backend

        return PostgresStore(url)
    if url.startswith("sqlite:///"):
        url = url[len("sqlite:///") :]
    return SQLiteStore(url)
