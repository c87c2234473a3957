"""``memwarden eval admission``: A-MAC's LoCoMo admission benchmark, run through ``Memory.add``.

Labels: a turn is "admit" when its ``dia_id`` is in any QA pair's evidence.
Split: conversations shuffled with seed 42, 7/1/2 train/val/test (A-MAC's).

Protocols:

* ``amac`` — train on train+val, report A-MAC's first 100 test turns;
* ``heldout`` — train on train+val, report every turn of the two test conversations;
* ``loco`` — leave one conversation out, retraining on the other nine each time.

Every test conversation is replayed session by session into a fresh
in-memory :class:`~memwarden.Memory` with the trained policy, so novelty is
measured against what that policy actually stored and the features are the
ones the running system computes. Baselines are scored in the same run
from the same receipts' factor values.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import numpy as np

from ..training.dataset import Dataset, load
from ..admission.policy import AdmissionPolicy
from ..admission.scored import ScoredAdmitter
from ..training.train import CachingEmbedder, Examples, extract, extract_claims, prf, train_policy

PROTOCOLS = ("amac", "heldout", "loco")
SEED = 42
AMAC_SUBSET = 100
#: A-MAC's published weights [U, C, N, R, T] and threshold.
AMAC_PUBLISHED = ({"utility": 0.1, "grounding": 0.1, "novelty": 0.1, "recency": 0.1, "type": 0.6}, 0.55)
#: The fixed threshold for the MemGPT- and MemoryBank-style weighted sums (they publish none for admission).
BASELINE_THRESHOLD = 0.5

Advance = Callable[[int], None]


def split(conversations: list[str], seed: int = SEED) -> tuple[list[str], list[str], list[str]]:
    """A-MAC's split: shuffle the conversations with ``seed``, then 70 / 10 / 20 %."""
    convs = list(conversations)
    rng = np.random.default_rng(seed)
    rng.shuffle(convs)
    n = len(convs)
    n_train = int(round(0.7 * n))
    n_val = int(round(0.1 * n))
    return convs[:n_train], convs[n_train : n_train + n_val], convs[n_train + n_val :]


class _TimedAdmitter:
    """Records the decision time per candidate (the call's time spread over its candidates)."""

    def __init__(self, inner: ScoredAdmitter) -> None:
        self.inner = inner
        self.name = inner.name
        self.ms_per_candidate: list[float] = []

    def decide(self, ctx):
        t0 = time.perf_counter()
        out = self.inner.decide(ctx)
        dt = (time.perf_counter() - t0) * 1000
        n = max(1, len(ctx.candidates))
        self.ms_per_candidate.extend([dt / n] * len(ctx.candidates))
        return out


