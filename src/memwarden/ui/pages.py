"""The inspector's read-only pages (GET): scopes, memories, a memory, conversations,
receipts, search playground, timelines, keys."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from urllib.parse import quote

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from .. import errors
from .._util import utcnow
from ..messages import parse_time
from . import charts
from .app import UI
from .auth import COOKIE as COOKIE_NAME
from .data import MemoryFilter, is_turn, page

PAGE = 50
TIMELINE_MAX = 30


def _int(value: Any, default: int = 1) -> int:
    try:
        return max(1, int(value))
    except (TypeError, ValueError):
        return default


def _time(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        return parse_time(value)
    except errors.MemwardenError:
        return None


def register(app: FastAPI, ui: UI) -> None:
    @app.get("/", response_class=HTMLResponse)
    def scopes(request: Request) -> Response:
        v = ui.viewer(request)
        ids = [u for u in ui.reader.scope_ids() if v.allows(u)]
        shown, pages = page(ids, _int(request.query_params.get("page")), 25)
        rows = [ui.reader.counts(u) for u in shown]
        return ui.render(request, v, "scopes.html", {"rows": rows, "pages": pages, "n": len(ids),
                                                      "params": dict(request.query_params)})

    @app.get("/u/{user_id}", response_class=HTMLResponse)
    def scope_home(request: Request, user_id: str) -> Response:
        ui.scope(request, user_id)
        return ui.redirect(request, f"/u/{_path(user_id)}/memories")

    @app.get("/u/{user_id}/memories", response_class=HTMLResponse)
    def memories(request: Request, user_id: str) -> Response:
        v = ui.scope(request, user_id)
        q = request.query_params
        if q.get("status") == "rejected":  # rejected candidates are receipts, never memories
            return ui.redirect(request, f"/u/{_path(user_id)}/receipts", event="rejected")
        f = MemoryFilter(kind=q.get("kind") or "any", type=q.get("type", ""), status=q.get("status", ""),
                         source=q.get("source", ""), speaker=q.get("speaker", ""), since=_time(q.get("since")),
                         until=_time(q.get("until")), text=q.get("text", ""))
        found = ui.reader.filter(user_id, f)
        shown, pages = page(found, _int(q.get("page")), PAGE)
        return ui.render(request, v, "memories.html", {
            "user_id": user_id, "items": shown, "n": len(found), "pages": pages, "page_no": min(_int(q.get("page")), pages),
            "params": dict(q), "facets": ui.reader.facets(user_id), "f": f, "is_turn": is_turn})

    @app.get("/u/{user_id}/m/{memory_id}", response_class=HTMLResponse)
    def memory(request: Request, user_id: str, memory_id: str) -> Response:
        v = ui.scope(request, user_id)
        item = ui.reader.find(user_id, memory_id)
        if item is None:  # deleted: its history stays readable
            try:
                history = ui.memory.history(memory_id, user_id=user_id)
            except errors.NotFoundError:
                return ui.not_found(request, v)
            return ui.render(request, v, "memory.html", {"user_id": user_id, "item": None, "memory_id": memory_id,
                                                         "history": history, "receipts": []})
        cat = ui.reader.catalogue(user_id)
        ctx = {
            "user_id": user_id, "item": item, "memory_id": memory_id,
            "history": ui.memory.history(memory_id, user_id=user_id),
            "receipts": ui.memory.receipts(user_id=user_id, memory_id=memory_id, limit=50),
            "card": ui.reader.card(item),
            "reliability": ui.reader.reliability(user_id, memory_id),
            "episodes": ui.reader.episodes_of(user_id, item),
            "derived": ui.reader.claims_from(user_id, memory_id) if item.kind == "episode" else [],
            "superseded_by": cat.by_id.get(item.superseded_by) if item.superseded_by else None,
            "conflicts": [cat.by_id[c] for c in (item.claim.conflicts_with if item.claim else []) if c in cat.by_id],
            "is_turn": is_turn,
        }
        return ui.render(request, v, "memory.html", ctx)

    @app.get("/u/{user_id}/conversations", response_class=HTMLResponse)
    def conversations(request: Request, user_id: str) -> Response:
        v = ui.scope(request, user_id)
        convs = ui.reader.conversations(user_id)
        shown, pages = page(convs, _int(request.query_params.get("page")), PAGE)
        claims = {c.key: sum(len(ui.reader.claims_from(user_id, e.id)) for e in c.episodes) for c in shown}
        return ui.render(request, v, "conversations.html", {
            "user_id": user_id, "convs": shown, "n": len(convs), "pages": pages, "claims": claims,
            "params": dict(request.query_params)})

    @app.get("/u/{user_id}/conversation/{episode_id}", response_class=HTMLResponse)
    def conversation(request: Request, user_id: str, episode_id: str) -> Response:
        v = ui.scope(request, user_id)
        conv = ui.reader.conversation_of(user_id, episode_id)
        if conv is None:
            return ui.not_found(request, v)
        rows, loose = ui.reader.transcript(user_id, conv)
        derived = {r.episode.id: ui.reader.claims_from(user_id, r.episode.id) for r in rows}
        return ui.render(request, v, "conversation.html", {
            "user_id": user_id, "conv": conv, "rows": rows, "loose": loose, "derived": derived,
            "chart": charts.admission_chart(rows), "legend": charts.call_chart_legend(), "focus": episode_id})

    @app.get("/u/{user_id}/receipts", response_class=HTMLResponse)
    def receipts(request: Request, user_id: str) -> Response:
        v = ui.scope(request, user_id)
        q = request.query_params
        event, kind, text = q.get("event", ""), q.get("kind", ""), q.get("text", "").lower()
        recs = [r for r in ui.reader.receipts(user_id)
                if (not event or r.event == event) and (not kind or r.kind == kind) and (not text or text in r.text.lower())]
        shown, pages = page(recs, _int(q.get("page")), PAGE)
        return ui.render(request, v, "receipts.html", {
            "user_id": user_id, "receipts": shown, "n": len(recs), "pages": pages, "params": dict(q),
            "counts": charts.event_counts(ui.reader.receipts(user_id))})

    @app.get("/u/{user_id}/search", response_class=HTMLResponse)
    def search(request: Request, user_id: str) -> Response:
        v = ui.scope(request, user_id)
        q = request.query_params
        ctx: dict[str, Any] = {"user_id": user_id, "params": dict(q), "result": None, "context": None, "error": None}
        query = q.get("q", "").strip()
        if query:
            kw: dict[str, Any] = {"agent_id": q.get("agent_id") or None, "run_id": q.get("run_id") or None,
                                  "limit": min(_int(q.get("limit"), 10), 50), "kind": q.get("kind") or "claim",
                                  "as_of": q.get("as_of") or None}
            if q.get("filter_key"):
                kw["filters"] = {q["filter_key"]: q.get("filter_value", "")}
            try:
                result = ui.memory.search(query, user_id=user_id, trust=True,
                                          include_superseded=bool(q.get("include_superseded")), **kw)
                ctx["result"] = result
                ctx["chart"] = charts.reliability_chart(result.results)
                before = ui.memory.store.version(user_id)
                ctx["context"] = ui.memory.context(query, user_id=user_id, enforcement=q.get("enforcement") or "strict",
                                                   **kw)
                # Memory.context caches boundary cards on the memories (one write): patch, not reload.
                if ui.memory.store.version(user_id) != before:
                    ui.reader.patched(user_id, before, [g.id for g in ctx["context"].memories])
                ctx["texts"] = {h.id: h.memory for h in result.results}
            except errors.InvalidInputError as exc:
                ctx["error"] = str(exc)
        return ui.render(request, v, "search.html", ctx)

    @app.get("/u/{user_id}/timelines", response_class=HTMLResponse)
    def timelines(request: Request, user_id: str) -> Response:
        v = ui.scope(request, user_id)
        slots = ui.reader.slots(user_id)
        shown, pages = page(slots, _int(request.query_params.get("page")), 20)
        now = utcnow()
        # A slot restated thousands of times draws its latest values only (the rest: the memories page).
        rows = [(s, cs[-TIMELINE_MAX:], len(cs) - len(cs[-TIMELINE_MAX:]), charts.timeline_chart(cs[-TIMELINE_MAX:], now))
                for s, cs in shown]
        return ui.render(request, v, "timelines.html", {
            "user_id": user_id, "slots": rows, "n": len(slots),
            "pages": pages, "params": dict(request.query_params)})

    @app.get("/keys", response_class=HTMLResponse)
    def keys(request: Request) -> Response:
        v = ui.viewer(request)
        if ui.keys is None:
            return ui.render(request, v, "keys.html", {"keys": None})
        shown = [k for k in ui.keys.list(include_revoked=True) if v.may_manage(k)]
        return ui.render(request, v, "keys.html", {"keys": shown})

    @app.get("/login", response_class=HTMLResponse)
    def login_page(request: Request) -> Response:
        if ui.sessions.local:
            return RedirectResponse(ui.base(request) + "/", status_code=303)
        sid = request.cookies.get(COOKIE_NAME)
        fresh = not ui.sessions.exists(sid)
        if fresh:  # the pre-login session the form's CSRF token is bound to
            sid = ui.sessions.new()
        resp = ui.render(request, None, "login.html", {"csrf_login": ui.sessions.csrf_for("login:" + str(sid))})
        if fresh:
            ui.set_cookie(request, resp, sid)
        return resp


def _path(user_id: str) -> str:
    return quote(user_id, safe="")

