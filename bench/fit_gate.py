"""Fit and measure the claim gate (``claims/gate.py``) on every hand-labelled turn we have, and say
how it does on an AUTHOR it has not seen.

    PYTHONPATH=src python bench/fit_gate.py [--set NAME=PATH ...] [--c 0.5] [--embed [--ce 0.05 --c2 0.1 --margin2 0.1]]
                                            [--parse [--pc C] [--pmarks all|none|a,b] [--ents]] [--write] [--hard N]

Sets (default: ``evals/cases/turns.jsonl``, author 1, and every development author's scenario set of
``bench/_sets.py``, twenty-seven authors since session 14, numbered as ``_sets.AUTHORS``); a set given with
``--set`` is its own author. Each clause the extractor
emits (gate off) becomes one row of the gate's named features, labelled with its turn's label
(1 = chit-chat); a turn is stored when any of its clauses is kept (clause by clause, as at run
time). Reported:

- the shipped lexical gate (``gate.py``'s WEIGHTS/BIAS/THRESHOLD) on each set;
- the headline, **leave one author out**: the lexical gate refitted (L2 logistic regression over
  the named features, threshold = the lowest P(chit-chat) keeping every training fact +
  ``--margin``) on the other authors and scored on the one left out, per author and pooled;
- with ``--embed``, a meaning stage measured the same way (not shipped: see BENCHMARKS.md, "Claim
  gate across authors"): the claim text's MiniLM vector (the bundled ONNX embedder, the vector
  ``add`` computes anyway) reduced to one input, the decision value of a logistic model on the
  384-d vector with strong L2 (``--ce``), out-of-fold by author inside the training folds; it
  joins the named features in a second logistic model (``--c2``) that may drop, after the
  lexical gate, a clause it kept, above its own threshold (the lowest keeping every training
  fact the lexical gate keeps + ``--margin2``). Measured over the lexical gate refitted per fold
  and over the shipped one.

- with ``--parse`` (the ``gate-structure`` extra: spaCy and its small English model), the clause's
  grammatical structure (``bench/gate_structure.py``: root, tense/aspect/modality, subject person
  and kind, proper nouns, numbers with a unit noun, possessed nouns, comment shapes, verb classes)
  measured the same way (not shipped: BENCHMARKS.md, "Session 8"): beside the named features in one
  refitted model (``--pc``; ``--pmarks``: which structure signals count as a reaction mark when
  their weight leans to chit-chat), and as a second stage after the refitted and after the shipped
  lexical gate (``--c2``, ``--margin2``, as the meaning stage).

``--write`` rewrites ``gate.py``'s lexical block with the refit on all sets (the shipped weights
were fitted in session 5 on authors 1-3 and beat that refit on every set: keep them unless a
refit wins leave-one-author-out).
"""

from __future__ import annotations

import argparse
import json
import re
from datetime import datetime, timezone
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

from memwarden.claims import gate, gate_cues
import gate_structure as structure  # bench/gate_structure.py (spaCy: the gate-structure extra)
from memwarden.claims.clauses import APOS
from memwarden.claims.rules import RuleExtractor
from memwarden.models import Turn
from _sets import AUTHORS, SCENARIO_SETS  # bench/_sets.py

ROOT = Path(__file__).resolve().parents[1]
N = len(gate.FEATURES)
SETS = {"turns": "evals/cases/turns.jsonl", **SCENARIO_SETS}
#: Whether the meaning stage, like the lexical gate, drops only a clause showing a reaction mark.
MARKS2 = True
#: Which structure signals (``claims/structure.py``) count as a reaction mark when their fitted weight
#: leans to chit-chat (``--pmarks``): all of them, none, or a comma-separated list.
PMARKS: frozenset[str] = frozenset()
#: Each set's author, as ``bench/_sets.py`` numbers them (``turns.jsonl`` was written by author 1).
AUTHOR = {"turns": "a1", **{k: f"a{n}" for k, n in AUTHORS.items() if k in SCENARIO_SETS}}


