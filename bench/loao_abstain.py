"""Choose the fitted abstention (trust/abstain_features.py) leave one AUTHOR out over the development authors.

    PYTHONPATH=src:bench python bench/fit_abstain.py collect --out /tmp/ab/scen0.pkl --shard 0/2   # and 1/2
    memwarden eval abstention --data ../shared/data/locomo/locomo10.json --results /tmp/ab/locomo.pkl --json
    PYTHONPATH=src:bench python bench/loao_abstain.py --scen /tmp/ab/scen0.pkl,/tmp/ab/scen1.pkl \\
        --locomo /tmp/ab/locomo.pkl --cache /tmp/ab/feat.pkl [--write src/memwarden/data/abstain_weights.json]

The loss is fixed here, before any result is read (session 17): the mean over the authors of the
scenario runner's balanced accuracy (a control is right only when it answers with its target in the
top 3), subject to the mean over the authors of the false-abstention rate <= ``FA_CAP`` (0.10). Each
author in turn is left out; the model (standardised L2 logistic regression, each author weighing the
same, its two classes balanced) is fitted on the others and scores the one left out. The grid is the
regularisation ``C`` x the probability threshold; the whole curve is printed. LoCoMo (category 5
should abstain) is never fitted on: the model fitted on all the authors is scored on its two halves.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from fit_abstain import cached_features, fit, proba, score, weights  # bench/fit_abstain.py
from memwarden.trust.abstain_features import FEATURES
from memwarden.trust.config import TrustConfig

#: At most fifteen signals the search already computes, named before fitting (the brief's list).
CHOSEN = ("best_cos", "cos_gap", "topic_cos", "overlap_best", "overlap_top3", "unmatched_share", "wh_head_missing",
          "ask_none", "answer_type_missing", "attr_missing", "subject_missing", "polar_missing", "rule_floor",
          "first_person_support", "rule_abstains")
FA_CAP = 0.10
CS = (0.01, 0.03, 0.1, 0.3, 1.0)
THRESHOLDS = tuple(round(t, 2) for t in np.arange(0.30, 0.81, 0.05))


def per_author(rows, abstained, groups) -> tuple[float, float, dict]:
    table = {g: score([rows[i] for i in np.where(groups == g)[0]], abstained[groups == g])
             for g in dict.fromkeys(groups.tolist())}
    return (float(np.mean([v["bal_acc"] for v in table.values()])),
            float(np.mean([v["false_abst"] for v in table.values()])), table)


def loao_probs(X, y, groups, C, cols) -> np.ndarray:
    p = np.zeros(len(y))
    for g in dict.fromkeys(groups.tolist()):
        test = groups == g
        m = fit(X[~test], y[~test], weights(groups[~test], y[~test], 1.0), C, cols)
        p[test] = proba(m, X[test], cols)
    return p


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scen", required=True, help="comma-separated collect pickles")
    ap.add_argument("--locomo", type=Path, default=None)
    ap.add_argument("--cache", type=Path, default=None)
    ap.add_argument("--features", default=",".join(CHOSEN))
    ap.add_argument("--write", type=Path, default=None)
    a = ap.parse_args()
    cfg = TrustConfig()
    rows, X, rule = cached_features(Path(a.scen), a.locomo, a.cache, cfg)
    names = a.features.split(",")
    cols = [FEATURES.index(n) for n in names]
    allg = np.array([r["group"] for r in rows])
    sc = allg != "locomo"
    lo = ~sc
    Xs, ys, gs, rs = X[sc], np.array([int(r["label"]) for r in rows])[sc], allg[sc], [r for r, s in zip(rows, sc) if s]
    ba_r, fa_r, rule_table = per_author(rs, rule[sc], gs)
    print(f"{len(set(gs.tolist()))} authors, {len(ys)} probes ({ys.sum()} unanswerable); features {len(cols)}")
    print(f"rules: mean BA {ba_r:.3f}  mean FA {fa_r:.3f}")
    best = None
    for C in CS:
        p = loao_probs(Xs, ys, gs, C, cols)
        line = []
        for t in THRESHOLDS:
            ba, fa, _ = per_author(rs, p >= t, gs)
            line.append(f"{t:.2f}:{ba:.3f}/{fa:.3f}")
            if fa <= FA_CAP and (best is None or ba > best[0]):
                best = (ba, fa, C, t, p)
        print(f"C={C:<5} LOAO BA/FA by threshold  " + "  ".join(line))
    ba, fa, C, t, p = best
    print(f"chosen: C={C} threshold={t}  LOAO mean BA {ba:.3f} FA {fa:.3f}  (rules {ba_r:.3f} / {fa_r:.3f})")
    _, _, fit_table = per_author(rs, p >= t, gs)
    for g in fit_table:
        r, f = rule_table[g], fit_table[g]
        print(f"  {g:10} rules {r['bal_acc']:.3f}/{r['false_abst']:.3f}  fitted {f['bal_acc']:.3f}/{f['false_abst']:.3f}")
    model = fit(Xs, ys, weights(gs, ys, 1.0), C, cols)
    model["threshold"] = t
    if lo.any():
        lrows = [r for r, s in zip(rows, lo) if s]
        pl = proba(model, X[lo], cols) >= t
        for half in ("dev", "heldout"):
            idx = np.array([r["scenario"] == half for r in lrows])
            sub = [r for r, i in zip(lrows, idx) if i]
            print(f"LoCoMo {half}: rules F1 {score(sub, rule[lo][idx])['f1']:.3f}  fitted F1 {score(sub, pl[idx])['f1']:.3f}")
    print("coef: " + ", ".join(f"{n} {c:+.2f}" for n, c in zip(model["features"], model["coef"])))
    if a.write:
        model["meta"] = {"fitted_by": "bench/loao_abstain.py", "C": C, "seed": 0, "fa_cap": FA_CAP,
                         "authors": len(set(gs.tolist())), "probes": int(len(ys)),
                         "loao": {"mean_bal_acc": round(ba, 4), "mean_false_abst": round(fa, 4),
                                  "rules_bal_acc": round(ba_r, 4), "rules_false_abst": round(fa_r, 4)}}
        a.write.write_text(json.dumps(model, indent=1) + "\n")
        print(f"wrote {a.write}", file=sys.stderr)


if __name__ == "__main__":
    main()
