"""End-to-end effect of admission on LoCoMo retrieval: recall@k with admission on vs storing everything.

Each test conversation is imported session by session twice, into a Memory
with ``admission="all"`` and into one with a trained policy (trained on
other conversations only: ``heldout`` uses A-MAC's split, ``loco`` retrains
per conversation). Every QA pair with evidence (categories 1-4; category 5
is adversarial and has no answer in the conversation) is searched with
``limit=k``; recall@k is the share of its evidence turns that the hits'
``source_turn_ids`` cover, averaged over questions.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from ..training.dataset import locomo_dataset
from ..admission.scored import ScoredAdmitter
from ..training.train import CachingEmbedder, extract, train_policy
from .admission import _take, split
from ..training.locomo import load_locomo


def questions(path: str | Path) -> dict[str, list[tuple[str, set[str]]]]:
    return {conv.sample_id: [(str(q.question), set(q.evidence)) for q in conv.qa if q.evidence and q.category != 5]
            for conv in load_locomo(Path(path))}


def run(data_path: str | Path, protocol: str = "heldout", *, k: int = 10, min_recall: float = 0.95,
        progress: bool = True, embedder=None) -> dict[str, Any]:
    from rich.progress import Progress

    from ..config import MemoryConfig
    from ..memory import Memory
    from ..providers.embedder import default_embedder

    data = locomo_dataset(data_path)
    qa = questions(data_path)
    emb = CachingEmbedder(embedder or default_embedder())
    convs = data.conversations
    if protocol == "loco":
        folds = [([c for c in convs if c != t], [t]) for t in convs]
    elif protocol == "heldout":
        tr, va, te = split(convs)
        folds = [(tr + va, te)]
    else:
        raise ValueError("protocol must be heldout or loco")
    rec = {"all": [], "auto": []}
    stored = {"all": 0, "auto": 0}
    with Progress(disable=not progress, transient=True) as bar:
        task = bar.add_task(f"retrieval with/without admission ({protocol})", total=len(folds))
        ex = extract(data, emb)
        for train_convs, test_convs in folds:
            policy = train_policy(_take(ex, train_convs), min_recall=min_recall, name=f"retrieval-{protocol}")
            for conv in test_convs:
                for mode in ("all", "auto"):
                    admitter = ScoredAdmitter(policy) if mode == "auto" else None
                    with Memory(config=MemoryConfig(database=":memory:", claims=False), embedder=emb, admitter=admitter) as mem:
                        for s in data.sessions:
                            if s.conversation == conv:
                                mem.add(s.messages, user_id=conv, timestamp=s.timestamp, source="import",
                                        admission="auto" if mode == "auto" else "all")
                        stored[mode] += len(mem.get_all(user_id=conv, include_superseded=False, limit=None))
                        for question, ev in qa.get(conv, []):
                            hits = mem.search(question, user_id=conv, limit=k).results
                            got = {t for h in hits for t in h.source_turn_ids}
                            rec[mode].append(len(ev & got) / len(ev))
            bar.advance(task)
    r_all, r_auto = float(np.mean(rec["all"])), float(np.mean(rec["auto"]))
    return {
        "protocol": protocol, "k": k, "min_recall_target": min_recall, "questions": len(rec["all"]),
        f"recall_at_{k}_all": round(r_all, 4), f"recall_at_{k}_admission": round(r_auto, 4),
        "recall_drop_points": round(100 * (r_all - r_auto), 2),
        "memories_all": stored["all"], "memories_admission": stored["auto"],
        "storage_saved_fraction": round(1 - stored["auto"] / max(1, stored["all"]), 4),
    }
