"""CLI commands of the governance stage (registered in ``memwarden.cli``):

``memwarden card ID``, ``memwarden context QUERY``, ``memwarden answer QUERY``,
``memwarden eval memsyco``, ``memwarden eval persistbench`` and ``memwarden eval policy-cases``.

Self-contained (no import of ``memwarden.cli``) so registering them there
cannot create an import cycle.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from .._output import emit_json
from ..errors import InvalidInputError
from ..settings import raise_llm_failure

console = Console()


def _llm(spec: str | None, model: str | None, base_url: str | None, cache: str | None, threads: int | None) -> Any:
    """The LLM named on the command line, else memwarden.toml / ``MEMWARDEN_LLM_*``; None for no LLM."""
    from ..settings import build_llm

    upd: dict[str, Any] = {"provider": spec, "model": model, "base_url": base_url, "cache_path": cache, "n_threads": threads}
    if base_url and not spec:
        upd["provider"] = "openai"
    return build_llm(**upd)


def _memory(db: str | None, llm: Any = None) -> Any:
    from ..settings import open_memory

    m = open_memory(db, with_llm=False)
    m.llm = llm
    return m


db_option = click.option("--db", envvar="MEMWARDEN_DATABASE_URL", default=None, metavar="PATH|URL",
                          help="Database (SQLite path or postgresql:// URL) [env MEMWARDEN_DATABASE_URL].")
user_option = click.option("--user", "-u", "user_id", required=True, help="The user (scope) id.")
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
llm_options = [
    click.option("--llm", "llm_spec", type=click.Choice(["none", "openai", "local"]), default=None,
                 help="LLM provider [env MEMWARDEN_LLM_PROVIDER; default none]."),
    click.option("--model", default=None, help="Model name [env MEMWARDEN_LLM_MODEL]."),
    click.option("--base-url", default=None, help="OpenAI-compatible base URL [env MEMWARDEN_LLM_BASE_URL]."),
    click.option("--cache", default=None, help="SQLite file caching LLM replies [env MEMWARDEN_LLM_CACHE]."),
    click.option("--threads", type=int, default=None, help="Threads for the local model [env MEMWARDEN_LLM_THREADS]."),
]


def with_llm_options(f: Any) -> Any:
    for opt in reversed(llm_options):
        f = opt(f)
    return f


@click.command(name="card")
@click.argument("memory_id")
@user_option
@click.option("--refresh", is_flag=True, help="Recompute even if a current card is cached.")
@db_option
@json_option
@with_llm_options
def card_cmd(memory_id: str, user_id: str, refresh: bool, db: str | None, as_json: bool, **llm_kw: Any) -> None:
    """Show a memory's boundary card (what it may and may not support)."""
    with _memory(db, _llm(llm_kw["llm_spec"], llm_kw["model"], llm_kw["base_url"], llm_kw["cache"], llm_kw["threads"])) as m:
        card = m.card(memory_id, user_id=user_id, refresh=refresh)
        raise_llm_failure(m.llm)
    if as_json:
        emit_json(card)
        return
    console.print(f"[bold]{card.memory_id}[/] ({card.method})  {card.boundary_summary}")
    t = Table("setting", "may support", "scope", "cannot establish")
    for a in card.setting_use_assessments:
        t.add_row(a.setting, a.support, a.scope, a.limitation)
    console.print(t)
    for r in card.conditional_use_rules:
        console.print(f"  - {r}")


@click.command(name="context")
@click.argument("query")
@user_option
@click.option("--evidence", "-e", multiple=True, help="Evidence text in context (repeatable).")
@click.option("--mode", type=click.Choice(["strict", "soft"]), default="strict", show_default=True)
@click.option("--limit", default=10, show_default=True)
@db_option
@json_option
def context_cmd(query: str, user_id: str, evidence: tuple[str, ...], mode: str, limit: int, db: str | None, as_json: bool) -> None:
    """The calibrated context for QUERY: memories, policies, instructions, prompt block."""
    with _memory(db, _llm(None, None, None, None, None)) as m:
        ctx = m.context(query, user_id=user_id, evidence=list(evidence) or None, enforcement=mode, limit=limit)
        raise_llm_failure(m.llm)
    if as_json:
        emit_json(ctx)
        return
    t = Table("id", "memory", "policy", "instruction", title=f"calibrated context ({mode})")
    for g in ctx.memories:
        t.add_row(g.id[:8], g.memory[:60], g.policy + (" (withheld)" if g.withheld else ""), g.instruction[:70])
    console.print(t)
    console.print(ctx.prompt, highlight=False, markup=False)


