"""Fit the final ranking stage (trust/fitted_rank.py) on the scenario sets' rank probes, leave-one-author-out.

    PYTHONPATH=src python bench/fit_rank.py dump --out /tmp/rank_dump.npz
    PYTHONPATH=src python bench/fit_rank.py fit --dump /tmp/rank_dump.npz [--write]

``dump`` replays every scenario of the five authors' sets (dev, dev2, heldout, heldout2, heldout3)
into a fresh :class:`~memwarden.Memory` with the hand order (``rank_order="hand"``), runs each rank
probe's search once (as ``memwarden eval scenarios`` does: ``max(10, k)`` hits at the probe's
clock) and keeps, per returned hit, the feature row the ranking itself computed
(:func:`memwarden.trust.fitted_rank.observe`) and its labels: matches the probe's target (any of
``targets``), matches its ``stale`` value.

``fit`` fits a pairwise logistic regression (target hit minus other hit, the stale value's pairs
weighted up; fixed seed, deterministic) and reports, for each author fitted on the other four,
current@1, hit@3, constraint hit@3 (indirect_constraint probes), stale-above, the "now" probes'
current@1 and the answerable abstention controls' target in the first 3 (also training probes), against today's hand order on the same probes; then pooled. ``--write`` refits on all
five and writes ``memwarden/data/rank_weights.json`` with the chosen ``top``.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import numpy as np
from _sets import SCENARIO_SETS  # bench/_sets.py

AUTHORS = SCENARIO_SETS
WEIGHTS = Path(__file__).resolve().parents[1] / "src" / "memwarden" / "data" / "rank_weights.json"
SEED = 0


@dataclass
class Probe:
    author: str
    kind: str
    probe: str
    query: str
    now: bool
    X: np.ndarray  # hits in today's order x features
    pos: np.ndarray  # matches the target (bool per hit)
    neg: np.ndarray  # what the target must rank above (the rest; for a policy probe, target hits given another policy)
    stale: np.ndarray  # matches the stale value and not the target
    has_target: bool
    has_stale: bool


def dump(out: str, root: Path) -> None:
    from memwarden.evals.scenario_format import load_scenarios, matches
    from memwarden.evals.scenario_systems import MemwardenSystem, make_embedder
    from memwarden.trust.fitted_rank import observe

    emb = make_embedder("minilm")
    rows: list[dict[str, Any]] = []
    for author, rel in AUTHORS.items():
        data = load_scenarios(root / rel)
        for sc in data.scenarios:
            if not any(p.type in ("rank", "policy") or (p.type == "abstain" and not p.expect_abstain) for p in sc.probes):
                continue
            system = MemwardenSystem(emb)
            cfg = system.memory.config.trust.model_copy(update={"rank_order": "hand"})
            system.memory.config = system.memory.config.model_copy(update={"trust": cfg})
            system.memory.scopes.trust.config = cfg
            try:
                for s in sc.sessions:
                    msgs = s.add_messages()
                    system.add_session(sc.user_map[s.user], msgs, s.ts)
                for i, p in enumerate(sc.probes):
                    uid, when = sc.user_map[p.user], p.as_of or sc.clock
                    if p.type == "policy":
                        rows += _policy_row(system, author, sc, i, p, uid, when, observe, matches)
                        continue
                    # An answerable abstention control is judged like a rank probe's hit@3: its target in the first 3.
                    control = p.type == "abstain" and not p.expect_abstain and p.target is not None
                    if p.type != "rank" and not control:
                        continue
                    seen: list[tuple[list[str], np.ndarray]] = []
                    with observe(lambda hits, X: seen.append(([h.memory for h in hits], X.copy()))):
                        res = system.memory.search(p.query, user_id=sc.user_map[p.user],
                                                   limit=10 if control else max(10, p.top_k),
                                                   as_of=p.as_of or sc.clock)
                    texts = [h.memory for h in res.results]
                    if not seen or seen[-1][0] != texts:
                        continue  # fewer than two hits: nothing to order
                    targets = getattr(p, "targets", None)
                    groups = targets if targets is not None else [p.target] if p.target is not None else []
                    stale_of = getattr(p, "stale", None)
                    pos = [any(matches(t, g) for g in groups) for t in texts]
                    stale = [stale_of is not None and matches(t, stale_of) and not (p.target and matches(t, p.target))
                             for t in texts]
                    rows.append({"author": author, "kind": "control" if control else sc.kind, "probe": f"{sc.id}/{sc.probe_id(i)}", "query": p.query,
                                 "now": p.as_of is None and stale_of is not None, "X": seen[-1][1], "pos": pos,
                                 "stale": stale, "has_target": p.target is not None, "has_stale": stale_of is not None,
                                 "texts": texts, "neg": [not x for x in pos]})
            finally:
                system.close()
        print(author, sum(1 for r in rows if r["author"] == author), "rank probes dumped")
    Path(out).write_text(json.dumps([{**r, "X": r["X"].tolist()} for r in rows]))


def dump_locomo(out: str, data: str, conversations: int) -> None:
    """LoCoMo's questions as rank probes: a claim hit whose source turns hold evidence is a target.
    Each conversation in its own scope, one ``add`` per session (admission ``all``, as
    ``memwarden eval retrieval`` stores them); 30 hits per question, as that eval asks for k=10."""
    from memwarden.config import MemoryConfig
    from memwarden.memory import Memory
    from memwarden.trust.fitted_rank import observe
    from memwarden.training.locomo import load_locomo, store_conversation

    m = Memory(config=MemoryConfig(claims=True))
    cfg = m.config.trust.model_copy(update={"rank_order": "hand"})
    m.config = m.config.model_copy(update={"trust": cfg})
    m.scopes.trust.config = cfg
    rows: list[dict[str, Any]] = []
    for ci, conv in enumerate(load_locomo(Path(data))[:conversations]):
        uid = store_conversation(m, conv)
        for qi, q in enumerate(conv.qa):
            if not 1 <= q.category <= 4 or not q.evidence:
                continue
            seen: list[tuple[list[str], np.ndarray]] = []
            with observe(lambda hits, X: seen.append(([h.id for h in hits], X.copy()))):
                hits = m.search(q.question, user_id=uid, limit=30).results
            if not seen or seen[-1][0] != [h.id for h in hits]:
                continue
            gold = set(q.evidence)
            pos = [bool(gold & {t for e in h.episodes for t in e.source_turn_ids} | (gold & set(h.source_turn_ids)))
                   for h in hits]
            # Two folds of conversations, so LoCoMo is also scored on conversations it was not fitted on.
            rows.append({"author": f"locomo{ci % 2}", "kind": "locomo", "probe": f"{conv.sample_id}/{qi}",
                         "query": q.question, "now": False, "X": seen[-1][1], "pos": pos, "neg": [not x for x in pos],
                         "stale": [False] * len(pos), "has_target": True, "has_stale": False,
                         "texts": [h.memory for h in hits]})
        print(conv.sample_id, len(rows), "questions dumped")
    m.close()
    Path(out).write_text(json.dumps([{**r, "X": r["X"].tolist()} for r in rows]))


def _policy_row(system: Any, author: str, sc: Any, i: int, p: Any, uid: str, when: Any, observe: Any,
                matches: Any) -> list[dict[str, Any]]:
    """A policy probe judges the best-ranked memory matching its target (the order of the search behind
    ``context``): among the memories matching it, those given an expected policy should come first."""
    seen: list[tuple[list[str], np.ndarray]] = []
    with observe(lambda hits, X: seen.append(([h.id for h in hits], X.copy()))):
        governed = system.policies(p.query, uid, list(p.evidence), when, 10)
    if not seen:
        return []
    ids, X = seen[-1]  # the ordering search runs last
    policy = {g.id: g.policy for g in governed}
    text = {g.id: g.text for g in governed}
    hit = [m in text and matches(text[m], p.target) for m in ids]
    pos = [h and policy.get(m) in p.expect_policy for h, m in zip(hit, ids)]
    neg = [h and not q for h, q in zip(hit, pos)]
    return [{"author": author, "kind": "policy", "probe": f"{sc.id}/{sc.probe_id(i)}", "query": p.query, "now": False,
             "X": X, "pos": pos, "neg": neg, "stale": [False] * len(ids), "has_target": True, "has_stale": False,
             "texts": [text.get(m, "") for m in ids]}]


def load_dump(path: str) -> list[Probe]:
    raw = json.loads(Path(path).read_text())
    return [Probe(r["author"], r["kind"], r["probe"], r["query"], r["now"], np.asarray(r["X"], dtype=np.float64),
                  np.asarray(r["pos"], dtype=bool), np.asarray(r["neg"], dtype=bool), np.asarray(r["stale"], dtype=bool), r["has_target"], r["has_stale"])
            for r in raw]


def pairs(probes: Sequence[Probe], stale_weight: float, top: int, aux_weight: float = 1.0,
          locomo_weight: float = 0.2) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Differences (target - other) labelled 1 and their negatives labelled 0, among the first ``top``
    hits of today's order (the only ones the stage moves), one weight per pair normalised so every
    probe counts the same (an abstention control or a policy probe ``aux_weight`` times as much, a
    LoCoMo question ``locomo_weight``: there are five times as many of them as scenario probes)."""
    xs, ws = [], []
    for p in probes:
        P, N = np.flatnonzero(p.pos[:top]), np.flatnonzero(p.neg[:top])
        if not len(P) or not len(N):
            continue
        d = (p.X[P][:, None, :] - p.X[N][None, :, :]).reshape(-1, p.X.shape[1])
        w = np.ones((len(P), len(N)))
        w[:, p.stale[N]] *= stale_weight
        w = (w / w.sum()).reshape(-1) * (aux_weight if p.kind in ("control", "policy") else
                                          locomo_weight if p.kind == "locomo" else 1.0)
        xs.append(d)
        ws.append(w)
    D = np.concatenate(xs)
    W = np.concatenate(ws)
    return np.concatenate([D, -D]), np.concatenate([np.ones(len(D)), np.zeros(len(D))]), np.concatenate([W, W])


