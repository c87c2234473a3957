"""The admission policy file: versioned JSON that users can read, retrain and swap.

A policy holds two models:

* ``utility`` — the no-LLM utility model U (a logistic regression over one
  turn's text: hand features, hashed words, its sentence embedding);
* ``decision`` — how factors become admit / reject, either A-MAC's
  ``linear`` rule S = w·[U, C, N, R, T] ≥ θ, or a ``logistic`` model over
  the factors plus context features (the better learner, the default).

Loading checks the format tag, the version and every array's length; any
mismatch is a :class:`~memwarden.errors.PolicyError` naming the problem,
never a half-loaded policy.
"""

from __future__ import annotations

import json
import math
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal, Union

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, model_validator

from ..errors import PolicyError
from .features import FACTORS, HASH_DIM, CandidateFeatures

FORMAT = "memwarden-admission-policy"
VERSION = 1
#: The shipped policies: one trained on claims (the two-tier path, the default) and one trained on
#: whole turns (``MemoryConfig(claims=False)``); BENCHMARKS.md says what each was trained on.
DEFAULT_POLICY = "claim_policy.json"
TURN_POLICY = "default_policy.json"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LinearModel(_Model):
    """z = intercept + coef·standardise(dense) + terms·hashed_terms + emb·[vector, context vector]."""

    features: list[str]
    mean: list[float]
    scale: list[float]
    coef: list[float]
    intercept: float
    #: Hashed-term weights (length ``features.HASH_DIM``) or empty.
    terms: list[float] = Field(default_factory=list)
    #: Embedding weights: the candidate's own vector, then (optionally) the mean of its neighbours' vectors.
    emb: list[float] = Field(default_factory=list)
    emb_model_id: str | None = None
    _mean: Any = PrivateAttr(None)
    _scale: Any = PrivateAttr(None)
    _coef: Any = PrivateAttr(None)
    _emb: Any = PrivateAttr(None)

    @model_validator(mode="after")
    def _lengths(self) -> "LinearModel":
        n = len(self.features)
        if not (len(self.mean) == len(self.scale) == len(self.coef) == n):
            raise ValueError(f"features/mean/scale/coef lengths differ ({n}, {len(self.mean)}, {len(self.scale)}, {len(self.coef)})")
        if self.terms and len(self.terms) != HASH_DIM:
            raise ValueError(f"terms must have {HASH_DIM} weights, not {len(self.terms)}")
        if any(s <= 0 for s in self.scale):
            raise ValueError("scale values must be positive")
        if self.emb and self.emb_model_id is None:
            raise ValueError("emb weights need emb_model_id")
        return self

    def logit(self, dense: dict[str, float], terms: dict[int, float], vecs: list[np.ndarray] | None) -> float:
        x = np.fromiter((dense.get(f, 0.0) for f in self.features), dtype=np.float64, count=len(self.features))
        z = self.intercept + float(((x - self._mean) / self._scale) @ self._coef)
        if self.terms:
            z += sum(self.terms[k] * v for k, v in terms.items())
        if self.emb and vecs is not None:
            z += float(np.concatenate(vecs)[: len(self.emb)] @ self._emb)
        return z

    def model_post_init(self, __context: Any) -> None:
        self._mean = np.asarray(self.mean, dtype=np.float64)
        self._scale = np.asarray(self.scale, dtype=np.float64)
        self._coef = np.asarray(self.coef, dtype=np.float64)
        self._emb = np.asarray(self.emb, dtype=np.float32)


class LinearRule(_Model):
    """A-MAC's rule: admit when w·[U, C, N, R, T] ≥ threshold (weights ≥ 0, sum 1)."""

    kind: Literal["linear"] = "linear"
    weights: dict[str, float]
    threshold: float

    @model_validator(mode="after")
    def _check(self) -> "LinearRule":
        if set(self.weights) != set(FACTORS):
            raise ValueError(f"weights must name exactly {list(FACTORS)}")
        if any(w < 0 for w in self.weights.values()) or not math.isclose(sum(self.weights.values()), 1.0, abs_tol=1e-6):
            raise ValueError("weights must be non-negative and sum to 1")
        return self


class LogisticRule(_Model):
    """The better learner: p(admit) from factors + text + context features; admit when p ≥ threshold."""

    kind: Literal["logistic"] = "logistic"
    model: LinearModel
    threshold: float


#: The policy file's decision rule (``decision`` key); not :class:`~memwarden.admission.Decision`,
#: which is one candidate's outcome.
DecisionRule = Annotated[Union[LinearRule, LogisticRule], Field(discriminator="kind")]


