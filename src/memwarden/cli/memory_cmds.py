"""The everyday commands: ``add``, ``search``, ``get``, ``list``, ``delete``, ``history``, ``import``,
``export``, ``update``, ``reindex`` and ``demo``; tables by default, the typed models with ``--json``."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Iterable

import click
from rich.console import Console
from rich.table import Table

from ..settings import raise_llm_failure
from .options import (command, console, db_option, emit_json, err_console, json_option, kind_option, open_memory, print_table,
                      resolve_id, short, user_option)

def on_one_memory(f: Any) -> Any:
    """A command on one memory: ``MEMORY_ID`` (any unique prefix), ``--user``, ``--db``, ``--json``."""
    for option in (json_option, db_option, user_option, click.argument("memory_id")):
        f = option(f)
    return command()(f)


@command()
@click.argument("text")
@user_option
@click.option("--agent", "agent_id", default=None, help="Agent id within the user's scope.")
@click.option("--run", "run_id", default=None, help="Run/session id within the user's scope.")
@click.option("--speaker", default=None, help="Who said it.")
@click.option("--role", default="user", type=click.Choice(["user", "assistant", "system", "tool"]), show_default=True)
@click.option("--timestamp", default=None, help="When it was said (ISO-8601), on the conversation's clock.")
@click.option("--admission", default=None, type=click.Choice(["auto", "all"]), help="Admission mode [default: the configured one].")
@db_option
@json_option
def add(text: str, user_id: str, agent_id, run_id, speaker, role, timestamp, admission, db, as_json) -> None:
    """Add TEXT as a message (- reads it from stdin) and show what was stored, with receipts.

    With an LLM configured (MEMWARDEN_LLM_* or memwarden.toml), facts are extracted with it;
    when it cannot be reached or refuses the key, the turn is admitted without it (the receipt
    says so) and the command exits 1.
    """
    if text == "-":
        text = sys.stdin.read()
    msg: dict[str, Any] = {"role": role, "content": text}
    if speaker:
        msg["name"] = speaker
    with open_memory(db, with_llm=True) as m:
        res = m.add([msg], user_id=user_id, agent_id=agent_id, run_id=run_id, timestamp=timestamp, admission=admission)
        if as_json:
            emit_json(res)
        else:
            _receipt_table(res.results)
        raise_llm_failure(m.llm, fallback="the turn was admitted without the LLM")


def _receipt_table(receipts: Iterable[Any]) -> None:
    style = {"admitted": "green", "superseded": "green", "duplicate": "yellow", "rejected": "red"}
    print_table("receipts", ("event", "memory id", "text", "reason"),
                ((f"[{style.get(r.event, '')}]{r.event}[/]", r.memory_id or "-", short(r.text, 60), short(r.reason, 60))
                 for r in receipts))


@command()
@click.argument("query")
@user_option
@click.option("--agent", "agent_id", default=None)
@click.option("--run", "run_id", default=None)
@click.option("--limit", "-k", default=10, show_default=True, type=click.IntRange(1, 1000))
@kind_option
@click.option("--as-of", "as_of", default=None, help="Answer as of this time (ISO-8601): what was stated and valid then.")
@click.option("--include-superseded", is_flag=True, help="Also return claims a newer one superseded.")
@db_option
@json_option
def search(query: str, user_id: str, agent_id, run_id, limit: int, kind: str, as_of, include_superseded: bool, db,
           as_json) -> None:
    """Search the user's memories (dense + keyword, fused)."""
    with open_memory(db) as m:
        res = m.search(query, user_id=user_id, agent_id=agent_id, run_id=run_id, limit=limit, kind=kind, as_of=as_of,
                       include_superseded=include_superseded)
    if as_json:
        return emit_json(res)
    _hits_table(res.results, title=f"search: {query}")


