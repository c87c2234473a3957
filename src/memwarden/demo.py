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

#: The demo asks "now" as of shortly after the sample conversation's last session.
AS_OF = "2026-05-10T12:00:00Z"

DEMO_QUERIES = [
    "Where does Maya live now?",
    "What should I keep in mind when suggesting food for Maya?",
    "When is Ana's birthday party and where?",
    "When does Maya like to go running?",
]
#: Nothing in the sample answers this: trust should abstain, not guess.
UNANSWERABLE = "What is Maya's blood type?"
#: A request where memories must be governed, with evidence the conversation never had.
GOVERNED = ("Can you suggest a dessert for Ana's party?",
            ["The restaurant's dessert menu: peanut brittle, lemon tart, chocolate mousse."])


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
        for q in [*DEMO_QUERIES, UNANSWERABLE]:
            hits = m.search(q, user_id=user_id, limit=3, as_of=AS_OF)
            qt = Table(title=f"search: {q}", title_justify="left")
            for col in ("#", "score", "dense", "keyword", "trust", "memory"):
                qt.add_column(col, overflow="fold")
            for i, h in enumerate(hits.results, 1):
                dense = f"{h.scores.dense:.2f}" if h.scores.dense is not None else "-"
                kw = f"{h.scores.keyword:.2f}" if h.scores.keyword is not None else "-"
                trust = f"{h.reliability.confidence:.2f}" if h.reliability is not None else "-"
                qt.add_row(str(i), f"{h.score:.4f}", dense, kw, trust, h.memory)
            console.print(qt)
            if hits.abstained:
                console.print(f"[bold yellow]abstained[/] ({hits.abstain_reason}): {hits.abstain_detail}")
        query, evidence = GOVERNED
        ctx = m.context(query, user_id=user_id, evidence=evidence, limit=4, as_of=AS_OF)
        gt = Table(title=f"governed context: {query}", title_justify="left")
        for col in ("policy", "memory", "instruction"):
            gt.add_column(col, overflow="fold")
        for g in ctx.memories:
            gt.add_row(g.policy, g.memory, g.instruction)
        console.print(gt)
        console.print("[bold]prompt block for any model (strict enforcement):[/]")
        console.print(ctx.prompt, markup=False, highlight=False)
        console.print(f"stored in {path}; try: memwarden search \"Maya's job\" --user {user_id} --db {path}")
