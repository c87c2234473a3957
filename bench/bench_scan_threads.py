"""Two timings behind BENCHMARKS.md's "Core" section, side by side in one process.

1. The exact dense scan at 100k memories: one float32 matrix-vector product over
   100,000 x 384 rows, with OpenBLAS limited to 1 and to 2 threads.
2. The bundled ONNX MiniLM with 1 and 2 intra-op threads: one query at a time
   (p50 ms) and batches of 32 (texts/s).

    PYTHONPATH=src python bench/bench_scan_threads.py

Timings depend on what else runs on the machine: run both halves back to back and
compare within one run, not across runs.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
from threadpoolctl import threadpool_limits

from memwarden.providers.embedder import OnnxMiniLMEmbedder

WORDS = "tea coffee dog cat Lisbon Porto bees piano chess garden bike train sister brother doctor moved works likes".split()


def scan_ms(rows: int, dim: int, threads: int, reps: int) -> float:
    rng = np.random.default_rng(0)
    mat = rng.standard_normal((rows, dim), dtype=np.float32)
    q = rng.standard_normal(dim, dtype=np.float32)
    with threadpool_limits(limits=threads, user_api="blas"):
        mat @ q  # warm-up
        times = []
        for _ in range(reps):
            t0 = time.perf_counter()
            mat @ q
            times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def embed_timings(threads: int, queries: int, batch_texts: int) -> tuple[float, float]:
    rng = np.random.default_rng(1)
    texts = [" ".join(rng.choice(WORDS, 12)) for _ in range(max(queries, batch_texts))]
    emb = OnnxMiniLMEmbedder(threads=threads)
    emb.embed(texts[:2])  # warm-up
    single = []
    for t in texts[:queries]:
        t0 = time.perf_counter()
        emb.embed([t])
        single.append((time.perf_counter() - t0) * 1000)
    t0 = time.perf_counter()
    emb.embed(texts[:batch_texts])
    return statistics.median(single), batch_texts / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--dim", type=int, default=384)
    ap.add_argument("--reps", type=int, default=200)
    ap.add_argument("--queries", type=int, default=100)
    ap.add_argument("--batch-texts", type=int, default=640)
    a = ap.parse_args()
    for threads in (2, 1):
        print(f"dense scan {a.rows} x {a.dim}, {threads} BLAS thread(s): p50 {scan_ms(a.rows, a.dim, threads, a.reps):.2f} ms",
              flush=True)
    for threads in (2, 1):
        single, rate = embed_timings(threads, a.queries, a.batch_texts)
        print(f"MiniLM ONNX, {threads} thread(s): one query p50 {single:.2f} ms; batch {rate:.0f} texts/s", flush=True)


if __name__ == "__main__":
    main()