def fit(train: Sequence[Probe], C: float, stale_weight: float, top: int, aux_weight: float = 1.0,
        locomo_weight: float = 0.2) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    from sklearn.linear_model import LogisticRegression

    allX = np.concatenate([p.X for p in train])
    mean, scale = allX.mean(0), allX.std(0)
    scale[scale < 1e-9] = 1.0
    std = [Probe(**{**p.__dict__, "X": (p.X - mean) / scale}) for p in train]
    D, y, w = pairs(std, stale_weight, top, aux_weight, locomo_weight)
    lr = LogisticRegression(C=C, fit_intercept=False, max_iter=5000, random_state=SEED)
    lr.fit(D, y, sample_weight=w * len(train))
    coef = lr.coef_[0]
    # Scores in units of their spread over the training hits, so the hand-order margin reads the same at any C.
    spread = float((((allX - mean) / scale) @ coef).std()) or 1.0
    return mean, scale, coef / spread


def order(p: Probe, score: np.ndarray | None, top: int, margin: float = 0.0) -> np.ndarray:
    """Indices of the hits in the order shown: the fitted order of the first ``top``, the rest as today."""
    from memwarden.trust.fitted_rank import head_order

    n = len(p.pos)
    if score is None:
        return np.arange(n)
    return np.asarray(head_order(score, top, margin) + list(range(min(top, n), n)))


