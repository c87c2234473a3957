"""Hybrid retrieval: dense and keyword arms over one scope, fused.

Default fusion is a weighted sum of z-scores (each arm's scores standardised
over the scope's masked rows). In a large scope the statistics come without a
pass over the rows (the dense arm's from the index's running moments, the
keyword arm's from its postings), and only candidates are fused. On LoCoMo it beat reciprocal-rank fusion
by 8 points of recall@10 (BENCHMARKS.md): RRF throws away how far apart
scores are, and a strong keyword match on a rare name is exactly the signal
that matters in personal memory. RRF stays available (``method="rrf"``).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal

import numpy as np

from . import index as _index
from .index import ScopeIndex, top_k
from .text import tokenize

#: Fused scores equal to this many decimal places are a tie, broken by the row (the earlier written first).
_TIE_PLACES = 6

#: A request for a suggestion or an action on someone's behalf (where their constraints apply).
_REQUEST = re.compile(
    r"\b(?:suggest\w*|recommend\w*|ideas?|keep in mind|should (?:i|we)|what (?:can|could) (?:i|we)|plan\w*|book\w*|"
    r"order\w*|cook\w*|make (?:for|a|some|dinner|lunch)|buy\w*|gift|menu|recipe\w*|prescrib\w*|pick|choose|"
    r"where (?:to|should) (?:eat|go)|help me)\b"
    # The same in closed-class words: asking leave or a way ("can I", "is it ok if", "how do I get",
    # "best way to", "would it suit me"), an errand for the asker ("find me", "write a note for"), or a
    # sounding-out tail ("any tips", "worth it?", "thoughts?", "anything I should ...").
    r"|\b(?:(?<!how )(?:can|could|may|should|shall) (?:i|we)|how (?:should|would) (?:i|we)|is it (?:ok|okay|alright|safe|fine)|"
    # "how do/can I" asks a way only with a doing verb next: "how do I usually get to work?", "how do we know
    # each other?" ask facts
    r"how (?:do|can) (?:i|we) (?:get|make|cook|bake|book|find|plan|add|write|submit|send|pay|freeze|fix|set|sort|handle|"
    r"deal|choose|pick|keep|prepare|pack|avoid|store|reheat|serve|celebrate|organi[sz]e|arrange|host|ask|tell|explain|"
    r"start|stop|reduce|cut|lose|improve|manage|travel|go|use|clean|save|budget|fit|treat|dress|apply|install|update|"
    r"move|change|cancel|order|buy|split|feed|train|entertain|decorate|help|look after|take care|do)|"
    r"(?:best|easiest|fastest|cheapest) way|would (?:it|that|this) (?:suit|work|be ok)|"
    r"(?:find|get|make|write|draft|give|show|sort) (?:me|us)|(?:write|draft) (?:a|an|the|me)|any tips|tips for|"
    r"worth it|thoughts|good shout|anything (?:i|we) (?:should|need)|what (?:should|do) (?:i|we) (?:need|look|ask|bring|pack)|"
    r"(?:what|who|which|where|when|how)(?: all)? should)\b"
    # Asking whether something suits, in closed-class words (session 11): a fitness adjective on what is
    # wanted ("what's a good day trip", "is a dog cafe a nice treat for my dog?", "good dog-friendly day out",
    # "a sensible time for my call", "any fun activities"), "is that ok for us?", or what would stand in the
    # way ("anything stopping me", "is it safe for her"): the asker's constraints decide the answer.
    r"|\b(?:(?:a|an|any|some)\s+(?:good|nice|decent|fun|sensible|suitable|safe|ideal|great|easy|cheap|healthy)|"
    r"^(?:good|nice|decent|fun|suitable|safe|cheap|easy|healthy)"
    # a greeting or an interjection opens a turn, it asks nothing ("Good morning, ...", "Nice to see you", "Nice, what time")
    r"(?![\s,!.]*(?:morning|afternoon|evening|night|day|to\s+(?:see|meet|hear|know|have)|one|job|work|stuff|news)\b)(?!\s*[,!.])|(?:is|are|was) (?:that|this|it|they) (?:ok|okay|alright|fine|safe|wise|suitable)|"
    r"(?:anything|something) (?:stopping|stop|preventing|in the way)|(?:ok|okay|safe|suitable) for (?:me|us|him|her|them|my|our))\b",
    re.IGNORECASE)
#: A question about what happened ("when did Melanie buy the figurines?", "which firm did I book?") asks a fact,
#: unless it also asks what to do ("when should I roll it out? was thinking the 18th").
_PAST = re.compile(r"\b(?:did|was|were)\b", re.IGNORECASE)
_AHEAD = re.compile(r"\b(?:should|can|could|shall|will) (?:i|we|you)\b", re.IGNORECASE)


def is_request(query: str) -> bool:
    """The query asks for a suggestion or an action, where the asker's constraints apply."""
    return bool(_REQUEST.search(query)) and (not _PAST.search(query) or bool(_AHEAD.search(query)))


