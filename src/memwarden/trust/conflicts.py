"""Conflict groups of a search's hits: which hits contradict each other, and which one wins.

Two hits conflict when the stance detector reads the later as contradicting the earlier; the
pairs come from the stances the consensus already computed (:meth:`.score.TrustEngine._score`,
hit -> neighbour), so each pair is judged once per search; with the consensus off every pair
above ``neighbour_min_cosine`` is compared here. Contradicting hits are joined into groups
(union-find); a group's winner is the later strong statement or the better tier
(:func:`.ranking.order_by_testimony`, :func:`.ranking._rule_winner`), else the more confident
hit by at least ``conflict_margin``, else none.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Mapping

from ..models import ConflictGroup, SearchHit
from .config import TrustConfig
from .ranking import _rule_winner, order_by_testimony
from .stance import Stance, detect_stance

if TYPE_CHECKING:
    from ..retrieval.index import ScopeIndex

__all__ = ["conflict_groups"]


def conflict_groups(hits: list[SearchHit], compared: Mapping[tuple[str, str], tuple[Stance, float]] | None,
                    index: "ScopeIndex", config: TrustConfig) -> tuple[list[ConflictGroup], set[frozenset[str]]]:
    """Groups of hits that contradict each other, and the contradicting pairs themselves.

    ``compared``: the stances :meth:`.score.TrustEngine._score` computed, hit -> neighbour. A pair is judged in
    hit order (the earlier hit's reading of the later one), as the consensus judged it; a pair
    the consensus did not compare (cosine under ``neighbour_min_cosine``, or not among either
    hit's ``neighbours`` nearest hits) is not a conflict. Up to ``neighbours + 1`` hits that is
    every pair above the cosine floor, as before; beyond, it keeps the stage O(k) per search.
    None (consensus off): every pair above the cosine floor is compared here.
    """
    if compared is None:
        compared = _pairs(hits, index, config)
    n = len(hits)
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    edges: dict[int, list[str]] = defaultdict(list)
    pairs: set[frozenset[str]] = set()
    for i in range(n):
        for j in range(i + 1, n):
            got = compared.get((hits[i].id, hits[j].id))
            if got is not None:
                st = got[0]
            elif (back := compared.get((hits[j].id, hits[i].id))) is not None:
                # Only the later hit had the earlier among its nearest: read it in hit order.
                st = detect_stance(hits[i].memory, hits[j].memory, cosine=back[1])
            else:
                continue
            if st.label == "contradict":
                parent[find(i)] = find(j)
                edges[i].append(st.reason)
                pairs.add(frozenset((hits[i].id, hits[j].id)))
    groups: dict[int, list[int]] = defaultdict(list)
    for i in range(n):
        groups[find(i)].append(i)
    out = []
    for members in groups.values():
        if len(members) < 2:
            continue
        ranked = order_by_testimony([hits[i] for i in members])
        a, b = ranked[0], ranked[1]
        ca = a.reliability.confidence if a.reliability else 0.0
        cb = b.reliability.confidence if b.reliability else 0.0
        rule = _rule_winner(a, b)
        # Decided by the source hierarchy or a later correction: as clear as it gets (margin 1).
        margin = 1.0 if rule else round(abs(ca - cb), 4)
        resolved = margin >= config.conflict_margin
        why = "; ".join(sorted({r for i in members for r in edges.get(i, [])}))
        if resolved:
            reason = (f"{a.id} wins ({rule or _why_wins(a, b)}; confidence {ca:.2f} vs {cb:.2f}); "
                      f"conflict: {why}")
        else:
            reason = f"no winner: confidences {ca:.2f} vs {cb:.2f} within margin {config.conflict_margin:.2f}; conflict: {why}"
        out.append(ConflictGroup(memory_ids=[h.id for h in ranked], winner=a.id if resolved else None,
                                 margin=margin, resolved=resolved, reason=reason))
    return out, pairs


def _pairs(hits: list[SearchHit], index: "ScopeIndex", config: TrustConfig) -> dict[tuple[str, str], tuple[Stance, float]]:
    """Every pair of hits above the cosine floor, compared in hit order."""
    rows = [index.row_of.get(h.id) for h in hits]
    out: dict[tuple[str, str], tuple[Stance, float]] = {}
    for i in range(len(hits)):
        for j in range(i + 1, len(hits)):
            if rows[i] is None or rows[j] is None:
                continue
            c = float(index.vectors[rows[i]] @ index.vectors[rows[j]])
            if c >= config.neighbour_min_cosine:
                out[(hits[i].id, hits[j].id)] = detect_stance(hits[i].memory, hits[j].memory, cosine=c), c
    return out


def _why_wins(a: SearchHit, b: SearchHit) -> str:
    ra, rb = a.reliability, b.reliability
    if ra is None or rb is None:
        return "scored"
    diffs = {
        "more credible source": ra.source.value - rb.source.value,
        "newer": ra.temporal.value - rb.temporal.value,
        "more support from neighbours": ra.consensus.value - rb.consensus.value,
    }
    name, gap = max(diffs.items(), key=lambda kv: kv[1])
    return name if gap > 0 else "higher overall confidence"
