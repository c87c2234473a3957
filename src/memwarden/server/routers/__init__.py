"""The REST routes, one ``APIRouter`` per part; each reads the served ``Memory`` from
``app.state.memory`` (:func:`memory_of`) and the caller's key through
:func:`~memwarden.server.auth.authenticate`."""

from __future__ import annotations

from typing import Annotated, Any, Iterable, Iterator, NamedTuple

from fastapi import Depends, FastAPI, Path, Query, Request
from fastapi.routing import APIRoute

from ...memory import Memory
from ..auth import allow, authenticate
from ...api_keys import ApiKey
from ..schemas import ID


def memory_of(request: Request) -> Memory:
    """FastAPI dependency: the Memory this app serves."""
    return request.app.state.memory


class OneMemory(NamedTuple):
    memory: Memory
    memory_id: str
    user_id: str


def one_memory(
    memory_id: Annotated[str, Path(**ID)], user_id: Annotated[str, Query(**ID)],
    key: ApiKey = Depends(authenticate), memory: Memory = Depends(memory_of),
) -> OneMemory:
    """FastAPI dependency of the routes on one memory (``/v1/memories/{memory_id}...?user_id=``):
    the caller's key must allow ``user_id`` (403 before any lookup)."""
    allow(key, user_id)
    return OneMemory(memory, memory_id, user_id)


def include_routers(app: FastAPI, memory: Memory) -> None:
    """Add the probes, the memory routes and the governance routes ``memory`` has methods for."""
    from . import governance, memories, probes

    app.include_router(probes.router)
    app.include_router(memories.router)
    app.include_router(memories.receipts_router)
    # Routes appear (and are documented) only when the Memory in use has the method.
    for name, router in (("context", governance.context_router), ("answer", governance.answer_router)):
        if hasattr(memory, name):
            app.include_router(router)
    app.include_router(governance.router)


def api_routes(routes: Iterable[Any]) -> Iterator[APIRoute]:
    """Every APIRoute under ``routes`` (e.g. ``app.router.routes``), also inside included routers:
    FastAPI 0.16x keeps an included router as one entry (``original_router``) where older versions
    copied its routes. None of ours has a prefix, so each route's path is the served path."""
    for route in routes:
        if isinstance(route, APIRoute):
            yield route
        elif hasattr(route, "original_router"):
            yield from api_routes(route.original_router.routes)
