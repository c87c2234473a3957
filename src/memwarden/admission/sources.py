"""Where a candidate came from: its source turn, read on the add call's turns (issue 10, item 5).

A claim's neighbours among the call's candidates are other claims, often of the same turn; what a
person reacts to, asks about or answers is the *turn*. So a claim is also described by its source
turn's shape and neighbours, how much of that turn it carries, which turns of the call yielded
claims at all (:func:`source_features`), and by where its turn stands among the call's turns once
utilities are known (:func:`set_turn_relative`). A turn candidate is its own source (one claim,
share 1), so the same code serves both units. Also the cue patterns the turn features share.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Protocol, Sequence

import numpy as np

from ..models import Candidate
from . import factors as F
from .base import AdmissionContext

REACTION = re.compile(
    r"^\s*(?:wow|whoa|omg|oh|aw+|that's|that is|sounds|congrats|congratulations|so cool|amazing|awesome|great|nice|cool|sorry|glad|love|lucky|impressive|what a)\b",
    re.IGNORECASE,
)
FOLLOWUP = re.compile(r"\b(?:what|which|where|when|who|how|why|did you|do you|have you|was it|is it|are you|tell me)\b[^?]*\?", re.IGNORECASE)
GREETING = re.compile(r"^\s*(?:hey|hi|hello|yo|good (?:morning|evening|afternoon))\b|\b(?:bye|goodbye|take care|see you|talk soon|talk later|catch you)\b", re.IGNORECASE)
THANKS = re.compile(r"\b(?:thanks|thank you|appreciate it)\b", re.IGNORECASE)
#: A date the claim extractor resolved and appended after the expression as said ("(2023-05-07)").
RESOLVED_DATE = re.compile(r"\(\d{4}-\d{2}(?:-\d{2})?\b")

#: The extractor's "The user: " / "Maya: " head on a claim it could not rewrite.
_CLAIM_HEAD = re.compile(r"^[A-Z][\w' ]{0,40}?:\s+")

SOURCE_FEATURES = (
    "src_len_log", "src_question", "src_reaction_start", "src_greeting", "src_thanks", "src_pos_rel",
    "src_prev_question", "src_prev_followup", "src_next_question", "src_next_followup", "src_next_reaction",
    "src_next_mentions", "src_prev_has_claim", "src_next_has_claim", "src_claims_log", "src_claim_rank",
    "claim_share", "claim_multi_turn", "claim_resolved_date", "call_turns_with_claims", "src_p_chat", "claim_p_chat",
)
#: The same, one level up: the source turn's best claim utility and where that turn stands among
#: the call's turns (a claim policy is judged per turn: a turn is kept when one of its claims is).
TURN_RELATIVE_FEATURES = ("ut_max", "ut_mean", "ut_rank", "ut_top3", "ut_z", "ut_is_max")


def log1(x: float) -> float:
    return float(np.log1p(x))


def source_turn(cand: Candidate, n_turns: int) -> int | None:
    """The index of the candidate's (first) source turn within the call; None when it names none."""
    ti = cand.turn_index if 0 <= cand.turn_index < n_turns else None
    if ti is None and cand.source_turn_indexes:
        ti = cand.source_turn_indexes[0] if 0 <= cand.source_turn_indexes[0] < n_turns else None
    return ti


def source_features(ctx: AdmissionContext) -> list[dict[str, float]]:
    """:data:`SOURCE_FEATURES` per candidate (all zero for a candidate naming no turn of the call)."""
    texts = [t.content for t in ctx.turns]
    nt = len(texts)
    src = [source_turn(c, nt) for c in ctx.candidates]
    per_turn = Counter(t for t in src if t is not None)
    seen: Counter[int] = Counter()
    p_turn: dict[int, float] = {}
    out: list[dict[str, float]] = []
    for cand, ti in zip(ctx.candidates, src):
        if ti is None:
            out.append({})
            continue
        turn, prev_t, next_t = texts[ti], texts[ti - 1] if ti > 0 else "", texts[ti + 1] if ti + 1 < nt else ""
        own = F.content_words(cand.text)
        nxt = F.content_words(next_t) if next_t else set()
        if ti not in p_turn:  # the claim gate's chit-chat probability, fitted on hand-labelled turns of four authors
            p_turn[ti] = ctx.chat_p(turn, prev_t or None) if ctx.chat_p else 0.0
        out.append({
            "src_len_log": log1(len(turn)),
            "src_question": float("?" in turn),
            "src_reaction_start": float(bool(REACTION.search(turn))),
            "src_greeting": float(bool(GREETING.search(turn))),
            "src_thanks": float(bool(THANKS.search(turn))),
            "src_pos_rel": ti / max(1, nt - 1),
            "src_prev_question": float("?" in prev_t),
            "src_prev_followup": float(bool(FOLLOWUP.search(prev_t))),
            "src_next_question": float("?" in next_t),
            "src_next_followup": float(bool(FOLLOWUP.search(next_t))),
            "src_next_reaction": float(bool(REACTION.search(next_t))),
            "src_next_mentions": len(own & nxt) / max(1, len(own)) if own else 0.0,
            "src_prev_has_claim": float(per_turn.get(ti - 1, 0) > 0),
            "src_next_has_claim": float(per_turn.get(ti + 1, 0) > 0),
            "src_claims_log": log1(per_turn[ti]),
            "src_claim_rank": min(seen[ti], 5) / 5,
            "claim_share": min(2.0, len(cand.text) / max(1, len(turn))),
            "claim_multi_turn": float(len(cand.source_turn_indexes) > 1),
            "claim_resolved_date": float(bool(RESOLVED_DATE.search(cand.text))),
            "call_turns_with_claims": len(per_turn) / max(1, nt),
            "src_p_chat": p_turn[ti],
            "claim_p_chat": ctx.chat_p(_CLAIM_HEAD.sub("", cand.text, count=1), prev_t or None) if ctx.chat_p else 0.0,
        })
        seen[ti] += 1
    return out


class _Scored(Protocol):
    utility: float
    source_turn: int | None
    relative: dict[str, float]


def set_turn_relative(feats: Sequence[_Scored]) -> None:
    """Fill :data:`TURN_RELATIVE_FEATURES` for one call, once every candidate's utility is known."""
    by_turn: dict[int, list[float]] = {}
    for f in feats:
        if f.source_turn is not None:
            by_turn.setdefault(f.source_turn, []).append(f.utility)
    if not by_turn:
        return
    keys = list(by_turn)
    tmax = np.array([max(by_turn[k]) for k in keys])
    torder = (-tmax).argsort(kind="stable")
    trank = np.empty(len(keys))
    trank[torder] = np.arange(len(keys))
    tmean, tstd = float(tmax.mean()), float(tmax.std()) or 1.0
    row = {k: j for j, k in enumerate(keys)}
    for f in feats:
        if f.source_turn is None:
            continue
        j = row[f.source_turn]
        us = by_turn[f.source_turn]
        f.relative.update({
            "ut_max": float(tmax[j]), "ut_mean": float(np.mean(us)), "ut_rank": trank[j] / max(1, len(keys) - 1),
            "ut_top3": float(trank[j] < 3), "ut_z": float((tmax[j] - tmean) / tstd), "ut_is_max": float(f.utility >= tmax[j]),
        })
