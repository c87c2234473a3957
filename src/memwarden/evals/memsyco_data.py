"""Loading MemSyco-Bench items (MIT) into what a deployment would see.

An item becomes a :class:`MemSycoCase`: the question, the dialogue as evidence
turns, and the memory texts in stored order. The gold policy per memory is
kept apart (``gold``), together with the labels the classifier must never
read: the task name and each item's ``status``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InvalidInputError


@dataclass
class MemSycoCase:
    id: str
    question: str
    evidence: list[str]
    memories: list[str]
    #: Gold policy per memory (labels: never an input).
    gold: list[str]
    task: str
    #: Groups near-identical cases for cross-validation (the item's topic).
    group: str
    rubric: dict = field(default_factory=dict)
    reference: str = ""
    raw: dict = field(default_factory=dict)


def gold_policies(item: dict) -> list[str]:
    policy = item["memory"]["policy"]
    items = item["memory"]["items"]
    if policy == "update":
        return ["superseded" if it.get("status") == "outdated" else "use" for it in items]
    return [policy] * len(items)


def item_key(case: MemSycoCase) -> str:
    """A short content hash of one item: the classifier's model file lists those it was trained on."""
    blob = json.dumps([case.id, case.question, case.memories, case.gold], ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]


def render_turn(turn: dict) -> str:
    return f"{turn.get('role', 'user')}: {turn.get('content', '')}"


def load_memsyco(path: str | Path) -> list[MemSycoCase]:
    """Every ``*.jsonl`` under ``path`` (a directory or one file)."""
    p = Path(path)
    files = sorted(p.glob("*.jsonl")) if p.is_dir() else [p]
    if not files or not all(f.exists() for f in files):
        raise InvalidInputError(f"no MemSyco .jsonl files at {path}")
    cases: list[MemSycoCase] = []
    for f in files:
        for line_no, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
                mems = [it["content"] for it in item["memory"]["items"]]
                cases.append(MemSycoCase(
                    id=str(item["id"]), question=item["question"],
                    evidence=[render_turn(t) for t in item.get("dialogue", [])],
                    memories=mems, gold=gold_policies(item), task=item.get("task", f.stem),
                    group=str((item.get("metadata") or {}).get("topic") or item["id"]),
                    rubric=(item.get("evaluation") or {}).get("rubric") or {},
                    reference=(item.get("evaluation") or {}).get("reference_answer") or "",
                    raw=item,
                ))
            except (ValueError, KeyError, TypeError) as e:
                raise InvalidInputError(f"{f.name}:{line_no}: not a MemSyco item ({e})") from e
    return cases
