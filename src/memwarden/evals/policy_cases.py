"""``memwarden eval policy-cases``: governance policy accuracy on hand-written cases.

Case format: ``evals/cases/README.md`` (``governance.jsonl``): memories with speaker and
timestamp, a query, supplied evidence, and the acceptable policies per graded memory.
Every memory of a case is judged jointly by :func:`memwarden.governance.calibrate`, as
``Memory.context`` would after adding them with ``admission="all"`` (distractors included,
not graded). A memory counts as correct when its policy is one of those listed.

Splits are by id so that tuning on one half leaves the other honest: ``dev`` holds the
cases whose ``sha1(id)`` is even, ``heldout`` the odd ones.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter, defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Sequence

from pydantic import BaseModel, ConfigDict, ValidationError

from ..errors import InvalidInputError
from ..governance.models import POLICIES

SPLITS = ("dev", "heldout", "all")


class CaseMemory(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: str
    text: str
    speaker: str = "user"
    ts: datetime | None = None


class PolicyCase(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: str
    memories: list[CaseMemory]
    query: str
    evidence: list[str] = []
    expect: dict[str, list[str]]
    why: str = ""


def in_time_order(memories: Sequence[CaseMemory]) -> list[CaseMemory]:
    """A case's memories as stored: in time order (as ``Memory.context`` sorts its hits), undated last."""
    return sorted(memories, key=lambda m: (m.ts is None, m.ts or datetime.min))


def split_of(case_id: str) -> str:
    return "dev" if int(hashlib.sha1(case_id.encode("utf-8")).hexdigest(), 16) % 2 == 0 else "heldout"


def load_cases(path: str | Path, split: str = "all") -> list[PolicyCase]:
    if split not in SPLITS:
        raise InvalidInputError(f"split must be one of {SPLITS}")
    p = Path(path)
    if not p.is_file():
        raise InvalidInputError(f"no case file at {path}")
    cases = []
    for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            c = PolicyCase.model_validate_json(line)
        except ValidationError as e:
            raise InvalidInputError(f"{p.name}:{n}: not a policy case ({e.errors()[0]['msg']})") from e
        bad = [pol for v in c.expect.values() for pol in v if pol not in POLICIES]
        if bad or set(c.expect) - {m.id for m in c.memories}:
            raise InvalidInputError(f"{p.name}:{n}: unknown policy or memory id in expect")
        if split == "all" or split_of(c.id) == split:
            cases.append(c)
    return cases


#: A policy function: (query, evidence, memories) -> {memory id: policy}.
Decide = Callable[[str, Sequence[str], Sequence[CaseMemory]], dict[str, str]]


def governance_decide(embedder: Any) -> Decide:
    """The shipped pipeline: :func:`calibrate` over every memory of the case."""
    from ..governance.pipeline import calibrate
    from ..governance.policy import MemoryView

    def decide(query: str, evidence: Sequence[str], memories: Sequence[CaseMemory]) -> dict[str, str]:
        ordered = in_time_order(memories)
        views = [MemoryView(id=m.id, text=m.text, speaker=m.speaker, time=m.ts) for m in ordered]
        ctx = calibrate(embedder, query, views, evidence=list(evidence))
        return {g.id: g.policy for g in ctx.memories}

    return decide


def score(cases: Sequence[PolicyCase], decide: Decide) -> dict[str, Any]:
    per_policy: dict[str, list[bool]] = defaultdict(list)
    confusion: dict[str, Counter] = defaultdict(Counter)
    rows, latencies = [], []
    for c in cases:
        t0 = time.perf_counter()
        got = decide(c.query, c.evidence, c.memories)
        latencies.append(time.perf_counter() - t0)
        for mid, ok_policies in c.expect.items():
            pred = got.get(mid, "?")
            ok = pred in ok_policies
            per_policy[ok_policies[0]].append(ok)
            confusion[ok_policies[0]][pred] += 1
            rows.append({"case": c.id, "memory": mid, "expected": ok_policies, "predicted": pred, "ok": ok})
    n = len(rows)
    correct = sum(r["ok"] for r in rows)
    lat = sorted(latencies)
    return {
        "cases": len(cases), "memories": n, "accuracy": round(correct / n, 4) if n else 0.0, "correct": correct,
        "per_policy": {p: {"n": len(per_policy[p]), "accuracy": round(sum(per_policy[p]) / len(per_policy[p]), 4)}
                       for p in POLICIES if per_policy[p]},
        "confusion": {p: dict(confusion[p]) for p in POLICIES if confusion[p]},
        "latency_ms_p50": round(1000 * lat[len(lat) // 2], 1) if lat else None,
        "rows": rows,
    }


def run(path: str | Path | Sequence[str | Path], *, embedder: Any, split: str = "all") -> dict[str, Any]:
    """Score one case file, or several together (e.g. ``governance.jsonl`` and ``governance_probes.jsonl``);
    case ids must be unique across them."""
    paths = [path] if isinstance(path, (str, Path)) else list(path)
    cases = [c for p in paths for c in load_cases(p, split)]
    dup = [k for k, n in Counter(c.id for c in cases).items() if n > 1]
    if dup:
        raise InvalidInputError(f"case ids repeat across the files: {', '.join(sorted(dup)[:5])}")
    out = score(cases, governance_decide(embedder))
    return {"benchmark": "policy-cases", "data": str(paths[0]) if len(paths) == 1 else [str(p) for p in paths],
            "split": split, **out}


def load_jsonl(path: str | Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in Path(path).read_text(encoding="utf-8").splitlines() if x.strip()]