class Row:
    """One labelled turn: its clauses' feature vectors (clause, then whole turn) and claim texts."""

    __slots__ = ("vecs", "texts", "label", "text", "author", "set", "emb", "clauses", "pv", "ruled")

    def __init__(self, vecs: list[list[float]], texts: list[str], label: int, text: str, author: str, name: str,
                 clauses: list[str] | None = None, ruled: list[bool] | None = None) -> None:
        self.vecs, self.texts, self.label, self.text, self.author, self.set = vecs, texts, label, text, author, name
        #: each clause dropped by a rule outside the model (``gate.momentary``, ``gate.moment_act``), whatever the weights
        self.ruled = np.array(ruled if ruled is not None else [False] * len(vecs), bool)
        self.emb = np.zeros((0, 384), np.float32)
        self.clauses = clauses or []
        #: each clause's structure signals (``claims/structure.py``), filled by ``parse_rows``
        self.pv: list[list[float]] = [[] for _ in vecs]


def _vec(f: dict[str, float], whole: dict[str, float] | None) -> list[float]:
    return [f[k] for k in gate.FEATURES] + [whole[k] if whole else 0.0 for k in gate.FEATURES]


def _clauses(rec: list, content: str, res, i: int) -> tuple[list[list[float]], list[str], list[str], list[bool]]:
    """The recorded clauses of turn ``i`` that became claims (not echoes), once per claim text:
    their feature vectors, claim texts, the clauses as said and whether a rule drops them."""
    kept = {c.text for c in res.claims if i in c.turn_indexes and not c.claim.echo}
    vecs, texts, said, ruled = [], [], [], []
    for t, f, w, text, clause in rec:
        if t == content.translate(APOS) and text in kept and text not in texts:
            vecs.append(_vec(f, w))
            texts.append(text)
            said.append(clause)
            role = "assistant" if f["assistant"] else "user"
            ruled.append(gate.momentary(f, role) or gate.moment_act(f, role))
    return vecs, texts, said, ruled


def load_set(name: str, path: str, author: str) -> list[Row]:
    """A ``turns.jsonl``-style file (one call per row, with its ``prev``) or a scenario file (each
    session one ``extract`` call, as ``add`` makes it), read with the gate off."""
    ex, rows = RuleExtractor(), []
    gate.ENABLED = False
    try:
        if path.endswith(".jsonl"):
            now = datetime(2026, 11, 30, 12, tzinfo=timezone.utc)
            for r in (json.loads(x) for x in Path(path).read_text().splitlines() if x.strip()):
                turns = gate.row_turns(r, now)
                gate.RECORD = []
                res = ex.extract(turns, now=now)
                v, t, c, u = _clauses(gate.RECORD, turns[-1].content, res, len(turns) - 1)
                rows.append(Row(v, t, int(r["label"] == "chitchat"), r["text"], author, name, c, u))
            return rows
        for sc in json.loads(Path(path).read_text())["scenarios"]:
            for sess in sc["sessions"]:
                ts = datetime.fromisoformat(sess["ts"].replace("Z", "+00:00"))
                msgs = sess["messages"]
                turns = [Turn(role=m["role"], content=m["content"], index=i, timestamp=ts) for i, m in enumerate(msgs)]
                gate.RECORD = []
                res = ex.extract(turns, now=ts)
                for i, m in enumerate(msgs):
                    if m.get("label") in ("fact", "chitchat"):
                        v, t, c, u = _clauses(gate.RECORD, m["content"], res, i)
                        rows.append(Row(v, t, int(m["label"] == "chitchat"), m["content"], author, name, c, u))
        return rows
    finally:
        gate.RECORD, gate.ENABLED = None, True


def embed_rows(rows: list[Row]) -> None:
    """Each clause's claim text as the store embeds it (a scenario turn has no speaker name)."""
    from memwarden.providers.embedder import OnnxMiniLMEmbedder

    texts = sorted({t for r in rows for t in r.texts})
    vec = dict(zip(texts, OnnxMiniLMEmbedder().embed(texts))) if texts else {}
    for r in rows:
        r.emb = np.array([vec[t] for t in r.texts], np.float32).reshape(len(r.texts), 384)


