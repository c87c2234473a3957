"""Search latency with and without the episode lift, interleaved on the same memories.

Stores the first LoCoMo conversation (claims on), then asks its questions through
``Memory.search`` (trust off: the retrieval stage alone) alternating the fusion with
``episode_weight`` 0 and W, and prints p50 / p95 of each.
Usage: python bench/bench_episode_lift.py LOCOMO_JSON [W] [FORM]
"""

from __future__ import annotations

import sys
import time

import numpy as np

from memwarden import Memory, MemoryConfig
from memwarden.training.locomo import load_locomo, store_conversation
from memwarden.retrieval.search import FusionConfig


def main() -> None:
    data, w = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 0.5
    form = sys.argv[3] if len(sys.argv) > 3 else "add"
    conv = load_locomo(data)[0]
    with Memory(config=MemoryConfig(database=":memory:")) as m:
        uid = store_conversation(m, conv, admission=None)
        questions = [q.question for q in conv.qa if 1 <= q.category <= 4]
        configs = {"off": FusionConfig(), f"{form} w={w}": FusionConfig(episode_weight=w, episode_form=form)}  # type: ignore[arg-type]
        lat: dict[str, list[float]] = {k: [] for k in configs}
        for rep in range(3):
            for q in questions:
                for name, cfg in (configs.items() if rep % 2 == 0 else reversed(configs.items())):
                    t0 = time.perf_counter()
                    m.search(q, user_id=uid, limit=10, fusion=cfg, trust=False)
                    lat[name].append((time.perf_counter() - t0) * 1000)
        rows = m.scopes.index(uid).n
        print(f"{len(questions)} questions x 3, scope of {rows} rows")
        for name, v in lat.items():
            print(f"{name:12} p50 {np.percentile(v, 50):6.2f} ms  p95 {np.percentile(v, 95):6.2f} ms")


if __name__ == "__main__":
    main()
