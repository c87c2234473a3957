"""A deterministic LLM for tests (yours and ours): no model, no network."""

from __future__ import annotations

from typing import Callable, Iterable

from ...errors import LLMError
from .base import Completion, Usage

class ScriptedLLM:
    """A deterministic LLM for tests.

    ``replies``: a list of strings (or exceptions, raised when reached) played in
    order, or a function ``messages -> str``. Every call is kept in ``calls``.

    >>> from memwarden.providers.llm import complete_json
    >>> llm = ScriptedLLM(['```json\\n{"ok": true}\\n```'])
    >>> complete_json(llm, [{"role": "user", "content": "hi"}])
    {'ok': True}
    """

    def __init__(self, replies: Iterable[str | BaseException] | Callable[[list[dict[str, str]]], str], *, model: str = "scripted") -> None:
        self.model = model
        self._fn = replies if callable(replies) else None
        self._queue = [] if callable(replies) else list(replies)
        self.calls: list[list[dict[str, str]]] = []

    def complete(self, messages, *, json_schema=None, temperature=0.0, max_tokens=512) -> Completion:  # type: ignore[no-untyped-def]
        msgs = [dict(m) for m in messages]
        self.calls.append(msgs)
        if self._fn is not None:
            reply: str | BaseException = self._fn(msgs)
        elif self._queue:
            reply = self._queue.pop(0)
        else:
            raise LLMError("ScriptedLLM has no more replies")
        if isinstance(reply, BaseException):
            raise reply
        prompt_chars = sum(len(m.get("content", "")) for m in msgs)
        return Completion(text=reply, usage=Usage(prompt_tokens=prompt_chars // 4, completion_tokens=len(reply) // 4), model=self.model)
