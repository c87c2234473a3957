"""The claim extractor interface: turns of one ``add`` call -> claims.

An extractor reads the turns as said (with their session clock) and returns short,
self-contained statements, each with its :class:`~memwarden.models.Claim` structure and the
indexes of the turns it came from. Questions, greetings, thanks, backchannels and assistant
pleasantries yield nothing; an assistant restating the user's fact yields a claim with
``echo=True`` (kept as evidence of the turn, never as new testimony).

Two implementations pass the same tests: :class:`~memwarden.claims.rules.RuleExtractor`
(offline, the default) and :class:`~memwarden.claims.llm.LLMExtractor` (one LLM call per
``add``, falling back to the rules and saying so in ``Extraction.fallback``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Protocol, Sequence, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from ..models import Claim, Turn

__all__ = ["ExtractedClaim", "Extraction", "ClaimExtractor"]


class ExtractedClaim(BaseModel):
    model_config = ConfigDict(extra="forbid")

    #: The claim as a self-contained sentence, subject resolved ("Maya moved to Porto").
    text: str
    claim: Claim
    #: Indexes (within the add call's turns) of the turns it came from.
    turn_indexes: list[int] = Field(default_factory=list)


class Extraction(BaseModel):
    model_config = ConfigDict(extra="forbid")

    claims: list[ExtractedClaim] = Field(default_factory=list)
    #: Which extractor produced ``claims`` ("rules", "llm:<model>").
    extractor: str
    #: Why the configured extractor was not used, when it was not ("llm: invalid JSON; used rules").
    fallback: str | None = None
    #: Why a turn yielded no claim, by turn index, when a clause of it was dropped as a reaction
    #: ("no claim: reaction/chit-chat (interjection-led fragment)"); see ``claims/gate.py``.
    dropped: dict[int, str] = Field(default_factory=dict)


#: The ``user_name`` an extractor gets when the scope's user has a known name and the call's turns
#: spoken under it have been read as the user's own (unnamed, :mod:`memwarden.user_name`): every
#: named user-role turn is then someone else, and the user is written "the user", as unnamed.
UNNAMED_USER = "the user"


@runtime_checkable
class ClaimExtractor(Protocol):
    name: str

    def extract(self, turns: Sequence[Turn], *, user_name: str | None = None, now: datetime | None = None) -> Extraction:
        """Claims from ``turns`` (one ``add`` call, in order).

        ``user_name``: the name the user goes by in these turns, if any (LoCoMo names both
        speakers); first-person statements of the user resolve to subject ``"user"`` unless a
        name is known for the speaker; :data:`UNNAMED_USER` when the user's turns are unnamed and
        every named user-role turn is someone else. ``now``: the session clock when turns carry no
        timestamp; relative time expressions resolve against each turn's own timestamp.
        """
        ...
