"""A turn-level second stage after the claim gate, fitted on the twelve development authors and
measured leave one author out (session 11, s11-chit; BENCHMARKS.md).

    PYTHONPATH=src python bench/loao_turn_gate.py [--c 0.1] [--ce 0.2] [--margin 0.0] [--k 15]
                                                  [--feats all|sweep|gate,emb|-knn] [--replies]

Each labelled user turn that the shipped gate (``claims/gate.py``) keeps becomes one row of features
that do not depend on an author's words:

- ``gate``: the shipped gate's lowest and highest P(chit-chat) over the turn's kept clauses, and the
  share of its clauses it would drop;
- ``pos``: where the turn sits: it opens the session, it follows an assistant statement, or an
  assistant question (a reply to the assistant's statement is where reactions are said);
- ``new``: the share of the turn's content words not said earlier in the conversation (a reaction
  mentions what was said; a fact brings its own words);
- ``emb``: the turn's MiniLM vector (the mean of its claims' vectors, what ``add`` stores as the
  episode's vector) projected on a chit-chat direction, out of fold by author;
- ``knn``: the share of chit-chat among its ``--k`` nearest labelled turns of OTHER authors (cosine);
- ``shape``: the turn's anchors as the gate reads them (slot, time, number, name, words).

A logistic model (``--c``) over them drops a kept turn above the lowest threshold keeping every
training fact (``--lose K``: all but the K most chat-like) + ``--margin``; ``--replies``: only a turn following an assistant turn is judged.
Headline: per held-out author, chit-chat stored and facts lost (the gate's and the stage's), and the
facts the stage drops. ``--cache FILE`` pickles the loaded turns (the extractor and embedder run once).
Measured, not shipped: BENCHMARKS.md, "Session 11 (branch s11-chit)".
"""

from __future__ import annotations

import argparse
import json
import pickle
import re
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

import fit_gate as fg  # bench/fit_gate.py
from memwarden.claims import gate

ROOT = Path(__file__).resolve().parents[1]
WORD = re.compile(r"[a-z][a-z']+")
STOP = frozenset("""a an the and or but so to of in on at for with from by is are was were be been am i me my we our us
you your he she it its they them their this that these those there here what which who when where how not no yes
do does did have has had will would can could just really very too also then than as if up out about all any some
one get got go going im i'm it's that's dont don't""".split())
GROUPS = ("gate", "pos", "new", "emb", "knn", "shape")


def content(text: str) -> set[str]:
    return {w for w in WORD.findall(text.lower()) if w not in STOP and len(w) > 2}


def contexts(name: str, path: str) -> list[dict]:
    """Per labelled turn, in ``fit_gate.load_set``'s order: its position and the earlier words."""
    out = []
    if path.endswith(".jsonl"):
        for r in (json.loads(x) for x in Path(path).read_text().splitlines() if x.strip()):
            prev = r.get("prev") or ""
            out.append({"pos": 0 if not prev else 2 if prev.rstrip().endswith("?") else 1, "seen": content(prev)})
        return out
    for sc in json.loads(Path(path).read_text())["scenarios"]:
        seen: set[str] = set()
        for sess in sc["sessions"]:
            msgs = sess["messages"]
            for i, m in enumerate(msgs):
                if m.get("label") in ("fact", "chitchat"):
                    prev = msgs[i - 1]["content"] if i else ""
                    out.append({"pos": 0 if not i else 2 if prev.rstrip().endswith("?") else 1, "seen": set(seen)})
                seen |= content(m["content"])
    return out


class Turn:
    """A labelled turn of ``fit_gate.load_set`` with its context and turn-level features."""


def load(sets: dict[str, str]) -> list:
    rows = []
    for name, rel in sets.items():
        path = str(ROOT / rel)
        rs = fg.load_set(name, path, fg.AUTHOR[name])
        ctx = contexts(name, path)
        assert len(ctx) == len(rs), name
        for r, c in zip(rs, ctx):
            t = Turn()
            for k in ("vecs", "texts", "label", "text", "author", "set", "ruled", "pv", "clauses"):
                setattr(t, k, getattr(r, k))
            t.pos, t.seen = c["pos"], c["seen"]
            rows.append(t)
    fg.embed_rows(rows)
    ship = fg.shipped_lex()
    idx = {f: i for i, f in enumerate(gate.FEATURES)}
    for r in rows:
        r.alive = ship.survivors(r) if r.vecs else np.zeros(0, bool)
        r.kept = bool(r.alive.any())
        if not r.kept:
            continue
        p = fg.clause_p(ship.lex, r.vecs, marks=False)
        pa = p[r.alive]
        v = np.array(r.vecs)[:, :fg.N].max(0)
        w = content(r.text)
        r.tvec = r.emb.mean(0) / (np.linalg.norm(r.emb.mean(0)) or 1.0)
        r.base = {
            "gate": [float(pa.min()), float(pa.max()), 1.0 - r.alive.mean()],
            "pos": [float(r.pos == 0), float(r.pos == 1)],
            "new": [len(w - r.seen) / max(1, len(w)), float(not w)],
            "shape": [v[idx[k]] for k in ("slot", "concrete_time", "number", "unit_number", "name", "possessive",
                                          "state_verb", "anchors", "marks")] + [np.log1p(len(r.text.split()))],
        }
    return rows


