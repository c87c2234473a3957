"""Core benchmark: import throughput, search latency at 1k/10k/100k, memory, disk.

    python bench/bench_core.py [--sizes 1000,10000,100000] [--import-turns 2000] [--queries 200]

Import throughput goes through ``Memory.add`` with the bundled ONNX embedder
(embedding included), 32 turns per call. For the scale tests the memories
are written straight through the store (embedding 100k texts would take
minutes and measures nothing new): their vectors are real MiniLM embeddings
of a pool of generated sentences plus small noise, and their keyword tokens
are those sentences'. Latency is ``Memory.search`` end to end (query
embedding, dense + BM25 over the scope, fusion, hydration of the top 10).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from memwarden import Memory, MemoryConfig
from memwarden._util import new_id, text_hash, utcnow
from memwarden.models import MemoryItem
from memwarden.retrieval.text import tokenize
from memwarden.storage import MemoryRecord, WriteBatch

SUBJECTS = ["I", "My sister", "My manager", "Our team", "My friend Sam", "The kids", "My partner", "Grandma"]
VERBS = ["started", "finished", "booked", "cancelled", "loved", "planned", "moved", "painted", "visited", "adopted", "joined", "tried"]
OBJECTS = ["a pottery class", "the marathon", "a trip to Kyoto", "a vegan restaurant", "the new apartment", "a rescue dog",
           "the chess club", "a guitar course", "the camping weekend", "a job in Berlin", "the garden project", "a sunrise painting",
           "a book club", "the hospital shift", "a violin recital", "the charity run"]
WHENS = ["last week", "yesterday", "in May", "two years ago", "this morning", "on Friday", "after work", "over the summer"]


def sentence(rng: random.Random) -> str:
    return f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)} {rng.choice(WHENS)} #{rng.randrange(10**6)}"


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench_import(tmp: Path, n: int, rng: random.Random) -> dict:
    texts = [sentence(rng) for _ in range(n)]
    path = tmp / "import.db"
    with Memory(path) as m:
        m.add("warm-up", user_id="warm")  # model load is not import throughput
        t0 = time.perf_counter()
        for start in range(0, n, 32):
            m.add([{"role": "user", "content": t} for t in texts[start : start + 32]], user_id="bench", admission="all")
        dt = time.perf_counter() - t0
    size = sum(p.stat().st_size for p in tmp.glob("import.db*"))
    return {"turns": n, "seconds": dt, "turns_per_s": n / dt, "disk_bytes_per_memory": size / n}


def bench_search(tmp: Path, size: int, queries: int, pool_vecs: np.ndarray, pool_texts: list[str], rng: random.Random) -> dict:
    path = tmp / f"scale-{size}.db"
    with Memory(path) as m:
        nrng = np.random.default_rng(size)
        now = utcnow()
        for start in range(0, size, 5000):
            batch = WriteBatch(user_id="bench")
            for i in range(start, min(size, start + 5000)):
                j = i % len(pool_texts)
                v = pool_vecs[j] + nrng.normal(0, 0.02, pool_vecs.shape[1]).astype(np.float32)
                v /= np.linalg.norm(v)
                text = f"{pool_texts[j]} v{i}"
                item = MemoryItem(id=new_id(), memory=text, user_id="bench", hash=text_hash(text), created_at=now, updated_at=now)
                batch.upserts.append(MemoryRecord(item, v, tokenize(text), m.embedder.model_id))
            m.store.write(batch)
        qs = [sentence(rng) for _ in range(queries)]
        t0 = time.perf_counter()
        m.search(qs[0], user_id="bench")  # builds the scope index once
        build_s = time.perf_counter() - t0
        lat, emb = [], []
        for q in qs:
            t0 = time.perf_counter()
            m.search(q, user_id="bench", limit=10)
            lat.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            m.embedder.embed([q])  # the query-embedding share of the search above
            emb.append((time.perf_counter() - t0) * 1000)
    size_bytes = sum(p.stat().st_size for p in tmp.glob(f"scale-{size}.db*"))
    return {"memories": size, "index_build_s": build_s, "search_ms_p50": float(np.percentile(lat, 50)), "search_ms_p95": float(np.percentile(lat, 95)),
            "search_ms_mean": statistics.fmean(lat), "embed_ms_p50": float(np.percentile(emb, 50)), "disk_bytes_per_memory": size_bytes / size, "peak_rss_mb": peak_rss_mb()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--import-turns", type=int, default=2000)
    ap.add_argument("--queries", type=int, default=200)
    args = ap.parse_args()
    rng = random.Random(7)
    print(f"machine: {os.cpu_count()} cores, python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        imp = bench_import(tmp, args.import_turns, rng)
        print(f"import: {imp['turns']} turns in {imp['seconds']:.1f} s = {imp['turns_per_s']:.0f} turns/s "
              f"(embedding included); {imp['disk_bytes_per_memory']:.0f} bytes on disk per memory")
        with Memory(config=MemoryConfig()) as m:
            pool_texts = [sentence(rng) for _ in range(5000)]
            pool_vecs = m.embedder.embed(pool_texts)
        print(f"{'memories':>9} {'build s':>8} {'p50 ms':>7} {'p95 ms':>7} {'mean ms':>8} {'embed p50':>9} {'disk B/mem':>10} {'peak RSS MB':>11}")
        for size in (int(s) for s in args.sizes.split(",")):
            r = bench_search(tmp, size, args.queries, pool_vecs, pool_texts, rng)
            print(f"{r['memories']:>9} {r['index_build_s']:>8.2f} {r['search_ms_p50']:>7.2f} {r['search_ms_p95']:>7.2f} "
                  f"{r['search_ms_mean']:>8.2f} {r['embed_ms_p50']:>9.2f} {r['disk_bytes_per_memory']:>10.0f} {r['peak_rss_mb']:>11.0f}")


if __name__ == "__main__":
    main()
