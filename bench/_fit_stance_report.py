"""The tables of ``bench/fit_stance.py``: per-label precision / recall per author, and the loss fixed
before looking in session 17 (branch s17-stance): mean over authors of pair and case accuracy.
Imported with ``bench/`` on the path."""

from __future__ import annotations

import numpy as np

from memwarden.trust import stance_fitted as sf


def prf(gold: list[str], pred: list[str]) -> dict:
    out: dict = {"n": len(gold), "acc": round(float(np.mean([g == p for g, p in zip(gold, pred)])), 3) if gold else None}
    for lab in sf.LABELS:
        tp = sum(g == lab and p == lab for g, p in zip(gold, pred))
        npred, ngold = sum(p == lab for p in pred), sum(g == lab for g in gold)
        out[lab] = (round(tp / npred, 2) if npred else None, round(tp / ngold, 2) if ngold else None, ngold)
    return out


def table(title: str, res: dict) -> None:
    print(f"\n{title}\n| author | n | rules acc | model acc | combined acc | combined agree P/R | contradict P/R | unrelated P/R |")
    print("|---|---|---|---|---|---|---|---|")
    for k, (r, m, cb) in res.items():
        cells = " | ".join(f"{cb[lab][0]} / {cb[lab][1]} (rules {r[lab][0]} / {r[lab][1]})" for lab in sf.LABELS)
        print(f"| {k} | {r['n']} | {r['acc']} | {m['acc']} | {cb['acc']} | {cells} |")


def loss_table(per_author: dict[int, dict]) -> dict[str, tuple[float, float, float]]:
    """The loss fixed before looking (session 17): per author, the accuracy on its stance pairs and
    on its verdict-case pairs; each averaged over the authors that have that kind; the objective is
    the mean of the two. A method ships only if it beats the shipped one on both means."""
    methods = [k for k in next(iter(per_author.values())) if k not in ("gold", "kind")]
    out: dict[str, tuple[float, float, float]] = {}
    print("\n| method | mean over authors: pair acc | case acc | objective | authors better / worse than rules |")
    print("|---|---|---|---|---|")
    for meth in methods:
        accs = {"pair": [], "case": []}
        per = []
        for a, d in per_author.items():
            ok = [g == p for g, p in zip(d["gold"], d[meth])]
            okr = [g == p for g, p in zip(d["gold"], d["rules"])]
            per.append(np.sign(sum(ok) - sum(okr)))
            for k in accs:
                sel = [o for o, kk in zip(ok, d["kind"]) if kk == k]
                if sel:
                    accs[k].append(float(np.mean(sel)))
        mp, mc = float(np.mean(accs["pair"])), float(np.mean(accs["case"]))
        out[meth] = (round(mp, 4), round(mc, 4), round((mp + mc) / 2, 4))
        print(f"| {meth} | {mp:.4f} | {mc:.4f} | {(mp + mc) / 2:.4f} | {sum(x > 0 for x in per)} / {sum(x < 0 for x in per)} |")
    return out
