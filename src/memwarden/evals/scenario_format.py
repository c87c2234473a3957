"""The end-to-end scenario format (``shared/docs/SCENARIOS.md``, version 1) and its matching rule.

A file is ``{"version": 1, "scenarios": [...]}``; each scenario replays sessions (one ``add``
each) and asks probes of four types (rank, abstain, verdict, policy); the ``label`` of a turn
(``fact`` / ``chitchat``) makes the admission check. Validation is strict: an unknown field, a
wrong type, a user or probe id that does not resolve is an :class:`InvalidInputError` naming the
scenario and the field, so a typo in a hand-written set fails loudly instead of scoring 0.
"""

from __future__ import annotations

import json
import unicodedata
from datetime import datetime, timedelta
from pathlib import Path
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, field_validator, model_validator

from .._util import as_utc
from ..errors import InvalidInputError
from ..governance.models import POLICIES
from ..lexicon.quotes import straight

__all__ = [
    "KINDS", "DEFAULT_K", "DEFAULT_USER", "Message", "Session", "RankProbe", "AbstainProbe", "VerdictProbe",
    "PolicyProbe", "Probe", "Scenario", "ScenarioFile", "load_scenarios", "parse_scenarios", "matches",
    "contains_any", "fold",
]

KINDS = ("knowledge_update", "indirect_constraint", "abstention", "source_reliability", "noise_admission",
         "scope_isolation", "multi_fact", "governance")
Kind = Literal["knowledge_update", "indirect_constraint", "abstention", "source_reliability", "noise_admission",
               "scope_isolation", "multi_fact", "governance"]
#: A rank probe's ``k`` when it gives none: multi_fact's "all targets in the first 5".
DEFAULT_K = 5
#: The user a session or probe belongs to when it names none.
DEFAULT_USER = "A"


def fold(text: str) -> str:
    """Case- and form-insensitive text for matching (curly quotes as straight ones, spaces collapsed)."""
    text = straight(unicodedata.normalize("NFKC", text)).casefold()
    return " ".join(text.split())


def _has(text: str, entry: str) -> bool:
    """``entry`` is in ``text``; ``"a|b"`` is in it when either alternative is."""
    return any(alt and alt in text for alt in (fold(a) for a in entry.split("|")))


def matches(text: str, wanted: list[str]) -> bool:
    """A memory matches a list of strings when it contains every one (case-insensitive)."""
    folded = fold(text)
    return bool(wanted) and all(_has(folded, w) for w in wanted)


def contains_any(text: str, strings: list[str]) -> list[str]:
    """The entries of ``strings`` that ``text`` contains (for ``forbid``)."""
    folded = fold(text)
    return [s for s in strings if _has(folded, s)]


class _Model(BaseModel):
    # ``note`` is the one free-form field everywhere: authors comment their scenarios.
    model_config = ConfigDict(extra="forbid", frozen=True)


def _str_list(value: Any) -> Any:
    """A single string where a list of strings is expected is that one-element list."""
    return [value] if isinstance(value, str) else value


NonEmpty = Annotated[str, Field(min_length=1)]
#: A non-empty list of non-empty strings; a single string is read as a one-element list.
Strings = Annotated[list[NonEmpty], BeforeValidator(_str_list), Field(min_length=1)]


class Message(_Model):
    role: Literal["user", "assistant", "system", "tool"] = "user"
    content: NonEmpty
    name: str | None = None
    label: Literal["fact", "chitchat"] | None = None
    note: str | None = None

    @field_validator("content")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("content is blank")
        return v


class Session(_Model):
    ts: datetime
    user: NonEmpty = DEFAULT_USER
    messages: Annotated[list[Message], Field(min_length=1)]
    note: str | None = None

    @field_validator("ts")
    @classmethod
    def _utc(cls, v: datetime) -> datetime:
        return as_utc(v)

    def add_messages(self) -> list[dict[str, str]]:
        """The session's messages as ``Memory.add`` takes them (labels and notes are the scenario's, not the chat's)."""
        return [{"role": m.role, "content": m.content, **({"name": m.name} if m.name else {})} for m in self.messages]


class _Probe(_Model):
    id: str | None = None
    user: NonEmpty = DEFAULT_USER
    as_of: datetime | None = None
    note: str | None = None

    @field_validator("as_of")
    @classmethod
    def _utc(cls, v: datetime | None) -> datetime | None:
        return as_utc(v) if v is not None else None


class RankProbe(_Probe):
    type: Literal["rank"]
    query: NonEmpty
    target: Strings | None = None
    targets: Annotated[list[Strings], Field(min_length=1)] | None = None
    stale: Strings | None = None
    k: Annotated[int, Field(ge=1, le=100)] | None = None
    forbid: Strings | None = None


    @model_validator(mode="after")
    def _needs_target(self) -> "RankProbe":
        if self.target is None and self.targets is None:
            raise ValueError("a rank probe needs 'target' or 'targets'")
        return self

    @property
    def top_k(self) -> int:
        return self.k or DEFAULT_K


