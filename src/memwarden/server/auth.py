"""Who is calling: the API key a request carries, read one way by the REST routes, the MCP
tools and the MCP transport's guard.

The key comes from ``Authorization: Bearer <token>``, else from ``X-API-Key``. A missing,
unknown or revoked key is 401; a key that may not touch the request's ``user_id`` is 403,
decided before any lookup, so the answer says nothing about the data.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from fastapi import Depends, Request
from fastapi.security import APIKeyHeader, HTTPBearer

from .keys import ApiKey

MISSING_KEY = "an API key is required (Authorization: Bearer mw_...)"
BAD_KEY = "invalid or revoked API key"


class AuthError(Exception):
    """401 (no live key) or 403 (the key may not touch that user_id)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


def token_from_headers(headers: Mapping[str, str]) -> str:
    """The token of ``Authorization: Bearer <token>``, else of ``X-API-Key``; "" when there is none.

    ``headers`` is looked up by lower-case name (a Starlette ``Headers``, or a dict built lower-case)."""
    scheme, _, credentials = (headers.get("authorization") or "").strip().partition(" ")
    if scheme.lower() == "bearer" and credentials.strip():
        return credentials.strip()
    return (headers.get("x-api-key") or "").strip()


def check_token(verify: Callable[[str], ApiKey | None], token: str) -> ApiKey:
    """The live key for ``token``, else :class:`AuthError` 401 (missing, or unknown/revoked)."""
    if not token:
        raise AuthError(401, MISSING_KEY)
    key = verify(token)
    if key is None:
        raise AuthError(401, BAD_KEY)
    return key


# REST: these two only document the schemes in the OpenAPI document (the token itself is read
# by token_from_headers, the same way the MCP server reads it).
_bearer = HTTPBearer(auto_error=False, description="`Authorization: Bearer mw_...`")
_header = APIKeyHeader(name="X-API-Key", auto_error=False, description="the same token in `X-API-Key`")


def authenticate(request: Request, _bearer_doc: Any = Depends(_bearer), _header_doc: Any = Depends(_header)) -> ApiKey:
    """FastAPI dependency: the caller's live API key (401 otherwise)."""
    return check_token(request.app.state.keys.verify, token_from_headers(request.headers))


def allow(key: ApiKey, user_id: str) -> str:
    """``user_id`` if ``key`` may touch it, else :class:`AuthError` 403."""
    if not key.allows(user_id):
        raise AuthError(403, "this API key may not access that user_id")
    return user_id
