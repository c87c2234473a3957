"""One vs two threads, side by side: ONNX query embedding and BLAS float32 scans, interleaved A/B.

    python bench/bench_threads.py [--rounds 200]

Each round runs every variant once, in a rotating order, so a change of machine load hits all of
them; the table gives medians, p95 and the two-thread / one-thread ratio of medians, with the
1-minute load average before and after. BLAS threads are set with threadpoolctl.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np
from threadpoolctl import threadpool_limits

sys.path.insert(0, str(Path(__file__).parent))
from bench_core import sentence  # noqa: E402

from memwarden.providers.embedder import OnnxMiniLMEmbedder  # noqa: E402
from memwarden.retrieval.index import top_k  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=200)
    args = ap.parse_args()
    rng = random.Random(5)
    load0 = os.getloadavg()[0]
    emb = {1: OnnxMiniLMEmbedder(threads=1), 2: OnnxMiniLMEmbedder(threads=2)}
    batch = [sentence(rng) for _ in range(32)]
    nrng = np.random.default_rng(0)
    mats = {n: nrng.standard_normal((n, 384)).astype(np.float32) for n in (10_000, 100_000)}
    timings: dict[str, list[float]] = {}

    def run(name: str, fn) -> None:  # type: ignore[no-untyped-def]
        t0 = time.perf_counter()
        fn()
        timings.setdefault(name, []).append((time.perf_counter() - t0) * 1000)

    variants = []
    for t in (1, 2):
        variants.append((f"onnx query embed, {t} thread", lambda t=t: emb[t].embed([sentence(rng)])))
        variants.append((f"onnx batch of 32, {t} thread", lambda t=t: emb[t].embed(batch)))
        for n, mat in mats.items():
            def scan(t: int = t, mat: np.ndarray = mat) -> None:
                q = mat[7]
                with threadpool_limits(limits=t, user_api="blas"):
                    top_k(mat @ q, 10)
            variants.append((f"blas f32 scan {n // 1000}k, {t} thread", scan))
    for v in variants:  # warm-up
        v[1]()
    for r in range(args.rounds):
        k = r % len(variants)
        for name, fn in variants[k:] + variants[:k]:
            run(name, fn)
    print(f"machine: {os.cpu_count()} cores; load average before {load0:.2f}, after {os.getloadavg()[0]:.2f}; {args.rounds} rounds")
    print(f"{'variant':<34} {'p50 ms':>8} {'p95 ms':>8} {'mean ms':>8}")
    for name, ts in timings.items():
        print(f"{name:<34} {float(np.percentile(ts, 50)):>8.2f} {float(np.percentile(ts, 95)):>8.2f} {statistics.fmean(ts):>8.2f}")
    for base in sorted({n.rsplit(",", 1)[0] for n in timings}):
        one, two = timings[f"{base}, 1 thread"], timings[f"{base}, 2 thread"]
        print(f"{base:<34} 2 threads / 1 thread, median: {float(np.percentile(two, 50)) / float(np.percentile(one, 50)):.2f}")


if __name__ == "__main__":
    main()
