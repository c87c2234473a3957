"""The fitted final ranking stage against today's hand order on LoCoMo, side by side on the same memories.

    PYTHONPATH=src python bench/bench_rank_order.py --data ../shared/data/locomo/locomo10.json --conversations 10

Each conversation is stored once (claims on, admission ``all``, as ``memwarden eval retrieval``
does); every category 1-4 question with evidence is searched once per order, the two orders
alternated question by question so machine load hits both alike (30 claim hits read as their first
10 distinct source turns, as that eval does). Prints MRR, recall@10 and search p50/p95 per order.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.evals.retrieval import hit_turns
from memwarden.training.locomo import load_locomo, store_conversation

ORDERS = ("fitted", "hand")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--conversations", type=int, default=10)
    ap.add_argument("--first", type=int, default=0, help="skip this many conversations (run slices in parallel)")
    ap.add_argument("--raw", help="also write each question's reciprocal rank, recall and latency per order (JSON)")
    args = ap.parse_args()
    m = Memory(config=MemoryConfig(claims=True))
    base = m.config.trust
    cfgs = {o: base.model_copy(update={"rank_order": o}) for o in ORDERS}
    rr: dict[str, list[float]] = defaultdict(list)
    rec: dict[str, list[float]] = defaultdict(list)
    lat: dict[str, list[float]] = defaultdict(list)
    for conv in load_locomo(Path(args.data))[args.first: args.first + args.conversations]:
        uid = store_conversation(m, conv)
        for qi, q in enumerate(conv.qa):
            if not 1 <= q.category <= 4 or not q.evidence:
                continue
            gold = set(q.evidence)
            for o in ORDERS if qi % 2 else ORDERS[::-1]:
                m.scopes.trust.config = cfgs[o]  # bench-only: the engine reads its own config reference
                t0 = time.perf_counter()
                hits = m.search(q.question, user_id=uid, limit=30).results
                lat[o].append((time.perf_counter() - t0) * 1000)
                found = hit_turns(hits, 10)
                rank = next((i for i, t in enumerate(found, 1) if t in gold), None)
                rr[o].append(1 / rank if rank else 0.0)
                rec[o].append(len(gold & set(found)) / len(gold))
    m.scopes.trust.config = base
    print(f"{len(rr[ORDERS[0]])} questions, {args.conversations} conversations")
    print("| order | MRR | recall@10 | search p50 ms | p95 ms |\n|---|---|---|---|---|")
    for o in ORDERS:
        print(f"| {o} | {statistics.fmean(rr[o]):.3f} | {statistics.fmean(rec[o]):.3f} | "
              f"{np.percentile(lat[o], 50):.1f} | {np.percentile(lat[o], 95):.1f} |")
    if args.raw:
        Path(args.raw).write_text(json.dumps({"rr": rr, "recall": rec, "ms": lat}))
    m.close()


if __name__ == "__main__":
    main()
