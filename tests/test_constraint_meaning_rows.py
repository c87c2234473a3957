"""Session 12: a claim's constraint probability by meaning is stored per index row when the row is appended, so a
search reads one number per row; an index kept in step with the writes holds what one rebuilt from the store does."""

from __future__ import annotations

import numpy as np
import pytest

from memwarden import Memory, MemoryConfig
from memwarden.retrieval import row_meta
from memwarden.retrieval.constraint_model import ConstraintModel
from memwarden.retrieval.index import ScopeIndex


def _stub(dim: int, threshold: float = 0.0) -> ConstraintModel:
    return ConstraintModel(np.random.default_rng(3).standard_normal(dim), 0.0, threshold)


def test_stored_meaning_is_the_same_appended_or_rebuilt(monkeypatch: pytest.MonkeyPatch) -> None:
    with Memory(config=MemoryConfig(database=":memory:", embedder="hash")) as m:
        monkeypatch.setattr(row_meta, "load_model", lambda: _stub(m.embedder.dim))
        m.add("the boat trip was lovely and we saw seals near the harbour", user_id="u")
        idx = m.scopes.index("u")  # built from the store
        m.add([{"role": "user", "content": "my sister gets seasick on small boats"},
               {"role": "user", "content": "we booked the cottage in Whitby for August"}], user_id="u")
        assert m.scopes.index("u") is idx  # kept in step by the write, rows appended
        rebuilt = ScopeIndex(m.store.index_rows("u"), m.embedder.dim)
        kept = {idx.ids[r]: float(idx.meaning[r]) for r in range(idx.n) if idx.alive[r]}
        again = {rebuilt.ids[r]: float(rebuilt.meaning[r]) for r in range(rebuilt.n) if rebuilt.alive[r]}
        assert kept == pytest.approx(again) and any(v > 0 for v in kept.values())


def test_only_untyped_claims_with_a_vector_at_the_threshold_carry_a_probability(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(row_meta, "load_model", lambda: ConstraintModel(np.array([6.0, 0.0]), -3.0, 0.5))
    v = np.array([[1.0, 0.0], [1.0, 0.0], [1.0, 0.0], [0.0, 1.0], [0.0, 0.0]], np.float32)
    is_claim = np.array([True, True, False, True, True])
    typed = np.array([0.0, 2.0, 0.0, 0.0, 0.0])
    p = row_meta.meaning_probability(v, is_claim, typed)
    assert p[0] == pytest.approx(1 / (1 + np.exp(-3.0)))
    # typed by a rule / an episode / below the threshold / no vector (another width)
    assert p[1] == 0 and p[2] == 0 and p[3] == 0 and p[4] == 0
