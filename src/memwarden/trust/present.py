"""Questions about the present, and the newer statement first among close ones.

"Where are my bees kept these days?", "who supplies our flour?": a question in the present asks
for what holds now. When the user said one thing in spring and something close to it in summer,
the summer statement is the one in force, whatever wording each shares with the question; the
slot lexicon and the update cues (:mod:`.update_cues`) catch only the updates worded the way they
list ("switched to", "now"), while "we've gone over to Tarrant's" or "their van comes thursdays"
says it by being later and about the same thing.

:func:`asks_present` reads the question's grammar, a closed class: a past auxiliary ("did",
"was", "had", "used to"), a past time ("ago", "yesterday", "last year", "back then", "at
first") or a former value ("old", "previous", "former") make it a question about the past.

:func:`newer_first` is a step of the trusted ranking (:mod:`.ranking`, after the update step):
for a question about the present, within the first ``top`` hits, the user's own (or a
document's) firm statement moves just above an older hit above it whose meaning is close to
its own (the cosine of their vectors at least ``cosine``, ``TrustConfig.rank_newer_cosine``; opt-in,
off by default: it lifts the development sets' "now" probes a little and costs LoCoMo's MRR,
whose present-tense questions ask for a trait or a list rather than the latest value).
Meaning, not shared words: an update rarely repeats the old slot's words, and two statements
sharing a word ("the van", "flour") are often about different things. Hits only move upwards
within the first ``top``, so recall at any limit >= ``top`` is unchanged. The threshold and
``top`` were chosen leave-one-author-out on the six development sets (BENCHMARKS.md, session 8).
"""

from __future__ import annotations

import re
from typing import Callable, Sequence

from ..models import SearchHit
from .testimony import stated_at

__all__ = ["asks_present", "newer_first", "own_word"]

#: Past grammar and past times: the question asks what held then, not now.
_PAST = re.compile(
    r"\b(?:did|didn't|was|wasn't|were|weren't|had|hadn't|used to|ago|yesterday|before|previously|"
    r"originally|formerly|at first|back then|at the time|in the past|last (?:year|month|week|time|summer|winter|spring|"
    r"autumn|term)|old|former|previous)\b",
    re.I)


def asks_present(query: str) -> bool:
    """``query`` asks what holds now: no past auxiliary, past time or former value in it."""
    return bool(query.strip()) and not _PAST.search(query)


def own_word(h: SearchHit) -> bool:
    """A firm first-hand or written statement (not hearsay, a hedge or an echo of the assistant)."""
    c = h.claim
    return c is not None and c.firmness == "stated" and not c.echo and c.vouched_by in ("user", "import", "document", "tool")


def newer_first(hits: Sequence[SearchHit], query: str, similar: Callable[[SearchHit, SearchHit], float] | None,
                cosine: float, top: int = 5) -> list[SearchHit]:
    """For a question about the present, within the first ``top`` hits, a later firm statement moves
    just above an older hit whose cosine with it is at least ``cosine`` (see the module doc)."""
    out = list(hits)
    if similar is None or cosine > 1 or len(out) < 2 or not asks_present(query):
        return out
    n = min(top, len(out))
    for _ in range(n):  # each pass moves at most one hit; a few passes settle chains (a -> b -> c)
        moved = False
        for j in range(1, n):
            h = out[j]
            if not own_word(h):
                continue
            at = stated_at(h)
            i = next((i for i in range(j) if at > stated_at(out[i]) and similar(h, out[i]) >= cosine), None)
            if i is not None:
                out.insert(i, out.pop(j))
                moved = True
                break
        if not moved:
            break
    return out
