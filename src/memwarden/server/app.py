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
``_STATUS``. Request bodies above ``max_body_bytes`` get 413 before they are
read in full, and bodies nested deeper than ``max_json_depth`` get 400 before
they are parsed; request models are strict (``"limit": "10"`` is a 422).
Endpoints are plain ``def`` functions: FastAPI runs them in its thread pool,
and ``Memory`` serialises its own writes.
"""

from __future__ import annotations

import json
import logging
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.security import APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import errors
from ..memory import Memory
from ..models import SourceKind, AddResult, HistoryEvent, MemoryItem, Receipt, SearchResult
from .docs import mount_docs
from .guards import DEFAULT_MAX_JSON_DEPTH, JsonDepthLimit
from .keys import ApiKey, KeyStore

DEFAULT_MAX_BODY_BYTES = 1 << 20  # 1 MiB
#: Most keys in one search filter: each is one SQL condition, and SQLite refuses a
#: query of about a thousand ("Expression tree is too large").
MAX_FILTER_KEYS = 100
log = logging.getLogger("memwarden.server")

#: MemwardenError subclass -> HTTP status (most specific first).
_STATUS: list[tuple[type[errors.MemwardenError], int]] = [
    (errors.InputTooLargeError, 413),
    (errors.InvalidInputError, 400),
    (errors.NotFoundError, 404),
    (errors.PolicyError, 400),
    (errors.StorageError, 503),
    (errors.LLMError, 502),
    (errors.ModelError, 500),
]

_ID = dict(min_length=1, max_length=256, pattern=r"^[^\x00-\x1f\x7f]+$")
#: Text the core accepts: not blank, no NUL (the core re-checks, with its own size limit).
_TEXT = dict(min_length=1, pattern=r"^[^\x00]*[^\x00\s][^\x00]*$")


class _Body(BaseModel):
    # strict: an integer must be a JSON integer (not "10", 10.0 or true) and a flag a
    # JSON boolean; lax mode took "limit": "10" (issue 9).
    model_config = ConfigDict(extra="forbid", strict=True)


class Scoped(_Body):
    user_id: str = Field(**_ID)
    agent_id: str | None = Field(None, **_ID)
    run_id: str | None = Field(None, **_ID)


class TextPart(_Body):
    type: Literal["text"]
    text: str


class ImageUrl(_Body):
    url: str


class ImagePart(_Body):
    type: Literal["image_url"]
    image_url: str | ImageUrl


class ChatMessage(_Body):
    """An OpenAI-style message; ``name`` is the speaker, ``id`` the caller's turn id."""

    role: Literal["user", "assistant", "system", "tool"] = "user"
    content: Annotated[str, Field(**_TEXT)] | Annotated[list[TextPart | ImagePart], Field(min_length=1)]
    name: str | None = Field(None, max_length=256)
    id: str | StrictInt | None = None
    timestamp: Annotated[str, Field(json_schema_extra={"format": "date-time"})] | Annotated[StrictFloat, Field(ge=0, le=2.5e11)] | None = None
    image: str | None = None


class AddRequest(Scoped):
    #: A string, or OpenAI-style messages ``[{"role", "content", "name"?}]``.
    messages: Annotated[str, Field(**_TEXT)] | Annotated[list[ChatMessage], Field(min_length=1)]
    metadata: dict[str, Any] | None = None
    source: SourceKind | None = None
    #: When the conversation happened: an RFC 3339 time or epoch seconds (for imports).
    timestamp: Annotated[str, Field(json_schema_extra={"format": "date-time"})] | Annotated[StrictFloat, Field(ge=0, le=2.5e11)] | None = None
    admission: Literal["auto", "all"] | None = None


class SearchRequest(Scoped):
    query: str = Field(**_TEXT)
    filters: dict[str, Any] | None = None
    limit: StrictInt = Field(10, ge=1, le=1000)
    include_superseded: StrictBool = False
    #: What to rank: claims (default), the turns as said (``episode``), or both.
    kind: Literal["claim", "episode", "any"] = "claim"
    #: Answer as of this time (RFC 3339): only what was stated by then and valid then.
    as_of: Annotated[str, Field(max_length=64, json_schema_extra={"format": "date-time"})] | None = None


class UpdateRequest(_Body):
    user_id: str = Field(**_ID)
    data: str = Field(**_TEXT)
    metadata: dict[str, Any] | None = None


class ContextRequest(Scoped):
    query: str = Field(**_TEXT)
    limit: StrictInt = Field(10, ge=1, le=1000)
    #: ``strict`` withholds memories that must not be used; ``soft`` shows them with an instruction.
    enforcement: Literal["soft", "strict"] = "strict"


