"""Does the trust ranking move LoCoMo's evidence down? MRR and recall@10 on the same stored memories
with trust off, the default order, and the default minus each step.

    PYTHONPATH=src python bench/bench_trust_ranking_locomo.py --data ../shared/data/locomo/locomo10.json --conversations 1

Each conversation is stored once (claims on, admission all, as ``memwarden eval retrieval`` does);
every category 1-4 question with evidence is searched once per variant (30 claim hits mapped to
their first 10 distinct source turns). Variants: ``off`` (trust=False), ``default``, ``no_blend``
(``rank_weight`` 0), ``no_conflict_moves`` (conflict groups not used to reorder), ``no_updates_first``;
each ``--variant '{"rank_signal": "confidence"}'`` adds one more (a JSON object of TrustConfig overrides).
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from pathlib import Path

import memwarden.trust.ranking as ranking
from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.training.locomo import load_locomo, store_conversation
from memwarden.evals.retrieval import hit_turns

VARIANTS = ("off", "default", "no_blend", "no_conflict_moves", "no_updates_first")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--conversations", type=int, default=1)
    ap.add_argument("--variant", action="append", default=[], help="JSON TrustConfig overrides (repeatable)")
    args = ap.parse_args()
    extra = {v: json.loads(v) for v in args.variant}
    variants = VARIANTS + tuple(extra)
    m = Memory(config=MemoryConfig(claims=True))
    base = m.config.trust
    engine = m.scopes.trust  # bench-only: the variants swap the engine's config and steps in place
    keep_updates, keep_conflicts = ranking.updates_first, type(engine)._conflicts
    rr: dict[str, list[float]] = defaultdict(list)
    rec: dict[str, list[float]] = defaultdict(list)
    for conv in load_locomo(Path(args.data))[: args.conversations]:
        uid = store_conversation(m, conv)
        for q in conv.qa:
            if not 1 <= q.category <= 4 or not q.evidence:
                continue
            gold = set(q.evidence)
            for name in variants:
                engine.config = base.model_copy(update={"rank_weight": 0.0} if name == "no_blend" else extra.get(name, {}))
                ranking.updates_first = (lambda h, q="", top=5: h) if name == "no_updates_first" else keep_updates
                if name == "no_conflict_moves":
                    engine._conflicts = lambda *a, **k: ([], set())  # type: ignore[method-assign]
                hits = m.search(q.question, user_id=uid, limit=30, trust=False if name == "off" else None).results
                if name == "no_conflict_moves":
                    del engine._conflicts
                found = hit_turns(hits, 10)
                rank = next((i for i, t in enumerate(found, 1) if t in gold), None)
                rr[name].append(1 / rank if rank else 0.0)
                rec[name].append(len(gold & set(found)) / len(gold))
    engine.config, ranking.updates_first = base, keep_updates
    assert type(engine)._conflicts is keep_conflicts
    print("| variant | MRR | recall@10 |\n|---|---|---|")
    for name in variants:
        print(f"| {name} | {statistics.fmean(rr[name]):.3f} | {statistics.fmean(rec[name]):.3f} |")


if __name__ == "__main__":
    main()