def metrics(probes: Sequence[Probe], orders: Sequence[np.ndarray]) -> dict[str, Any]:
    c1, h3, con, stale, now, ctl, pol, rr = [], [], [], [], [], [], [], []
    for p, o in zip(probes, orders):
        pos, st = p.pos[o], p.stale[o]
        t = int(np.argmax(pos)) if pos.any() else None
        if p.kind == "control":
            ctl.append(t is not None and t < 3)
            continue
        if p.kind == "locomo":
            rr.append(0.0 if t is None else 1.0 / (1 + t))
            c1.append(t == 0)
            continue
        if p.kind == "policy":
            judged = pos | p.neg[o]
            if judged.any():
                pol.append(bool(pos[int(np.argmax(judged))]))
            continue
        if p.has_target:
            c1.append(t == 0)
            h3.append(t is not None and t < 3)
            if p.kind == "indirect_constraint":
                con.append(t is not None and t < 3)
            if p.now:
                now.append(t == 0)
        if p.has_stale:
            s = int(np.argmax(st)) if st.any() else None
            stale.append(s is not None and (t is None or s < t))

    def m(v: list[bool]) -> float | None:
        return round(float(np.mean(v)), 3) if v else None

    return {"n": len(c1), "current@1": m(c1), "hit@3": m(h3), "constraint@3": m(con), "stale_above": m(stale),
            "now@1": m(now), "control@3": m(ctl), "policy": m(pol), "claim_mrr": m(rr)}


