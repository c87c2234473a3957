"""``memwarden eval ...``: the benchmarks. LoCoMo retrieval here with the trust stage's (mma, abstention,
verdict-cases) and the governance stage's (memsyco, persistbench, policy-cases); the admission
benchmarks are in :mod:`memwarden.cli.admission`, the scenarios in :mod:`memwarden.cli.scenarios`.

Each command's help says which of its numbers were tuned on the data they are reported on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.table import Table

from ..errors import InvalidInputError
from .options import build_llm, console, embedder_option, emit_json, group, json_option, llm_options


@group(name="eval")
def eval_group() -> None:
    """Benchmarks: retrieval (LoCoMo) and the stage evaluations."""


@eval_group.command(name="retrieval")
@click.option("--data", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path), help="locomo10.json")
@click.option("--k", "k", default=10, show_default=True, type=click.IntRange(1, 1000))
@click.option("--limit-conversations", default=None, type=click.IntRange(1), help="Only the first N conversations.")
@click.option("--arm", default="hybrid", type=click.Choice(["hybrid", "dense", "keyword"]), show_default=True)
@click.option("--admission", default="all", type=click.Choice(["auto", "all"]), show_default=True, help="Admission while storing the turns (auto: the shipped policy, trained on these 10 conversations).")
@click.option("--fusion", default="zscore", type=click.Choice(["zscore", "rrf"]), show_default=True, help="How the two arms are fused.")
@embedder_option
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
    from ..evals.retrieval import run_retrieval_eval

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


def _mma_table(result: dict, as_json: bool) -> None:
    if as_json:
        emit_json(result)
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=result.get("benchmark", "result"))
    for col in ("system", "CoRe", "accuracy", "abstention", "A", "B", "C", "D"):
        table.add_column(col)
    rows = [("memwarden", result)] + list(result.get("baselines", {}).items())
    for name, r in rows:
        per = r.get("per_type", {})
        table.add_row(name, f"{r['core_mean']:.3f}", f"{r['accuracy']:.3f}", f"{r['abstention_rate']:.3f}",
                      *(f"{per[k]['accuracy']:.2f}/{per[k]['core']:+.2f}" if k in per else "-" for k in "ABCD"))
    Console().print(table)


@eval_group.command("mma")
@click.option("--seed", type=int, default=1000, show_default=True,
              help="Generator seed (0, 1, 2 were used for tuning: evals.mma.TUNING_SEEDS).")
@click.option("--cases", type=int, default=20, show_default=True, help="Cases to generate (18 scored events each).")
@click.option("--mode", type=click.Choice(["text", "visual"]), default="text", show_default=True,
              help="text: photos as captions in the dialogue; visual: photos as image memories.")
@embedder_option
@click.option("--domain-labels/--no-domain-labels", default=True, show_default=True,
              help="Store the generator's per-turn domain label (real dialogue has none; the per-domain track "
                   "record reads it).")
@json_option
def mma_command(seed: int, cases: int, mode: str, embedder: str, domain_labels: bool, as_json: bool) -> None:
    """MMA-Bench-style verdict benchmark (Types A-D, CoRe) with two baselines.

    The trust thresholds were tuned on seeds 0-2 (bench/calibrate_mma.py): report other seeds as held out.
    """
    from ..config import MemoryConfig
    from ..evals.mma import run
    from ..memory import Memory

    if cases < 1:
        raise InvalidInputError("--cases must be at least 1")
    result = run(seed, cases, mode, memory_factory=lambda: Memory(config=MemoryConfig(embedder=embedder)),  # type: ignore[arg-type]
                 domain_labels=domain_labels)
    _mma_table(result, as_json)


@eval_group.command("abstention")
@click.option("--data", "path", type=click.Path(exists=True, dir_okay=False), required=True,
              help="LoCoMo's locomo10.json.")
@click.option("--dev-fraction", type=float, default=0.5, show_default=True,
              help="Share of conversations used to calibrate thresholds; the rest are held out.")
@click.option("--results", type=click.Path(dir_okay=False), default=None,
              help="Pickle of the searches: reused if it exists, written otherwise (re-score without re-embedding).")
@json_option
def abstention_command(path: str, dev_fraction: float, results: str | None, as_json: bool) -> None:
    """LoCoMo: adversarial (category 5) questions should abstain, answerable ones should not.

    The thresholds are swept on the development half and applied to the held-out half; the shipped
    TrustConfig defaults are this sweep's result, so the held-out half was also seen when they were fixed.
    """
    from ..evals.abstention import run

    result = run(path, dev_fraction=dev_fraction, results=results)
    if as_json:
        emit_json(result)
        return
    click.echo(f"calibrated on {', '.join(result['conversations']['dev'])}: {result['calibrated']}")
    for split in ("dev", "heldout"):
        r = result[split]
        click.echo(f"{split:8s} precision {r['precision']:.3f} recall {r['recall']:.3f} f1 {r['f1']:.3f} "
                   f"false-abstention {r['false_abstention_rate']:.3f} (n={r['n']}, adversarial={r['adversarial']})")


@eval_group.command("verdict-cases")
@click.option("--data", "path", type=click.Path(exists=True, dir_okay=False), required=True,
              help="JSONL of cases: id, memories [{text, speaker, ts}], claim, expect (evals/cases/verdicts.jsonl).")
@click.option("--split", type=click.Choice(["dev", "heldout", "all"]), default="all", show_default=True,
              help="sha1(id) even: dev, odd: heldout.")
@embedder_option
@click.option("--json", "as_json", is_flag=True, help="Print the result (with every case) as JSON.")
@click.option("--errors", is_flag=True, help="List the cases answered wrongly.")
def verdict_cases_command(path: str, split: str, embedder: str, as_json: bool, errors: bool) -> None:
    """Verdicts on hand-written cases: accuracy per expected label (TRUE / FALSE / UNKNOWN)."""
    from ..config import MemoryConfig
    from ..evals.verdict_cases import run
    from ..memory import Memory

    result = run(path, split=split, memory_factory=lambda: Memory(config=MemoryConfig(embedder=embedder)))  # type: ignore[arg-type]
    if as_json:
        emit_json(result)
        return
    click.echo(f"verdict cases ({split}): accuracy {result['accuracy']:.3f} (n={result['n']})")
    for lab, r in result["per_label"].items():
        if r["n"]:
            ans = ", ".join(f"{k} {v}" for k, v in r["answered"].items())
            click.echo(f"  expected {lab:7s} n={r['n']:2d} accuracy {r['accuracy']:.3f}  answered: {ans}")
    if errors:
        for c in result["cases"]:
            if c["got"] != c["expect"]:
                click.echo(f"  MISS {c['id']} expected {c['expect']} got {c['got']} (p={c['p_true']:.2f}): {c['reason']}")


def _confusion_table(report: dict[str, Any]) -> Table:
    from ..governance.models import POLICIES

    t = Table("gold \\ predicted", *POLICIES, title="confusion matrix (memories)")
    for g in POLICIES:
        row = report["confusion"].get(g)
        if row:
            t.add_row(g, *[str(row.get(p, 0)) for p in POLICIES])
    return t


@eval_group.command(name="memsyco")
@click.option("--data", required=True, type=click.Path(exists=True, path_type=Path), help="MemSyco-Bench directory or .jsonl file.")
@click.option("--limit", type=int, default=None, help="Items (no LLM) or items per task (with --llm).")
@click.option("--method", "methods", multiple=True, help="With --llm: methods to compare (default all).")
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Also write the full JSON report here.")
@json_option
@llm_options
def eval_memsyco(data: Path, limit: int | None, methods: tuple[str, ...], out: Path | None, as_json: bool, **llm_kw: Any) -> None:
    """MemSyco-Bench: policy accuracy (no LLM), or judged answers per method (--llm).

    The shipped classifier was trained on MemSyco's dev split, so on those items the no-LLM accuracy is
    training accuracy (the report says so); the held-out estimate is bench/train_governance.py's grouped CV.
    """
    from ..evals import memsyco
    from ..evals.baselines import METHODS
    from ..providers.embedder import default_embedder

    llm = build_llm(**llm_kw) if llm_kw["llm_spec"] not in (None, "none") else None
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


@eval_group.command(name="persistbench")
@click.option("--data", required=True, type=click.Path(exists=True, path_type=Path), help="PersistBench JSONL file.")
@click.option("--limit", type=int, default=None)
@click.option("--k", default=3, show_default=True, help="Generations per row (FR@k).")
@click.option("--method", "methods", multiple=True, help="Methods to compare (default all).")
@json_option
@llm_options
def eval_persistbench(data: Path, limit: int | None, k: int, methods: tuple[str, ...], as_json: bool, **llm_kw: Any) -> None:
    """PersistBench-style FR@k per method (needs --llm)."""
    from ..evals import persistbench
    from ..evals.baselines import METHODS
    from ..providers.embedder import default_embedder

    llm = build_llm(**llm_kw)
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


@eval_group.command(name="policy-cases")
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
