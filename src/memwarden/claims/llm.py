"""Claims from an LLM: one call per ``add``, strict JSON through a schema derived from ``Claim``.

The reply is validated into the same :class:`Extraction` the rules produce (slot recomputed as
``subject|attribute`` with the attribute normalised, naive dates given the turn's timezone).
Any failure -- the call raising, no JSON after a retry, a claim that does not validate, a turn
number out of range -- falls back to :class:`RuleExtractor` and says why in
``Extraction.fallback``, so a bad LLM answer never loses a turn's claims.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Sequence

from pydantic import BaseModel, ConfigDict, Field

from ..models import Claim, Turn
from ..providers.llm import LLM, complete_json
from .base import UNNAMED_USER, ClaimExtractor, ExtractedClaim, Extraction
from .rules import RuleExtractor
from .slots import normalise_attribute

__all__ = ["LLMExtractor", "CLAIMS_SCHEMA", "EXTRACT_PROMPT"]

#: Claim fields the model fills; the rest are ours (slot is derived, sources and extractor known).
_MODEL_FIELDS = ("subject", "attribute", "value", "negated", "vouched_by", "voucher", "firmness", "echo",
                 "event_start", "event_end", "time_text", "previous_value")


class _LLMClaim(BaseModel):
    model_config = ConfigDict(extra="ignore")

    text: str = Field(min_length=1)
    turns: list[int] = Field(min_length=1)
    subject: str = Field(min_length=1)
    attribute: str | None = None
    value: str | None = None
    negated: bool = False
    vouched_by: str = "user"
    voucher: str | None = None
    firmness: str = "stated"
    echo: bool = False
    event_start: str | None = None
    event_end: str | None = None
    time_text: list[str] = Field(default_factory=list)
    previous_value: str | None = None


class _Reply(BaseModel):
    model_config = ConfigDict(extra="ignore")

    claims: list[_LLMClaim]


def _schema() -> dict[str, Any]:
    props = Claim.model_json_schema()["properties"]
    item = {k: props[k] for k in _MODEL_FIELDS}
    item["text"] = {"type": "string", "description": "the claim as one self-contained sentence, subject resolved"}
    item["turns"] = {"type": "array", "items": {"type": "integer"}, "description": "numbers of the turns it comes from"}
    for k in ("event_start", "event_end"):
        item[k] = {"anyOf": [{"type": "string", "description": "ISO date or datetime"}, {"type": "null"}]}
    return {"type": "object", "properties": {"claims": {"type": "array", "items": {
        "type": "object", "properties": item, "required": ["text", "turns", "subject"]}}}, "required": ["claims"]}


CLAIMS_SCHEMA = _schema()

EXTRACT_PROMPT = """Extract the claims worth remembering from these conversation turns.
A claim is one short self-contained statement about a person, their life, plans, preferences or constraints.
Rules:
- No claims from questions, greetings, thanks, backchannels ("haha", "cool cool"), or assistant pleasantries and offers.
- subject: "user" for the user{user}; a named speaker by name; "you" in an assistant turn is the user; resolve possessives
  ("my sister Ana" said by the user -> "user's sister Ana", said by a named speaker Maya -> "Maya's sister Ana").
  Never a pronoun.
- attribute: a short normalised attribute (residence, employer, role, partner, diet, allergy:<thing>, medication:<drug>,
  <event>_time, budget, likes:<thing>, favourite:<category>, ...) or null when unsure; value: the value as said.
- vouched_by: user | assistant | unknown (a named third party; put the name in voucher) | document | tool | image.
- firmness: stated | hedged ("I think", "probably") | reported ("my mom insists", "Tom heard"; voucher = the reporter).
- echo: true when the assistant only restates or acknowledges the user's fact. negated: true for "not", "no longer".
- Resolve relative times against the turn's time into ISO event_start/event_end; keep the words as said in time_text
  and keep them in the text, with the resolved date in parentheses.
