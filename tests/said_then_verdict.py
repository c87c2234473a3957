"""One user's turns said some days apart, then ``Memory.verdict`` on a claim: the shape every
misfire test of the verdict shares (a uid per case, so cases on one module-scoped Memory never mix)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any


def verdict_after(mem: Any, said: list[str], claim: str, t0: datetime, gap_days: int, ask_after_days: int) -> tuple[str, tuple]:
    """Each of ``said`` added as its own user turn ``gap_days`` after the one before, from ``t0``; the
    verdict asked ``ask_after_days`` after the last. Returns the verdict and what to print on a failure."""
    uid = f"said-{abs(hash(tuple(said) + (claim,))) % 10**8}"
    for i, text in enumerate(said):
        mem.add([{"role": "user", "content": text}], user_id=uid, timestamp=t0 + timedelta(days=gap_days * i))
    v = mem.verdict(claim, user_id=uid, as_of=t0 + timedelta(days=gap_days * (len(said) - 1) + ask_after_days))
    return v.verdict, (said, claim, v.reason, [(e.memory, e.stance, e.reason) for e in v.evidence])
