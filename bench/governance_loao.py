"""Leave-one-author-out (LOAO) evaluation of the governance policy, and the fit of its final layer.

    PYTHONPATH=src python bench/governance_loao.py [--memsyco /work/shared/data/memsyco-dev] [--json out.json]
        [--fit-out src/memwarden/governance/data/policy_layer.json]

The hand-written policy cases come from the development authors who wrote any (session 17: authors 1 and
3-42, `_sets.SCENARIO_SETS`; author 2 wrote none; the validation authors are never read): author 1
``evals/cases/governance.jsonl`` + ``governance_probes.jsonl``, the others their set's ``governance.jsonl``. Every case
is featurised as ``Memory.context`` would (:func:`memwarden.evals.policy_cases.governance_decide`: memories sorted by
time, judged jointly). Authors 3 to 42's scenario policy probes (``evals/heldoutN/scenarios.json``) count too: each
scenario is replayed into a fresh ``Memory`` and the row of the probe's target memory is the one ``context()``
computed (a probe whose target is not in the context has no row and is counted apart). ``--weighting author`` (the
default) gives each author the same total weight in a fit, ``item`` each memory the same.

Systems, each scored on the author it did not see (per author, pooled over memories, and the
mean over authors, whose weight does not favour author 1's 370 cases):

- ``rules``: the explicit rules (:func:`rule_policy`). Nothing is fitted, but the rules were
  written in sessions 5-6 and 8 from failing cases of authors 1, 3, 4, 5 and 6, so their per-author
  numbers are *not* unseen-author numbers; the ablation shows what each rule buys per author.
- ``rules - R``: the rules without rule R (the memory falls through to the next rule).
- ``LR[inputs, C, ms]``: a softmax regression fitted with scikit-learn on the other authors' cases
  (and MemSyco dev with weight ``ms``) over ``feat`` (the meaning features, :data:`FEATURES`),
  ``sig`` (which rules' conditions hold), ``first`` (the first holding rule) and ``pol`` (its policy).

``--fit-out`` writes the chosen layer fitted on every author (and MemSyco dev when chosen) for
the package; the choice is by the mean accuracy over the seventeen sources each left out (the sixteen
authors and MemSyco dev), then the pooled hand-written accuracy, printed with the grid.
``--only 'sig+first+pol,0.03,1.0'`` scores named configs only (inputs,C,MemSyco weight). ``shipped`` is the layer
the package ships (``governance/data/policy_layer.json``) scored as it is: unseen only on the authors after its
``fitted_on``. ``--choose mean_author`` (session 17) chooses by the mean per-author accuracy over cases and probes.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

from memwarden.evals.policy_cases import in_time_order, load_cases
from memwarden.governance.features import FEATURES, MemoryInput, embed_joint, features
from memwarden.governance.models import POLICIES
from memwarden.governance.layer import signals
from memwarden.governance.rules import RULE_NAMES, rule_candidates, rule_policy
from memwarden.providers.embedder import default_embedder

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from _sets import AUTHORS as _SET_AUTHOR, SCENARIO_SETS  # noqa: E402  (development sets only)

#: The authors a fit reads (session 27: the BUILD half, authors 1-60; CHECK is 61-97 and is only scored, by
#: ``--authors 61-97 --score-only``). Set by :func:`select_authors`.
BUILD = (1, 60)


def _case_authors(lo: int, hi: int) -> dict[int, tuple[str, ...]]:
    out: dict[int, tuple[str, ...]] = {}
    if lo <= 1 <= hi:
        out[1] = ("evals/cases/governance.jsonl", "evals/cases/governance_probes.jsonl")
    out.update({_SET_AUTHOR[s]: (str(Path(f).parent / "governance.jsonl"),) for s, f in SCENARIO_SETS.items()
                if s not in ("dev", "dev2") and lo <= _SET_AUTHOR[s] <= hi
                and (ROOT / Path(f).parent / "governance.jsonl").exists()})
    return out


def _probe_authors(lo: int, hi: int) -> dict[int, tuple[str, ...]]:
    return {_SET_AUTHOR[s]: (f,) for s, f in SCENARIO_SETS.items() if s not in ("dev", "dev2") and lo <= _SET_AUTHOR[s] <= hi}


#: Hand-written policy cases per development author (author 2 wrote none).
AUTHORS: dict[int, tuple[str, ...]] = _case_authors(*BUILD)
#: Scenario files whose policy probes are scored as their author's cases (replayed end to end)
#: (author 1's probes are its governance_probes.jsonl; author 2 wrote none).
SCENARIO_PROBES: dict[int, tuple[str, ...]] = _probe_authors(*BUILD)


def select_authors(lo: int, hi: int) -> None:
    """Read only authors lo..hi (both included)."""
    global AUTHORS, SCENARIO_PROBES
    AUTHORS, SCENARIO_PROBES = _case_authors(lo, hi), _probe_authors(lo, hi)
SEED = 0
#: How the hand-written memories weigh in a fit: "author" (each author the same total), "item" (each memory the
#: same, so author 1's 454 weigh as they are), "sqrt" (between the two), set by --weighting.
WEIGHTING = "author"
#: 0: leave one author out; K: the authors dealt round-robin into K folds, each fold left out in turn (each
#: author is still scored by a layer that did not see it), set by --folds to keep a grid cheap.
FOLDS = 0


def _author_weights(authors: np.ndarray, among: np.ndarray) -> np.ndarray:
    """Per memory: "author" 1/n (each author the same total), "sqrt" 1/sqrt(n) (an author's total grows with the
    square root of how much it wrote), "item" the same for every memory."""
    if WEIGHTING == "item":
        return np.full(len(among), 1.0 / len(authors))
    power = 1.0 if WEIGHTING == "author" else 0.5
    return np.asarray([1.0 / np.sum(authors == b) ** power for b in among])


def featurise_cases(emb) -> list[dict]:  # type: ignore[no-untyped-def]
    out = []
    for author, files in AUTHORS.items():
        for f in files:
            for c in load_cases(ROOT / f):
                ordered = in_time_order(c.memories)
                ids = [m.id for m in ordered]
                rows = features(embed_joint(emb, c.query, c.evidence,
                                            [MemoryInput(text=m.text, speaker=m.speaker, time=m.ts) for m in ordered]))
                for mid, gold in c.expect.items():
                    r = rows[ids.index(mid)]
                    out.append({"author": author, "case": c.id, "memory": mid, "gold": gold, "row": r})
    return out


def replay_policy_probes(emb, path: str | Path):  # type: ignore[no-untyped-def]
    """Each policy probe of one scenario file replayed end to end, as ``eval scenarios`` does: yields (probe id, probe,
    the target hit or None, the target's feature row or None) -- None when the target is not in the context."""
    from memwarden.evals import scenarios as sc_eval
    from memwarden.evals.scenario_format import load_scenarios
    from memwarden.evals.scenario_systems import MemwardenSystem
    from memwarden.governance import policy as gov_policy

    seen: list[tuple[list[str], list[dict]]] = []
    real = gov_policy.features

    def capture(j):  # type: ignore[no-untyped-def]
        rows = real(j)
        seen.append(([m.text for m in j.memories], rows))
        return rows

    gov_policy.features = capture  # type: ignore[assignment]
    try:
        for sc in load_scenarios(ROOT / path).scenarios:
            probes = [(i, p) for i, p in enumerate(sc.probes) if p.type == "policy"]
            if not probes:
                continue
            system = MemwardenSystem(emb)
            for session in sc.sessions:
                system.add_session(sc.user_map[session.user], session.add_messages(), session.ts)
            for i, p in probes:
                seen.clear()
                hits = system.policies(p.query, sc.user_map[p.user], list(p.evidence), p.as_of or sc.clock, sc_eval.SEARCH_LIMIT)
                t = sc_eval._first(hits, p.target)
                texts, rows = seen[0] if seen else ([], [])
                if t is None or hits[t].text not in texts:
                    yield sc.probe_id(i), p, None, None
                else:
                    yield sc.probe_id(i), p, hits[t], rows[texts.index(hits[t].text)]
            system.close()
    finally:
        gov_policy.features = real  # type: ignore[assignment]


def featurise_scenario_probes(emb) -> tuple[list[dict], int]:  # type: ignore[no-untyped-def]
    """Rows of the policy probes' target memories, as ``Memory.context`` computed them; and how many
    probes had no target in the context."""
    out, missing = [], 0
    for author, files in SCENARIO_PROBES.items():
        for f in files:
            for pid, p, hit, row in replay_policy_probes(emb, f):
                if hit is None:
                    missing += 1
                    continue
                out.append({"author": author, "case": pid, "memory": hit.id, "gold": list(p.expect_policy), "row": row})
    return out, missing


def featurise_memsyco(emb, path: str) -> list[dict]:  # type: ignore[no-untyped-def]
    from memwarden.evals.memsyco_data import load_memsyco

    out = []
    for c in load_memsyco(path):
        rows = features(embed_joint(emb, c.question, c.evidence, c.memories))
        for r, g in zip(rows, c.gold):
            out.append({"author": 0, "case": c.id, "memory": "", "gold": [g], "row": r, "task": c.task, "group": c.group})
    return out


def input_names(inputs: str) -> list[str]:
    parts = inputs.split("+")
    return (list(FEATURES) if "feat" in parts else []) + (
        [f"rule:{n}" for n in RULE_NAMES if n != "default"] if "sig" in parts else []) + (
        [f"rule_first:{n}" for n in RULE_NAMES] if "first" in parts else []) + (
        [f"rule_policy:{p}" for p in POLICIES] if "pol" in parts else [])


def design(items: list[dict], inputs: str) -> np.ndarray:
    """The layer's inputs, computed as the package computes them (:func:`memwarden.governance.layer.signals`)."""
    names = input_names(inputs)
    rows = []
    for it in items:
        if "_sig" not in it:
            it["_sig"] = signals(it["row"])[0]
        rows.append([it["_sig"][k] for k in names])
    return np.asarray(rows, dtype=np.float64)


def fit(X: np.ndarray, y: np.ndarray, w: np.ndarray, C: float):  # type: ignore[no-untyped-def]
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import StandardScaler

    sc = StandardScaler().fit(X)
    lr = LogisticRegression(C=C, max_iter=5000, random_state=SEED, class_weight=None).fit(sc.transform(X), y, sample_weight=w)
    return sc, lr


def predict(model, X: np.ndarray) -> list[str]:  # type: ignore[no-untyped-def]
    sc, lr = model
    return [POLICIES[int(lr.classes_[k])] for k in lr.predict_proba(sc.transform(X)).argmax(axis=1)]


def report(preds: list[str], items: list[dict]) -> dict:
    per: dict[int, list[bool]] = defaultdict(list)
    conf: dict[str, Counter] = defaultdict(Counter)
    for p, it in zip(preds, items):
        per[it["author"]].append(p in it["gold"])
        conf[it["gold"][0]][p] += 1
    allok = [x for v in per.values() for x in v]
    return {"per_author": {a: round(float(np.mean(v)), 4) for a, v in sorted(per.items())},
            "pooled": round(float(np.mean(allok)), 4), "mean_author": round(float(np.mean([np.mean(v) for v in per.values()])), 4),
            "confusion": {g: dict(conf[g]) for g in POLICIES if conf[g]}}


def loao(hand: list[dict], ms: list[dict], inputs: str, C: float, ms_weight: float) -> list[str]:
    """Predictions for every hand case from a layer fitted without its author."""
    preds: list[str] = [""] * len(hand)
    Xh, yh = design(hand, inputs), np.asarray([POLICIES.index(it["gold"][0]) for it in hand])
    Xm = design(ms, inputs) if ms_weight > 0 else np.zeros((0, Xh.shape[1]))
    ym = np.asarray([POLICIES.index(it["gold"][0]) for it in ms]) if ms_weight > 0 else np.zeros(0, int)
    authors = np.asarray([it["author"] for it in hand])
    order = sorted(set(authors.tolist()))
    fold_of = {au: (k % FOLDS if FOLDS else k) for k, au in enumerate(order)}
    for f in sorted(set(fold_of.values())):
        tr = np.asarray([fold_of[au] != f for au in authors.tolist()])
        # Each training author weighs as much as one MemSyco-sized block would not: authors are
        # balanced (weight 1/n_author), so author 1's 370 cases do not drown the others.
        wa = _author_weights(authors[tr], authors[tr])
        X = np.vstack([Xh[tr], Xm]) if len(Xm) else Xh[tr]
        y = np.concatenate([yh[tr], ym]) if len(ym) else yh[tr]
        w = np.concatenate([wa, np.full(len(ym), ms_weight / max(len(ym), 1))]) if len(ym) else wa
        model = fit(X, y, w * len(y) / w.sum(), C)
        for k, p in zip(np.flatnonzero(~tr), predict(model, Xh[~tr])):
            preds[k] = p
    return preds


def hand_and_memsyco(hand: list[dict], ms: list[dict], inputs: str) -> tuple[np.ndarray, ...]:
    """(X, y, weight) of the hand cases, each author weighing the same, and (X, y) of MemSyco."""
    Xh, yh = design(hand, inputs), np.asarray([POLICIES.index(it["gold"][0]) for it in hand])
    authors = np.asarray([it["author"] for it in hand])
    wh = _author_weights(authors, authors)
    Xm, ym = design(ms, inputs), np.asarray([POLICIES.index(it["gold"][0]) for it in ms])
    return Xh, yh, wh, Xm, ym


def memsyco_score(hand: list[dict], ms: list[dict], inputs: str, C: float, ms_weight: float) -> float:
    """MemSyco dev accuracy of a layer fitted on every hand author: unseen when ``ms_weight`` is 0,
    else with MemSyco topics held out (GroupKFold 5, the hand cases always in training)."""
    from sklearn.model_selection import GroupKFold

    Xh, yh, wh, Xm, ym = hand_and_memsyco(hand, ms, inputs)
    if ms_weight == 0:
        model = fit(Xh, yh, wh * len(yh) / wh.sum(), C)
        return report(predict(model, Xm), ms)["pooled"]
    groups = [it["group"] for it in ms]
    preds = [""] * len(ms)
    for tr, te in GroupKFold(5).split(Xm, ym, groups):
        X, y = np.vstack([Xh, Xm[tr]]), np.concatenate([yh, ym[tr]])
        w = np.concatenate([wh, np.full(len(tr), ms_weight / len(tr))])
        model = fit(X, y, w * len(y) / w.sum(), C)
        for k, p in zip(te, predict(model, Xm[te])):
            preds[k] = p
    return report(preds, ms)["pooled"]


def cross_template(hand: list[dict], ms: list[dict], inputs: str, C: float, ms_weight: float) -> dict:
    """MemSyco leave-one-task-out: fitted on every hand author and four MemSyco tasks, scored on the fifth."""
    Xh, yh, wh, Xm, ym = hand_and_memsyco(hand, ms, inputs)
    tasks = np.asarray([it["task"] for it in ms])
    per, allp = {}, []
    for t in sorted(set(tasks)):
        te = tasks == t
        X, y = np.vstack([Xh, Xm[~te]]), np.concatenate([yh, ym[~te]])
        w = np.concatenate([wh, np.full(int((~te).sum()), ms_weight / max(int((~te).sum()), 1))])
        pred = predict(fit(X, y, w * len(y) / w.sum(), C), Xm[te])
        ok = [p == POLICIES[g] for p, g in zip(pred, ym[te])]
        per[t] = round(float(np.mean(ok)), 4)
        allp.extend(ok)
    return {"pooled": round(float(np.mean(allp)), 4), "per_task": per}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--memsyco", default="/work/shared/data/memsyco-dev")
    ap.add_argument("--cache", default="/tmp/governance_loao_cache.json", help="featurised cases (rebuilt when FEATURES change)")
    ap.add_argument("--json", default=None)
    ap.add_argument("--fit-out", default=None)
    ap.add_argument("--only", nargs="*", default=None, help="score only these grid configs, e.g. 'sig+first+pol,0.03,1.0'")
    ap.add_argument("--weighting", choices=("author", "sqrt", "item"), default="author")
    ap.add_argument("--choose", choices=("mean_sources", "mean_author"), default="mean_sources",
                    help="the loss a config is chosen by, fixed before the run: the mean over the sources left out "
                         "(every author and MemSyco unseen) or the mean per-author accuracy over cases and probes")
    ap.add_argument("--authors", default=f"{BUILD[0]}-{BUILD[1]}",
                    help="author range lo-hi read (default the BUILD half 1-60; never include validation authors)")
    ap.add_argument("--inputs", nargs="*", default=None, help="the grid's inputs (default all seven)")
    ap.add_argument("--C", nargs="*", type=float, default=None, help="the grid's C values")
    ap.add_argument("--ms", nargs="*", type=float, default=None, help="the grid's MemSyco weights")
    ap.add_argument("--score-only", nargs="*", default=None,
                    help="no grid: score these layer files (and the shipped one) on the authors read, then stop")
    ap.add_argument("--folds", type=int, default=0, help="0 = leave one author out; K = K author folds (cheaper)")
    ap.add_argument("--no-ablation", action="store_true", help="skip the per-rule ablation")
    ap.add_argument("--featurise-only", action="store_true", help="build the cache and stop (nothing scored)")
    a = ap.parse_args(argv)
    global WEIGHTING, FOLDS
    WEIGHTING, FOLDS = a.weighting, a.folds
    lo, hi = (int(x) for x in a.authors.split("-"))
    assert hi <= 97, "authors 98 and later are validation: never read"
    select_authors(lo, hi)
    cache = Path(a.cache)
    data = json.loads(cache.read_text()) if cache.exists() else None
    if not data or data.get("features") != FEATURES or data.get("authors") != [lo, hi]:
        emb = default_embedder()
        probes, missing = featurise_scenario_probes(emb)
        data = {"features": FEATURES, "authors": [lo, hi], "hand": featurise_cases(emb) + probes, "probes_missing": missing,
                "memsyco": featurise_memsyco(emb, a.memsyco)}
        cache.write_text(json.dumps(data))
    if a.featurise_only:
        return 0
    hand, ms = data["hand"], data["memsyco"]
    for it in hand + ms:
        it["author"] = int(it["author"])
    print(f"hand memories per author: {dict(Counter(it['author'] for it in hand))} (scenario probes whose target is "
          f"not in the context, not scored: {data.get('probes_missing', 0)}); MemSyco dev memories {len(ms)}", file=sys.stderr)
    res: dict[str, dict] = {}
    res["rules"] = report([rule_policy(it["row"])[0] for it in hand], hand)
    res["rules"]["memsyco_dev"] = report([rule_policy(it["row"])[0] for it in ms], ms)["pooled"]
    res["rules"]["memsyco_dev_confusion"] = report([rule_policy(it["row"])[0] for it in ms], ms)["confusion"]
    # -- the layer the package ships, scored as it is (unseen only on the authors after its `fitted_on`)
    res["shipped"] = report(shipped_predictions(hand), hand)
    res["shipped"]["memsyco_dev"] = res["shipped"]["memsyco_unseen"] = report(shipped_predictions(ms), ms)["pooled"]
    res["shipped"]["mean_sources"] = round(float(np.mean([*res["shipped"]["per_author"].values(), res["shipped"]["memsyco_dev"]])), 4)
    if a.score_only is not None:
        from memwarden.governance.layer import PolicyModel

        preds = {"rules": [rule_policy(it["row"])[0] for it in hand], "shipped": shipped_predictions(hand)}
        for f in a.score_only:
            layer = PolicyModel.load(f)
            preds[f] = layer_predictions(layer, hand)
            res[f] = report(preds[f], hand)
            res[f]["memsyco_dev"] = report(layer_predictions(layer, ms), ms)["pooled"]
        for name, r in res.items():
            n_ok = {au: (sum(v), len(v)) for au, v in _per_author_ok(preds[name], hand).items()}
            print(f"{name}: pooled {r['pooled']} mean per author {r['mean_author']} memsyco dev {r['memsyco_dev']} "
                  f"right {sum(x for x, _ in n_ok.values())}/{sum(n for _, n in n_ok.values())}")
            print("  per author: " + " ".join(f"a{au} {x}/{n}" for au, (x, n) in sorted(n_ok.items())))
        if a.json:
            Path(a.json).write_text(json.dumps(res, indent=1, default=str), encoding="utf-8")
        return 0
    # -- each rule: how often it decides, how often rightly, and what dropping it does per author
    fired: dict[str, list[tuple[int, bool]]] = defaultdict(list)
    for it in hand:
        name, pol, _ = next(rule_candidates(it["row"]))
        fired[name].append((it["author"], pol in it["gold"]))
    ablation = {}
    for r in ([] if a.no_ablation else RULE_NAMES[:-1]):
        rep = report([rule_policy(it["row"], frozenset({r}))[0] for it in hand], hand)
        ablation[r] = {"fires": len(fired[r]), "right": sum(ok for _, ok in fired[r]),
                       "fires_per_author": dict(Counter(au for au, _ in fired[r])),
                       "delta_pooled": round(res["rules"]["pooled"] - rep["pooled"], 4),
                       "delta_per_author": {au: round(res["rules"]["per_author"][au] - v, 4) for au, v in rep["per_author"].items()}}
    res["ablation"] = ablation
    # -- fitted layers
    grid = []
    unseen: dict[tuple[str, float], float] = {}
    res["rules"]["memsyco_unseen"] = res["rules"]["memsyco_dev"]  # tuned on it: not unseen, said in BENCHMARKS.md
    res["rules"]["mean_sources"] = round(float(np.mean([*res["rules"]["per_author"].values(), res["rules"]["memsyco_dev"]])), 4)
    for inputs in a.inputs or ("feat", "feat+sig", "feat+pol", "feat+sig+pol", "feat+first+pol", "feat+sig+first+pol", "sig+first+pol"):
        for C in a.C or (0.03, 0.1, 0.3, 1.0, 3.0):
            for msw in a.ms if a.ms is not None else (0.0, 0.25, 1.0, 3.0):
                if a.only is not None and f"{inputs},{C},{msw}" not in a.only:
                    continue
                name = f"LR[{inputs}, C={C}, ms={msw}]"
                res[name] = report(loao(hand, ms, inputs, C, msw), hand)
                r = res[name]
                # MemSyco as a fifth source left out (fitted on the hand authors only), and, for a layer
                # that trains on it, with its topics held out.
                r["memsyco_unseen"] = unseen.setdefault((inputs, C), memsyco_score(hand, ms, inputs, C, 0.0))
                r["memsyco_dev"] = memsyco_score(hand, ms, inputs, C, msw) if msw > 0 else r["memsyco_unseen"]
                r["mean_sources"] = round(float(np.mean([*r["per_author"].values(), r["memsyco_unseen"]])), 4)
                grid.append(name)
                print(f"{name}: pooled {r['pooled']} mean {r['mean_author']} {r['per_author']} "
                      f"memsyco unseen {r['memsyco_unseen']} dev {r['memsyco_dev']} mean of sources {r['mean_sources']}",
                      file=sys.stderr)
    # Chosen by the mean over the sources each left out (every hand author and MemSyco), then the
    # pooled hand-written accuracy; MemSyco dev must stay at the 0.90 or better.
    ok = [n for n in grid if res[n]["memsyco_dev"] >= 0.90] or grid
    best = max(ok, key=lambda n: (res[n][a.choose], res[n]["pooled"], -grid.index(n)))
    res["_best"] = best  # type: ignore[assignment]
    # -- print
    print("| system | " + " | ".join(f"author {au}" for au in AUTHORS) + " | pooled (hand) | MemSyco unseen | mean of sources | MemSyco dev |")
    print("|---|" + "---|" * (len(AUTHORS) + 4))
    for name in ["rules", "shipped", *sorted(grid, key=lambda n: (-res[n][a.choose], -res[n]["pooled"]))[:10]]:
        r = res[name]
        print(f"| {name} | " + " | ".join(f"{r['per_author'].get(au, 0):.3f}" for au in AUTHORS) +
              f" | {r['pooled']:.3f} | {r['memsyco_unseen']:.3f} | {r['mean_sources']:.3f} | {r['memsyco_dev']:.3f} |")
    print(f"\nbest: {best}")
    print("\nrule ablation (fires = decides the policy; delta = accuracy lost without it):")
    print("| rule | fires (" + "/".join(f"a{au}" for au in AUTHORS) + ") | right | delta pooled | delta per author |")
    print("|---|---|---|---|---|")
    for r, v in ablation.items():
        fa = "/".join(str(v["fires_per_author"].get(au, 0)) for au in AUTHORS)
        print(f"| {r} | {v['fires']} ({fa}) | {v['right']} | {v['delta_pooled']:+.3f} | "
              + ", ".join(f"a{au} {d:+.3f}" for au, d in v["delta_per_author"].items()) + " |")
    inputs_b = best[3:].split(",")[0]
    res["cross_template"] = {} if a.no_ablation else cross_template(
        hand, ms, inputs_b, float(best.split("C=")[1].split(",")[0]), float(best.split("ms=")[1].rstrip("]")))
    print(f"\nMemSyco leave-one-task-out of {best} (hand authors always in training): {res['cross_template']}")
    for name in ("rules", best):
        print(f"\nconfusion (gold -> predicted), {name}:")
        for g, row in res[name]["confusion"].items():
            print(f"  {g}: {row}")
    if a.json:
        Path(a.json).write_text(json.dumps(res, indent=1, default=str), encoding="utf-8")
    if a.fit_out:
        write_layer(best, hand, ms, Path(a.fit_out))
    return 0


def layer_predictions(layer, items: list[dict]) -> list[str]:  # type: ignore[no-untyped-def]
    """The policy a layer file gives each item, as the package decides it (:meth:`PolicyModel.decide`: the plain
    argmax unless the file keeps what the rules settle)."""
    sig = [signals(it["row"]) for it in items]
    proba = layer.proba(layer.matrix([s for s, _ in sig]))
    return [layer.decide(p, it["row"], first[0], first[1])[0] for p, it, (_, first) in zip(proba, items, sig)]


def _per_author_ok(preds: list[str], hand: list[dict]) -> dict[int, list[bool]]:
    """Which items a system's predictions got right, per author (the counts printed by --score-only)."""
    per: dict[int, list[bool]] = defaultdict(list)
    for p, it in zip(preds, hand):
        per[it["author"]].append(p in it["gold"])
    return per


def shipped_predictions(items: list[dict]) -> list[str]:
    """The policy the package's shipped layer gives each item (its inputs computed as the package does)."""
    from memwarden.governance.layer import shipped_layer

    return layer_predictions(shipped_layer(), items)


def write_layer(name: str, hand: list[dict], ms: list[dict], out: Path) -> None:
    """Fit the chosen layer on every author (and MemSyco dev when chosen) and write it for the package."""
    inputs = name[3:].split(",")[0]
    C = float(name.split("C=")[1].split(",")[0])
    msw = float(name.split("ms=")[1].rstrip("]"))
    Xh = design(hand, inputs)
    authors = np.asarray([it["author"] for it in hand])
    y = np.asarray([POLICIES.index(it["gold"][0]) for it in hand])
    w = _author_weights(authors, authors)
    X = Xh
    if msw > 0:
        X = np.vstack([Xh, design(ms, inputs)])
        y = np.concatenate([y, [POLICIES.index(it["gold"][0]) for it in ms]])
        w = np.concatenate([w, np.full(len(ms), msw / len(ms))])
    sc, lr = fit(X, y, w * len(y) / w.sum(), C)
    model = {"version": 2, "inputs": input_names(inputs), "classes": [POLICIES[int(k)] for k in lr.classes_],
             "C": C, "memsyco_weight": msw, "fitted_on": f"hand-written policy cases of authors {sorted(AUTHORS)}"
             + (" and MemSyco dev" if msw > 0 else ""), "script": "bench/governance_loao.py",
             "weighting": WEIGHTING, "n": int(len(y)), "mean": sc.mean_.round(6).tolist(),
             "scale": np.where(sc.scale_ == 0, 1.0, sc.scale_).round(6).tolist(),
             "coef": lr.coef_.round(6).tolist(), "intercept": lr.intercept_.round(6).tolist()}
    out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}", file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
