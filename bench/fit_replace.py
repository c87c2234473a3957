"""Fit and measure the pairwise "B, said later, updates A" model (memwarden/trust/replaces.py).

    PYTHONPATH=src python bench/fit_replace.py capture OUT.jsonl --sets dev dev2 heldout ... [--shard K N]
    PYTHONPATH=src python bench/fit_replace.py loao OUT.jsonl [OUT2.jsonl ...]        # folds by author
    PYTHONPATH=src python bench/fit_replace.py fit OUT.jsonl [...] --write           # the shipped file
    PYTHONPATH=src python bench/fit_replace.py count OUT.jsonl [...]                 # the shipped file's effect

``capture`` replays the sets (bench/_replay.py) with the replace step off and writes, per rank probe, its
first ten hits as the search ordered them (text, time said, who said it, slot, cosine to the question),
their pairwise cosines, and which of them match the probe's target and stale line. Training pairs (A said
before B, both among the first ten): positive, a "now" probe's stale line -> its target, and an "as of"
probe's target -> its stale line (the later value); negative, the target -> any later line, and any other
line -> the target. Fit only on the building authors (1-60 of bench/_sets.py AUTHORS).
``loao`` fits on four fifths of the authors and scores the rest, five times, and counts now@1,
stale-above, past@1 (as_of probes) and other@1 with the step applied, against the captured order.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from datetime import datetime
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from memwarden.trust.replaces import SCALARS, pair_features  # noqa: E402

OUT_FILE = Path(__file__).resolve().parents[1] / "src" / "memwarden" / "data" / "replace_weights.json"
TOP, THRESHOLD, C = 3, 0.7, 0.1


def capture(out: str, sets: list[str], shard: tuple[int, int]) -> None:
    from _replay import replay_probes
    from _sets import SCENARIO_SETS

    import memwarden.trust.ranking as ranking
    from memwarden.evals.scenario_format import matches
    from memwarden.trust.latest import asks_current_value
    from memwarden.trust.present import own_word
    from memwarden.trust.testimony import stated_at

    seen: dict = {}
    orig = ranking.replaced_first

    def off(hits, query, similar, model=None):  # the order before the step, and the cosines it would read
        seen.update(sim=similar)
        return hits
    ranking.replaced_first = off
    try:
        with open(out, "w") as f:
            for author, sc, i, p, system in replay_probes("rank", sets={k: SCENARIO_SETS[k] for k in sets}, shard=shard):
                seen.clear()
                res = system.memory.search(p.query, user_id=sc.user_map[p.user], limit=max(10, p.top_k),
                                           as_of=p.as_of or sc.clock)
                hits = res.results[:10]
                sim = seen.get("sim")
                row = {"author": author, "probe": f"{sc.id}/{i}", "query": p.query, "as_of": p.as_of is not None,
                       "stale": p.stale is not None, "multi": p.targets is not None, "acv": asks_current_value(p.query),
                       "hits": [{"id": h.id, "text": h.memory, "at": stated_at(h).timestamp(), "own": own_word(h),
                                 "spk": h.speaker, "slot": h.claim.slot if h.claim else None,
                                 "q": h.reliability.query_cosine if h.reliability and h.reliability.query_cosine is not None else 0.0}
                                for h in hits],
                       "sims": [[round(sim(a, b), 4) if sim else -1 for b in hits] for a in hits]}
                texts = [h.memory for h in hits]
                if p.targets is None:
                    row["T"] = [k for k, x in enumerate(texts) if matches(x, p.target)]
                    row["S"] = [] if p.stale is None else [k for k, x in enumerate(texts)
                                                            if matches(x, p.stale) and not matches(x, p.target)]
                f.write(json.dumps(row) + "\n")
    finally:
        ranking.replaced_first = orig


def load(files: list[str]) -> list[dict]:
    return [r for f in files for r in map(json.loads, open(f)) if not r["multi"]]


def features(r: dict, i: int, j: int) -> list[float]:
    a, b = r["hits"][i], r["hits"][j]
    return pair_features(a["text"], b["text"], cosine=r["sims"][i][j], hours=(b["at"] - a["at"]) / 3600,
                         own_a=a["own"], own_b=b["own"], same_speaker=a["spk"] == b["spk"],
                         same_slot=a["slot"] is not None and a["slot"] == b["slot"], q_cos_a=a["q"], q_cos_b=b["q"], query=r["query"])


def labelled(rows: list[dict]) -> list[tuple[int, int, int, int]]:
    out = []
    for ri, r in enumerate(rows):
        H, T, S = r["hits"], set(r["T"]), set(r["S"])
        if not T:
            continue
        for i in range(len(H)):
            for j in range(len(H)):
                if i == j or not H[j]["at"] > H[i]["at"] or (i in T and j in T):
                    continue
                if r["stale"] and not r["as_of"] and i in S and j in T:
                    out.append((ri, i, j, 1))
                elif r["stale"] and r["as_of"] and i in T and j in S:
                    out.append((ri, i, j, 1))
                elif not r["as_of"] and (i in T or (j in T and i not in S)):
                    out.append((ri, i, j, 0))
    return out


def fit(X: np.ndarray, y: np.ndarray):
    from sklearn.linear_model import LogisticRegression
    mean, scale = X.mean(0), X.std(0)
    scale[scale < 1e-9] = 1.0
    m = LogisticRegression(C=C, max_iter=2000, class_weight="balanced").fit((X - mean) / scale, y)
    return mean, scale, m.coef_[0], float(m.intercept_[0])


def prob(model, x: np.ndarray) -> np.ndarray:
    mean, scale, coef, b = model
    return 1 / (1 + np.exp(-(((x - mean) / scale) @ coef + b)))


def step(r: dict, p: dict, top: int, threshold: float) -> list[int]:
    """replaces.replaced_first on the captured order: ``p[(i, j)]`` the probability that j updates i."""
    order = list(range(len(r["hits"])))
    if not r["acv"]:
        return order
    for _ in range(3):
        for a in range(min(top, len(order))):
            best = None
            for b in range(a + 1, min(top, len(order))):
                q = p.get((order[a], order[b]))
                if q is not None and q > threshold and (best is None or q > best[0]):
                    best = (q, b)
            if best:
                order.insert(a, order.pop(best[1]))
                break
        else:
            break
    return order


def candidates(r: dict, top: int, floor: float = -1.0, drop: float = 9.0) -> list[tuple[int, int]]:
    """The pairs the step compares among the first ``top``: B said later, the pair's cosine at least ``floor`` and B's
    query cosine at most ``drop`` below A's (``count`` uses the shipped MIN_COSINE and MAX_QUESTION_DROP)."""
    n, H = min(top, len(r["hits"])), r["hits"]
    return [(i, j) for i in range(n) for j in range(n) if i != j and H[j]["at"] > H[i]["at"]
            and r["sims"][i][j] > -1 and r["sims"][i][j] >= floor and H[j]["q"] >= H[i]["q"] - drop]


