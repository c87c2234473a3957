"""Input normalisation for ``add``: what is accepted, and a clear error for everything else."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from memwarden.errors import InputTooLargeError, InvalidInputError, MemwardenError
from memwarden.messages import check_text, normalize_messages, parse_time

MAX = 1000


def norm(messages, **kw):
    return normalize_messages(messages, max_chars=MAX, **kw)


def test_a_string_is_one_user_turn() -> None:
    [t] = norm("I moved to Berlin")
    assert (t.role, t.content, t.name, t.index, t.turn_id, t.timestamp) == ("user", "I moved to Berlin", None, 0, None, None)


def test_one_message_dict_is_accepted() -> None:
    [t] = norm({"role": "assistant", "content": "Noted."})
    assert t.role == "assistant" and t.content == "Noted."


def test_openai_messages_keep_roles_names_ids_and_order() -> None:
    turns = norm([
        {"role": "system", "content": "be brief"},
        {"role": "user", "content": "hi", "name": "Caroline", "id": "D1:1"},
        {"role": "assistant", "content": "hello", "id": 7},
        {"role": "tool", "content": "42"},
        {"content": "no role means user"},
    ])
    assert [t.role for t in turns] == ["system", "user", "assistant", "tool", "user"]
    assert [t.index for t in turns] == [0, 1, 2, 3, 4]
    assert turns[1].name == "Caroline" and turns[1].turn_id == "D1:1"
    assert turns[2].turn_id == "7"


def test_content_parts_join_text_and_keep_the_image() -> None:
    [t] = norm([{"role": "user", "content": [
        {"type": "text", "text": "look at this"},
        {"type": "image_url", "image_url": {"url": "https://example.org/dog.jpg"}},
        {"type": "text", "text": "my dog"},
    ]}])
    assert t.content == "look at this\nmy dog"
    assert t.image_ref == "https://example.org/dog.jpg"
    [t] = norm([{"content": [{"type": "text", "text": "caption"}, {"type": "image_url", "image_url": "data:x"}]}])
    assert t.image_ref == "data:x"
    [t] = norm([{"content": "caption", "image": "photo.png"}])
    assert t.image_ref == "photo.png"


def test_per_message_timestamps_override_the_default() -> None:
    default = datetime(2024, 1, 1, tzinfo=timezone.utc)
    turns = norm([{"content": "a", "timestamp": "2023-05-08T13:56:00Z"}, {"content": "b"}], default_time=default)
    assert turns[0].timestamp == datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)
    assert turns[1].timestamp == default


@pytest.mark.parametrize(
    "value, expected",
    [
        (None, None),
        ("2023-05-08T13:56:00Z", datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)),
        ("2023-05-08T15:56:00+02:00", datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)),
        ("2023-05-08 13:56", datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)),  # naive: UTC
        ("  2023-05-08  ", datetime(2023, 5, 8, tzinfo=timezone.utc)),
        (0, datetime(1970, 1, 1, tzinfo=timezone.utc)),
        (1.5, datetime(1970, 1, 1, 0, 0, 1, 500000, tzinfo=timezone.utc)),
        (datetime(2023, 1, 1), datetime(2023, 1, 1, tzinfo=timezone.utc)),
        (datetime(2023, 1, 1, 2, tzinfo=timezone(timedelta(hours=2))), datetime(2023, 1, 1, tzinfo=timezone.utc)),
    ],
)
def test_parse_time_accepts(value, expected) -> None:
    got = parse_time(value)
    assert got == expected
    if got is not None:
        assert got.utcoffset() == timedelta(0)


@pytest.mark.parametrize(
    "value",
    ["yesterday", "", "2023-13-45", "8 May 2023", True, False, [2023], {"t": 1}, b"2023-05-08",
     float("nan"), float("inf"), 1e30, -1e30],
)
def test_parse_time_rejects_with_a_clear_error(value) -> None:
    with pytest.raises(InvalidInputError, match="timestamp"):
        parse_time(value)


def test_bad_per_message_timestamp_names_the_message() -> None:
    with pytest.raises(InvalidInputError, match="message 1 timestamp"):
        norm([{"content": "ok"}, {"content": "bad", "timestamp": "not a time"}])


@pytest.mark.parametrize(
    "text, error",
    [
        ("", "empty"),
        ("   \n\t  ", "empty"),
        ("bad \udc80 surrogate", "UTF-8"),
        ("\ud83d half an emoji", "UTF-8"),
        ("nul \x00 inside", "NUL"),
        (None, "string"),
        (42, "string"),
        (b"bytes are not text", "string"),
        (["a list"], "string"),
    ],
)
def test_check_text_rejects(text, error) -> None:
    with pytest.raises(InvalidInputError, match=error):
        check_text(text, what="text", max_chars=MAX)


def test_check_text_limit_is_inclusive_and_raises_too_large() -> None:
    assert check_text("x" * MAX, what="text", max_chars=MAX) == "x" * MAX
    with pytest.raises(InputTooLargeError, match="limit"):
        check_text("x" * (MAX + 1), what="text", max_chars=MAX)


def test_a_one_megabyte_message_is_too_large() -> None:
    with pytest.raises(InputTooLargeError):
        normalize_messages([{"content": "ok"}, {"content": "y" * 1_000_000}], max_chars=20_000)


def test_unicode_that_is_valid_is_kept_exactly() -> None:
    text = "Zoë naïve café — 東京 🧠 עברית"
    assert norm(text)[0].content == text


@pytest.mark.parametrize(
    "messages, error",
    [
        (None, "messages must be"),
        (42, "messages must be"),
        (b"bytes", "messages must be"),
        ((("role", "user"),), "messages must be"),
        ([], "empty"),
        ("", "empty"),
        ("   ", "empty"),
        (["just a string in a list"], "must be an object"),
        ([{"role": "user"}], "no 'content'"),
        ([{"role": "robot", "content": "x"}], "role"),
        ([{"role": ["user"], "content": "x"}], "role"),
        ([{"content": None}], "content must be"),
        ([{"content": 42}], "content must be"),
        ([{"content": {"text": "x"}}], "content must be"),
        ([{"content": ["x"]}], "content part"),
        ([{"content": [{"text": "no type"}]}], "content part"),
        ([{"content": [{"type": "audio", "audio": "..."}]}], "unsupported content part"),
        ([{"content": [{"type": "image_url", "image_url": {"url": "x.png"}}]}], "empty"),
        ([{"content": "x", "name": 5}], "name"),
        ([{"content": "x", "id": ["D1"]}], "id"),
        ([{"content": "x", "id": 1.5}], "id"),
        ([{"content": "ok"}, {"content": "   "}], "message 1"),
        ([{"content": "bad \udc80"}], "UTF-8"),
        ([{"content": "nul\x00"}], "NUL"),
    ],
)
def test_bad_messages_get_a_clear_error(messages, error) -> None:
    with pytest.raises(InvalidInputError, match=error):
        norm(messages)


@pytest.mark.parametrize(
    "message",
    [
        {"content": "x", "name": "bad \udc80"},
        {"content": "x", "name": "nul\x00"},
        {"content": "x", "image": 5},
        {"content": "x", "image": {"url": "x.png"}},
        {"content": [{"type": "text", "text": "x"}, {"type": "image_url", "image_url": {"url": 5}}]},
        {"content": "x", "id": "bad \udc80"},
    ],
)
def test_odd_optional_fields_raise_a_memwarden_error(message) -> None:
    # Whatever is wrong with them, the caller gets an InvalidInputError, never a raw pydantic or codec error.
    with pytest.raises(InvalidInputError):
        norm([message])


def test_errors_are_memwarden_errors_and_value_errors() -> None:
    with pytest.raises(MemwardenError):
        norm("")
    with pytest.raises(ValueError):
        norm("")
