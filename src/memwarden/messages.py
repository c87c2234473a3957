"""Validate what callers pass to the facade: ``add``'s messages become :class:`Turn` objects;
scope ids, memory ids, metadata, filters, counts and ``kind`` are checked here, so
:class:`~memwarden.Memory` only composes."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any, Iterable, Mapping, get_args

from ._util import as_utc
from .errors import InputTooLargeError, InvalidInputError
from .lexicon.quotes import straight
from .models import Candidate, SourceKind, Turn


def parse_time(value: Any, *, what: str = "timestamp") -> datetime | None:
    """Accept a datetime, an ISO-8601 string or epoch seconds."""
    if value is None:
        return None
    try:
        return _parse_time(value, what)
    except OverflowError as exc:
        # 0001-01-01T00:00:00+14:00 is a valid ISO time whose UTC instant falls before year 1.
        raise InvalidInputError(f"{what} {value!r} is out of range: in UTC it falls outside the years 1 to 9999") from exc


def _parse_time(value: Any, what: str) -> datetime:
    if isinstance(value, datetime):
        return as_utc(value)
    if isinstance(value, bool):
        raise InvalidInputError(f"{what} must be a datetime, ISO-8601 string or epoch seconds, not {value!r}")
    if isinstance(value, (int, float)):
        try:
            return datetime.fromtimestamp(float(value), tz=timezone.utc)
        except (OverflowError, OSError, ValueError) as exc:
            raise InvalidInputError(f"{what} {value!r} is out of range") from exc
    if isinstance(value, str):
        try:
            return as_utc(datetime.fromisoformat(value.strip().replace("Z", "+00:00")))
        except ValueError as exc:
            raise InvalidInputError(f"{what} {value!r} is not an ISO-8601 time") from exc
    raise InvalidInputError(f"{what} must be a datetime, ISO-8601 string or epoch seconds, not {type(value).__name__}")


def check_text(text: Any, *, what: str, max_chars: int) -> str:
    if not isinstance(text, str):
        raise InvalidInputError(f"{what} must be a string, not {type(text).__name__}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidInputError(f"{what} is not valid UTF-8 (lone surrogate at position {exc.start})") from exc
    if "\x00" in text:
        raise InvalidInputError(f"{what} contains a NUL character")
    if not text.strip():
        raise InvalidInputError(f"{what} is empty")
    if len(text) > max_chars:
        raise InputTooLargeError(f"{what} is {len(text):,} characters; the limit is {max_chars:,} (max_message_chars)")
    return text


def check_query(text: Any, *, what: str, max_chars: int) -> str:
    """A text the facade reads and does not store (a search query, a verdict's claim, a context request):
    checked as `check_text`, its curly quotes written straight, so "what’s my sister’s name" reads as
    "what's my sister's name" in every stage after it. Stored turns keep the user's text as said."""
    return straight(check_text(text, what=what, max_chars=max_chars))


def _optional_text(value: Any, what: str, max_chars: int) -> str | None:
    """An optional string field (speaker name, turn id, image reference): valid text or absent."""
    if value is None or value == "":
        return None
    return check_text(value, what=what, max_chars=max_chars)


def _content_text(content: Any, where: str) -> tuple[str, str | None]:
    """Text (and an image reference) from an OpenAI-style content field."""
    if isinstance(content, str):
        return content, None
    if isinstance(content, list):
        texts, image = [], None
        for part in content:
            if not isinstance(part, dict) or "type" not in part:
                raise InvalidInputError(f"{where}: each content part must be an object with a 'type'")
            if part["type"] == "text":
                texts.append(part.get("text", ""))
            elif part["type"] == "image_url":
                url = part.get("image_url")
                image = url.get("url") if isinstance(url, dict) else url
            else:
                raise InvalidInputError(f"{where}: unsupported content part type {part['type']!r}")
        return "\n".join(t for t in texts if isinstance(t, str)), image
    raise InvalidInputError(f"{where}: content must be a string or a list of parts, not {type(content).__name__}")


def normalize_messages(messages: Any, *, max_chars: int, default_time: datetime | None = None,
                       max_messages: int | None = None) -> list[Turn]:
    """A string becomes one user turn; a dict or a list of dicts are chat messages.

    Each message: ``role``, ``content`` (string or OpenAI content parts), and
    optionally ``name`` (speaker), ``id`` (turn id), ``timestamp``, ``image``.
    """
    if isinstance(messages, str):
        messages = [{"role": "user", "content": messages}]
    elif isinstance(messages, dict):
        messages = [messages]
    if not isinstance(messages, list):
        raise InvalidInputError(f"messages must be a string or a list of messages, not {type(messages).__name__}")
    if not messages:
        raise InvalidInputError("messages is empty")
    if max_messages is not None and len(messages) > max_messages:
        raise InputTooLargeError(f"messages has {len(messages):,} messages; the limit is {max_messages:,} per add "
                                 "(max_messages_per_add): split the import into several calls")
    turns = []
    for i, msg in enumerate(messages):
        where = f"message {i}"
        if not isinstance(msg, dict):
            raise InvalidInputError(f"{where} must be an object with 'role' and 'content', not {type(msg).__name__}")
        if "content" not in msg:
            raise InvalidInputError(f"{where} has no 'content'")
        role = msg.get("role", "user")
        if role not in ("user", "assistant", "system", "tool"):
            raise InvalidInputError(f"{where}: role must be user, assistant, system or tool, not {role!r}")
        text, image = _content_text(msg["content"], where)
        text = check_text(text, what=f"{where} content", max_chars=max_chars)
        name = _optional_text(msg.get("name"), f"{where}: name", max_chars)
        turn_id = msg.get("id")
        if isinstance(turn_id, int) and not isinstance(turn_id, bool):
            turn_id = str(turn_id)
        turn_id = _optional_text(turn_id, f"{where}: id", max_chars)
        image = _optional_text(msg.get("image") or image, f"{where}: image", max_chars)
        ts = parse_time(msg.get("timestamp"), what=f"{where} timestamp") or default_time
        turns.append(Turn(role=role, content=text, name=name, index=i, turn_id=turn_id, timestamp=ts, image_ref=image))
    return turns


_ROLE_SOURCE = {"user": "user", "assistant": "assistant", "system": "system", "tool": "tool"}


def turn_candidates(turns: list[Turn], *, source: str | None, metadata: dict[str, Any], before: int,
                    after: int) -> list[Candidate]:
    """One candidate per turn, each with ``before`` / ``after`` neighbouring turns as keyword context."""
    out = []
    for i, t in enumerate(turns):
        context = [u.content for u in turns[max(0, i - before) : i]] + [u.content for u in turns[i + 1 : i + 1 + after]]
        out.append(Candidate(
            text=t.content.strip(), role=t.role, speaker=t.name or None,
            source=source or ("image" if t.image_ref else _ROLE_SOURCE.get(t.role, "unknown")),  # type: ignore[arg-type]
            modality="image" if t.image_ref else "text", image_ref=t.image_ref,
            source_turn_ids=[t.turn_id] if t.turn_id else [], turn_index=t.index, occurred_at=t.timestamp,
            metadata=metadata, context=context,
        ))
    return out


_ID_MAX = 256


def check_scope_id(value: Any, name: str, *, required: bool) -> str | None:
    """A ``user_id`` / ``agent_id`` / ``run_id``: a non-blank string of printable characters."""
    if value is None:
        if required:
            raise InvalidInputError(f"{name} is required")
        return None
    if not isinstance(value, str):
        raise InvalidInputError(f"{name} must be a string, not {type(value).__name__}")
    if not value.strip():
        raise InvalidInputError(f"{name} is empty")
    if len(value) > _ID_MAX or any(ord(ch) < 32 or 0xD800 <= ord(ch) <= 0xDFFF for ch in value):
        raise InvalidInputError(f"{name} must be at most {_ID_MAX} printable characters")
    return value


def check_user_id(value: Any) -> str:
    return check_scope_id(value, "user_id", required=True)  # type: ignore[return-value]


def check_memory_id(value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise InvalidInputError("memory_id must be a non-empty string")
    return check_scope_id(value, "memory_id", required=True)  # type: ignore[return-value]


#: Deepest nesting of metadata and filter values: deeper values hit Python's recursion limit
#: (json, pydantic) long before any real use needs them.
MAX_JSON_DEPTH = 32
#: Most keys in one filter: each is one SQL condition, and SQLite refuses an expression tree
#: of about a thousand ("Expression tree is too large").
MAX_FILTER_KEYS = 100


def _json_depth_over(value: Any, limit: int) -> bool:
    """Whether ``value`` nests objects/arrays more than ``limit`` deep (iterative: no recursion)."""
    stack = [(value, 1)]
    while stack:
        obj, depth = stack.pop()
        if isinstance(obj, Mapping):
            children: Iterable[Any] = obj.values()
        elif isinstance(obj, (list, tuple)):
            children = obj
        else:
            continue
        if depth > limit:
            return True
        stack.extend((c, depth + 1) for c in children)
    return False


def check_metadata(value: Any, name: str = "metadata") -> dict[str, Any] | None:
    """A JSON object with string keys: stored as JSON and filtered on by every backend."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise InvalidInputError(f"{name} must be an object, not {type(value).__name__}")
    if not all(isinstance(k, str) for k in value):
        raise InvalidInputError(f"{name} keys must be strings")
    if name == "filters" and len(value) > MAX_FILTER_KEYS:
        raise InvalidInputError(f"filters has {len(value):,} keys; the limit is {MAX_FILTER_KEYS}")
    if _json_depth_over(value, MAX_JSON_DEPTH):
        raise InvalidInputError(f"{name} is nested more than {MAX_JSON_DEPTH} levels deep; the limit is {MAX_JSON_DEPTH}")
    try:
        json.dumps(dict(value), default=str, allow_nan=False)
    except (ValueError, TypeError, RecursionError) as exc:
        raise InvalidInputError(f"{name} is not JSON-serialisable: {exc}") from exc
    if _bad_string(dict(value)):
        raise InvalidInputError(f"{name} contains a NUL character or invalid UTF-8")
    return dict(value)


def _bad_string(obj: Any) -> bool:
    """A string with NUL or a lone surrogate anywhere inside: json.dumps escapes both, but
    SQLite then compares that text wrongly and PostgreSQL's jsonb refuses it."""
    if isinstance(obj, str):
        return "\x00" in obj or any(0xD800 <= ord(ch) <= 0xDFFF for ch in obj)
    if isinstance(obj, Mapping):
        return any(_bad_string(k) or _bad_string(v) for k, v in obj.items())
    if isinstance(obj, (list, tuple)):
        return any(_bad_string(v) for v in obj)
    return False


_COUNT_MAX = 2**63 - 1  # what a database integer holds


def check_count(value: Any, name: str, *, minimum: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not minimum <= value <= _COUNT_MAX:
        raise InvalidInputError(f"{name} must be an integer from {minimum} to {_COUNT_MAX}, not {value!r}")
    return value


def check_optional(value: Any, name: str, kind: type) -> Any:
    """An optional argument of one type: ``bool`` (``infer``, ``rerank``, ``explain``) or ``str`` (``prompt``)."""
    if value is None or isinstance(value, kind):
        return value
    if kind is bool:
        raise InvalidInputError(f"{name} must be true or false, not {value!r}")
    raise InvalidInputError(f"{name} must be a string, not {type(value).__name__}")


def check_kind(kind: Any) -> str | None:
    """``claim`` / ``episode`` / ``any``; None stands for ``any`` (no kind filter)."""
    if kind not in ("claim", "episode", "any"):
        raise InvalidInputError(f"kind must be 'claim', 'episode' or 'any', not {kind!r}")
    return None if kind == "any" else kind


def check_source(source: Any) -> str | None:
    """``add``'s ``source``: None (from each turn's role) or one of :data:`~memwarden.models.SourceKind`."""
    if source is not None and source not in get_args(SourceKind):
        raise InvalidInputError(f"source must be one of {', '.join(get_args(SourceKind))}, not {source!r}")
    return source
