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
    # Session 22: a trip's or a loan's two ends, going and coming back ("when do I fly back from Accra?" beside "flying
    # out on the 3rd"; "when is the bike coming back?" beside "dropped it at the shop on Monday").
    "return": frozenset({"back", "return", "home"}),
    "leave": frozenset({"leav", "left", "depart", "fli", "flew", "flight", "go", "went", "head", "off", "travel", "trip",
                        "drop", "drove", "take", "took", "out"}),
}
#: How long a stay or a loan lasts says when it ends, so when it comes back: "for two weeks", "a 10-day trip", a span
#: of dates ("(2026-05-02..2026-05-16)"), "3rd-10th".
_SPAN = re.compile(r"\bfor (?:a |an |\d+ |one |two |three |four |five |six |ten |a couple of |a few )?(?:days?|nights?|weeks?|"
                   r"fortnight|months?)\b|\b\d+[- ](?:day|night|week)\b|\d{4}-\d\d-\d\d\.\.\d{4}|\b\d{1,2}(?:st|nd|rd|th)?\s*[-–]\s*\d{1,2}"
                   r"(?:st|nd|rd|th)\b", re.I)
_UNTIL = re.compile(r"\b(?:until|till|til|through to|runs? to)\b", re.I)
_ASKS = {
    "start": re.compile(r"\b(?:start|starts|starting|begin|begins|commence|commences|kick off|kicks off|open|opens)\b",
                        re.I),
    "finish": re.compile(r"\b(?:finish|finished|finishes|end|ends|ended|done|ready|complete|completed|expire|expires|"
                         r"run out|runs out|wrap up|wrapped up|close|closes)\b", re.I),
    # Not a return that only dates something else ("when did they meet after returning from Oslo", "meet back up").
    "return": re.compile(r"(?<!\bafter )(?<!\bsince )(?<!\bbefore )\b(?:back(?! up\b)|returns?|returning)\b", re.I),
}
_OTHER = {"start": "finish", "finish": "start", "return": "leave"}


def asked_aspect(query: str) -> str | None:
    """"start" or "finish" when a date or time question names one end of its event; else None."""
    if not ASKS_WHEN.search(query):
        return None
    if _ASKS["return"].search(query):
        return "return"  # "when do we get back", "when does the courtesy car go back": the way back, whatever its verb
    found = [a for a, pat in _ASKS.items() if pat.search(query)]
    return found[0] if len(found) == 1 else None


def aspect_missing(query: str, hits: Sequence[SearchHit]) -> str | None:
    """A detail for ``no_evidence`` when the hits speak only of the other end of the asked event."""
    aspect = asked_aspect(query)
    if aspect is None or not hits or names_participant(query, hits):
        return None
    other = _OTHER[aspect]
    said = set().union(*(hit_stems(h) for h in hits))
    if aspect in ("finish", "return"):
        texts = [t for h in hits for t in [h.memory] + [e.text for e in h.episodes if e.text]]
        if any(_UNTIL.search(t) for t in texts) or aspect == "return" and any(_SPAN.search(t) for t in texts):
            return None  # "fixed until 2027", "on till the 30th", "for two weeks": an end, said with a stopword or a length
    if said & ASPECTS[aspect] or not said & ASPECTS[other]:
        return None
    if aspect == "return":
        return "the memories say when it goes, not when it comes back"
    return f"the memories say when it is to {other}, not when it is to {aspect}"
