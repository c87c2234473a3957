"""How one ``add`` call's time grows with its number of messages (issue 9, finding 4).

    python bench/bench_add_scaling.py [--sizes 100,1000,2000,10000] [--embedder hash]

Each size is one ``Memory.add`` of that many chat messages into a fresh
in-memory store with the default ``auto`` admission (the shipped policy: every
factor, context feature, duplicate and supersession check). The messages are
generated sentences over a Zipf-distributed vocabulary, so common words recur
across the whole conversation the way they do in real chats (the case that made
grounding quadratic). ``max_messages_per_add`` is raised to the largest size.
The hash embedder (default) keeps embedding out of the measurement; ``minilm``
includes it. Linear cost shows as a flat ms-per-message column.
"""

from __future__ import annotations

import argparse
import random
import time

from memwarden import Memory, MemoryConfig

SUBJECTS = ["I", "My sister", "My manager", "Our team", "My friend Sam", "The kids", "My partner", "Grandma"]
VERBS = ["started", "finished", "booked", "cancelled", "loved", "planned", "moved", "painted", "visited", "adopted"]
WHENS = ["last week", "yesterday", "in May", "two years ago", "this morning", "on Friday", "after work"]


def messages(n: int, seed: int = 7) -> list[dict[str, str]]:
    rng = random.Random(seed)
    vocab = [f"w{i}" for i in range(3000)]
    weights = [1.0 / (i + 1) for i in range(len(vocab))]
    out = []
    for i in range(n):
        words = " ".join(rng.choices(vocab, weights, k=rng.randint(3, 12)))
        text = f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} the {words} {rng.choice(WHENS)}."
        out.append({"role": "user" if i % 2 == 0 else "assistant", "name": "Ann" if i % 2 == 0 else "Bot", "content": text})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,1000,2000,10000")
    ap.add_argument("--embedder", default="hash", choices=["hash", "minilm"])
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    cfg = {"embedder": args.embedder}
    if "max_messages_per_add" in MemoryConfig.model_fields:
        cfg["max_messages_per_add"] = max(sizes)
    print(f"{'messages':>9} {'add s':>8} {'ms/message':>11} {'stored':>7}")
    for n in sizes:
        msgs = messages(n)
        with Memory(config=MemoryConfig(**cfg)) as m:
            m.add("warm-up", user_id="warm", admission="all")
            t0 = time.perf_counter()
            res = m.add(msgs, user_id="u")
            dt = time.perf_counter() - t0
        stored = sum(r.event in ("admitted", "superseded") for r in res.results)
        print(f"{n:>9} {dt:>8.2f} {dt * 1000 / n:>11.2f} {stored:>7}", flush=True)


if __name__ == "__main__":
    main()
