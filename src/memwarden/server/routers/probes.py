"""``/healthz`` and ``/readyz``: no key needed."""

from __future__ import annotations

from fastapi import APIRouter, Depends

from ...memory import Memory
from ..schemas import ErrorBody, Health
from . import memory_of

router = APIRouter(tags=["probes"])


@router.get("/healthz", response_model=Health)
def healthz() -> Health:
    """The process is up."""
    return Health(status="ok")


@router.get("/readyz", response_model=Health, responses={503: {"model": ErrorBody}})
def readyz(memory: Memory = Depends(memory_of)) -> Health:
    """The database answers."""
    memory.store.version("")  # a read on the empty scope: cheap, touches the database
    return Health(status="ready")
