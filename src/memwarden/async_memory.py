"""``AsyncMemory``: the :class:`~memwarden.Memory` methods as coroutines.

Each call runs the synchronous implementation in a worker thread (``asyncio.to_thread``), so
an event loop is never blocked by embedding, SQLite or PostgreSQL. No second implementation:
the facade is already safe to call from many threads (writes serialise on its write lock, each
scope's index has its own lock, the SQLite store serialises statements, the PostgreSQL store
pools connections), so ``asyncio.gather`` over many calls gives the same results as running
them one after another in some order.
"""

from __future__ import annotations

import asyncio
import functools
from pathlib import Path
from typing import Any, Callable, Mapping

from .config import MemoryConfig
from .memory import Memory

__all__ = ["AsyncMemory"]


def _in_thread(name: str) -> Callable[..., Any]:
    sync = getattr(Memory, name)

    @functools.wraps(sync)
    async def method(self: "AsyncMemory", *args: Any, **kwargs: Any) -> Any:
        return await asyncio.to_thread(getattr(self.memory, name), *args, **kwargs)

    method.__doc__ = f"Awaitable :meth:`Memory.{name}` (runs in a worker thread).\n\n{sync.__doc__ or ''}"
    return method


class AsyncMemory:
    """Long-term memory for async code: ``await m.add(...)``, ``await m.search(...)``.

    Takes the same arguments as :class:`Memory` (or wraps an existing one: ``memory=``).
    """

    def __init__(self, path: str | Path | None = None, *, memory: Memory | None = None, **kwargs: Any) -> None:
        if memory is not None and (path is not None or kwargs):
            raise TypeError("pass either memory= or Memory's arguments, not both")
        #: The synchronous facade every call runs on.
        self.memory = memory if memory is not None else Memory(path, **kwargs)

    @classmethod
    def from_config(cls, config: MemoryConfig | Mapping[str, Any] | None = None, *,
                    config_dict: Mapping[str, Any] | None = None) -> "AsyncMemory":
        """As :meth:`Memory.from_config` (memwarden or mem0-style dicts)."""
        return cls(memory=Memory.from_config(config, config_dict=config_dict))

    @property
    def config(self) -> MemoryConfig:
        return self.memory.config

    add = _in_thread("add")
    search = _in_thread("search")
    get = _in_thread("get")
    get_all = _in_thread("get_all")
    update = _in_thread("update")
    delete = _in_thread("delete")
    delete_all = _in_thread("delete_all")
    history = _in_thread("history")
    receipts = _in_thread("receipts")
    reset = _in_thread("reset")
    verdict = _in_thread("verdict")
    card = _in_thread("card")
    context = _in_thread("context")
    answer = _in_thread("answer")
    reindex = _in_thread("reindex")
    close = _in_thread("close")

    async def __aenter__(self) -> "AsyncMemory":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
