"""``memwarden eval mma`` and ``memwarden eval abstention`` (registered in ``memwarden.cli``)."""

from __future__ import annotations

import json

import click

__all__ = ["mma_command", "abstention_command", "verdict_cases_command"]


def _print(result: dict, as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(result, indent=2))
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


@click.command("mma")
@click.option("--seed", type=int, default=1000, show_default=True,
              help="Generator seed (0, 1, 2 were used for tuning: evals.mma.TUNING_SEEDS).")
@click.option("--cases", type=int, default=20, show_default=True, help="Cases to generate (18 scored events each).")
@click.option("--mode", type=click.Choice(["text", "visual"]), default="text", show_default=True,
              help="text: photos as captions in the dialogue; visual: photos as image memories.")
@click.option("--embedder", type=click.Choice(["minilm", "hash"]), default="minilm", show_default=True)
@click.option("--domain-labels/--no-domain-labels", default=True, show_default=True,
              help="Store the generator's per-turn domain label (real dialogue has none; the per-domain track "
                   "record reads it).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def mma_command(seed: int, cases: int, mode: str, embedder: str, domain_labels: bool, as_json: bool) -> None:
    """MMA-Bench-style verdict benchmark (Types A-D, CoRe) with two baselines.

    The trust thresholds were tuned on seeds 0-2 (bench/calibrate_mma.py): report other seeds as held out.
    """
    from ..config import MemoryConfig
    from ..errors import InvalidInputError
    from ..evals.mma import run
    from ..memory import Memory

    if cases < 1:
        raise InvalidInputError("--cases must be at least 1")
    result = run(seed, cases, mode, memory_factory=lambda: Memory(config=MemoryConfig(embedder=embedder)),  # type: ignore[arg-type]
                 domain_labels=domain_labels)
    _print(result, as_json)


@click.command("abstention")
@click.option("--data", "path", type=click.Path(exists=True, dir_okay=False), required=True,
              help="LoCoMo's locomo10.json.")
@click.option("--dev-fraction", type=float, default=0.5, show_default=True,
              help="Share of conversations used to calibrate thresholds; the rest are held out.")
@click.option("--results", type=click.Path(dir_okay=False), default=None,
              help="Pickle of the searches: reused if it exists, written otherwise (re-score without re-embedding).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def abstention_command(path: str, dev_fraction: float, results: str | None, as_json: bool) -> None:
    """LoCoMo: adversarial (category 5) questions should abstain, answerable ones should not.

    The thresholds are swept on the development half and applied to the held-out half; the shipped
    TrustConfig defaults are this sweep's result, so the held-out half was also seen when they were fixed.
    """
    from ..evals.abstention import run

    result = run(path, dev_fraction=dev_fraction, results=results)
    if as_json:
        click.echo(json.dumps(result, indent=2))
        return
    click.echo(f"calibrated on {', '.join(result['conversations']['dev'])}: {result['calibrated']}")
    for split in ("dev", "heldout"):
        r = result[split]
        click.echo(f"{split:8s} precision {r['precision']:.3f} recall {r['recall']:.3f} f1 {r['f1']:.3f} "
                   f"false-abstention {r['false_abstention_rate']:.3f} (n={r['n']}, adversarial={r['adversarial']})")


@click.command("verdict-cases")
@click.option("--data", "path", type=click.Path(exists=True, dir_okay=False), required=True,
              help="JSONL of cases: id, memories [{text, speaker, ts}], claim, expect (evals/cases/verdicts.jsonl).")
@click.option("--split", type=click.Choice(["dev", "heldout", "all"]), default="all", show_default=True,
              help="sha1(id) even: dev, odd: heldout.")
@click.option("--embedder", type=click.Choice(["minilm", "hash"]), default="minilm", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the result (with every case) as JSON.")
@click.option("--errors", is_flag=True, help="List the cases answered wrongly.")
def verdict_cases_command(path: str, split: str, embedder: str, as_json: bool, errors: bool) -> None:
    """Verdicts on hand-written cases: accuracy per expected label (TRUE / FALSE / UNKNOWN)."""
    from ..config import MemoryConfig
    from ..evals.verdict_cases import run
    from ..memory import Memory

    result = run(path, split=split, memory_factory=lambda: Memory(config=MemoryConfig(embedder=embedder)))  # type: ignore[arg-type]
    if as_json:
        click.echo(json.dumps(result, indent=2, default=str))
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
