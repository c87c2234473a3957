"""Render time of every inspector page with 10k memories in one user.

    PYTHONPATH=src python bench/bench_ui.py [--turns 10000] [--db /tmp/bench_ui.db] [--repeat 20]

Builds (once; reused when the file exists) one user with ``--turns`` turns kept as episodes
plus the claims extracted from them, through ``Memory.add`` (hash embedder, store-all
admission, so building stays fast), then times each page through the ASGI app in-process
(TestClient: the server's work, no network) and prints p50/p95 per page.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

CITIES = ["Leeds", "Bristol", "Lisbon", "Porto", "Berlin", "Madrid", "Oslo", "Turin"]
NAMES = ["Ana", "Tom", "Rui", "Lena", "Omar", "Ines", "Kofi", "Mia", "Jon", "Sara", "Ivo", "Noa"]
ITEMS = ["books", "plants", "tickets", "mugs", "lamps", "records", "maps", "pens"]
#: Mostly one-off statements (a real user rarely says the same sentence twice); a few slots
#: change value over time (residence, employer), and some chit-chat yields no claim.
TEMPLATES = [
    (20, "I bought {n} {item} at the market in {city} on the {d}th."),
    (20, "My friend {name} turns {n} on the {d}th, party in {city}."),
    (15, "{name} recommended a restaurant called {name}'s {item} #{n}."),
    (10, "I ran {n} km along the river in {city} this morning."),
    (10, "Can you suggest something to do in {city} with {name}?"),
    (10, "Thanks, that sounds great!"),
    (5, "My meeting with {name} is on the {d}th at {h}am about project {n}."),
    (4, "I think my favourite book is number {n} on {name}'s list."),
    (3, "I moved to {city} last month."),
    (3, "I work for {name} Labs now, team {n}."),
]


def _turn(rng: random.Random) -> str:
    tpl = rng.choices([t for _, t in TEMPLATES], weights=[w for w, _ in TEMPLATES])[0]
    return tpl.format(city=rng.choice(CITIES), name=rng.choice(NAMES), item=rng.choice(ITEMS), n=rng.randrange(1, 10_000),
                      d=rng.randrange(1, 28), h=rng.randrange(8, 12))


def build(path: str, user: str, turns: int, per_call: int = 50) -> None:
    from memwarden.config import MemoryConfig
    from memwarden.memory import Memory

    rng = random.Random(7)
    start = datetime(2025, 1, 1, 9, 0, tzinfo=timezone.utc)
    with Memory(config=MemoryConfig(database=path, embedder="hash")) as m:
        for call in range(0, turns, per_call):
            when = start + timedelta(days=call // per_call)
            msgs = []
            for i in range(min(per_call, turns - call)):
                text = _turn(rng)
                role = "user" if i % 2 == 0 else "assistant"
                msgs.append({"role": role, "name": "Maya" if role == "user" else None, "content": text,
                             "timestamp": (when + timedelta(minutes=i)).isoformat()})
            m.add([{k: v for k, v in msg.items() if v is not None} for msg in msgs], user_id=user, admission="all")
        print(f"built {path}: {len(m.get_all(user_id=user, kind='any', limit=None))} memories in {user!r}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=7_500, help="turns to store (each an episode; most yield a claim)")
    ap.add_argument("--db", default="/tmp/bench_ui.db")
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    user = "bench-user"
    if not Path(args.db).exists():
        t0 = time.perf_counter()
        build(args.db, user, args.turns)
        print(f"build: {time.perf_counter() - t0:.0f} s")

    from fastapi.testclient import TestClient

    from memwarden.config import MemoryConfig
    from memwarden.memory import Memory
    from memwarden.ui import create_ui_app

    m = Memory(config=MemoryConfig(database=args.db, embedder="hash"))
    app = create_ui_app(m, keys=None, trusted_hosts=["testserver"])
    client = TestClient(app)
    t0 = time.perf_counter()
    client.get("/")  # the session cookie; loads the scope's catalogue
    cold = (time.perf_counter() - t0) * 1000
    items = m.get_all(user_id=user, kind="any", limit=200)
    claim = next(i for i in items if i.kind == "claim")
    episode = next(i for i in items if i.kind == "episode")
    pages = {
        "users": "/",
        "memories": f"/u/{user}/memories",
        "memories?speaker=Maya&type=fact": f"/u/{user}/memories?speaker=Maya&type=fact",
        "memories?status=superseded": f"/u/{user}/memories?status=superseded",
        "memories?page=50": f"/u/{user}/memories?page=50",
        "memory (claim)": f"/u/{user}/m/{claim.id}",
        "conversations": f"/u/{user}/conversations",
        "conversation": f"/u/{user}/conversation/{episode.id}",
        "receipts": f"/u/{user}/receipts",
        "receipts?event=rejected": f"/u/{user}/receipts?event=rejected",
        "timelines": f"/u/{user}/timelines",
        "search": f"/u/{user}/search?q=where+does+Maya+live",
        "search+as_of": f"/u/{user}/search?q=where+does+Maya+live&as_of=2025-03-01",
    }
    n = len(m.get_all(user_id=user, kind="any", limit=None))
    print(f"{n} memories in {user!r}; cold start (first page after the process starts, loads the catalogue): {cold:.0f} ms")
    print(f"{'page':34} {'first':>8} {'p50':>8} {'p95':>8}   (ms, {args.repeat} runs)")
    for name, url in pages.items():
        t0 = time.perf_counter()
        r = client.get(url)
        first = (time.perf_counter() - t0) * 1000
        assert r.status_code == 200, (url, r.status_code, r.text[:300])
        times = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            client.get(url)
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        p95 = times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]
        print(f"{name:34} {first:8.1f} {statistics.median(times):8.1f} {p95:8.1f}")


if __name__ == "__main__":
    main()