- previous_value: the replaced value when the turn says so ("moved from Lisbon to Porto" -> "Lisbon").
- A change that names no event ("they moved me to Thursday", "it got pushed back to the 23rd") is about the event last
  talked about in these turns: its attribute is that event's <event>_time and the text names it. With no event in
  these turns, attribute "unnamed_event_time" (it is bound to the user's upcoming event later). Whoever moves an event
  is not its owner: "our manager moved standup to 10" has subject "user", attribute "standup_time".
- A hand-over to a new person in a role named earlier ("my counsellor ... I've been handed over to Idris"): attribute
  that role ("counsellor"), value the new person, subject the user; with no role named in these turns ("the club paired
  me with Kemi instead"), attribute "unnamed_role" (it is bound to the role the user named before).
- A speaker correcting themselves in one turn ("thursday, sorry I mean friday", "wait no, 3pm") gives only the corrected
  claim, with the taken-back value as previous_value.
Turns:
{turns}

Answer with JSON only: {{"claims": [{{"text": ..., "turns": [<turn numbers>], "subject": ..., ...}}]}}. Use [] when there is nothing."""


def _parse_time(text: str | None, tz: Any) -> datetime | None:
    if not text:
        return None
    t = text.strip()
    if len(t) == 10:
        t += "T00:00:00"
    dt = datetime.fromisoformat(t.replace("Z", "+00:00"))
    return dt.replace(tzinfo=tz) if dt.tzinfo is None and tz is not None else dt


class LLMExtractor:
    """One LLM call per ``add``; falls back to ``fallback`` (the rules) on any failure."""

    def __init__(self, llm: LLM, *, fallback: ClaimExtractor | None = None, max_tokens: int = 1500,
                 instructions: str | None = None) -> None:
        self.llm = llm
        #: The caller's extra instructions (mem0's ``prompt=`` / custom fact-extraction prompt), put
        #: ahead of the extraction prompt.
        self.instructions = instructions
        self.name = f"llm:{llm.model}"
        self.fallback = fallback or RuleExtractor()
        self.max_tokens = max_tokens

    def extract(self, turns: Sequence[Turn], *, user_name: str | None = None, now: datetime | None = None) -> Extraction:
        if not turns:
            return Extraction(claims=[], extractor=self.name)
        shown = "\n".join(
            f"[{i}] ({(t.timestamp or now).isoformat() if (t.timestamp or now) else 'time unknown'}) "
            f"{t.role}{' ' + t.name if t.name else ''}: {json.dumps(t.content, ensure_ascii=False)}"
            for i, t in enumerate(turns))
        prompt = EXTRACT_PROMPT.format(turns=shown, user=f' (the user is called "{user_name}")' if user_name and user_name != UNNAMED_USER else "")
        if self.instructions:
            prompt = f"{self.instructions.strip()}\n\n{prompt}"

        def validate(obj: Any) -> list[ExtractedClaim]:
            reply = _Reply.model_validate(obj)
            return [self._claim(c, turns, now) for c in reply.claims]

        try:
            claims = complete_json(self.llm, [{"role": "user", "content": prompt}], schema=CLAIMS_SCHEMA,
                                   validate=validate, max_tokens=self.max_tokens)
        except Exception as exc:  # noqa: BLE001 -- any failure: the rules still extract, and we say why
            done = self.fallback.extract(turns, user_name=user_name, now=now)
            why = f"{type(exc).__name__}: {str(exc)[:160]}"
            return Extraction(claims=done.claims, extractor=done.extractor, fallback=f"{self.name} failed ({why}); used {done.extractor}")
        return Extraction(claims=claims, extractor=self.name)

    def _claim(self, c: _LLMClaim, turns: Sequence[Turn], now: datetime | None) -> ExtractedClaim:
        if not all(0 <= i < len(turns) for i in c.turns):
            raise ValueError(f"turn number out of range in {c.turns}")
        anchor = turns[c.turns[0]].timestamp or now
        tz = anchor.tzinfo if anchor else None
        attribute = normalise_attribute(c.attribute) if c.attribute and c.attribute.strip() else None
        claim = Claim(
            subject=c.subject.strip(), attribute=attribute, value=c.value,
            slot=f"{c.subject.strip()}|{attribute}" if attribute else None, negated=c.negated,
            vouched_by=c.vouched_by, voucher=c.voucher, firmness=c.firmness, echo=c.echo,  # type: ignore[arg-type]
            event_start=_parse_time(c.event_start, tz), event_end=_parse_time(c.event_end, tz),
            time_text=c.time_text, extractor=self.name, previous_value=c.previous_value)
        return ExtractedClaim(text=c.text.strip(), claim=claim, turn_indexes=sorted(set(c.turns)))
