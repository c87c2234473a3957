"""Fit the claim gate's weights (``claims/gate.py``) on hand-labelled turns, with 5-fold CV.

    PYTHONPATH=src python bench/fit_gate.py [--data evals/cases/turns.jsonl] [--c 0.5] [--write]

Each clause the extractor emits (gate off) becomes one row of the gate's named features,
labelled with its turn's label (1 = chit-chat); ``--extra`` scenario files (the dev sets' labelled
messages, two more authors) always join the training set. An L2 logistic regression is fitted; the
threshold is the lowest that keeps every fact turn the extractor yields a claim for (on the
training folds), plus ``--margin``. Cross-validation is by turn (stratified, seed 0): the
held-out fold's turns are scored at the training folds' threshold, at turn level (a turn is
stored when any of its clauses is kept). ``--write`` rewrites the WEIGHTS/BIAS/THRESHOLD block
of ``gate.py`` with the fit on all turns.
"""

from __future__ import annotations

import argparse
import json
import re
from datetime import datetime, timezone
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold

from memwarden.claims import gate
from memwarden.claims.rules import RuleExtractor
from memwarden.models import Turn

ROOT = Path(__file__).resolve().parents[1]


N = len(gate.FEATURES)


def _vec(f: dict[str, float], whole: dict[str, float] | None) -> list[float]:
    """The clause's features, then its whole turn's (zeros when the turn is this clause): only the
    first half is fitted; the second says whether the turn shows a reaction mark elsewhere."""
    return [f[k] for k in gate.FEATURES] + [whole[k] if whole else 0.0 for k in gate.FEATURES]


def collect(rows: list[dict]) -> list[list[list[float]]]:
    """Per row: the feature vectors of the clauses its turn yields (none: the extractor dropped it)."""
    ex, now = RuleExtractor(), datetime(2026, 11, 30, 12, tzinfo=timezone.utc)
    out = []
    gate.ENABLED = False
    for r in rows:
        turns = gate.row_turns(r, now)
        gate.RECORD = []
        res = ex.extract(turns, now=now)
        last = len(turns) - 1
        recs = [_vec(f, w) for t, f, w in gate.RECORD if t == turns[-1].content.translate(str.maketrans({"\u2019": "'", "\u2018": "'"}))]
        n_echo_free = sum(1 for c in res.claims if last in c.turn_indexes and not c.claim.echo)
        out.append(recs[:n_echo_free] if n_echo_free else [])
    gate.RECORD, gate.ENABLED = None, True
    return out


def collect_scenarios(paths: list[str]) -> tuple[list[list[list[float]]], list[int], list[str]]:
    """The labelled messages of scenario files: each session is one ``extract`` call, as ``add`` makes it."""
    from memwarden.claims.clauses import APOS

    ex = RuleExtractor()
    feats, labels, texts = [], [], []
    gate.ENABLED = False
    for path in paths:
        for sc in json.loads(Path(path).read_text())["scenarios"]:
            for sess in sc["sessions"]:
                ts = datetime.fromisoformat(sess["ts"].replace("Z", "+00:00"))
                msgs = sess["messages"]
                turns = [Turn(role=m["role"], content=m["content"], index=i, timestamp=ts) for i, m in enumerate(msgs)]
                gate.RECORD = []
                res = ex.extract(turns, now=ts)
                for i, m in enumerate(msgs):
                    if m.get("label") not in ("fact", "chitchat"):
                        continue
                    n = sum(1 for c in res.claims if i in c.turn_indexes and not c.claim.echo)
                    recs = [_vec(f, w) for t, f, w in gate.RECORD if t == m["content"].translate(APOS)]
                    feats.append(recs[:n] if n else [])
                    labels.append(int(m["label"] == "chitchat"))
                    texts.append(m["content"])
    gate.RECORD, gate.ENABLED = None, True
    return feats, labels, texts


def fit(X: np.ndarray, y: np.ndarray, c: float) -> LogisticRegression:
    return LogisticRegression(C=c, max_iter=5000).fit(X[:, :N], y)


def droppable(model: LogisticRegression, f: list[list[float]]) -> list[float]:
    """P(chit-chat) of the clauses the gate may drop (those with a reaction mark, as ``gate.judge``)."""
    w = dict(zip(gate.FEATURES, model.coef_[0]))
    marked = [v for v in f if gate.reaction_marks(dict(zip(gate.FEATURES, v[:N])), w)
              or gate.reaction_marks(dict(zip(gate.FEATURES, v[N:])), w)]
    if len(marked) < len(f):
        return []  # a clause without a mark (in it or in its turn) is always kept, so the turn is
    return list(model.predict_proba(np.array([v[:N] for v in f]))[:, 1])


def threshold(model: LogisticRegression, feats: list[list[list[float]]], labels: list[int], margin: float) -> float:
    need = [min(ps) for f, lab in zip(feats, labels) if lab == 0 and f and (ps := droppable(model, f))]
    return min(0.99, max(need) + margin) if need else 0.5


