"""How firmly the speaker vouches for a memory stored as said, read from the frame it opens on:
:func:`read_frame` (a hedge, "I think", "pretty sure", or a stated certainty, "I'm 90% sure that").

Read by :func:`.facts.memory_facts` when no claim carries a firmness. Moved out of ``facts.py`` whole in
session 22; ``facts`` still imports it, so ``facts.read_frame`` is the same function.
"""

from __future__ import annotations

import re

from ..claims.lexicon import HEDGE_PREFIX
from .lexicon import words

# Chat openers before a frame ("tbh i'm ...", "honestly, pretty sure ..."): no part of what is said.
_OPENER = re.compile(r"^\W*(?:(?:tbh|ngl|honestly|to be honest|so|well|oh|and|but|look|i mean|fwiw)[,:]?\s+)+", re.I)
# The speaker's certainty stated as such, whatever its degree: "I'm pretty sure", "i'm like 90% sure", "I'm
# fairly certain", "I'm convinced that": a view held, however firmly (the degree words are open, the frame is not).
# Only before a clause: "I'm positive for covid", "I'm confident presenting" state no view.
_SURE_FRAME = re.compile(r"^(?:i'?m|i am)\s+(?:[\w%'-]+\s+){0,3}?(?:sure|certain|positive|convinced|confident)(?:\s+that)?[\s,]+"
                         r"(?=(?:the|a|an|they|it|it's|you|he|she|this|that|these|those|there|once|if|when|every|all|no|most)\b)", re.I)
# A bare adverb hedges a plan as often as a view ("probably going to Lisbon in May"): no holder, no frame.
_ADVERB_HEDGE = {"probably", "maybe", "perhaps", "possibly"}


def read_frame(text: str) -> tuple[str | None, str]:
    """How firmly the speaker vouches for a memory stored as said, when no claim carries it: (firmness, the rest).

    The claim extractor's own hedge words (``claims.lexicon.HEDGE_PREFIX``: "I think", "pretty sure", "I reckon")
    and a stated certainty of any degree before a clause give ``hedged`` and the clause they frame; a memory
    opening on none gives ``(None, text)``. (The extractor's hearsay openers are left to ``facts._REPORT``: "I heard
    back from", "I was told off", "I read on the train" are no reports.)"""
    lead = _OPENER.match(text)
    rest = text[lead.end():] if lead else text
    for pattern in (HEDGE_PREFIX, _SURE_FRAME):
        m = pattern.match(rest)
        if m and len(words(rest[m.end():])) >= 3 and m.group(0).strip(" ,").lower() not in _ADVERB_HEDGE:
            return "hedged", rest[m.end():]
    return None, text
