"""The ``memwarden`` command line.

Human-readable tables by default, ``--json`` for machines (the typed models
serialised). A user's mistake is one line on stderr and exit status 1 (2 for
usage errors), never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Iterable

import click
from rich.console import Console
from rich.table import Table

from ._output import emit_json
from .errors import InvalidInputError, MemwardenError, NotFoundError
from .settings import open_memory as _open_memory, raise_llm_failure
from .trust.cli import abstention_command, mma_command, verdict_cases_command

console = Console()
err_console = Console(stderr=True, soft_wrap=True)


class MemwardenGroup(click.Group):
    """Turns every MemwardenError into one clean line and exit status 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except MemwardenError as exc:
            err_console.print(f"[bold red]error:[/] {exc}", highlight=False)
            ctx.exit(1)


def open_memory(db: str | None, embedder: str | None = None, *, with_llm: bool = False):
    """The Memory of a command: settings from memwarden.toml and ``MEMWARDEN_*`` (see settings.py);
    the configured LLM only for the commands that use one (add, import)."""
    return _open_memory(db, embedder=embedder, with_llm=with_llm)


def resolve_id(m: Any, user_id: str, memory_id: str) -> str:
    """A full memory id from any unique prefix of one (tables show 8 characters)."""
    found = m.store.ids_with_prefix(user_id, memory_id, limit=11)
    if memory_id in found or len(found) == 1:
        return memory_id if memory_id in found else found[0]
    if not found:
        raise NotFoundError(f"no memory {memory_id!r} for user {user_id!r}")
    more = " (and more)" if len(found) > 10 else ""
    raise InvalidInputError(f"{memory_id!r} is ambiguous{more}; candidates:\n" + "\n".join(found[:10]))


def _short(text: str, n: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


db_option = click.option(
    "--db", envvar="MEMWARDEN_DATABASE_URL", default=None, metavar="PATH|URL",
    help="Database: a SQLite file path or a postgresql:// URL [env MEMWARDEN_DATABASE_URL; default $MEMWARDEN_HOME/memwarden.db].",
)
user_option = click.option("--user", "-u", "user_id", required=True, help="The user (scope) id.")
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
kind_option = click.option("--kind", default="claim", show_default=True, type=click.Choice(["claim", "episode", "any"]),
                           help="Claims (statements), episodes (turns as said) or both.")


@click.group(cls=MemwardenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="memwarden")
def main() -> None:
    """memwarden: governed long-term memory for LLM agents (admit, trust, govern)."""


@main.command()
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
    t = Table(title="receipts")
    for col in ("event", "memory id", "text", "reason"):
        t.add_column(col)
    for r in receipts:
        style = {"admitted": "green", "superseded": "green", "duplicate": "yellow", "rejected": "red"}.get(r.event, "")
        t.add_row(f"[{style}]{r.event}[/]", r.memory_id or "-", _short(r.text, 60), _short(r.reason, 60))
    console.print(t)


@main.command()
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
    t = Table(title=title)
    for col in ("#", "score", "dense", "keyword", "speaker", "memory", "id"):
        t.add_column(col, overflow="fold")
    for i, h in enumerate(hits, 1):
        dense = f"{h.scores.dense:.2f}" if h.scores.dense is not None else "-"
        kw = f"{h.scores.keyword:.2f}" if h.scores.keyword is not None else "-"
        t.add_row(str(i), f"{h.score:.4f}", dense, kw, h.speaker or "-", _short(h.memory, 70), h.id[:8])
    console.print(t)


@main.command()
@click.argument("memory_id")
@user_option
@db_option
@json_option
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


@main.command(name="list")
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
    t = Table(title=f"{len(items)} memories of {user_id}")
    for col in ("id", "status", "speaker", "memory", "occurred"):
        t.add_column(col, overflow="fold")
    for it in items:
        t.add_row(it.id[:8], it.status, it.speaker or "-", _short(it.memory, 70), str(it.occurred_at or "-"))
    console.print(t)


@main.command()
@click.argument("memory_id")
@user_option
@db_option
@json_option
def delete(memory_id: str, user_id: str, db, as_json) -> None:
    """Delete one memory (its history is kept); MEMORY_ID may be any unique prefix."""
    with open_memory(db) as m:
        memory_id = resolve_id(m, user_id, memory_id)
        m.delete(memory_id, user_id=user_id)
    if as_json:
        return emit_json({"deleted": memory_id})
    console.print(f"deleted {memory_id}")


@main.command()
@click.argument("memory_id")
@user_option
@db_option
@json_option
def history(memory_id: str, user_id: str, db, as_json) -> None:
    """Show every change to a memory; MEMORY_ID may be any unique prefix."""
    with open_memory(db) as m:
        memory_id = resolve_id(m, user_id, memory_id)
        events = m.history(memory_id, user_id=user_id)
    if as_json:
        return emit_json(events)
    t = Table(title=f"history of {memory_id}")
    for col in ("at", "event", "old", "new", "cause"):
        t.add_column(col, overflow="fold")
    for e in events:
        t.add_row(str(e.at), e.event, _short(e.old_memory or "-", 40), _short(e.new_memory or "-", 40), e.cause)
    console.print(t)


@main.command(name="import")
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
    from .importer import import_conversation

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


@main.command()
@user_option
@click.option("--out", "-o", "out", default="-", show_default=True, type=click.Path(dir_okay=False, allow_dash=True),
              help="File to write (- for stdout).")
@click.option("--include-superseded", is_flag=True, help="Also export memories that were superseded.")
@db_option
@json_option
def export(user_id: str, out: str, include_superseded: bool, db, as_json) -> None:
    """Write the user's memories as JSONL that `memwarden import` reads back."""
    from .importer import export_memories

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


@main.command()
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
    console.print(f"updated {item.id}: {_short(item.memory)}")


@main.command()
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


@main.command()
@db_option
@click.option("--user", "-u", "user_id", default="demo-user", show_default=True)
@json_option
def demo(db, user_id: str, as_json: bool) -> None:
    """Store the bundled sample conversation and show what was kept and found."""
    from .demo import run_demo

    if not as_json:
        run_demo(db=db, user_id=user_id, console=console)
        return
    quiet = Console(file=open(os.devnull, "w"))  # the tables go nowhere; the result is the JSON below
    try:
        run_demo(db=db, user_id=user_id, console=quiet)
    finally:
        quiet.file.close()
    from .config import MemoryConfig, default_data_dir
    from .memory import Memory

    with Memory(config=MemoryConfig(database=db or str(default_data_dir() / "demo.db"))) as m:
        emit_json({"user_id": user_id, "memories": m.get_all(user_id=user_id, limit=1000)})


@main.group(name="eval", cls=MemwardenGroup)
def eval_group() -> None:
    """Benchmarks: retrieval (LoCoMo) and the stage evaluations."""


@eval_group.command(name="retrieval")
@click.option("--data", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path), help="locomo10.json")
@click.option("--k", "k", default=10, show_default=True, type=click.IntRange(1, 1000))
@click.option("--limit-conversations", default=None, type=click.IntRange(1), help="Only the first N conversations.")
@click.option("--arm", default="hybrid", type=click.Choice(["hybrid", "dense", "keyword"]), show_default=True)
@click.option("--admission", default="all", type=click.Choice(["auto", "all"]), show_default=True, help="Admission while storing the turns (auto: the shipped policy, trained on these 10 conversations).")
@click.option("--fusion", default="zscore", type=click.Choice(["zscore", "rrf"]), show_default=True, help="How the two arms are fused.")
@click.option("--embedder", default="minilm", type=click.Choice(["minilm", "hash"]), show_default=True)
@click.option("--compare", is_flag=True, help="Also measure dense-only, BM25-only and RRF on the same memories.")
@click.option("--kind", default="claim", type=click.Choice(["claim", "episode", "any"]), show_default=True,
              help="What search ranks; hits map to their source episodes' turn ids.")
