"""The REST server: HTTP mirrors of the :class:`~memwarden.Memory` API.

Every ``/v1`` route needs an API key (``Authorization: Bearer mw_...`` or
``X-API-Key``) bound to the tenant named by the request's ``user_id``:

* no key, an unknown key or a revoked key -> 401;
* a key not bound to that ``user_id`` -> 403 (decided before any lookup, so
  the answer says nothing about the data);
* a memory id of another tenant -> 404, exactly like an id that never existed
  (every read is scoped by the caller's ``user_id``).

Errors are one typed body ``{"error": {"type", "message"}}``; the
:class:`~memwarden.errors.MemwardenError` tree maps to status codes in
:data:`.errors.STATUS`. Request bodies above ``max_body_bytes`` get 413 before they are
read in full, and bodies nested deeper than ``max_json_depth`` get 400 before
they are parsed; request models are strict (``"limit": "10"`` is a 422).
Endpoints are plain ``def`` functions: FastAPI runs them in its thread pool,
and ``Memory`` serialises its own writes.

The parts: :mod:`.schemas` (request/response models), :mod:`.errors` (the error body and its
handlers), :mod:`.auth` (the API key, read the same way by REST and MCP), :mod:`.guards` (body
size and depth limits), :mod:`.routers` (the routes); this module puts them together.
"""

from __future__ import annotations

from fastapi import FastAPI

from ..memory import Memory
from ..messages import MAX_FILTER_KEYS
from .docs import mount_docs
from .errors import install_error_handlers
from .guards import DEFAULT_MAX_JSON_DEPTH, BodyLimit, JsonDepthLimit
from ..api_keys import KeyStore
from .routers import include_routers
from .schemas import ERROR_RESPONSES

__all__ = ["create_app", "DEFAULT_MAX_BODY_BYTES", "MAX_FILTER_KEYS"]

DEFAULT_MAX_BODY_BYTES = 1 << 20  # 1 MiB


def create_app(
    memory: Memory,
    keys: KeyStore,
    *,
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
    max_json_depth: int = DEFAULT_MAX_JSON_DEPTH,
    ui: bool = True,
) -> FastAPI:
    """The ASGI app serving ``memory``; ``keys`` decides who may call it.

    ``ui``: mount the web inspector at ``/ui`` behind the same keys (:mod:`memwarden.ui`)."""
    app = FastAPI(
        title="memwarden",
        version="1",
        summary="Governed long-term memory for LLM agents: admit, trust, govern.",
        responses=ERROR_RESPONSES,
        docs_url=None,  # served from the package by mount_docs: FastAPI's page needs a CDN
        redoc_url=None,
    )
    mount_docs(app)
    app.add_middleware(JsonDepthLimit, limit=max_json_depth)  # inside BodyLimit: reads a bounded body
    app.add_middleware(BodyLimit, limit=max_body_bytes)
    app.state.memory = memory
    app.state.keys = keys

    install_error_handlers(app)
    include_routers(app, memory)
    if ui:
        from ..ui import create_ui_app

        app.mount("/ui", create_ui_app(memory, keys))
    return app
