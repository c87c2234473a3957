"""A slot cue's object read by its kind: where a child starts is a school, a place joined for a fee is a
membership, a tool name that is an everyday word needs software around it."""

from __future__ import annotations

import pytest

from memwarden.claims.slots import detect_slot


@pytest.mark.parametrize("text, attr", [
    ("joined Ironworks Boxing, £35 a month, no contract", "gym"),
    ("joined the Harbour Rowing Club", None),
    ("I joined Kestrel Analytics as a junior analyst", "employer"),
    ("joined Tallow Labs in may", "employer"),
    ("my eldest starts at Birchwood Primary in september", "school"),
    ("the kids start at Larkhill on monday", "school"),
    ("I start at Fenwick in january", "employer"),
    # a name joined with no fee and no job said: a firm, unless it says it is a club (session 9 review)
    ("I joined Marlowe in March", "employer"),
    ("joined Harbour Rowing Club last week", None),
])
def test_a_place_joined_or_started_is_read_by_its_kind(text: str, attr: str | None) -> None:
    assert detect_slot(text).attribute == attr


@pytest.mark.parametrize("text, attr", [
    ("the garden floods every spring", None),
    ("caught the express into town", None),
    ("there's rust all over the bike", None),
    ("we moved the service to spring boot", "stack:framework"),
    ("we're migrating the repo to rails", "stack:framework"),
    ("switched the frontend to React", "stack:framework"),
])
def test_a_tool_that_is_an_everyday_word_needs_software_around_it(text: str, attr: str | None) -> None:
    assert detect_slot(text).attribute == attr
