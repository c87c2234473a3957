"""Fit the claim gate's weights (``claims/gate.py``) on every hand-labelled turn we have, and say
how it does on an author it has not seen.

    PYTHONPATH=src python bench/fit_gate.py [--set NAME=PATH ...] [--c 0.5] [--write] [--hard N]

Sets (default): ``evals/cases/turns.jsonl`` (one ``extract`` call per row, with its ``prev``) and
the labelled messages of ``evals/scenarios/dev.json``, ``dev2.json`` and
``evals/heldout/scenarios.json`` (each session one call, as ``add`` makes it): four authors. Each
clause the extractor emits (gate off) becomes one row of the gate's named features, labelled with
its turn's label (1 = chit-chat). An L2 logistic regression is fitted; the threshold is the lowest
that keeps every fact turn of the training sets the extractor yields a claim for, plus
``--margin``. Leave one set out: each set is scored at turn level (a turn is stored when any of its
clauses is kept) by a gate fitted, weights and threshold, on the other sets only; those are the
honest numbers. ``--write`` rewrites the WEIGHTS/BIAS/THRESHOLD block of ``gate.py`` with the fit
on all sets.
"""

from __future__ import annotations

import argparse
import json
import re
from datetime import datetime, timezone
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

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
    if any(gate.informs(dict(zip(gate.FEATURES, v[:N]))) for v in f):
        return []  # flagged as information or a procedure: always kept
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


SETS = {"turns": "evals/cases/turns.jsonl", "dev": "evals/scenarios/dev.json", "dev2": "evals/scenarios/dev2.json",
        "heldout": "evals/heldout/scenarios.json", "heldout2": "evals/heldout2/scenarios.json"}


def load_set(path: str) -> tuple[list[list[list[float]]], list[int], list[str]]:
    """One labelled set: a ``turns.jsonl``-style file (one call per row) or a scenario file."""
    if path.endswith(".jsonl"):
        rows = [json.loads(x) for x in Path(path).read_text().splitlines() if x.strip()]
        return collect(rows), [int(r["label"] == "chitchat") for r in rows], [r["text"] for r in rows]
    return collect_scenarios([path])


def _fit_on(sets: list[tuple[list, list]], c: float, margin: float) -> tuple[LogisticRegression, float]:
    feats = [f for fs, _ in sets for f in fs]
    labels = [lab for _, ls in sets for lab in ls]
    X = np.array([v for f in feats for v in f])
    y = np.array([lab for f, lab in zip(feats, labels) for _ in f])
    m = fit(X, y, c)
    return m, threshold(m, feats, labels, margin)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", action="append", default=[], metavar="NAME=PATH",
                    help="a labelled set (default: turns, dev, dev2, heldout: " + ", ".join(SETS.values()) + ")")
    ap.add_argument("--c", type=float, default=0.5)
    ap.add_argument("--margin", type=float, default=0.05)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--hard", type=int, default=0, help="print the N fact turns most likely dropped and chit-chat most surely kept")
    a = ap.parse_args()
    named = dict(x.split("=", 1) for x in a.set) if a.set else {k: str(ROOT / v) for k, v in SETS.items()}
    data = {k: load_set(v) for k, v in named.items()}
    for k, (f, lab, _) in data.items():
        b = score_base(f, lab)
        print(f"{k}: no gate: fact recall {b[0]}/{b[1]}, chit-chat -> claim {b[2]}/{b[3]}")
    # Leave one set out: each set is scored by a gate fitted (weights and threshold) on the others
    # only, so its numbers say what to expect on an author the gate has not seen.
    tot = np.zeros(4, int)
    for k, (f, lab, _) in data.items():
        m, thr = _fit_on([(df, dl) for j, (df, dl, _) in data.items() if j != k], a.c, a.margin)
        s = score(m, thr, f, lab)
        tot += s
        print(f"leave out {k}: thr {thr:.3f}  fact recall {s[0]}/{s[1]}  chit-chat -> claim {s[2]}/{s[3]} = {s[2] / max(1, s[3]):.4f}")
    print(f"leave-one-set-out, pooled: fact recall {tot[0]}/{tot[1]}, chit-chat -> claim {tot[2]}/{tot[3]} = {tot[2] / tot[3]:.4f}")
    m, thr = _fit_on([(df, dl) for df, dl, _ in data.values()], a.c, a.margin)
    for k, (f, lab, _) in data.items():
        s = score(m, thr, f, lab)
        print(f"fit on all (thr {thr:.3f}), on {k}: fact recall {s[0]}/{s[1]}  chit-chat -> claim {s[2]}/{s[3]}")
    w = {k: round(float(v), 3) for k, v in zip(gate.FEATURES, m.coef_[0])}
    for k, v in sorted(w.items(), key=lambda kv: kv[1]):
        print(f"  {k:20} {v:+.3f}")
    if a.hard:
        af = [f for f, _, _ in data.values() for f in f]
        al = [x for _, ls, _ in data.values() for x in ls]
        texts = [t for _, _, ts in data.values() for t in ts]
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
