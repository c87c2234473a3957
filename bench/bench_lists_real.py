"""Coarse lists on real embeddings: recall@10 against the exact scan, by share of rows probed.

    python bench/bench_lists_real.py [--data /work/shared/data/locomo/locomo10.json]

bench_scale.py's 1M memories are synthetic (noisy copies of 2,000 sentences), which suits lists
well. Here the rows are every LoCoMo turn (``speaker: text``, MiniLM as memwarden embeds them) and
the queries every LoCoMo question: real text with no planted clusters. Each query goes through
the same path as ``ScopeIndex.dense`` above ``ANN_ROWS``: the nearest lists up to a row budget,
their int8 scores, the top 200 re-scored exactly in float32.
"""

from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np

from memwarden import Memory, MemoryConfig
from memwarden.retrieval.ann import CoarseLists, quantize
from memwarden.retrieval.kernels import top_k


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="/work/shared/data/locomo/locomo10.json")
    ap.add_argument("--cache", default="/tmp/scale")
    args = ap.parse_args()
    data = json.load(open(args.data))
    turns = [f"{t['speaker']}: {t['text']}" for c in data for k, s in c["conversation"].items()
             if k.startswith("session_") and isinstance(s, list) for t in s]
    questions = [q["question"] for c in data for q in c["qa"]]
    f = os.path.join(args.cache, "locomo_vecs.npz")
    if os.path.exists(f):
        z = np.load(f)
        rows, qs = z["rows"], z["qs"]
    else:
        with Memory(config=MemoryConfig()) as m:
            rows, qs = m.embedder.embed(turns), m.embedder.embed(questions)
        np.savez(f, rows=rows, qs=qs)
    codes, scale = quantize(rows)
    t0 = time.perf_counter()
    lists = CoarseLists.build(rows, codes, scale)
    print(f"{len(rows)} turns, {len(qs)} questions; {len(lists.sizes)} lists built in {time.perf_counter() - t0:.1f} s; "
          f"load {os.getloadavg()[0]:.1f}", flush=True)
    exact = [set(top_k(rows @ q, 10).tolist()) for q in qs]
    for share in (0.01, 0.02, 0.05, 0.1, 0.2):
        hits = 0
        for q, e in zip(qs, exact):
            cand, approx = lists.probe(q, max(1, int(share * len(rows))))
            cand = cand[top_k(approx, 200)]
            got = cand[top_k(rows[cand] @ q, 10)]
            hits += len(e & set(got.tolist()))
        print(f"  rows probed {share:>5.0%}: recall@10 {hits / (10 * len(qs)):.3f}", flush=True)


if __name__ == "__main__":
    main()
