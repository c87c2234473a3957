"""API keys: who may call the server (REST, MCP, the inspector), and for which tenants.

Below the server and the inspector, which both read keys here (and the token a request
carries: :func:`token_from_headers`, :func:`check_token`), so neither imports the other's package.

A key is a random token ``mw_<id>_<secret>`` (256 bits of secret) shown once
at creation; only its SHA-256 is stored (a fast hash is enough for a
high-entropy token: there is nothing to brute-force). Keys live in the
``api_keys`` table of the same database as the memories (migration
``m002_api_keys``), so one ``MEMWARDEN_DATABASE_URL`` configures both and
``memwarden keys ...`` works while the server runs.

A key is bound to tenants: exact ``user_id`` values and/or ``user_id``
prefixes (an organisation is a prefix such as ``acme:``). ``*`` alone
grants every tenant (an operator key).

A prefix must end with a delimiter (``:`` ``/`` ``.`` ``-`` ``_``) and
matches by plain ``startswith``: ``acme:`` covers ``acme:bob`` but not
``acmex``. A bare prefix (``team-a``) is refused at creation because it would
also cover the sibling tenant ``team-ab``; a bare prefix stored before that
rule matches whole segments only (``team-a`` itself or ``team-a<delimiter>...``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
import threading
from contextlib import contextmanager
from datetime import datetime
from typing import Any, Callable, Iterator, Mapping, Protocol, Sequence

from pydantic import BaseModel, ConfigDict, Field

from ._util import utcnow
from .errors import InvalidInputError, NotFoundError, StorageError
from .storage import SQLiteStore, Store
from .storage.sqlite import _ts as sqlite_ts
from .storage.sqlite import immediate_transaction

TOKEN_PREFIX = "mw_"
#: A tenant prefix must end with one of these, so it cannot cover a sibling tenant.
PREFIX_DELIMITERS = ":/.-_"


def check_prefix(prefix: str) -> str:
    """``prefix`` if it ends with a delimiter, else :class:`InvalidInputError` saying why."""
    if not isinstance(prefix, str) or not prefix or prefix == "*":
        raise InvalidInputError(f"invalid user_id prefix {prefix!r}: use --user '*' for every tenant")
    if prefix[-1] not in PREFIX_DELIMITERS:
        raise InvalidInputError(
            f"user_id prefix {prefix!r} must end with one of {' '.join(PREFIX_DELIMITERS)} "
            f"(e.g. {prefix + ':'!r}): a bare prefix would also match sibling tenants such as {prefix + 'b'!r}")
    return prefix


def _prefix_allows(prefix: str, user_id: str) -> bool:
    if not user_id.startswith(prefix):
        return False
    # A bare prefix (stored before check_prefix existed) covers whole segments only.
    rest = user_id[len(prefix):]
    return prefix[-1:] in PREFIX_DELIMITERS or not rest or rest[0] in PREFIX_DELIMITERS


class Tenants(BaseModel):
    """The tenants a key may touch."""

    model_config = ConfigDict(extra="forbid")

    users: list[str] = Field(default_factory=list)
    prefixes: list[str] = Field(default_factory=list)
    all: bool = False

    def allows(self, user_id: str) -> bool:
        return self.all or user_id in self.users or any(_prefix_allows(p, user_id) for p in self.prefixes)

    def check(self) -> "Tenants":
        """These tenants, if every prefix ends with a delimiter; else InvalidInputError."""
        for p in self.prefixes:
            check_prefix(p)
        return self


class ApiKey(BaseModel):
    """A stored key (never the token itself)."""

    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    tenants: Tenants
    created_at: datetime
    revoked_at: datetime | None = None

    def allows(self, user_id: str) -> bool:
        return self.revoked_at is None and self.tenants.allows(user_id)


class CreatedKey(BaseModel):
    key: ApiKey
    #: The secret token; shown once, never stored.
    token: str


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def parse_tenants(users: Sequence[str] = (), prefixes: Sequence[str] = ()) -> Tenants:
    users = [u for u in users if u]
    prefixes = [p for p in prefixes if p]
    if not users and not prefixes:
        raise InvalidInputError("a key needs at least one --user or --prefix ('*' as user for every tenant)")
    return Tenants(users=[u for u in users if u != "*"], prefixes=prefixes, all="*" in users).check()


class KeyStore(Protocol):
    def create(self, name: str, tenants: Tenants) -> CreatedKey: ...
    def list(self, *, include_revoked: bool = False) -> list[ApiKey]: ...
    def revoke(self, key_id: str) -> ApiKey: ...
    def verify(self, token: str) -> ApiKey | None: ...


class _SQLKeys:
    """Shared logic; subclasses supply a cursor context and the placeholder."""

    ph = "?"

    def _cursor(self, write: bool = True) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    def _ts(self, value: datetime | None) -> Any:
        return value

    def _tenants_param(self, tenants: Tenants) -> Any:
        return tenants.model_dump_json()

    def _key(self, row: Sequence[Any]) -> ApiKey:
        tenants = row[2] if isinstance(row[2], dict) else json.loads(row[2])
        return ApiKey(id=row[0], name=row[1], tenants=Tenants.model_validate(tenants), created_at=row[3], revoked_at=row[4])

    def create(self, name: str, tenants: Tenants) -> CreatedKey:
        if not isinstance(name, str) or not name.strip() or len(name) > 200:
            raise InvalidInputError("a key needs a name of 1-200 characters")
        tenants.check()
        key_id = secrets.token_hex(6)
        token = f"{TOKEN_PREFIX}{key_id}_{secrets.token_urlsafe(32)}"
        key = ApiKey(id=key_id, name=name.strip(), tenants=tenants, created_at=utcnow())
        p = self.ph
        with self._cursor() as cur:
            cur.execute(
                f"INSERT INTO api_keys (id, name, key_hash, tenants, created_at, revoked_at) VALUES ({p},{p},{p},{p},{p},NULL)",
                (key.id, key.name, hash_token(token), self._tenants_param(tenants), self._ts(key.created_at)),
            )
        return CreatedKey(key=key, token=token)

    def list(self, *, include_revoked: bool = False) -> list[ApiKey]:
        sql = "SELECT id, name, tenants, created_at, revoked_at FROM api_keys"
        if not include_revoked:
            sql += " WHERE revoked_at IS NULL"
        with self._cursor(write=False) as cur:
            rows = cur.execute(sql + " ORDER BY created_at, id").fetchall()
        return [self._key(r) for r in rows]

    def revoke(self, key_id: str) -> ApiKey:
        p = self.ph
        with self._cursor() as cur:
            cur.execute(f"UPDATE api_keys SET revoked_at = {p} WHERE id = {p} AND revoked_at IS NULL",
                        (self._ts(utcnow()), key_id))
            row = cur.execute(f"SELECT id, name, tenants, created_at, revoked_at FROM api_keys WHERE id = {p}",
                              (key_id,)).fetchone()
        if row is None:
            raise NotFoundError(f"no API key {key_id!r}")
        return self._key(row)

    def verify(self, token: str) -> ApiKey | None:
        """The live key for this token, or None (unknown, malformed or revoked)."""
        if not isinstance(token, str) or not token.startswith(TOKEN_PREFIX) or len(token) > 200:
            return None
        digest = hash_token(token)
        p = self.ph
        with self._cursor(write=False) as cur:
            row = cur.execute(
                f"SELECT id, name, tenants, created_at, revoked_at, key_hash FROM api_keys WHERE key_hash = {p}", (digest,)
            ).fetchone()
        if row is None or not hmac.compare_digest(row[5], digest):
            return None
        key = self._key(row)
        return key if key.revoked_at is None else None


class SQLiteKeys(_SQLKeys):
    def __init__(self, store: SQLiteStore) -> None:
        # A file gets its own connection (WAL lets the CLI and server share it);
        # a ":memory:" store must share the store's only connection.
        self._own = store.path != ":memory:"
        self._conn = sqlite3.connect(store.path, check_same_thread=False, isolation_level=None, timeout=30) if self._own else store._conn
        self._lock = threading.RLock() if self._own else store._lock

    def _ts(self, value: datetime | None) -> Any:
        return sqlite_ts(value)  # the store's fixed-width UTC text

    @contextmanager
    def _cursor(self, write: bool = True) -> Iterator[Any]:
        # Every request verifies a key: those reads take no lock on the file
        # (a BEGIN IMMEDIATE per request starved the store's writers under load).
        with self._lock:
            if not write:
                try:
                    yield self._conn
                except sqlite3.Error as exc:
                    raise StorageError(f"API key table failed: {exc}") from exc
                return
            try:
                with immediate_transaction(self._conn) as conn:
                    yield conn
            except sqlite3.Error as exc:
                raise StorageError(f"API key table failed: {exc}") from exc

    def close(self) -> None:
        if self._own:
            self._conn.close()


class PostgresKeys(_SQLKeys):
    ph = "%s"

    def __init__(self, store: Any) -> None:
        self._store = store

    def _tenants_param(self, tenants: Tenants) -> Any:
        from psycopg.types.json import Jsonb

        return Jsonb(tenants.model_dump(mode="json"))

    @contextmanager
    def _cursor(self, write: bool = True) -> Iterator[Any]:
        import psycopg

        try:
            with self._store._tx() as conn:
                yield conn
        except psycopg.Error as exc:
            raise StorageError(f"API key table failed: {exc}") from exc

    def close(self) -> None:
        pass


def open_keys(store: Store) -> SQLiteKeys | PostgresKeys:
    """The key store living in the same database as ``store``."""
    if isinstance(store, SQLiteStore):
        return SQLiteKeys(store)
    if type(store).__name__ == "PostgresStore":
        return PostgresKeys(store)
    raise StorageError(f"API keys are not supported on {type(store).__name__}")


# -- the token a request carries: read one way by the REST routes, the MCP server and the inspector --

MISSING_KEY = "an API key is required (Authorization: Bearer mw_...)"
BAD_KEY = "invalid or revoked API key"


class AuthError(Exception):
    """401 (no live key) or 403 (the key may not touch that user_id)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


def token_from_headers(headers: Mapping[str, str]) -> str:
    """The token of ``Authorization: Bearer <token>``, else of ``X-API-Key``; "" when there is none.

    ``headers`` is looked up by lower-case name (a Starlette ``Headers``, or a dict built lower-case)."""
    scheme, _, credentials = (headers.get("authorization") or "").strip().partition(" ")
    if scheme.lower() == "bearer" and credentials.strip():
        return credentials.strip()
    return (headers.get("x-api-key") or "").strip()


def check_token(verify: Callable[[str], ApiKey | None], token: str) -> ApiKey:
    """The live key for ``token``, else :class:`AuthError` 401 (missing, or unknown/revoked)."""
    if not token:
        raise AuthError(401, MISSING_KEY)
    key = verify(token)
    if key is None:
        raise AuthError(401, BAD_KEY)
    return key
