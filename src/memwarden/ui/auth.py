"""Who is looking: API-key sessions, the local operator, and CSRF tokens.

Two modes:

* **keys** (``memwarden serve`` mounts the inspector at ``/ui``; ``memwarden ui`` on a
  non-loopback host): every page needs an API key, taken from ``Authorization: Bearer`` /
  ``X-API-Key`` or from a login form. The form keeps the token in a server-side session
  (the browser gets only a random session id in an HttpOnly, SameSite=Strict cookie) and the
  key is verified again on every request, so revoking it logs the session out at once.
  A key bound to tenants sees those tenants only: any other ``user_id`` is a 404.
* **local** (``memwarden ui`` on loopback, the default): the person at the machine is the
  operator and sees every scope; requests whose Host is not a loopback name are refused
  (a web page cannot reach the inspector through DNS rebinding).

Every form carries a CSRF token: HMAC(server secret, session id) for cookie sessions, and
HMAC(server secret, token hash) for header-authenticated clients; POSTs without it get 403.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

from ..api_keys import ApiKey, KeyStore, Tenants, hash_token

COOKIE = "mw_ui_session"
#: Sessions kept in memory (oldest dropped first): bounded, whatever anonymous clients do.
MAX_SESSIONS = 10_000
SESSION_SECONDS = 12 * 3600


@dataclass
class Viewer:
    """The caller of one request."""

    #: None: the local operator (every tenant).
    key: ApiKey | None
    csrf: str
    #: Set when the request came with a browser session cookie (logout clears it).
    session_id: str | None = None

    def allows(self, user_id: str) -> bool:
        return self.key is None or self.key.allows(user_id)

    @property
    def operator(self) -> bool:
        return self.key is None or self.key.tenants.all

    def may_manage(self, key: ApiKey) -> bool:
        """Keys this viewer may see and revoke: its own, and those granting nothing beyond its own tenants."""
        if self.key is None or self.key.tenants.all or key.id == self.key.id:
            return True
        mine, theirs = self.key.tenants, key.tenants
        if theirs.all:
            return False
        return all(mine.allows(u) for u in theirs.users) and all(
            any(p.startswith(q) for q in mine.prefixes) for p in theirs.prefixes)


@dataclass
class _Session:
    created: float
    token: str | None = None


class Sessions:
    """Server-side sessions: session id -> API token (None: not logged in yet)."""

    def __init__(self, keys: KeyStore | None) -> None:
        self.keys = keys
        self._secret = secrets.token_bytes(32)
        self._sessions: OrderedDict[str, _Session] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def local(self) -> bool:
        return self.keys is None

    def csrf_for(self, ident: str) -> str:
        return hmac.new(self._secret, ident.encode(), hashlib.sha256).hexdigest()

    def check_csrf(self, viewer: Viewer, sent: str | None) -> bool:
        return bool(sent) and hmac.compare_digest(viewer.csrf, str(sent))

    def new(self) -> str:
        sid = secrets.token_urlsafe(32)
        with self._lock:
            self._sessions[sid] = _Session(created=time.time())
            while len(self._sessions) > MAX_SESSIONS:
                self._sessions.popitem(last=False)
        return sid

    def _get(self, sid: str | None) -> _Session | None:
        if not sid:
            return None
        with self._lock:
            s = self._sessions.get(sid)
            if s is not None and time.time() - s.created > SESSION_SECONDS:
                del self._sessions[sid]
                return None
            return s

    def exists(self, sid: str | None) -> bool:
        return self._get(sid) is not None

    def login(self, sid: str | None, token: str) -> tuple[ApiKey, str] | None:
        """Bind a verified token to a fresh session id (no session fixation): (key, new id)."""
        key = self.keys.verify(token) if self.keys is not None else None
        if key is None:
            return None
        with self._lock:
            self._sessions.pop(sid or "", None)
        new = self.new()
        with self._lock:
            self._sessions[new].token = token
        return key, new

    def logout(self, sid: str | None) -> None:
        with self._lock:
            if sid:
                self._sessions.pop(sid, None)

    def viewer(self, sid: str | None, header_token: str | None) -> Viewer | None:
        """The request's viewer, or None when it must log in first."""
        if header_token and self.keys is not None:
            key = self.keys.verify(header_token)
            if key is None:
                return None
            return Viewer(key=key, csrf=self.csrf_for("hdr:" + hash_token(header_token)))
        s = self._get(sid)
        if s is None:
            return None
        if self.keys is None:
            return Viewer(key=None, csrf=self.csrf_for("sid:" + str(sid)), session_id=sid)
        if s.token is None:
            return None
        key = self.keys.verify(s.token)
        if key is None:  # revoked since login
            self.logout(sid)
            return None
        return Viewer(key=key, csrf=self.csrf_for("sid:" + str(sid)), session_id=sid)


LOOPBACK_NAMES = {"127.0.0.1", "localhost", "::1", "[::1]"}


def host_allowed(host_header: str | None, allowed: set[str]) -> bool:
    """The Host header's name (port stripped) is one this server answers to."""
    if not host_header:
        return False
    host = host_header.strip().lower()
    if host.startswith("["):
        name = host.split("]")[0] + "]"
    else:
        name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    return name in allowed


def operator_tenants() -> Tenants:
    return Tenants(all=True)
