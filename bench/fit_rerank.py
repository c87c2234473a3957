"""A fitted reranker over the first N (~30) candidates of today's pipeline, chosen leave one author out.

    PYTHONPATH=src python bench/fit_rerank.py dump --out /tmp/rerank_dump.json [--shard 0/2]
    PYTHONPATH=src python bench/fit_rerank.py fit --dump /tmp/rerank_dump*.json [--C ...] [--top ...]

``dump`` replays every scenario of the development authors (``bench/_replay.replay_probes`` over ``bench/_sets.SCENARIO_SETS``, never the
validation sets) into a fresh :class:`~memwarden.Memory` (today's default config, hand order) and runs
each rank probe twice: once as ``memwarden eval scenarios`` does (``max(10, k)`` hits: today's order,
the baseline) and once for ``N`` hits (the candidates the reranker may reorder). For the second it
keeps, per hit, the feature row the ranking itself computed (:func:`memwarden.trust.fitted_rank.observe`:
every score part, the hand steps' moves, reliability, currentness, slot, answer type, request typing)
and the raw facts the extra features are read from: the hit's source episodes (siblings: claims of one
turn), when it was stated, its kind, its request/constraint lift. Labels: matches the probe's target,
each of its ``targets`` groups, its ``stale`` value.

``fit`` adds the structural features (sibling of a higher hit in the scan / today's order, the best
scan-ranked of its turn's siblings, number of siblings, age rank among the candidates, episode vs
claim, as-of probe) and fits a pairwise L2 logistic regression (target hit minus other hit, stale
pairs weighted up) on all authors but one, reorders the held-out author's first ``top`` candidates
by the score (``margin``: a hit passes one ranked above it today only by that much), and reports per
author, against today's order (the baseline search): now@1, as_of@1, current@1, stale-above,
constraint@3, multi-fact@k, source-reliability current@1.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any, Sequence

import numpy as np
from _replay import replay_probes  # bench/_replay.py
from _sets import AUTHORS as AUTHOR_NO, SCENARIO_SETS  # bench/_sets.py

N_CAND = 30
WEIGHTS = Path(__file__).resolve().parents[1] / "src" / "memwarden" / "data" / "rank_weights.json"
SEED = 0
#: Pair weight of the multi-fact probes (every target group in the first k): ``fit --multi-weight``.
MULTI_WEIGHT = 1.0
#: Round 3: another person's hit may not pass the asker's own (``head_order(held=...)``, as the search does);
#: ``fit --no-hold`` measures without it.
HOLD = True
#: Round 6: when the list-wide recency features count (:func:`memwarden.trust.rank_recency.gate_recency`):
#: ``fit --recency``; written into the weights' meta, which the search reads.
RECENCY = "all"
#: Round 6: a hit more than this below the list's best cosine to the question may not pass a hit above it today
#: that is within it (0: no such hold); ``fit --far``; written into the weights (``far``), which the search reads.
FAR = 0.0


def _hit_facts(h: Any) -> dict[str, Any]:
    from memwarden.trust.testimony import stated_at

    eps = [e.id for e in h.episodes] or list(h.source_turn_ids)
    return {"id": h.id, "eps": eps, "t": stated_at(h).timestamp(), "episode": h.kind == "episode",
            "constraint": float(h.scores.constraint or 0.0)}


def dump(out: str, root: Path, shard: tuple[int, int], n_cand: int = N_CAND) -> None:
    from memwarden.evals.scenario_format import matches
    from memwarden.trust.fitted_rank import observe

    rows: list[dict[str, Any]] = []
    for author, sc, i, p, system in replay_probes("rank", root=root, shard=shard):
        uid, when = sc.user_map[p.user], p.as_of or sc.clock
        if system.memory.config.trust.rank_order != "hand":
            # session 22: the fitted order is the default since session 18; the dump reads the hand order (the
            # observed features are the hand list's: with the fitted order on, every probe it reorders lost its row)
            cfg = system.memory.config.trust.model_copy(update={"rank_order": "hand"})
            system.memory.config = system.memory.config.model_copy(update={"trust": cfg})
            system.memory.scopes.trust.config = cfg
        seen: list[tuple[list[Any], np.ndarray]] = []
        with observe(lambda hits, X: seen.append((list(hits), X.copy()))):
            base = system.memory.search(p.query, user_id=uid, limit=max(10, p.top_k), as_of=when).results
        if n_cand > max(10, p.top_k):
            seen = []
            with observe(lambda hits, X: seen.append((list(hits), X.copy()))):
                cand = system.memory.search(p.query, user_id=uid, limit=max(n_cand, p.top_k), as_of=when).results
        else:
            cand = base
        if not seen or [h.id for h in seen[-1][0]] != [h.id for h in cand]:
            X = None
        else:
            X = seen[-1][1].tolist()
        groups = p.targets if p.targets is not None else [p.target] if p.target is not None else []

        def lab(texts: list[str]) -> dict[str, Any]:
            return {"pos": [p.target is not None and matches(t, p.target) for t in texts],
                    "groups": [[matches(t, g) for t in texts] for g in groups],
                    "stale": [p.stale is not None and matches(t, p.stale)
                              and not (p.target is not None and matches(t, p.target)) for t in texts]}

        rows.append({"author": author, "kind": sc.kind, "probe": f"{sc.id}/{sc.probe_id(i)}",
                     "query": p.query, "k": p.top_k, "now": p.as_of is None and p.stale is not None,
                     "past": p.as_of is not None, "has_target": p.target is not None,
                     "has_stale": p.stale is not None, "has_targets": p.targets is not None,
                     "base": lab([h.memory for h in base]), "base_ids": [h.id for h in base],
                     "cand": lab([h.memory for h in cand]), "facts": [_hit_facts(h) for h in cand],
                     "texts": [h.memory for h in cand], "X": X})
    Path(out).write_text(json.dumps(rows))


# -- features ---------------------------------------------------------------------------------------

def _extra() -> tuple[str, ...]:
    from memwarden.trust.rank_structure import STRUCTURE
    from memwarden.trust.rank_subject import SUBJECT

    return STRUCTURE + SUBJECT + ("cand_rr",)


def extra_features(r: dict[str, Any], X: np.ndarray, col: dict[str, int]) -> np.ndarray:
    """The structural features (:func:`memwarden.trust.rank_structure.structure`, the one function the
    search computes them with) from the dumped facts, plus the candidate's position (``cand_rr``, the
    hand order's ``hand_rr`` over the candidates)."""
    from memwarden.trust.rank_structure import STRUCTURE, structure
    from memwarden.trust.rank_subject import subject_features

    facts = r["facts"]
    n = len(facts)
    E = structure([set(f["eps"]) for f in facts], [f["t"] for f in facts], [f["episode"] for f in facts],
                  [f["constraint"] for f in facts], list(1.0 / X[:, col["pre_rr"]] - 1), list(X[:, col["newest"]]),
                  list(X[:, col["cosine_gap"]]), float(X[0, col["q_now"]]) if n else 0.0, r["query"])
    S = subject_features(r["texts"], r["query"], list(X[:, col["newest"]]), list(E[:, STRUCTURE.index("age_rank")]),
                         float(X[0, col["q_now"]]) if n else 0.0)
    return np.concatenate([E, S, (1.0 / (1 + np.arange(n)))[:, None]], axis=1)


