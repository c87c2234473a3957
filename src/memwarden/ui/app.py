"""The inspector's ASGI app: server-rendered pages over :class:`~memwarden.Memory`.

``create_ui_app(memory, keys)`` returns an app meant to be mounted at ``/ui`` (links are
built from the mount's ``root_path``). Pages are plain ``def`` handlers (FastAPI runs them in
its thread pool); every write goes through ``Memory`` so history and receipts record it.
Tenant rule: a ``user_id`` the viewer's key does not allow is a 404, exactly like one that
does not exist, on every page and action.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader, select_autoescape

from .. import errors
from ..memory import Memory
from ..api_keys import KeyStore, token_from_headers
from .auth import COOKIE, LOOPBACK_NAMES, Sessions, Viewer, host_allowed
from .data import Reader


class _Stop(Exception):
    """Ends a request early with a response (login redirect, 404, 403)."""

    def __init__(self, response: Response) -> None:
        self.response = response


def _package_dir(name: str) -> Path:
    return Path(str(resources.files("memwarden.ui") / name))


def make_env() -> Environment:
    # Autoescape everything: memories, receipts and key names are untrusted text.
    env = Environment(loader=FileSystemLoader(str(_package_dir("templates"))),
                      autoescape=select_autoescape(default=True, default_for_string=True))
    env.filters["when"] = lambda d: d.strftime("%Y-%m-%d %H:%M") if d is not None else "–"
    env.filters["day"] = lambda d: d.strftime("%Y-%m-%d") if d is not None else "–"
    env.filters["num"] = lambda v, n=3: "–" if v is None else f"{v:.{n}f}"
    env.filters["pq"] = lambda v: quote(str(v), safe="")
    env.filters["short"] = lambda t, n=100: t if len(t) <= n else t[: n - 1] + "…"
    return env


class UI:
    """Shared state of one inspector app."""

    def __init__(self, memory: Memory, keys: KeyStore | None, *, trusted_hosts: list[str] | None,
                 secure_cookies: bool, manage_keys: KeyStore | None = None) -> None:
        self.memory = memory
        #: The keys page's store: the authenticating one, or (local mode) the database's own.
        self.keys = keys if keys is not None else manage_keys
        self.sessions = Sessions(keys)  # keys None: local mode
        self.reader = Reader(memory)
        self.env = make_env()
        self.secure_cookies = secure_cookies
        #: Local mode answers only to these Host names (DNS rebinding); None: any (keys mode).
        self.hosts = set(trusted_hosts or []) | LOOPBACK_NAMES if self.sessions.local else None

    # -- request plumbing -------------------------------------------------------------

    def base(self, request: Request) -> str:
        return request.scope.get("root_path", "").rstrip("/")

    def viewer(self, request: Request, *, login_redirect: bool = True) -> Viewer:
        if self.hosts is not None and not host_allowed(request.headers.get("host"), self.hosts):
            raise _Stop(HTMLResponse("unknown host", status_code=421))
        token = token_from_headers(request.headers) or None
        sid = request.cookies.get(COOKIE)
        v = self.sessions.viewer(sid, token)
        if v is not None:
            return v
        if token:
            raise _Stop(self.render(request, None, "login.html", {"error": "invalid or revoked API key"}, status=401))
        if self.sessions.local:
            # The local operator: a session is made on first sight (its id keys the CSRF token).
            new = self.sessions.new()
            request.state.new_session = new
            return self.sessions.viewer(new, None)  # type: ignore[return-value]
        if login_redirect:
            raise _Stop(RedirectResponse(self.base(request) + "/login", status_code=303))
        raise _Stop(self.render(request, None, "login.html", {}, status=401))

    def scope(self, request: Request, user_id: str) -> Viewer:
        v = self.viewer(request)
        if not v.allows(user_id) or user_id not in self._known(user_id):
            raise _Stop(self.not_found(request, v))
        return v

    def _known(self, user_id: str) -> set[str]:
        return {user_id} if self.memory.store.version(user_id) > 0 else set()

    def check_csrf(self, request: Request, viewer: Viewer, form: Any) -> None:
        if not self.sessions.check_csrf(viewer, form.get("csrf")):
            raise _Stop(self.render(request, viewer, "error.html",
                                    {"title": "Form expired", "message": "The form's security token did not match; "
                                     "reload the page and try again."}, status=403))

    def render(self, request: Request, viewer: Viewer | None, template: str, ctx: dict[str, Any],
               status: int = 200) -> HTMLResponse:
        base = self.base(request)
        html = self.env.get_template(template).render(
            request=request, base=base, viewer=viewer, local=self.sessions.local,
            csrf=viewer.csrf if viewer else "", qs=_qs, **ctx)
        resp = HTMLResponse(html, status_code=status)
        self.set_cookie(request, resp)
        return resp

    def set_cookie(self, request: Request, resp: Response, sid: str | None = None) -> None:
        sid = sid or getattr(request.state, "new_session", None)
        if sid:
            resp.set_cookie(COOKIE, sid, httponly=True, samesite="strict", secure=self.secure_cookies,
                            path=(self.base(request) or "") + "/")

    def not_found(self, request: Request, viewer: Viewer | None) -> HTMLResponse:
        return self.render(request, viewer, "error.html", {"title": "Not found",
                                                            "message": "Nothing here, or not for this key."}, status=404)

    def redirect(self, request: Request, path: str, **params: Any) -> RedirectResponse:
        url = self.base(request) + path + (("?" + urlencode({k: v for k, v in params.items() if v})) if params else "")
        resp = RedirectResponse(url, status_code=303)
        self.set_cookie(request, resp)
        return resp


def _qs(params: dict[str, Any], **over: Any) -> str:
    """The query string of ``params`` with ``over`` applied (empty values dropped)."""
    merged = {**params, **over}
    return urlencode({k: v for k, v in merged.items() if v not in (None, "")})


def create_ui_app(memory: Memory, keys: KeyStore | None = None, *, trusted_hosts: list[str] | None = None,
                  secure_cookies: bool = False, manage_keys: KeyStore | None = None) -> FastAPI:
    """The inspector. ``keys`` None: local mode (the operator at a loopback address), where
    ``manage_keys`` (the database's key table) lets the operator list and revoke keys.

    ``trusted_hosts``: extra Host names local mode answers to (tests use ``testserver``).
    """
    from . import actions, pages

    ui = UI(memory, keys, trusted_hosts=trusted_hosts, secure_cookies=secure_cookies, manage_keys=manage_keys)
    app = FastAPI(title="memwarden inspector", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.ui = ui
    app.mount("/static", StaticFiles(directory=str(_package_dir("static"))), name="static")

    @app.exception_handler(_Stop)
    async def _stop(request: Request, exc: _Stop) -> Response:
        return exc.response

    @app.exception_handler(errors.NotFoundError)
    async def _nf(request: Request, exc: errors.NotFoundError) -> Response:
        return ui.not_found(request, None)

    @app.exception_handler(errors.MemwardenError)
    async def _bad(request: Request, exc: errors.MemwardenError) -> Response:
        return ui.render(request, None, "error.html", {"title": "Request refused", "message": str(exc)}, status=400)

    @app.middleware("http")
    async def _headers(request: Request, call_next: Any) -> Response:
        resp = await call_next(request)
        # Defence in depth behind autoescaping: no inline script runs, nothing loads from elsewhere.
        resp.headers.setdefault("Content-Security-Policy",
                                "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                                "frame-ancestors 'none'; form-action 'self'; base-uri 'none'")
        resp.headers.setdefault("X-Content-Type-Options", "nosniff")
        resp.headers.setdefault("Referrer-Policy", "no-referrer")
        resp.headers.setdefault("Cache-Control", "no-store")
        return resp

    pages.register(app, ui)
    actions.register(app, ui)
    return app


def ui_app(memory: Memory, *, keys: KeyStore | None = None, trusted_hosts: list[str] | None = None,
           manage_keys: KeyStore | None = None) -> FastAPI:
    """The inspector mounted at ``/ui`` with ``/`` redirecting there (what ``memwarden ui`` serves)."""
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)

    @app.get("/", include_in_schema=False)
    def root() -> RedirectResponse:
        return RedirectResponse("/ui/", status_code=307)

    app.mount("/ui", create_ui_app(memory, keys, trusted_hosts=trusted_hosts, manage_keys=manage_keys))
    return app
