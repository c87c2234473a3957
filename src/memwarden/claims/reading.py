"""A text read into slots for the verdict (:mod:`memwarden.trust.verdict_slot`): the rule extractor on
one unnamed user turn, so "I moved from Lisbon to Porto" reads as ``user|residence`` = Porto, replacing
Lisbon. The trust stage cannot import the claims package (which reads its lexicon), so the facade
passes :func:`slot_reading` to the verdict."""

from __future__ import annotations

from functools import lru_cache

from ..models import Turn
from ..trust.verdict_slot import SlotRead
from .rules import RuleExtractor
from .slots import normalise_slot

__all__ = ["slot_reading"]

_EXTRACTOR = RuleExtractor()


@lru_cache(maxsize=4096)
def slot_reading(text: str) -> tuple[SlotRead, ...]:
    """The slots a first-person text sets, as the user's own statement (no clock: dates stay unresolved)."""
    out = []
    for c in _EXTRACTOR.extract([Turn(role="user", content=text)]).claims:
        k = c.claim
        if k.slot and not k.echo:
            out.append(SlotRead(normalise_slot(k.slot), k.value, k.previous_value, k.negated, k.firmness == "stated"))
    return tuple(out)
