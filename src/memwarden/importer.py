"""Importing conversation files (``memwarden import``) and exporting memories (``memwarden export``).

Idempotent: every turn has a key (the message's ``id``, else a hash of its role, speaker,
time and text), passed to ``add`` as the turn id so each receipt names it. A turn whose key
already has a receipt in the scope, or whose text is already an active memory, is skipped
and counted as ``already_imported``: the same file imported twice makes the same decisions
once. (Receipts of candidates that were not stored expire after
``unstored_receipt_days``; after that a rejected turn is decided again.)

An export is JSONL: a header line ``{"memwarden_export": 1, ...}`` and one line per memory
(with claims: per episode, the turns as said; ``role``, ``content``, ``name``, ``timestamp``, ``id``, ``metadata``, ``agent_id``, ``run_id``).
Importing it stores every line as it was (admission ``all``): the round trip keeps texts,
speakers, times, metadata and agent/run scopes; ids are new, and each new memory names the
old id as its source turn.
"""

from __future__ import annotations

import hashlib
import json
from itertools import groupby
from pathlib import Path
from typing import IO, Any

from rich.progress import Progress

from ._util import text_hash
from .errors import InvalidInputError
from .memory import Memory
from .messages import normalize_messages, parse_time

EXPORT_VERSION = 1


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


def turn_key(msg: dict[str, Any]) -> str:
    """The message's own id, else a stable hash of who said what when."""
    if msg.get("id") not in (None, ""):
        return str(msg["id"])
    basis = json.dumps([msg.get("role", "user"), msg.get("name"), str(msg.get("timestamp")), msg.get("content")],
                       ensure_ascii=False, sort_keys=True, default=str)
    return "turn-" + hashlib.sha256(basis.encode()).hexdigest()[:24]


def _seen_turns(memory: Memory, user_id: str) -> set[str]:
    return {t for r in memory.store.receipts(user_id, limit=1 << 31) for t in r.source_turn_ids}


def import_conversation(
    memory: Memory, path: Path, *, user_id: str, admission: str | None = None, batch_size: int = 64, progress: bool = True
) -> dict[str, int]:
    messages = read_conversation(path)
    exported = bool(messages) and isinstance(messages[0], dict) and "memwarden_export" in messages[0]
    if exported:
        messages = messages[1:]
        admission = "all"  # an export holds what was already admitted once
    # Validate everything before the first write: a bad line fails the import whole.
    normalize_messages(messages, max_chars=memory.config.max_message_chars) if messages else None
    for m in messages:
        if isinstance(m, dict) and m.get("timestamp") is not None:
            parse_time(m["timestamp"])
    messages = [{**m, "id": turn_key(m)} for m in messages]
    counts = {"turns": len(messages), "stored": 0, "duplicate": 0, "rejected": 0, "already_imported": 0}
    seen = _seen_turns(memory, user_id)
    if memory.config.claims:  # every turn is stored (as an episode); claims are admitted, merged or rejected
        counts.update(claims=0, claims_duplicate=0, claims_rejected=0)
    with Progress(disable=not progress, transient=True) as bar:
        task = bar.add_task(f"importing {path.name}", total=len(messages))
        for start in range(0, len(messages), batch_size):
            batch = messages[start : start + batch_size]
            # Turns with a receipt, or whose text is already stored (an import from before turn keys), are skipped.
            stored = memory.store.find_by_hash(user_id, [text_hash(str(m["content"])) for m in batch if isinstance(m.get("content"), str)])
            todo = [m for m in batch if m["id"] not in seen
                    and not (isinstance(m.get("content"), str) and text_hash(m["content"]) in stored)]
            counts["already_imported"] += len(batch) - len(todo)
            groups = groupby(todo, key=lambda m: (m.get("agent_id"), m.get("run_id"), json.dumps(m.get("metadata"), sort_keys=True))) \
                if exported else [((None, None, "null"), iter(todo))]
            for (agent_id, run_id, meta), group in groups:
                turns = [{k: v for k, v in m.items() if k in ("role", "content", "name", "id", "timestamp", "image")} for m in group]
                if not turns:
                    continue
                res = memory.add(turns, user_id=user_id, agent_id=agent_id, run_id=run_id, metadata=json.loads(meta),
                                 admission=admission)
                for r in res.results:
                    if memory.config.claims and r.kind == "claim":
                        # turns are counted by their episodes; claims on their own
                        key = "claims" if r.event in ("admitted", "superseded") else f"claims_{r.event}"
                    else:
                        key = "stored" if r.event in ("admitted", "superseded") else r.event
                    counts[key] = counts.get(key, 0) + 1
                    seen.update(r.source_turn_ids)
            bar.advance(task, len(batch))
    return counts


def export_memories(memory: Memory, user_id: str, out: IO[str], *, include_superseded: bool = False) -> int:
    """Write the scope's memories as import-ready JSONL, oldest first; the number written.

    With claims (the default) the lines are the episodes, the turns as said: importing them
    extracts the same claims again (what the rules or the LLM make of the same turns), with
    their supersession on the same conversation clock. Claims edited by hand (``update``) or
    stored verbatim (``infer=False``) are re-extracted from their turns, not copied."""
    kind = "episode" if memory.config.claims else "claim"
    items = memory.get_all(user_id=user_id, include_superseded=include_superseded, limit=1 << 31, kind=kind)
    items.sort(key=lambda it: (it.occurred_at or it.created_at, it.created_at))
    out.write(json.dumps({"memwarden_export": EXPORT_VERSION, "user_id": user_id, "memories": len(items)}) + "\n")
    for it in items:
        line = {"role": it.role if getattr(it, "role", None) in ("user", "assistant", "system", "tool") else "user",
                "content": it.memory, "name": it.speaker, "id": it.id,
                "timestamp": it.occurred_at.isoformat() if it.occurred_at else None,
                "metadata": it.metadata or None, "agent_id": it.agent_id, "run_id": it.run_id}
        out.write(json.dumps({k: v for k, v in line.items() if v is not None}, ensure_ascii=False) + "\n")
    return len(items)
