"""The filter tree (:mod:`.filters`) compiled to SQL: SQLite's ``json_each`` / ``json_type``,
PostgreSQL's ``jsonb`` with CASE-guarded casts. Every leaf is strictly true or false (never SQL
NULL), so NOT is exact; the semantics are the parser module's docstring."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Callable, Mapping, Sequence

from .filters import _CMP, Cond, FilterNode, Logic, _is_number

__all__ = ["compile_sqlite", "compile_postgres", "sqlite_json_kinds", "sqlite_lower"]


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

