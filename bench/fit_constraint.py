"""Fit and measure the meaning stage of constraint typing (``retrieval/constraint_model.py``), leave one author out.

    PYTHONPATH=src python bench/fit_constraint.py dump OUT.npz      # replay the development sets, keep every claim row
    PYTHONPATH=src python bench/fit_constraint.py loao OUT.npz [--c 0.1 ...]   # per author: the model fitted on the others
    PYTHONPATH=src python bench/fit_constraint.py write OUT.npz --c C --threshold T  # fit on all, write the weights file
    PYTHONPATH=src python bench/fit_constraint.py split OUT.npz DIR --c C --threshold T  # one file per author, fitted
                                                                                      # without it
    PYTHONPATH=src python bench/fit_constraint.py run DIR REPORTS   # each author's scenarios with its file (end-to-end
                                                                   # LOAO); [--fusion constraint_meaning=1.5 ...]
    PYTHONPATH=src python bench/fit_constraint.py choose REPORTS_A REPORTS_B ...  # settings chosen leave one
                                                                   # author out on constraint@3 + multi@5 + now@1

A constraint stated once must surface for an indirect request that never names it; the closed-class typing
(``claims/restrictions.py``, ``slot_lexicon``) misses those said in a way its rules were not written for ("gets
horrendously seasick on anything smaller than a car ferry", "goes absolutely mental at other dogs"). Each claim row
of every development scenario (its index vector, MiniLM of "speaker: text") is labelled 1 when an
``indirect_constraint`` probe of its scenario targets it, else 0; a logistic model with strong L2 on the 384-d
vector says how much a claim reads as a constraint. Reported per held-out author: the AUC, and at the threshold the
share of its untyped targets it lifts and of its other claims it wrongly lifts. Sets: ``bench/_sets.py``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from _sets import SCENARIO_SETS


def dump(out: str) -> None:
    from memwarden.evals.scenario_format import load_scenarios, matches
    from memwarden.evals.scenario_systems import MemwardenSystem, make_embedder
    from memwarden.retrieval.row_meta import constraint_weight

    emb = make_embedder("minilm")
    vecs, labels, authors, lexical, texts = [], [], [], [], []
    for author, path in SCENARIO_SETS.items():
        for sc in load_scenarios(path).scenarios:
            system = MemwardenSystem(emb)
            for s in sc.sessions:
                system.add_session(sc.user_map[s.user], s.add_messages(), s.ts)
            targets = [p.target for p in sc.probes if sc.kind == "indirect_constraint" and p.type == "rank" and p.target]
            for user in set(sc.user_map.values()):
                idx = system.memory.scopes.index(user)
                for r in range(idx.n):
                    if not (idx.alive[r] and idx.is_claim[r]):
                        continue
                    item = system.memory.get(idx.ids[r], user_id=user)
                    vecs.append(idx.vectors[r].copy())
                    labels.append(int(any(matches(item.memory, t) for t in targets)))
                    authors.append(author)
                    lexical.append(constraint_weight(item.claim.slot if item.claim else None))
                    texts.append(item.memory)
            system.close()
        print(author, sum(1 for a in authors if a == author), "claims", file=sys.stderr)
    np.savez(out, vecs=np.array(vecs, np.float32), labels=np.array(labels), authors=np.array(authors),
             lexical=np.array(lexical, np.float32), texts=np.array(texts))


def _fit(x: np.ndarray, y: np.ndarray, c: float):
    from sklearn.linear_model import LogisticRegression

    return LogisticRegression(C=c, class_weight="balanced", max_iter=2000).fit(x, y)


def _auc(p: np.ndarray, y: np.ndarray) -> float:
    pos, neg = p[y == 1], p[y == 0]
    if not pos.size or not neg.size:
        return float("nan")
    return float((pos[:, None] > neg[None, :]).mean() + 0.5 * (pos[:, None] == neg[None, :]).mean())


def _labels(d, typed: bool) -> np.ndarray:
    """1 for an indirect-constraint target; with ``typed`` also for a claim the closed-class rules typed as one."""
    return ((d["labels"] == 1) | (typed & (d["lexical"] > 0))).astype(int)


def loao(data: str, cs: list[float], thresholds: list[float], typed: bool = False) -> None:
    d = np.load(data)
    x, y, a, lex = d["vecs"], d["labels"], d["authors"], d["lexical"]
    train_y = _labels(d, typed)
    for c in cs:
        rows = []
        for author in SCENARIO_SETS:
            tr, te = a != author, a == author
            p = _fit(x[tr], train_y[tr], c).predict_proba(x[te])[:, 1]
            yt, lt = y[te], lex[te]
            untyped_pos = (yt == 1) & (lt == 0)
            rows.append((author, _auc(p, yt), [(float((p[untyped_pos] >= t).mean()) if untyped_pos.any() else float("nan"),
                                                 float((p[(yt == 0) & (lt == 0)] >= t).mean())) for t in thresholds],
                         int(untyped_pos.sum())))
        print(f"C={c}")
        print("  author     AUC  untyped targets  " + "  ".join(f"t={t}: lifted/false" for t in thresholds))
        for author, auc, at, n in rows:
            print(f"  {author:10} {auc:.3f}  {n:3d}  " + "  ".join(f"{u:.2f}/{f:.3f}" for u, f in at))
        print(f"  mean AUC {np.nanmean([r[1] for r in rows]):.3f}; " + "  ".join(
            f"t={t}: {np.nanmean([r[2][i][0] for r in rows]):.2f}/{np.nanmean([r[2][i][1] for r in rows]):.3f}"
            for i, t in enumerate(thresholds)))


def _weights(x: np.ndarray, y: np.ndarray, c: float, threshold: float, note: str) -> dict:
    m = _fit(x, y, c)
    return {"model": "constraint", "features": "minilm-384", "coef": [float(v) for v in m.coef_[0]],
            "bias": float(m.intercept_[0]), "threshold": threshold, "C": c, "note": note}


def write(data: str, c: float, threshold: float, path: str, typed: bool = False) -> None:
    d = np.load(data)
    n = len(set(d["authors"].tolist()))
    w = _weights(d["vecs"], _labels(d, typed), c, threshold, f"bench/fit_constraint.py on the {n} development authors")
    Path(path).write_text(json.dumps(w) + "\n", encoding="utf-8")


def split(data: str, out_dir: str, c: float, threshold: float, typed: bool = False) -> None:
    d = np.load(data)
    y = _labels(d, typed)
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    for author in SCENARIO_SETS:
        tr = d["authors"] != author
        w = _weights(d["vecs"][tr], y[tr], c, threshold, f"without {author}")
        Path(out_dir, f"{author}.json").write_text(json.dumps(w) + "\n", encoding="utf-8")


def run(weights_dir: str, out_dir: str, authors: list[str], fusion: dict | None = None) -> None:
    """Each author's scenarios with the weights fitted without it (``split``): the end-to-end leave-one-author-out
    run, one JSON report per set in ``out_dir`` as ``memwarden eval scenarios --json`` writes it. ``fusion``: the
    ``FusionConfig`` fields to set for the run (``--fusion constraint_meaning=2``), the search's other settings as
    configured."""
    import dataclasses

    from memwarden import config as _config
    from memwarden._fitted import Weights
    from memwarden.evals.scenario_format import load_scenarios
    from memwarden.evals.scenario_systems import make_embedder, system_factory
    from memwarden.evals.scenarios import run_scenarios
    from memwarden.retrieval import row_meta
    from memwarden.retrieval.constraint_model import ConstraintModel

    if fusion:
        shipped = _config.MemoryConfig.fusion
        _config.MemoryConfig.fusion = lambda self: dataclasses.replace(shipped(self), **fusion)
    emb = make_embedder("minilm")
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    for author in authors:
        f = Path(weights_dir, f"{author}.json")
        model = ConstraintModel.from_weights(Weights.read(f, "constraint weights"))
        row_meta.load_model = lambda m=model: m  # the index reads its model through this name
        report = run_scenarios(load_scenarios(SCENARIO_SETS[author]), system_factory("memwarden", emb))
        report = {**report, "system": "memwarden", "embedder": "minilm", "data": SCENARIO_SETS[author], "only": None}
        Path(out_dir, f"{author}.json").write_text(json.dumps(report, default=str), encoding="utf-8")
        print(author, report["issue10"]["constraint_hit@3"], file=sys.stderr)


_METRICS = (("constraint_hit@3", "constr@3"), ("multi_fact_all_in_top5", "multi@5"), ("now_current@1", "now@1"))


def _report_metrics(path: Path) -> list[float | None]:
    d = json.loads(path.read_text(encoding="utf-8"))
    d = d["reports"][0] if "reports" in d else d
    return [d["issue10"].get(k) for k, _ in _METRICS] + [d["overall"]]


def choose(dirs: list[str]) -> None:
    """Leave one author out over settings: each ``dirs`` entry holds one setting's reports (``run``, or
    ``run_dev.sh``'s); for each author, the setting with the best sum of mean constraint@3, multi-fact@5 and now@1
    over the other authors is chosen, and that author's numbers under it are reported."""
    names = [Path(x).name for x in dirs]
    table = {a: [_report_metrics(Path(x, f"{a}.json")) for x in dirs] for a in SCENARIO_SETS}

    def score(authors: list[str], j: int) -> float:
        return sum(float(np.mean([table[a][j][i] for a in authors if table[a][j][i] is not None]))
                   for i in range(len(_METRICS)))

    print("| author | " + " | ".join(names) + " | chosen without it | its constr@3, multi@5, now@1, overall |")
    print("|---" * (len(names) + 3) + "|")
    chosen_rows = []
    for a in SCENARIO_SETS:
        others = [b for b in SCENARIO_SETS if b != a]
        j = max(range(len(dirs)), key=lambda k: score(others, k))
        chosen_rows.append(table[a][j])
        cells = ["/".join("–" if v is None else f"{v:.3f}" for v in table[a][k][:1]) for k in range(len(dirs))]
        print(f"| {a} | " + " | ".join(cells) + f" | {names[j]} | " +
              ", ".join("–" if v is None else f"{v:.3f}" for v in table[a][j]) + " |")
    for k, n in enumerate(names):
        means = [np.mean([table[a][k][i] for a in SCENARIO_SETS if table[a][k][i] is not None]) for i in range(4)]
        print(f"{n:12} all authors: " + ", ".join(f"{lab} {m:.3f}" for (_, lab), m in zip(_METRICS + (("", "overall"),), means)))
    means = [np.mean([r[i] for r in chosen_rows if r[i] is not None]) for i in range(4)]
    print("LOAO-chosen: " + ", ".join(f"{lab} {m:.3f}" for (_, lab), m in zip(_METRICS + (("", "overall"),), means)))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["dump", "loao", "write", "split", "run", "choose"])
    ap.add_argument("data")
    ap.add_argument("out", nargs="*")
    ap.add_argument("--authors", nargs="+", default=list(SCENARIO_SETS))
    ap.add_argument("--typed", action="store_true", help="also train on the claims the rules typed as constraints")
    ap.add_argument("--c", type=float, nargs="+", default=[0.01, 0.1, 1.0])
    ap.add_argument("--threshold", type=float, nargs="+", default=[0.5, 0.7, 0.9])
    ap.add_argument("--fusion", nargs="*", default=[], help="run: FusionConfig fields as name=number")
    args = ap.parse_args()
    if args.cmd == "dump":
        dump(args.data)
    elif args.cmd == "loao":
        loao(args.data, args.c, args.threshold, args.typed)
    elif args.cmd == "write":
        write(args.data, args.c[0], args.threshold[0], (args.out or ["src/memwarden/data/constraint_weights.json"])[0], args.typed)
    elif args.cmd == "choose":
        choose([args.data, *args.out])  # every argument a reports directory
    elif args.cmd == "split":
        split(args.data, args.out[0], args.c[0], args.threshold[0], args.typed)
    else:
        fusion = {k: (int(v) if k.endswith("_top") else float(v)) for k, v in (f.split("=", 1) for f in args.fusion)}
        run(args.data, args.out[0], args.authors, fusion)  # data: the weights directory, out: the reports directory


if __name__ == "__main__":
    main()
