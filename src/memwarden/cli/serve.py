"""The long-running commands and the API keys: ``memwarden serve``, ``memwarden keys ...``,
``memwarden mcp`` and ``memwarden ui``.

Settings (database, embedder, admission, the LLM) come from memwarden.toml and ``MEMWARDEN_*``
through :func:`~memwarden.cli.options.open_memory`; ``--db`` overrides the database. ``serve`` and
``mcp`` give the Memory the configured LLM, so ``POST /v1/answer`` and LLM extraction work.
"""

from __future__ import annotations

import json
import threading
import webbrowser
from typing import Any

import click

from ..errors import InvalidInputError, MemwardenError
from .options import command, db_option, emit_json, group, json_option, needs_extra, open_memory

_LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def _announce(as_json: bool, **info: object) -> None:
    """One line on stderr saying what is running (stdout may be the MCP protocol)."""
    if as_json:
        click.echo(json.dumps(info), err=True)
    else:
        click.echo("memwarden " + ", ".join(f"{k} {v}" for k, v in info.items() if v is not None), err=True)


def _open_keys(memory_or_db: Any) -> Any:
    from ..api_keys import open_keys
    from ..settings import memory_config
    from ..storage import open_store

    if isinstance(memory_or_db, (str, type(None))):
        return open_keys(open_store(memory_config(database=memory_or_db).database))
    return open_keys(memory_or_db.store)


@command("serve")
@db_option
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--max-body-bytes", default=None, type=int,
              help="Largest request body accepted (default: MEMWARDEN_MAX_REQUEST_BYTES, else 1 MiB).")
@json_option
def serve_command(db: str | None, host: str, port: int, max_body_bytes: int | None, as_json: bool) -> None:
    """Run the REST server (OpenAPI document at /openapi.json, docs at /docs; with the configured LLM)."""
    needs_extra("server", "the server", "uvicorn", "fastapi")
    import uvicorn

    from ..server.app import DEFAULT_MAX_BODY_BYTES, create_app
    from ..settings import max_request_bytes

    limit = max_body_bytes or max_request_bytes(default=DEFAULT_MAX_BODY_BYTES)
    memory = open_memory(db, with_llm=True)
    app = create_app(memory, _open_keys(memory), max_body_bytes=limit)
    _announce(as_json, serving=f"http://{host}:{port}", docs=f"http://{host}:{port}/docs",
              llm=getattr(memory.llm, "model", None))
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=5)


@group("keys")
def keys_group() -> None:
    """Create, list and revoke API keys (stored hashed, in the same database)."""


@keys_group.command("create")
@db_option
@click.option("--name", required=True, help="What the key is for.")
@click.option("--user", "users", multiple=True, help="A user_id the key may touch ('*' for all). Repeatable.")
@click.option("--prefix", "prefixes", multiple=True,
              help="A user_id prefix (an organisation, e.g. 'acme:'). It must end with one of : / . - _ and "
                   "matches every user_id that starts with it: 'acme:' covers 'acme:bob', not 'acmex'. Repeatable.")
@click.option("--json", "as_json", is_flag=True, help="Print the key as JSON.")
def keys_create(db: str | None, name: str, users: tuple[str, ...], prefixes: tuple[str, ...], as_json: bool) -> None:
    """Create a key; the token is printed once and never stored.

    \b
    A key may touch the user_ids given with --user and every user_id that
    starts with a --prefix. A prefix must end with a delimiter (: / . - _),
    so 'team-a:' covers 'team-a:bob' but never the sibling 'team-ab';
    a bare prefix such as 'team-a' is refused.
    """
    from ..api_keys import parse_tenants

    created = _open_keys(db).create(name, parse_tenants(users, prefixes))
    if as_json:
        emit_json(created)
    else:
        click.echo(created.token)
        click.echo(f"key {created.key.id} ({created.key.name}): store the token now, it is not shown again", err=True)


@keys_group.command("list")
@db_option
@click.option("--all", "include_revoked", is_flag=True, help="Include revoked keys.")
@json_option
def keys_list(db: str | None, include_revoked: bool, as_json: bool) -> None:
    """List keys (ids, names, tenants; never tokens)."""
    keys = _open_keys(db).list(include_revoked=include_revoked)
    if as_json:
        emit_json(keys)
        return
    for k in keys:
        t = k.tenants
        scope = "*" if t.all else ", ".join([*t.users, *(p + "*" for p in t.prefixes)])
        state = f"revoked {k.revoked_at:%Y-%m-%d}" if k.revoked_at else "active"
        click.echo(f"{k.id}  {k.name}  [{scope}]  {state}")


