"""Does a new candidate update or contradict a stored memory?

A small local rule set (the trust stage's stance detector will replace it
when it lands): the two texts must be about the same thing (high cosine,
shared content words, same speaker when known) and differ in a way that
signals change: an explicit update cue ("now", "no longer", "moved to",
"actually"), a flipped negation, or a different number in the same frame.
Near-duplicates never reach here: they are caught first.
"""

from __future__ import annotations

import re

from .factors import content_words

#: Cosine above which two memories may be about the same thing.
SAME_TOPIC_COSINE = 0.72

_UPDATE = re.compile(
    r"\b(?:now|no longer|not anymore|anymore|actually|changed|switched|moved to|instead|these days|from now on|used to|quit|stopped|new)\b",
    re.IGNORECASE,
)
_NEG = re.compile(r"\b(?:not|no|never|don't|doesn't|didn't|isn't|aren't|wasn't|won't|can't|hate|dislike)\b|n't\b", re.IGNORECASE)
_NUM = re.compile(r"\b\d+(?:[.,]\d+)?\b")


def supersedes(new: str, old: str, cosine: float) -> str | None:
    """Why ``new`` supersedes ``old`` (a short phrase), or None when it does not."""
    if cosine < SAME_TOPIC_COSINE:
        return None
    shared = content_words(new) & content_words(old)
    if len(shared) < 2:
        return None
    if _UPDATE.search(new) and not _UPDATE.search(old):
        return "states a change"
    if bool(_NEG.search(new)) != bool(_NEG.search(old)):
        return "negation differs"
    n_new, n_old = set(_NUM.findall(new)), set(_NUM.findall(old))
    if n_new and n_old and n_new != n_old:
        return "numbers differ"
    return None