@dataclass(frozen=True)
class FusionConfig:
    method: Literal["zscore", "rrf"] = "zscore"
    dense_weight: float = 0.5
    keyword_weight: float = 0.5
    #: RRF's constant: score = sum_arm w_arm / (k + rank_arm).
    k: int = 60
    #: z-score fusion only: added (x the claim's constraint weight) to a constraint claim (allergy,
    #: diet, medication, budget, a rule) for a *request* ("suggest", "book", "can I", "find me"...):
    #: a constraint stated once must surface for an indirect request that never names it, and it
    #: often shares no word with it either ("cut dairy" for "what should I order at the boba shop?";
    #: session 10 dropped the shared-word condition: constraint@3 0.843 -> 0.859 on twelve authors).
    constraint_boost: float = 1.0
    #: The constraint weight of a claim no closed-class rule typed but whose meaning reads as a constraint
    #: (``constraint_model.py``: a logistic model on its vector, fitted leave one author out by
    #: ``bench/fit_constraint.py``); 0: off. Only in small scopes (``_full``), where the boost applies.
    constraint_meaning: float = 1.0
    #: At most this many untyped claims are lifted by their meaning per search (the likeliest).
    constraint_meaning_top: int = 3
    #: z-score fusion only: a claim's source turn (episode) as a secondary signal. Splitting a turn
    #: into claims drops its topic words ("my rating on the app is 1140" keeps no "chess"); each of the
    #: top candidates is lifted by its best source episode's fused score e (the same arms and
    #: statistics): ``add``: fused + w * max(e, 0); ``max``: max(fused, w * e); ``dense``: as ``add``
    #: with e from the dense arm alone (a claim's keyword entry already holds its turn's words). 0: off.
    episode_weight: float = 0.0
    episode_form: Literal["add", "max", "dense"] = "add"


@dataclass
class Fused:
    row: int
    fused: float
    dense: float | None
    dense_rank: int | None
    keyword: float | None
    keyword_rank: int | None
    #: What a request's constraint lift added to ``fused`` (0: none), reported as ``ScoreParts.constraint``.
    constraint: float = 0.0


def _zscore(x: np.ndarray) -> np.ndarray:
    std = float(x.std())
    return (x - float(x.mean())) / std if std > 1e-12 else np.zeros_like(x)


def _z(x: np.ndarray | float, mean: float, std: float) -> np.ndarray:
    # 1e-6, not 1e-12: statistics from running moments carry rounding where a scan's would be 0.
    arr = np.asarray(x, dtype=np.float64)
    return (arr - mean) / std if std > 1e-6 else np.zeros_like(arr)


def hybrid_search(
    index: ScopeIndex, query_vec: np.ndarray, query: str, mask: np.ndarray, limit: int, fusion: FusionConfig
) -> list[Fused]:
    mask = mask[: index.n]
    count = int(np.count_nonzero(mask))
    if count == 0:
        return []
    if fusion.method == "rrf" or count <= _index.EXACT_ROWS:
        return _full(index, query_vec, query, np.flatnonzero(mask), limit, fusion)
    return _candidates(index, query_vec, query, mask, count, limit, fusion)


