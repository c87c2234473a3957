"""Which end of an event a "when" question asks: its start or its finish.

"When will the loft be finished?" asks when the work ends; "builder's starting on 9 March" dates
its start, which does not answer it. Aspectual verbs are a closed class with two members that
exclude each other (start, begin, open, kick off / finish, end, complete, be done or ready, close, expire,
run out; "until" / "till" say an end too). When a date or time question names one of them, some hit
must speak of that aspect; if none does while some hit speaks of the other, the memories date the
other end of the event and the search abstains with ``no_evidence``. Questions naming a participant
of a stored conversation are left to the subject check (:func:`.polar.names_participant`).
"""

from __future__ import annotations

import re
from typing import Sequence

from ..models import SearchHit
from .asked_head import hit_stems
from .polar import names_participant
from .values import ASKS_WHEN

__all__ = ["asked_aspect", "aspect_missing"]

#: The stems each aspect is said with (Snowball stems of the forms: "finished" -> "finish").
ASPECTS: dict[str, frozenset[str]] = {
    "start": frozenset({"start", "begin", "began", "begun", "commenc", "kick", "open", "launch"}),
    "finish": frozenset({"finish", "end", "done", "complet", "readi", "expir", "run", "wrap", "close", "closur"}),
}
_UNTIL = re.compile(r"\b(?:until|till|til|through to|runs? to)\b", re.I)
_ASKS = {
    "start": re.compile(r"\b(?:start|starts|starting|begin|begins|commence|commences|kick off|kicks off|open|opens)\b",
                        re.I),
    "finish": re.compile(r"\b(?:finish|finished|finishes|end|ends|ended|done|ready|complete|completed|expire|expires|"
                         r"run out|runs out|wrap up|wrapped up|close|closes)\b", re.I),
}


def asked_aspect(query: str) -> str | None:
    """"start" or "finish" when a date or time question names one end of its event; else None."""
    if not ASKS_WHEN.search(query):
        return None
    found = [a for a, pat in _ASKS.items() if pat.search(query)]
    return found[0] if len(found) == 1 else None


def aspect_missing(query: str, hits: Sequence[SearchHit]) -> str | None:
    """A detail for ``no_evidence`` when the hits speak only of the other end of the asked event."""
    aspect = asked_aspect(query)
    if aspect is None or not hits or names_participant(query, hits):
        return None
    other = "finish" if aspect == "start" else "start"
    said = set().union(*(hit_stems(h) for h in hits))
    if aspect == "finish" and any(_UNTIL.search(t) for h in hits for t in [h.memory] + [e.text for e in h.episodes if e.text]):
        said.add("finish")  # "fixed until 2027", "on till the 30th": an end, said with a stopword
    if said & ASPECTS[aspect] or not said & ASPECTS[other]:
        return None
    return f"the memories say when it is to {other}, not when it is to {aspect}"
