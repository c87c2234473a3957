"""A slot guess and how its parts are spelled: the typed answer of every slot guesser
(:mod:`.slots`, :mod:`.slot_tech`), one spelling per attribute (``normalise_attribute``: synonyms,
"favorite" -> "favourite", ``likes:<thing>`` with its thing singular) and a value span trimmed
where a time expression, a stop phrase or an article ends it (``_trim``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .slot_lexicon import _ARTICLE, _STOP, _SYNONYMS

if TYPE_CHECKING:  # pragma: no cover
    from .timex import TimeHit


@dataclass
class SlotGuess:
    attribute: str | None = None
    value: str | None = None
    previous_value: str | None = None
    #: Set when the cue itself carries polarity ("can't stand X" -> a negated "likes:X").
    negated: bool | None = None


def _trim(v: str, hits: list["TimeHit"] | None = None, text: str = "", offset: int = 0) -> str:
    if hits:
        for h in hits:  # a time expression ends the value ("moved to Porto last month")
            if h.start < offset < h.end:
                return ""  # the value starts inside a time ("work at half 5"): it is a time, not a value
            if offset <= h.start < offset + len(v):
                v = v[: h.start - offset]
    v = _STOP.sub("", v.strip())
    v = _ARTICLE.sub("", v.strip()).strip(" '\"-")
    if v.lower() in ("a", "an", "the", "my", "our", "some"):
        return ""
    words = v.split()
    return " ".join(words[:6])


#: A purpose naming a place of work: an address "for work" is where one works.
_WORKPLACE = re.compile(r"(?:(?:my|our|the)\s+)?(?:work|office|job|business|workplace)")


def normalise_attribute(text: str) -> str:
    """One spelling per attribute: "moved to"/"live in" -> "residence", "Favorite Band" ->
    "favourite_band", "likes:Sushi rolls" -> "likes:sushi_roll"."""
    t = re.sub(r"\s+", " ", text.strip().lower().replace("é", "e"))
    if ":" in t:
        head, _, tail = t.partition(":")
        return f"{normalise_attribute(head)}:{norm_value(tail)}"
    if t in _SYNONYMS:
        return _SYNONYMS[t]
    head, sep, purpose = t.partition(" for ")
    if sep and head in _SYNONYMS:
        if _SYNONYMS[head] == "residence" and _WORKPLACE.fullmatch(purpose):
            return "work_address"  # "my address for work": where one works, not where one lives
        return _SYNONYMS[head]  # "address for deliveries", "number for work": the purpose names no other attribute
    t = t.replace("favorite", "favourite")
    return re.sub(r"[^a-z0-9+#]+", "_", t).strip("_")


_NOT_PLURAL = frozenset({"diabetes", "herpes", "series", "species", "news", "lens", "gas", "bus", "yes", "pms", "ms", "ibs"})


def norm_value(v: str) -> str:
    words = [w for w in re.sub(r"[^a-z0-9+#\s-]", "", v.lower().replace("_", " ")).replace("-", " ").split() if w not in ("a", "an", "the", "my", "our", "your", "his", "her", "their")]
    if words:  # "peanuts" and "peanut" are one allergy, "strawberries" and "strawberry" one dislike
        w = words[-1]
        if len(w) > 4 and w.endswith("ies"):
            words[-1] = w[:-3] + "y"
        elif len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "is", "us", "ics")) and w not in _NOT_PLURAL:
            words[-1] = w[:-1]
    return "_".join(words)