def loao(probes: Sequence[Probe], C: float, stale_weight: float, top: int, margin: float,
         aux_weight: float = 1.0, locomo_weight: float = 0.2) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    all_hand, all_fit, all_p = [], [], []
    lo_hand, lo_fit, lo_p = [], [], []
    for a in list(AUTHORS) + sorted({p.author for p in probes if p.kind == "locomo"}):
        test = [p for p in probes if p.author == a]
        train = [p for p in probes if p.author != a]
        mean, scale, w = fit(train, C, stale_weight, top, aux_weight, locomo_weight)
        fitted = [order(p, ((p.X - mean) / scale) @ w, top, margin) for p in test]
        hand = [order(p, None, top) for p in test]
        out[a] = {"hand": metrics(test, hand), "fitted": metrics(test, fitted)}
        if a in AUTHORS:
            all_hand, all_fit, all_p = all_hand + hand, all_fit + fitted, all_p + test
        else:
            lo_hand, lo_fit, lo_p = lo_hand + hand, lo_fit + fitted, lo_p + test
    out["pooled"] = {"hand": metrics(all_p, all_hand), "fitted": metrics(all_p, all_fit)}
    if lo_p:
        out["locomo"] = {"hand": metrics(lo_p, lo_hand), "fitted": metrics(lo_p, lo_fit)}
    return out


def _table(res: dict[str, dict[str, Any]]) -> str:
    keys = ("current@1", "hit@3", "constraint@3", "stale_above", "now@1", "control@3", "policy", "claim_mrr")
    lines = ["| author | n | " + " | ".join(f"{k} hand → fitted" for k in keys) + " |",
             "|---|---|" + "---|" * len(keys)]
    for a, r in res.items():
        cells = [f"{r['hand'][k]} → {r['fitted'][k]}" if r["hand"][k] is not None else "–" for k in keys]
        lines.append(f"| {a} | {r['hand']['n']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("--out", default="/tmp/rank_dump.json")
    d.add_argument("--root", default=".")
    lo = sub.add_parser("dump-locomo")
    lo.add_argument("--out", default="/tmp/rank_dump_locomo.json")
    lo.add_argument("--data", required=True)
    lo.add_argument("--conversations", type=int, default=10)
    f = sub.add_parser("fit")
    f.add_argument("--dump", default="/tmp/rank_dump.json")
    f.add_argument("--C", type=float, nargs="+", default=[0.1])
    f.add_argument("--stale-weight", type=float, nargs="+", default=[3.0])
    f.add_argument("--top", type=int, nargs="+", default=[5])
    f.add_argument("--margin", type=float, nargs="+", default=[0.0])
    f.add_argument("--aux-weight", type=float, nargs="+", default=[1.0])
    f.add_argument("--locomo", help="a dump-locomo file: LoCoMo questions as training probes (two folds)")
    f.add_argument("--locomo-weight", type=float, nargs="+", default=[0.2])
    f.add_argument("--write", action="store_true", help="refit on all five with the first setting and write the weights")
    args = ap.parse_args(argv)
    if args.cmd == "dump":
        dump(args.out, Path(args.root))
        return
    if args.cmd == "dump-locomo":
        dump_locomo(args.out, args.data, args.conversations)
        return
    probes = load_dump(args.dump) + (load_dump(args.locomo) if args.locomo else [])
    for C in args.C:
        for sw in args.stale_weight:
            for top in args.top:
                for mg in args.margin:
                    for aw in args.aux_weight:
                        for lw in args.locomo_weight:
                            res = loao(probes, C, sw, top, mg, aw, lw)
                            print(f"\nC={C} stale_weight={sw} top={top} margin={mg} aux_weight={aw} locomo_weight={lw}\n"
                                  + _table(res))
    if args.write:
        from memwarden.trust.fitted_rank import RankWeights

        C, sw, top, mg = args.C[0], args.stale_weight[0], args.top[0], args.margin[0]
        aw, lw = args.aux_weight[0], args.locomo_weight[0]
        mean, scale, w = fit(probes, C, sw, top, aw, lw)
        res = loao(probes, C, sw, top, mg, aw, lw)
        meta = {"fitted_on": sorted({p.author for p in probes}), "probes": len(probes), "C": C, "stale_weight": sw,
                "aux_weight": aw, "locomo_weight": lw, "margin": mg, "seed": SEED, "loao": res,
                "script": "python bench/fit_rank.py"}
        WEIGHTS.write_text(json.dumps(RankWeights(_feature_names(), mean, scale, w, top, meta, margin=mg).to_json(), indent=1) + "\n")
        print("wrote", WEIGHTS)


def _feature_names() -> tuple[str, ...]:
    from memwarden.trust.fitted_rank import FEATURES

    return FEATURES


if __name__ == "__main__":
    main()
