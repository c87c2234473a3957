"""Does the no-LLM usage policy carry over to wording and tasks it was not built on?

    PYTHONPATH=src python bench/governance_generalisation.py --memsyco /work/shared/data/memsyco-dev \
        --cases evals/cases/governance.jsonl [--json out.json]

Four systems, four measurements (per-memory policy accuracy):

- ``string rules``: the four-line baseline of issue 12 — ``<information>`` in the dialogue ->
  defer_to_evidence, "familiar framing" in the memory -> ignore_as_evidence, "for the situation
  we discussed" in the question -> constrain_to_scope, first of two memories -> superseded, else use.
- ``old classifier``: the logistic regression shipped before issue 12 (its features and model
  file are read from git at ``--old-rev``), trained on MemSyco dev.
- ``new features + LR``: a logistic regression over the new meaning features (trained here).
- ``rules``: the explicit rules over the new features (since session 7 ``Memory.context`` runs the fitted
  layer over their signals; its leave-one-author-out and cross-template numbers: bench/governance_loao.py).

Measurements: MemSyco dev (trained systems: whole topics held out, GroupKFold 5; rule systems:
as is); leave-one-task-out (trained systems: train on four MemSyco tasks, test on the fifth;
rule systems: per-task accuracy, nothing is trained); the hand-written cases' dev half
(sha1(id) even, the half the rules were tuned on) and held-out half (odd, never looked at).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import types
from collections import defaultdict
from pathlib import Path

import numpy as np

from memwarden.evals.memsyco_data import load_memsyco
from memwarden.evals.policy_cases import in_time_order, load_cases, split_of
from memwarden.governance.features import MemoryInput, embed_joint, features, matrix
from memwarden.governance.models import POLICIES
from memwarden.governance.rules import rule_policy
from memwarden.providers.embedder import default_embedder

ROOT = Path(__file__).resolve().parents[1]
# MemSyco's five tasks, in the order BENCHMARKS.md's table lists them (the names are the files' stems).
TASKS = ("objective_fact_judgment", "contextual_scope_control", "memory_evidence_conflict", "personalized_memory_use",
         "valid_memory_selection")


def string_rule(question: str, evidence: list[str], memories: list[str]) -> list[str]:
    ev = "\n".join(evidence)
    out = []
    for i, m in enumerate(memories):
        if "<information>" in ev:
            out.append("defer_to_evidence")
        elif "familiar framing" in m.lower():
            out.append("ignore_as_evidence")
        elif "situation we discussed" in question.lower():
            out.append("constrain_to_scope")
        elif len(memories) == 2 and i == 0:
            out.append("superseded")
        else:
            out.append("use")
    return out


def load_old(rev: str) -> types.ModuleType:
    """The pre-issue-12 features module, from git, loaded inside the package (relative imports)."""
    src = subprocess.run(["git", "show", f"{rev}:src/memwarden/governance/features.py"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    mod = types.ModuleType("memwarden.governance._old_features")
    mod.__package__ = "memwarden.governance"
    sys.modules[mod.__name__] = mod
    exec(compile(src, "old_features.py", "exec"), mod.__dict__)  # noqa: S102 - our own code from git
    mod.MODEL = json.loads(subprocess.run(["git", "show", f"{rev}:src/memwarden/governance/data/policy_model.json"], cwd=ROOT,
                                          check=True, capture_output=True, text=True).stdout)
    return mod


def lr(C: float = 0.3):  # type: ignore[no-untyped-def]
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    return make_pipeline(StandardScaler(), LogisticRegression(C=C, max_iter=5000))


def shipped_predict(model: dict, X: np.ndarray) -> np.ndarray:
    mean, scale = np.asarray(model["mean"]), np.asarray(model["scale"])
    z = ((X - mean) / scale) @ np.asarray(model["coef"]).T + np.asarray(model["intercept"])
    return np.asarray([POLICIES.index(model["classes"][k]) for k in z.argmax(axis=1)])


def acc(pred, gold) -> float:  # type: ignore[no-untyped-def]
    ok = [p in g if isinstance(g, (list, tuple)) else p == g for p, g in zip(pred, gold)]
    return round(float(np.mean(ok)), 4) if ok else 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--memsyco", required=True)
    ap.add_argument("--cases", default=str(ROOT / "evals/cases/governance.jsonl"))
    ap.add_argument("--old-rev", default="9526061", help="git revision of the old classifier")
    ap.add_argument("--json", default=None)
    a = ap.parse_args(argv)
    emb = default_embedder()
    old = load_old(a.old_rev)
    ms = load_memsyco(a.memsyco)
    # -- MemSyco: features of both generations, gold, groups, tasks
    Xo, Xn, y, groups, tasks, srule, nrule = [], [], [], [], [], [], []
    for c in ms:
        Fo = old.features(old.embed_joint(emb, c.question, c.evidence, c.memories))
        rows = features(embed_joint(emb, c.question, c.evidence, c.memories))
        Xo.extend(Fo)
        Xn.extend(matrix(rows))
        nrule.extend(POLICIES.index(rule_policy(r)[0]) for r in rows)
        srule.extend(POLICIES.index(p) for p in string_rule(c.question, c.evidence, c.memories))
        y.extend(POLICIES.index(g) for g in c.gold)
        groups.extend([c.group] * len(c.memories))
        tasks.extend([c.task] * len(c.memories))
    Xo_, Xn_, y_ = np.asarray(Xo, float), np.asarray(Xn, float), np.asarray(y)
    tasks_ = np.asarray(tasks)
    from sklearn.model_selection import GroupKFold, cross_val_predict

    res: dict[str, dict[str, object]] = defaultdict(dict)
    res["string rules"]["memsyco_dev"] = acc(srule, y)
    res["rules"]["memsyco_dev"] = acc(nrule, y)
    for name, X in (("old classifier", Xo_), ("new features + LR", Xn_)):
        pred = cross_val_predict(lr(), X, y_, groups=groups, cv=GroupKFold(5))
        res[name]["memsyco_dev"] = acc(pred, y)
        loto, per = [], {}
        for t in TASKS:
            te = tasks_ == t
            clf = lr().fit(X[~te], y_[~te])
            p = clf.predict(X[te])
            per[t] = acc(p, y_[te])
            loto.extend(zip(p, y_[te]))
        res[name]["loto"] = acc([p for p, _ in loto], [g for _, g in loto])
        res[name]["loto_per_task"] = per
    for name, pred in (("string rules", srule), ("rules", nrule)):
        res[name]["loto"] = res[name]["memsyco_dev"]
        res[name]["loto_per_task"] = {t: acc(np.asarray(pred)[tasks_ == t], y_[tasks_ == t]) for t in TASKS}
    # -- hand-written cases: every system judges every memory of a case jointly
    full_old = lr().fit(Xo_, y_)  # noqa: F841 - the shipped file is what users had; this is for reference only
    full_new = lr().fit(Xn_, y_)
    for split in ("dev", "heldout"):
        cases = load_cases(a.cases, split)
        gold, preds = [], defaultdict(list)
        for c in cases:
            ordered = in_time_order(c.memories)
            texts = [m.text for m in ordered]
            ids = [m.id for m in ordered]
            rows = features(embed_joint(emb, c.query, c.evidence,
                                        [MemoryInput(text=m.text, speaker=m.speaker, time=m.ts) for m in ordered]))
            Fo = np.asarray(old.features(old.embed_joint(emb, c.query, c.evidence, texts)), float)
            got = {
                "string rules": string_rule(c.query, c.evidence, texts),
                "rules": [rule_policy(r)[0] for r in rows],
                "old classifier": [POLICIES[k] for k in shipped_predict(old.MODEL, Fo)],
                "new features + LR": [POLICIES[k] for k in full_new.predict(matrix(rows))],
            }
            for mid in c.expect:
                k = ids.index(mid)
                gold.append(c.expect[mid])
                for name, ps in got.items():
                    preds[name].append(ps[k])
        for name in preds:
            res[name][f"hand_{split}"] = acc(preds[name], gold)
        res["_n"][f"hand_{split}"] = len(gold)
    res["_n"]["memsyco_dev"] = len(y)
    order = ["string rules", "old classifier", "new features + LR", "rules"]
    print("| system | MemSyco dev | leave-one-task-out | hand-written dev half | hand-written held-out half |")
    print("|---|---|---|---|---|")
    for name in order:
        r = res[name]
        print(f"| {name} | {r['memsyco_dev']:.3f} | {r['loto']:.3f} | {r['hand_dev']:.3f} | {r['hand_heldout']:.3f} |")
    print(f"\nmemories: MemSyco dev {res['_n']['memsyco_dev']}, hand dev {res['_n']['hand_dev']}, "
          f"hand held-out {res['_n']['hand_heldout']}")
    print("\nleave-one-task-out, per held-out task:")
    for name in order:
        print(f"  {name}: " + ", ".join(f"{t} {v:.3f}" for t, v in res[name]["loto_per_task"].items()))  # type: ignore[union-attr]
    if a.json:
        Path(a.json).write_text(json.dumps(res, indent=1), encoding="utf-8")
    _ = split_of
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
