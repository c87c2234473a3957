"""The web inspector: see why memwarden stored, trusted or withheld each memory.

``memwarden ui`` serves it locally; ``memwarden serve`` mounts it at ``/ui`` behind the API
keys. Needs the server extra (FastAPI, Jinja2), imported only when the app is built, so the
``memwarden`` command works without it.
"""

from typing import Any

__all__ = ["create_ui_app"]


def __getattr__(name: str) -> Any:
    if name == "create_ui_app":
        from .app import create_ui_app

        return create_ui_app
    raise AttributeError(name)
