"""A fitted pairwise test "B, stated later, updates A", and the step that puts such a B above its A.

The hand steps order a later value above an earlier one when they share a slot, a frame or an update cue
("moved to", "instead"). Many updates share none of these: "He's staying after all" replaces "farewell
drinks on Thursday"; "we switched the check-in to evenings" replaces "a check-in every morning". The two
lines have a cosine of 0.2-0.4 and no slot; what says one replaces the other is spread over their words.
This module reads it with a small logistic model over things the search already has: the two lines'
cosine, how far apart in time they were said, who said them, the update cues of :mod:`.update_cues`, the
stance detector's label, the slot, and each line's cosine to the question. (The vectors themselves -- their
element-wise product, their difference -- were tried as features and fitted the training authors' topics:
leave-authors-out AUC 0.87 without them, 0.78-0.81 with them.) It is fitted on pairs of the development scenarios'
"now" probes (the stale line -> the current one; ``bench/fit_replace.py``) and ships as
``data/replace_weights.json``, read through :class:`~memwarden._fitted.Weights`.

:func:`replaced_first` runs after the fitted order and before the party order in the ranking, for a
question about the present value of one thing (:func:`.latest.asks_current_value`): among the first ``top``
hits, a hit that the model says updates one ranked above it (probability above the file's threshold) moves
just above it.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from importlib import resources
from typing import Callable, Sequence

import numpy as np

from .._fitted import Weights, sigmoid
from ..models import SearchHit
from .firmness_lexicon import firmness
from .latest import asks_current_value
from .present import own_word
from .replace_reading import READING, reading_features
from .stance import detect_stance
from .testimony import stated_at
from .update_cues import says_change, says_replace
from .verdict_scope import holder

__all__ = ["SCALARS", "ReplaceModel", "pair_features", "load_replace_model", "replaced_first"]

#: The features, in the weights file's order.
SCALARS = ("cosine", "log_hours", "own_a", "own_b", "same_speaker", "b_says_change", "b_says_replace",
           "a_says_change", "same_slot", "q_cos_a", "q_cos_b", "q_cos_gain",
           "stance_contradict", "stance_agree", "stance_unrelated", "contradict_score") + READING
_REFIT = "refit with bench/fit_replace.py"
#: Below this cosine two lines are not one matter, whatever the model says: in a small store it moved "the dog's been
#: sick again" (0.14) above "the van's ready on the 20th" and "girlfriend's into oat lattes" (0.43) above "coffee
#: black" (the full suite's ranking tests, session 27). It still moved "finally trimmed the hedge" (0.47, p 0.70) above
#: "hair cut at Mo's": a higher floor removes the updates it was fitted on (0.4-0.6), so the step was switched off at the
#: end of session 27; session 28's reading features and :data:`MAX_QUESTION_DROP` stop that move, and it is on again
#: (``TrustConfig.rank_replace``).
MIN_COSINE = 0.45
#: Session 28: a later line that answers the question much less well than the line above it is a remark on the same
#: thing, not a new value of what is asked ("choir was great fun tonight" under "choir practice is on Monday nights",
#: for "when is choir practice?": the model read p 0.93 from "later, same matter, close in meaning"). An update of the
#: asked value is about as close to the question as the value it replaces. 0.2: the largest drop of query cosine that
#: keeps every BUILD gain of the step (0.15 keeps none of them; bench/fit_replace.py, offline).
MAX_QUESTION_DROP = 0.2


def pair_features(a_text: str, b_text: str, *, cosine: float, hours: float, own_a: bool, own_b: bool,
                  same_speaker: bool, same_slot: bool, q_cos_a: float, q_cos_b: float, query: str = "") -> list[float]:
    """The scalar features of "does ``b_text`` (said ``hours`` after ``a_text``) update what ``query`` asks?"."""
    st = detect_stance(a_text, b_text, cosine=cosine)
    return [cosine, math.log1p(max(hours, 0.0)), float(own_a), float(own_b), float(same_speaker),
            float(says_change(b_text)), float(says_replace(b_text)), float(says_change(a_text)), float(same_slot),
            q_cos_a, q_cos_b, q_cos_b - q_cos_a,
            float(st.label == "contradict"), float(st.label == "agree"), float(st.label == "unrelated"),
            st.score if st.label == "contradict" else 0.0] + reading_features(query, a_text, b_text)


class ReplaceModel:
    """Standardise, then one logistic layer; ``threshold`` and ``top`` say when and where it moves a hit."""

    def __init__(self, w: Weights) -> None:
        n = len(w.names("features", expected=SCALARS, refit=_REFIT))
        self.mean = w.array("mean", (n,))
        self.scale = w.array("scale", (n,), positive=True)
        self.coef = w.array("coef", (n,))
        self.intercept = w.number("intercept")
        self.threshold = w.number("threshold")
        self.top = int(w.number("top"))

    def probability(self, features: Sequence[float]) -> float:
        x = np.asarray(features, dtype=np.float64)
        return sigmoid(float(((x - self.mean) / self.scale) @ self.coef) + self.intercept)


@lru_cache(maxsize=1)
def load_replace_model() -> ReplaceModel:
    """The shipped model (``memwarden/data/replace_weights.json``), read once."""
    where = "memwarden/data/replace_weights.json"
    return ReplaceModel(Weights.read(resources.files("memwarden").joinpath("data/replace_weights.json"),
                                     "replace weights", where))


def _q_cos(h: SearchHit) -> float:
    r = h.reliability
    return r.query_cosine if r is not None and r.query_cosine is not None else 0.0


def updates_probability(a: SearchHit, b: SearchHit, cosine: float, model: ReplaceModel, query: str = "") -> float:
    """How sure the model is that ``b`` (said later than ``a``, ``cosine`` between their vectors) updates it."""
    ca, cb = a.claim, b.claim
    x = pair_features(a.memory, b.memory, cosine=cosine,
                      hours=(stated_at(b) - stated_at(a)).total_seconds() / 3600,
                      own_a=own_word(a), own_b=own_word(b), same_speaker=a.speaker == b.speaker,
                      same_slot=ca is not None and cb is not None and ca.slot is not None and ca.slot == cb.slot,
                      q_cos_a=_q_cos(a), q_cos_b=_q_cos(b), query=query)
    return model.probability(x)


_USERS = re.compile(r"^\s*the user's\s+", re.I)
_USER = re.compile(r"^\s*the user\b", re.I)


def _whose(text: str) -> str | None:
    """Whom a line opens on, a stored claim's "The user" read as the speaker ("The user's husband" = "my husband")."""
    return holder(_USER.sub("I", _USERS.sub("my ", text, count=1), count=1))


