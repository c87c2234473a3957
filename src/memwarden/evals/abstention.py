"""Abstention on LoCoMo: adversarial questions (category 5) should abstain, answerable ones (1-4) not.

Each conversation is stored in its own scope (every turn, admission ``all``, read and rendered
by :mod:`.locomo` as every LoCoMo harness reads it), and every question is searched
with trust on at ``as_of`` = the day after the conversation's last session.

Thresholds are calibrated on a development split of conversations (seeded
shuffle, first half) by a grid search maximising abstention F1, then applied
unchanged to the held-out conversations; the shipped defaults in
:class:`~memwarden.trust.config.TrustConfig` are reported on both splits too.
The grid reads stored search results (:func:`abstain_decision` only looks at
the hits), so the sweep costs no extra searches.
"""

from __future__ import annotations

import itertools
import pickle
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from ..config import MemoryConfig
from ..memory import Memory
from ..models import SearchResult
from ..trust.config import TrustConfig
from ..trust.abstain import abstain_decision
from ..training.locomo import LocomoConversation, load_locomo, session_messages

__all__ = ["run", "metrics"]

TOLERANCE = 0.005
GRID = {
    "min_relevance": [0.0, 0.1, 0.2, 0.3, 0.4, 0.5],
    "relevance_band": [0.05, 0.1, 0.2],
    "min_confidence": [0.0, 0.2, 0.3, 0.4, 0.5, 0.6],
    "check_subject": [True, False],
    #: 0 resolves every conflict (conflicts never cause abstention).
    "conflict_margin": [0.0, 0.05, 0.1],
}
#: Swept after GRID, with the other thresholds fixed: the largest value that costs no development
#: F1 is kept. LoCoMo's adversarial questions are on the conversation's topics, so this test can
#: only lose there; it guards against questions on topics the store never heard of.
TOPIC_GRID = [0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3]


def ingest(memory: Memory, conv: LocomoConversation) -> tuple[str, datetime]:
    """Store every session of ``conv`` (admission ``all``); returns its scope and the ``as_of``
    for its questions (the day after its last session)."""
    uid = f"locomo-{conv.sample_id}"
    last = datetime(2023, 1, 1, tzinfo=timezone.utc)
    for session in conv.sessions:
        if session[0].timestamp is not None:
            last = max(last, session[0].timestamp)
        msgs = session_messages(session)
        if msgs:
            memory.add(msgs, user_id=uid, admission="all")
    return uid, last + timedelta(days=1)


def metrics(rows: list[tuple[bool, bool]]) -> dict[str, Any]:
    """rows: (should_abstain, abstained)."""
    tp = sum(1 for s, a in rows if s and a)
    fp = sum(1 for s, a in rows if not s and a)
    fn = sum(1 for s, a in rows if s and not a)
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    answerable = [a for s, a in rows if not s]
    return {"n": len(rows), "adversarial": sum(1 for s, _ in rows if s), "precision": round(p, 4), "recall": round(r, 4),
            "f1": round(f1, 4), "abstention_rate": round(sum(a for _, a in rows) / max(1, len(rows)), 4),
            "false_abstention_rate": round(sum(answerable) / max(1, len(answerable)), 4)}


def _apply(cfg: TrustConfig, stored: list[tuple[str, bool, SearchResult]]) -> list[tuple[bool, bool]]:
    return [(should, abstain_decision(q, r.results, r.conflicts, cfg) is not None) for q, should, r in stored]


def collect(convs: list[LocomoConversation], dev_ids: set[int], *, limit: int = 10,
            memory_factory: Any = None) -> dict[str, list[tuple[str, bool, SearchResult]]]:
    """Store every conversation and search every question once, trust on."""
    memory = memory_factory() if memory_factory else Memory(config=MemoryConfig())
    stored: dict[str, list[tuple[str, bool, SearchResult]]] = {"dev": [], "heldout": []}
    try:
        for i, conv in enumerate(convs):
            uid, as_of = ingest(memory, conv)
            split = "dev" if i in dev_ids else "heldout"
            for qa in conv.qa:
                if not qa.question:
                    continue
                res = memory.search(qa.question, user_id=uid, limit=limit, trust=True, as_of=as_of)
                stored[split].append((qa.question, qa.category == 5, res))
    finally:
        memory.close()
    return stored


