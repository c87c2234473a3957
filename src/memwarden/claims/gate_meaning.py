"""The claim gate's meaning stage: what the clause means, for authors the named cues miss.

The lexical gate (``gate.py``) reads named cues, and a new author's chit-chat often carries none it
knows ("she's a menace but a cute one", "bus to work it is then, joy"). This stage reads the
claim's MiniLM vector, which ``add`` computes anyway to store the claim: its projection on one
direction (a logistic model on the 384-d vector with strong L2) joins the named features in a
second logistic model. It runs after the lexical gate, on what that kept, and only drops: a
clause that may be dropped (a reaction mark in it or its turn, not flagged as information, as
the lexical gate requires) whose probability is above the stage's threshold yields no claim.

Everything here is data fitted by ``bench/fit_gate.py`` on all six labelled sets (five authors)
and shipped as ``memwarden/data/gate_embedding.json``; the threshold is the lowest keeping every
training fact the lexical gate keeps, + a margin; the honest numbers are leave one author out
(BENCHMARKS.md). The direction belongs to one embedder (``embedder`` in the file): with another
(the hash embedder of the tests, a custom one) the stage is off and the lexical gate decides
alone. numpy only; no model is fitted or downloaded at run time.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from importlib import resources
from typing import Any, Sequence

import numpy as np

from ..errors import ModelError

__all__ = ["MeaningStage", "load", "apply", "REASON"]

REASON = "no claim: reaction/chit-chat (reads as a reaction)"


class MeaningStage:
    """The fitted stage: a direction in the embedder's space and the second model's weights."""

    def __init__(self, d: dict[str, Any]) -> None:
        try:
            self.embedder: str = d["embedder"]
            self.direction = np.asarray(d["direction"], dtype=np.float32)
            self.direction_bias = float(d["direction_bias"])
            self.weights: dict[str, float] = {k: float(v) for k, v in d["weights"].items()}
            self.embedding_weight = float(d["embedding_weight"])
            self.bias = float(d["bias"])
            self.threshold = float(d["threshold"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ModelError(f"the claim gate's meaning stage file is malformed: {exc}") from exc

    def partial(self, values: dict[str, float]) -> float:
        """The second model's logit without its embedding term."""
        return self.bias + sum(self.weights.get(k, 0.0) * v for k, v in values.items())

    def p_chat(self, partial: float, vector: np.ndarray) -> float:
        z = partial + self.embedding_weight * (float(vector @ self.direction) + self.direction_bias)
        return 1.0 / (1.0 + math.exp(-z))


@lru_cache(maxsize=1)
def load() -> MeaningStage | None:
    """The shipped stage, read once; None when the package carries no such file."""
    path = resources.files("memwarden") / "data" / "gate_embedding.json"
    if not path.is_file():
        return None
    try:
        return MeaningStage(json.loads(path.read_text()))
    except json.JSONDecodeError as exc:
        raise ModelError(f"cannot read the claim gate's meaning stage {path}: {exc}") from exc


def apply(claims: Sequence[Any], vectors: np.ndarray, embedder_id: str,
          dropped: dict[int, str]) -> tuple[list[Any], np.ndarray, dict[int, str]]:
    """The claims (``ClaimCandidate``) the stage keeps, their vectors, and ``dropped`` with the turns
    left without a claim. A claim the lexical gate did not mark as droppable (``Claim._gate_z`` is
    None: an LLM extractor's, one flagged as information, one with no reaction mark) is kept."""
    stage = load()
    if stage is None or embedder_id != stage.embedder or not len(claims):
        return list(claims), vectors, dropped
    keep = [cc.claim._gate_z is None or stage.p_chat(cc.claim._gate_z, vec) <= stage.threshold
            for cc, vec in zip(claims, vectors)]
    if all(keep):
        return list(claims), vectors, dropped
    kept = [cc for cc, k in zip(claims, keep) if k]
    left = {i for cc in kept for i in cc.turn_indexes}
    out = dict(dropped)
    for cc, k in zip(claims, keep):
        for i in cc.turn_indexes:
            if not k and i not in left:
                out.setdefault(i, REASON)
    return kept, vectors[np.array(keep, dtype=bool)], out
