"""``memwarden eval retrieval``: evidence recall@k on LoCoMo.

Each conversation goes into its own scope (one ``add`` per session, speaker
and session date kept); every QA question of categories 1-4 is searched
in its conversation's scope. recall@k is the share of a question's
evidence turns found among the top k, averaged over questions.

Search ranks claims (``kind="claim"``, the default); LoCoMo's evidence ids name turns, so each
hit is mapped to the turn ids of its source episodes, in rank order, duplicates dropped, and
the first k distinct turns are scored (the search asks for 3k hits, as several claims often
come from one turn): the claim ranking read as a ranking of turns, k turns as before, so
recall@k stays comparable with the one-memory-per-turn numbers.
"""

from __future__ import annotations

import statistics
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..config import MemoryConfig
from ..memory import Memory
from ..retrieval.search import FusionConfig
from ..training.locomo import load_locomo, session_messages


def hit_turns(hits: list[Any], k: int) -> list[str]:
    """The first ``k`` distinct turn ids behind the hits, in rank order (a claim's through its
    source episodes; an episode's or a pre-claims memory's its own)."""
    out: dict[str, None] = {}
    for h in hits:
        tids = [t for e in h.episodes for t in e.source_turn_ids] or h.source_turn_ids
        for t in tids:
            out.setdefault(t, None)
    return list(out)[:k]


def _hit_limit(m: Memory, k: int) -> int:
    return 3 * k if m.config.claims else k


def run_retrieval_eval(
    data: Path,
    *,
    k: int = 10,
    limit_conversations: int | None = None,
    arm: str = "hybrid",
    admission: str = "all",
    embedder: str = "minilm",
    fusion: str = "zscore",
    compare: bool = False,
    memory: Memory | None = None,
    progress: bool = True,
    kind: str = "claim",
    claims: bool = True,
) -> dict[str, Any]:
    convs = load_locomo(data)[:limit_conversations]
    weights = {"hybrid": (0.5, 0.5), "dense": (1.0, 0.0), "keyword": (0.0, 1.0)}[arm]
    m = memory or Memory(config=MemoryConfig(embedder=embedder, fusion_method=fusion, dense_weight=weights[0],
                                             keyword_weight=weights[1], claims=claims))
    n_turns = sum(len(c.turns) for c in convs)
    n_q = sum(1 for c in convs for q in c.qa if 1 <= q.category <= 4 and q.evidence)
    recalls: list[float] = []
    rr: list[float] = []
    lat: list[float] = []
    by_cat: dict[int, list[float]] = defaultdict(list)
    stored = claims = 0
    t_import = 0.0
    # Baselines measured on the same stored memories in the same run.
    baselines = {
        "dense_only": FusionConfig(dense_weight=1.0, keyword_weight=0.0),
        "bm25_only": FusionConfig(dense_weight=0.0, keyword_weight=1.0),
        "rrf": FusionConfig(method="rrf", dense_weight=1.0, keyword_weight=1.0),
    } if compare else {}
    base_recall: dict[str, list[float]] = defaultdict(list)
    cols = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*cols, disable=not progress, transient=True) as bar:
        t_store = bar.add_task("storing turns", total=n_turns)
        t_q = bar.add_task("asking questions", total=n_q)
        for conv in convs:
            uid = f"locomo-{conv.sample_id}"
            m.delete_all(user_id=uid)
            for session in conv.sessions:
                msgs = session_messages(session)
                if msgs:
                    t0 = time.perf_counter()
                    res = m.add(msgs, user_id=uid, admission=admission)
                    t_import += time.perf_counter() - t0
                    stored += len(res.stored)
                    claims += sum(1 for r in res.results if r.kind == "claim" and r.event in ("admitted", "superseded"))
                bar.advance(t_store, len(session))
            for q in conv.qa:
                if not 1 <= q.category <= 4 or not q.evidence:
                    continue  # category 5 is unanswerable; 4 questions carry no evidence ids
                t0 = time.perf_counter()
                hits = m.search(q.question, user_id=uid, limit=_hit_limit(m, k), kind=kind).results
                lat.append((time.perf_counter() - t0) * 1000)
                found = hit_turns(hits, k)
                gold = set(q.evidence)
                rec = len(gold & set(found)) / len(gold)
                recalls.append(rec)
                by_cat[q.category].append(rec)
                rank = next((i for i, tid in enumerate(found, 1) if tid in gold), None)
                rr.append(1.0 / rank if rank else 0.0)
                for name, cfg in baselines.items():
                    bhits = m.search(q.question, user_id=uid, limit=_hit_limit(m, k), fusion=cfg, kind=kind).results
                    base_recall[name].append(len(gold & set(hit_turns(bhits, k))) / len(gold))
                bar.advance(t_q)
    return {
        "kind": kind,
        "import_turns_per_s": n_turns / t_import if t_import else None,
        "arm": arm,
        "fusion": fusion,
        "admission": admission,
        "embedder": m.embedder.model_id,
        "conversations": len(convs),
        "turns": n_turns,
        "memories_stored": stored,
        "claims_stored": claims,
        "questions": len(recalls),
        f"recall@{k}": statistics.fmean(recalls) if recalls else 0.0,
        "mrr": statistics.fmean(rr) if rr else 0.0,
        "search_ms_p50": float(np.percentile(lat, 50)) if lat else 0.0,
        "search_ms_p95": float(np.percentile(lat, 95)) if lat else 0.0,
        "by_category": {str(c): {"questions": len(v), "recall": statistics.fmean(v)} for c, v in sorted(by_cat.items())},
        "baselines": {name: {f"recall@{k}": statistics.fmean(v)} for name, v in base_recall.items()},
    }