def run(path: str | Path, *, dev_fraction: float = 0.5, seed: int = 42, limit: int = 10,
        memory_factory: Any = None, results: str | Path | None = None) -> dict[str, Any]:
    """``results``: a pickle of the searches; read if it exists, written otherwise (the sweep
    only reads stored hits, so re-scoring a threshold change needs no re-embedding)."""
    convs = load_locomo(Path(path))
    order = list(range(len(convs)))
    random.Random(seed).shuffle(order)
    n_dev = max(1, int(round(len(order) * dev_fraction)))
    dev_ids = set(order[:n_dev])
    if results is not None and Path(results).exists():
        stored = pickle.loads(Path(results).read_bytes())
    else:
        stored = collect(convs, dev_ids, limit=limit, memory_factory=memory_factory)
        if results is not None:
            Path(results).write_bytes(pickle.dumps(stored))
    default = TrustConfig(min_topic_cosine=0.0)
    scored = []
    for values in itertools.product(*GRID.values()):
        params = dict(zip(GRID, values))
        scored.append((metrics(_apply(default.model_copy(update=params), stored["dev"]))["f1"], params))
    top = max(f1 for f1, _ in scored)
    # Among settings within TOLERANCE of the best dev F1, the most cautious (largest thresholds):
    # LoCoMo's questions are all on the conversation's topics, so a relevance floor that costs
    # nothing there still guards against off-topic queries elsewhere.
    near = [(p["min_relevance"], p["min_confidence"], p["conflict_margin"], f1, p) for f1, p in scored
            if f1 >= top - TOLERANCE and p["check_subject"]]
    best = (top, max(near, key=lambda t: t[:4])[4]) if near else max(scored, key=lambda t: t[0])
    tuned = default.model_copy(update=best[1])
    stage1 = metrics(_apply(tuned, stored["dev"]))["f1"]
    topic_sweep = {}
    for t in TOPIC_GRID:
        cfg_t = tuned.model_copy(update={"min_topic_cosine": t})
        topic_sweep[t] = {"dev": metrics(_apply(cfg_t, stored["dev"])), "heldout": metrics(_apply(cfg_t, stored["heldout"]))}
    topic = max(t for t in TOPIC_GRID if topic_sweep[t]["dev"]["f1"] >= stage1)
    best = (best[0], {**best[1], "min_topic_cosine": topic})
    tuned = tuned.model_copy(update={"min_topic_cosine": topic})
    reasons: dict[str, int] = {}
    for q, _, r in stored["heldout"]:
        d = abstain_decision(q, r.results, r.conflicts, tuned)
        if d:
            reasons[d[0]] = reasons.get(d[0], 0) + 1
    return {
        "benchmark": "locomo-abstention",
        "conversations": {"dev": sorted(convs[i].sample_id for i in dev_ids),
                          "heldout": sorted(convs[i].sample_id for i in range(len(convs)) if i not in dev_ids)},
        "calibrated": best[1],
        "calibration_rule": (f"largest thresholds within {TOLERANCE} of the best dev F1 ({top:.4f}); then the "
                             f"largest min_topic_cosine with no dev F1 loss"),
        "topic_sweep": {str(t): v for t, v in topic_sweep.items()},
        "dev": metrics(_apply(tuned, stored["dev"])),
        "heldout": metrics(_apply(tuned, stored["heldout"])),
        "heldout_reasons": reasons,
        "defaults": {"dev": metrics(_apply(TrustConfig(), stored["dev"])),
                     "heldout": metrics(_apply(TrustConfig(), stored["heldout"]))},
        "baseline_never_abstain": {"heldout": metrics([(s, False) for _, s, _ in stored["heldout"]])},
    }
