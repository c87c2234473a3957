"""mem0's filter language, parsed once and compiled to SQL per backend.

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
from datetime import datetime
from typing import Any, Callable, Mapping, Sequence, Union

from ..errors import InvalidInputError

__all__ = ["Cond", "Logic", "FilterNode", "parse_filter", "compile_sqlite", "compile_postgres", "OPERATORS",
           "COLUMN_FIELDS", "MAX_DEPTH", "MAX_NODES", "MAX_LIST"]

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


# -- compilation ------------------------------------------------------------------------------


class _Compiler:
    """SQL text + parameters for a tree; subclasses give each leaf per dialect."""

    ph = "?"

    def __init__(self) -> None:
        self.params: list[Any] = []
        self._n = 0

    def alias(self) -> str:
        self._n += 1
        return f"f{self._n}"

    def p(self, value: Any) -> str:
        self.params.append(value)
        return self.ph

    def node(self, n: FilterNode) -> str:
        if isinstance(n, Logic):
            parts = [self.node(c) for c in n.children]
            if n.op == "AND":
                return "(" + " AND ".join(parts) + ")"
            joined = "(" + " OR ".join(parts) + ")"
            return joined if n.op == "OR" else f"(NOT {joined})"
        if n.op in ("ne", "nin"):
            return f"(NOT {self.leaf(Cond(n.field, n.column, 'eq' if n.op == 'ne' else 'in', n.value))})"
        return self.leaf(n)

    def leaf(self, c: Cond) -> str:
        if c.op == "in" and not c.value:
            return "(1=0)"
        return self.column(c) if c.column else self.meta(c)

    def column(self, c: Cond) -> str:
        col = c.field  # one of COLUMN_FIELDS: a fixed identifier, never caller text
        if c.op == "in":  # one list operator, not an OR chain (SQLite caps expression depth at 1000)
            return f"COALESCE({col} {self.in_list(list(c.value))}, FALSE)"
        if c.op == "exists":
            return f"({col} IS NOT NULL)"
        if c.op == "eq":
            return f"COALESCE({col} = {self.p(self.col_value(c))}, FALSE)"
        if c.op in _CMP:
            return f"COALESCE({col} {_CMP[c.op]} {self.p(self.col_value(c))}, FALSE)"
        if c.op == "contains":
            return f"COALESCE({self.substr(col, self.p(c.value))}, FALSE)"
        return f"COALESCE({self.substr(self.lower(col), self.lower(self.p(c.value)))}, FALSE)"  # icontains

    def col_value(self, c: Cond) -> Any:
        return self.ts(c.value) if isinstance(c.value, datetime) else c.value

    # dialect hooks
    ts: Callable[[datetime], Any]

    def meta(self, c: Cond) -> str:
        raise NotImplementedError

    def in_list(self, values: list[Any]) -> str:
        raise NotImplementedError

    def substr(self, hay: str, needle: str) -> str:
        raise NotImplementedError

    def lower(self, expr: str) -> str:
        raise NotImplementedError


def sqlite_json_kinds(value: Any) -> tuple[str, ...]:
    """SQLite ``json_type`` names a stored value equal to ``value`` can have."""
    if value is None:
        return ("null",)
    if isinstance(value, bool):
        return ("true",) if value else ("false",)
    if isinstance(value, (int, float)):
        return ("integer", "real")
    if isinstance(value, (list, tuple)):
        return ("array",)
    if isinstance(value, Mapping):
        return ("object",)
    return ("text",)


class _SQLite(_Compiler):
    ph = "?"

    def __init__(self, ts: Callable[[datetime], Any]) -> None:
        super().__init__()
        self.ts = ts  # type: ignore[assignment]

    def substr(self, hay: str, needle: str) -> str:
        return f"instr({hay}, {needle}) > 0"

    def in_list(self, values: list[Any]) -> str:
        return f"IN ({', '.join(self.p(v) for v in values)})"

    def typed_in(self, a: str, values: Sequence[Any]) -> str:
        """``a`` (a json_each row) equals one of ``values``, types included, without an OR per value."""
        parts = []
        strings = [v for v in values if isinstance(v, str)]
        numbers = [v for v in values if _is_number(v)]
        if strings:
            parts.append(f"({a}.type = 'text' AND {a}.value {self.in_list(strings)})")
        if numbers:
            parts.append(f"({a}.type IN ('integer', 'real') AND {a}.value {self.in_list(numbers)})")
        for kind, const in (("true", True), ("false", False), ("null", None)):
            if any(v is const for v in values):
                parts.append(f"{a}.type = '{kind}'")
        composite = [v for v in values if isinstance(v, (list, tuple, Mapping))]
        if composite:  # JSON text comparison of arrays/objects, as eq does
            extracts = ", ".join(f"json_extract({self.p(json.dumps(v))}, '$')" for v in composite)
            parts.append(f"({a}.type IN ('array', 'object') AND {a}.value IN ({extracts}))")
        return "(" + " OR ".join(parts) + ")"

    def lower(self, expr: str) -> str:
        return f"mw_lower({expr})"  # Python's str.lower, registered on the connection (SQLite's is ASCII-only)

    def equal(self, a: str, value: Any) -> str:
        kinds = sqlite_json_kinds(value)
        cond = f"{a}.type IN ({', '.join(self.p(k) for k in kinds)})"
        if kinds[0] not in ("null", "true", "false"):
            cond += f" AND {a}.value = json_extract({self.p(json.dumps(value))}, '$')"
        return cond

    def meta(self, c: Cond) -> str:
        a = self.alias()
        head = f"EXISTS (SELECT 1 FROM json_each(memories.metadata) AS {a} WHERE {a}.key = {self.p(c.field)} AND "
        if c.op == "exists":
            return head + f"{a}.type <> 'null')"
        if c.op == "eq":
            return head + self.equal(a, c.value) + ")"
        if c.op == "in":
            return head + self.typed_in(a, c.value) + ")"
        if c.op in _CMP:
            kinds = "'integer', 'real'" if _is_number(c.value) else "'text'"
            return head + f"{a}.type IN ({kinds}) AND {a}.value {_CMP[c.op]} {self.p(c.value)})"
        # Parameters are appended in the order their placeholders appear in the text.
        e = self.alias()
        if c.op == "contains":
            if not isinstance(c.value, str):
                member = f"EXISTS (SELECT 1 FROM json_each({a}.value) AS {e} WHERE {self.equal(e, c.value)})"
                return head + f"{a}.type = 'array' AND {member})"
            sub = self.substr(a + ".value", self.p(c.value))
            member = f"EXISTS (SELECT 1 FROM json_each({a}.value) AS {e} WHERE {self.equal(e, c.value)})"
            return head + f"(({a}.type = 'text' AND {sub}) OR ({a}.type = 'array' AND {member})))"
        # icontains
        sub = self.substr(self.lower(a + ".value"), self.lower(self.p(c.value)))
        member = (f"EXISTS (SELECT 1 FROM json_each({a}.value) AS {e} WHERE {e}.type = 'text' "
                  f"AND {self.lower(e + '.value')} = {self.lower(self.p(c.value))})")
        return head + f"(({a}.type = 'text' AND {sub}) OR ({a}.type = 'array' AND {member})))"


class _Postgres(_Compiler):
    ph = "%s"

    def __init__(self, ts: Callable[[datetime], Any], jsonb: Callable[[Any], Any]) -> None:
        super().__init__()
        self.ts = ts  # type: ignore[assignment]
        self.jsonb = jsonb

    def substr(self, hay: str, needle: str) -> str:
        return f"strpos({hay}, {needle}) > 0"

    def lower(self, expr: str) -> str:
        return f"lower({expr})"

    def in_list(self, values: list[Any]) -> str:
        return f"= ANY({self.p(values)})"

    def meta(self, c: Cond) -> str:
        # Parameters are appended in the order their placeholders appear in the text; CASE (not
        # AND) guards each cast and set-returning call, since PostgreSQL may evaluate AND's
        # operands in any order.
        k = c.field
        if c.op == "exists":
            return f"COALESCE(jsonb_typeof(metadata -> {self.p(k)}) <> 'null', FALSE)"
        if c.op == "eq":
            return f"COALESCE((metadata -> {self.p(k)}) = {self.p(self.jsonb(c.value))}, FALSE)"
        if c.op == "in":
            return f"COALESCE((metadata -> {self.p(k)}) = ANY({self.p([self.jsonb(v) for v in c.value])}::jsonb[]), FALSE)"
        t = f"jsonb_typeof(metadata -> {self.p(k)})"
        if c.op in _CMP:
            if _is_number(c.value):
                return (f"COALESCE(CASE WHEN {t} = 'number' THEN (metadata ->> {self.p(k)})::numeric {_CMP[c.op]} "
                        f"{self.p(str(c.value))}::numeric END, FALSE)")
            return (f"COALESCE(CASE WHEN {t} = 'string' THEN (metadata ->> {self.p(k)}) COLLATE \"C\" {_CMP[c.op]} "
                    f"{self.p(c.value)} END, FALSE)")
        if c.op == "contains":
            if not isinstance(c.value, str):
                return f"COALESCE(CASE WHEN {t} = 'array' THEN {self.member(k, c.value)} END, FALSE)"
            sub = self.substr(f"(metadata ->> {self.p(k)})", self.p(c.value))
            return f"COALESCE(CASE {t} WHEN 'string' THEN {sub} WHEN 'array' THEN {self.member(k, c.value)} END, FALSE)"
        sub = self.substr(self.lower(f"(metadata ->> {self.p(k)})"), self.lower(self.p(c.value)))
        member = (f"EXISTS (SELECT 1 FROM jsonb_array_elements(metadata -> {self.p(k)}) AS e(v) "
                  f"WHERE jsonb_typeof(e.v) = 'string' AND lower(e.v #>> '{{}}') = lower({self.p(c.value)}))")
        return f"COALESCE(CASE {t} WHEN 'string' THEN {sub} WHEN 'array' THEN {member} END, FALSE)"

    def member(self, key: str, value: Any) -> str:
        return (f"EXISTS (SELECT 1 FROM jsonb_array_elements(metadata -> {self.p(key)}) AS e(v) "
                f"WHERE e.v = {self.p(self.jsonb(value))})")


def compile_sqlite(node: FilterNode, ts: Callable[[datetime], Any]) -> tuple[str, list[Any]]:
    c = _SQLite(ts)
    return c.node(node), c.params


def compile_postgres(node: FilterNode, ts: Callable[[datetime], Any], jsonb: Callable[[Any], Any]) -> tuple[str, list[Any]]:
    c = _Postgres(ts, jsonb)
    return c.node(node), c.params


def sqlite_lower(value: Any) -> Any:
    """``mw_lower`` for SQLite connections: Unicode lower-casing, like PostgreSQL's ``lower``."""
    return value.lower() if isinstance(value, str) else value

