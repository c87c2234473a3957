"""``memwarden serve``, ``memwarden keys ...`` and ``memwarden mcp``.

Settings (database, embedder, admission, the LLM) come from memwarden.toml and
``MEMWARDEN_*``, read here at the edge through :mod:`memwarden.settings`; ``--db``
overrides the database. ``serve`` and ``mcp`` give the Memory the configured LLM,
so ``POST /v1/answer`` and LLM extraction work.
"""

from __future__ import annotations

import json
import sys

import click

from ..config import MemoryConfig
from ..errors import MemwardenError
from ..settings import max_request_bytes, memory_config, open_memory

_DB = click.option("--db", "database", default=None, metavar="PATH|URL",
                   help="Database: a SQLite file path or a postgresql:// URL [env MEMWARDEN_DATABASE_URL; default $MEMWARDEN_HOME/memwarden.db].")


def _config(database: str | None) -> MemoryConfig:
    return memory_config(database=database)


_JSON = click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")


def _announce(as_json: bool, **info: object) -> None:
    """One line on stderr saying what is running (stdout may be the MCP protocol)."""
    if as_json:
        click.echo(json.dumps(info), err=True)
    else:
        click.echo("memwarden " + ", ".join(f"{k} {v}" for k, v in info.items() if v is not None), err=True)


def _fail(exc: MemwardenError) -> None:
    raise click.ClickException(str(exc)) from exc


@click.command("serve")
@_DB
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--max-body-bytes", default=None, type=int,
              help="Largest request body accepted (default: MEMWARDEN_MAX_REQUEST_BYTES, else 1 MiB).")
@_JSON
def serve_command(database: str | None, host: str, port: int, max_body_bytes: int | None, as_json: bool) -> None:
    """Run the REST server (OpenAPI document at /openapi.json, docs at /docs; with the configured LLM)."""
    try:
        import uvicorn

        from .app import DEFAULT_MAX_BODY_BYTES, create_app
    except ImportError as exc:
        raise click.ClickException("the server needs the extra: pip install 'memwarden[server]'") from exc
    from .keys import open_keys

    try:
        limit = max_body_bytes or max_request_bytes(default=DEFAULT_MAX_BODY_BYTES)
        memory = open_memory(database)
        app = create_app(memory, open_keys(memory.store), max_body_bytes=limit)
    except MemwardenError as exc:
        _fail(exc)
    _announce(as_json, serving=f"http://{host}:{port}", docs=f"http://{host}:{port}/docs",
              llm=getattr(memory.llm, "model", None))
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=5)


@click.group("keys")
def keys_group() -> None:
    """Create, list and revoke API keys (stored hashed, in the same database)."""


def _keys(database: str | None):
    from ..storage import open_store
    from .keys import open_keys

    return open_keys(open_store(_config(database).database))


@keys_group.command("create")
@_DB
@click.option("--name", required=True, help="What the key is for.")
@click.option("--user", "users", multiple=True, help="A user_id the key may touch ('*' for all). Repeatable.")
@click.option("--prefix", "prefixes", multiple=True,
              help="A user_id prefix (an organisation, e.g. 'acme:'). It must end with one of : / . - _ and "
                   "matches every user_id that starts with it: 'acme:' covers 'acme:bob', not 'acmex'. Repeatable.")
@click.option("--json", "as_json", is_flag=True, help="Print the key as JSON.")
def keys_create(database: str | None, name: str, users: tuple[str, ...], prefixes: tuple[str, ...], as_json: bool) -> None:
    """Create a key; the token is printed once and never stored.

    \b
    A key may touch the user_ids given with --user and every user_id that
    starts with a --prefix. A prefix must end with a delimiter (: / . - _),
    so 'team-a:' covers 'team-a:bob' but never the sibling 'team-ab';
    a bare prefix such as 'team-a' is refused.
    """
    from .keys import parse_tenants

    try:
        created = _keys(database).create(name, parse_tenants(users, prefixes))
    except MemwardenError as exc:
        _fail(exc)
    if as_json:
        click.echo(created.model_dump_json())
    else:
        click.echo(created.token)
        click.echo(f"key {created.key.id} ({created.key.name}): store the token now, it is not shown again", err=True)