@click.command(name="answer")
@click.argument("query")
@user_option
@click.option("--evidence", "-e", multiple=True, help="Evidence text in context (repeatable).")
@click.option("--mode", type=click.Choice(["strict", "soft"]), default="strict", show_default=True)
@click.option("--trace", is_flag=True, help="Show the support trace.")
@db_option
@json_option
@with_llm_options
def answer_cmd(query: str, user_id: str, evidence: tuple[str, ...], mode: str, trace: bool, db: str | None, as_json: bool,
               **llm_kw: Any) -> None:
    """An evidence-checked answer to QUERY (needs an LLM)."""
    llm = _llm(llm_kw["llm_spec"], llm_kw["model"], llm_kw["base_url"], llm_kw["cache"], llm_kw["threads"])
    if llm is None:
        raise InvalidInputError("answer needs an LLM: --llm openai|local or MEMWARDEN_LLM_PROVIDER")
    with _memory(db, llm) as m:
        out = m.answer(query, user_id=user_id, evidence=list(evidence) or None, trace=trace, enforcement=mode)
        raise_llm_failure(m.llm)  # the pipeline abstains on LLM errors; a refused key or no server is the user's to fix
    if as_json:
        emit_json(out)
        return
    console.print(out.answer, highlight=False, markup=False)
    if out.trace:
        t = Table("segment", "role", "sources", "action")
        for s in out.trace.segments:
            t.add_row(s.text[:70], s.role, ",".join(s.evidence_ids + s.memory_ids), s.action + (f": {s.problem}" if s.problem else ""))
        console.print(t)


def _confusion_table(report: dict[str, Any]) -> Table:
    from .models import POLICIES

    t = Table("gold \\ predicted", *POLICIES, title="confusion matrix (memories)")
    for g in POLICIES:
        row = report["confusion"].get(g)
        if row:
            t.add_row(g, *[str(row.get(p, 0)) for p in POLICIES])
    return t


@click.command(name="memsyco")
@click.option("--data", required=True, type=click.Path(exists=True, path_type=Path), help="MemSyco-Bench directory or .jsonl file.")
@click.option("--limit", type=int, default=None, help="Items (no LLM) or items per task (with --llm).")
@click.option("--method", "methods", multiple=True, help="With --llm: methods to compare (default all).")
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Also write the full JSON report here.")
@json_option
@with_llm_options
def eval_memsyco(data: Path, limit: int | None, methods: tuple[str, ...], out: Path | None, as_json: bool, **llm_kw: Any) -> None:
    """MemSyco-Bench: policy accuracy (no LLM), or judged answers per method (--llm).

    The shipped classifier was trained on MemSyco's dev split, so on those items the no-LLM accuracy is
    training accuracy (the report says so); the held-out estimate is bench/train_governance.py's grouped CV.
    """
    from ..evals import memsyco
    from ..evals.baselines import METHODS
    from ..providers.embedder import default_embedder

    llm = _llm(llm_kw["llm_spec"], llm_kw["model"], llm_kw["base_url"], llm_kw["cache"], llm_kw["threads"]) if llm_kw["llm_spec"] not in (None, "none") else None
    emb = default_embedder()
    if llm is None:
        report = memsyco.run_policy(str(data), embedder=emb, limit=limit)
    else:
        report = memsyco.run_llm(str(data), llm=llm, embedder=emb, methods=methods or METHODS, limit=limit or 1)
    if out:
        out.write_text(json.dumps(report, indent=1), encoding="utf-8")
    if as_json:
        emit_json(report)
        return
    if llm is None:
        t = Table("task", "memories", "accuracy", title=f"MemSyco policy accuracy: {report['accuracy']:.4f} over {report['memories']} memories")
        for task, r in report["per_task"].items():
            t.add_row(task, str(r["n"]), f"{r['accuracy']:.4f}")
        console.print(t)
        console.print(_confusion_table(report))
        console.print(f"p50 {report['latency_ms_p50']} ms, p95 {report['latency_ms_p95']} ms per item; {report['note']}")
    else:
        t = Table("method", "accuracy", "LLM calls/query", "tokens/query", "p50 s", title=f"MemSyco judged ({report['model']}, judge {report['judge']}, {report['items']} items)")
        for m_, r in report["methods"].items():
            t.add_row(m_, f"{r['accuracy']:.3f}", str(r["llm_calls_per_query"]), str(r["tokens_per_query"]), str(r["latency_s_p50"]))
        console.print(t)