class PolicyFile(_Model):
    format: Literal["memwarden-admission-policy"]
    version: int
    name: str
    description: str = ""
    #: What the policy was trained on and how (data, protocol, objective).
    trained: dict[str, Any] = Field(default_factory=dict)
    #: What it scores: whole turns, or claims extracted from turns (its features were computed on those).
    unit: Literal["turn", "claim"] = "turn"
    #: Validation numbers measured when the policy was trained.
    metrics: dict[str, Any] = Field(default_factory=dict)
    utility: LinearModel
    decision: DecisionRule
    #: Cosine at or above which a candidate is a near-duplicate of a stored memory.
    duplicate_cosine: float = Field(0.95, ge=0.0, le=1.0)


class AdmissionPolicy:
    """A loaded, validated policy; scores one candidate's features."""

    def __init__(self, spec: PolicyFile, *, origin: str = "<memory>", for_turns: "AdmissionPolicy | None" = None) -> None:
        self.spec = spec
        self.origin = origin
        #: The policy to score whole turns with when this one was trained on claims (the shipped
        #: pair); None: this policy scores whatever it is given.
        self.for_turns = for_turns

    def for_unit(self, unit: str) -> "AdmissionPolicy":
        """The policy to score candidates of ``unit`` ("turn" or "claim") with."""
        return self.for_turns if unit == "turn" and self.for_turns is not None else self

    def for_candidate(self, unit: str, role: str) -> "AdmissionPolicy":
        """As :meth:`for_unit`, except that a candidate from a role this policy was trained on
        none of (``trained["roles"]``: LoCoMo has no assistant turns) goes to :attr:`for_turns`,
        which is what scored claims before there was a claim policy."""
        pol = self.for_unit(unit)
        roles = pol.spec.trained.get("roles")
        if pol is self and self.for_turns is not None and roles and role not in roles:
            return self.for_turns
        return pol

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def threshold(self) -> float:
        return self.spec.decision.threshold

    def utility(self, feats: CandidateFeatures, vec: np.ndarray | None) -> float:
        return _sigmoid(self.spec.utility.logit(feats.text, feats.terms, [vec] if vec is not None else None))

    def score(self, feats: CandidateFeatures, vecs: list[np.ndarray] | None) -> float:
        d = self.spec.decision
        if isinstance(d, LinearRule):
            f = feats.factors()
            return float(sum(d.weights[k] * f[k] for k in FACTORS))
        return _sigmoid(d.model.logit(feats.dense(), feats.terms, vecs))

    def weights(self) -> dict[str, float]:
        """The weight each factor carries, for the receipt (standardised coefficients for ``logistic``)."""
        d = self.spec.decision
        if isinstance(d, LinearRule):
            return dict(d.weights)
        m = d.model
        return {f: round(c / s, 4) for f, c, s in zip(m.features, m.coef, m.scale) if f in FACTORS}

    def uses_embeddings(self, model_id: str | None) -> bool:
        for m in (self.spec.utility, getattr(self.spec.decision, "model", None)):
            if m is not None and m.emb and m.emb_model_id != model_id:
                return False
        return True

    def to_json(self) -> str:
        return self.spec.model_dump_json(indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json())

    @classmethod
    def from_dict(cls, data: Any, *, origin: str = "<dict>") -> "AdmissionPolicy":
        if not isinstance(data, dict):
            raise PolicyError(f"{origin}: a policy must be a JSON object, not {type(data).__name__}")
        if data.get("format") != FORMAT:
            raise PolicyError(f"{origin}: not a memwarden admission policy (format is {data.get('format')!r}, expected {FORMAT!r})")
        if data.get("version") != VERSION:
            raise PolicyError(
                f"{origin}: policy version {data.get('version')!r} is not supported (this memwarden reads version {VERSION}); "
                "retrain it with `memwarden admission train`"
            )
        try:
            spec = PolicyFile.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise PolicyError(f"{origin}: invalid policy at {where or '<root>'}: {first['msg']}") from None
        return cls(spec, origin=origin)

    @classmethod
    def load(cls, path: str | Path) -> "AdmissionPolicy":
        p = Path(path).expanduser()
        try:
            raw = p.read_text()
        except OSError as exc:
            raise PolicyError(f"cannot read policy file {p}: {exc.strerror or exc}") from None
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise PolicyError(f"{p}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
        return cls.from_dict(data, origin=str(p))

    @classmethod
    def shipped(cls, name: str) -> "AdmissionPolicy":
        raw = resources.files("memwarden.admission").joinpath(f"data/{name}").read_text()
        return cls.from_dict(json.loads(raw), origin=f"memwarden/admission/data/{name}")

    @classmethod
    def default(cls) -> "AdmissionPolicy":
        """The shipped claim policy, carrying the shipped turn policy for ``claims=False`` adds."""
        pol = cls.shipped(DEFAULT_POLICY)
        pol.for_turns = cls.shipped(TURN_POLICY)
        return pol


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)