class AbstainProbe(_Probe):
    type: Literal["abstain"]
    query: NonEmpty
    expect_abstain: bool
    target: Strings | None = None



class VerdictProbe(_Probe):
    type: Literal["verdict"]
    claim: NonEmpty
    expect: Literal["TRUE", "FALSE"]

    @field_validator("expect", mode="before")
    @classmethod
    def _upper(cls, v: Any) -> Any:
        return v.upper() if isinstance(v, str) else v


class PolicyProbe(_Probe):
    type: Literal["policy"]
    query: NonEmpty
    evidence: Annotated[list[NonEmpty], BeforeValidator(_str_list)] = Field(default_factory=list)
    target: Strings
    expect_policy: Strings


    @field_validator("expect_policy")
    @classmethod
    def _known(cls, v: list[str]) -> list[str]:
        bad = [p for p in v if p not in POLICIES]
        if bad:
            raise ValueError(f"unknown policy {bad[0]!r}; one of {', '.join(POLICIES)}")
        return v


Probe = Annotated[Union[RankProbe, AbstainProbe, VerdictProbe, PolicyProbe], Field(discriminator="type")]


class Scenario(_Model):
    id: NonEmpty
    kind: Kind
    users: dict[NonEmpty, NonEmpty] | None = None
    sessions: Annotated[list[Session], Field(min_length=1)]
    probes: list[Probe] = Field(default_factory=list)
    note: str | None = None

    @model_validator(mode="after")
    def _references(self) -> "Scenario":
        users = self.user_map
        for i, s in enumerate(self.sessions):
            if s.user not in users:
                raise ValueError(f"sessions[{i}].user {s.user!r} is not in users ({', '.join(users)})")
        seen: set[str] = set()
        for i, p in enumerate(self.probes):
            if p.user not in users:
                raise ValueError(f"probes[{i}].user {p.user!r} is not in users ({', '.join(users)})")
            pid = self.probe_id(i)
            if pid in seen:
                raise ValueError(f"probes[{i}].id {pid!r} is used twice")
            seen.add(pid)
        return self

    @property
    def user_map(self) -> dict[str, str]:
        """Scenario user key -> the ``user_id`` its memories are stored under."""
        return dict(self.users) if self.users else {DEFAULT_USER: f"scenario-{self.id}"}

    def probe_id(self, i: int) -> str:
        p = self.probes[i]
        return p.id or f"{p.type}-{i}"

    @property
    def clock(self) -> datetime:
        """When probes without ``as_of`` run: one day after the last session."""
        return max(s.ts for s in self.sessions) + timedelta(days=1)


class ScenarioFile(_Model):
    version: Literal[1]
    scenarios: Annotated[list[Scenario], Field(min_length=1)]
    note: str | None = None


def _where(loc: tuple[Any, ...], raw: Any) -> str:
    """``scenarios.3.probes.1.k`` -> ``scenario 'ku-lease': probes[1].k``."""
    parts = list(loc)
    prefix = ""
    if len(parts) >= 2 and parts[0] == "scenarios" and isinstance(parts[1], int):
        idx = parts[1]
        sid = None
        if isinstance(raw, dict) and isinstance(raw.get("scenarios"), list) and idx < len(raw["scenarios"]):
            item = raw["scenarios"][idx]
            sid = item.get("id") if isinstance(item, dict) else None
        prefix = f"scenario {sid!r}" if sid else f"scenarios[{idx}]"
        parts = parts[2:]
    # Drop the discriminator tag pydantic inserts ("probes.0.rank.k").
    parts = [p for p in parts if p not in ("rank", "abstain", "verdict", "policy")]
    field = ""
    for p in parts:
        field += f"[{p}]" if isinstance(p, int) else (f".{p}" if field else str(p))
    return ": ".join(x for x in (prefix, field) if x) or "file"


def parse_scenarios(raw: Any, *, source: str = "scenarios") -> ScenarioFile:
    """Validate decoded JSON; the first few errors become one message naming scenario and field."""
    try:
        data = ScenarioFile.model_validate(raw)
    except ValidationError as exc:
        lines = [f"{_where(e['loc'], raw)}: {e['msg']}" for e in exc.errors()[:5]]
        more = len(exc.errors()) - len(lines)
        raise InvalidInputError(f"{source} is not a valid scenario file (version 1):\n  " + "\n  ".join(lines)
                                + (f"\n  ... and {more} more" if more > 0 else "")) from None
    ids = [s.id for s in data.scenarios]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise InvalidInputError(f"{source}: scenario id {dup[0]!r} is used more than once")
    return data


def load_scenarios(path: str | Path) -> ScenarioFile:
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise InvalidInputError(f"cannot read {path}: {exc}") from exc
    except ValueError as exc:
        raise InvalidInputError(f"{path} is not JSON: {exc}") from exc
    return parse_scenarios(raw, source=str(path))
