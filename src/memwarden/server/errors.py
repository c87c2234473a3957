"""How the REST server (and its ASGI guards) answer an error: one typed body
``{"error": {"type", "message", "details"?}}``, the :class:`~memwarden.errors.MemwardenError`
tree mapped to status codes by :data:`STATUS`, and no traceback ever reaching a client."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from .. import errors
from ..api_keys import AuthError
from .routers import api_routes
from .schemas import ErrorBody, ErrorDetail

log = logging.getLogger("memwarden.server")

#: MemwardenError subclass -> HTTP status (most specific first).
STATUS: list[tuple[type[errors.MemwardenError], int]] = [
    (errors.InputTooLargeError, 413),
    (errors.InvalidInputError, 400),
    (errors.NotFoundError, 404),
    (errors.PolicyError, 400),
    (errors.StorageError, 503),
    (errors.LLMError, 502),
    (errors.ModelError, 500),
]


def error_response(
    status: int, kind: str, message: str, details: list[dict[str, Any]] | None = None, headers: dict[str, str] | None = None
) -> JSONResponse:
    """The error body every part of the server answers with (a 401 also names the Bearer scheme)."""
    body = ErrorBody(error=ErrorDetail(type=kind, message=message, details=details))
    if status == 401:
        headers = {**(headers or {}), "WWW-Authenticate": "Bearer"}
    return JSONResponse(body.model_dump(exclude_none=True), status_code=status, headers=headers)


def memwarden_error_response(exc: errors.MemwardenError) -> JSONResponse:
    for cls, status in STATUS:
        if isinstance(exc, cls):
            message = str(exc) if status != 503 else "the database is unavailable; the request was not applied"
            return error_response(status, type(exc).__name__, message)
    return error_response(500, type(exc).__name__, str(exc))


def install_error_handlers(app: FastAPI) -> None:
    """Every exception a request can end in, as the typed error body."""

    @app.exception_handler(AuthError)
    async def _auth_error(request: Request, exc: AuthError) -> JSONResponse:
        return error_response(exc.status, "unauthorized" if exc.status == 401 else "forbidden", exc.message)

    @app.exception_handler(errors.MemwardenError)
    async def _memwarden_error(request: Request, exc: errors.MemwardenError) -> JSONResponse:
        return memwarden_error_response(exc)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        details = [
            {"loc": list(e.get("loc", ())), "msg": str(e.get("msg", "")), "type": str(e.get("type", ""))}
            for e in exc.errors()
        ]
        if any(d["type"] == "json_invalid" for d in details):
            return error_response(400, "malformed_json", "the request body is not valid JSON")
        return error_response(422, "validation_error", "the request does not match the schema", details)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        kinds = {404: "not_found", 405: "method_not_allowed"}
        headers = exc.headers
        if exc.status_code == 405:  # Starlette names only the first matching route's methods
            methods: set[str] = set()
            for route in api_routes(app.router.routes):
                if route.matches(request.scope)[0] != Match.NONE:
                    methods |= route.methods
            headers = {"Allow": ", ".join(sorted(methods))}
        return error_response(exc.status_code, kinds.get(exc.status_code, "http_error"), str(exc.detail), headers=headers)

    @app.exception_handler(ValidationError)
    async def _core_validation(request: Request, exc: ValidationError) -> JSONResponse:
        # A value the schema let through but a core model refused: the caller's input.
        return error_response(400, "InvalidInputError", f"invalid value: {exc.errors()[0].get('msg', 'invalid')}")

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        # A bug, not the caller's mistake: the traceback goes to the log, not the client.
        log.error("unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
        return error_response(500, "internal_error", "internal error")
