"""The "view" attribute: "what did Dana think of the book?" asks a named person's view, which some
memory must report (their own words, an opinion verb after their name, "according to" them).
Read by :mod:`.attribute` (moved out of it in session 9, round 2, to keep it under 400 lines)."""

from __future__ import annotations

import re

from ..models import SearchHit

__all__ = ["holds_view", "said_by"]

_VIEW_OF = re.compile(r"\bwhat (?:did|does|do|has|have) ([A-Za-z][\w'-]+) ", re.I)
_VIEW_VERBS = (r"(?:thinks?|thought|said|says|saying|reckons?|reckoned|felt|feels|loved?|loves|hated?|hates|liked?|likes|"
               r"disliked?|enjoyed|enjoys|recommend\w*|suggest\w*|told|tells|insists?|insisted|swears?|swore|found|finds|"
               r"rated|rates|prefers?|preferred|raved|complained|was (?:not )?(?:impressed|keen|sure))")


def holds_view(query: str, text: str) -> bool:
    """``text`` reports the view the question asks, or the question names no one whose view it asks."""
    m = _VIEW_OF.search(query)
    return m is None or _holds_view(m.group(1), text)


def _holds_view(name: str, text: str) -> bool:
    """``text`` reports what ``name`` thinks or said: their own words ("Dana: ..."), a verb of
    opinion or speech after their name, or "according to" them."""
    n = re.escape(name)
    return bool(re.match(rf"\s*{n}\s*:", text, re.I) or re.search(rf"\baccording to (?:[\w']+\s+){{0,4}}{n}\b", text, re.I)
                or re.search(rf"\b{n}(?:'s)?(?:\s+\w+){{0,3}}?\s+{_VIEW_VERBS}\b", text, re.I))


def said_by(h: SearchHit, query: str) -> bool:
    """The hit is the person whose view is asked speaking ("Melanie: that's wonderful" stored as a
    claim of hers), or vouched for by them."""
    m = _VIEW_OF.search(query)
    if m is None:
        return False
    name = m.group(1).lower()
    who = [h.speaker, h.claim.voucher if h.claim is not None else None]
    return any(w is not None and name in re.findall(r"[a-z]+", w.lower()) for w in who)
