"""How much a claim reads as a constraint by its meaning, for the claims no closed-class rule typed.

The typing in ``claims/restrictions.py`` and ``slot_lexicon`` reads grammar ("no X", "can't", "avoid") and a few
cue words (allergy, medication); a limit said otherwise ("gets horrendously seasick on anything smaller than a car
ferry", "goes mental at other dogs") stays untyped and an indirect request misses it. A logistic model on the
claim's index vector (the MiniLM embedding every row has anyway), fitted by ``bench/fit_constraint.py`` on the
development authors' ``indirect_constraint`` targets and chosen leave one author out, gives the
probability; of the untyped claims at or above the file's threshold, the ``FusionConfig.constraint_meaning_top``
likeliest count as constraints of weight ``FusionConfig.constraint_meaning`` for a request (``retrieval/search.py``).
The probability is computed once per row when the index appends it (``row_meta.meaning_probability``), so a search
reads a stored number per row and never multiplies the stored vectors. numpy only at run time. Measured (BENCHMARKS.md, session 11): leave one author out over twelve development authors
constraint@3 0.888 -> 0.894; on five unread validation authors 0.777 -> 0.795, multi-fact 0.931 -> 0.911. Session 12
refitted it on seventeen authors (C=0.1 chosen end to end leave one author out: constraint@3 0.853 without the stage,
0.882 with it).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import numpy as np

from .._fitted import Weights

__all__ = ["ConstraintModel", "load_model"]

_FILE = "data/constraint_weights.json"


@dataclass(frozen=True)
class ConstraintModel:
    coef: np.ndarray
    bias: float
    threshold: float

    @classmethod
    def from_weights(cls, w: Weights) -> "ConstraintModel":
        raw = w.raw.get("coef")
        if not isinstance(raw, list) or not raw:
            raise w.fail("are malformed: 'coef' is no list of numbers")
        return cls(w.array("coef", (len(raw),)), w.number("bias"), w.number("threshold"))

    def __post_init__(self) -> None:
        # float64 once here, not per call: the rows are scored in float64 against it
        object.__setattr__(self, "coef", np.asarray(self.coef, dtype=np.float64))

    def probability(self, vectors: np.ndarray) -> np.ndarray:
        """P(constraint) per row of ``vectors`` (rows x dim); a vector of another width reads as 0."""
        if vectors.ndim != 2 or vectors.shape[1] != self.coef.size:
            return np.zeros(len(vectors))
        z = vectors.astype(np.float64) @ self.coef + self.bias
        return 1.0 / (1.0 + np.exp(-z))


@lru_cache(maxsize=1)
def load_model() -> ConstraintModel:
    """The shipped weights (``memwarden/data/constraint_weights.json``), read once."""
    w = Weights.read(resources.files("memwarden").joinpath(_FILE), "constraint weights", f"memwarden/{_FILE}",
                     hint="; refit with bench/fit_constraint.py")
    return ConstraintModel.from_weights(w)
