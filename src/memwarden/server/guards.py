"""ASGI guards that answer before the framework parses a request.

* :class:`JsonDepthLimit` refuses a request body nested deeper than a bound
  with 400. A 1 MiB body can nest half a million arrays; Python's JSON parser,
  pydantic and the core all recurse, so such a body would end as a
  RecursionError (a 500) somewhere inside. Counting brackets outside strings
  needs no recursion and no parse.
* :class:`BearerGuard` refuses an HTTP request without a live API key with
  401, so the MCP transport never opens a session for a bad token.
* :class:`BodyLimit` refuses a request body over a size with 413, declared or
  streamed, before it is read in full.

All reply with the REST server's error body (:func:`~memwarden.server.errors.error_response`).
"""

from __future__ import annotations

import re
from typing import Callable

import numpy as np
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..api_keys import AuthError, check_token, token_from_headers
from .errors import error_response

DEFAULT_MAX_JSON_DEPTH = 64

#: A complete JSON string (escapes included); atomic so a long string cannot backtrack.
_STRING = re.compile(rb'"(?:[^"\\]++|\\.)*+"', re.DOTALL)
_OPEN = np.zeros(256, dtype=np.int8)
_OPEN[[ord("["), ord("{")]] = 1
_OPEN[[ord("]"), ord("}")]] = -1


def json_depth(body: bytes) -> int:
    """The deepest array/object nesting in ``body`` (brackets inside strings do not count)."""
    if not body:
        return 0
    steps = _OPEN[np.frombuffer(_STRING.sub(b'""', body), dtype=np.uint8)]
    return int(np.cumsum(steps, dtype=np.int64).max(initial=0))


class JsonDepthLimit:
    """Reject request bodies nested more than ``limit`` deep with 400, before anything parses them.

    The body is read in full here (the outer :class:`BodyLimit`
    has already bounded its size) and handed on unchanged.
    """

    def __init__(self, app: ASGIApp, limit: int = DEFAULT_MAX_JSON_DEPTH) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away: let the app see it
                await self.app(scope, _replay([message], receive), send)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if json_depth(body) > self.limit:
            await error_response(400, "request_too_deep",
                          f"request body is nested more than {self.limit} levels deep; the limit is {self.limit}"
                          )(scope, receive, send)
            return
        await self.app(scope, _replay([{"type": "http.request", "body": body, "more_body": False}], receive), send)


def _replay(messages: list[Message], receive: Receive) -> Receive:
    pending = list(messages)

    async def replay() -> Message:
        return pending.pop(0) if pending else await receive()

    return replay


class BearerGuard:
    """401 for an HTTP request whose API key ``verify`` does not accept.

    The key comes from ``Authorization: Bearer ...`` or ``X-API-Key``; which
    tenants it may touch is still checked per tool call.
    """

    def __init__(self, app: ASGIApp, verify: Callable[[str], object | None]) -> None:
        self.app, self.verify = app, verify

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers") or []}
        try:
            await run_in_threadpool(check_token, self.verify, token_from_headers(headers))  # a database read: off the event loop
        except AuthError as exc:
            await error_response(exc.status, "unauthorized", exc.message)(scope, receive, send)
            return
        await self.app(scope, receive, send)


class BodyLimit:
    """Reject request bodies over ``limit`` bytes with 413, declared or streamed."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        too_big = error_response(413, "request_too_large", f"request body over {self.limit:,} bytes")
        if declared is not None:
            try:
                if int(declared) > self.limit:
                    await too_big(scope, receive, send)
                    return
            except ValueError:
                await error_response(400, "bad_request", "invalid Content-Length")(scope, receive, send)
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