def _reread_now(X: np.ndarray, col: dict[str, int], query: str) -> None:
    """The question's "now" reading as today's code reads it (:func:`memwarden.trust.fitted_rank.asks_now`; round 6
    leaves out a "current" inside a prepositional phrase), with its products, over a dump made before."""
    from memwarden.trust.fitted_rank import asks_now

    q = float(asks_now(query))
    X[:, col["q_now"]] = q
    for f, base in (("now_x_newest", "newest"), ("now_x_slot_newest", "slot_newest"),
                    ("now_x_later_similar", "later_similar"), ("now_x_update", "update_cue")):
        X[:, col[f]] = q * X[:, col[base]]


class Probe:
    def __init__(self, r: dict[str, Any], names: Sequence[str], keep: Sequence[int]) -> None:
        col = {f: i for i, f in enumerate(names)}
        X = np.asarray(r["X"], dtype=np.float64)[:, :len(names) - len(_extra())]  # the structure: recomputed below
        _reread_now(X, col, r["query"])
        full = np.concatenate([X, extra_features(r, X, col)], axis=1)
        from memwarden.trust.rank_recency import gate_recency

        full = gate_recency(full, names, RECENCY)
        self.held = full[:, list(names).index("held")] > 0 if HOLD else None
        self.gap = full[:, list(names).index("cosine_gap")]  # round 6: how far below the list's best cosine
        self.cos = full[:, list(names).index("cosine")]
        self.X = full[:, keep]
        self.author, self.kind, self.probe, self.k = r["author"], r["kind"], r["probe"], r["k"]
        self.now, self.past, self.has_target, self.has_stale = r["now"], r["past"], r["has_target"], r["has_stale"]
        self.has_targets = r["has_targets"]
        self.query = r["query"]
        self.base = {k: np.asarray(v, dtype=bool) for k, v in r["base"].items() if k != "groups"}
        self.base_groups = [np.asarray(g, dtype=bool) for g in r["base"]["groups"]]
        self.pos = np.asarray(r["cand"]["pos"], dtype=bool)
        self.groups = [np.asarray(g, dtype=bool) for g in r["cand"]["groups"]]
        self.stale = np.asarray(r["cand"]["stale"], dtype=bool)
        # What a pair is learnt from: a hit holding the target (or a multi-fact group) above one that holds none.
        anyg = np.zeros(len(self.pos), dtype=bool)
        for g in self.groups:
            anyg |= g
        self.good = self.pos | anyg if self.has_target or self.has_targets else np.zeros(len(self.pos), dtype=bool)


