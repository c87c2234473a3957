"""What an index row carries besides its vector and keyword tokens, computed once per row when
:class:`~.index.ScopeIndex` appends it: the three times a mask filters on (stated, valid from,
valid to, POSIX seconds on the conversation's clock, NaN when unknown), a claim's constraint
weight (an allergy before a diet), and, for a claim no rule typed, how much its meaning reads as a
constraint (``constraint_model.py``), which the search reads for indirect requests.
"""

from __future__ import annotations

from datetime import datetime

import numpy as np

from .._util import as_utc
from .constraint_model import load_model

_NO_TIMES = (np.nan, np.nan, np.nan)


#: Attributes that constrain what may be suggested to their subject, weighted: health and safety
#: (an allergy, a medication) before preferences (a diet, a budget): "what should I keep in mind
#: when suggesting food" must not lead with the diet and bury the allergy.
CONSTRAINT_WEIGHTS = {"allergy": 2.0, "medication": 2.0, "condition": 2.0, "intolerance": 2.0,
                      "diet": 1.0, "budget": 1.0, "dislikes": 1.0, "restriction": 2.0}


def constraint_weight(slot: str | None) -> float:
    if not slot:
        return 0.0
    return CONSTRAINT_WEIGHTS.get(slot.partition("|")[2].split(":", 1)[0], 0.0)


def meaning_probability(vectors: np.ndarray, is_claim: np.ndarray, typed: np.ndarray) -> np.ndarray:
    """P(constraint) by meaning of each row of ``vectors`` that is a claim no rule typed (``typed``: its constraint
    weight, 0), kept only at or above the model's threshold (0 elsewhere, and for a zero vector: another width)."""
    out = np.zeros(len(vectors), dtype=np.float32)
    rows = np.flatnonzero(is_claim & (typed == 0) & vectors.any(axis=1))
    if rows.size:
        model = load_model()
        p = model.probability(vectors[rows])
        out[rows] = np.where(p >= model.threshold, p, 0.0)
    return out


def _ts(value: datetime | None) -> float:
    return as_utc(value).timestamp() if value is not None else np.nan


def _times(occurred_at: datetime | None, valid_from: datetime | None, valid_to: datetime | None,
           created_at: datetime | None) -> tuple[float, float, float]:
    """(stated, valid_from, valid_to) in POSIX seconds: a row is stated when it occurred on the
    conversation's clock, else when its validity starts, else when it was written."""
    stated = occurred_at or valid_from or created_at
    return _ts(stated), _ts(valid_from), _ts(valid_to)
