"""LoCoMo import speed and search latency: claims (episodes + offline extraction) vs turns only.

    python bench/bench_claims_import.py --data ../shared/data/locomo/locomo10.json [--conversations 10] [--admission all]

Both modes run in one process, on the same conversations, with the bundled ONNX embedder,
one ``Memory.add`` per session into one SQLite file per mode. "turns" is ``claims=False``
(one searchable memory per turn, each embedded: the pre-claims behaviour); "claims" keeps
every turn as an episode and stores the claims the offline rule extractor finds. Import
time includes extraction, embedding, admission and the write. Search latency is
``Memory.search`` end to end (trust off, as in ``memwarden eval retrieval``) over every
category 1-4 question of the imported conversations. The modes alternate per conversation so
a noisy neighbour on the machine hits both alike.

Besides wall time, each mode reports the process CPU time it used (``time.process_time``):
embedding runs on one ONNX thread and numpy on one BLAS thread, so turns per CPU-second is
close to what one quiet core gives, and much less sensitive to other processes on a shared
machine than wall time. A third mode, "turns-padded", is the turn path with the embedder's
previous batching (sorted by characters, 32 per batch, padded to the longest): today's
baseline before length bucketing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from memwarden import Memory, MemoryConfig
from memwarden.training.locomo import load_locomo, session_messages


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(q / 100 * (len(s) - 1)))] if s else 0.0


def padded_embed(emb, texts):
    """The embedder's batching before length buckets: 32 texts sorted by characters, padded to the longest."""
    import numpy as np

    out = np.empty((len(texts), emb.dim), dtype=np.float32)
    encs = emb._tokenizer.encode_batch(list(texts))
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    for start in range(0, len(order), 32):
        idx = order[start : start + 32]
        out[idx] = emb._embed_batch([encs[i] for i in idx])
    return out


class _Padded:
    def __init__(self, inner) -> None:
        self.inner, self.dim, self.model_id = inner, inner.dim, inner.model_id

    def embed(self, texts):
        return padded_embed(self.inner, texts) if len(texts) else self.inner.embed(texts)


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True, type=Path)
    ap.add_argument("--conversations", type=int, default=10)
    ap.add_argument("--admission", default="all", choices=["all", "auto"])
    args = ap.parse_args(argv)
    convs = load_locomo(args.data)[: args.conversations]
    from memwarden.providers.embedder import default_embedder

    modes = {"turns-padded": False, "turns": False, "claims": True}
    stats = {name: {"turns": 0, "seconds": 0.0, "cpu": 0.0, "search_ms": [], "claims": 0, "memories": 0} for name in modes}
    with tempfile.TemporaryDirectory() as tmp:
        mems = {name: Memory(config=MemoryConfig(database=str(Path(tmp) / f"{name}.db"), claims=flag,
                                                 trust={"enabled": False}),
                             embedder=_Padded(default_embedder()) if name == "turns-padded" else None)
                for name, flag in modes.items()}
        for m in mems.values():
            m.add("warm-up: the model loads here", user_id="warm")  # model load is not import throughput
        for n, conv in enumerate(convs):
            uid = f"locomo-{conv.sample_id}"
            order = list(modes)[n % len(modes):] + list(modes)[: n % len(modes)]
            for name in order:
                m, st = mems[name], stats[name]
                for session in conv.sessions:
                    msgs = session_messages(session)
                    if not msgs:
                        continue
                    t0, c0 = time.perf_counter(), time.process_time()
                    res = m.add(msgs, user_id=uid, admission=args.admission)
                    st["seconds"] += time.perf_counter() - t0
                    st["cpu"] += time.process_time() - c0
                    st["turns"] += len(msgs)
                    if m.config.claims:
                        st["claims"] += sum(1 for r in res.results if r.kind == "claim" and r.event in ("admitted", "superseded"))
                    st["memories"] += len(res.stored)
                for q in conv.qa:
                    if not 1 <= q.category <= 4:
                        continue
                    t0 = time.perf_counter()
                    m.search(q.question, user_id=uid, limit=10)
                    st["search_ms"].append((time.perf_counter() - t0) * 1000)
        for m in mems.values():
            m.close()
    report = {}
    for name, st in stats.items():
        report[name] = {
            "turns": st["turns"], "seconds": round(st["seconds"], 2),
            "turns_per_s": round(st["turns"] / st["seconds"], 1) if st["seconds"] else None,
            "cpu_seconds": round(st["cpu"], 2),
            "turns_per_cpu_s": round(st["turns"] / st["cpu"], 1) if st["cpu"] else None,
            "claims_stored": st["claims"], "rows_stored": st["memories"],
            "search_ms_p50": round(pct(st["search_ms"], 50), 2), "search_ms_p95": round(pct(st["search_ms"], 95), 2),
            "search_ms_mean": round(statistics.fmean(st["search_ms"]), 2) if st["search_ms"] else None,
        }
    report["search_p95_ratio_claims_vs_turns"] = round(report["claims"]["search_ms_p95"] / report["turns"]["search_ms_p95"], 3)
    print(json.dumps(report, indent=2))
    return report


if __name__ == "__main__":
    main(sys.argv[1:])