@keys_group.command("list")
@_DB
@click.option("--all", "include_revoked", is_flag=True, help="Include revoked keys.")
@click.option("--json", "as_json", is_flag=True)
def keys_list(database: str | None, include_revoked: bool, as_json: bool) -> None:
    """List keys (ids, names, tenants; never tokens)."""
    try:
        keys = _keys(database).list(include_revoked=include_revoked)
    except MemwardenError as exc:
        _fail(exc)
    if as_json:
        click.echo(json.dumps([k.model_dump(mode="json") for k in keys]))
        return
    for k in keys:
        t = k.tenants
        scope = "*" if t.all else ", ".join([*t.users, *(p + "*" for p in t.prefixes)])
        state = f"revoked {k.revoked_at:%Y-%m-%d}" if k.revoked_at else "active"
        click.echo(f"{k.id}  {k.name}  [{scope}]  {state}")


@keys_group.command("revoke")
@_DB
@click.argument("key_id")
@_JSON
def keys_revoke(database: str | None, key_id: str, as_json: bool) -> None:
    """Revoke a key by id; requests with it get 401 from then on."""
    try:
        key = _keys(database).revoke(key_id)
    except MemwardenError as exc:
        _fail(exc)
    if as_json:
        click.echo(key.model_dump_json())
    else:
        click.echo(f"revoked {key.id} ({key.name})")


@click.command("mcp")
@_DB
@click.option("--transport", type=click.Choice(["stdio", "http"]), default="stdio", show_default=True)
@click.option("--user", "users", multiple=True,
              help="stdio: a user_id this session may touch ('*' for all). Repeatable. One --user alone binds the "
                   "session to that user: tools take no user_id. http: binds the server to that one user.")
@click.option("--prefix", "prefixes", multiple=True,
              help="stdio: a user_id prefix this session may touch, ending with one of : / . - _. Repeatable.")
@click.option("--host", default="127.0.0.1", show_default=True, help="http only.")
@click.option("--port", default=8001, show_default=True, type=int, help="http only.")
@_JSON
def mcp_command(database: str | None, transport: str, users: tuple[str, ...], prefixes: tuple[str, ...], host: str, port: int,
                as_json: bool) -> None:
    """Run the MCP server (tools: add, search, list, get, update, delete, history, context, verdict).

    \b
    stdio: the session is bound to --user/--prefix; without either it exits 1
    before starting (an MCP client would only see "connection closed").
    One --user alone (not '*') binds it to that user: no tool takes user_id.
    http: every request needs an API key (Authorization: Bearer mw_...); a key
    bound to exactly one user needs no user_id, others pass it.
    """
    try:
        from .mcp_server import create_mcp, create_mcp_http_app
    except ImportError as exc:
        raise click.ClickException("the MCP server needs the extra: pip install 'memwarden[server]'") from exc
    from .keys import open_keys, parse_tenants

    if transport == "stdio" and not (users or prefixes):
        raise click.ClickException("memwarden mcp over stdio needs --user USER_ID (or --prefix, or --user '*' for every user): "
                                   "the session must know whose memories it serves")
    if transport == "http" and (prefixes or len(users) > 1 or "*" in users):
        raise click.ClickException("over http the API key decides the tenants: at most one --user (binding the server), no --prefix")
    try:
        memory = open_memory(database)
        if transport == "stdio":
            server = create_mcp(memory, tenants=parse_tenants(users, prefixes))
        else:
            app = create_mcp_http_app(memory, open_keys(memory.store), host=host, user=users[0] if users else None)
    except MemwardenError as exc:
        _fail(exc)
    if transport == "stdio":
        _announce(as_json, mcp="stdio", users=",".join(users) or None, prefixes=",".join(prefixes) or None,
                  llm=getattr(memory.llm, "model", None))
        server.run("stdio")
    else:
        import uvicorn

        _announce(as_json, mcp=f"http://{host}:{port}/mcp", llm=getattr(memory.llm, "model", None))
        uvicorn.run(app, host=host, port=port, log_level="warning")


def register(group: click.Group) -> None:
    """Add ``serve``, ``keys`` and ``mcp`` to the ``memwarden`` command."""
    for command in (serve_command, keys_group, mcp_command):
        group.add_command(command)


if __name__ == "__main__":  # ``python -m memwarden.server.cli serve`` before cli.py registers these
    group = click.Group("memwarden")
    register(group)
    sys.exit(group())