def _hits_table(hits: Iterable[Any], title: str) -> None:
    def cell(x: float | None) -> str:
        return f"{x:.2f}" if x is not None else "-"

    print_table(title, ("#", "score", "dense", "keyword", "speaker", "memory", "id"),
                ((str(i), f"{h.score:.4f}", cell(h.scores.dense), cell(h.scores.keyword), h.speaker or "-", short(h.memory, 70),
                  h.id[:8]) for i, h in enumerate(hits, 1)))


@on_one_memory
def get(memory_id: str, user_id: str, db, as_json) -> None:
    """Show one memory; MEMORY_ID may be any unique prefix."""
    with open_memory(db) as m:
        item = m.get(resolve_id(m, user_id, memory_id), user_id=user_id)
    if as_json:
        return emit_json(item)
    t = Table(show_header=False)
    for k, v in item.model_dump(mode="json").items():
        t.add_row(k, json.dumps(v, ensure_ascii=False) if isinstance(v, (dict, list)) else str(v))
    console.print(t)


@command(name="list")
@user_option
@click.option("--agent", "agent_id", default=None)
@click.option("--run", "run_id", default=None)
@click.option("--limit", default=50, show_default=True, type=click.IntRange(1, 100_000))
@kind_option
@db_option
@json_option
def list_(user_id: str, agent_id, run_id, limit: int, kind: str, db, as_json) -> None:
    """List the user's memories, newest first."""
    with open_memory(db) as m:
        items = m.get_all(user_id=user_id, agent_id=agent_id, run_id=run_id, limit=limit, kind=kind)
    if as_json:
        return emit_json(items)
    print_table(f"{len(items)} memories of {user_id}", ("id", "status", "speaker", "memory", "occurred"),
                ((it.id[:8], it.status, it.speaker or "-", short(it.memory, 70), str(it.occurred_at or "-")) for it in items))


@on_one_memory
def delete(memory_id: str, user_id: str, db, as_json) -> None:
    """Delete one memory (its history is kept); MEMORY_ID may be any unique prefix."""
    with open_memory(db) as m:
        memory_id = resolve_id(m, user_id, memory_id)
        m.delete(memory_id, user_id=user_id)
    if as_json:
        return emit_json({"deleted": memory_id})
    console.print(f"deleted {memory_id}")


@on_one_memory
def history(memory_id: str, user_id: str, db, as_json) -> None:
    """Show every change to a memory; MEMORY_ID may be any unique prefix."""
    with open_memory(db) as m:
        memory_id = resolve_id(m, user_id, memory_id)
        events = m.history(memory_id, user_id=user_id)
    if as_json:
        return emit_json(events)
    print_table(f"history of {memory_id}", ("at", "event", "old", "new", "cause"),
                ((str(e.at), e.event, short(e.old_memory or "-", 40), short(e.new_memory or "-", 40), e.cause) for e in events))


@command(name="import")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@user_option
@click.option("--admission", default=None, type=click.Choice(["auto", "all"]))
@click.option("--batch", "batch_size", default=64, show_default=True, type=click.IntRange(1, 10_000), help="Turns per transaction.")
@db_option
@json_option
def import_(path: Path, user_id: str, admission, batch_size: int, db, as_json) -> None:
    """Import a conversation file (JSON or JSONL, or a memwarden export) with a progress bar.

    Accepted shapes: a JSON list of messages, an object with "messages" (or
    "sessions": [{"timestamp", "messages"}]), or JSONL with one message per
    line. A message is {"role", "content", "name"?, "timestamp"?, "id"?}.
    Idempotent: a turn already imported into this user (same id, or same
    speaker, time and text) is skipped and counted as already_imported, so
    running the same import again changes nothing. Each batch is one
    transaction. With an LLM configured, facts are extracted with it.
    """
    from ..importer import import_conversation

    with open_memory(db, with_llm=True) as m:
        summary = import_conversation(m, path, user_id=user_id, admission=admission, batch_size=batch_size, progress=not as_json)
        if as_json:
            emit_json(summary)
        else:
            console.print(
                f"imported {summary['turns']} turns from {path}: {summary['stored']} stored, "
                f"{summary['duplicate']} duplicates, {summary['rejected']} rejected, {summary['already_imported']} already imported"
                + (f"; {summary['claims']} claims stored, {summary['claims_duplicate']} merged, "
                   f"{summary['claims_rejected']} rejected" if "claims" in summary else "")
            )
        raise_llm_failure(m.llm, fallback="turns were admitted without the LLM")


