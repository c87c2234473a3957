"""Reading LoCoMo (``locomo10.json``): sessions, turns, dates and QA evidence."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..errors import InvalidInputError
from ..lexicon import calendar as cal

_DATE = re.compile(r"(\d{1,2}):(\d{2})\s*([ap]m)\s+on\s+(\d{1,2})\s+(\w+),?\s+(\d{4})", re.I)
_MONTHS = {m: i for i, m in enumerate(cal.MONTHS, 1)}
_DIA = re.compile(r"D\d+:\d+")


def parse_locomo_date(text: str) -> datetime | None:
    """'1:56 pm on 8 May, 2023' -> aware datetime (UTC); None if unparseable."""
    m = _DATE.search(text or "")
    if not m:
        return None
    hour, minute, ampm, day, month, year = m.groups()
    h = int(hour) % 12 + (12 if ampm.lower() == "pm" else 0)
    mon = _MONTHS.get(month.lower())
    if mon is None:
        return None
    return datetime(int(year), mon, int(day), h, int(minute), tzinfo=timezone.utc)


def split_evidence(evidence: Any) -> list[str]:
    """Evidence lists hold ids like 'D1:3', sometimes joined as 'D1:3; D1:5'."""
    out: list[str] = []
    for e in evidence or []:
        out += _DIA.findall(str(e))
    return out


@dataclass
class LocomoTurn:
    dia_id: str
    speaker: str
    text: str
    session: int
    timestamp: datetime | None
    image_caption: str | None = None

    @property
    def content(self) -> str:
        """The turn as stored: an image turn keeps its caption."""
        if self.image_caption:
            return f"{self.text} [shares an image: {self.image_caption}]".strip()
        return self.text


@dataclass
class LocomoQA:
    question: str
    answer: Any
    category: int
    evidence: list[str]


@dataclass
class LocomoConversation:
    sample_id: str
    speakers: tuple[str, str]
    sessions: list[list[LocomoTurn]] = field(default_factory=list)
    qa: list[LocomoQA] = field(default_factory=list)

    @property
    def turns(self) -> list[LocomoTurn]:
        return [t for s in self.sessions for t in s]


def load_locomo(path: Path) -> list[LocomoConversation]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise InvalidInputError(f"cannot read LoCoMo file {path}: {exc}") from exc
    if not isinstance(data, list) or not all(isinstance(c, dict) and "conversation" in c for c in data):
        raise InvalidInputError(f"{path} is not a LoCoMo file (expected a list of samples with 'conversation')")
    convs = []
    for c in data:
        conv = c["conversation"]
        out = LocomoConversation(sample_id=str(c.get("sample_id")), speakers=(conv.get("speaker_a", "A"), conv.get("speaker_b", "B")))
        n = 1
        while f"session_{n}" in conv or f"session_{n}_date_time" in conv:
            turns = conv.get(f"session_{n}") or []
            when = parse_locomo_date(conv.get(f"session_{n}_date_time", ""))
            if turns:
                out.sessions.append([
                    LocomoTurn(dia_id=t["dia_id"], speaker=t.get("speaker", "?"), text=t.get("text", ""), session=n,
                               timestamp=when, image_caption=t.get("blip_caption"))
                    for t in turns
                ])
            n += 1
        for q in c.get("qa", []):
            out.qa.append(LocomoQA(question=q["question"], answer=q.get("answer", q.get("adversarial_answer")),
                                   category=int(q.get("category", 0)), evidence=split_evidence(q.get("evidence"))))
        convs.append(out)
    return convs


def session_messages(session: list[LocomoTurn]) -> list[dict[str, Any]]:
    """A session as ``Memory.add`` messages (speaker as name, dia_id as id)."""
    return [
        {"role": "user", "name": t.speaker, "content": t.content, "id": t.dia_id,
         "timestamp": t.timestamp.isoformat() if t.timestamp else None}
        for t in session
        if t.content.strip()
    ]


def store_conversation(memory: Any, conv: "LocomoConversation", admission: str | None = "all") -> str:
    """A fresh scope holding ``conv``'s sessions, one ``add`` per session; returns its user id
    (the benches that replay LoCoMo into a ``Memory`` share this; ``admission=None``: ``add``'s default)."""
    uid = f"locomo-{conv.sample_id}"
    memory.delete_all(user_id=uid)
    for session in conv.sessions:
        msgs = session_messages(session)
        if msgs:
            memory.add(msgs, user_id=uid, admission=admission)
    return uid
