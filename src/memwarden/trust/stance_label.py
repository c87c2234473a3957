"""The stance record: what :mod:`.stance` answers for two texts (split from ``stance.py``, session 12)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

__all__ = ["Stance", "StanceLabel"]

StanceLabel = Literal["agree", "contradict", "unrelated"]


@dataclass(frozen=True, slots=True)
class Stance:
    """The stance of text ``b`` towards text ``a``.

    ``score`` is the detector's confidence in ``label`` (0-1); ``value`` is the
    signed number the consensus formula uses (+1 agree, -1 contradict, 0).
    """

    label: StanceLabel
    score: float
    reason: str
    cues: tuple[str, ...] = field(default=())

    @property
    def value(self) -> int:
        return {"agree": 1, "contradict": -1, "unrelated": 0}[self.label]

    @property
    def signed(self) -> float:
        """``value * score``: a soft stance in [-1, 1]."""
        return self.value * self.score
