"""Importing conversation files (``memwarden import``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.progress import Progress

from ._util import text_hash
from .errors import InvalidInputError
from .memory import Memory
from .messages import normalize_messages, parse_time


def read_conversation(path: Path) -> list[dict[str, Any]]:
    """Messages from a JSON or JSONL file, each with its timestamp if the file has one."""
    try:
        raw = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInputError(f"{path} is not UTF-8 text") from exc
    try:
        if path.suffix == ".jsonl":
            data: Any = [json.loads(line) for line in raw.splitlines() if line.strip()]
        else:
            data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise InvalidInputError(f"{path} is not valid JSON: {exc.msg} at line {exc.lineno}") from exc
    if isinstance(data, dict) and "sessions" in data:
        out = []
        for s, session in enumerate(data["sessions"]):
            if not isinstance(session, dict) or not isinstance(session.get("messages"), list):
                raise InvalidInputError(f"{path}: session {s} needs a 'messages' list")
            for msg in session["messages"]:
                if isinstance(msg, dict) and "timestamp" not in msg and session.get("timestamp"):
                    msg = {**msg, "timestamp": session["timestamp"]}
                out.append(msg)
        return out
    if isinstance(data, dict) and "messages" in data:
        data = data["messages"]
    if not isinstance(data, list):
        raise InvalidInputError(f"{path}: expected a list of messages, an object with 'messages', or one with 'sessions'")
    return data


def import_conversation(
    memory: Memory, path: Path, *, user_id: str, admission: str | None = None, batch_size: int = 64, progress: bool = True
) -> dict[str, int]:
    messages = read_conversation(path)
    # Validate everything before the first write: a bad line fails the import whole.
    normalize_messages(messages, max_chars=memory.config.max_message_chars) if messages else None
    for m in messages:
        if isinstance(m, dict) and m.get("timestamp") is not None:
            parse_time(m["timestamp"])
    counts = {"turns": len(messages), "stored": 0, "duplicate": 0, "rejected": 0, "skipped": 0}
    if memory.config.claims:  # every turn is stored (as an episode); claims are admitted, merged or rejected
        counts.update(claims=0, claims_duplicate=0, claims_rejected=0)
    with Progress(disable=not progress, transient=True) as bar:
        task = bar.add_task(f"importing {path.name}", total=len(messages))
        for start in range(0, len(messages), batch_size):
            batch = messages[start : start + batch_size]
            # Resuming an interrupted import: turns whose text is already stored are skipped.
            stored = memory.store.find_by_hash(user_id, [text_hash(str(m["content"])) for m in batch if isinstance(m.get("content"), str)])
            todo = [m for m in batch if not (isinstance(m.get("content"), str) and text_hash(m["content"]) in stored)]
            counts["skipped"] += len(batch) - len(todo)
            if todo:
                res = memory.add(todo, user_id=user_id, admission=admission)
                for r in res.results:
                    if memory.config.claims and r.kind == "claim":
                        # turns are counted by their episodes; claims on their own
                        key = "claims" if r.event in ("admitted", "superseded") else f"claims_{r.event}"
                    else:
                        key = "stored" if r.event in ("admitted", "superseded") else r.event
                    counts[key] = counts.get(key, 0) + 1
            bar.advance(task, len(batch))
    return counts
