"""The policy layer's fitting script reads the BUILD half of the development authors by default (1-60, session 27),
can be pointed at another range for scoring only, and refuses the validation authors."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import governance_loao as gl  # noqa: E402


def test_the_default_authors_are_the_build_half() -> None:
    assert gl.BUILD == (1, 60)
    assert gl.AUTHORS and max(gl.AUTHORS) <= 60 and 1 in gl.AUTHORS
    assert gl.SCENARIO_PROBES and max(gl.SCENARIO_PROBES) <= 60


def test_another_range_is_read_only_when_asked_and_the_default_comes_back() -> None:
    try:
        gl.select_authors(61, 97)
        assert min(gl.AUTHORS) >= 61 and max(gl.AUTHORS) <= 97 and min(gl.SCENARIO_PROBES) >= 61
    finally:
        gl.select_authors(*gl.BUILD)
    assert max(gl.AUTHORS) <= 60


def test_validation_authors_are_refused() -> None:
    with pytest.raises(AssertionError):
        gl.main(["--authors", "61-100", "--featurise-only", "--cache", "/nonexistent/cache.json"])