@click.command(name="persistbench")
@click.option("--data", required=True, type=click.Path(exists=True, path_type=Path), help="PersistBench JSONL file.")
@click.option("--limit", type=int, default=None)
@click.option("--k", default=3, show_default=True, help="Generations per row (FR@k).")
@click.option("--method", "methods", multiple=True, help="Methods to compare (default all).")
@json_option
@with_llm_options
def eval_persistbench(data: Path, limit: int | None, k: int, methods: tuple[str, ...], as_json: bool, **llm_kw: Any) -> None:
    """PersistBench-style FR@k per method (needs --llm)."""
    from ..evals import persistbench
    from ..evals.baselines import METHODS
    from ..providers.embedder import default_embedder

    llm = _llm(llm_kw["llm_spec"], llm_kw["model"], llm_kw["base_url"], llm_kw["cache"], llm_kw["threads"])
    if llm is None:
        raise InvalidInputError("persistbench needs an LLM: --llm openai|local")
    report = persistbench.run(data, llm=llm, embedder=default_embedder(), methods=methods or METHODS, k=k, limit=limit)
    if as_json:
        emit_json(report)
        return
    t = Table("method", f"FR@{k}", "per failure type", "calls/generation", title=f"PersistBench ({report['model']}, {report['rows']} rows)")
    for m_, r in report["methods"].items():
        t.add_row(m_, str(r[f"FR@{k}"]), json.dumps(r["per_failure_type"]), str(r["llm_calls_per_query"]))
    console.print(t)


@click.command(name="policy-cases")
@click.option("--data", "data", required=True, multiple=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Hand-written governance cases (JSONL; format in evals/cases/README.md). Repeat to score several files "
                   "together, e.g. --data evals/cases/governance.jsonl --data evals/cases/governance_probes.jsonl.")
@click.option("--split", type=click.Choice(["dev", "heldout", "all"]), default="all", show_default=True,
              help="dev: sha1(id) even; heldout: odd (keep one half untouched while tuning).")
@click.option("--errors", is_flag=True, default=False,
              help="List every wrongly judged memory (off by default, so that scoring the held-out half shows only totals).")
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Also write the full JSON report here.")
@json_option
def eval_policy_cases(data: tuple[Path, ...], split: str, errors: bool, out: Path | None, as_json: bool) -> None:
    """Policy accuracy on hand-written cases: every case's memories judged jointly, no LLM."""
    from ..evals import policy_cases
    from ..providers.embedder import default_embedder

    report = policy_cases.run(list(data), embedder=default_embedder(), split=split)
    if out:
        out.write_text(json.dumps(report, indent=1), encoding="utf-8")
    if as_json:
        emit_json(report)
        return
    t = Table("expected policy", "memories", "accuracy",
              title=f"policy cases ({split}): {report['accuracy']:.4f} over {report['memories']} memories in {report['cases']} cases")
    for p, r in report["per_policy"].items():
        t.add_row(p, str(r["n"]), f"{r['accuracy']:.4f}")
    console.print(t)
    console.print(_confusion_table(report))
    if errors:
        for r in (r for r in report["rows"] if not r["ok"]):
            console.print(f"  wrong: {r['case']} {r['memory']}: expected {'/'.join(r['expected'])}, got {r['predicted']}",
                          highlight=False, markup=False)
