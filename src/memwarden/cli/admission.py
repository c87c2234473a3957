"""``memwarden admission ...`` (explain, log, policy, train) and the admission benchmarks
``memwarden eval admission`` and ``memwarden eval admission-retrieval``."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.table import Table

from ..errors import NotFoundError
from ..models import Receipt
from .options import command, console, db_option, emit_json, group, json_option, needs_extra, open_memory, user_option

_TRAIN = ("scipy.sparse", "sklearn.linear_model")  # what the [train] extra brings


def _print_receipt(r: Receipt) -> None:
    click.echo(f"receipt   {r.id}")
    click.echo(f"event     {r.event}" + (f" -> memory {r.memory_id}" if r.memory_id else ""))
    click.echo(f"text      {r.text}")
    click.echo(f"type      {r.memory_type or '-'}")
    click.echo(f"policy    {r.policy or '-'}")
    if r.scores:
        click.echo("factors   " + "  ".join(f"{k}={v:.3f}" for k, v in r.scores.items()))
    if r.weights:
        click.echo("weights   " + "  ".join(f"{k}={v:+.3f}" for k, v in r.weights.items()))
    if r.score is not None:
        click.echo(f"score     {r.score:.3f}  threshold {r.threshold:.3f}" if r.threshold is not None else f"score     {r.score:.3f}")
    if r.duplicate_of:
        click.echo(f"duplicate of {r.duplicate_of}")
    if r.supersedes:
        click.echo(f"supersedes {', '.join(r.supersedes)}")
    click.echo(f"reason    {r.reason}")
    click.echo(f"at        {r.created_at.isoformat()}")


@group("admission")
def admission_group() -> None:
    """Admission control: why a candidate was stored or dropped; train and inspect policies."""


@admission_group.command("explain")
@click.argument("id")
@user_option
@db_option
@json_option
def explain(id: str, user_id: str, db: str | None, as_json: bool) -> None:
    """Show the receipt(s) for ID: a receipt id or a memory id."""
    with open_memory(db) as mem:
        found = mem.store.receipts(user_id, receipt_id=id, limit=1) or mem.receipts(user_id=user_id, memory_id=id)
        # A turn's receipt comes with the receipts of the claims extracted from it.
        found += [c for r in list(found) for cid in r.claim_receipts
                  for c in mem.store.receipts(user_id, receipt_id=cid, limit=1) if c.id not in {f.id for f in found}]
    if not found:
        raise NotFoundError(f"no receipt or memory {id!r} for this user")
    if as_json:
        emit_json(found)
        return
    for i, r in enumerate(found):
        if i:
            click.echo("")
        _print_receipt(r)


@admission_group.command("log")
@user_option
@click.option("--event", type=click.Choice(["admitted", "rejected", "duplicate", "superseded"]), default=None,
              help="Only receipts with this outcome.")
@click.option("--limit", type=click.IntRange(1, 10_000), default=20, show_default=True)
@db_option
@json_option
def log(user_id: str, event: str | None, limit: int, db: str | None, as_json: bool) -> None:
    """The scope's admission receipts, newest first (rejected candidates included)."""
    with open_memory(db) as mem:
        rows = mem.receipts(user_id=user_id, limit=limit if event is None else 10_000)
    if event:
        rows = [r for r in rows if r.event == event][:limit]
    if as_json:
        emit_json(rows)
        return
    table = Table("receipt", "event", "score", "type", "text", "reason")
    for r in rows:
        table.add_row(r.id, r.event, f"{r.score:.2f}" if r.score is not None else "-", r.memory_type or "-",
                      r.text[:50], r.reason[:70])
    console.print(table)


@admission_group.command("policy")
@click.argument("path", required=False, type=click.Path(dir_okay=False))
@click.option("--full", is_flag=True, help="Print the whole file, weights included.")
@click.option("--json", "as_json", is_flag=True, help="JSON (the summary is JSON already; accepted like on every command).")
def policy_cmd(path: str | None, full: bool, as_json: bool) -> None:
    """Validate and summarise a policy file (default: the one shipped with memwarden)."""
    from ..admission.policy import AdmissionPolicy

    pol = AdmissionPolicy.load(path) if path else AdmissionPolicy.default()
    if full:
        click.echo(pol.to_json())
        return
    spec = pol.spec
    emit_json({"name": spec.name, "origin": pol.origin, "version": spec.version, "description": spec.description,
               "decision": spec.decision.kind, "threshold": spec.decision.threshold, "factor_weights": pol.weights(),
               "trained": spec.trained, "metrics": spec.metrics})


@admission_group.command("train")
@click.option("--data", "data_path", required=True, type=click.Path(exists=True, dir_okay=False),
              help="locomo10.json, or JSONL of labelled sessions (see memwarden.training.dataset).")
@click.option("--out", required=True, type=click.Path(dir_okay=False), help="Where to write the policy JSON.")
@click.option("--learner", type=click.Choice(["logistic", "amac"]), default="logistic", show_default=True,
              help="logistic: factors + context features; amac: A-MAC's grid search over w·[U,C,N,R,T] and θ.")
