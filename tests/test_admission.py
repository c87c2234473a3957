"""The admission interface and its two model-free policies."""

from __future__ import annotations

from datetime import datetime, timezone

import numpy as np

from memwarden._util import text_hash
from memwarden.admission import AdmissionContext, AdmitAll, Decision, DuplicateFilter
from memwarden.models import Candidate


def ctx(texts: list[str], vectors: list[list[float]], *, stored: dict[str, str] | None = None,
        neighbours: list[tuple[str, float]] | None = None) -> AdmissionContext:
    vecs = np.array(vectors, dtype=np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    return AdmissionContext(
        user_id="u", turns=[], candidates=[Candidate(text=t) for t in texts], vectors=vecs,
        neighbours=lambda v, k: (neighbours or [])[:k], stored_hashes=stored or {},
        now=datetime(2025, 1, 1, tzinfo=timezone.utc),
    )


def test_decision_stores() -> None:
    assert Decision("admitted", "r").stores and Decision("superseded", "r").stores
    assert not Decision("rejected", "r").stores and not Decision("duplicate", "r").stores


def test_admit_all() -> None:
    out = AdmitAll().decide(ctx(["a", "a"], [[1, 0], [1, 0]]))
    assert [d.event for d in out] == ["admitted", "admitted"] and all(d.policy == "all" for d in out)


def test_exact_duplicate_of_a_stored_memory() -> None:
    out = DuplicateFilter().decide(ctx(["I like tea"], [[1, 0]], stored={text_hash("i LIKE  tea"): "m1"}))
    assert out[0].event == "duplicate" and out[0].duplicate_of == "m1"


def test_near_duplicate_by_cosine_threshold() -> None:
    near = ctx(["new text"], [[1, 0]], neighbours=[("m1", 0.96)])
    far = ctx(["new text"], [[1, 0]], neighbours=[("m1", 0.94)])
    assert DuplicateFilter(0.95).decide(near)[0].duplicate_of == "m1"
    assert DuplicateFilter(0.95).decide(far)[0].event == "admitted"
    assert DuplicateFilter(0.97).decide(near)[0].event == "admitted"


def test_duplicates_within_one_batch_name_the_earlier_candidate() -> None:
    out = DuplicateFilter(0.95).decide(ctx(["a b", "c d", "A  B", "c d e"], [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 1, 0.01]]))
    assert [d.event for d in out] == ["admitted", "admitted", "duplicate", "duplicate"]
    assert out[2].duplicate_of == "batch:0"  # exact text
    assert out[3].duplicate_of == "batch:1"  # near vector


def test_a_duplicate_is_not_kept_as_a_target() -> None:
    # candidate 1 duplicates stored m1; candidate 2 equals candidate 1's text: it is a duplicate of m1 too
    out = DuplicateFilter().decide(ctx(["x", "y", "y"], [[1, 0], [0, 1], [0, 1]], stored={text_hash("y"): "m1"}))
    assert [d.duplicate_of for d in out] == [None, "m1", "m1"]
