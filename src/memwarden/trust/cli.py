"""``memwarden eval mma`` and ``memwarden eval abstention`` (registered in ``memwarden.cli``)."""

from __future__ import annotations

import json

import click

__all__ = ["mma_command", "abstention_command"]


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
@click.option("--seed", type=int, default=1000, show_default=True, help="Generator seed (0-9 were used for tuning).")
@click.option("--cases", type=int, default=20, show_default=True, help="Cases to generate (18 scored events each).")
@click.option("--mode", type=click.Choice(["text", "visual"]), default="text", show_default=True,
              help="text: photos as captions in the dialogue; visual: photos as image memories.")
@click.option("--embedder", type=click.Choice(["minilm", "hash"]), default="minilm", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def mma_command(seed: int, cases: int, mode: str, embedder: str, as_json: bool) -> None:
    """MMA-Bench-style verdict benchmark (Types A-D, CoRe) with two baselines.

    The trust thresholds were tuned on seeds 0-2 (bench/calibrate_mma.py): report other seeds as held out.
    """
    from ..config import MemoryConfig
    from ..errors import InvalidInputError
    from ..evals.mma import run
    from ..memory import Memory

    if cases < 1:
        raise InvalidInputError("--cases must be at least 1")
    result = run(seed, cases, mode, memory_factory=lambda: Memory(config=MemoryConfig(embedder=embedder)))  # type: ignore[arg-type]
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
