"""A second claim-gate stage fitted on the twenty-two development authors, chosen leave one author out (issue 10,
session 13; measured, not shipped: BENCHMARKS.md "Session 13 (branch s13-chit)").

    PYTHONPATH=src python bench/loao_gate_position.py [--c 0.1] [--margins 0,0.01,0.02,0.03,0.05] [--scope all|reply]

Over the clauses the shipped gate keeps (``bench/chit_classes.record``: gate on, bare-reply rule included), a logistic
model reads the gate's 51 named features, the shipped model's log-odds, where the turn sits (opening, after an
assistant statement, after an assistant question, after the user's own turn), its length, those crossed with
"a reply to a statement", and how the clause relates to the turn before (the share of its content words said there,
an acknowledgement opening it, its length, "!" in the turn). Its threshold is the lowest that keeps every training
fact + margin, as ``bench/fit_gate.py``'s. Per held-out author: chit-chat turns stored and facts lost, beside the
shipped gate; ``--scope reply`` lets the stage act only on a turn after the assistant's or the speaker's own."""

from __future__ import annotations

import argparse
import math
import re

import numpy as np
from sklearn.linear_model import LogisticRegression

from chit_classes import record  # bench/chit_classes.py
from memwarden.claims import gate

_W = re.compile(r"[\w']+")
_ACK = re.compile(r"\W*(?:noted|got it|understood|ok|okay|sure|done|great|perfect|thanks|thank you|sounds|good|lovely|"
                  r"congrat|sorry|oh no|that's|i've|saved|all set)", re.I)
POS = ("open", "after_statement", "after_question", "after_self")


def vec(r: dict, c: dict) -> list[float]:
    f, tw = c["f"], math.log1p(r["words"])
    reply = float(r["pos"] in ("after_statement", "after_self"))
    prev = (c["prev"] or "").lower()
    said = [w for w in _W.findall(c["clause"].lower()) if len(w) > 3]
    pw = set(_W.findall(prev))
    return ([f[k] for k in gate.FEATURES] + [c["z"]] + [float(r["pos"] == p) for p in POS] + [tw]
            + [reply * f["no_anchor"], reply * f["anchors"], reply * f["marks"], reply * tw, reply * c["z"]]
            + [sum(w in pw for w in said) / max(1, len(said)), float(bool(_ACK.match(prev))),
               reply * float(bool(_ACK.match(prev))), math.log1p(len(pw)), float("!" in r["text"])])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--c", type=float, default=0.1)
    ap.add_argument("--margins", default="0,0.01,0.02,0.03,0.05")
    ap.add_argument("--scope", default="all", choices=("all", "reply"))
    a = ap.parse_args()
    rows = [r for r in record() if r["kept"]]
    for r in rows:
        r["X"] = np.array([vec(r, c) for c in r["kept"]])
        r["y"] = int(r["label"] == "chitchat")
        r["free"] = np.array([not gate.informs(c["f"]) for c in r["kept"]])  # an information flag is never dropped
        r["in"] = a.scope == "all" or r["pos"] in ("after_statement", "after_self")
    authors = sorted({r["author"] for r in rows})
    every = {r["author"]: [0, 0] for r in record()}  # fact and chit-chat turns per author, stored or not
    for r in record():
        every[r["author"]][r["label"] == "chitchat"] += 1
    for margin in (float(x) for x in a.margins.split(",")):
        line, tot = [], np.zeros(4, int)
        for au in authors:
            tr = [r for r in rows if r["author"] != au and r["in"]]
            m = LogisticRegression(C=a.c, max_iter=5000).fit(np.vstack([r["X"] for r in tr]),
                                                              np.concatenate([[r["y"]] * len(r["X"]) for r in tr]))
            need = [float(np.where(r["free"], m.predict_proba(r["X"])[:, 1], -1).min()) for r in tr if r["y"] == 0]
            thr = min(0.99, max(need) + margin)
            held = [r for r in rows if r["author"] == au]
            keep = [(not r["in"]) or bool((np.where(r["free"], m.predict_proba(r["X"])[:, 1], -1) <= thr).any()) for r in held]
            s = np.array([sum(1 for r, k in zip(held, keep) if r["y"] == 0 and not k),
                          sum(1 for r in held if r["y"] == 1), sum(1 for r, k in zip(held, keep) if r["y"] == 1 and k),
                          sum(1 for r in held if r["y"] == 1)])
            tot += s
            lost_now = every[au][0] - sum(1 for r in held if r["y"] == 0)
            line.append(f"a{au} {s[0] + lost_now}/{s[3] and round(s[2] / every[au][1], 3)}")
        print(f"margin {margin}: extra facts lost {tot[0]}, chit-chat stored {tot[1]} -> {tot[2]} "
              f"(of {sum(v[1] for v in every.values())})")
        print("   per author (facts lost / chit-chat rate): " + " ".join(line))


if __name__ == "__main__":
    main()
