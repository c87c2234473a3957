"""The inspector's actions (POST, each behind the session's CSRF token): log in and out,
edit and delete a memory (each through ``Memory``, so history records it), revoke a key.

Destructive actions take two steps: a GET shows what will happen and a confirmation form;
only its POST acts.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response

from .. import errors
from .app import UI
from .auth import COOKIE
from .pages import _path


def register(app: FastAPI, ui: UI) -> None:
    @app.post("/login", response_class=HTMLResponse)
    async def login(request: Request) -> Response:
        form = await request.form()
        sid = request.cookies.get(COOKIE)
        if ui.sessions.local:
            return ui.redirect(request, "/")
        # Login CSRF: the form's token is bound to the pre-login session cookie.
        if not sid or not ui.sessions.exists(sid) or not ui.sessions.check_csrf(
                _Anon(ui.sessions.csrf_for("login:" + sid)), form.get("csrf")):
            return ui.render(request, None, "login.html", {"error": "the login form expired; try again",
                                                           "csrf_login": ""}, status=403)
        token = str(form.get("token") or "").strip()
        got = ui.sessions.login(sid, token)
        if got is None:
            return ui.render(request, None, "login.html", {"error": "invalid or revoked API key",
                                                           "csrf_login": ui.sessions.csrf_for("login:" + sid)}, status=401)
        _, new_sid = got
        resp = ui.redirect(request, "/")
        ui.set_cookie(request, resp, new_sid)
        return resp

    @app.post("/logout")
    async def logout(request: Request) -> Response:
        v = ui.viewer(request)
        ui.check_csrf(request, v, await request.form())
        ui.sessions.logout(v.session_id)
        resp = ui.redirect(request, "/login" if not ui.sessions.local else "/")
        resp.delete_cookie(COOKIE, path=(ui.base(request) or "") + "/")
        return resp

    @app.get("/u/{user_id}/m/{memory_id}/edit", response_class=HTMLResponse)
    def edit_form(request: Request, user_id: str, memory_id: str) -> Response:
        v = ui.scope(request, user_id)
        item = ui.reader.find(user_id, memory_id)
        if item is None:
            return ui.not_found(request, v)
        return ui.render(request, v, "edit.html", {"user_id": user_id, "item": item, "error": None})

    @app.post("/u/{user_id}/m/{memory_id}/edit", response_class=HTMLResponse)
    async def edit(request: Request, user_id: str, memory_id: str) -> Response:
        v = ui.scope(request, user_id)
        form = await request.form()
        ui.check_csrf(request, v, form)
        item = ui.reader.find(user_id, memory_id)
        if item is None:
            return ui.not_found(request, v)
        before = ui.memory.store.version(user_id)
        try:
            ui.memory.update(memory_id, str(form.get("text") or ""), user_id=user_id)
        except errors.InvalidInputError as exc:
            return ui.render(request, v, "edit.html", {"user_id": user_id, "item": item, "error": str(exc)}, status=400)
        ui.reader.patched(user_id, before, [memory_id])
        return ui.redirect(request, f"/u/{_path(user_id)}/m/{_path(memory_id)}", done="updated")

    @app.get("/u/{user_id}/m/{memory_id}/delete", response_class=HTMLResponse)
    def delete_confirm(request: Request, user_id: str, memory_id: str) -> Response:
        v = ui.scope(request, user_id)
        item = ui.reader.find(user_id, memory_id)
        if item is None:
            return ui.not_found(request, v)
        derived = ui.reader.claims_from(user_id, memory_id) if item.kind == "episode" else []
        return ui.render(request, v, "delete.html", {"user_id": user_id, "item": item, "derived": derived})

    @app.post("/u/{user_id}/m/{memory_id}/delete", response_class=HTMLResponse)
    async def delete(request: Request, user_id: str, memory_id: str) -> Response:
        v = ui.scope(request, user_id)
        form = await request.form()
        ui.check_csrf(request, v, form)
        if ui.reader.find(user_id, memory_id) is None:
            return ui.not_found(request, v)
        ui.memory.delete(memory_id, user_id=user_id)
        # A deleted episode may take claims with it: reload rather than patch.
        ui.reader.patched(user_id, -1)
        return ui.redirect(request, f"/u/{_path(user_id)}/m/{_path(memory_id)}", done="deleted")

    @app.get("/keys/{key_id}/revoke", response_class=HTMLResponse)
    def revoke_confirm(request: Request, key_id: str) -> Response:
        v = ui.viewer(request)
        key = _manageable(ui, v, key_id)
        if key is None:
            return ui.not_found(request, v)
        return ui.render(request, v, "revoke.html", {"key": key})

    @app.post("/keys/{key_id}/revoke", response_class=HTMLResponse)
    async def revoke(request: Request, key_id: str) -> Response:
        v = ui.viewer(request)
        form = await request.form()
        ui.check_csrf(request, v, form)
        key = _manageable(ui, v, key_id)
        if key is None or ui.keys is None:
            return ui.not_found(request, v)
        ui.keys.revoke(key_id)
        if v.key is not None and v.key.id == key_id:  # revoked its own key: the session ends
            ui.sessions.logout(v.session_id)
            return ui.redirect(request, "/login")
        return ui.redirect(request, "/keys", done="revoked")


class _Anon:
    def __init__(self, csrf: str) -> None:
        self.csrf = csrf


def _manageable(ui: UI, v, key_id: str):
    if ui.keys is None:
        return None
    for k in ui.keys.list(include_revoked=True):
        if k.id == key_id and v.may_manage(k):
            return k
    return None