@command()
@user_option
@click.option("--out", "-o", "out", default="-", show_default=True, type=click.Path(dir_okay=False, allow_dash=True),
              help="File to write (- for stdout).")
@click.option("--include-superseded", is_flag=True, help="Also export memories that were superseded.")
@db_option
@json_option
def export(user_id: str, out: str, include_superseded: bool, db, as_json) -> None:
    """Write the user's memories as JSONL that `memwarden import` reads back."""
    from ..importer import export_memories

    with open_memory(db) as m:
        if out == "-":
            n = export_memories(m, user_id, sys.stdout, include_superseded=include_superseded)
        else:
            with open(out, "w", encoding="utf-8") as fh:
                n = export_memories(m, user_id, fh, include_superseded=include_superseded)
    if out != "-":
        if as_json:
            emit_json({"exported": n, "path": out})
        else:
            console.print(f"exported {n} memories of {user_id} to {out}")


@command()
@click.argument("memory_id")
@click.argument("text")
@user_option
@db_option
@json_option
def update(memory_id: str, text: str, user_id: str, db, as_json) -> None:
    """Replace a memory's text (- reads it from stdin); MEMORY_ID may be any unique prefix."""
    if text == "-":
        text = sys.stdin.read()
    with open_memory(db) as m:
        item = m.update(resolve_id(m, user_id, memory_id), text, user_id=user_id)
    if as_json:
        return emit_json(item)
    console.print(f"updated {item.id}: {short(item.memory)}")


@command()
@click.option("--user", "-u", "user_id", default=None, help="Only this scope [default: every scope].")
@db_option
@json_option
def reindex(user_id: str | None, db, as_json) -> None:
    """Extract claims from stored episodes that have none (databases written before claims).

    Resumable: each original add call is committed on its own, and episodes already
    extracted are skipped, so an interrupted run can simply be started again.
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    done: dict[str, int] = {}
    with open_memory(db) as m:
        scopes = [user_id] if user_id else m.store.scope_ids()
        cols = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        with Progress(*cols, console=err_console, disable=as_json, transient=True) as bar:
            for uid in scopes:
                task = bar.add_task(f"reindex {uid}", total=None)
                done[uid] = m.reindex(user_id=uid, progress=lambda n, total, t=task: bar.update(t, completed=n, total=total))
    if as_json:
        return emit_json({"episodes_extracted": done})
    console.print(f"extracted claims from {sum(done.values())} episodes in {len(done)} scope(s)")


@command()
@db_option
@click.option("--user", "-u", "user_id", default="demo-user", show_default=True)
@json_option
def demo(db, user_id: str, as_json: bool) -> None:
    """Store the bundled sample conversation and show what was kept and found."""
    from ..demo import run_demo

    if not as_json:
        run_demo(db=db, user_id=user_id, console=console)
        return
    quiet = Console(file=open(os.devnull, "w"))  # the tables go nowhere; the result is the JSON below
    try:
        run_demo(db=db, user_id=user_id, console=quiet)
    finally:
        quiet.file.close()
    from ..config import MemoryConfig, default_data_dir
    from ..memory import Memory

    # the demo's own database and defaults, as run_demo opened them (the demo ignores memwarden.toml on purpose)
    with Memory(config=MemoryConfig(database=db or str(default_data_dir() / "demo.db"))) as m:
        emit_json({"user_id": user_id, "memories": m.get_all(user_id=user_id, limit=1000)})


COMMANDS = [add, search, get, list_, delete, history, import_, export, update, reindex, demo]
