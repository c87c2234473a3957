"""Per-scope write locks: one tenant's slow add never waits on another's.

Writes to one ``user_id`` are serialised in this process (admission reads what
the scope holds, then writes); writes to different scopes run concurrently.
``reset`` touches every scope, so it takes the registry exclusively: it waits
for the running scope writes and holds new ones back until it is done.
"""

from __future__ import annotations

import threading
import weakref
from contextlib import contextmanager
from typing import Iterator


class _ScopeLock:
    __slots__ = ("lock", "__weakref__")

    def __init__(self) -> None:
        self.lock = threading.RLock()


class ScopeLocks:
    def __init__(self) -> None:
        self._mutex = threading.Lock()
        self._idle = threading.Condition(self._mutex)
        #: Only scopes someone holds or waits for are kept: a server sees many tenants.
        self._locks: weakref.WeakValueDictionary[str, _ScopeLock] = weakref.WeakValueDictionary()
        self._active = 0  # scope writes holding or waiting for their scope's lock
        self._exclusive = 0  # threads in or waiting for ``everything``
        self._owner: int | None = None
        self._held = threading.local()  # scope locks this thread holds (nested scopes)

    @contextmanager
    def scope(self, user_id: str) -> Iterator[None]:
        """Hold ``user_id``'s write lock (re-entrant within a thread)."""
        me = threading.get_ident()
        depth = getattr(self._held, "n", 0)
        with self._idle:
            # The thread holding everything may touch any scope, and a thread already holding a
            # scope must not wait behind ``everything`` (which waits for it): that would deadlock.
            if self._owner != me and not depth:
                while self._exclusive:
                    self._idle.wait()
            self._active += 1
            entry = self._locks.get(user_id)
            if entry is None:
                entry = self._locks[user_id] = _ScopeLock()
        self._held.n = depth + 1
        try:
            with entry.lock:
                yield
        finally:
            self._held.n = depth
            with self._idle:
                self._active -= 1
                if not self._active:
                    self._idle.notify_all()

    @contextmanager
    def everything(self) -> Iterator[None]:
        """Exclusive: no scope write runs while this is held (``reset``)."""
        me = threading.get_ident()
        with self._idle:
            self._exclusive += 1
            while self._active or self._owner is not None:
                self._idle.wait()
            self._owner = me
        try:
            yield
        finally:
            with self._idle:
                self._owner = None
                self._exclusive -= 1
                self._idle.notify_all()
