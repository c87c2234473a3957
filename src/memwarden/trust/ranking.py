"""Reliability in the ranking: relevance first, then who vouches and which statement is current.

The default order of a trusted search (``TrustConfig.rank_weight`` and
``rank_conflicts``, chosen by measurement; BENCHMARKS.md):

1. **Blend.** Each hit's relevance, min-max normalised over the returned
   hits (fused scores can be negative), plus ``rank_weight x (S - 0.5)``, S
   the hit's source credibility (``rank_signal="confidence"``: C, which also
   weighs age). The score is reported in the relevance's units (scaled back by
   the hits' spread); ``relevance`` keeps the score before.
2. **Conflicts.** Within a group of hits that contradict each other, the one
   the source hierarchy believes (:func:`order_by_testimony`: a later
   first-hand or evidence statement beats what it contradicts; otherwise the
   better tier, then the later one, then confidence) is moved just above the
   highest-ranked member it beats. Nothing leaves or enters the list, so
   recall at the search's limit is unchanged.

Every hit keeps its parts: ``relevance`` is the score before the blend,
``reliability`` the breakdown.
"""

from __future__ import annotations

from datetime import timezone
from functools import cmp_to_key
from typing import Sequence

from ..models import ConflictGroup, SearchHit
from .config import TrustConfig
from .testimony import Testimony, testimony

__all__ = ["rerank", "order_by_testimony", "testimony_of"]


def testimony_of(hit: SearchHit) -> Testimony:
    rel = hit.reliability
    return testimony(hit.memory, source=str(hit.source), speaker=hit.speaker, claim=hit.claim,
                     evidence=bool(rel and rel.evidence))


def _when(h: SearchHit):  # noqa: ANN202
    t = h.occurred_at or h.created_at
    return t if t.tzinfo else t.replace(tzinfo=timezone.utc)


def _rule_winner(a: SearchHit, b: SearchHit) -> str | None:
    """Why ``a`` beats ``b`` by rule (None: no rule decides; confidence does)."""
    ta, tb = testimony_of(a), testimony_of(b)
    wa, wb = _when(a), _when(b)
    later = wa > wb or (wa == wb and ta.correction and not tb.correction)
    if later and ta.strong and (ta.rank <= tb.rank or tb.strong):
        return f"newer {ta.tier.replace('_', '-')} statement"
    if ta.rank < tb.rank and not (wb > wa and tb.strong):
        return f"{ta.tier.replace('_', '-')} over {tb.tier.replace('_', '-')}"
    return None


def _cmp(a: SearchHit, b: SearchHit) -> int:
    if _rule_winner(a, b):
        return -1
    if _rule_winner(b, a):
        return 1
    ca = a.reliability.confidence if a.reliability else 0.0
    cb = b.reliability.confidence if b.reliability else 0.0
    return -1 if ca > cb else 1 if cb > ca else 0


def order_by_testimony(hits: Sequence[SearchHit]) -> list[SearchHit]:
    """Contradicting hits, the one to believe first."""
    return sorted(hits, key=cmp_to_key(_cmp))


def _signal(h: SearchHit, cfg: TrustConfig) -> float:
    """What the blend adds: the source credibility (who vouches, how firmly) or the full confidence.

    Age is left out of the default on purpose: an old constraint ("I'm allergic to peanuts") must
    not sink under newer small talk; what is no longer current is handled by the conflict step.
    """
    r = h.reliability
    if r is None:
        return 0.5
    return r.source.value if cfg.rank_signal == "source" else r.confidence


def rerank(hits: list[SearchHit], conflicts: Sequence[ConflictGroup], cfg: TrustConfig) -> list[SearchHit]:
    out = hits
    if cfg.rank_weight > 0 and len(hits) > 1:
        raw = [h.score for h in hits]
        span = max(raw) - min(raw)
        if span > 0:
            # In the relevance's own units: normalising by the spread and scaling back keeps the
            # order of "min-max relevance + weight x (S - 0.5)" and leaves a lone hit's score alone.
            blended = [h.model_copy(update={"relevance": h.score,
                                            "score": round(h.score + cfg.rank_weight * (_signal(h, cfg) - 0.5) * span, 6)})
                       for h in hits]
            out = sorted(blended, key=lambda h: -h.score)
    if cfg.rank_conflicts:
        for g in conflicts:
            if not g.resolved or g.winner is None:
                continue
            pos = {h.id: i for i, h in enumerate(out)}
            w = pos.get(g.winner)
            above = [pos[m] for m in g.memory_ids if m != g.winner and m in pos and pos[m] < (w if w is not None else -1)]
            if w is None or not above:
                continue
            first = min(above)
            hit = out.pop(w)
            out.insert(first, hit)
    return out