@click.option("--min-recall", type=click.FloatRange(0.0, 1.0), default=0.95, show_default=True,
              help="Pick the threshold giving the best precision at out-of-fold recall ≥ this.")
@click.option("--best-f1", is_flag=True, help="Pick the threshold with the best F1 instead.")
@click.option("--name", default="trained", show_default=True)
@click.option("--claims", is_flag=True,
              help="Train on the claims extracted from each turn (the default two-tier path), each labelled by its turn.")
@json_option
def train_cmd(data_path: str, out: str, learner: str, min_recall: float, best_f1: bool, name: str, claims: bool,
              as_json: bool) -> None:
    """Train an admission policy on labelled data and write it as JSON."""
    needs_extra("train", "memwarden admission train", *_TRAIN)
    from rich.progress import Progress

    from ..providers.embedder import default_embedder
    from ..training.dataset import load
    from ..training.train import extract, extract_claims, train_policy

    data = load(data_path)
    emb = default_embedder()
    with Progress(transient=True, disable=as_json) as bar:
        task = bar.add_task("features", total=data.n_turns())
        ex = (extract_claims if claims else extract)(data, emb, progress=lambda n: bar.advance(task, n))
    pol = train_policy(ex, learner=learner, min_recall=None if best_f1 else min_recall, name=name,
                       data_desc=Path(data_path).name,
                       roles=sorted({str(m.get("role", "user")) for s in data.sessions for m in s.messages}))
    pol.save(out)
    if as_json:
        emit_json({"path": out, "description": pol.spec.description, "threshold": pol.threshold, "metrics": pol.spec.metrics})
        return
    click.echo(f"wrote {out}: {pol.spec.description}; threshold {pol.threshold:.3f}; metrics {json.dumps(pol.spec.metrics)}")


@command("admission")
@click.option("--data", "data_path", required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--protocol", type=click.Choice(["amac", "heldout", "loco"]), default="heldout", show_default=True)
@click.option("--min-recall", type=click.FloatRange(0.0, 1.0), default=0.95, show_default=True,
              help="Recall target used when choosing each trained policy's threshold (out-of-fold).")
@click.option("--claims", is_flag=True,
              help="Train on claims (each labelled by its source turns) and replay on the two-tier path: a turn "
                   "counts as admitted when a claim extracted from it is kept.")
@json_option
def eval_admission(data_path: str, protocol: str, min_recall: float, claims: bool, as_json: bool) -> None:
    """LoCoMo admission benchmark (A-MAC's labels and split) with baselines from the same run.

    Policies are trained only on the other conversations, but the recipe's defaults (features, C, recall
    target) were chosen looking at these same protocols' results.
    """
    needs_extra("train", "memwarden eval admission", *_TRAIN)  # every protocol trains policies
    from ..evals.admission import run

    report = run(data_path, protocol, min_recall=min_recall, progress=not as_json, claims=claims)
    if as_json:
        emit_json(report)
        return
    table = Table("policy", "P", "R", "F1", "admitted", "p50 ms", "p95 ms", title=f"admission, protocol {protocol}, n={report['n']}")
    rows = [("memwarden", report), *report["baselines"].items()]
    for name, m in rows:
        table.add_row(name, f"{m['precision']:.3f}", f"{m['recall']:.3f}", f"{m['f1']:.3f}", f"{m['admitted_fraction']:.3f}",
                      f"{m['latency_ms_p50']:.2f}", f"{m['latency_ms_p95']:.2f}")
    console.print(table)


@command("admission-retrieval")
@click.option("--data", "data_path", required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--protocol", type=click.Choice(["heldout", "loco"]), default="heldout", show_default=True)
@click.option("-k", "k", type=click.IntRange(1, 100), default=10, show_default=True)
@click.option("--min-recall", type=click.FloatRange(0.0, 1.0), default=0.95, show_default=True,
              help="Recall target used when choosing each trained policy's threshold (out-of-fold).")
@json_option
def eval_admission_retrieval(data_path: str, protocol: str, k: int, min_recall: float, as_json: bool) -> None:
    """LoCoMo retrieval recall@k with admission on vs storing everything, and the storage saved.

    Policies are trained on the other conversations only (unlike eval retrieval --admission auto), but the
    default recall target 0.95 was chosen on these same results.
    """
    needs_extra("train", "memwarden eval admission-retrieval", *_TRAIN)
    from ..evals.admission_retrieval import run

    report = run(data_path, protocol, k=k, min_recall=min_recall, progress=not as_json)
    if as_json:
        emit_json(report)
        return
    click.echo(f"recall@{k}: store everything {report[f'recall_at_{k}_all']:.4f} ({report['memories_all']} memories); "
               f"admission {report[f'recall_at_{k}_admission']:.4f} ({report['memories_admission']} memories); "
               f"drop {report['recall_drop_points']:.2f} points, storage saved {100 * report['storage_saved_fraction']:.1f}%")


EVAL_COMMANDS = [eval_admission, eval_admission_retrieval]
