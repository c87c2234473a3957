"""Who vouches for a memory, and how firmly: the source hierarchy.

From most to least credible (priors in :attr:`TrustConfig.testimony_priors`):

1. ``first_hand``: the user saying it outright (or a named speaker saying it
   of themselves: "Priya: I'm moving to Singapore");
2. ``evidence``: a document, tool output, image or image caption;
3. ``assistant``: what the assistant said (often a restatement; never more
   than the thing it restates);
4. ``third_party``: a named person's statement about someone or something else;
5. ``hedged`` / ``reported``: any voucher hedging ("I think", "pretty sure",
   a question) or passing on hearsay ("my mom insists", "Tom heard",
   "apparently").

A claim memory carries its voucher and firmness (``claim.vouched_by``,
``claim.voucher``, ``claim.firmness``); a turn stored as it was said has
only its source, speaker and text, so the same is read from the wording.

Corrections ("actually", "false alarm", "turns out") are flagged: a later
first-hand or evidence memory that contradicts an earlier one supersedes it
(see :func:`memwarden.trust.verdict.verdict` and the ranking in
:mod:`memwarden.trust.reliability`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from .._util import as_utc
from ..retrieval.row_meta import constraint_weight
from .lexicon import firmness as text_firmness
from .lexicon import is_correction

if TYPE_CHECKING:
    from ..models import SearchHit

__all__ = ["Tier", "TIERS", "Testimony", "testimony", "STRONG", "stated_at"]

Tier = Literal["first_hand", "evidence", "assistant", "third_party", "hedged", "reported"]
#: Best first; the index is the rank the ordering rules compare.
TIERS: tuple[Tier, ...] = ("first_hand", "evidence", "assistant", "third_party", "hedged", "reported")
#: Tiers whose later statement supersedes an earlier contradicting one of any tier.
STRONG = frozenset({"first_hand", "evidence"})

_EVIDENCE_SOURCES = frozenset({"document", "tool", "image"})
_ASSISTANT_SOURCES = frozenset({"assistant", "model_inferred", "system"})
#: Opens on "I" (after greetings and fillers): the speaker speaks of themselves.
_SELF = re.compile(
    r"^\W*(?:(?:hey|hi|hello|oh|ok|okay|so|well|yes|yeah|yep|honestly|actually|lol|haha|ugh|wow)\W+"
    r"(?:[A-Z][a-z]+\W+)?)*(?:i|i'm|i've|i'd|i'll|im|my)\b", re.I)


_RECORD = (r"(?:boarding pass|invite|invitation|letter|ticket|email|fee schedule|schedule|price list|receipt|contract|"
           r"report|records?|statement|policy|terms|timetable|calendar|tracking|invoice|[A-Z]{2,}-\d+)")
#: The assistant quoting a record rather than speaking for itself.
_CITES = re.compile(r"\b(?:per (?:the |your |our )?" + _RECORD + r"|according to (?:the |your |our )" + _RECORD +
                    r"|from (?:the |your |our )" + _RECORD + r"|(?:your|the|our) (?:\w+ )?" + _RECORD +
                    r" (?:says|shows|states|lists|confirms))", re.I)


@dataclass(frozen=True, slots=True)
class Testimony:
    tier: Tier
    #: Who vouches: "user", a speaker's name, "assistant", or the document/tool kind.
    voucher: str
    firmness: str
    correction: bool
    reason: str

    @property
    def rank(self) -> int:
        return TIERS.index(self.tier)

    @property
    def strong(self) -> bool:
        return self.tier in STRONG


def testimony(text: str, *, source: str, speaker: str | None, claim: Any = None, evidence: bool = False) -> Testimony:
    """The tier of one memory. ``claim``: a :class:`~memwarden.models.Claim` when the memory has one."""
    corr = is_correction(text)
    if evidence or source in _EVIDENCE_SOURCES:
        # Stored as a document, tool output or image: evidence whatever an extractor made of its voucher.
        return Testimony("evidence", source, "stated", corr, f"{source} evidence")
    if claim is not None:
        firm = str(getattr(claim, "firmness", "stated") or "stated")
        if firm == "stated" and not constraint_weight(getattr(claim, "slot", None)):
            # An extractor can miss "my brother reckons"; the claim's own wording still says it. Not for a
            # rule or limit ("ortho says no bowling", "doc says cut dairy"): whoever set it, the user keeps it.
            firm = text_firmness(text)
        vb = str(getattr(claim, "vouched_by", "user") or "user")
        voucher = getattr(claim, "voucher", None)
        if firm in ("hedged", "reported"):
            return Testimony(firm, voucher or vb, firm, corr, f"claim firmness {firm}")  # type: ignore[arg-type]
        if vb in _EVIDENCE_SOURCES or evidence:
            return Testimony("evidence", voucher or vb, firm, corr, f"vouched by {voucher or vb}")
        if vb in _ASSISTANT_SOURCES or getattr(claim, "echo", False) or source in _ASSISTANT_SOURCES:
            if _CITES.search(text):
                return Testimony("evidence", "assistant", firm, corr, "the assistant quoting a record")
            return Testimony("assistant", "assistant", firm, corr, "the assistant's statement")
        # vouched_by "user" with a name as voucher is a named speaker who counts as the user
        # (LoCoMo's two friends, claims/rules.py): first-hand, like the user's own claims.
        if voucher and voucher != "user" and vb != "user":
            return Testimony("third_party", voucher, firm, corr, f"vouched by {voucher}")
        return Testimony("first_hand", voucher or speaker or "user", firm, corr, "first-hand claim")
    if evidence or source in _EVIDENCE_SOURCES:
        return Testimony("evidence", source, "stated", corr, f"{source} evidence")
    firm = text_firmness(text)
    who = speaker or ("assistant" if source in _ASSISTANT_SOURCES else "user")
    if firm != "stated":
        return Testimony(firm, who, firm, corr, f"{firm} wording")  # type: ignore[arg-type]
    if source in _ASSISTANT_SOURCES:
        if _CITES.search(text):
            # "Per the invitation: Saturday at 3pm", "From our fee schedule: ...": the record, relayed.
            return Testimony("evidence", "assistant", firm, corr, "the assistant quoting a record")
        return Testimony("assistant", "assistant", firm, corr, "said by the assistant")
    if source == "web":
        return Testimony("third_party", "web", firm, corr, "web page")
    if source not in ("user", "import"):
        return Testimony("third_party", who, firm, corr, f"source {source!r}: nobody known vouches")
    if speaker and not _SELF.match(text):
        return Testimony("third_party", speaker, firm, corr, f"{speaker} about someone or something else")
    if speaker:
        return Testimony("first_hand", speaker, firm, corr, f"{speaker} about themselves")
    return Testimony("first_hand", "user", firm, corr, "the user's own statement")


def stated_at(hit: "SearchHit") -> datetime:
    """When a hit's testimony was given (its turn's time, else when it was stored), in UTC: what
    "later statement" means in the ranking, the answer-type step and the verdicts."""
    return as_utc(hit.occurred_at or hit.created_at)
