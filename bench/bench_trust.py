"""Cost of the trust stage: search p50/p95 with and without reliability scoring at N memories in a scope.

    PYTHONPATH=src python bench/bench_trust.py --memories 10000 --queries 200

Uses HashEmbedder(dim=384) so the vectors have the bundled model's width without
embedding 10k texts through ONNX; the query embedding is the same in both arms,
so the difference is the trust stage alone (neighbour search over the scope,
stance against each hit's ten neighbours, conflict grouping, abstention).
Speakers, domains and a few image memories are mixed in so the track record is
not empty. Reported: p50/p95 per search (wall clock, and CPU time of the
calling thread, which a busy shared machine disturbs less), the added p50, and
the one-off cost of building the scope's track record and of updating it after
a write.
"""

from __future__ import annotations

import os

# One BLAS thread: on a shared 2-core machine extra threads only add scheduling noise.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import random
import statistics
import time

import numpy as np

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.providers.embedder import HashEmbedder

SUBJECTS = "Leo Ana Marco Priya Tomas Ines Yuki Omar Lena Felix Noor Hugo Sara Ivan Maya Diego".split()
VERBS = ["moved to", "visited", "works in", "lives in", "studied in", "met a friend in", "bought a flat in", "sold a car in"]
PLACES = "Lisbon Porto Bergen Quito Lyon Kyoto Cusco Tallinn Malmo Sevilla Hobart Utrecht Ghent Split Bilbao Krakow".split()
EXTRA = ["last spring", "in 2019", "with her sister", "for work", "after the wedding", "on a rainy day", "again", ""]


def sentence(rng: random.Random) -> str:
    return f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(PLACES)} {rng.choice(EXTRA)}".strip() + "."


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--memories", type=int, default=10_000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    m = Memory(config=MemoryConfig(embedder="hash"), embedder=HashEmbedder(dim=384))
    t0 = time.perf_counter()
    batch = []
    for i in range(args.memories):
        msg = {"role": "user", "name": rng.choice(["Ann", "Bob", "Cid"]), "content": sentence(rng)}
        if i % 50 == 0:
            msg["image"] = f"https://example.org/img{i}.jpg"
        batch.append(msg)
        if len(batch) == 500:
            m.add(batch, user_id="bench", metadata={"domain": rng.choice(["travel", "work", "home"])}, admission="all")
            batch = []
    if batch:
        m.add(batch, user_id="bench", admission="all")
    load_s = time.perf_counter() - t0
    queries = [sentence(rng).rstrip(".") + "?" for _ in range(args.queries)]
    # Warm both paths (index build, track record, caches) before timing.
    t0 = time.perf_counter()
    m.search(queries[0], user_id="bench", trust=True)
    first_trust_ms = (time.perf_counter() - t0) * 1000
    m.search(queries[0], user_id="bench", trust=False)
    off, on, off_cpu, on_cpu = [], [], [], []
    for q in queries:
        for trust, wall, cpu in ((False, off, off_cpu), (True, on, on_cpu)):
            t0, c0 = time.perf_counter(), time.thread_time()
            m.search(q, user_id="bench", limit=10, trust=trust)
            wall.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
    added = [b - a for a, b in zip(off, on)]
    added_cpu = [b - a for a, b in zip(off_cpu, on_cpu)]
    m.add([{"role": "user", "name": "Ann", "content": "Leo moved to Lisbon."}], user_id="bench", admission="all")
    t0 = time.perf_counter()
    m.search(queries[1], user_id="bench", trust=True)
    after_write_ms = (time.perf_counter() - t0) * 1000
    print(f"memories in scope      {args.memories:,} (loaded in {load_s:.1f} s)")
    print(f"search, trust off      p50 {statistics.median(off):.2f} ms  p95 {np.percentile(off, 95):.2f} ms")
    print(f"search, trust on       p50 {statistics.median(on):.2f} ms  p95 {np.percentile(on, 95):.2f} ms")
    print(f"added by trust (wall)  p50 {statistics.median(added):.2f} ms  p95 {np.percentile(added, 95):.2f} ms  (target p50 <= 3 ms, issue 11)")
    print(f"search CPU, off / on   p50 {statistics.median(off_cpu):.2f} / {statistics.median(on_cpu):.2f} ms")
    print(f"added by trust (CPU)   p50 {statistics.median(added_cpu):.2f} ms  p95 {np.percentile(added_cpu, 95):.2f} ms")
    print(f"first trusted search   {first_trust_ms:.1f} ms (builds the scope's track record)")
    print(f"first search after a write {after_write_ms:.1f} ms (track record rebuilt for the new version)")


if __name__ == "__main__":
    main()
