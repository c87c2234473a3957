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


def pct(xs: list[float], q: float) -> float:
    """The q-quantile of durations in seconds, in ms (numpy's linear interpolation)."""
    return round(1000 * float(np.percentile(xs, 100 * q)), 1)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--queries", type=int, default=40)
    ap.add_argument("--llm", default="none", choices=["none", "local", "openai"])
    ap.add_argument("--limit", type=int, default=10, help="memories retrieved per query")
    ap.add_argument("--profile", action="store_true", help="print where cached context() time goes (cProfile)")
    a = ap.parse_args()
    meter = UsageMeter()
    llm = llm_from_config(LLMConfig(provider=a.llm)) if a.llm != "none" else None
    m = Memory(config=MemoryConfig(embedder="minilm"), llm=metered(llm, meter) if llm else None)
    online, cached, cpu = [], [], []
    for u in range(a.queries):
        user = f"u{u}"
        m.add([{"role": "user", "content": p} for p in PREFS], user_id=user, admission="all")
        q = QUERIES[u % len(QUERIES)]
        t0 = time.perf_counter()
        m.context(q, user_id=user, limit=a.limit)  # cards computed now (online)
        online.append(time.perf_counter() - t0)
        t0, c0 = time.perf_counter(), time.process_time()
        m.context(q, user_id=user, limit=a.limit)  # cards read from the store
        cached.append(time.perf_counter() - t0)
        # CPU time (all threads of this process): what the call costs a quiet machine.
        cpu.append(time.process_time() - c0)
    if a.profile:
        import cProfile
        import pstats

        pr = cProfile.Profile()
        pr.enable()
        for u in range(a.queries):
            m.context(QUERIES[u % len(QUERIES)], user_id=f"u{u}", limit=a.limit)
        pr.disable()
        pstats.Stats(pr).sort_stats("cumulative").print_stats(18)
    out = {
        "queries": a.queries, "llm": a.llm, "memories_per_query": a.limit,
        "context_ms_online_cards": {"p50": pct(online, 0.5), "p95": pct(online, 0.95)},
        "context_ms_cached_cards": {"p50": pct(cached, 0.5), "p95": pct(cached, 0.95)},
        "context_cpu_ms_cached_cards": {"p50": pct(cpu, 0.5), "p95": pct(cpu, 0.95)},
        "llm_calls_total": meter.calls, "llm_tokens_total": meter.prompt_tokens + meter.completion_tokens,
        "llm_calls_per_query_cached": 0,
        "paper_llm_calls_per_query": 3,
        "mean_online_s": round(statistics.mean(online), 3),
    }
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