class Gate:
    """One gate: the lexical model and threshold, and optionally the meaning stage (the direction
    in embedding space, the second model over the named features + the projection, its threshold)."""

    def __init__(self, lex: LogisticRegression, thr: float, direction: LogisticRegression | None = None,
                 full: LogisticRegression | None = None, thr2: float = 1.0, parse: bool = False) -> None:
        self.lex, self.thr, self.direction, self.full, self.thr2 = lex, thr, direction, full, thr2
        #: the first stage reads the structure signals beside the named features
        self.parse = parse

    def survivors(self, r: Row) -> np.ndarray:
        """Which clauses of the turn the lexical gate keeps (as ``gate.judge``, clause by clause, its rules included)."""
        return (clause_p(self.lex, r.vecs, pv=r.pv if self.parse else None) <= self.thr) & ~r.ruled

    def keeps(self, r: Row, emb_in: np.ndarray | None = None) -> bool:
        """Whether the turn is stored: some clause survives both stages, as at run time."""
        if not r.vecs:
            return False
        kept = self.survivors(r)
        if self.full is not None and self.direction is None and kept.any():  # the structure stage (``fit_structure_stage``)
            kept &= clause_p(self.full, r.vecs, marks=MARKS2, pv=r.pv) <= self.thr2
        elif self.full is not None and kept.any():
            e = emb_in if emb_in is not None else self.direction.decision_function(r.emb)
            kept &= clause_p(self.full, r.vecs, e, MARKS2) <= self.thr2
        return bool(kept.any())


def clause_p(model: LogisticRegression, vecs: list[list[float]], extra: np.ndarray | None = None, marks: bool = True,
             pv: list[list[float]] | None = None) -> np.ndarray:
    """P(chit-chat) of each clause the gate may drop, -1 for one it may not: a clause flagged as
    information, or (``marks``) one with no reaction mark in it or in its turn (as ``gate.judge``).
    ``pv``: each clause's structure signals, read by a model fitted with them (after the named features)."""
    w = dict(zip(gate.FEATURES, model.coef_[0]))
    X = np.array([v[:N] for v in vecs])
    if pv is not None:
        X = np.hstack([X, np.array(pv, float).reshape(len(vecs), len(structure.FEATURES))])
        ws = dict(zip(structure.FEATURES, model.coef_[0][N:N + len(structure.FEATURES)]))
    if extra is not None:
        X = np.hstack([X, np.asarray(extra).reshape(-1, 1)])
    p = model.predict_proba(X)[:, 1]
    for n, v in enumerate(vecs):
        f, t = dict(zip(gate.FEATURES, v[:N])), dict(zip(gate.FEATURES, v[N:]))
        marked = gate.reaction_marks(f, w) or gate.reaction_marks(t, w)
        if pv is not None and not marked:
            marked = any(ws[k] * x > 0 for k, x in zip(structure.FEATURES, pv[n]) if k in PMARKS)
        if gate.informs(f) or (marks and not marked):
            p[n] = -1.0
    return p


def droppable(model: LogisticRegression, vecs: list[list[float]], extra: np.ndarray | None = None, marks: bool = True) -> list[float]:
    """The clause probabilities of a turn the gate could drop whole; [] when one clause must stay."""
    p = clause_p(model, vecs, extra, marks) if vecs else np.zeros(0)
    return [] if (p < 0).any() else list(p)


def _threshold(need: list[float], margin: float) -> float:
    """The lowest threshold keeping every fact turn (``need``: each one's lowest clause probability), + margin."""
    need = [x for x in need if x >= 0]
    return min(0.99, max(need) + margin) if need else 0.5


def shipped_lex() -> Gate:
    """The lexical gate as shipped in ``gate.py`` (its WEIGHTS, BIAS and THRESHOLD)."""
    m = LogisticRegression()
    m.coef_ = np.array([[gate.WEIGHTS.get(k, 0.0) for k in gate.FEATURES]])
    m.intercept_, m.classes_ = np.array([gate.BIAS]), np.array([0, 1])
    return Gate(m, gate.THRESHOLD)


