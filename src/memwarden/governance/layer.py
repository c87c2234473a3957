"""The fitted final layer of the no-LLM policy: a softmax regression over the meaning features
and the rules' signals, applied with numpy.

Inputs per memory (:func:`signals`): every feature of :data:`.features.FEATURES` (whose is it,
whom the request serves, which setting, what kind of statement, MiniLM cosines between memory,
query, evidence and newer memories, ...), ``rule:<name>`` = 1 when that rule's condition holds
(:data:`.rules.RULE_NAMES`), ``rule_first:<name>`` = 1 for the first holding rule, and
``rule_policy:<p>`` = 1 for the policy it gives. The rules are thus evidence the layer weighs, not overrides.

The weights ship in ``data/policy_layer.json``, written by ``bench/governance_loao.py`` (sklearn
at fit time only, fixed seed), which also chose its inputs and regularisation by
leave-one-author-out accuracy on the hand-written policy cases; the file says what it was fitted on.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from .._fitted import Weights, softmax
from ..errors import PolicyError
from .features import FEATURES
from .models import POLICIES
from .rules import RULE_NAMES, guarded, rule_candidates

LAYER_FILE = Path(__file__).with_name("data") / "policy_layer.json"

#: Every input a layer may name, in a fixed order.
ALL_INPUTS: tuple[str, ...] = (*FEATURES, *(f"rule:{n}" for n in RULE_NAMES if n != "default"),
                               *(f"rule_first:{n}" for n in RULE_NAMES), *(f"rule_policy:{p}" for p in POLICIES))


def signals(row: dict[str, float]) -> tuple[dict[str, float], tuple[str, str, str]]:
    """(every input by name, the first holding rule as (name, policy, reason)) for one feature row."""
    cands = list(rule_candidates(row))
    held = {n for n, _, _ in cands}
    out = {k: float(row[k]) for k in FEATURES}
    out.update({f"rule:{n}": float(n in held) for n in RULE_NAMES if n != "default"})
    out.update({f"rule_first:{n}": float(cands[0][0] == n) for n in RULE_NAMES})
    out.update({f"rule_policy:{p}": float(cands[0][1] == p) for p in POLICIES})
    return out, cands[0]


class PolicyModel:
    """Softmax regression over standardised inputs (weights from a JSON file).

    A file names its inputs (``inputs``, any of :data:`ALL_INPUTS`); an older file lists
    ``features`` and must match :data:`FEATURES` exactly."""

    def __init__(self, data: dict[str, Any], where: str = "<dict>") -> None:
        # PolicyError, not ModelError: the policy layer is a policy file (HTTP 400 at the server).
        w = Weights(data, "policy model", where, error=PolicyError)
        if "inputs" in data:
            names = w.names("inputs", allowed=ALL_INPUTS, refit=_RETRAIN)
        else:
            names = w.names("features", expected=FEATURES, refit=_RETRAIN)
        self.inputs: list[str] = list(names)
        self.classes = list(w.names("classes", allowed=POLICIES, refit=_RETRAIN))
        k, c = len(self.inputs), len(self.classes)
        self.mean = w.array("mean", (k,))
        self.scale = w.array("scale", (k,), positive=True)
        self.coef = w.array("coef", (c, k))
        self.intercept = w.array("intercept", (c,))
        self.meta = {key: v for key, v in data.items() if key not in ("mean", "scale", "coef", "intercept")}

    @classmethod
    def load(cls, path: str | Path) -> "PolicyModel":
        w = Weights.read(Path(path), "policy model", error=PolicyError)
        return cls(w.raw, w.where)

    def decide(self, p: np.ndarray, row: dict[str, float], rule: str, rule_pol: str) -> tuple[str, bool]:
        """(the policy, whether the rules settled it) for one memory, from the layer's probabilities ``p`` and the
        rules' first holding rule and its policy.

        A file may keep what the rules settle (session 28; each setting fitted on the BUILD authors' held-out
        predictions by ``bench/governance_loao.py``, absent = the plain argmax):

        - ``keep_guarded``: where the rules fall through to ``use`` only because a guard held (:func:`.rules.guarded`),
          ``use`` stands;
        - ``rule_offset``: where a rule other than the default decides, its policy's log-probability gets this much more;
        - ``override_margin``: where the rules fall through to ``use``, the layer moves the memory only when its
          policy's log-probability is more than this above ``use``'s.
        """
        logp = np.log(np.clip(p, 1e-12, None))
        k = self.classes.index(rule_pol) if rule_pol in self.classes else -1
        if k >= 0 and rule != "default":
            logp = logp.copy()
            logp[k] += float(self.meta.get("rule_offset", 0.0))
        best = int(np.argmax(logp))
        policy = self.classes[best]
        if policy == rule_pol or k < 0:
            return policy, policy == rule_pol
        if rule == "default" and (logp[best] - logp[k] <= float(self.meta.get("override_margin", 0.0))
                                  or self.meta.get("keep_guarded") and guarded(row, rule)):
            return rule_pol, True
        return policy, False

    def matrix(self, sig: list[dict[str, float]]) -> np.ndarray:
        return np.asarray([[s[k] for k in self.inputs] for s in sig], dtype=np.float64).reshape(len(sig), len(self.inputs))

    def proba(self, X: np.ndarray) -> np.ndarray:
        return softmax(((X - self.mean) / self.scale) @ self.coef.T + self.intercept)


_RETRAIN = "retrain it with bench/governance_loao.py"


@lru_cache(maxsize=1)
def shipped_layer() -> PolicyModel:
    """The layer in the package (loaded once)."""
    return PolicyModel.load(LAYER_FILE)
