"""Labelled admission data: conversations of sessions of turns, each turn labelled admit / not.

Two sources:

* LoCoMo (``locomo10.json``) with A-MAC's labels: a turn is "admit" when its
  ``dia_id`` appears in the ``evidence`` of any QA pair (lists such as
  ``"D1:3; D1:5"`` are split);
* memwarden's own JSONL, one session per line, for users retraining on their
  data: ``{"conversation": "c1", "timestamp": "...", "turns": [{"speaker": "A",
  "text": "...", "admit": true, "id"?: "...", "timestamp"?: "..."}]}``.

Each session becomes the ``messages`` of one ``Memory.add`` call.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from ..errors import InvalidInputError
from .locomo import load_locomo, session_messages, split_evidence


@dataclass
class Session:
    conversation: str
    session: str
    timestamp: datetime | None
    messages: list[dict[str, Any]]
    labels: list[int]


@dataclass
class Dataset:
    sessions: list[Session] = field(default_factory=list)

    @property
    def conversations(self) -> list[str]:
        seen: dict[str, None] = {}
        for s in self.sessions:
            seen.setdefault(s.conversation, None)
        return list(seen)

    def subset(self, conversations: list[str]) -> "Dataset":
        keep = set(conversations)
        return Dataset([s for s in self.sessions if s.conversation in keep])

    def n_turns(self) -> int:
        return sum(len(s.labels) for s in self.sessions)


def evidence_ids(qa: list[dict[str, Any]]) -> set[str]:
    """The dia_ids named as evidence by raw LoCoMo QA pairs (``"D1:3; D1:5"`` lists split)."""
    return {e for q in qa for e in split_evidence(q.get("evidence"))}


def locomo_dataset(path: str | Path) -> Dataset:
    """LoCoMo through the one reader (:mod:`memwarden.training.locomo`) and the message format of
    ``memwarden import`` / ``eval retrieval``."""
    ds = Dataset()
    for conv in load_locomo(Path(path)):
        positives = {e for q in conv.qa for e in q.evidence}
        for session in conv.sessions:
            msgs = session_messages(session)
            if msgs:
                ds.sessions.append(Session(conv.sample_id, f"session_{session[0].session}", session[0].timestamp, msgs,
                                           [int(m["id"] in positives) for m in msgs]))
    return ds


def load_jsonl(path: str | Path) -> Dataset:
    ds = Dataset()
    for n, line in enumerate(Path(path).read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            msgs, labels = [], []
            for i, t in enumerate(row["turns"]):
                msgs.append({"role": t.get("role", "user"), "name": t.get("speaker"), "content": t["text"],
                             "id": t.get("id", f"{row['conversation']}:{n}:{i}"), "timestamp": t.get("timestamp") or row.get("timestamp")})
                labels.append(int(bool(t["admit"])))
        except (KeyError, TypeError, json.JSONDecodeError) as exc:
            raise InvalidInputError(f"{path}:{n}: not a labelled session ({exc})") from None
        ds.sessions.append(Session(str(row["conversation"]), str(row.get("session", n)), None, msgs, labels))
    return ds


def load(path: str | Path) -> Dataset:
    p = Path(path)
    if p.suffix == ".jsonl":
        return load_jsonl(p)
    return locomo_dataset(p)