def fit_lex(rows: list[Row], c: float | None, margin: float, parse: bool = False) -> Gate:
    """The lexical gate fitted on ``rows`` (``c`` None: the shipped one, not refitted); ``parse``:
    with the structure signals beside the named features."""
    if c is None:
        return shipped_lex()
    X = np.array([v[:N] + (p if parse else []) for r in rows for v, p in zip(r.vecs, r.pv)])
    y = np.array([r.label for r in rows for _ in r.vecs])
    m = LogisticRegression(C=c, max_iter=5000).fit(X, y)
    need = [clause_p(m, r.vecs, pv=r.pv if parse else None)[~r.ruled].min() for r in rows if r.label == 0 and (~r.ruled).any()]
    return Gate(m, _threshold(need, margin), parse=parse)


def fit_structure_stage(rows: list[Row], c: float | None, margin: float, margin2: float, c2: float) -> Gate:
    """The lexical gate (``c`` None: as shipped) and, after it, a second model over the named features
    and the structure signals that may drop a clause the first kept, above the lowest threshold that
    keeps every training fact the first stage keeps + ``margin2`` (as the meaning stage, with structure
    in place of the embedding)."""
    g = fit_lex(rows, c, margin)
    train = [r for r in rows if r.vecs]
    X = np.array([v[:N] + p for r in train for v, p in zip(r.vecs, r.pv)])
    y = np.array([r.label for r in train for _ in r.vecs])
    g.full = LogisticRegression(C=c2, max_iter=5000).fit(X, y)
    need = [float(clause_p(g.full, r.vecs, marks=MARKS2, pv=r.pv)[alive].min())
            for r in train if r.label == 0 and (alive := g.survivors(r)).any()]
    g.thr2 = _threshold(need, margin2)
    return g


def parse_rows(rows: list[Row], entities: bool) -> None:
    """Each clause's structure signals, each distinct clause parsed once (batched)."""
    said = sorted({c for r in rows for c in r.clauses})
    sig = dict(zip(said, structure.parse_many([gate_cues.unclipped(c) for c in said], entities=entities)))
    for r in rows:
        r.pv = [[sig[c][k] for k in structure.FEATURES] for c in r.clauses]


def fit_direction(rows: list[Row], ce: float) -> LogisticRegression:
    X = np.vstack([r.emb for r in rows if r.vecs])
    y = np.array([r.label for r in rows for _ in r.vecs])
    return LogisticRegression(C=ce, max_iter=5000).fit(X, y)


def fit_full(rows: list[Row], c: float | None, ce: float, margin: float, margin2: float, c2: float) -> Gate:
    """Both stages on ``rows``; the projection the second is fitted on is out-of-fold by author
    (each training author's from a direction fitted on the other training authors)."""
    g = fit_lex(rows, c, margin)
    oof: dict[int, np.ndarray] = {}
    for a in sorted({r.author for r in rows}):
        d = fit_direction([r for r in rows if r.author != a], ce)
        for r in rows:
            if r.author == a and r.vecs:
                oof[id(r)] = d.decision_function(r.emb)
    train = [r for r in rows if r.vecs]
    X = np.array([v[:N] + [float(e)] for r in train for v, e in zip(r.vecs, oof[id(r)])])
    y = np.array([r.label for r in train for _ in r.vecs])
    g.full, g.direction = LogisticRegression(C=c2, max_iter=5000).fit(X, y), fit_direction(rows, ce)
    # the second stage sees only what the first kept: its threshold keeps every such training fact
    need = []
    for r in train:
        if r.label == 0 and (alive := g.survivors(r)).any():
            p2 = clause_p(g.full, r.vecs, oof[id(r)], MARKS2)
            need.append(float(p2[alive].min()))
    g.thr2 = _threshold(need, margin2)
    return g


def tally(g: Gate, rows: list[Row]) -> np.ndarray:
    """facts kept, facts, chit-chat stored, chit-chat."""
    kept = [g.keeps(r) for r in rows]
    return np.array([sum(k for k, r in zip(kept, rows) if r.label == 0), sum(r.label == 0 for r in rows),
                     sum(k for k, r in zip(kept, rows) if r.label == 1), sum(r.label == 1 for r in rows)])


