"""``/docs`` that works offline: the assets come from the ``fastapi-offline`` package.

FastAPI's default pages load Swagger UI / ReDoc (and a favicon) from a CDN, so without
internet ``/docs`` was a blank page. Here the script, stylesheet and favicon are files of
the installed ``fastapi-offline`` wheel (Swagger UI 5, which renders OpenAPI 3.1), served
by this server under ``/docs/static``: nothing leaves the host. ReDoc is off: even its
bundled build loads a logo from its vendor's CDN.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html, get_swagger_ui_oauth2_redirect_html
from fastapi.responses import HTMLResponse
from starlette.requests import Request
from fastapi.staticfiles import StaticFiles

STATIC = "/docs/static"


def assets_dir() -> Path:
    import fastapi_offline  # only for its bundled files; its FastAPI subclass is not used

    return Path(fastapi_offline.__file__).parent / "static"


def mount_docs(app: FastAPI) -> None:
    """Add ``GET /docs`` and ``/docs/oauth2-redirect`` to an app made with ``docs_url=redoc_url=None``."""
    app.mount(STATIC, StaticFiles(directory=str(assets_dir())), name="docs-static")
    openapi = app.openapi_url or "/openapi.json"

    # Plain Starlette routes, not API routes: pages, not part of the API (nor of its schema).
    def docs(request: Request) -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=openapi, title=f"{app.title} - API docs",
            swagger_js_url=f"{STATIC}/swagger-ui-bundle.js", swagger_css_url=f"{STATIC}/swagger-ui.css",
            swagger_favicon_url=f"{STATIC}/favicon.png", oauth2_redirect_url="/docs/oauth2-redirect",
            # No validator badge: Swagger UI would send the document to validator.swagger.io.
            swagger_ui_parameters={"validatorUrl": None},
        )

    def oauth2_redirect(request: Request) -> HTMLResponse:
        return get_swagger_ui_oauth2_redirect_html()

    app.add_route("/docs", docs, methods=["GET"], include_in_schema=False)
    app.add_route("/docs/oauth2-redirect", oauth2_redirect, methods=["GET"], include_in_schema=False)
