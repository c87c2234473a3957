"""``memwarden demo``: the main job on the embedded default, offline."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from pathlib import Path

from rich.console import Console
from rich.table import Table

from .config import MemoryConfig, default_data_dir
from .importer import read_conversation
from .memory import Memory

DEMO_QUERIES = [
    "Where does Maya live now?",
    "What should I keep in mind when suggesting food for Maya?",
    "When is Ana's birthday party and where?",
    "When does Maya like to go running?",
]


def run_demo(*, db: str | None, user_id: str, console: Console) -> None:
    path = db or str(default_data_dir() / "demo.db")
    sample = Path(str(resources.files("memwarden") / "data" / "sample_conversation.json"))
    messages = read_conversation(sample)
    console.print(f"[bold]memwarden demo[/] — database {path}, user {user_id!r}, {len(messages)} sample messages")
    with Memory(config=MemoryConfig(database=path)) as m:
        removed = m.delete_all(user_id=user_id)  # the demo starts from a clean scope every run
        if removed:
            console.print(f"cleared {removed} memories left by an earlier demo run")
        res = m.add(messages, user_id=user_id)
        counts = Counter(r.event for r in res.results)
        t = Table(title="what was stored (one receipt per message)")
        for col in ("event", "speaker", "message", "why"):
            t.add_column(col, overflow="fold")
        for msg, r in zip(messages, res.results):
            colour = {"admitted": "green", "superseded": "green", "duplicate": "yellow", "rejected": "red"}.get(r.event, "")
            t.add_row(f"[{colour}]{r.event}[/]", msg.get("name") or msg["role"], r.text, r.reason)
        console.print(t)
        console.print(", ".join(f"{n} {event}" for event, n in sorted(counts.items())))
        for q in DEMO_QUERIES:
            hits = m.search(q, user_id=user_id, limit=3)
            qt = Table(title=f"search: {q}", title_justify="left")
            for col in ("#", "score", "dense", "keyword", "memory"):
                qt.add_column(col, overflow="fold")
            for i, h in enumerate(hits.results, 1):
                dense = f"{h.scores.dense:.2f}" if h.scores.dense is not None else "-"
                kw = f"{h.scores.keyword:.2f}" if h.scores.keyword is not None else "-"
                qt.add_row(str(i), f"{h.score:.4f}", dense, kw, h.memory)
            console.print(qt)
        console.print(f"stored in {path}; try: memwarden search \"Maya's job\" --user {user_id} --db {path}")
