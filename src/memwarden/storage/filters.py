"""mem0's filter language, parsed once (here) and compiled to SQL per backend (:mod:`.filter_sql`).

``filters`` is a JSON object. Each key is a field and each value a condition; several keys are
ANDed. ``AND`` / ``OR`` / ``NOT`` take a list of such objects (``NOT`` matches rows that match
*none* of them, as mem0's ``must_not``). A condition is a plain value (equality), ``"*"`` (the
field is present and not null) or an object of operators, ANDed::

    {"category": {"in": ["food", "travel"]}, "priority": {"gte": 5},
     "OR": [{"tags": {"contains": "urgent"}}, {"title": {"icontains": "meeting"}}],
     "NOT": [{"status": "archived"}]}

Fields are metadata keys, except ``agent_id``, ``run_id``, ``created_at`` and ``updated_at``,
which are the memory's own columns; ``metadata.<key>`` always names the metadata key (so a key
called ``AND``, ``agent_id`` or ``metadata.x`` can still be filtered on). ``user_id`` is the
scope, never a filter: the facade lifts it out before this parser runs.

Semantics, the same on every backend (the store conformance suite holds both to them):

- ``eq`` compares JSON values with their types (1 is not "1" nor true); ``ne``/``nin`` are the
  negations, so a row *without* the key matches ``{"archived": {"ne": true}}``.
- ``gt``/``gte``/``lt``/``lte`` take a number (compared with numbers only) or a string
  (compared with strings only, by code point, so ISO dates order correctly).
- ``contains``: a string value contains the substring (case-sensitive), or an array value has
  an element equal to the operand; ``icontains`` the same ignoring case (strings only).
- An unknown operator, a malformed condition or a filter over the size bounds raises
  :class:`~memwarden.errors.InvalidInputError`; it never silently matches nothing.

Every compiled leaf is strictly true or false (never SQL NULL), so NOT is exact.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Mapping, Union

from ..errors import InvalidInputError

__all__ = ["Cond", "Logic", "FilterNode", "parse_filter", "OPERATORS", "COLUMN_FIELDS", "MAX_DEPTH", "MAX_NODES", "MAX_LIST"]

OPERATORS = ("eq", "ne", "in", "nin", "gt", "gte", "lt", "lte", "contains", "icontains")
LOGIC = ("AND", "OR", "NOT")
#: Fields that are the memory's own columns, not metadata keys.
COLUMN_FIELDS = ("agent_id", "run_id", "created_at", "updated_at")
_TIME_FIELDS = ("created_at", "updated_at")
_COLUMN_OPS = {"agent_id": ("eq", "ne", "in", "nin", "contains", "icontains", "exists"),
               "run_id": ("eq", "ne", "in", "nin", "contains", "icontains", "exists"),
               "created_at": ("eq", "ne", "gt", "gte", "lt", "lte", "exists"),
               "updated_at": ("eq", "ne", "gt", "gte", "lt", "lte", "exists")}
_CMP = {"gt": ">", "gte": ">=", "lt": "<", "lte": "<="}
#: Bounds: a filter is user input (the REST body carries it), so its size is capped.
MAX_DEPTH = 8
MAX_NODES = 256
MAX_LIST = 1000
#: All list values of one filter together (SQLite allows 32766 parameters per statement).
MAX_VALUES = 10_000


@dataclass(frozen=True)
class Cond:
    field: str
    #: True: one of COLUMN_FIELDS; False: a metadata key.
    column: bool
    op: str  # one of OPERATORS, or "exists"
    value: Any = None


@dataclass(frozen=True)
class Logic:
    op: str  # AND, OR, NOT (NOT: none of the children)
    children: tuple["FilterNode", ...]


FilterNode = Union[Cond, Logic]


def _bad(msg: str) -> InvalidInputError:
    return InvalidInputError(f"filters: {msg}")


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and (not isinstance(v, float) or math.isfinite(v))


def _json_value(v: Any, where: str) -> Any:
    try:
        json.dumps(v, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise _bad(f"{where}: the value is not JSON ({exc})") from exc
    return v


class _Parser:
    def __init__(self) -> None:
        self.nodes = 0
        self.values = 0

    def count(self) -> None:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _bad(f"more than {MAX_NODES} conditions")

    def obj(self, spec: Any, depth: int) -> FilterNode | None:
        if not isinstance(spec, Mapping):
            raise _bad(f"each condition group must be an object, not {type(spec).__name__}")
        if depth > MAX_DEPTH:
            raise _bad(f"nested deeper than {MAX_DEPTH} levels")
        parts: list[FilterNode] = []
        for key, value in spec.items():
            if not isinstance(key, str):
                raise _bad("keys must be strings")
            if key in LOGIC:
                parts.append(self.logic(key, value, depth))
            else:
                parts.extend(self.field(key, value))
        if not parts:
            return None
        return parts[0] if len(parts) == 1 else Logic("AND", tuple(parts))

    def logic(self, op: str, value: Any, depth: int) -> Logic:
        self.count()
        items = [value] if isinstance(value, Mapping) else value
        if not isinstance(items, (list, tuple)) or not items:
            raise _bad(f"{op} takes a non-empty list of condition objects")
        children = [c for c in (self.obj(v, depth + 1) for v in items) if c is not None]
        if not children:
            raise _bad(f"{op} has only empty conditions")
        return Logic(op, tuple(children))

    def field(self, key: str, value: Any) -> list[Cond]:
        if key.startswith("metadata."):
            name, column = key[len("metadata."):], False
        elif key == "user_id":
            raise _bad("user_id is the scope, not a filter: pass user_id= or a top-level {'user_id': '...'}; "
                       "one call searches one user, so user_id cannot be inside OR/NOT or take an operator")
        else:
            name, column = key, key in COLUMN_FIELDS
        if isinstance(value, Mapping):
            if not value:
                raise _bad(f"{key!r}: an empty operator object")
            unknown = [k for k in value if k not in OPERATORS]
            if unknown:
                raise _bad(f"unknown operator {unknown[0]!r} on {key!r}; operators are {', '.join(OPERATORS)} "
                           f"(equality with an object value: {{'eq': {{...}}}})")
            conds = [(op, operand) for op, operand in value.items()]
        elif isinstance(value, str) and value == "*":
            conds = [("exists", None)]
        else:
            conds = [("eq", value)]
        out = []
        for op, operand in conds:
            self.count()
            out.append(Cond(name, column, op, self.operand(key, name, column, op, operand)))
        return out

    def operand(self, key: str, name: str, column: bool, op: str, v: Any) -> Any:
        where = f"{key!r} {op}"
        if column and op not in _COLUMN_OPS[name]:
            raise _bad(f"{where}: {name} supports {', '.join(_COLUMN_OPS[name])}")
        if op == "exists":
            return None
        if op in ("in", "nin"):
            if not isinstance(v, (list, tuple)):
                raise _bad(f"{where} takes a list")
            if len(v) > MAX_LIST:
                raise _bad(f"{where}: more than {MAX_LIST} values")
            self.values += len(v)
            if self.values > MAX_VALUES:
                raise _bad(f"more than {MAX_VALUES} list values in all")
            return tuple(self.scalar(where, name, column, x) for x in v)
        if op in _CMP:
            if column:
                return self.scalar(where, name, column, v)
            if not (_is_number(v) or isinstance(v, str)):
                raise _bad(f"{where} takes a number or a string, not {type(v).__name__}")
            return v
        if op in ("contains", "icontains"):
            if op == "icontains" or column:
                if not isinstance(v, str):
                    raise _bad(f"{where} takes a string")
            elif not (isinstance(v, str) or _is_number(v) or isinstance(v, bool)):
                raise _bad(f"{where} takes a string, a number or a boolean")
            return v
        return self.scalar(where, name, column, v)  # eq, ne

    @staticmethod
    def scalar(where: str, name: str, column: bool, v: Any) -> Any:
        if not column:
            if isinstance(v, float) and not math.isfinite(v):
                raise _bad(f"{where}: {v} is not a JSON number")
            return _json_value(v, where)
        if name in _TIME_FIELDS:
            from ..messages import parse_time  # the facade's time parser: ISO strings, datetimes, epochs

            try:
                t = parse_time(v)
            except InvalidInputError as exc:
                raise _bad(f"{where}: {exc}") from exc
            if t is None:
                raise _bad(f"{where} needs a time")
            return t
        if not isinstance(v, str):
            raise _bad(f"{where}: {name} values are strings")
        return v


def parse_filter(spec: Mapping[str, Any] | None) -> FilterNode | None:
    """The filter tree of a mem0-style ``filters`` object (None: no condition)."""
    if spec is None:
        return None
    if not isinstance(spec, Mapping):
        raise InvalidInputError(f"filters must be an object, not {type(spec).__name__}")
    return _Parser().obj(spec, 1)