@dataclass
class Replay:
    labels: list[int] = field(default_factory=list)
    admitted: list[int] = field(default_factory=list)
    factors: list[dict[str, float]] = field(default_factory=list)
    ms: list[float] = field(default_factory=list)
    event_list: list[str] = field(default_factory=list)

    @property
    def events(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for e in self.event_list:
            out[e] = out.get(e, 0) + 1
        return out

    def extend(self, other: "Replay") -> None:
        self.labels += other.labels
        self.admitted += other.admitted
        self.factors += other.factors
        self.ms += other.ms
        self.event_list += other.event_list


def replay(data: Dataset, policy: AdmissionPolicy, embedder, advance: Advance | None = None, *,
           claims: bool = False) -> Replay:
    """Add every session of ``data`` through a Memory using ``policy``; one row per turn.

    ``claims``: the two-tier path (every turn an episode, claims extracted and admitted, ``policy``
    trained on claims); a turn counts as admitted when a claim extracted from it was kept (or
    merged into a kept one), read from the receipts as ``memwarden eval scenarios`` reads them; a
    turn that yielded no claim is an event of its own ("no claim extracted"). Factor scores are
    then not per turn, so the baselines (which re-score turn factors) are not computed on this path."""
    from ..config import MemoryConfig
    from ..memory import Memory

    out = Replay()
    for conv in data.conversations:
        timed = _TimedAdmitter(ScoredAdmitter(policy))
        # Scored against LoCoMo's per-turn labels, on the turn path unless ``claims``.
        with Memory(config=MemoryConfig(database=":memory:", claims=claims), embedder=embedder, admitter=timed) as mem:
            for s in data.sessions:
                if s.conversation != conv:
                    continue
                res = mem.add(s.messages, user_id=conv, timestamp=s.timestamp, source="import")
                if claims:
                    from .scenario_systems import _per_turn, turns_stored

                    ids, texts = [str(m.get("id") or "") for m in s.messages], [str(m["content"]) for m in s.messages]
                    kept = turns_stored(res.results, ids, texts,
                                        lambda ids, mem=mem, conv=conv: {r.item.id for r in mem.store.get(conv, ids)})
                    episodes = _per_turn([r for r in res.results if r.kind == "episode"], ids, texts)
                    for stored, ep, label in zip(kept, episodes, s.labels):
                        out.labels.append(label)
                        out.admitted.append(int(bool(stored)))
                        out.event_list.append("admitted" if stored else "no claim kept" if ep is not None and (ep.claim_ids or ep.claim_receipts)
                                              else "no claim extracted")
                    if advance:
                        advance(len(s.labels))
                    continue
                for rec, label in zip(res.results, s.labels):
                    out.labels.append(label)
                    out.admitted.append(int(rec.event in ("admitted", "superseded")))
                    out.factors.append(rec.scores)
                    out.event_list.append(rec.event)
                if advance:
                    advance(len(s.labels))
        out.ms.extend(timed.ms_per_candidate)
    return out


def metrics(pred: np.ndarray, y: np.ndarray, ms: list[float] | None) -> dict[str, Any]:
    p, r, f = prf(pred.astype(bool), y)
    out: dict[str, Any] = {"precision": round(p, 4), "recall": round(r, 4), "f1": round(f, 4),
                           "admitted_fraction": round(float(pred.mean()) if len(pred) else 0.0, 4), "n": int(len(y)),
                           "positives": int(y.sum())}
    if ms:
        out["latency_ms_p50"] = round(float(np.percentile(ms, 50)), 3)
        out["latency_ms_p95"] = round(float(np.percentile(ms, 95)), 3)
    else:
        out["latency_ms_p50"] = out["latency_ms_p95"] = 0.0
    return out


def baselines(rep: Replay, amac_grid: Replay | None) -> dict[str, dict[str, Any]]:
    y = np.asarray(rep.labels)
    F = {k: np.array([f.get(k, 0.0) for f in rep.factors]) for k in ("utility", "grounding", "novelty", "recency", "type")}
    rng = np.random.default_rng(SEED)
    w, theta = AMAC_PUBLISHED
    # Factor baselines need the factors, which are computed by the same code as the policy's: same latency.
    ms = rep.ms
    out = {
        "admit_all": metrics(np.ones(len(y), dtype=int), y, None),
        "random_p0.3": metrics((rng.random(len(y)) < 0.3).astype(int), y, None),
        "memgpt_0.4R+0.6U": metrics((0.4 * F["recency"] + 0.6 * F["utility"] >= BASELINE_THRESHOLD).astype(int), y, ms),
        "memorybank_0.3R+0.4rel+0.3imp": metrics(
            (0.3 * F["recency"] + 0.4 * F["utility"] + 0.3 * F["type"] >= BASELINE_THRESHOLD).astype(int), y, ms),
        "amac_published_weights": metrics((sum(w[k] * F[k] for k in w) >= theta).astype(int), y, ms),
    }
    if amac_grid is not None:
        out["amac_grid_search"] = metrics(np.asarray(amac_grid.admitted), np.asarray(amac_grid.labels), amac_grid.ms)
    return out


def _take(ex: Examples, convs: list[str]) -> Examples:
    return ex.take(np.flatnonzero(np.isin(ex.groups, convs)))


def run(data_path: str | Path, protocol: str = "heldout", *, min_recall: float = 0.95, progress: bool = True,
        embedder=None, claims: bool = False) -> dict[str, Any]:
    """Train and evaluate per ``protocol``; returns the JSON-ready report."""
    from ..providers.embedder import default_embedder

    if protocol not in PROTOCOLS:
        raise ValueError(f"protocol must be one of {PROTOCOLS}")
    data = load(data_path)
    emb = CachingEmbedder(embedder or default_embedder())
    convs = data.conversations
    if protocol == "loco":
        folds = [([c for c in convs if c != t], [t]) for t in convs]
    else:
        tr, va, te = split(convs)
        folds = [(tr + va, te)]

    from rich.progress import Progress

    with Progress(disable=not progress, transient=True) as bar:
        t_ex = bar.add_task("features", total=data.n_turns())
        t0 = time.perf_counter()
        # On the two-tier path the policy learns from claims (each labelled by its source turns).
        ex = (extract_claims if claims else extract)(data, emb, progress=lambda n: bar.advance(t_ex, n))
        embed_ms = (time.perf_counter() - t0) * 1000 / max(1, data.n_turns())
        t_fold = bar.add_task(f"{protocol}: train + replay", total=len(folds) * 2)
        ours, grid = Replay(), Replay()
        for train_convs, test_convs in folds:
            train_ex = _take(ex, train_convs)
            pol = train_policy(train_ex, learner="logistic", min_recall=min_recall, name=f"eval-{protocol}")
            lin = None if claims else train_policy(train_ex, learner="amac", min_recall=None, name=f"eval-{protocol}-amac")
            bar.advance(t_fold)
            test = data.subset(test_convs)
            rep = replay(test, pol, emb, claims=claims)
            grep = replay(test, lin, emb) if lin is not None else Replay()
            if protocol == "amac":
                for r in (rep, grep):
                    for attr in ("labels", "admitted", "factors", "ms", "event_list"):
                        setattr(r, attr, getattr(r, attr)[:AMAC_SUBSET])
            ours.extend(rep)
            grid.extend(grep)
            bar.advance(t_fold)
    y = np.asarray(ours.labels)
    report = {"protocol": protocol, "data": str(data_path), "min_recall_target": min_recall,
              **metrics(np.asarray(ours.admitted), y, ours.ms),
              "events": ours.events,
              "feature_extraction_ms_per_turn_incl_embedding": round(embed_ms, 3),
              "folds": len(folds), "claims": claims,
              "baselines": baselines(ours, grid) if not claims else {}}
    return report
