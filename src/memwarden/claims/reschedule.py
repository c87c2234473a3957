"""Is a time said as the new one? The rescheduling cues of the offline extractor (``rules.RuleExtractor``).

A clause with no event of its own that gives a time right after an event was named is that event's
new time ("had to change the Lagos flight; I'm going on the 29th now"); a rescheduling with no event
named here or earlier is a move of one said in an earlier call (``slots.UNNAMED_EVENT``), provided
its "to" names the time ("moved it to the 19th", not "moved to decaf last month").
"""

from __future__ import annotations

import re
from datetime import datetime

from .event_lexicon import _MOVED_TO
from .timex import TimeHit, find_times

__all__ = ["IT_HEAD", "IT_LATER", "_RESCHEDULING", "_free_times", "_gives_a_time", "_moved_to_a_time"]

#: "its" before "now" is chat's "it's" ("its now 11 march"), not the possessive.
#: "it" opening a later clause of the sentence ("school rang, it's the 15th now").
IT_LATER = re.compile(r"[,;:]\s*(?:it|it's|it is|its(?=\s+now\b))\s", re.I)
IT_HEAD = re.compile(r"^(?:it|it's|it is|it was|it got|it has been|it's been|its(?=\s+now\b))\b", re.I)
#: A clause saying a time is the new one ("it's the 23rd now", "new slot is Monday").
_NEW_TIME = re.compile(r"\b(?:now|instead|new (?:date|slot|time|day)|rescheduled|(?:changed|moved|pushed|put|brought|bumped|postponed|delayed)"
                       r"(?: it| them| that| this)?(?: back| forward)?(?: till| until| to))\b", re.I)
#: A clause saying something scheduled moved ("it's delayed, new slot is Monday", "that got pushed back, it's the 23rd now").
_RESCHEDULING = re.compile(r"\b(?:delayed|postponed|pushed(?: back)?|moved|rescheduled|put back|brought forward|bumped|"
                           r"new (?:date|slot|time|day)|changed (?:it |the date |the time )?to|"
                           # a deadline moved: "extended to the 9th", "i've got till 12 june now"
                           r"extended|extension|(?:got|have|has|given)\s+(?:till|until|til))\b", re.I)


def _free_times(c: str, anchor: datetime | None) -> list[TimeHit]:
    """The clause's times, read with no tense, that no self-correction took back: what both cues
    below read, found once per clause."""
    return [h for h in find_times(c, anchor, None) if not h.corrected]


def _gives_a_time(c: str, hits: list[TimeHit]) -> bool:
    """The clause says a time as the new one ("I'm going on the 29th now") or opens with one
    ("Thursday the 12th, 7 to 11am slot"); ``hits`` are its ``_free_times``."""
    return bool(hits) and (bool(_NEW_TIME.search(c)) or hits[0].start == 0)


def _moved_to_a_time(c: str, hits: list[TimeHit]) -> bool:
    """A rescheduling's "to" names the new time ("moved it to the 19th"); "moved to decaf last month" moved
    something else, at a time. A clause with no "moved ... to" is left to the other cues; ``hits`` are
    its ``_free_times``."""
    m = _MOVED_TO.search(c)
    if m is None:
        return True
    return any(h.start <= m.end() + 4 and h.end > m.end() for h in hits)