def score(model: LogisticRegression, thr: float, feats: list[list[list[float]]], labels: list[int]) -> tuple[int, int, int, int]:
    facts = sum(1 for lab in labels if lab == 0)
    chats = len(labels) - facts
    kept = [bool(f) and (not (ps := droppable(model, f)) or min(ps) <= thr) for f in feats]
    return sum(k for k, lab in zip(kept, labels) if lab == 0), facts, sum(k for k, lab in zip(kept, labels) if lab == 1), chats


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(ROOT / "evals/cases/turns.jsonl"))
    ap.add_argument("--c", type=float, default=0.5)
    ap.add_argument("--margin", type=float, default=0.05)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--hard", type=int, default=0, help="print the N fact turns most likely dropped and chit-chat most surely kept")
    ap.add_argument("--extra", nargs="*", default=[], help="scenario files whose labelled messages always join the training set")
    a = ap.parse_args()
    rows = [json.loads(x) for x in Path(a.data).read_text().splitlines() if x.strip()]
    feats = collect(rows)
    labels = [int(r["label"] == "chitchat") for r in rows]
    base = score_base(feats, labels)
    print(f"no gate: fact recall {base[0]}/{base[1]}, chit-chat -> claim {base[2]}/{base[3]}")
    xf, xl, xt = collect_scenarios(a.extra) if a.extra else ([], [], [])
    if a.extra:
        b = score_base(xf, xl)
        print(f"extra (scenarios), no gate: fact recall {b[0]}/{b[1]}, chit-chat -> claim {b[2]}/{b[3]}")
    tot = np.zeros(4, int)
    for k, (tr, te) in enumerate(StratifiedKFold(5, shuffle=True, random_state=0).split(np.zeros(len(rows)), labels)):
        trf, trl = [feats[i] for i in tr] + xf, [labels[i] for i in tr] + xl
        X = np.array([v for f in trf for v in f])
        y = np.array([lab for f, lab in zip(trf, trl) for _ in f])
        m = fit(X, y, a.c)
        thr = threshold(m, trf, trl, a.margin)
        s = score(m, thr, [feats[i] for i in te], [labels[i] for i in te])
        tot += s
        print(f"fold {k}: thr {thr:.3f}  fact recall {s[0]}/{s[1]}  chit-chat -> claim {s[2]}/{s[3]}")
    print(f"5-fold CV: fact recall {tot[0]}/{tot[1]} = {tot[0] / tot[1]:.4f}, chit-chat -> claim {tot[2]}/{tot[3]} = {tot[2] / tot[3]:.4f}")
    if a.extra:  # across authors: fit on one source, score the other (no turn of the scored source in training)
        for name, (trf, trl), (tef, tel) in (("turns -> scenarios", (feats, labels), (xf, xl)),
                                             ("scenarios -> turns", (xf, xl), (feats, labels))):
            X = np.array([v for f in trf for v in f])
            y = np.array([lab for f, lab in zip(trf, trl) for _ in f])
            m = fit(X, y, a.c)
            s = score(m, threshold(m, trf, trl, a.margin), tef, tel)
            print(f"across authors, {name}: fact recall {s[0]}/{s[1]}  chit-chat -> claim {s[2]}/{s[3]} = {s[2] / s[3]:.4f}")
    af, al = feats + xf, labels + xl
    X = np.array([v for f in af for v in f])
    y = np.array([lab for f, lab in zip(af, al) for _ in f])
    m = fit(X, y, a.c)
    thr = threshold(m, af, al, a.margin)
    s = score(m, thr, feats, labels)
    print(f"fit on all: thr {thr:.3f}  turns: fact recall {s[0]}/{s[1]}  chit-chat -> claim {s[2]}/{s[3]}")
    if a.extra:
        s = score(m, thr, xf, xl)
        print(f"fit on all: scenarios: fact recall {s[0]}/{s[1]}  chit-chat -> claim {s[2]}/{s[3]}")
    w = {k: round(float(v), 3) for k, v in zip(gate.FEATURES, m.coef_[0])}
    for k, v in sorted(w.items(), key=lambda kv: kv[1]):
        print(f"  {k:20} {v:+.3f}")
    if a.hard:
        texts = [r["text"] for r in rows] + xt
        pm = [min(ps) if f and (ps := droppable(m, f)) else None for f in af]
        fact_p = sorted(((p, t) for p, t, lab in zip(pm, texts, al) if lab == 0 and p is not None), reverse=True)[: a.hard]
        chat_p = sorted(((p, t) for p, t, lab in zip(pm, texts, al) if lab == 1 and p is not None))[: a.hard]
        print("hardest facts:", *(f"  {p:.3f} {t!r}" for p, t in fact_p), "chit-chat kept most surely:",
              *(f"  {p:.3f} {t!r}" for p, t in chat_p), sep="\n")
    if a.write:
        p = ROOT / "src/memwarden/claims/gate.py"
        body = "WEIGHTS: dict[str, float] = {\n" + "".join(f"    {k!r}: {v},\n" for k, v in w.items()) + "}\n"
        body += f"BIAS = {round(float(m.intercept_[0]), 3)}\n"
        src = p.read_text()
        src = re.sub(r"WEIGHTS: dict\[str, float\] = \{.*?\n(?:\}\n)?BIAS = [-0-9.]+\n", lambda _: body, src, flags=re.S)
        src = re.sub(r"THRESHOLD = [0-9.]+", f"THRESHOLD = {round(thr, 3)}", src)
        p.write_text(src)
        print("wrote", p)


def score_base(feats: list[list[list[float]]], labels: list[int]) -> tuple[int, int, int, int]:
    facts = sum(1 for lab in labels if lab == 0)
    return (sum(1 for f, lab in zip(feats, labels) if lab == 0 and f), facts,
            sum(1 for f, lab in zip(feats, labels) if lab == 1 and f), len(labels) - facts)


if __name__ == "__main__":
    main()