@keys_group.command("revoke")
@db_option
@click.argument("key_id")
@json_option
def keys_revoke(db: str | None, key_id: str, as_json: bool) -> None:
    """Revoke a key by id; requests with it get 401 from then on."""
    key = _open_keys(db).revoke(key_id)
    if as_json:
        emit_json(key)
    else:
        click.echo(f"revoked {key.id} ({key.name})")


@command("mcp")
@db_option
@click.option("--transport", type=click.Choice(["stdio", "http"]), default="stdio", show_default=True)
@click.option("--user", "users", multiple=True,
              help="stdio: a user_id this session may touch ('*' for all). Repeatable. One --user alone binds the "
                   "session to that user: tools take no user_id. http: binds the server to that one user.")
@click.option("--prefix", "prefixes", multiple=True,
              help="stdio: a user_id prefix this session may touch, ending with one of : / . - _. Repeatable.")
@click.option("--host", default="127.0.0.1", show_default=True, help="http only.")
@click.option("--port", default=8001, show_default=True, type=int, help="http only.")
@json_option
def mcp_command(db: str | None, transport: str, users: tuple[str, ...], prefixes: tuple[str, ...], host: str, port: int,
                as_json: bool) -> None:
    """Run the MCP server (tools: add, search, list, get, update, delete, history, context, verdict).

    \b
    stdio: the session is bound to --user/--prefix; without either it exits 1
    before starting (an MCP client would only see "connection closed").
    One --user alone (not '*') binds it to that user: no tool takes user_id.
    http: every request needs an API key (Authorization: Bearer mw_...); a key
    bound to exactly one user needs no user_id, others pass it.
    """
    needs_extra("server", "the MCP server", "mcp", "uvicorn")
    from ..api_keys import parse_tenants
    from ..server.mcp_server import create_mcp, create_mcp_http_app

    if transport == "stdio" and not (users or prefixes):
        raise InvalidInputError("memwarden mcp over stdio needs --user USER_ID (or --prefix, or --user '*' for every user): "
                                "the session must know whose memories it serves")
    if transport == "http" and (prefixes or len(users) > 1 or "*" in users):
        raise InvalidInputError("over http the API key decides the tenants: at most one --user (binding the server), no --prefix")
    memory = open_memory(db, with_llm=True)
    llm = getattr(memory.llm, "model", None)
    if transport == "stdio":
        server = create_mcp(memory, tenants=parse_tenants(users, prefixes))
        _announce(as_json, mcp="stdio", users=",".join(users) or None, prefixes=",".join(prefixes) or None, llm=llm)
        server.run("stdio")
        return
    import uvicorn

    app = create_mcp_http_app(memory, _open_keys(memory), host=host, user=users[0] if users else None)
    _announce(as_json, mcp=f"http://{host}:{port}/mcp", llm=llm)
    uvicorn.run(app, host=host, port=port, log_level="warning")


@command("ui")
@db_option
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; anything but loopback requires API keys (memwarden keys create).")
@click.option("--port", default=8765, show_default=True, type=int, help="Port (0: any free port).")
@click.option("--no-browser", is_flag=True, help="Do not open a browser.")
@click.option("--json", "as_json", is_flag=True, help="Announce the address as one JSON line (for scripts).")
def ui_command(db: str | None, host: str, port: int, no_browser: bool, as_json: bool) -> None:
    """Open the web inspector: memories, receipts, trust, policies and timelines, per user."""
    needs_extra("server", "the inspector", "uvicorn", "fastapi", "jinja2")
    import uvicorn

    from ..ui.app import ui_app

    memory = open_memory(db)
    try:
        table = _open_keys(memory)
    except MemwardenError:  # a store without a key table: no keys page
        table = None
    # Reachable from other machines: the same API keys as the REST server; on loopback the
    # operator at the machine, who may also list and revoke the database's keys.
    keys = table if host not in _LOOPBACK else None
    if host not in _LOOPBACK and keys is None:
        raise InvalidInputError("a non-loopback --host needs API keys, and this database has no key table")
    server = uvicorn.Server(uvicorn.Config(ui_app(memory, keys=keys, trusted_hosts=[host], manage_keys=table),
                                           host=host, port=port, log_level="warning"))

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


COMMANDS = [serve_command, keys_group, mcp_command, ui_command]
