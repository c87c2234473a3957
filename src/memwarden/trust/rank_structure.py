"""Structural features of a ranked list for the fitted rank stage (trust/fitted_rank.py), session 16.

What no single hit says about itself but the list does: which hits are claims of one turn (siblings,
sharing a source episode), whether a sibling ranked above in the search's own relevance order or in
today's order, how the hit's age ranks among the candidates, whether it is an episode, what a request
added to it for stating a constraint, and whether the question places what it asks in the past (closed-class
words only: past auxiliaries, "used to", "previously", "ago"; not "last" or "before", which as often ask of now:
"how long does it last", "anything before I book"). Computed from plain lists so the fitting
script (bench/fit_rerank.py) and the search compute them with one function.
"""

from __future__ import annotations

import re
from typing import Sequence

import numpy as np

__all__ = ["STRUCTURE", "asks_past", "structure"]

STRUCTURE = ("sib_above_pre", "sib_above_hand", "sib_best_pre", "sib_count", "age_rank", "episode",
             "constraint_lift", "q_past", "past_x_newest", "now_x_pre_rr", "now_x_sib_above_pre",
             "now_x_sib_best_pre", "now_x_age_rank", "past_x_age_rank", "now_x_cosine_gap")

#: A question placing what it asks in the past, in closed-class words.
_ASKS_PAST = re.compile(r"\b(?:did|was|were|used to|previously|ago|earlier|originally|at first|back in|back then|"
                        r"at the time)\b", re.I)


def asks_past(query: str) -> bool:
    return bool(_ASKS_PAST.search(query or ""))


def structure(eps: Sequence[set[str]], stated: Sequence[float], episode: Sequence[bool], lift: Sequence[float],
              pre_pos: Sequence[float], newest: Sequence[float], cosine_gap: Sequence[float], q_now: float,
              query: str) -> np.ndarray:
    """One row per hit (today's order), columns :data:`STRUCTURE`. ``eps``: each hit's source episode
    ids (an episode: itself); ``stated``: when it was said (POSIX seconds); ``pre_pos``: its position in
    the search's relevance order before the trust stage (0-based; missing: the list's length)."""
    n = len(eps)
    E = np.zeros((n, len(STRUCTURE)))
    if n == 0:
        return E
    q_past = float(asks_past(query))
    ts = np.asarray(stated, dtype=np.float64)
    age = np.empty(n)
    age[np.argsort(-ts, kind="stable")] = np.arange(n)
    for i in range(n):
        sib = [j for j in range(n) if j != i and eps[i] & eps[j]]
        E[i, 0] = float(any(pre_pos[j] < pre_pos[i] for j in sib))
        E[i, 1] = float(any(j < i for j in sib))
        E[i, 2] = float(bool(sib) and all(pre_pos[i] < pre_pos[j] for j in sib))
        E[i, 3] = min(len(sib), 4) / 4
        E[i, 4] = age[i] / max(1, n - 1)
        E[i, 5] = float(episode[i])
        E[i, 6] = float(lift[i])
        E[i, 7] = q_past
        E[i, 8] = q_past * newest[i]
        E[i, 9] = q_now / (1 + pre_pos[i])
        E[i, 10] = q_now * E[i, 0]
        E[i, 11] = q_now * E[i, 2]
        E[i, 12] = q_now * E[i, 4]
        E[i, 13] = q_past * E[i, 4]
        E[i, 14] = q_now * cosine_gap[i]
    return E