def count(rows: list[dict], orders: list[list[int]]) -> collections.Counter:
    c: collections.Counter = collections.Counter()
    for r, order in zip(rows, orders):
        pos = {old: new for new, old in enumerate(order)}
        t = min((pos[x] for x in r["T"]), default=None)
        s = min((pos[x] for x in r["S"]), default=None)
        kind = "past" if r["as_of"] else "now" if r["stale"] else "other"
        c[kind + "_n"] += 1
        c[kind + "@1"] += t == 0
        if kind == "now":
            c["stale"] += s is not None and (t is None or s < t)
    return c


def show(name: str, c: collections.Counter) -> None:
    print(f"{name:10s} now@1 {c['now@1']}/{c['now_n']}  stale-above {c['stale']}  past@1 {c['past@1']}/{c['past_n']}"
          f"  other@1 {c['other@1']}/{c['other_n']}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cmd", choices=("capture", "loao", "fit", "count"))
    ap.add_argument("files", nargs="+")
    ap.add_argument("--sets", nargs="*", default=[])
    ap.add_argument("--shard", nargs=2, type=int, default=(0, 1))
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    if args.cmd == "capture":
        capture(args.files[0], args.sets, tuple(args.shard))
        return
    rows = load(args.files)
    L = labelled(rows)
    X = np.array([features(rows[ri], i, j) for ri, i, j, _ in L])
    y = np.array([lab for *_, lab in L])
    cand = [[(i, j) for i, j in candidates(r, TOP)] for r in rows]
    show("before", count(rows, [list(range(len(r["hits"]))) for r in rows]))
    if args.cmd == "count":
        from memwarden.trust.replaces import MAX_QUESTION_DROP, MIN_COSINE, load_replace_model
        m = load_replace_model()
        cand = [candidates(r, m.top, MIN_COSINE, MAX_QUESTION_DROP) for r in rows]
        model = (m.mean, m.scale, m.coef, m.intercept)
        orders = [step(r, {ij: float(prob(model, np.array(features(r, *ij)))) for ij in cs}, m.top, m.threshold)
                  for r, cs in zip(rows, cand)]
        show("after", count(rows, orders))
        return
    if args.cmd == "loao":
        from sklearn.metrics import roc_auc_score
        authors = sorted({r["author"] for r in rows})
        fold = {a: k % 5 for k, a in enumerate(authors)}
        g = np.array([fold[rows[ri]["author"]] for ri, *_ in L])
        oof = np.zeros(len(y))
        probs: list[dict] = [{} for _ in rows]
        for k in range(5):
            model = fit(X[g != k], y[g != k])
            oof[g == k] = prob(model, X[g == k])
            for ri, r in enumerate(rows):
                if fold[r["author"]] == k and cand[ri]:
                    ps = prob(model, np.array([features(r, i, j) for i, j in cand[ri]]))
                    probs[ri] = dict(zip(cand[ri], ps.tolist()))
        print(f"pairs {len(y)} positive {int(y.sum())} authors {len(authors)}  out-of-fold AUC {roc_auc_score(y, oof):.3f}")
        for top in (2, 3, 5):
            for th in (0.5, 0.6, 0.7, 0.8, 0.9):
                show(f"t{top} p{th}", count(rows, [step(r, p, top, th) for r, p in zip(rows, probs)]))
        return
    mean, scale, coef, b = fit(X, y)
    d = {"features": list(SCALARS), "mean": mean.round(6).tolist(), "scale": scale.round(6).tolist(),
         "coef": coef.round(6).tolist(), "intercept": round(b, 6), "threshold": THRESHOLD, "top": TOP,
         "meta": {"pairs": int(len(y)), "positive": int(y.sum()), "authors": len({r["author"] for r in rows}),
                  "C": C, "fitted": datetime.now().strftime("%Y-%m-%d")}}
    print(json.dumps({k: d[k] for k in ("coef", "intercept", "meta")}))
    if args.write:
        OUT_FILE.write_text(json.dumps(d, indent=1) + "\n", encoding="utf-8")
        print("wrote", OUT_FILE)


if __name__ == "__main__":
    main()
