"""Cost of the governance stage per query: LLM calls, tokens, and p50/p95
latency of ``Memory.context`` with boundary cards computed online (first read
of each memory) vs cached (later reads).

    PYTHONPATH=src python bench/governance_cost.py --queries 40 [--llm local]

MemAdapter (the paper) spends three LLM calls per query: card induction,
reflection, reasoning. memwarden's no-LLM path spends none; with an LLM, cards
are one call per memory *once* (then cached), policies stay with the
classifier unless ``use_llm_policy``, and ``answer`` spends one call plus one
verification call per cited segment.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

from memwarden import Memory, MemoryConfig
from memwarden.providers.llm import LLMConfig, UsageMeter, llm_from_config, metered

PREFS = [
    "I prefer window seats on flights", "I love horror movies", "I am vegetarian", "I like early morning runs",
    "I prefer Model Atlas for summarising reports", "My team uses Python for everything", "I dislike crowded museums",
    "I believe we only use 10% of our brains", "I now prefer comedies over horror movies", "I usually travel with my kids",
]
QUERIES = [
    "Which seat should I book?", "Recommend a movie for tonight.", "What should I cook for my team dinner?",
    "Is it true we only use 10% of our brains?", "Which summarisation system should we choose?", "Plan a family trip.",
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--queries", type=int, default=40)
    ap.add_argument("--llm", default="none", choices=["none", "local", "openai"])
    a = ap.parse_args()
    meter = UsageMeter()
    llm = llm_from_config(LLMConfig(provider=a.llm)) if a.llm != "none" else None
    m = Memory(config=MemoryConfig(embedder="minilm"), llm=metered(llm, meter) if llm else None)
    online, cached = [], []
    for u in range(a.queries):
        user = f"u{u}"
        m.add([{"role": "user", "content": p} for p in PREFS], user_id=user, admission="all")
        q = QUERIES[u % len(QUERIES)]
        t0 = time.perf_counter()
        m.context(q, user_id=user, limit=5)  # cards computed now (online)
        online.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        m.context(q, user_id=user, limit=5)  # cards read from the store
        cached.append(time.perf_counter() - t0)
    out = {
        "queries": a.queries, "llm": a.llm, "memories_per_query": 5,
        "context_ms_online_cards": {"p50": round(1000 * float(np.percentile(online, 50)), 1), "p95": round(1000 * float(np.percentile(online, 95)), 1)},
        "context_ms_cached_cards": {"p50": round(1000 * float(np.percentile(cached, 50)), 1), "p95": round(1000 * float(np.percentile(cached, 95)), 1)},
        "llm_calls_total": meter.calls, "llm_tokens_total": meter.prompt_tokens + meter.completion_tokens,
        "llm_calls_per_query_cached": 0,
        "paper_llm_calls_per_query": 3,
        "mean_online_s": round(statistics.mean(online), 3),
    }
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
