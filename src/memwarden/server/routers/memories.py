"""``/v1/memories``, ``/v1/search`` and ``/v1/receipts``: the ``Memory`` API over HTTP, scoped by ``user_id``."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Query

from ... import errors
from ...memory import Memory
from ...messages import MAX_FILTER_KEYS
from ...models import AddResult, MemoryItem, SearchResult
from ..auth import allow, authenticate
from ...api_keys import ApiKey
from ..schemas import ID, AddRequest, Deleted, HistoryList, ItemList, ReceiptList, SearchRequest, UpdateRequest
from . import OneMemory, memory_of, one_memory

router = APIRouter(tags=["memories"])
receipts_router = APIRouter(tags=["admission"])

# Each parameter gets its own Query()/Path() object: FastAPI writes the parameter's
# name into the object as its alias, so one object shared by agent_id, run_id and
# memory_id made all three read ?agent_id= (a scoped delete wiped the tenant).


@router.post("/v1/memories", response_model=AddResult)
def add(body: AddRequest, key: ApiKey = Depends(authenticate), memory: Memory = Depends(memory_of)) -> AddResult:
    """Store what is worth storing from ``messages``; one admission receipt per candidate."""
    allow(key, body.user_id)
    messages = body.messages if isinstance(body.messages, str) else [
        m.model_dump(mode="json", exclude_none=True) for m in body.messages]
    return memory.add(
        messages, user_id=body.user_id, agent_id=body.agent_id, run_id=body.run_id,
        metadata=body.metadata, source=body.source, admission=body.admission, user_name=body.user_name,
        timestamp=body.timestamp.upper() if isinstance(body.timestamp, str) else body.timestamp,
    )


@router.post("/v1/search", response_model=SearchResult)
def search(body: SearchRequest, key: ApiKey = Depends(authenticate), memory: Memory = Depends(memory_of)) -> SearchResult:
    """Hybrid (dense + keyword) search within one tenant."""
    allow(key, body.user_id)
    if body.filters is not None and len(body.filters) > MAX_FILTER_KEYS:
        raise errors.InvalidInputError(f"filters has {len(body.filters):,} keys; the limit is {MAX_FILTER_KEYS}")
    return memory.search(
        body.query, user_id=body.user_id, agent_id=body.agent_id, run_id=body.run_id,
        filters=body.filters, limit=body.limit, include_superseded=body.include_superseded,
        kind=body.kind, as_of=body.as_of,
    )


@router.get("/v1/memories", response_model=ItemList)
def list_memories(
    user_id: Annotated[str, Query(**ID)],
    agent_id: Annotated[str | None, Query(**ID)] = None,
    run_id: Annotated[str | None, Query(**ID)] = None,
    include_superseded: bool = True,
    kind: Literal["claim", "episode", "any"] = "claim",
    limit: int = Query(100, ge=0, le=10_000),
    offset: int = Query(0, ge=0, le=1_000_000_000),
    key: ApiKey = Depends(authenticate), memory: Memory = Depends(memory_of),
) -> ItemList:
    """Memories of one tenant, newest first."""
    allow(key, user_id)
    return ItemList(results=memory.get_all(
        user_id=user_id, agent_id=agent_id, run_id=run_id, include_superseded=include_superseded,
        limit=limit, offset=offset, kind=kind))


@router.get("/v1/memories/{memory_id}", response_model=MemoryItem)
def get(one: OneMemory = Depends(one_memory)) -> MemoryItem:
    return one.memory.get(one.memory_id, user_id=one.user_id)


@router.put("/v1/memories/{memory_id}", response_model=MemoryItem)
def update(
    body: UpdateRequest, memory_id: Annotated[str, Path(**ID)], key: ApiKey = Depends(authenticate), memory: Memory = Depends(memory_of),
) -> MemoryItem:
    """Replace a memory's text (history keeps the old text)."""
    allow(key, body.user_id)
    return memory.update(memory_id, body.data, user_id=body.user_id, metadata=body.metadata)


@router.delete("/v1/memories/{memory_id}", response_model=Deleted)
def delete(one: OneMemory = Depends(one_memory)) -> Deleted:
    one.memory.delete(one.memory_id, user_id=one.user_id)
    return Deleted(deleted=1)


@router.delete("/v1/memories", response_model=Deleted)
def delete_all(
    user_id: Annotated[str, Query(**ID)],
    agent_id: Annotated[str | None, Query(**ID)] = None,
    run_id: Annotated[str | None, Query(**ID)] = None,
    key: ApiKey = Depends(authenticate), memory: Memory = Depends(memory_of),
) -> Deleted:
    """Delete a tenant's memories (only those of ``agent_id``/``run_id`` when given): claims and
    episodes; ``deleted`` counts the claims, as ``GET /v1/memories`` lists them."""
    allow(key, user_id)
    return Deleted(deleted=memory.delete_all(user_id=user_id, agent_id=agent_id, run_id=run_id))


@router.get("/v1/memories/{memory_id}/history", response_model=HistoryList)
def history(one: OneMemory = Depends(one_memory)) -> HistoryList:
    """Every change to one memory, oldest first."""
    return HistoryList(results=one.memory.history(one.memory_id, user_id=one.user_id))


@receipts_router.get("/v1/receipts", response_model=ReceiptList)
def receipts(
    user_id: Annotated[str, Query(**ID)],
    memory_id: Annotated[str | None, Query(**ID)] = None,
    limit: int = Query(100, ge=1, le=10_000),
    key: ApiKey = Depends(authenticate), memory: Memory = Depends(memory_of),
) -> ReceiptList:
    """Admission receipts (why each candidate was stored, merged or dropped), newest first."""
    allow(key, user_id)
    return ReceiptList(results=memory.receipts(user_id=user_id, memory_id=memory_id, limit=limit))
