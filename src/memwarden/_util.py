"""Small helpers shared by several stages (ids, clocks, hashing)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
import re
import unicodedata
import uuid
from datetime import datetime, timezone


def new_id() -> str:
    return str(uuid.uuid4())


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def as_utc(value: datetime) -> datetime:
    """Naive datetimes are taken as UTC; aware ones are converted."""
    if value.tzinfo is None:
        return value.replace(tzinfo=timezone.utc)
    return value.astimezone(timezone.utc)


_WS = re.compile(r"\s+")


def normalize_text(text: str) -> str:
    """Canonical form used for exact-duplicate detection."""
    text = unicodedata.normalize("NFKC", text).casefold()
    return _WS.sub(" ", text).strip()


def text_hash(text: str) -> str:
    return hashlib.sha256(normalize_text(text).encode("utf-8")).hexdigest()


def sha256_file(path: Path) -> str:
    """Hex sha256 of a file, read in 4 MiB chunks (model files are large)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 22), b""):
            h.update(chunk)
    return h.hexdigest()


def create_private_file(path: Path) -> None:
    """Make sure ``path`` exists, creating it (and a missing parent directory) owner-only.

    A memory database holds every tenant's memories: a new file is 0600 and a new
    directory 0700, whatever the umask. SQLite gives its -wal and -shm files the
    main file's permissions. An existing file or directory is left as it is (its
    owner may share it on purpose).
    """
    if not path.parent.exists():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    os.close(fd)
    os.chmod(path, 0o600)  # an umask can only remove bits; this is for clarity on odd filesystems
