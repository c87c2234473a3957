"""``memwarden eval scenarios``: rich tables, or ``--json``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..errors import InvalidInputError
from ..evals.scenario_format import KINDS
from ..evals.scenario_systems import SYSTEMS
from .options import command, console, embedder_option, emit_json, err_console, json_option

__all__ = ["eval_scenarios"]


# The rows of the two side-by-side tables: label -> path into a report ("a/b/c"; a list counts its items).
_PER_TYPE = {
    "rank": {"probes": "n", "current@1": "current@1", "hit@k": "hit@k", "hit@3": "hit@3",
             "stale above target": "stale_above_rate", "all targets in k": "all_targets",
             "probes returning a forbid string": "forbid_violations"},
    "abstain": {"probes": "n", "balanced accuracy": "balanced_accuracy", "precision": "precision", "recall": "recall",
                "false abstention rate": "false_abstention_rate"},
    "verdict": {"probes": "n", "accuracy": "accuracy"},
    "policy": {"probes": "n", "accuracy": "accuracy"},
    "admission": {"fact turns": "facts", "facts stored": "facts_stored_rate", "facts lost": "facts_lost",
                  "chit-chat turns": "chitchat", "chit-chat stored": "chitchat_stored_rate",
                  "balanced accuracy": "balanced_accuracy"},
}
_ISSUE_10 = {
    'current fact first ("now" probes)': "issue10/now_current@1", "  now probes": "issue10/now_probes",
    "past value first (as_of probes)": "issue10/past_value@1", "  as_of probes": "issue10/past_probes",
    "stale above current": "issue10/stale_above_current_rate", "chit-chat stored": "issue10/chitchat_stored_rate",
    "facts lost": "issue10/facts_lost", "constraint hit@3": "issue10/constraint_hit@3",
    "multi-fact all in top 5": "issue10/multi_fact_all_in_top5", "probes passed (all checks)": "probes_passed",
    "errors raised by the system": "errors", "seconds": "seconds",
}


def _fmt(v: Any) -> str:
    if v is None:
        return "-"
    return f"{v:.3f}" if isinstance(v, float) else str(v)


def _side_by_side(title: str, rows: list[tuple[str, list[Any]]], systems: list[str]):
    from rich.table import Table

    t = Table(title=title)
    t.add_column("metric")
    for s in systems:
        t.add_column(s, justify="right")
    for name, vals in rows:
        t.add_row(name, *(_fmt(v) for v in vals))
    return t


def _tables(reports: list[dict[str, Any]], console: Any) -> None:
    from rich.table import Table

    systems = [r["system"] for r in reports]
    kinds = [k for k in KINDS if any(k in r["per_kind"] for r in reports)]
    t = Table(title="scenarios: headline metric per kind")
    t.add_column("kind", no_wrap=True)
    t.add_column("scenarios", justify="right")
    t.add_column("probes", justify="right")
    t.add_column("metric", overflow="fold")
    for s in systems:
        t.add_column(s, justify="right")
    first = reports[0]["per_kind"]
    for k in kinds:
        row = first.get(k, {})
        t.add_row(k, _fmt(row.get("scenarios")), _fmt(row.get("probes")), row.get("metric", ""),
                  *(_fmt(r["per_kind"].get(k, {}).get("headline")) for r in reports))
    t.add_row("[bold]overall[/]", _fmt(reports[0]["scenarios"]), "", "mean of headlines",
              *(f"[bold]{_fmt(r['overall'])}[/]" for r in reports))
    console.print(t)

    def col(path: str) -> list[Any]:
        out = []
        for r in reports:
            v: Any = r
            for part in path.split("/"):
                v = v.get(part) if isinstance(v, dict) else None
            out.append(len(v) if isinstance(v, list) else v)
        return out

    per_type = [(f"{kind}: {label}", f"per_type/{kind}/{key}") for kind, rows in _PER_TYPE.items() for label, key in rows.items()]
    console.print(_side_by_side("per probe type", [(n, col(p)) for n, p in per_type], systems))
    console.print(_side_by_side("issue 10 targets", [(n, col(p)) for n, p in _ISSUE_10.items()], systems))


def _failures(report: dict[str, Any], console: Any) -> None:
    from rich.table import Table

    t = Table(title=f"{report['system']}: failing probes", show_lines=True)
    for c in ("scenario / probe", "query", "why", "what came back (top 3)"):
        t.add_column(c, overflow="fold")
    for p in report["probes"]:
        if p["passed"]:
            continue
        got = "\n".join(f"{h['rank']}. {h['memory'][:100]}" + (f" [{h['policy']}]" if h.get("policy") else "")
                        for h in p["hits"][:3]) or "(nothing)"
        if p["type"] == "abstain":
            got = f"abstained={p['abstained']} ({p['abstain_reason'] or '-'})\n" + got
        t.add_row(f"{p['scenario']}\n{p['probe']} ({p['type']})", p["query"], "; ".join(p["failed"]), got)
    console.print(t)
    for e in report["errors"]:
        console.print(f"[red]error[/] {e}", highlight=False)
    bad = [x for x in report["turns"] if (x["label"] == "fact") != bool(x["stored"])]
    if bad:
        a = Table(title=f"{report['system']}: admission mistakes")
        for c in ("scenario", "label", "stored", "turn"):
            a.add_column(c, overflow="fold")
        for x in bad:
            a.add_row(x["scenario"], x["label"], str(x["stored"]), x["text"][:120])
        console.print(a)


@command(name="scenarios")
@click.option("--data", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="A scenario file (format: SCENARIOS.md, version 1).")
@click.option("--system", "systems", multiple=True, type=click.Choice(SYSTEMS), default=("memwarden",), show_default=True,
              help="System to replay into; repeat to compare side by side.")
@embedder_option
@click.option("--only", type=click.Choice(KINDS), default=None, help="Only the scenarios of this kind.")
@click.option("--verbose", "-v", is_flag=True, help="Also show every failing probe with what came back.")
@click.option("--user-name", default=None, help="Pass this as add(user_name=) for every session (memwarden only).")
@json_option
def eval_scenarios(data: Path, systems: tuple[str, ...], embedder: str, only: str | None, verbose: bool,
                   user_name: str | None, as_json: bool) -> None:
    """End-to-end scenarios: replay conversations, score rank/abstain/verdict/policy probes and admission."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from ..evals.scenario_format import load_scenarios
    from ..evals.scenario_systems import make_embedder, system_factory
    from ..evals.scenarios import run_scenarios

    scenarios = load_scenarios(data)
    n = sum(1 for s in scenarios.scenarios if only is None or s.kind == only)
    if n == 0:
        raise InvalidInputError(f"{data} has no scenario of kind {only!r}")
    emb = make_embedder(embedder)
    systems = tuple(dict.fromkeys(systems))
    reports = []
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=err_console, transient=True, disable=as_json) as bar:
        for name in systems:
            task = bar.add_task(f"{name}", total=n)
            report = run_scenarios(scenarios, system_factory(name, emb, user_name=user_name), only=only,
                                   on_scenario=lambda sc, t=task: bar.advance(t))
            reports.append({**report, "system": name, "embedder": embedder, "data": str(data), "only": only})
    if as_json:
        return emit_json(reports[0] if len(reports) == 1 else {"data": str(data), "embedder": embedder, "reports": reports})
    _tables(reports, console)
    if verbose:
        for r in reports:
            _failures(r, console)
