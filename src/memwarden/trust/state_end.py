"""A state said to go on against its end: "we sold the Yaris" / "we still have the Yaris".

One text ends a state with a verb of ending (giving up a possession, leaving a job, stopping,
dropping, cancelling: the lexicon's rewrites give "sold", "left", "cancelled"); the other says,
with "still", that the state goes on for the thing that verb ends (the word after it: "quit
Jollibee" / "still at Jollibee, no plans to leave"). Neither can hold now: a contradiction,
however the two sentences are otherwise worded. Read by :mod:`.stance` before its rules.
"""

from __future__ import annotations

import re

from ..retrieval.text import _stem
from .features import TextFeatures

__all__ = ["ended_yet_still"]

#: Stems of the verbs that end a state, as the features read them (after the lexicon's rewrites).
_ENDED = frozenset(_stem(w) for w in "sold left cancelled stopped dropped quit ended".split())
_STILL = re.compile(r"\bstill\b", re.I)
#: Leaving or dropping a thing somewhere puts it there, it ends nothing ("left the car at the garage", "dropped the
#: kids at school", "left for Canada"): "left"/"dropped" end a state only with no place after them in their clause.
_PUT_SOMEWHERE = re.compile(r"\b(?:left|leaving|leave|leaves|dropped|dropping|drop|drops)\b(?:\s+[\w'-]+){0,4}?\s+"
                            r"(?:at|in|on|with|for|outside|behind|by|near|off|round|over|into|inside|under)\b"
                            # a time is no place: "left Jollibee in March", "dropped the course at the end of term"
                            r"(?!\s+(?:\d|the\s+end|the\s+start|the\s+new\s+year|last|this|spring|summer|autumn|winter|"
                            r"jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)\w*)", re.I)
_PUT_VERBS = frozenset(_stem(w) for w in "left dropped".split())


def _ended_thing(f: TextFeatures, text: str = "") -> str | None:
    """The thing an ending verb ends: the content word after it ("sold the Yaris" -> yari; a
    gerund is the activity, its object the thing: "stopped taking ibuprofen" -> ibuprofen)."""
    if f.negated:
        return None
    for i, w in enumerate(f.seq[:-1]):
        if w in _ENDED and not (w in _PUT_VERBS and _PUT_SOMEWHERE.search(text)):
            nxt = f.seq[i + 1]
            if nxt == "take" and i + 2 < len(f.seq):  # "stopped taking X": X is what ended
                nxt = f.seq[i + 2]
            return nxt
    return None


def ended_yet_still(a: str, b: str, fa: TextFeatures, fb: TextFeatures) -> str | None:
    """The thing one text ends and the other, with "still", says goes on (its stem), or None."""
    for text_x, fx, text_y, fy in ((a, fa, b, fb), (b, fb, a, fa)):
        thing = _ended_thing(fx, text_x)
        if thing and _STILL.search(text_y) and not _STILL.search(text_x) and thing in fy.content \
                and thing not in fy.neg_scope and not (fy.content & _ENDED - fy.neg_scope):
            return thing
    return None
