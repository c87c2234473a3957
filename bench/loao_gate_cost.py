"""The claim gate's second stage with its threshold chosen by a cost, leave one author out (issue 10, session 14).

    PYTHONPATH=src python bench/loao_gate_cost.py [--c 0.1] [--k 10,20,50] [--stage position|shipped]

Session 13 (``bench/fit_gate.py``, ``bench/loao_gate_position.py``) set every refit's threshold at "the lowest
P(chit-chat) keeping every training fact + margin": one odd fact of one author pins it for all. Here the threshold
minimises, over the training authors, ``chit-chat turns stored + k x fact turns lost`` (a lost fact weighs as k
stored chit-chat turns; k is stated before validation is looked at), each training author's probabilities coming
from a model fitted without it (nested leave one author out, so the threshold is chosen on out-of-author scores as
it will be used). Stages (over the clauses the shipped gate keeps, ``chit_classes.record``: bare-reply rule included):

- ``position``: session 13's logistic model over the 51 named features, the shipped log-odds, the turn's position
  and length and its relation to the turn before (``loao_gate_position.vec``);
- ``small``: a few inputs that do not depend on wording: the shipped log-odds, the position (one-hot), the log-odds and
  "no anchor" crossed with "a reply to a statement", the turn's length, the share of the clause's words said the turn before;
- ``shipped``: the shipped log-odds alone (a threshold on the gate's own score, no refit).

Per held-out author: chit-chat turns stored and facts lost beside the shipped gate."""

from __future__ import annotations

import argparse

import numpy as np
from sklearn.linear_model import LogisticRegression

from chit_classes import record  # bench/chit_classes.py
from loao_gate_position import vec  # bench/loao_gate_position.py
from memwarden.claims import gate


_NF = len(gate.FEATURES)


def small(v: list[float]) -> list[float]:
    """``loao_gate_position.vec`` without the 51 named features: log-odds, position, length, reply crossings, overlap."""
    rest = v[_NF:]  # z, 4 positions, log words, reply x (no_anchor, anchors, marks, words, z), overlap, ack, reply x ack, prev words, "!"
    return rest[:6] + [rest[6], rest[10], rest[11]]


def _fit(rows: list[dict], c: float, stage: str):
    if stage == "shipped":
        return None
    X = np.vstack([r["X"] for r in rows])
    y = np.concatenate([[r["y"]] * len(r["X"]) for r in rows])
    return LogisticRegression(C=c, max_iter=5000).fit(X, y)


def turn_p(m, r: dict) -> float:
    """The lowest droppable clause probability of a turn (-1: a clause that may not be dropped)."""
    p = 1 / (1 + np.exp(-r["z"])) if m is None else m.predict_proba(r["X"])[:, 1]
    return float(np.where(r["free"], p, -1).min())


def best_threshold(scored: list[tuple[float, int]], k: float) -> float:
    """The threshold minimising chit-chat stored + k x facts lost over (turn probability, label) pairs."""
    cands = sorted({p for p, _ in scored if p >= 0}) + [1.0]
    best, thr = None, 1.0
    for t in cands:
        cost = sum(1 for p, y in scored if y == 1 and p <= t) + k * sum(1 for p, y in scored if y == 0 and p > t)
        if best is None or cost < best:  # ties: the lowest threshold that reaches the cost
            best, thr = cost, t
    return thr


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--c", type=float, default=0.1)
    ap.add_argument("--k", default="10,20,50")
    ap.add_argument("--stage", default="position", choices=("position", "small", "shipped"))
    a = ap.parse_args()
    every = record()
    rows = [r for r in every if r["kept"]]
    for r in rows:
        r["X"] = np.array([small(vec(r, c)) if a.stage == "small" else vec(r, c) for c in r["kept"]])
        r["z"] = np.array([c["z"] for c in r["kept"]])
        r["y"] = int(r["label"] == "chitchat")
        r["free"] = np.array([not gate.informs(c["f"]) for c in r["kept"]])
    authors = sorted({r["author"] for r in every})
    tot = {au: [0, 0, 0, 0] for au in authors}  # facts, facts lost by the gate, chit-chat, chit-chat stored by the gate
    for r in every:
        t = tot[r["author"]]
        if r["label"] == "fact":
            t[0] += 1
            t[1] += not r["stored"]
        else:
            t[2] += 1
            t[3] += r["stored"]
    # out-of-author probabilities of every training author, for every held-out author (nested folds)
    inner: dict[tuple[int, int], list[tuple[float, int]]] = {}
    outer: dict[int, list[float]] = {}
    for au in authors:
        m = _fit([r for r in rows if r["author"] != au], a.c, a.stage)
        outer[au] = [turn_p(m, r) for r in rows if r["author"] == au]
        for b in authors:
            if b != au:
                mb = _fit([r for r in rows if r["author"] not in (au, b)], a.c, a.stage)
                inner[(au, b)] = [(turn_p(mb, r), r["y"]) for r in rows if r["author"] == b]
    for k in (float(x) for x in a.k.split(",")):
        line, lost, stored, thrs = [], 0, 0, []
        for au in authors:
            thr = best_threshold([x for b in authors if b != au for x in inner[(au, b)]], k)
            thrs.append(thr)
            held = [r for r in rows if r["author"] == au]
            keep = [p <= thr for p in outer[au]]
            extra = sum(1 for r, kp in zip(held, keep) if r["y"] == 0 and not kp)
            chit = sum(1 for r, kp in zip(held, keep) if r["y"] == 1 and kp)
            lost += extra
            stored += chit
            t = tot[au]
            line.append(f"a{au} {t[1]}+{extra} {t[3] / t[2]:.3f}->{chit / t[2]:.3f}")
        base_s = sum(t[3] for t in tot.values())
        n_chit = sum(t[2] for t in tot.values())
        rates = [float(x.split("->")[1]) for x in line]
        print(f"k={k:g} ({a.stage}, C={a.c}): thresholds {min(thrs):.3f}-{max(thrs):.3f}; chit-chat stored {base_s} -> {stored} "
              f"of {n_chit} ({base_s / n_chit:.3f} -> {stored / n_chit:.3f}, mean of authors {np.mean(rates):.3f}); "
              f"facts lost beyond the gate's: {lost}")
        print("   per author (gate's facts lost + extra, chit-chat rate gate -> stage): " + "; ".join(line))


if __name__ == "__main__":
    main()
