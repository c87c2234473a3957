"""``memwarden ui``: the inspector on this machine."""

from __future__ import annotations

import json
import threading
import webbrowser

import click

from ..config import MemoryConfig
from ..errors import MemwardenError

LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def ui_app(memory, *, keys=None, trusted_hosts=None, manage_keys=None):
    """The inspector mounted at ``/ui`` with ``/`` redirecting there (what ``memwarden ui`` serves)."""
    from fastapi import FastAPI
    from fastapi.responses import RedirectResponse

    from .app import create_ui_app

    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)

    @app.get("/", include_in_schema=False)
    def root() -> RedirectResponse:
        return RedirectResponse("/ui/", status_code=307)

    app.mount("/ui", create_ui_app(memory, keys, trusted_hosts=trusted_hosts, manage_keys=manage_keys))
    return app


@click.command("ui")
@click.option("--db", "database", default=None, metavar="PATH|URL",
              help="Database: a SQLite file path or a postgresql:// URL [env MEMWARDEN_DATABASE_URL; default $MEMWARDEN_HOME/memwarden.db].")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; anything but loopback requires API keys (memwarden keys create).")
@click.option("--port", default=8765, show_default=True, type=int, help="Port (0: any free port).")
@click.option("--no-browser", is_flag=True, help="Do not open a browser.")
@click.option("--json", "as_json", is_flag=True, help="Announce the address as one JSON line (for scripts).")
def ui_command(database: str | None, host: str, port: int, no_browser: bool, as_json: bool) -> None:
    """Open the web inspector: memories, receipts, trust, policies and timelines, per user."""
    try:
        import uvicorn
    except ImportError as exc:
        raise click.ClickException("the inspector needs the extra: pip install 'memwarden[server]'") from exc
    from ..memory import Memory

    try:
        memory = Memory(config=MemoryConfig.from_env(database=database))
        from ..server.keys import open_keys

        try:
            table = open_keys(memory.store)
        except MemwardenError:  # a store without a key table: no keys page
            table = None
        # Reachable from other machines: the same API keys as the REST server; on loopback the
        # operator at the machine, who may also list and revoke the database's keys.
        keys = table if host not in LOOPBACK else None
        if host not in LOOPBACK and keys is None:
            raise click.ClickException("a non-loopback --host needs API keys, and this database has no key table")
        app = ui_app(memory, keys=keys, trusted_hosts=[host], manage_keys=table)
    except MemwardenError as exc:
        raise click.ClickException(str(exc)) from exc
    config = uvicorn.Config(app, host=host, port=port, log_level="warning")
    server = uvicorn.Server(config)

    def announce() -> None:
        while not server.started:
            if server.should_exit:
                return
            threading.Event().wait(0.05)
        bound = server.servers[0].sockets[0].getsockname()[1] if server.servers else port
        shown = f"[{host}]" if ":" in host else host
        url = f"http://{shown}:{bound}/ui/"
        if as_json:
            click.echo(json.dumps({"inspector": url, "api_keys_required": keys is not None}))
        else:
            click.echo(f"memwarden inspector on {url} ({'API keys required' if keys else 'local mode'}; Ctrl+C stops it)")
        if not no_browser:
            webbrowser.open(url)

    threading.Thread(target=announce, daemon=True).start()
    server.run()
