"""A SQLite response cache around any LLM, so evaluations re-run cheaply."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Sequence

from ..._util import create_private_file
from .base import LLM, Completion, Message, Usage

class CachedLLM:
    """Response cache in one SQLite file, keyed by model + messages + parameters.

    Only temperature-0 calls are cached (others are meant to vary). A cache
    hit returns the stored text and usage with ``cached=True`` and latency 0.
    """

    def __init__(self, inner: LLM, path: str | Path) -> None:
        self.inner, self.model = inner, inner.model
        self._lock = threading.Lock()
        p = Path(path).expanduser()
        create_private_file(p)  # cached prompts quote users' memories
        self._db = sqlite3.connect(str(p), check_same_thread=False)
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS llm_cache (key TEXT PRIMARY KEY, model TEXT, text TEXT, "
            "prompt_tokens INTEGER, completion_tokens INTEGER, latency REAL, created REAL)"
        )
        self._db.commit()

    @staticmethod
    def key(model: str, messages: Sequence[Message], **params: Any) -> str:
        blob = json.dumps({"model": model, "messages": [dict(m) for m in messages], "params": params}, sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()

    def complete(self, messages, *, json_schema=None, temperature=0.0, max_tokens=512) -> Completion:  # type: ignore[no-untyped-def]
        if temperature != 0.0:
            return self.inner.complete(messages, json_schema=json_schema, temperature=temperature, max_tokens=max_tokens)
        k = self.key(self.model, messages, json_schema=json_schema, max_tokens=max_tokens)
        with self._lock:
            row = self._db.execute(
                "SELECT text, prompt_tokens, completion_tokens FROM llm_cache WHERE key = ?", (k,)
            ).fetchone()
        if row is not None:
            return Completion(text=row[0], usage=Usage(prompt_tokens=row[1], completion_tokens=row[2]), model=self.model, cached=True)
        c = self.inner.complete(messages, json_schema=json_schema, temperature=temperature, max_tokens=max_tokens)
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO llm_cache VALUES (?, ?, ?, ?, ?, ?, ?)",
                (k, self.model, c.text, c.usage.prompt_tokens, c.usage.completion_tokens, c.latency, time.time()),
            )
            self._db.commit()
        return c

    def close(self) -> None:
        self._db.close()
