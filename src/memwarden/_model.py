"""The base of every public record: a pydantic model that is also a read-only mapping."""

from __future__ import annotations

from typing import Any, ClassVar, Iterator

from pydantic import BaseModel, ConfigDict


class _Model(BaseModel):
    """Every record is also a read-only mapping of its fields, so code written for mem0's dicts
    (``res["results"][0]["memory"]``, ``hit.get("score")``, ``"id" in hit``, ``dict(hit)``) runs
    on the typed objects: one type, two ways in. ``_mem0_keys`` maps a mem0 key to the attribute
    it reads where mem0's name differs (see :class:`Receipt`, :class:`HistoryEvent`)."""

    model_config = ConfigDict(extra="forbid")
    _mem0_keys: ClassVar[dict[str, str]] = {}

    def keys(self) -> list[str]:
        own = [k for k in type(self).model_fields if k not in self._mem0_keys]
        return list(dict.fromkeys([*self._mem0_keys, *own]))

    def __getitem__(self, key: str) -> Any:
        if isinstance(key, str):
            if key in self._mem0_keys:
                return getattr(self, self._mem0_keys[key])
            if key in type(self).model_fields:
                return getattr(self, key)
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key in self.keys()

    def __iter__(self) -> Iterator[str]:  # type: ignore[override]  # a mapping iterates its keys
        return iter(self.keys())

    def values(self) -> list[Any]:
        return [self[k] for k in self.keys()]

    def items(self) -> list[tuple[str, Any]]:
        return [(k, self[k]) for k in self.keys()]

    def __len__(self) -> int:
        return len(self.keys())
