"""Train an optional usage-policy classifier over the governance features on MemSyco-Bench dev.

    PYTHONPATH=src python bench/train_governance.py --data /work/shared/data/memsyco-dev --out policy_model.json

Not shipped: since session 7 the default policy is the fitted layer over the rules' signals
(``governance/layer.py``, written by ``bench/governance_loao.py``); before, the explicit rules
(a classifier trained on MemSyco's five templated tasks cannot predict a task it never saw; see bench/governance_generalisation.py and BENCHMARKS.md).
A model written here can be passed to ``classify(..., model=PolicyModel.load(path))``.

Inputs per memory are only the query, the dialogue (evidence) and the memory
texts in stored order (see governance/features.py); the task name, the items'
``status`` and ``type`` fields and the ids are never read. Cross-validation
holds out whole topics (GroupKFold over ``metadata.topic``), so the reported
number is for topics the model has not seen; a plain stratified 5-fold is
printed beside it for comparison.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict

import numpy as np

from memwarden.evals.memsyco_data import item_key, load_memsyco
from memwarden.governance.features import FEATURES, embed_joint, features, matrix
from memwarden.governance.models import POLICIES
from memwarden.providers.embedder import default_embedder


def featurize(cases, embedder):  # type: ignore[no-untyped-def]
    X, y, groups, tasks = [], [], [], []
    for c in cases:
        F = matrix(features(embed_joint(embedder, c.question, c.evidence, c.memories)))
        for i, row in enumerate(F):
            X.append(row)
            y.append(POLICIES.index(c.gold[i]))
            groups.append(c.group)
            tasks.append(c.task)
    return np.asarray(X, dtype=np.float64), np.asarray(y), groups, tasks


def make_clf(C: float):  # type: ignore[no-untyped-def]
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    return make_pipeline(StandardScaler(), LogisticRegression(C=C, max_iter=5000))


def cv_report(X, y, groups, tasks, C: float) -> dict:  # type: ignore[no-untyped-def]
    from sklearn.model_selection import GroupKFold, StratifiedKFold, cross_val_predict

    out = {}
    for name, cv, g in (("group_by_topic_5fold", GroupKFold(5), groups),
                        ("stratified_5fold", StratifiedKFold(5, shuffle=True, random_state=42), None)):
        proba = cross_val_predict(make_clf(C), X, y, groups=g, cv=cv, method="predict_proba")
        pred = proba.argmax(axis=1)
        out[name] = accuracy(pred, y, tasks)
    return out


def accuracy(pred, y, tasks) -> dict:  # type: ignore[no-untyped-def]
    """Overall and per-task accuracy of predicted policy indexes."""
    per_task: dict[str, list[bool]] = defaultdict(list)
    for p, t, task in zip(pred, y, tasks):
        per_task[str(task)].append(bool(p == t))
    return {"accuracy": round(float((pred == y).mean()), 4),
            "per_task": {k: round(float(np.mean(v)), 4) for k, v in sorted(per_task.items())}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--C", type=float, nargs="*", default=[0.1, 0.3, 1.0, 3.0])
    ap.add_argument("--features-cache", default=None, help="npz file to reuse computed features")
    a = ap.parse_args(argv)
    cases = load_memsyco(a.data)
    if a.features_cache:
        try:
            z = np.load(a.features_cache, allow_pickle=True)
            X, y, groups, tasks = z["X"], z["y"], list(z["groups"]), list(z["tasks"])
            if X.shape[1] != len(FEATURES):
                raise ValueError("stale cache")
        except (OSError, ValueError, KeyError):
            X, y, groups, tasks = featurize(cases, default_embedder())
            np.savez(a.features_cache, X=X, y=y, groups=np.array(groups), tasks=np.array(tasks))
    else:
        X, y, groups, tasks = featurize(cases, default_embedder())
    print(f"{len(cases)} items, {len(y)} memories; classes {dict(Counter(POLICIES[i] for i in y))}", file=sys.stderr)
    # C is chosen on the grouped CV (the honest number is then slightly optimistic: say so).
    reports = {C: cv_report(X, y, groups, tasks, C) for C in a.C}
    for C, r in reports.items():
        print(f"C={C}: grouped {r['group_by_topic_5fold']['accuracy']}  stratified {r['stratified_5fold']['accuracy']}", file=sys.stderr)
    best_C = max(reports, key=lambda C: reports[C]["group_by_topic_5fold"]["accuracy"])
    clf = make_clf(best_C).fit(X, y)
    scaler, lr = clf.steps[0][1], clf.steps[1][1]
    classes = [POLICIES[i] for i in lr.classes_]
    model = {
        "version": 1, "features": FEATURES, "classes": classes, "C": best_C,
        "trained_on": "MemSyco-Bench dev split (30%)", "n_memories": int(len(y)),
        # `eval memsyco` calls its accuracy training accuracy only on these items.
        "trained_on_items": sorted({item_key(c) for c in cases}),
        "cv": reports[best_C],
        "mean": scaler.mean_.round(6).tolist(), "scale": np.where(scaler.scale_ == 0, 1.0, scaler.scale_).round(6).tolist(),
        "coef": lr.coef_.round(6).tolist(), "intercept": lr.intercept_.round(6).tolist(),
    }
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(model, f, indent=1)
    print(json.dumps({"C": best_C, **reports[best_C]}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
