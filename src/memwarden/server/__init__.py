"""Serving memwarden: the REST app, API keys and the MCP server (extra ``memwarden[server]``)."""

from ..api_keys import ApiKey, CreatedKey, KeyStore, Tenants, open_keys

__all__ = ["ApiKey", "CreatedKey", "KeyStore", "Tenants", "open_keys", "create_app"]


def create_app(*args, **kwargs):  # noqa: ANN001, ANN201 - thin lazy re-export (FastAPI is optional)
    from .app import create_app as _create_app

    return _create_app(*args, **kwargs)
