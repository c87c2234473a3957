"""Retrieval ablations on LoCoMo: speaker prefix, keyword context window, fusion.

Reproduces the "what moved the number" paragraph of BENCHMARKS.md: each
variant stores every turn of the 10 conversations (admission off, one
``add`` per session, exactly as ``memwarden eval retrieval``) and asks the
1,536 evidence questions with four retrievers on the same stored memories:
z-score hybrid (the default), dense only, BM25 only and RRF.

Knobs (bench-only; nothing here changes the library):
- speaker prefix: ``memwarden.memory.index_text`` writes "Speaker: text" into
  both the embedded text and the keyword entry; ``--variants`` with
  ``noprefix`` replaces it by the bare text for the duration of that variant;
- keyword context window: ``MemoryConfig.context_before/context_after``
  (default 2 / 1), the neighbouring turns added to a turn's keyword entry.

Embeddings are cached per text across variants (the prefix decides the text,
so prefixed and bare turns are embedded once each), which keeps a full run to
two MiniLM passes over 5,882 turns. Quality numbers are deterministic;
timings are not reported.

    PYTHONPATH=src python bench/ablate_retrieval.py --data ../shared/data/locomo/locomo10.json
"""

from __future__ import annotations

import argparse
import contextlib
import json
from collections.abc import Iterator
from pathlib import Path

import memwarden.memory as memory_module
from memwarden.training.train import CachingEmbedder
from memwarden.config import MemoryConfig
from memwarden.evals.retrieval import run_retrieval_eval
from memwarden.memory import Memory
from memwarden.providers.embedder import default_embedder

# name -> (speaker prefix on, context_before, context_after)
VARIANTS: dict[str, tuple[bool, int, int]] = {
    "shipped": (True, 2, 1),
    "noprefix": (False, 2, 1),
    "noprefix-ctx0": (False, 0, 0),
    "ctx0": (True, 0, 0),
    "ctx1-1": (True, 1, 1),
    "ctx3-2": (True, 3, 2),
}


@contextlib.contextmanager
def speaker_prefix(on: bool) -> Iterator[None]:
    original = memory_module.index_text
    if not on:
        memory_module.index_text = lambda text, speaker: text  # type: ignore[assignment]
    try:
        yield
    finally:
        memory_module.index_text = original


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--variants", default=",".join(VARIANTS), help=f"comma-separated subset of {', '.join(VARIANTS)}")
    ap.add_argument("--limit-conversations", type=int, default=None)
    ap.add_argument("--json", action="store_true", help="print the full report as JSON")
    args = ap.parse_args()
    embedder = CachingEmbedder(default_embedder())
    report: dict[str, dict[str, float]] = {}
    for name in args.variants.split(","):
        prefix, before, after = VARIANTS[name]
        cfg = MemoryConfig(embedder="minilm", context_before=before, context_after=after)
        with speaker_prefix(prefix):
            res = run_retrieval_eval(
                args.data, k=args.k, limit_conversations=args.limit_conversations, compare=True,
                memory=Memory(config=cfg, embedder=embedder), progress=False,
            )
        key = f"recall@{args.k}"
        row = {"zscore_hybrid": res[key], "mrr": res["mrr"], "questions": res["questions"]}
        row.update({b: v[key] for b, v in res["baselines"].items()})
        report[name] = row
        if not args.json:
            print(f"{name:14s} prefix={'on ' if prefix else 'off'} context={before}/{after}  "
                  f"zscore {row['zscore_hybrid']:.3f}  rrf {row['rrf']:.3f}  "
                  f"dense {row['dense_only']:.3f}  bm25 {row['bm25_only']:.3f}  (n={row['questions']})", flush=True)
    if args.json:
        print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
