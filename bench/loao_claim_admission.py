"""What the claim admission stage adds after the claim gate on the scenario sets, and whether a policy
fitted on their fact / chit-chat labels would add more, leave one author out.

    PYTHONPATH=src python bench/loao_claim_admission.py [--c 0.01 0.1 1] [--margin 0 0.02] [--guard]

Each development set (``bench/_sets.py``, twelve authors) is replayed as ``eval scenarios`` replays it
(``MemwardenSystem``, one ``add`` per session); for every labelled turn the script records the claim
candidates the admitter saw (those the gate let through), their dense admission features, the shipped
claim policy's score and decision, and whether the turn was stored. Reported:

- the shipped policy's scores of fact and chit-chat turns (a turn's best claim), and the turns whose
  claims it rejected all of;
- a threshold on the shipped score, chosen per fold as the lowest keeping every training fact (- margin);
- a logistic model on the dense features, fitted per fold on the other authors' stored turns (claim rows
  labelled by their turn; a turn dropped when all its claims lie above the lowest threshold keeping every
  training fact + margin); ``--guard``: also with a claim holding a time, a date or a number never dropped.

A turn not stored by main stays not stored, so "lost" counts main's losses too.
"""

from __future__ import annotations

import argparse
from typing import Any, Callable

import numpy as np
from sklearn.linear_model import LogisticRegression

from memwarden.admission import scored
from memwarden.evals.scenario_format import load_scenarios
from memwarden.evals.scenario_systems import MemwardenSystem
from memwarden.providers.embedder import OnnxMiniLMEmbedder
from _sets import SCENARIO_SETS  # bench/_sets.py

AUTHOR = {"dev": "a1", "dev2": "a2", "heldout": "a3", "heldout2": "a4", "heldout3": "a5", "heldout4": "a6", "heldout5": "a7",
          "heldout6": "a8", "heldout9": "a9", "heldout10": "a10", "heldout7": "a11", "heldout8": "a12"}
KEPT = ("admitted", "superseded", "duplicate")
Turn = dict[str, Any]


def record_decisions() -> list[dict[str, Any]]:
    """Patch the admitter to append, per claim candidate it decides, its source turn ids, features and decision."""
    seen: list[dict[str, Any]] = []
    compute, decide = scored.FT.compute, scored.ScoredAdmitter.decide
    last: dict[str, Any] = {}

    def computed(ctx, **kw):
        last["ctx"], last["feats"] = ctx, compute(ctx, **kw)
        return last["feats"]

    def decided(self, ctx):
        out = decide(self, ctx)
        if last.get("ctx") is ctx:
            for cand, f, d in zip(ctx.candidates, last["feats"], out):
                seen.append({"ids": list(cand.source_turn_ids), "dense": f.dense(), "event": d.event, "score": d.score})
        return out

    scored.FT.compute, scored.ScoredAdmitter.decide = computed, decided
    return seen


def replay() -> list[Turn]:
    seen, emb, turns = record_decisions(), OnnxMiniLMEmbedder(), []
    for name, path in SCENARIO_SETS.items():
        for sc in load_scenarios(path).scenarios:
            system = MemwardenSystem(emb)
            for sess in sc.sessions:
                seen.clear()
                first = system._turns
                stored = system.add_session(sc.user_map[sess.user], sess.add_messages(), sess.ts)
                for j, (m, st) in enumerate(zip(sess.messages, stored)):
                    if m.label:
                        tid = f"t{first + j}"
                        turns.append({"author": AUTHOR[name], "label": m.label, "text": m.content, "stored": bool(st),
                                      "claims": [c for c in seen if tid in c["ids"]]})
            system.close()
    return turns


