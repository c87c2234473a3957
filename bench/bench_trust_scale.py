"""The trust stage's cost at scale, side by side in one run: search with trust off, with trust on, and the floor.

    python bench/bench_trust_scale.py [--sizes 10000,100000] [--queries 200] [--cache DIR] [--neighbours N]

bench_scale.py's data (real MiniLM vectors of 2,000 generated sentences plus noise, one SQLite
scope per size, written through the store) and its floor (the same ONNX query embedding, then an
exact float32 ``vecs @ q`` and a top-10). For each query, back to back: ``Memory.search`` with
``trust=False``, with ``trust=True`` (the order alternates per query, so neither arm always reads
a page cache the other warmed) and the floor. Each query is asked once per arm, so the trust stage
meets hits it has not compared before, as a fresh question does. Wall-clock p50/p95 of each arm,
the CPU time of the calling thread (which a busy shared machine disturbs less than the wall
clock), the p50 that trust adds, and each arm's p95 over the floor's p95; the 1-minute load
average is printed before and after each size.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
import bench_scale as bs  # noqa: E402

from memwarden import Memory  # noqa: E402
from memwarden.retrieval.index import top_k  # noqa: E402
from memwarden.retrieval.text import tokenize  # noqa: E402


def timed(f) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    t0, c0 = time.perf_counter(), time.thread_time()
    f()
    return (time.perf_counter() - t0) * 1000, (time.thread_time() - c0) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--cache", help="directory for bench_scale's generated vectors (.npy) and the filled databases")
    ap.add_argument("--neighbours", type=int, help="TrustConfig.neighbours (default: the shipped value)")
    args = ap.parse_args()
    trust = bs.CONFIG.trust if args.neighbours is None else bs.CONFIG.trust.model_copy(update={"neighbours": args.neighbours})
    config = bs.CONFIG.model_copy(update={"trust": trust})
    cache = Path(args.cache) if args.cache else None
    pool, texts, queries, qvecs = bs.base_data(cache, random.Random(11), args.queries)
    toks = [tokenize(t) for t in texts]
    print(f"machine: {os.cpu_count()} cores, load average {bs.load():.2f}; trust neighbours {trust.neighbours}; "
          f"{len(queries)} queries, each once per arm", flush=True)
    print(f"{'memories':>9} {'off p50':>8} {'off p95':>8} {'on p50':>8} {'on p95':>8} {'floor50':>8} {'floor95':>8} "
          f"{'added50':>8} {'cpu off':>8} {'cpu on':>8} {'cpu add':>8} {'off/fl95':>8} {'on/fl95':>8} {'load':>11}", flush=True)
    with tempfile.TemporaryDirectory() as d:
        for size in (int(s) for s in args.sizes.split(",") if s):
            vecs, which = bs.vectors(cache, pool, size)
            path = Path(d) / f"t{size}.db"
            load0 = bs.load()
            with Memory(path, config=config) as m:
                bs.fill(m, "bench", vecs, which, texts, toks)
                m.search(queries[0], user_id="bench", limit=10)  # builds the index (and the lists, if large)
                m.scopes.index("bench").ann_ready()
                m.search(queries[0], user_id="bench", limit=10, trust=True)  # the trust state (track record)
                off, on, floor, c_off, c_on = [], [], [], [], []
                for i, q in enumerate(queries):
                    arms = [(False, off, c_off), (True, on, c_on)]
                    for t, wall, cpu in (arms if i % 2 else arms[::-1]):
                        w, c = timed(lambda: m.search(q, user_id="bench", limit=10, trust=t))
                        wall.append(w)
                        cpu.append(c)
                    floor.append(timed(lambda: top_k(vecs @ m.embedder.embed([q])[0], 10))[0])
            for p in Path(d).glob(f"t{size}.db*"):
                p.unlink()
            p50, p95 = (lambda v: float(np.percentile(v, 50))), (lambda v: float(np.percentile(v, 95)))
            added = [b - a for a, b in zip(off, on)]
            added_cpu = [b - a for a, b in zip(c_off, c_on)]
            print(f"{size:>9} {p50(off):>8.2f} {p95(off):>8.2f} {p50(on):>8.2f} {p95(on):>8.2f} {p50(floor):>8.2f} "
                  f"{p95(floor):>8.2f} {p50(added):>8.2f} {p50(c_off):>8.2f} {p50(c_on):>8.2f} {p50(added_cpu):>8.2f} "
                  f"{p95(off) / p95(floor):>8.2f} {p95(on) / p95(floor):>8.2f} {load0:>5.2f}/{bs.load():<5.2f}", flush=True)


if __name__ == "__main__":
    main()
