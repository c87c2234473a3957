"""``/v1/context``, ``/v1/answer`` and ``/v1/memories/{id}/card``: the governance stage over HTTP.

The context and answer routers are added only when the served Memory has the method
(:func:`~memwarden.server.routers.include_routers`), so the document never lists a route that
cannot answer."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Depends
from pydantic import BaseModel

from ...memory import Memory
from ..auth import allow, authenticate
from ...api_keys import ApiKey
from ..schemas import AnswerRequest, ContextRequest
from . import OneMemory, memory_of, one_memory

router = APIRouter(tags=["governance"])
context_router = APIRouter(tags=["governance"])
answer_router = APIRouter(tags=["governance"])


def _jsonable(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    return json.loads(json.dumps(value, default=str))


@context_router.post("/v1/context")
def context(body: ContextRequest, key: ApiKey = Depends(authenticate), memory: Memory = Depends(memory_of)) -> Any:
    """Governed context block for a prompt (``Memory.context``)."""
    allow(key, body.user_id)
    return _jsonable(memory.context(body.query, user_id=body.user_id, agent_id=body.agent_id,
                                    run_id=body.run_id, limit=body.limit, enforcement=body.enforcement))


@answer_router.post("/v1/answer")
def answer(body: AnswerRequest, key: ApiKey = Depends(authenticate), memory: Memory = Depends(memory_of)) -> Any:
    """A governed answer from memory (``Memory.answer``)."""
    allow(key, body.user_id)
    return _jsonable(memory.answer(body.question, user_id=body.user_id, agent_id=body.agent_id,
                                   run_id=body.run_id, limit=body.limit, enforcement=body.enforcement,
                                   trace=body.trace))


@router.get("/v1/memories/{memory_id}/card")
def card(one: OneMemory = Depends(one_memory)) -> Any:
    """A memory's boundary card (``Memory.card`` when present, else the stored card)."""
    method = getattr(one.memory, "card", None)
    if method is not None:
        return _jsonable(method(one.memory_id, user_id=one.user_id))
    item = one.memory.get(one.memory_id, user_id=one.user_id)
    return {"id": item.id, "card": item.card}
