"""Verdicts on hand-written cases (``evals/cases/verdicts.jsonl``): accuracy per expected label.

Each case's memories go into their own scope, each with its own timestamp and the source its
speaker implies: ``user`` a user turn, ``assistant`` an assistant turn, ``document``/``tool``
stored with that source, any other name a user-role message with that ``name`` (a third party
speaking). The claim is judged one day after the last memory. Cases split deterministically
by id: sha1(id) even -> ``dev``, odd -> ``heldout`` (tune on dev only).
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any, Callable

from .._util import as_utc
from ..errors import InvalidInputError
from ..memory import Memory
from ..messages import parse_time
from .policy_cases import split_of  # one dev/heldout split for every case set

__all__ = ["split_of", "load_cases", "add_case", "run"]

LABELS = ("TRUE", "FALSE", "UNKNOWN")


def load_cases(path: str | Path) -> list[dict[str, Any]]:
    try:
        rows = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
    except (OSError, ValueError) as exc:
        raise InvalidInputError(f"cannot read {path}: {exc}") from exc
    for r in rows:
        if not isinstance(r, dict) or not {"id", "claim", "expect"} <= set(r) or r["expect"] not in LABELS:
            raise InvalidInputError(f"{path}: every line needs id, claim and expect in {LABELS}")
    return rows


def add_case(memory: Memory, case: dict[str, Any], user_id: str) -> Any:
    """Store the case's memories; returns the time to judge at (a day after the last one)."""
    last = None
    for m in case.get("memories", []):
        when = parse_time(m.get("ts"))
        last = when if last is None or (when and when > last) else last
        spk = m.get("speaker", "user")
        msg: dict[str, Any] = {"role": "user", "content": m["text"]}
        if when:
            msg["timestamp"] = when.isoformat()
        source = None
        if spk == "assistant":
            msg["role"] = "assistant"
        elif spk in ("document", "tool", "image", "web"):
            source = spk
        elif spk != "user":
            msg["name"] = spk
        memory.add([msg], user_id=user_id, source=source, admission="all")
    return (as_utc(last) + timedelta(days=1)) if last else None


def run(path: str | Path, *, split: str = "all", memory_factory: Callable[[], Memory] | None = None) -> dict[str, Any]:
    if split not in ("dev", "heldout", "all"):
        raise InvalidInputError("split must be dev, heldout or all")
    cases = [c for c in load_cases(path) if split == "all" or split_of(c["id"]) == split]
    memory = memory_factory() if memory_factory else Memory()
    rows = []
    try:
        for c in cases:
            uid = f"vc-{c['id']}"
            as_of = add_case(memory, c, uid)
            v = memory.verdict(c["claim"], user_id=uid, as_of=as_of)
            rows.append({"id": c["id"], "split": split_of(c["id"]), "expect": c["expect"], "got": v.verdict,
                         "p_true": v.p_true, "deciding": [e.memory for e in v.evidence if e.decisive],
                         "reason": v.reason})
    finally:
        memory.close()
    per = {}
    for lab in LABELS:
        sub = [r for r in rows if r["expect"] == lab]
        per[lab] = {"n": len(sub), "accuracy": round(sum(r["got"] == lab for r in sub) / len(sub), 4) if sub else None,
                    "answered": {x: sum(r["got"] == x for r in sub) for x in LABELS}}
    acc = sum(r["got"] == r["expect"] for r in rows) / max(1, len(rows))
    return {"benchmark": "verdict-cases", "split": split, "n": len(rows), "accuracy": round(acc, 4),
            "per_label": per, "cases": rows}