@click.option("--turns", "turns_only", is_flag=True, help="Store one memory per turn (no claims): the pre-claims baseline.")
@json_option
def eval_retrieval(data: Path, k: int, limit_conversations, arm: str, admission: str, fusion: str, embedder: str, compare: bool,
                   kind: str, turns_only: bool, as_json: bool) -> None:
    """Evidence recall@k, MRR and search latency on LoCoMo (categories 1-4).

    Not held out: the fusion method, the speaker prefix and the keyword context window were chosen on these
    same questions, and --admission auto uses the shipped policy, trained on all 10 LoCoMo conversations.
    """
    from .evals.retrieval import run_retrieval_eval

    report = run_retrieval_eval(
        data, k=k, limit_conversations=limit_conversations, arm=arm, admission=admission, fusion=fusion, embedder=embedder,
        compare=compare, progress=not as_json, kind=kind, claims=not turns_only,
    )
    if as_json:
        return emit_json(report)
    t = Table(title=f"LoCoMo retrieval ({arm}, {fusion} fusion, admission={admission})")
    t.add_column("metric")
    t.add_column("value", justify="right")
    for key in ("questions", "memories_stored", "turns", f"recall@{k}", "mrr", "search_ms_p50", "search_ms_p95"):
        v = report[key]
        t.add_row(key, f"{v:.3f}" if isinstance(v, float) else str(v))
    console.print(t)
    ct = Table(title="recall by category")
    ct.add_column("category")
    ct.add_column("questions", justify="right")
    ct.add_column(f"recall@{k}", justify="right")
    for cat, row in report["by_category"].items():
        ct.add_row(cat, str(row["questions"]), f"{row['recall']:.3f}")
    console.print(ct)
    if report["baselines"]:
        bt = Table(title="baselines on the same memories")
        bt.add_column("retriever")
        bt.add_column(f"recall@{k}", justify="right")
        bt.add_row(f"memwarden ({arm}, {fusion})", f"{report[f'recall@{k}']:.3f}")
        for name, row in report["baselines"].items():
            bt.add_row(name, f"{row[f'recall@{k}']:.3f}")
        console.print(bt)


from .admission.cli import admission_group, eval_admission, eval_admission_retrieval  # noqa: E402

main.add_command(admission_group)
eval_group.add_command(eval_admission)
eval_group.add_command(eval_admission_retrieval)

from .server.cli import register as _register_server  # noqa: E402  (serve, keys, mcp)

_register_server(main)

from .governance.cli import answer_cmd, card_cmd, context_cmd, eval_memsyco, eval_persistbench, eval_policy_cases  # noqa: E402

main.add_command(card_cmd)
main.add_command(context_cmd)
main.add_command(answer_cmd)
eval_group.add_command(eval_memsyco)
eval_group.add_command(eval_persistbench)
eval_group.add_command(eval_policy_cases)


eval_group.add_command(mma_command)
eval_group.add_command(verdict_cases_command)
eval_group.add_command(abstention_command)

from .evals.scenarios_cli import eval_scenarios  # noqa: E402
from .ui.cli import ui_command  # noqa: E402  (imports fastapi lazily: the core install stays light)

eval_group.add_command(eval_scenarios)
main.add_command(ui_command)


if __name__ == "__main__":  # pragma: no cover
    main()