def _full(index: ScopeIndex, query_vec: np.ndarray, query: str, rows: np.ndarray, limit: int, fusion: FusionConfig) -> list[Fused]:
    """Every masked row scored exactly in both arms (small scopes, and RRF, which needs full ranks)."""
    dense = index.dense_scores(query_vec, rows)
    kw_all = index.bm25_all(tokenize(query))
    keyword = kw_all[rows]
    lift = None
    if fusion.method == "rrf":
        d_rank = np.empty(rows.size)
        d_rank[np.argsort(-dense, kind="stable")] = np.arange(1, rows.size + 1)
        k_rank = np.empty(rows.size)
        k_rank[np.argsort(-keyword, kind="stable")] = np.arange(1, rows.size + 1)
        k_rank[keyword <= 0] = np.inf
        fused = fusion.dense_weight / (fusion.k + d_rank) + fusion.keyword_weight / (fusion.k + k_rank)
    else:
        fused = fusion.dense_weight * _zscore(dense) + fusion.keyword_weight * _zscore(keyword)
        if fusion.constraint_boost and is_request(query):
            lift = fusion.constraint_boost * _constraint_weights(index, rows, fusion)
            fused = fused + lift
        if fusion.episode_weight > 0:
            stats = (float(dense.mean()), float(dense.std()), float(keyword.mean()), float(keyword.std()))
            fused = _episode_lift(index, query_vec, kw_all, rows, fused, stats, limit, fusion)
    top = top_k(fused, min(limit, rows.size))
    # Equal fused scores (two rows whose arms disagree fuse to the same z-score, up to float noise)
    # go to the earlier row, as ``top_k``'s exact ties do.
    top = top[np.lexsort((top, -np.round(fused[top], _TIE_PLACES)))]
    # Ranks by one sort of each arm's top scores, not a pass over every row per hit.
    d_sorted = -np.sort(-dense)
    k_sorted = -np.sort(-keyword[keyword > 0])
    out = []
    for i in top.tolist():
        kw = float(keyword[i])
        out.append(Fused(
            row=int(rows[i]), fused=float(fused[i]),
            dense=float(dense[i]), dense_rank=_rank(d_sorted, dense[i]),
            keyword=kw if kw > 0 else None, keyword_rank=_rank(k_sorted, keyword[i]) if kw > 0 else None,
            constraint=float(lift[i]) if lift is not None else 0.0,
        ))
    return out


def _constraint_weights(index: ScopeIndex, rows: np.ndarray, fusion: FusionConfig) -> np.ndarray:
    """Each row's constraint weight: its typed slot's, else (a claim) ``constraint_meaning`` when its meaning reads
    as a constraint."""
    typed = index.constraint[rows].astype(np.float64)
    if fusion.constraint_meaning <= 0 or fusion.constraint_meaning_top <= 0:
        return typed
    # The probability was stored per row at append (``row_meta.meaning_probability``: untyped claims at or above
    # the model's threshold, else 0), so this reads one number per row.
    p = index.meaning[rows]
    passed = np.flatnonzero(p > 0)
    # A person states few standing limits: at most ``constraint_meaning_top`` rows, the likeliest, count (a
    # threshold alone would lift a share of every row, hundreds in a long conversation).
    lifted = np.zeros(rows.size)
    lifted[passed[np.argsort(-p[passed], kind="stable")[: fusion.constraint_meaning_top]]] = fusion.constraint_meaning
    return np.maximum(typed, lifted)


def _rank(desc: np.ndarray, v: float) -> int:
    """1 + how many of the descending ``desc`` are greater than ``v``."""
    return int(np.searchsorted(-desc, -v, side="left")) + 1


