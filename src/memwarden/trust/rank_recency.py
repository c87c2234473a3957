"""When recency may count in the fitted rank stage (session 18, round 6): the list-wide recency features gated.

Round 4's fitted order (trust/fitted_rank.py) learnt "the newest line wins" from the authors' "now" probes
through features that compare a hit's age with EVERY other hit of the list (it is the newest, its age rank,
the share of hits said after it, and their products with the question's reading). On everyday text that
pull lifted the newest line whatever it was about ("what am I allergic to?" -> "The pollen count was crazy
today" over "I'm allergic to penicillin"; "Where do I work now?" -> "Owen started swimming lessons").

A newer line replaces an older one only when both are about one thing. The pairwise recency features say
that already (``newest_similar`` / ``later_similar``: newest / passed among the hits close to it in meaning;
``slot_newest`` / ``slot_older``: among the hits of its claim slot). :func:`gate_recency` removes or gates
the list-wide ones by a mode chosen leave one author out (``bench/fit_rerank.py fit --recency``) and stored
in the weights (``meta["recency"]``), so the search and the fit apply the same transform:

* ``"all"``: round 4, no gate;
* ``"pair"``: the list-wide features are constant (every hit reads as the oldest), only the pairwise ones
  carry recency;
* ``"share"``: a hit's list-wide recency counts only when it shares a content word with the question
  (``share_word``, :mod:`.rank_subject`); otherwise it reads as the oldest;
* ``"near"``: it counts only when the hit has a neighbour in meaning in the list (``newest_similar`` or
  ``later_similar``: it is part of a matter that has more than one line) -- structure, no words.

No wording: the gate reads columns the stage already computes. Measured leave one author out on the 47
development authors (BENCHMARKS.md, round 6): every gate loses now@1 and stale-above against "all" (true updates
are often worded away from the question), so the shipped weights read "all"; what stops a line about something
else rising is :func:`.fitted_rank.off_matter`, a hold by the search's own cosine.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

__all__ = ["MODES", "NEWER", "OLDER", "gate_recency"]

MODES = ("all", "pair", "share", "near")
#: List-wide "newer" features (1 = the newest side): a gated hit reads 0.
NEWER = ("newest", "now_x_newest", "past_x_newest", "newest_x_mismatch", "newest_x_noshare", "now_x_newest_x_mismatch")
#: List-wide "older" features (0 = the newest .. 1 = the oldest): a gated hit reads as the oldest.
OLDER = ("later_share", "age_rank", "now_x_age_rank", "past_x_age_rank", "age_x_mismatch", "age_x_noshare")


def gate_recency(X: np.ndarray, names: Sequence[str], mode: str) -> np.ndarray:
    """A copy of ``X`` (rows: hits, columns ``names``) with the list-wide recency features gated by ``mode``.
    The "older" products keep their own factor (``now_x_age_rank`` reads ``q_now`` when gated)."""
    if mode == "all" or not len(X):
        return X
    if mode not in MODES:
        raise ValueError(f"unknown recency gate {mode!r}: one of {MODES}")
    col = {f: i for i, f in enumerate(names)}
    X = X.copy()
    if mode == "pair":
        on = np.zeros(len(X))
    elif mode == "share":
        on = X[:, col["share_word"]]
    else:  # near
        on = np.maximum(X[:, col["newest_similar"]], X[:, col["later_similar"]])
    off = 1.0 - on
    for f in NEWER:
        if f in col:
            X[:, col[f]] *= on
    factor = {"later_share": 1.0, "age_rank": 1.0, "now_x_age_rank": X[:, col["q_now"]],
              "past_x_age_rank": X[:, col["q_past"]], "age_x_mismatch": X[:, col["subj_mismatch"]],
              "age_x_noshare": 1.0 - X[:, col["share_word"]]}
    for f in OLDER:
        if f in col:
            X[:, col[f]] = X[:, col[f]] * on + factor[f] * off
    return X