class AnswerRequest(Scoped):
    question: str = Field(**_TEXT)
    limit: StrictInt = Field(10, ge=1, le=1000)
    enforcement: Literal["soft", "strict"] = "strict"
    #: Include the support trace (which memory backed which claim).
    trace: StrictBool = False


class ItemList(BaseModel):
    results: list[MemoryItem]


class HistoryList(BaseModel):
    results: list[HistoryEvent]


class ReceiptList(BaseModel):
    results: list[Receipt]


class Deleted(BaseModel):
    deleted: int


class ErrorDetail(BaseModel):
    type: str
    message: str
    details: list[dict[str, Any]] | None = None


class ErrorBody(BaseModel):
    error: ErrorDetail


class Health(BaseModel):
    status: str


_ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorBody} for code in (400, 401, 403, 404, 413, 422, 503)
}


def _error(
    status: int, kind: str, message: str, details: list[dict[str, Any]] | None = None, headers: dict[str, str] | None = None
) -> JSONResponse:
    body = ErrorBody(error=ErrorDetail(type=kind, message=message, details=details))
    if status == 401:
        headers = {**(headers or {}), "WWW-Authenticate": "Bearer"}
    return JSONResponse(body.model_dump(exclude_none=True), status_code=status, headers=headers)


class BodyLimit:
    """Reject request bodies over ``limit`` bytes with 413, declared or streamed."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        too_big = _error(413, "request_too_large", f"request body over {self.limit:,} bytes")
        if declared is not None:
            try:
                if int(declared) > self.limit:
                    await too_big(scope, receive, send)
                    return
            except ValueError:
                await _error(400, "bad_request", "invalid Content-Length")(scope, receive, send)
                return
        seen = 0
        exceeded = replied = False

        async def limited_receive() -> Message:
            nonlocal seen, exceeded
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    exceeded = True
                    raise _TooLarge
            return message

        async def guarded_send(message: Message) -> None:
            # Whatever the app makes of the aborted read, the client gets a 413.
            nonlocal replied
            if exceeded:
                if message["type"] == "http.response.start" and not replied:
                    replied = True
                    await too_big(scope, receive, send)
                return
            await send(message)

        try:
            await self.app(scope, limited_receive, guarded_send)
        except _TooLarge:
            if not replied:
                replied = True
                await too_big(scope, receive, send)


class _TooLarge(Exception):
    pass


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
        responses=_ERRORS,
        docs_url=None,  # served from the package by mount_docs: FastAPI's page needs a CDN
        redoc_url=None,
    )
    mount_docs(app)
    app.add_middleware(JsonDepthLimit, limit=max_json_depth)  # inside BodyLimit: reads a bounded body
    app.add_middleware(BodyLimit, limit=max_body_bytes)
    app.state.memory = memory
    app.state.keys = keys

    bearer = HTTPBearer(auto_error=False, description="`Authorization: Bearer mw_...`")
    header = APIKeyHeader(name="X-API-Key", auto_error=False, description="the same token in `X-API-Key`")

    class AuthError(Exception):
        def __init__(self, status: int, message: str) -> None:
            self.status, self.message = status, message

    def authenticate(
        credentials: HTTPAuthorizationCredentials | None = Depends(bearer),
        api_key: str | None = Depends(header),
    ) -> ApiKey:
        token = credentials.credentials if credentials is not None else api_key
        if not token:
            raise AuthError(401, "an API key is required (Authorization: Bearer mw_...)")
        key = keys.verify(token)
        if key is None:
            raise AuthError(401, "invalid or revoked API key")
        return key

    def allow(key: ApiKey, user_id: str) -> str:
        if not key.allows(user_id):
            raise AuthError(403, "this API key may not access that user_id")
        return user_id

    @app.exception_handler(AuthError)
    async def _auth_error(request: Request, exc: AuthError) -> JSONResponse:
        return _error(exc.status, "unauthorized" if exc.status == 401 else "forbidden", exc.message)

    @app.exception_handler(errors.MemwardenError)
    async def _memwarden_error(request: Request, exc: errors.MemwardenError) -> JSONResponse:
        for cls, status in _STATUS:
            if isinstance(exc, cls):
                message = str(exc) if status != 503 else "the database is unavailable; the request was not applied"
                return _error(status, type(exc).__name__, message)
        return _error(500, type(exc).__name__, str(exc))

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        details = [
            {"loc": list(e.get("loc", ())), "msg": str(e.get("msg", "")), "type": str(e.get("type", ""))}
            for e in exc.errors()
        ]
        if any(d["type"] == "json_invalid" for d in details):
            return _error(400, "malformed_json", "the request body is not valid JSON")
        return _error(422, "validation_error", "the request does not match the schema", details)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        kinds = {404: "not_found", 405: "method_not_allowed"}
        headers = exc.headers
        if exc.status_code == 405:  # Starlette names only the first matching route's methods
            methods: set[str] = set()
            for route in app.router.routes:
                if getattr(route, "methods", None) and route.matches(request.scope)[0] != Match.NONE:
                    methods |= route.methods
            headers = {"Allow": ", ".join(sorted(methods))}
        return _error(exc.status_code, kinds.get(exc.status_code, "http_error"), str(exc.detail), headers=headers)

    @app.exception_handler(ValidationError)
    async def _core_validation(request: Request, exc: ValidationError) -> JSONResponse:
        # A value the schema let through but a core model refused: the caller's input.
        return _error(400, "InvalidInputError", f"invalid value: {exc.errors()[0].get('msg', 'invalid')}")

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        # A bug, not the caller's mistake: the traceback goes to the log, not the client.
        log.error("unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
        return _error(500, "internal_error", "internal error")

    # -- probes ---------------------------------------------------------------------

    @app.get("/healthz", response_model=Health, tags=["probes"])
    def healthz() -> Health:
        """The process is up."""
        return Health(status="ok")

    @app.get("/readyz", response_model=Health, tags=["probes"], responses={503: {"model": ErrorBody}})
    def readyz() -> Health:
        """The database answers."""
        memory.store.version("")  # a read on the empty scope: cheap, touches the database
        return Health(status="ready")

    # -- memories -------------------------------------------------------------------

    # Each parameter gets its own Query()/Path() object: FastAPI writes the parameter's
    # name into the object as its alias, so one object shared by agent_id, run_id and
    # memory_id made all three read ?agent_id= (a scoped delete wiped the tenant).

    @app.post("/v1/memories", response_model=AddResult, tags=["memories"])
    def add(body: AddRequest, key: ApiKey = Depends(authenticate)) -> AddResult:
        """Store what is worth storing from ``messages``; one admission receipt per candidate."""
        allow(key, body.user_id)
        messages = body.messages if isinstance(body.messages, str) else [
            m.model_dump(mode="json", exclude_none=True) for m in body.messages]
        return memory.add(
            messages, user_id=body.user_id, agent_id=body.agent_id, run_id=body.run_id,
            metadata=body.metadata, source=body.source, admission=body.admission,
            timestamp=body.timestamp.upper() if isinstance(body.timestamp, str) else body.timestamp,
        )

    @app.post("/v1/search", response_model=SearchResult, tags=["memories"])
    def search(body: SearchRequest, key: ApiKey = Depends(authenticate)) -> SearchResult:
        """Hybrid (dense + keyword) search within one tenant."""
        allow(key, body.user_id)
        if body.filters is not None and len(body.filters) > MAX_FILTER_KEYS:
            raise errors.InvalidInputError(f"filters has {len(body.filters):,} keys; the limit is {MAX_FILTER_KEYS}")
        return memory.search(
            body.query, user_id=body.user_id, agent_id=body.agent_id, run_id=body.run_id,
            filters=body.filters, limit=body.limit, include_superseded=body.include_superseded,
            kind=body.kind, as_of=body.as_of,
        )

    @app.get("/v1/memories", response_model=ItemList, tags=["memories"])
    def list_memories(
        user_id: Annotated[str, Query(**_ID)],
        agent_id: Annotated[str | None, Query(**_ID)] = None,
        run_id: Annotated[str | None, Query(**_ID)] = None,
        include_superseded: bool = True,
        kind: Literal["claim", "episode", "any"] = "claim",
        limit: int = Query(100, ge=0, le=10_000),
        offset: int = Query(0, ge=0, le=1_000_000_000),
        key: ApiKey = Depends(authenticate),
    ) -> ItemList:
        """Memories of one tenant, newest first."""
        allow(key, user_id)
        return ItemList(results=memory.get_all(
            user_id=user_id, agent_id=agent_id, run_id=run_id, include_superseded=include_superseded,
            limit=limit, offset=offset, kind=kind))

    @app.get("/v1/memories/{memory_id}", response_model=MemoryItem, tags=["memories"])
    def get(
        memory_id: Annotated[str, Path(**_ID)], user_id: Annotated[str, Query(**_ID)],
        key: ApiKey = Depends(authenticate),
    ) -> MemoryItem:
        allow(key, user_id)
        return memory.get(memory_id, user_id=user_id)

    @app.put("/v1/memories/{memory_id}", response_model=MemoryItem, tags=["memories"])
    def update(
        body: UpdateRequest, memory_id: Annotated[str, Path(**_ID)], key: ApiKey = Depends(authenticate),
    ) -> MemoryItem:
        """Replace a memory's text (history keeps the old text)."""
        allow(key, body.user_id)
        return memory.update(memory_id, body.data, user_id=body.user_id, metadata=body.metadata)

    @app.delete("/v1/memories/{memory_id}", response_model=Deleted, tags=["memories"])
    def delete(
        memory_id: Annotated[str, Path(**_ID)], user_id: Annotated[str, Query(**_ID)],
        key: ApiKey = Depends(authenticate),
    ) -> Deleted:
        allow(key, user_id)
        memory.delete(memory_id, user_id=user_id)
        return Deleted(deleted=1)

    @app.delete("/v1/memories", response_model=Deleted, tags=["memories"])
    def delete_all(
        user_id: Annotated[str, Query(**_ID)],
        agent_id: Annotated[str | None, Query(**_ID)] = None,
        run_id: Annotated[str | None, Query(**_ID)] = None,
        key: ApiKey = Depends(authenticate),
    ) -> Deleted:
        """Delete a tenant's memories (only those of ``agent_id``/``run_id`` when given): claims and
        episodes; ``deleted`` counts the claims, as ``GET /v1/memories`` lists them."""
        allow(key, user_id)
        return Deleted(deleted=memory.delete_all(user_id=user_id, agent_id=agent_id, run_id=run_id))

    @app.get("/v1/memories/{memory_id}/history", response_model=HistoryList, tags=["memories"])
    def history(
        memory_id: Annotated[str, Path(**_ID)], user_id: Annotated[str, Query(**_ID)],
        key: ApiKey = Depends(authenticate),
    ) -> HistoryList:
        """Every change to one memory, oldest first."""
        allow(key, user_id)
        return HistoryList(results=memory.history(memory_id, user_id=user_id))

    @app.get("/v1/receipts", response_model=ReceiptList, tags=["admission"])
    def receipts(
        user_id: Annotated[str, Query(**_ID)],
        memory_id: Annotated[str | None, Query(**_ID)] = None,
        limit: int = Query(100, ge=1, le=10_000),
        key: ApiKey = Depends(authenticate),
    ) -> ReceiptList:
        """Admission receipts (why each candidate was stored, merged or dropped), newest first."""
        allow(key, user_id)
        return ReceiptList(results=memory.receipts(user_id=user_id, memory_id=memory_id, limit=limit))

    # -- governance: wired when the Memory in use has the method ----------------------

    # Routes appear (and are documented) only when the Memory in use has the method.
    if hasattr(memory, "context"):

        @app.post("/v1/context", tags=["governance"])
        def context(body: ContextRequest, key: ApiKey = Depends(authenticate)) -> Any:
            """Governed context block for a prompt (``Memory.context``)."""
            allow(key, body.user_id)
            return _jsonable(memory.context(body.query, user_id=body.user_id, agent_id=body.agent_id,
                                            run_id=body.run_id, limit=body.limit, enforcement=body.enforcement))

    if hasattr(memory, "answer"):

        @app.post("/v1/answer", tags=["governance"])
        def answer(body: AnswerRequest, key: ApiKey = Depends(authenticate)) -> Any:
            """A governed answer from memory (``Memory.answer``)."""
            allow(key, body.user_id)
            return _jsonable(memory.answer(body.question, user_id=body.user_id, agent_id=body.agent_id,
                                           run_id=body.run_id, limit=body.limit, enforcement=body.enforcement,
                                           trace=body.trace))

    @app.get("/v1/memories/{memory_id}/card", tags=["governance"])
    def card(
        memory_id: Annotated[str, Path(**_ID)], user_id: Annotated[str, Query(**_ID)],
        key: ApiKey = Depends(authenticate),
    ) -> Any:
        """A memory's boundary card (``Memory.card`` when present, else the stored card)."""
        allow(key, user_id)
        method = getattr(memory, "card", None)
        if method is not None:
            return _jsonable(method(memory_id, user_id=user_id))
        item = memory.get(memory_id, user_id=user_id)
        return {"id": item.id, "card": item.card}

    if ui:
        from ..ui import create_ui_app

        app.mount("/ui", create_ui_app(memory, keys))
    return app


def _jsonable(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    return json.loads(json.dumps(value, default=str))
