"""Does a new candidate update or contradict a stored memory?

When the trust stage's stance detector (``memwarden.trust.stance``) is
installed, a confident "contradict" from it supersedes; explicit change cues
are checked first either way. Without it, a small local rule set: the two texts must be about the same thing (high cosine,
shared content words, same speaker when known) and differ in a way that
signals change: an explicit update cue ("now", "no longer", "moved to",
"actually"), a flipped negation, or a different number in the same frame.
Near-duplicates never reach here: they are caught first.
"""

from __future__ import annotations

import importlib
import re
from functools import lru_cache
from typing import Callable

from .factors import content_words

#: Stance confidence at which a contradiction supersedes the stored memory.
STANCE_MIN_SCORE = 0.75


@lru_cache(maxsize=1)
def _stance_detector() -> Callable | None:
    # The trust stage is developed on its own branch; use it when present, never require it.
    try:
        return importlib.import_module("memwarden.trust.stance").detect_stance
    except (ImportError, AttributeError):
        return None

#: Cosine above which two memories may be about the same thing; an explicit
#: change cue ("now", "no longer", "moved to") is needed at the low end, and
#: only the near-identical frame ("my favourite colour is X") may change a value silently.
SAME_TOPIC_COSINE = 0.45
STRONG_COSINE = 0.6
SAME_FRAME_COSINE = 0.8

_UPDATE = re.compile(
    r"\b(?:now|no longer|not anymore|anymore|actually|changed|switched|moved to|instead|these days|from now on|used to|quit|stopped)\b",
    re.IGNORECASE,
)
_NEG = re.compile(r"\b(?:not|no|never|hate|dislike)\b|n't\b", re.IGNORECASE)
_NUM = re.compile(r"\b\d+(?:[.,]\d+)?\b")


def supersedes(new: str, old: str, cosine: float) -> str | None:
    """Why ``new`` supersedes ``old`` (a short phrase), or None when it does not."""
    if cosine < SAME_TOPIC_COSINE:
        return None
    a, b = content_words(new), content_words(old)
    shared = a & b
    if not shared:
        return None
    # Long chatty turns mention "now" or "actually" in passing; an update is a short statement.
    if _UPDATE.search(new) and not _UPDATE.search(old) and len(a) <= 8:
        return "states a change"
    # Chatty multi-claim turns (most of a conversation) are not statements one can contradict
    # as a whole: on LoCoMo, stance on them flagged praise and greetings as contradictions.
    if len(a) > 12 or len(b) > 12:
        return None
    detect = _stance_detector()
    if detect is not None:
        # A question or a weakly related pair is not a claim that can replace a memory.
        if "?" in new or "?" in old or cosine < STRONG_COSINE:
            return None
        st = detect(old, new, cosine=cosine)
        if st.label == "contradict" and st.score >= STANCE_MIN_SCORE:
            return f"contradicts it: {st.reason}"
        return None
    if len(a) > 12 or len(shared) < 2 and cosine < SAME_FRAME_COSINE:
        return None
    if cosine >= STRONG_COSINE and bool(_NEG.search(new)) != bool(_NEG.search(old)):
        return "negation differs"
    n_new, n_old = set(_NUM.findall(new)), set(_NUM.findall(old))
    if cosine >= STRONG_COSINE and n_new and n_old and n_new != n_old:
        return "numbers differ"
    if cosine >= SAME_FRAME_COSINE and (a - b) and (b - a) and len(a) <= 8:
        return "same statement, different value"
    return None
