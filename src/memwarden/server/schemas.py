"""The REST server's request and response models (strict: a JSON integer must be an integer) and
the constraints its path and query parameters share with them."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt

from ..models import HistoryEvent, MemoryItem, Receipt, SourceKind

ID = dict(min_length=1, max_length=256, pattern=r"^[^\x00-\x1f\x7f]+$")
#: Text the core accepts: not blank, no NUL (the core re-checks, with its own size limit).
TEXT = dict(min_length=1, pattern=r"^[^\x00]*[^\x00\s][^\x00]*$")


class StrictBody(BaseModel):
    # strict: an integer must be a JSON integer (not "10", 10.0 or true) and a flag a
    # JSON boolean; lax mode took "limit": "10" (issue 9).
    model_config = ConfigDict(extra="forbid", strict=True)


class Scoped(StrictBody):
    user_id: str = Field(**ID)
    agent_id: str | None = Field(None, **ID)
    run_id: str | None = Field(None, **ID)


class TextPart(StrictBody):
    type: Literal["text"]
    text: str


class ImageUrl(StrictBody):
    url: str


class ImagePart(StrictBody):
    type: Literal["image_url"]
    image_url: str | ImageUrl


class ChatMessage(StrictBody):
    """An OpenAI-style message; ``name`` is the speaker, ``id`` the caller's turn id."""

    role: Literal["user", "assistant", "system", "tool"] = "user"
    content: Annotated[str, Field(**TEXT)] | Annotated[list[TextPart | ImagePart], Field(min_length=1)]
    name: str | None = Field(None, max_length=256)
    id: str | StrictInt | None = None
    timestamp: Annotated[str, Field(json_schema_extra={"format": "date-time"})] | Annotated[StrictFloat, Field(ge=0, le=2.5e11)] | None = None
    image: str | None = None


class AddRequest(Scoped):
    #: A string, or OpenAI-style messages ``[{"role", "content", "name"?}]``.
    messages: Annotated[str, Field(**TEXT)] | Annotated[list[ChatMessage], Field(min_length=1)]
    metadata: dict[str, Any] | None = None
    source: SourceKind | None = None
    #: When the conversation happened: an RFC 3339 time or epoch seconds (for imports).
    timestamp: Annotated[str, Field(json_schema_extra={"format": "date-time"})] | Annotated[StrictFloat, Field(ge=0, le=2.5e11)] | None = None
    admission: Literal["auto", "all"] | None = None
    #: The name the scope's user goes by: user-role messages named so are the user's own (remembered per user_id).
    user_name: str | None = Field(None, max_length=100)


class SearchRequest(Scoped):
    query: str = Field(**TEXT)
    filters: dict[str, Any] | None = None
    limit: StrictInt = Field(10, ge=1, le=1000)
    include_superseded: StrictBool = False
    #: What to rank: claims (default), the turns as said (``episode``), or both.
    kind: Literal["claim", "episode", "any"] = "claim"
    #: Answer as of this time (RFC 3339): only what was stated by then and valid then.
    as_of: Annotated[str, Field(max_length=64, json_schema_extra={"format": "date-time"})] | None = None


class UpdateRequest(StrictBody):
    user_id: str = Field(**ID)
    data: str = Field(**TEXT)
    metadata: dict[str, Any] | None = None


class ContextRequest(Scoped):
    query: str = Field(**TEXT)
    limit: StrictInt = Field(10, ge=1, le=1000)
    #: ``strict`` withholds memories that must not be used; ``soft`` shows them with an instruction.
    enforcement: Literal["soft", "strict"] = "strict"


class AnswerRequest(Scoped):
    question: str = Field(**TEXT)
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


ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorBody} for code in (400, 401, 403, 404, 413, 422, 503)
}
