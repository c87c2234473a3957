"""What every ``memwarden`` command shares: the option set, one way to open a ``Memory``,
one way to print a result, and one way to report an error and exit.

A user's mistake (any :class:`~memwarden.errors.MemwardenError`) is one line on stderr and
exit status 1 (click's usage errors keep status 2), never a traceback: the command and group
classes below catch it, so a command raises and never prints its own errors.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable, NoReturn

import click
from pydantic import BaseModel
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..errors import InvalidInputError, MemwardenError, NotFoundError

console = Console()
err_console = Console(stderr=True, soft_wrap=True)  # soft wrap: an error stays one line however long


def fail(exc: MemwardenError | str) -> NoReturn:
    """Print ``error: ...`` on stderr and exit 1: the only way a command reports a failure."""
    err_console.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False)
    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        ctx.exit(1)
    raise SystemExit(1)


class _OneLineErrors:
    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)  # type: ignore[misc]
        except MemwardenError as exc:
            fail(exc)


class Command(_OneLineErrors, click.Command):
    """A command whose MemwardenErrors become one line and exit status 1 (also when invoked on its own)."""


class Group(_OneLineErrors, click.Group):
    """A group of such commands (``@group.command()`` and ``@group.group()`` make them)."""

    command_class = Command
    group_class = type  # click: subgroups made with @group.group() are of this same class


def command(name: str | None = None, **kw: Any) -> Callable[[Callable[..., Any]], Command]:
    """``click.command`` with :class:`Command`, for commands added to a group later."""
    return click.command(name, cls=Command, **kw)  # type: ignore[return-value]


def group(name: str | None = None, **kw: Any) -> Callable[[Callable[..., Any]], Group]:
    return click.group(name, cls=Group, **kw)  # type: ignore[return-value]


def plain(obj: Any) -> Any:
    """Models (and lists/dicts of them) as JSON-ready data."""
    if isinstance(obj, BaseModel):
        return obj.model_dump(mode="json")
    if isinstance(obj, dict):
        return {k: plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [plain(v) for v in obj]
    return obj


def emit_json(data: Any) -> None:
    """Print models (or lists/dicts of them) as JSON on stdout: what ``--json`` prints, on every command."""
    click.echo(json.dumps(plain(data), indent=2, ensure_ascii=False, default=str))


def short(text: str, n: int = 90) -> str:
    """One line of at most ``n`` characters, for table cells."""
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def print_table(title: str, columns: Iterable[str], rows: Iterable[Iterable[str]]) -> None:
    """A titled table on stdout, long cells folded."""
    t = Table(title=title)
    for col in columns:
        t.add_column(col, overflow="fold")
    for row in rows:
        t.add_row(*row)
    console.print(t)


# --- the shared options (the same flags and help everywhere) ---

db_option = click.option(
    "--db", envvar="MEMWARDEN_DATABASE_URL", default=None, metavar="PATH|URL",
    help="Database: a SQLite file path or a postgresql:// URL [env MEMWARDEN_DATABASE_URL; default $MEMWARDEN_HOME/memwarden.db].",
)
user_option = click.option("--user", "-u", "user_id", required=True, help="The user (scope) id.")
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
kind_option = click.option("--kind", default="claim", show_default=True, type=click.Choice(["claim", "episode", "any"]),
                           help="Claims (statements), episodes (turns as said) or both.")
embedder_option = click.option("--embedder", default="minilm", type=click.Choice(["minilm", "hash"]), show_default=True)

_llm_options = [
    click.option("--llm", "llm_spec", type=click.Choice(["none", "openai", "local"]), default=None,
                 help="LLM provider [env MEMWARDEN_LLM_PROVIDER; default none]."),
    click.option("--model", default=None, help="Model name [env MEMWARDEN_LLM_MODEL]."),
    click.option("--base-url", default=None, help="OpenAI-compatible base URL [env MEMWARDEN_LLM_BASE_URL]."),
    click.option("--cache", default=None, help="SQLite file caching LLM replies [env MEMWARDEN_LLM_CACHE]."),
    click.option("--threads", type=int, default=None, help="Threads for the local model [env MEMWARDEN_LLM_THREADS]."),
]


def llm_options(f: Any) -> Any:
    """``--llm/--model/--base-url/--cache/--threads``: the command passes them as ``**llm_kw`` to
    :func:`open_memory` or :func:`build_llm`."""
    for opt in reversed(_llm_options):
        f = opt(f)
    return f


def _llm_overrides(llm_kw: dict[str, Any]) -> dict[str, Any]:
    return {"provider": llm_kw.get("llm_spec"), "model": llm_kw.get("model"), "base_url": llm_kw.get("base_url"),
            "cache_path": llm_kw.get("cache"), "n_threads": llm_kw.get("threads")}


def build_llm(**llm_kw: Any) -> Any:
    """The LLM named by the command's LLM options, else memwarden.toml / ``MEMWARDEN_LLM_*``; None for none."""
    from ..settings import build_llm as _build

    return _build(**_llm_overrides(llm_kw))


def open_memory(db: str | None, *, embedder: str | None = None, with_llm: bool = False, **llm_kw: Any) -> Any:
    """The one way a command opens its Memory: settings from memwarden.toml and ``MEMWARDEN_*``
    (see settings.py) under ``--db``; the configured LLM (or the one named by ``llm_kw``) only for
    the commands that use one."""
    from ..settings import open_memory as _open

    return _open(db, embedder=embedder, with_llm=with_llm, **(_llm_overrides(llm_kw) if with_llm else {}))


def resolve_id(m: Any, user_id: str, memory_id: str) -> str:
    """A full memory id from any unique prefix of one (tables show 8 characters)."""
    found = m.store.ids_with_prefix(user_id, memory_id, limit=11)
    if memory_id in found or len(found) == 1:
        return memory_id if memory_id in found else found[0]
    if not found:
        raise NotFoundError(f"no memory {memory_id!r} for user {user_id!r}")
    more = " (and more)" if len(found) > 10 else ""
    raise InvalidInputError(f"{memory_id!r} is ambiguous{more}; candidates:\n" + "\n".join(found[:10]))


def needs_extra(extra: str, what: str, *modules: str) -> None:
    """Stop in one line, before any work, when an optional extra's modules cannot be imported."""
    try:
        for name in modules:
            __import__(name)  # the import statement's own hook, as ``import scipy.sparse`` would call it
    except ImportError as exc:
        raise MemwardenError(f"{what} needs the [{extra}] extra: pip install 'memwarden[{extra}]' ({exc})") from exc