def can_replace(a: SearchHit, b: SearchHit) -> bool:
    """Whether ``b`` may be read as updating ``a`` at all: said firmly (not "might look into it", not hearsay), not
    another named person's word, and not about the user's kin when ``a`` is about the user ("my husband has to go
    in five days a week" does not change which days the user works from home)."""
    if firmness(b.memory) != "stated":
        return False
    if a.source == b.source == "user" and a.speaker and b.speaker and a.speaker != b.speaker:
        return False  # two named people in one conversation: Caroline's "I love painting" updates nothing of Melanie's
    wa, wb = _whose(a.memory), _whose(b.memory)
    return not (wa == "i" and wb is not None and wb.startswith("my "))


def replaced_first(hits: list[SearchHit], query: str, similar: Callable[[SearchHit, SearchHit], float],
                   model: ReplaceModel | None = None) -> list[SearchHit]:
    """For a question about the present value (:func:`.asks_current_value`): among the first ``top`` hits,
    the hit ranked highest that a later-said hit below it updates gives way to that hit (the surest one);
    up to three such moves (a chain of updates). ``similar``: the cosine of two hits' vectors (-1 when one
    has none: such a pair is not compared). Other questions: unchanged."""
    if len(hits) < 2 or not asks_current_value(query):
        return hits
    model = model or load_replace_model()
    out = list(hits)
    top = min(model.top, len(out))
    cache: dict[tuple[str, str], float] = {}
    for _ in range(3):
        moved = False
        for i in range(top):
            best: tuple[float, int] | None = None
            for j in range(i + 1, top):
                a, b = out[i], out[j]
                if not stated_at(b) > stated_at(a):
                    continue
                if (a.id, b.id) not in cache:  # each pair judged once, however often the loop meets it
                    near = _q_cos(b) >= _q_cos(a) - MAX_QUESTION_DROP
                    cos = similar(a, b) if near and can_replace(a, b) else -1.0
                    cache[(a.id, b.id)] = updates_probability(a, b, cos, model, query) if cos >= MIN_COSINE else 0.0
                p = cache[(a.id, b.id)]
                if p > model.threshold and (best is None or p > best[0]):
                    best = (p, j)
            if best is not None:
                out.insert(i, out.pop(best[1]))
                moved = True
                break
        if not moved:
            break
    return out