def _line(name: str, s: np.ndarray) -> str:
    return (f"{name:10} fact recall {s[0]}/{s[1]} = {s[0] / max(1, s[1]):.4f} (lost {s[1] - s[0]})  "
            f"chit-chat -> claim {s[2]}/{s[3]} = {s[2] / max(1, s[3]):.4f}")


def loao(rows: list[Row], fitter) -> dict[str, np.ndarray]:
    """Per author (and per set within it): scored by a gate fitted on the other authors only."""
    out: dict[str, np.ndarray] = {}
    for a in sorted({r.author for r in rows}):
        g = fitter([r for r in rows if r.author != a])
        for name in dict.fromkeys(r.set for r in rows if r.author == a):
            out[f"{a}/{name}"] = tally(g, [r for r in rows if r.set == name])
    return out


def report(title: str, res: dict[str, np.ndarray]) -> None:
    print(f"== {title}: leave one author out ==")
    for k, s in res.items():
        print("  " + _line(k, s))
    by_a: dict[str, np.ndarray] = {}
    for k, s in res.items():
        by_a[k.split("/")[0]] = by_a.get(k.split("/")[0], np.zeros(4, int)) + s
    rates = [s[2] / s[3] for s in by_a.values()]
    pooled = sum(res.values())
    print("  " + _line("POOLED", pooled) + f"   (mean of authors' chit-chat rates {np.mean(rates):.4f}, worst {max(rates):.4f})")


def write_lexical(g: Gate) -> None:
    """Rewrite the WEIGHTS/BIAS/THRESHOLD block of ``gate.py`` with a refitted lexical gate."""
    p = ROOT / "src/memwarden/claims/gate.py"
    w = {k: round(float(v), 3) for k, v in zip(gate.FEATURES, g.lex.coef_[0])}
    body = "WEIGHTS: dict[str, float] = {\n" + "".join(f"    {k!r}: {v},\n" for k, v in w.items()) + "}\n"
    body += f"BIAS = {round(float(g.lex.intercept_[0]), 3)}\n"
    src = p.read_text()
    src = re.sub(r"WEIGHTS: dict\[str, float\] = \{.*?\n(?:\}\n)?BIAS = [-0-9.]+\n", lambda _: body, src, flags=re.S)
    src = re.sub(r"THRESHOLD = [0-9.]+", f"THRESHOLD = {round(g.thr, 3)}", src)
    p.write_text(src)
    print("wrote", p)