def _candidates(
    index: ScopeIndex, query_vec: np.ndarray, query: str, mask: np.ndarray, count: int, limit: int, fusion: FusionConfig
) -> list[Fused]:
    """z-score fusion from candidates only (large scopes): O(depth + postings) after the dense arm.

    The fused top ``limit`` lies in the dense arm's top ``depth`` plus the rows the keyword arm
    scores above zero: a row with no keyword match is beaten by every dense-top row (same or
    higher keyword score, higher cosine). The keyword rows outside the dense depth are taken
    best first, and more of them only while one not yet scored could still enter the top (its
    cosine at most the depth's last, its keyword score at most the last one taken).
    """
    wd, wk = fusion.dense_weight, fusion.keyword_weight
    if np.array_equal(mask, index.active[: index.n]):
        d_mean, d_std = index.dense_stats(query_vec)
    else:  # a filtered mask: its statistics from the int8 estimate of every masked row
        approx = index.approx_scores(query_vec)[mask]
        d_mean, d_std = float(approx.mean()), float(approx.std())
    tokens = tokenize(query)
    kw_all = index.bm25_all(tokens)  # every row's score: the episode lift reads it too
    kw_rows, kw_scores = index.bm25_sparse(tokens, mask, scores=kw_all)
    # Keyword statistics over all masked rows: the rows without a match count as zeros.
    k_mean = float(kw_scores.sum(dtype=np.float64)) / count
    k_std = math.sqrt(max(float((kw_scores.astype(np.float64) ** 2).sum()) / count - k_mean * k_mean, 0.0))
    # The dense arm's whole re-scored depth: it also gives the hits their dense rank.
    depth = max(limit * _index.RESCORE_PER_HIT, _index.RESCORE_MIN)
    # Its top ``depth`` from twice as many int8 candidates re-scored exactly (not dense()'s default of
    # 20 x depth: 4,000 rows gathered from the float32 matrix, ~15 ms of a 1M search under load).
    dtop = index.dense(query_vec, mask, depth, depth=2 * depth)
    d_sorted = dtop.scores  # best first
    # A row outside the dense depth has a cosine at most the depth's last one (all rows are inside
    # when the mask holds fewer than ``depth``).
    d_floor = float(d_sorted[-1]) if dtop.rows.size >= depth else -math.inf

    def kw_lookup(rows: np.ndarray) -> np.ndarray:
        if not kw_rows.size:
            return np.zeros(rows.size, np.float32)
        pos = np.minimum(np.searchsorted(kw_rows, rows), kw_rows.size - 1)
        return np.where(kw_rows[pos] == rows, kw_scores[pos], np.float32(0))

    outside = ~np.isin(kw_rows, dtop.rows)  # keyword rows the dense depth did not already score
    out_rows, out_scores = kw_rows[outside], kw_scores[outside]

    def best(m: int) -> tuple[np.ndarray, np.ndarray]:
        """The ``m`` best keyword rows outside the depth, best first (a partial sort, not all)."""
        pick = top_k(out_scores, min(m, out_scores.size))  # ties to the lower row, as lexsort
        return out_rows[pick], out_scores[pick]

    c_rows, c_dense = dtop.rows, dtop.scores
    take = max(4 * limit, 64)
    while True:
        extra, extra_s = best(take)
        rows = np.concatenate([c_rows, extra])
        dense = np.concatenate([c_dense, index.dense_scores(query_vec, extra) if extra.size else np.zeros(0, np.float32)])
        rows, first = np.unique(rows, return_index=True)
        dense = dense[first]
        kw = kw_lookup(rows)
        fused = wd * _z(dense, d_mean, d_std) + wk * _z(kw, k_mean, k_std)
        if take >= out_rows.size or d_floor == -math.inf:
            break
        kth = np.sort(fused)[::-1][min(limit, fused.size) - 1]
        bound = wd * float(_z(d_floor, d_mean, d_std)) + wk * float(_z(float(extra_s[-1]), k_mean, k_std))
        if fused.size >= limit and kth > bound:
            break
        take *= 4
    if fusion.episode_weight > 0:
        fused = _episode_lift(index, query_vec, kw_all, rows, fused, (d_mean, d_std, k_mean, k_std), limit, fusion)
    top = np.lexsort((rows, -np.round(fused, _TIE_PLACES)))[:limit]  # equal to 6 places: the earlier row (as ``_full``)
    # Keyword ranks by one comparison of the hits with every keyword score (no sort of them all).
    kw_rank = 1 + (kw_scores[None, :] > kw[top][:, None]).sum(axis=1)
    out = []
    for j, i in enumerate(top.tolist()):
        d, kv = float(dense[i]), float(kw[i])
        out.append(Fused(
            row=int(rows[i]), fused=float(fused[i]), dense=d,
            # Rank among the re-scored depth: exact for a row inside it (a keyword-only hit
            # further down reports depth + 1 at most).
            dense_rank=_rank(d_sorted, dense[i]),
            keyword=kv if kv > 0 else None,
            keyword_rank=int(kw_rank[j]) if kv > 0 else None,
        ))
    return out


#: Candidates whose source turns are scored: the top max(LIFT_PER_HIT * limit, LIFT_MIN) by fused score.
LIFT_PER_HIT = 4
LIFT_MIN = 40


def _episode_lift(index: ScopeIndex, query_vec: np.ndarray, kw_all: np.ndarray, rows: np.ndarray, fused: np.ndarray,
                  stats: tuple[float, float, float, float], limit: int, fusion: FusionConfig) -> np.ndarray:
    """``fused`` with the top candidates lifted by their source episodes' relevance.

    O(pool): the pool's episodes are gathered by id and scored in one product (their keyword
    scores are in ``kw_all``, computed for every row anyway). A lift only raises a score, so the
    rows outside the pool (all below the pool's lowest) cannot overtake a lifted one.
    """
    pool = top_k(fused, min(max(LIFT_PER_HIT * limit, LIFT_MIN), fused.size))
    pos, eps = index.episode_rows(rows[pool])
    if not eps.size:
        return fused
    d_mean, d_std, k_mean, k_std = stats
    ep = fusion.dense_weight * _z(index.dense_scores(query_vec, eps), d_mean, d_std)
    if fusion.episode_form != "dense":
        ep = ep + fusion.keyword_weight * _z(kw_all[eps], k_mean, k_std)
    best = np.full(pool.size, -np.inf)
    np.maximum.at(best, pos, ep)
    has = np.isfinite(best)
    out = fused.astype(np.float64, copy=True)
    base = out[pool[has]]
    w = fusion.episode_weight
    if fusion.episode_form == "max":
        out[pool[has]] = np.maximum(base, w * best[has])
    else:
        out[pool[has]] = base + w * np.maximum(best[has], 0.0)
    return out
