"""A model's JSON reply, read one way: :func:`parse_json` (``` fences and a prose preface
stripped) is the only parser of LLM output in memwarden; :func:`complete_json` asks, parses,
validates and asks once more on a bad reply."""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Mapping, Sequence

from ...errors import LLMError
from .base import LLM, Message, UsageMeter

_FENCE = re.compile(r"^\s*```[a-zA-Z0-9_-]*\s*\n?(.*?)\n?```\s*$", re.S)


def parse_json(text: str) -> Any:
    """Parse a model's JSON reply: strips ``` fences and leading/trailing prose.

    Raises :class:`LLMError` when no JSON value can be found.
    """
    s = text.strip()
    m = _FENCE.match(s)
    if m:
        s = m.group(1).strip()
    try:
        return json.loads(s)
    except ValueError:
        pass
    # The first balanced {...} or [...] in the text (models like to add a preface).
    for opener, closer in (("{", "}"), ("[", "]")):
        start = s.find(opener)
        while start != -1:
            depth, in_str, esc = 0, False, False
            for i in range(start, len(s)):
                ch = s[i]
                if in_str:
                    esc = (ch == "\\") and not esc
                    if ch == '"' and not esc:
                        in_str = False
                    continue
                if ch == '"':
                    in_str = True
                elif ch == opener:
                    depth += 1
                elif ch == closer:
                    depth -= 1
                    if depth == 0:
                        try:
                            return json.loads(s[start : i + 1])
                        except ValueError:
                            break
            start = s.find(opener, start + 1)
    raise LLMError(f"the model did not return JSON: {text[:120]!r}")


def complete_json(
    llm: LLM,
    messages: Sequence[Message],
    *,
    schema: Mapping[str, Any] | None = None,
    validate: Callable[[Any], Any] | None = None,
    retries: int = 1,
    max_tokens: int = 512,
    meter: UsageMeter | None = None,
) -> Any:
    """Ask for JSON; parse it (fences stripped); on invalid JSON or a failed
    ``validate`` ask again once with the error appended. Returns ``validate(obj)``
    (or the object). Raises :class:`LLMError` when every attempt fails."""
    msgs = list(messages)
    last: Exception | None = None
    for _attempt in range(retries + 1):
        c = llm.complete(msgs, json_schema=schema, temperature=0.0, max_tokens=max_tokens)
        if meter is not None:
            meter.record(c)
        try:
            obj = parse_json(c.text)
            return validate(obj) if validate else obj
        except (LLMError, ValueError, TypeError, KeyError) as e:
            last = e
            msgs = msgs + [
                {"role": "assistant", "content": c.text[:2000]},
                {"role": "user", "content": f"That reply was not valid: {str(e)[:200]}. Reply with the JSON object only."},
            ]
    raise LLMError(f"no valid JSON after {retries + 1} attempts: {last}")
