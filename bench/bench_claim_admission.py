"""Claim admission on LoCoMo, offline: leave-one-conversation-out and the extractor's recall cap.

    PYTHONPATH=src nice -n 10 python bench/bench_claim_admission.py --data /work/shared/data/locomo/locomo10.json \
        [--targets 0.90 0.95] [--cache emb.npz] [--misses misses.json]

1. **Cap**: runs the offline rule extractor over every session (as ``Memory.add`` would call it)
   and counts the turns, and the evidence turns, that yield no claim. Such a turn can never count
   as admitted on the two-tier path, whatever the policy; ``--misses`` writes them out.
2. **loco**: claim features extracted once through ``Memory.add`` (two-tier path, every claim
   stored), then for each conversation a claim policy trained on the other nine (threshold on their
   out-of-fold turn scores for recall >= each target) scores its claims; a turn scores its best
   claim. Not replayed (novelty is against every claim, not only the admitted ones), as the
   turn-level variants of ``bench/bench_admission_variants.py``, whose reference row it compares with.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np

from memwarden.claims.rules import RuleExtractor
from memwarden.evals.admission import _take
from memwarden.training.locomo import load_locomo, session_messages
from memwarden.models import Turn
from memwarden.providers.embedder import default_embedder
from memwarden.training.dataset import load
from memwarden.training.train import CachingEmbedder, extract_claims, prf, set_utility, train_policy


def cap(path: str) -> tuple[dict, list]:
    ex = RuleExtractor()
    tot = ev = none = ev_none = 0
    misses = []
    for c in load_locomo(Path(path)):
        pos = {e for q in c.qa for e in q.evidence}
        for s in c.sessions:
            msgs = session_messages(s)
            turns = [Turn(role="user", content=m["content"], name=m["name"], index=i, turn_id=m["id"], timestamp=s[0].timestamp)
                     for i, m in enumerate(msgs)]
            got = Counter(i for cl in ex.extract(turns, user_name=None, now=s[0].timestamp).claims for i in cl.turn_indexes)
            for i, m in enumerate(msgs):
                tot += 1
                ev += m["id"] in pos
                if not got[i]:
                    none += 1
                    if m["id"] in pos:
                        ev_none += 1
                        misses.append([c.sample_id, m["id"], m["content"]])
    return {"turns": tot, "turns_without_claims": none, "evidence_turns": ev, "evidence_turns_without_claims": ev_none,
            "recall_cap": round(1 - ev_none / ev, 4)}, misses


def loco(path: str, targets: list[float], cache: str | None) -> dict:
    data = load(path)
    emb = CachingEmbedder(default_embedder())
    if cache:
        emb.load(Path(cache))
    ex = extract_claims(data, emb)
    if cache:
        emb.save(Path(cache))
    convs = data.conversations
    out: dict = {"claims": len(ex.labels)}
    for t in targets:
        preds, ys = [], []
        for c in convs:
            pol = train_policy(copy.deepcopy(_take(ex, [x for x in convs if x != c])), min_recall=t)
            test = copy.deepcopy(_take(ex, [c]))
            set_utility(test, pol.spec.utility)
            scores = np.array([pol.score(f, [v, cv]) for f, v, cv in zip(test.feats, test.vecs, test.ctx_vecs)])
            ts, ty = test.turn_scores(scores)
            preds.append(ts >= pol.threshold)
            ys.append(ty)
        pred, y = np.concatenate(preds), np.concatenate(ys)
        p, r, f = prf(pred, y)
        out[str(t)] = {"precision": round(p, 4), "recall": round(r, 4), "f1": round(f, 4), "admitted": round(float(pred.mean()), 4)}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--targets", type=float, nargs="+", default=[0.90, 0.95])
    ap.add_argument("--cache", default=None)
    ap.add_argument("--misses", default=None)
    ap.add_argument("--cap-only", action="store_true")
    args = ap.parse_args(argv)
    summary, misses = cap(args.data)
    if args.misses:
        Path(args.misses).write_text(json.dumps(misses, indent=0))
    report = {"cap": summary}
    if not args.cap_only:
        report["loco"] = loco(args.data, args.targets, args.cache)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
