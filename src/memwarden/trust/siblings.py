"""A claim of one turn that says nothing of the question does not take its sibling's place by the turn's testimony.

A turn says several things at once ("pasting the art director's email: Rowan got his wires
crossed, for the cover please work portrait"), and each becomes a claim whose source episode is
the turn. Two ranking stages read what they weigh largely from the turn: the reliability blend
(who vouches, how firmly, how late; a correction cue such as "got his wires crossed" raises it)
and the conflict winners. Either can lift the claim carrying the cue above its sibling that the
search ranked higher and that answers ("work portrait"). So after those two stages, in each turn,
the claim now leading its turn gives its place back to the sibling it passed if the sibling's own
words share a content word with the question and its own words share none. The later hand steps
choose a claim by the cue in its own clause and are left alone. Tried in session 15 and reverted
(BENCHMARKS.md, s15-now: passes +5 -3 on the development authors, stale-above worse).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Sequence

from ..models import SearchHit
from ..retrieval.text import tokenize

#: What every rewritten claim holds ("The user: ..."): it ties no claim to a question.
_NOT_MATTER = frozenset(tokenize("the user"))

__all__ = ["keep_sibling_order"]


def _turn(hit: SearchHit) -> frozenset[str] | None:
    """The source turns of a claim hit (None: an episode or a claim without them)."""
    if hit.kind != "claim" or not hit.episodes:
        return None
    return frozenset(e.id for e in hit.episodes)


def _says(asked: set[str], hit: SearchHit) -> bool:
    """Whether the claim's own words (not its turn's) share a content word with the question."""
    return bool(asked & (set(tokenize(hit.memory)) - _NOT_MATTER))


def keep_sibling_order(after: Sequence[SearchHit], before: Sequence[SearchHit], query: str) -> list[SearchHit]:
    """``after`` (a step's order of ``before``'s hits) where the claim now leading its turn, if its own
    words say nothing of ``query``, gives its place to the sibling that ranked highest above it in
    ``before`` among those whose words do (the two swap places; everything else stays)."""
    out = list(after)
    if len(out) < 2 or not query:
        return out
    asked = set(tokenize(query)) - _NOT_MATTER
    rank = {h.id: i for i, h in enumerate(before)}
    groups: dict[frozenset[str], list[int]] = defaultdict(list)
    for k, h in enumerate(out):
        turn = _turn(h)
        if turn is not None:
            groups[turn].append(k)
    for places in groups.values():
        lead = places[0]
        if len(places) < 2 or _says(asked, out[lead]):
            continue
        passed = [k for k in places[1:] if rank.get(out[k].id, 0) < rank.get(out[lead].id, 0) and _says(asked, out[k])]
        if passed:
            k = min(passed, key=lambda k: rank.get(out[k].id, 0))
            out[lead], out[k] = out[k], out[lead]
    return out
