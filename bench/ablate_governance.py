"""Feature ablations for the governance classifier on MemSyco dev (grouped CV).

Reproduces the ablation sentence of BENCHMARKS.md ("Governed use"): the
topic-grouped 5-fold accuracy of the policy classifier with all features,
without the template-like features, without the "later memory" features, and
without any feature of the memory's place in the stored order.
Run with C = 1 and without the rule fallback, as the original development
runs were (``--C`` and ``--rules`` change that).

    PYTHONPATH=src python bench/ablate_governance.py --data /work/shared/data/memsyco-dev \
        --features-cache /tmp/memsyco_features.npz

Features are computed once with the bundled MiniLM (slow: every dialogue
turn is embedded) and cached in ``--features-cache`` if given.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from train_governance import accuracy, featurize, make_clf  # noqa: E402

from memwarden.evals.memsyco_data import load_memsyco  # noqa: E402
from memwarden.governance.features import FEATURES  # noqa: E402
from memwarden.governance.models import POLICIES  # noqa: E402
from memwarden.governance.policy import RULE_BELOW, rule_policy  # noqa: E402
from memwarden.providers.embedder import default_embedder  # noqa: E402

ABLATIONS: dict[str, list[str]] = {
    "all features": [],
    "without template-like features": ["mem_generic", "mem_framing", "q_refers_back", "q_about_user", "mem_clauses", "mem_first_person"],
    "without later-memory features": ["later_sim", "later_q_gain", "later_shift", "later_exists"],
    # The stored-order features: with the later-memory ones gone, position alone still tells
    # "an earlier memory of the same topic" (superseded) apart; without any of them it cannot.
    "without any stored-order feature": ["later_sim", "earlier_sim", "later_q_gain", "later_shift", "later_exists",
                                         "position", "is_last", "is_first", "n_mem"],
}


def grouped_cv(X, y, groups, tasks, keep: list[int], C: float, rules: bool) -> dict:  # type: ignore[no-untyped-def]
    from sklearn.model_selection import GroupKFold, cross_val_predict

    proba = cross_val_predict(make_clf(C), X[:, keep], y, groups=groups, cv=GroupKFold(5), method="predict_proba")
    pred = proba.argmax(axis=1)
    if rules:
        for r in np.where(proba.max(axis=1) < RULE_BELOW)[0]:
            pred[r] = POLICIES.index(rule_policy(dict(zip(FEATURES, X[r].tolist()))))
    return accuracy(pred, y, tasks)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--C", type=float, default=1.0)
    ap.add_argument("--rules", action="store_true", help="apply the shipped rule fallback below RULE_BELOW")
    ap.add_argument("--features-cache", default=None)
    a = ap.parse_args(argv)
    cache = Path(a.features_cache) if a.features_cache else None
    if cache and cache.exists():
        z = np.load(cache, allow_pickle=True)
        X, y, groups, tasks = z["X"], z["y"], list(z["groups"]), list(z["tasks"])
    else:
        X, y, groups, tasks = featurize(load_memsyco(a.data), default_embedder())
        if cache:
            np.savez(cache, X=X, y=y, groups=np.array(groups), tasks=np.array(tasks))
    if X.shape[1] != len(FEATURES):
        raise SystemExit(f"feature cache has {X.shape[1]} columns, FEATURES has {len(FEATURES)}: delete it")
    report = {}
    for name, drop in ABLATIONS.items():
        keep = [i for i, f in enumerate(FEATURES) if f not in drop]
        report[name] = grouped_cv(X, y, groups, tasks, keep, a.C, a.rules)
        print(f"{name}: grouped accuracy {report[name]['accuracy']}  {report[name]['per_task']}", file=sys.stderr)
    print(json.dumps({"C": a.C, "rules": a.rules, "memories": int(len(y)), "ablations": report}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