def load(paths: Sequence[str], drop: Sequence[str] = ()) -> tuple[list[Probe], list[str]]:
    from memwarden.trust.fitted_rank import BASE_FEATURES

    names = list(BASE_FEATURES) + list(_extra())
    keep = [i for i, f in enumerate(names) if f not in drop and not f.startswith("hand_rr")]
    raw = [r for p in paths for r in json.loads(Path(p).read_text()) if r["X"] is not None]
    return [Probe(r, names, keep) for r in raw], [names[i] for i in keep]


def pairs(probes: Sequence[Probe], top: int, stale_weight: float, now_weight: float = 1.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    xs, ws = [], []
    for p in probes:
        P, Nn = np.flatnonzero(p.good[:top]), np.flatnonzero(~p.good[:top])
        if not len(P) or not len(Nn):
            continue
        d = (p.X[P][:, None, :] - p.X[Nn][None, :, :]).reshape(-1, p.X.shape[1])
        w = np.ones((len(P), len(Nn)))
        w[:, p.stale[Nn]] *= stale_weight
        xs.append(d)
        ws.append((w / w.sum()).reshape(-1) * (now_weight if p.now else MULTI_WEIGHT if p.kind == "multi_fact" else 1.0))
    D, W = np.concatenate(xs), np.concatenate(ws)
    return np.concatenate([D, -D]), np.concatenate([np.ones(len(D)), np.zeros(len(D))]), np.concatenate([W, W])


def fit(train: Sequence[Probe], C: float, top: int, stale_weight: float,
        now_weight: float = 1.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    from sklearn.linear_model import LogisticRegression

    allX = np.concatenate([p.X[:top] for p in train])
    mean, scale = allX.mean(0), allX.std(0)
    scale[scale < 1e-9] = 1.0
    D, y, w = pairs(train, top, stale_weight, now_weight)
    D = D / scale  # differences: the mean cancels
    lr = LogisticRegression(C=C, fit_intercept=False, max_iter=5000, random_state=SEED)
    lr.fit(D, y, sample_weight=w * len(train))
    coef = lr.coef_[0]
    spread = float((((allX - mean) / scale) @ coef).std()) or 1.0
    return mean, scale, coef / spread


def reorder(p: Probe, score: np.ndarray, top: int, margin: float) -> np.ndarray:
    from memwarden.trust.fitted_rank import head_order, off_cosine

    n = len(p.pos)
    held = p.held
    if FAR:  # round 6: a hit off the question's matter by its cosine may not pass one on it (fitted_rank.off_matter)
        far = off_cosine(p.cos, p.gap, max(FAR, 0.0), max(-FAR, 0.0))  # FAR < 0: a share of the best cosine
        held = far if held is None else held | far
    return np.asarray(head_order(score, top, margin, held) + list(range(min(top, n), n)))


def _first(v: np.ndarray) -> int | None:
    return int(np.argmax(v)) if v.any() else None


def probe_metrics(pos: np.ndarray, stale: np.ndarray, groups: list[np.ndarray], p: Probe) -> dict[str, bool | None]:
    t, s = _first(pos), _first(stale)
    m: dict[str, bool | None] = {}
    if p.has_target:
        m["current@1"] = t == 0
        if p.now:
            m["now@1"] = t == 0
        if p.past:
            m["as_of@1"] = t == 0
        if p.kind == "indirect_constraint":
            m["constraint@3"] = t is not None and t < 3
        if p.kind == "source_reliability":
            m["source@1"] = t == 0
    if p.has_stale:
        m["stale_above"] = s is not None and (t is None or s < t)
    if p.kind == "multi_fact":
        if p.has_targets:
            m["multi@k"] = all(g[:p.k].any() for g in groups)
        elif p.has_target:
            m["multi@k"] = t is not None and t < p.k
    return m


def evaluate(p: Probe, o: np.ndarray | None) -> dict[str, bool | None]:
    if o is None:
        return probe_metrics(p.base["pos"], p.base["stale"], p.base_groups, p)
    cut = max(10, p.k)
    o = o[:cut]
    return probe_metrics(p.pos[o], p.stale[o], [g[o] for g in p.groups], p)


#: Every probe's metrics in the last leave-one-author-out run (``fit --probes-out``: which probes a setting wins or loses).
PROBES: list[dict[str, Any]] = []
KEYS = ("now@1", "as_of@1", "current@1", "stale_above", "constraint@3", "multi@k", "source@1")


def summarise(ms: Sequence[dict[str, bool | None]]) -> dict[str, tuple[float, int] | None]:
    out: dict[str, tuple[float, int] | None] = {}
    for k in KEYS:
        v = [m[k] for m in ms if k in m]
        out[k] = (float(np.mean(v)), len(v)) if v else None
    return out


_FITS: dict[tuple, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def loao(probes: Sequence[Probe], C: float, top: int, sw: float, margin: float, nw: float = 1.0,
         gate: str = "all") -> dict[str, Any]:
    per: dict[str, Any] = {}
    PROBES.clear()
    pooled_b, pooled_f = [], []
    mean_b, mean_f = defaultdict(list), defaultdict(list)
    for a in SCENARIO_SETS:
        test = [p for p in probes if p.author == a]
        if not test:
            continue
        key = (a, C, top, sw, nw, MULTI_WEIGHT, RECENCY, len(probes))
        if key not in _FITS:  # the margin and the gate do not enter the fit: one fit per held-out author serves all
            _FITS[key] = fit([p for p in probes if p.author != a], C, top, sw, nw)
        mean, scale, w = _FITS[key]
        b = [evaluate(p, None) for p in test]
        f = [evaluate(p, reorder(p, ((p.X - mean) / scale) @ w, top, margin) if gated(p.query, gate) else None)
             for p in test]
        per[a] = (summarise(b), summarise(f))
        PROBES.extend({"author": a, "probe": p.probe, "query": p.query, "hand": mb, "fitted": mf}
                      for p, mb, mf in zip(test, b, f))
        pooled_b += b
        pooled_f += f
        for k in KEYS:
            if per[a][0][k] is not None:
                mean_b[k].append(per[a][0][k][0])
                mean_f[k].append(per[a][1][k][0])
    per["pooled"] = (summarise(pooled_b), summarise(pooled_f))
    per["author mean"] = ({k: (float(np.mean(v)), len(v)) for k, v in mean_b.items()},
                          {k: (float(np.mean(v)), len(v)) for k, v in mean_f.items()})
    return per


def gated(query: str, gate: str) -> bool:
    """Does the fitted order run for ``query`` (round 2: ``"all"``, or the named question readings)?"""
    if gate == "all":
        return True
    from memwarden.trust.fitted_rank import fitted_gate

    return fitted_gate(query, gate)


def table(res: dict[str, Any]) -> str:
    lines = ["| author | " + " | ".join(f"{k} today → fitted" for k in KEYS) + " |", "|---|" + "---|" * len(KEYS)]
    for a, (b, f) in res.items():
        name = f"{a} ({AUTHOR_NO[a]})" if a in AUTHOR_NO else a
        cells = [f"{b[k][0]:.3f} → {f[k][0]:.3f}" if b.get(k) else "–" for k in KEYS]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("--out", default="/tmp/rerank_dump.json")
    d.add_argument("--root", default=".")
    d.add_argument("--shard", default="0/1")
    d.add_argument("--candidates", type=int, default=N_CAND,
                   help="hits the reranker sees; <= 10: the eval's own search (max(10, k) hits), as at run time")
    f = sub.add_parser("fit")
    f.add_argument("--dump", nargs="+", default=["/tmp/rerank_dump.json"])
    f.add_argument("--C", type=float, nargs="+", default=[0.01])
    f.add_argument("--top", type=int, nargs="+", default=[20])
    f.add_argument("--stale-weight", type=float, nargs="+", default=[3.0])
    f.add_argument("--margin", type=float, nargs="+", default=[0.0])
    f.add_argument("--now-weight", type=float, nargs="+", default=[1.0], help="pair weight of the 'now' probes")
    f.add_argument("--drop", nargs="*", default=[], help="feature names left out (ablation)")
    f.add_argument("--per-author", action="store_true")
    f.add_argument("--gate", nargs="+", default=["all"],
                   help="questions the fitted order runs for: all, or now / past / request joined by '+' (others keep the hand order)")
    f.add_argument("--multi-weight", type=float, default=1.0, help="pair weight of the multi-fact probes")
    f.add_argument("--no-hold", action="store_true", help="let another person's hit pass the asker's own (round 2)")
    f.add_argument("--weights", action="store_true", help="print the all-author fit's largest weights")
    f.add_argument("--probes-out", help="write each probe's hand / fitted metrics to PREFIX-m<margin>.json")
    f.add_argument("--far", type=float, nargs="+", default=[0.0],
                   help="round 6: hits this far below the best cosine may not pass one within it; negative: below that "
                        "share of the best (0: off)")
    f.add_argument("--recency", default="all",
                   help="round 6: when list-wide recency counts (all, pair, share, near)")
    f.add_argument("--weights-out", help="with --write: this path instead of memwarden/data/rank_weights.json")
    f.add_argument("--write", action="store_true",
                   help="refit on all development authors with the first setting and write memwarden/data/rank_weights.json")
    args = ap.parse_args(argv)
    if args.cmd == "fit":
        global MULTI_WEIGHT, HOLD, RECENCY, FAR
        MULTI_WEIGHT, HOLD, RECENCY = args.multi_weight, not args.no_hold, args.recency
    if args.cmd == "dump":
        a, b = (int(x) for x in args.shard.split("/"))
        dump(args.out, Path(args.root), (a, b), args.candidates)
        return
    probes, names = load(args.dump, args.drop)
    print(len(probes), "probes,", len(names), "features")
    for C in args.C:
        for top in args.top:
            for sw in args.stale_weight:
                for mg, nw, g, far in [(m, n, g, fa) for m in args.margin for n in args.now_weight for g in args.gate
                                       for fa in args.far]:
                    FAR = far
                    res = loao(probes, C, top, sw, mg, nw, g)
                    print(f"\nC={C} top={top} stale_weight={sw} margin={mg} now_weight={nw} gate={g} far={far}", flush=True)
                    print(table(res if args.per_author else {k: res[k] for k in ("pooled", "author mean")}))
                    if args.probes_out:
                        Path(f"{args.probes_out}-m{mg}-f{far}.json").write_text(json.dumps(PROBES))
                    if args.weights:
                        _, _, w = fit(probes, C, top, sw, nw)
                        for i in np.argsort(-np.abs(w))[:15]:
                            print(f"  {names[i]:24s} {w[i]:+.3f}")
                    print(flush=True)
    if args.write:
        write(probes, names, args)


def write(probes: Sequence[Probe], names: Sequence[str], args: Any) -> None:
    """Refit on every development author and write the weights in the search's feature order
    (``cand_rr``, the candidate's position, is the search's ``hand_rr``)."""
    from memwarden.trust.fitted_rank import FEATURES, RankWeights

    global FAR
    C, top, sw, mg, nw = args.C[0], args.top[0], args.stale_weight[0], args.margin[0], args.now_weight[0]
    FAR = args.far[0]
    mean, scale, w = fit(probes, C, top, sw, nw)
    at = {("hand_rr" if f == "cand_rr" else f): i for i, f in enumerate(names)}
    idx = [at[f] for f in FEATURES]
    res = loao(probes, C, top, sw, mg, nw, args.gate[0])
    meta = {"gate": args.gate[0], "fitted_on": sorted({p.author for p in probes}), "probes": len(probes), "C": C, "top": top,
            "stale_weight": sw, "now_weight": nw, "multi_weight": MULTI_WEIGHT, "margin": mg, "seed": SEED,
            "recency": RECENCY, "far": max(FAR, 0.0), "far_share": max(-FAR, 0.0),
            "loao_pooled": res["pooled"], "loao_author_mean": res["author mean"],
            "script": "python bench/fit_rerank.py fit --write"}
    out = Path(args.weights_out) if args.weights_out else WEIGHTS
    out.write_text(json.dumps(RankWeights(FEATURES, mean[idx], scale[idx], w[idx], top, meta, margin=mg).to_json(),
                                  indent=1) + "\n")
    print("wrote", out)


if __name__ == "__main__":
    main()
