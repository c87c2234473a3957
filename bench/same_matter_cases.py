"""Run the branch's own everyday pairs (bench/data/same_matter_cases.py) through ``governance.policy.classify``.

    PYTHONPATH=src python bench/same_matter_cases.py
"""
from __future__ import annotations

import sys
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from data.same_matter_cases import NOTICE, SUPERSEDE  # noqa: E402

from memwarden.governance.policy import MemoryView, classify  # noqa: E402
from memwarden.providers.embedder import default_embedder  # noqa: E402


def _t(day: int) -> datetime:
    return datetime(2026, 5, day, 8, 30, tzinfo=timezone.utc)


def main() -> int:
    emb = default_embedder()
    ok = 0
    for q, old, new, want in SUPERSEDE:
        views = [MemoryView(id="a", text=old, speaker="user", time=_t(1)), MemoryView(id="b", text=new, speaker="user", time=_t(2))]
        got = classify(emb, q, [], views)[0].policy
        ok += got == want
        print(("ok  " if got == want else "MISS"), f"{want:>18} {got:>18} | {old} || {new}")
    for q, mem, ev, want in NOTICE:
        got = classify(emb, q, [ev], [MemoryView(id="a", text=mem, speaker="user", time=_t(1))])[0].policy
        ok += got == want
        print(("ok  " if got == want else "MISS"), f"{want:>18} {got:>18} | {mem} || {ev}")
    print(f"{ok} / {len(SUPERSEDE) + len(NOTICE)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
