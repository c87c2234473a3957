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


def load_sessions(m: Memory, user_id: str) -> list[object]:
    """Add the sample conversation one session at a time (as an app would); the receipts."""
    sample = Path(str(resources.files("memwarden") / "data" / "sample_conversation.json"))
    messages = read_conversation(sample)
    sessions: dict[str, list[dict]] = {}
    for msg in messages:
        sessions.setdefault(str(msg.get("timestamp")), []).append(msg)
    receipts = []
    for msgs in sessions.values():
        receipts += m.add(msgs, user_id=user_id).results
    return receipts


def run_demo(*, db: str | None, user_id: str, console: Console) -> None:
    path = db or str(default_data_dir() / "demo.db")
    console.print(f"[bold]memwarden demo[/] — database {path}, user {user_id!r}")
    with Memory(config=MemoryConfig(database=path)) as m:
        removed = m.delete_all(user_id=user_id)  # the demo starts from a clean scope every run
        if removed:
            console.print(f"cleared {removed} memories left by an earlier demo run")
        receipts = load_sessions(m, user_id)
        claim_receipts = {r.memory_id: r for r in receipts if r.kind == "claim" and r.memory_id}
        texts = {r.memory_id: r.text for r in receipts if r.kind == "claim" and r.memory_id}
        t = Table(title="every turn kept as an episode; the claims extracted from it")
        for col in ("speaker", "turn (as said)", "claims"):
            t.add_column(col, overflow="fold")
        for r in (r for r in receipts if r.kind == "episode"):
            ep = m.get(r.memory_id, user_id=user_id)
            claims = [f"[{_COLOUR.get(claim_receipts[c].event, '')}]{texts[c]}[/] ({claim_receipts[c].event})"
                      for c in r.claim_ids if c in claim_receipts] or [f"[dim]{r.reason}[/]"]
            t.add_row(ep.speaker or ep.role or "-", ep.memory, "\n".join(claims))
        console.print(t)
        counts = Counter(f"{r.kind} {r.event}" for r in receipts)
        console.print(", ".join(f"{n} {what}" for what, n in sorted(counts.items())))
        for old in (c for c in m.get_all(user_id=user_id) if c.status == "superseded"):
            newer = m.get(old.superseded_by, user_id=user_id) if old.superseded_by else None
            ht = Table(title=f"superseded: {old.memory}", title_justify="left")
            for col in ("when", "event", "memory", "cause"):
                ht.add_column(col, overflow="fold")
            for ev in m.history(old.id, user_id=user_id):
                ht.add_row(ev.at.strftime("%Y-%m-%d %H:%M"), ev.event, ev.old_memory or ev.new_memory or "", ev.cause)
            console.print(ht)
            console.print(f"valid {_day(old.valid_from)} → {_day(old.valid_to)}; now: "
                          f"{newer.memory if newer else '-'} (valid from {_day(newer.valid_from) if newer else '-'})")
        for q in [*DEMO_QUERIES, UNANSWERABLE]:
            hits = m.search(q, user_id=user_id, limit=3, as_of=AS_OF)
            qt = Table(title=f"search: {q}", title_justify="left")
            for col in ("#", "score", "trust", "claim", "source turn (as said)"):
                qt.add_column(col, overflow="fold")
            for i, h in enumerate(hits.results, 1):
                trust = f"{h.reliability.confidence:.2f}" if h.reliability is not None else "-"
                src = "; ".join(f"{e.speaker or e.role}, {_day(e.occurred_at)}: {e.text}" for e in h.episodes)
                qt.add_row(str(i), f"{h.score:.3f}", trust, h.memory, src)
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


_COLOUR = {"admitted": "green", "superseded": "green", "duplicate": "yellow", "rejected": "red"}


def _day(when: object) -> str:
    return when.strftime("%Y-%m-%d") if hasattr(when, "strftime") else "-"