def knn_share(q: np.ndarray, ref: np.ndarray, lab: np.ndarray, k: int) -> np.ndarray:
    s = q @ ref.T
    top = np.argpartition(-s, min(k, s.shape[1] - 1), axis=1)[:, :k]
    return lab[top].mean(1)


def features(rows: list, train: list, groups: tuple[str, ...], k: int, ce: float) -> np.ndarray:
    """Rows' features; ``emb`` / ``knn`` read only ``train`` turns of other authors than the row's."""
    X = [[x for g in ("gate", "pos", "new", "shape") if g in groups for x in r.base[g]] for r in rows]
    X = np.array(X, float)
    extra = []
    if "emb" in groups or "knn" in groups:
        T = np.array([r.tvec for r in train]); L = np.array([r.label for r in train], float)
        A = np.array([r.author for r in train])
        Q = np.array([r.tvec for r in rows]); QA = np.array([r.author for r in rows])
        if "knn" in groups:
            col = np.zeros(len(rows))
            for a in set(QA):
                m, o = QA == a, A != a
                col[m] = knn_share(Q[m], T[o], L[o], k)
            extra.append(col)
        if "emb" in groups:
            col = np.zeros(len(rows))
            for a in set(QA):
                m, o = QA == a, A != a
                d = LogisticRegression(C=ce, max_iter=3000).fit(T[o], L[o])
                col[m] = d.decision_function(Q[m])
            extra.append(col)
    return np.hstack([X] + [e.reshape(-1, 1) for e in extra]) if extra else X


def loao(rows: list, groups, c: float, margin: float, k: int, ce: float, replies: bool = False,
         lose: int = 0) -> dict[str, tuple]:
    out = {}
    kept = [r for r in rows if r.kept and (r.pos > 0 or not replies)]
    for a in sorted({r.author for r in rows}, key=lambda s: int(s[1:])):
        tr = [r for r in kept if r.author != a]
        te = [r for r in kept if r.author == a]
        Xtr = features(tr, tr, groups, k, ce)
        ytr = np.array([r.label for r in tr])
        mu, sd = Xtr.mean(0), Xtr.std(0) + 1e-9
        m = LogisticRegression(C=c, max_iter=5000).fit((Xtr - mu) / sd, ytr)
        ptr = m.predict_proba((Xtr - mu) / sd)[:, 1]
        thr = min(0.999, float(np.sort(ptr[ytr == 0])[::-1][lose]) + margin)
        pte = m.predict_proba((features(te, tr, groups, k, ce) - mu) / sd)[:, 1] if te else np.zeros(0)
        drop = {id(r) for r, p in zip(te, pte) if p > thr}
        own = [r for r in rows if r.author == a]
        chat = [r for r in own if r.label == 1]
        facts = [r for r in own if r.label == 0]
        out[a] = (sum(r.kept and id(r) not in drop for r in chat), len(chat),
                  sum(not r.kept or id(r) in drop for r in facts), sum(not r.kept for r in facts), thr,
                  [r.text for r, p in zip(te, pte) if p > thr and r.label == 0])
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--c", type=float, default=0.1)
    ap.add_argument("--ce", type=float, default=0.2)
    ap.add_argument("--k", type=int, default=15)
    ap.add_argument("--margin", type=float, default=0.0)
    ap.add_argument("--feats", default="all", help="all, or a comma list of groups, '-g' to leave one out")
    ap.add_argument("--turns", action="store_true", help="also read evals/cases/turns.jsonl (author 1)")
    ap.add_argument("--replies", action="store_true", help="the second stage judges only a turn that follows an assistant turn")
    ap.add_argument("--lose", type=int, default=0, help="the threshold may drop this many training facts (0: none)")
    ap.add_argument("--cache", help="pickle the loaded turns to this file, and read them from it when it exists")
    a = ap.parse_args()
    sets = ({"turns": fg.SETS["turns"]} if a.turns else {}) | {k: v for k, v in fg.SETS.items() if k != "turns"}
    cache = Path(a.cache) if a.cache else None
    if cache and cache.exists():
        rows = pickle.loads(cache.read_bytes())
    else:
        rows = load(sets)
        if cache:
            cache.write_bytes(pickle.dumps(rows))
    configs = [a.feats] if a.feats != "sweep" else ["all"] + [f"-{g}" for g in GROUPS] + ["gate,pos", "gate,knn", "gate,emb", "gate,shape", "gate,emb,shape", "gate,emb,knn,shape"]
    for f in configs:
        groups = GROUPS if f == "all" else tuple(g for g in GROUPS if f"-{g}" not in f) if f.startswith("-") else tuple(f.split(","))
        res = loao(rows, groups, a.c, a.margin, a.k, a.ce, a.replies, a.lose)
        tc = sum(v[0] for v in res.values()); nc = sum(v[1] for v in res.values())
        lost = sum(v[2] for v in res.values()); base = sum(v[3] for v in res.values())
        per = " ".join(f"{k}:{v[0]}/{v[1]},{v[2]}" for k, v in res.items())
        print(f"[{f}] C={a.c} ce={a.ce} m={a.margin} lose={a.lose}{' replies' if a.replies else ''}: chit-chat {tc}/{nc}={tc / nc:.3f} lost {lost} (gate alone {base}) | {per}")
        for k, v in res.items():
            for t in v[5]:
                print(f"    lost {k}: {t[:110]!r}")


if __name__ == "__main__":
    main()
