"""Turn what callers pass to ``add`` into validated :class:`Turn` objects."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from ._util import as_utc
from .errors import InputTooLargeError, InvalidInputError
from .models import Turn


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