def show_hard(g: Gate, rows: list[Row], n: int) -> None:
    scored = [(float(p.min()), r) for r in rows if r.vecs and ((p := clause_p(g.lex, r.vecs)) >= 0).all()]
    facts = sorted((x for x in scored if x[1].label == 0), key=lambda x: -x[0])[:n]
    chats = sorted((x for x in scored if x[1].label == 1), key=lambda x: x[0])[:n]
    print("hardest facts:", *(f"  {p:.3f} {r.set} {r.text!r}" for p, r in facts),
          "chit-chat kept most surely:", *(f"  {p:.3f} {r.set} {r.text!r}" for p, r in chats), sep="\n")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", action="append", default=[], metavar="NAME=PATH", help="a labelled set (its own author)")
    ap.add_argument("--c", type=float, default=0.5, help="L2 strength (sklearn C) of the lexical model when refitted")
    ap.add_argument("--margin", type=float, default=0.05, help="the lexical threshold's margin above its hardest training fact")
    ap.add_argument("--embed", action="store_true", help="also measure the meaning stage (needs the bundled ONNX embedder)")
    ap.add_argument("--ce", type=float, default=0.05, help="L2 strength (sklearn C) of the 384-d embedding direction")
    ap.add_argument("--c2", type=float, default=0.1, help="L2 strength (sklearn C) of the meaning stage's model")
    ap.add_argument("--margin2", type=float, default=0.1, help="the meaning stage's margin above its hardest training fact")
    ap.add_argument("--marks2", type=int, default=1, help="1: the meaning stage, like the lexical gate, drops only a marked clause")
    ap.add_argument("--parse", action="store_true", help="also measure the gate with the structure signals (claims/structure.py)")
    ap.add_argument("--ents", action="store_true", help="with --parse, run the parser's named-entity pipe too")
    ap.add_argument("--pmarks", default="all", help="structure signals that count as a reaction mark: all, none or a,b,c")
    ap.add_argument("--pc", type=float, default=None, help="L2 strength (sklearn C) of the model with structure signals (default --c)")
    ap.add_argument("--write", action="store_true", help="rewrite gate.py's lexical block with the refit on all sets")
    ap.add_argument("--hard", type=int, default=0, help="print the N fact turns most likely dropped and chit-chat most surely kept")
    a = ap.parse_args()
    global MARKS2, PMARKS
    MARKS2 = bool(a.marks2)
    PMARKS = frozenset(structure.FEATURES if a.pmarks == "all" else () if a.pmarks == "none" else a.pmarks.split(","))
    named = dict(x.split("=", 1) for x in a.set) if a.set else {k: str(ROOT / v) for k, v in SETS.items()}
    rows = [r for k, v in named.items() for r in load_set(k, v, k if a.set else AUTHOR[k])]
    for k in named:
        s = [r for r in rows if r.set == k]
        print(_line(f"{k}, no gate", np.array([sum(bool(r.vecs) for r in s if r.label == 0), sum(r.label == 0 for r in s),
                                               sum(bool(r.vecs) for r in s if r.label == 1), sum(r.label == 1 for r in s)])))
    shipped = shipped_lex()
    print(f"== shipped lexical gate (gate.py, threshold {shipped.thr}; its weights were fitted on authors 1-3, so only "
          "authors 4-7 are unseen) ==")
    for k in named:
        print("  " + _line(k, tally(shipped, [r for r in rows if r.set == k])))
    print("  " + _line("ALL", sum(tally(shipped, [r for r in rows if r.set == k]) for k in named)))
    report(f"lexical gate refitted per fold (C={a.c})", loao(rows, lambda tr: fit_lex(tr, a.c, a.margin)))
    refit = fit_lex(rows, a.c, a.margin)
    print(f"== lexical gate refitted on all (threshold {refit.thr:.3f}) ==")
    for k in named:
        print("  " + _line(k, tally(refit, [r for r in rows if r.set == k])))
    if a.parse:
        parse_rows(rows, a.ents)
        pc = a.pc if a.pc is not None else a.c
        report(f"lexical + structure refitted per fold (C={pc}, pmarks={a.pmarks}, ents={a.ents})",
               loao(rows, lambda tr: fit_lex(tr, pc, a.margin, parse=True)))
        tag = f"C2={a.c2}, margin2={a.margin2}, marks2={a.marks2}, pmarks={a.pmarks}"
        report(f"lexical refitted + structure stage ({tag})",
               loao(rows, lambda tr: fit_structure_stage(tr, a.c, a.margin, a.margin2, a.c2)))
        report(f"shipped lexical + structure stage fitted per fold ({tag}; folds a1-a3 saw the shipped weights' data)",
               loao(rows, lambda tr: fit_structure_stage(tr, None, a.margin, a.margin2, a.c2)))
    if a.embed:
        embed_rows(rows)
        tag = f"ce={a.ce}, C2={a.c2}, margin2={a.margin2}, marks2={a.marks2}"
        report(f"lexical refitted + meaning stage ({tag})",
               loao(rows, lambda tr: fit_full(tr, a.c, a.ce, a.margin, a.margin2, a.c2)))
        report(f"shipped lexical + meaning stage fitted per fold ({tag})",
               loao(rows, lambda tr: fit_full(tr, None, a.ce, a.margin, a.margin2, a.c2)))
    if a.hard:
        show_hard(refit, rows, a.hard)
    if a.write:
        write_lexical(refit)


if __name__ == "__main__":
    main()
