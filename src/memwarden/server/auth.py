"""Who is calling a REST route: the FastAPI dependencies over :mod:`memwarden.api_keys`'s token
reader (the one the MCP server, its guard and the inspector use too).

The key comes from ``Authorization: Bearer <token>``, else from ``X-API-Key``. A missing,
unknown or revoked key is 401; a key that may not touch the request's ``user_id`` is 403,
decided before any lookup, so the answer says nothing about the data.
"""

from __future__ import annotations

from typing import Any

from fastapi import Depends, Request
from fastapi.security import APIKeyHeader, HTTPBearer

from ..api_keys import ApiKey, AuthError, check_token, token_from_headers

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
