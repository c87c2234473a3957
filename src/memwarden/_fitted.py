"""The one reader of the fitted models' weight files, and the two link functions they apply.

Five stages ship a small fitted model as JSON (the fitted ranking ``data/rank_weights.json``, the
fitted abstention ``data/abstain_weights.json``, the fitted stance ``data/stance_model.json``,
governance's policy layer ``governance/data/policy_layer.json``, the pairwise "B updates A" test
``data/replace_weights.json``). Each is "standardise with the
training mean and scale, then a linear layer", so each file needs the same checks before a number
of it is used: it is a JSON object, its feature names are this code's, every array has the shape
the names give it and holds finite numbers, and every scale is positive (a zero would turn a
feature into inf/nan scores silently). :class:`Weights` makes those checks once and raises one
error class (:class:`~memwarden.errors.ModelError` unless the caller's contract says otherwise)
whose message names the file, so a corrupt or foreign file is one clear line, never a numpy
traceback or a silently wrong order.
"""

from __future__ import annotations

import json
import math
from typing import Any, Collection, Protocol, Sequence

import numpy as np

from .errors import MemwardenError, ModelError

__all__ = ["Weights", "softmax", "sigmoid"]


class _Readable(Protocol):  # a Path or an importlib.resources Traversable
    def read_text(self, encoding: str = ...) -> str: ...


class Weights:
    """One weights file's JSON object, read with the checks every fitted model needs.

    ``what`` names the model in messages ("rank weights"), ``where`` the file; every failure raises
    ``error`` (a :class:`MemwardenError` subclass) chained to its cause."""

    def __init__(self, raw: Any, what: str, where: str = "<dict>", error: type[MemwardenError] = ModelError) -> None:
        self.what, self.where, self.error = what, where, error
        if not isinstance(raw, dict):
            raise self.fail(f"are malformed: a JSON object is expected, not {type(raw).__name__}")
        self.raw: dict[str, Any] = raw

    @classmethod
    def read(cls, source: _Readable, what: str, where: str | None = None, error: type[MemwardenError] = ModelError,
             hint: str = "") -> "Weights":
        """Parse the file at ``source``; ``hint`` is added to the message when it cannot be read."""
        where = str(source) if where is None else where
        try:
            raw = json.loads(source.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
            raise error(f"cannot read {what} {where}: {exc}{hint}") from exc
        return cls(raw, what, where, error)

    def fail(self, message: str) -> MemwardenError:
        return self.error(f"{self.what} {self.where} {message}")

    def _get(self, key: str) -> Any:
        if key not in self.raw:
            raise self.fail(f"are malformed: no {key!r}")
        return self.raw[key]

    def names(self, key: str = "features", *, expected: Sequence[str] | None = None,
              allowed: Collection[str] | None = None, refit: str = "") -> tuple[str, ...]:
        """The feature (or class) names under ``key``: exactly ``expected`` in order, or a subset of
        ``allowed``; ``refit`` says how to make a file that fits."""
        names = self._get(key)
        if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
            raise self.fail(f"are malformed: {key!r} is not a list of names")
        hint = f"; {refit}" if refit else ""
        if expected is not None and tuple(names) != tuple(expected):
            raise self.fail(f"do not fit this version's features: {key!r} are not the {len(expected)} names "
                            f"this code computes, in its order{hint}")
        unknown = sorted(set(names) - set(allowed)) if allowed is not None else []
        if unknown:
            raise self.fail(f"do not fit this version's features (unknown: {unknown}){hint}")
        return tuple(names)

    def array(self, key: str, shape: tuple[int, ...], *, positive: bool = False) -> np.ndarray:
        """``raw[key]`` as float64 of exactly ``shape``, every number finite (and > 0 with ``positive``)."""
        try:
            a = np.asarray(self._get(key), dtype=np.float64)
        except (TypeError, ValueError) as exc:
            raise self.fail(f"are malformed: {key!r} is not numbers ({exc})") from exc
        if a.shape != shape:
            raise self.fail(f"do not fit this version's features: {key!r} has shape {a.shape}, not {shape}")
        if not np.all(np.isfinite(a)):
            raise self.fail(f"are malformed: {key!r} holds a number that is not finite")
        if positive and np.any(a <= 0):
            raise self.fail(f"are malformed: {key!r} holds a scale that is not positive")
        return a

    def number(self, key: str, default: float | None = None) -> float:
        """``raw[key]`` as a finite float (``default`` when absent and a default is given)."""
        if key not in self.raw and default is not None:
            return float(default)
        value = self._get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise self.fail(f"are malformed: {key!r} is not a finite number")
        return float(value)


def softmax(z: np.ndarray) -> np.ndarray:
    """Row-wise softmax over the last axis, shifted by the row maximum (no overflow)."""
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


def sigmoid(z: float) -> float:
    """The logistic function of one logit, clipped to +-50 (math.exp never overflows)."""
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))
