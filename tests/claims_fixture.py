"""A tiny test-only claim extractor: a few fixed patterns, so the facade's claim paths can be
tested without depending on the real extractor's coverage (tests only, never in src/)."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Sequence

from memwarden.claims import ExtractedClaim, Extraction
from memwarden.models import Claim, Turn

_PATTERNS = [
    (re.compile(r"\b(?:I live in|I moved to|we're in|I'm living in) (?P<v>[A-Z]\w+)(?P<x>(?: with [A-Z]\w+)?)"), "residence",
     "{s} lives in {v}{x}"),
    (re.compile(r"\bflight (?:is on|moved to) (?P<v>May \d+)"), "flight_date", "{s}'s flight is on {v}"),
    (re.compile(r"\bI'm allergic to (?P<v>\w+)"), "allergy", "{s} is allergic to {v}"),
    (re.compile(r"\bI work at (?P<v>[A-Z]\w+)"), "employer", "{s} works at {v}"),
]
_ECHO = re.compile(r"noted that you live in (?P<v>[A-Z]\w+)", re.I)
_HEARSAY = re.compile(r"(?P<who>[A-Z]\w+) says (?P<s>[A-Z]\w+) lives in (?P<v>[A-Z]\w+)")


class PatternExtractor:
    name = "test-patterns"

    def extract(self, turns: Sequence[Turn], *, user_name: str | None = None, now: datetime | None = None) -> Extraction:
        out: list[ExtractedClaim] = []
        user = user_name or "user"
        for t in turns:
            if t.role == "assistant":
                m = _ECHO.search(t.content)
                if m:
                    out.append(self._claim(f"{user} lives in {m['v']}", user, "residence", m["v"], t, vouched_by="assistant",
                                           echo=True))
                continue
            speaker = t.name or user
            m = _HEARSAY.search(t.content)
            if m:
                out.append(self._claim(f"{m['s']} lives in {m['v']}", m["s"], "residence", m["v"], t, vouched_by="unknown",
                                       voucher=m["who"], firmness="reported"))
                continue
            for rx, attr, tmpl in _PATTERNS:
                for m in rx.finditer(t.content):
                    out.append(self._claim(tmpl.format(s=speaker, v=m["v"], x=m.groupdict().get("x") or ""), speaker, attr,
                                           m["v"], t))
        return Extraction(claims=out, extractor=self.name)

    def _claim(self, text: str, subject: str, attr: str, value: str, t: Turn, **kw) -> ExtractedClaim:
        c = Claim(subject=subject, attribute=attr, value=value, slot=f"{subject.lower()}|{attr}", extractor=self.name, **kw)
        return ExtractedClaim(text=text, claim=c, turn_indexes=[t.index])
