"""Fit the abstention decision (trust/abstain_features.py) and score it leave-one-author-out.

    PYTHONPATH=src python bench/fit_abstain.py collect --out /tmp/s7ab/scen.pkl
    memwarden eval abstention --data ../shared/data/locomo/locomo10.json --results /tmp/s7ab/locomo.pkl --json
    PYTHONPATH=src python bench/fit_abstain.py fit --scen /tmp/s7ab/scen.pkl --locomo /tmp/s7ab/locomo.pkl \\
        [--write src/memwarden/data/abstain_weights.json]

``collect`` replays every scenario holding an abstain probe (five authors' sets) into a fresh
:class:`memwarden.Memory` (MiniLM, the scenario runner's system) and runs the real search once per
probe, keeping the scored result. LoCoMo's stored searches come from ``memwarden eval abstention
--results`` (category 5 should abstain, categories 1-4 should not). ``fit`` reads the features off
the stored results (no search is run again), fits a standardised logistic regression
(scikit-learn, fixed seed; only here) with each group weighing the same and its two classes
balanced, and reports, for every group left out in turn (fitted on the other five), the
scenario runner's balanced accuracy and false-abstention rate (a control counts as correct only
when it answers with its target in the top 3), LoCoMo's category-5 F1, next to today's rules on
the same searches. ``--write`` stores the model fitted on all six groups.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from pathlib import Path
from typing import Any

import numpy as np

from memwarden.trust.abstain import rule_decision
from memwarden.trust.abstain_features import FEATURES, abstain_features
from memwarden.trust.config import TrustConfig
from _replay import replay_probes  # bench/_replay.py
from _sets import SCENARIO_SETS  # bench/_sets.py

#: Scenario sets by author (HELPERS.md): dev = author 1, dev2 = 2, heldout = 3, ..., heldout5 = 7.
SETS = SCENARIO_SETS
GROUPS = [*SETS, "locomo"]
SEED = 0


def collect(out: Path, shard: tuple[int, int] = (0, 1)) -> None:
    from memwarden.evals.scenario_format import matches

    rows: list[dict[str, Any]] = []
    for name, sc, i, p, system in replay_probes("abstain", shard=shard):
        res = system.memory.search(p.query, user_id=sc.user_map[p.user], limit=10, as_of=p.as_of or sc.clock)
        t3 = None if p.expect_abstain or p.target is None else any(matches(h.memory, p.target) for h in res.results[:3])
        rows.append({"group": name, "scenario": sc.id, "probe": sc.probe_id(i), "query": p.query,
                     "label": p.expect_abstain, "target_in_3": t3, "result": res})
    out.write_bytes(pickle.dumps(rows))


def load_rows(scen: Path, locomo: Path | None) -> list[dict[str, Any]]:
    rows = [r for part in str(scen).split(",") for r in pickle.loads(Path(part).read_bytes())]
    if locomo is not None:
        stored = pickle.loads(locomo.read_bytes())
        for split in ("dev", "heldout"):
            for q, should, res in stored[split]:
                rows.append({"group": "locomo", "scenario": split, "probe": "", "query": q, "label": should,
                             "target_in_3": None, "result": res})
    return rows


def featurise(rows: list[dict[str, Any]], cfg: TrustConfig) -> np.ndarray:
    out = []
    for r in rows:
        res = r["result"]
        out.append([abstain_features(r["query"], res.results, res.conflicts, cfg)[f] for f in FEATURES]
                   if res.results else [0.0] * len(FEATURES))
    return np.asarray(out, dtype=float)


def cached_features(scen: Path, locomo: Path | None, cache: Path | None,
                    cfg: TrustConfig) -> tuple[list[dict[str, Any]], np.ndarray, np.ndarray]:
    """(rows without their results, features, the rules' decisions), read back from ``cache`` when present."""
    if cache is not None and cache.exists():
        return pickle.loads(cache.read_bytes())
    rows = load_rows(scen, locomo)
    X = featurise(rows, cfg)
    rule = np.array([bool(r["result"].abstained) if not r["result"].results else
                     rule_decision(r["query"], r["result"].results, r["result"].conflicts, cfg) is not None
                     for r in rows])
    rows = [{k: v for k, v in r.items() if k != "result"} for r in rows]
    if cache is not None:
        cache.write_bytes(pickle.dumps((rows, X, rule)))
    return rows, X, rule


def score(rows: list[dict[str, Any]], abstained: np.ndarray) -> dict[str, Any]:
    """The scenario runner's abstention metrics, plus LoCoMo's F1 (precision/recall of abstaining)."""
    pos = [a for r, a in zip(rows, abstained) if r["label"]]
    neg = [(a, r["target_in_3"]) for r, a in zip(rows, abstained) if not r["label"]]
    tp, fp = sum(pos), sum(a for a, _ in neg)
    rec = tp / len(pos) if pos else 0.0
    ctl = sum(1 for a, t in neg if not a and t is not False) / len(neg) if neg else 0.0
    prec = tp / (tp + fp) if tp + fp else 0.0
    return {"n": len(rows), "bal_acc": round((rec + ctl) / 2, 4), "recall": round(rec, 4),
            "false_abst": round(fp / len(neg), 4) if neg else None, "precision": round(prec, 4),
            "f1": round(2 * prec * rec / (prec + rec), 4) if prec + rec else 0.0}


def weights(groups: np.ndarray, y: np.ndarray, locomo_weight: float) -> np.ndarray:
    """Each group weighs 1 (LoCoMo ``locomo_weight``), split evenly between its two classes."""
    w = np.zeros(len(y))
    for g in set(groups.tolist()):
        for c in (0, 1):
            m = (groups == g) & (y == c)
            if m.any():
                w[m] = (locomo_weight if g == "locomo" else 1.0) / 2 / m.sum()
    return w * len(y) / w.sum()


def fit(X: np.ndarray, y: np.ndarray, w: np.ndarray, C: float, cols: list[int]) -> dict[str, Any]:
    from sklearn.linear_model import LogisticRegression

    Xs = X[:, cols]
    mean, scale = Xs.mean(0), Xs.std(0)
    scale[scale < 1e-6] = 1.0
    lr = LogisticRegression(C=C, max_iter=2000, random_state=SEED)
    lr.fit((Xs - mean) / scale, y, sample_weight=w)
    return {"features": [FEATURES[c] for c in cols], "mean": mean.tolist(), "scale": scale.tolist(),
            "coef": lr.coef_[0].tolist(), "intercept": float(lr.intercept_[0]), "threshold": 0.5}


def proba(model: dict[str, Any], X: np.ndarray, cols: list[int]) -> np.ndarray:
    """P(abstain) of each row under ``model`` (:func:`fit`'s standardised logistic model)."""
    z = ((X[:, cols] - np.asarray(model["mean"])) / np.asarray(model["scale"])) @ np.asarray(model["coef"]) \
        + model["intercept"]
    return 1 / (1 + np.exp(-z))


def predict(model: dict[str, Any], X: np.ndarray, cols: list[int]) -> np.ndarray:
    return proba(model, X, cols) >= model["threshold"]


def loao(rows, X, y, groups, rule, C, locomo_weight, cols) -> dict[str, Any]:
    fitted = np.zeros(len(y), dtype=bool)
    for g in GROUPS:
        test = groups == g
        if not test.any():
            continue
        tr = ~test
        m = fit(X[tr], y[tr], weights(groups[tr], y[tr], locomo_weight), C, cols)
        fitted[test] = predict(m, X[test], cols)
    table = {}
    for g in GROUPS:
        idx = np.where(groups == g)[0]
        if len(idx):
            sub = [rows[i] for i in idx]
            table[g] = {"rules": score(sub, rule[idx]), "fitted": score(sub, fitted[idx])}
    scen = np.where(groups != "locomo")[0]
    sub = [rows[i] for i in scen]
    table["pooled_scenarios"] = {"rules": score(sub, rule[scen]), "fitted": score(sub, fitted[scen])}
    return {"table": table, "fitted": fitted}


def main() -> None:
    ap = argparse.ArgumentParser()
    sp = ap.add_subparsers(dest="cmd", required=True)
    c = sp.add_parser("collect")
    c.add_argument("--out", type=Path, required=True)
    c.add_argument("--shard", default="0/1", help="k/n: only the authors whose place is k modulo n")
    f = sp.add_parser("fit")
    f.add_argument("--scen", type=Path, required=True)
    f.add_argument("--locomo", type=Path, default=None)
    f.add_argument("--C", type=float, default=0.3)
    f.add_argument("--locomo-weight", type=float, default=1.0)
    f.add_argument("--drop", default="", help="comma-separated features left out")
    f.add_argument("--write", type=Path, default=None)
    f.add_argument("--json", action="store_true")
    f.add_argument("--cache", type=Path, default=None, help="features stored here, read back when present")
    a = ap.parse_args()
    if a.cmd == "collect":
        k, n = (int(v) for v in a.shard.split("/"))
        collect(a.out, (k, n))
        return
    cfg = TrustConfig()
    rows, X, rule = cached_features(a.scen, a.locomo, a.cache, cfg)
    y = np.array([int(r["label"]) for r in rows])
    groups = np.array([r["group"] for r in rows])
    drop = set(filter(None, a.drop.split(",")))
    cols = [i for i, n in enumerate(FEATURES) if n not in drop]
    out = loao(rows, X, y, groups, rule, a.C, a.locomo_weight, cols)
    if a.json:
        print(json.dumps(out["table"], indent=1))
    else:
        print(f"LOAO (C={a.C}, locomo weight {a.locomo_weight}, dropped: {sorted(drop) or '-'})")
        print(f"{'group':18}{'n':>6} | {'rules bal/FA/F1':>22} | {'fitted bal/FA/F1':>22}")
        for g, v in out["table"].items():
            r, ft = v["rules"], v["fitted"]
            print(f"{g:18}{r['n']:>6} | {r['bal_acc']:.3f} / {r['false_abst']:.3f} / {r['f1']:.3f} | "
                  f"{ft['bal_acc']:.3f} / {ft['false_abst']:.3f} / {ft['f1']:.3f}")
    if a.write:
        m = fit(X, y, weights(groups, y, a.locomo_weight), a.C, cols)
        m["meta"] = {"fitted_by": "bench/fit_abstain.py", "C": a.C, "locomo_weight": a.locomo_weight, "seed": SEED,
                     "groups": {g: int((groups == g).sum()) for g in GROUPS}, "loao": out["table"]}
        a.write.write_text(json.dumps(m, indent=1) + "\n")
        print(f"wrote {a.write}", file=sys.stderr)


if __name__ == "__main__":
    main()