def loao(turns: list[Turn], fitter: Callable[[list[Turn]], Callable[[Turn], bool]]) -> str:
    """Per author: facts lost and chit-chat stored when the left-out author's stored turns must also pass ``fitter``'s rule."""
    cells, lost, chat, n_chat = [], 0, 0, 0
    for a in sorted(set(AUTHOR.values()), key=lambda x: int(x[1:])):
        keep = fitter([t for t in turns if t["author"] != a and t["claims"] and t["stored"]])
        mine = [t for t in turns if t["author"] == a]
        stored = [t["stored"] and (not t["claims"] or keep(t)) for t in mine]
        lo = sum(not s for s, t in zip(stored, mine) if t["label"] == "fact")
        ch = sum(s for s, t in zip(stored, mine) if t["label"] == "chitchat")
        cells.append(f"{a} {ch}, {lo}")
        lost, chat, n_chat = lost + lo, chat + ch, n_chat + sum(t["label"] == "chitchat" for t in mine)
    return " | ".join(cells) + f" || chit-chat {chat}/{n_chat} = {chat / n_chat:.3f}, facts lost {lost}"


def shipped_threshold(margin: float) -> Callable[[list[Turn]], Callable[[Turn], bool]]:
    def fit(train: list[Turn]) -> Callable[[Turn], bool]:
        t = min(max(c["score"] for c in x["claims"]) for x in train if x["label"] == "fact") - margin
        return lambda x: max(c["score"] for c in x["claims"]) >= t
    return fit


def refit(c: float, margin: float, guard: bool) -> Callable[[list[Turn]], Callable[[Turn], bool]]:
    def fit(train: list[Turn]) -> Callable[[Turn], bool]:
        names = sorted(train[0]["claims"][0]["dense"])
        feats = lambda cl: np.array([[x["dense"][k] for k in names] for x in cl])  # noqa: E731
        X = np.vstack([feats(t["claims"]) for t in train])
        y = np.array([t["label"] == "chitchat" for t in train for _ in t["claims"]], int)
        mu, sd = X.mean(0), X.std(0) + 1e-6
        m = LogisticRegression(C=c, max_iter=5000).fit((X - mu) / sd, y)

        def p(t: Turn) -> float:
            q = m.predict_proba((feats(t["claims"]) - mu) / sd)[:, 1]
            if guard:  # a claim with a time, a date or a number is never dropped
                q = np.where([x["dense"]["temporal"] > 0 or x["dense"]["claim_resolved_date"] > 0 or x["dense"]["numbers"] > 0
                              for x in t["claims"]], -1.0, q)
            return float(q.min())

        thr = max(p(t) for t in train if t["label"] == "fact") + margin
        return lambda t: p(t) <= thr
    return fit


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--c", type=float, nargs="+", default=[0.01, 0.1, 1.0])
    ap.add_argument("--margin", type=float, nargs="+", default=[0.0, 0.02])
    ap.add_argument("--guard", action="store_true", help="also the model that never drops a claim with a time, date or number")
    a = ap.parse_args()
    turns = replay()
    best = {lab: sorted(max(c["score"] for c in t["claims"]) for t in turns if t["claims"] and t["label"] == lab)
            for lab in ("fact", "chitchat")}
    for lab, s in best.items():
        print(f"shipped claim policy, a {lab} turn's best claim score: quantiles 0/10/50/90% "
              f"{np.quantile(s, [0, .1, .5, .9]).round(3).tolist()} ({len(s)} turns with claims)")
    rejected = [t for t in turns if t["claims"] and not any(c["event"] in KEPT for c in t["claims"])]
    print(f"turns whose every claim the shipped policy rejected: {sum(t['label'] == 'fact' for t in rejected)} fact, "
          f"{sum(t['label'] == 'chitchat' for t in rejected)} chit-chat")
    print("main (as replayed):", loao(turns, lambda _: lambda t: True))
    for m in a.margin:
        print(f"threshold on the shipped score (margin {m}):", loao(turns, shipped_threshold(m)))
    for guard in (False, True) if a.guard else (False,):
        for c in a.c:
            for m in a.margin:
                print(f"logistic on the admission features, C {c}, margin {m}{', guarded' if guard else ''}:",
                      loao(turns, refit(c, m, guard)))


if __name__ == "__main__":
    main()
