"""Files holding memories are owner-only (issue 9, finding 7): a new database (and its
-wal/-shm files) is 0600 and a new MEMWARDEN_HOME 0700, whatever the umask."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from memwarden import Memory, MemoryConfig
from memwarden.providers.llm import CachedLLM, ScriptedLLM

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")


def mode(p: Path) -> int:
    return stat.S_IMODE(p.stat().st_mode)


@pytest.fixture
def permissive_umask():  # type: ignore[no-untyped-def]
    old = os.umask(0o022)  # the usual default, which gave 0644 / 0755
    yield
    os.umask(old)


def test_new_home_and_database_are_owner_only(tmp_path, permissive_umask) -> None:  # type: ignore[no-untyped-def]
    home = tmp_path / "home" / ".memwarden"
    cfg = MemoryConfig.from_env({"MEMWARDEN_HOME": str(home), "MEMWARDEN_EMBEDDER": "hash"})
    with Memory(config=cfg) as m:
        m.add("my bank PIN is not 1234", user_id="alice", admission="all")
        db = Path(cfg.database)
        files = [db, Path(f"{db}-wal"), Path(f"{db}-shm")]
        assert all(f.exists() for f in files)
        assert mode(home) == 0o700
        assert {f.name: mode(f) for f in files} == {f.name: 0o600 for f in files}


def test_an_existing_file_keeps_its_mode(tmp_path, permissive_umask) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "shared.db"
    with Memory(db, config=MemoryConfig(embedder="hash")):
        pass
    os.chmod(db, 0o640)  # shared with a group on purpose
    with Memory(db, config=MemoryConfig(embedder="hash")):
        pass
    assert mode(db) == 0o640


def test_llm_cache_is_owner_only(tmp_path, permissive_umask) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "cache" / "llm.db"
    CachedLLM(ScriptedLLM([]), path)
    assert mode(path.parent) == 0o700 and mode(path) == 0o600


def test_unwritable_directory_is_a_storage_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from memwarden.errors import StorageError

    if os.geteuid() == 0:
        pytest.skip("root ignores directory permissions")
    ro = tmp_path / "ro"
    ro.mkdir(mode=0o500)
    with pytest.raises(StorageError, match="cannot open database"):
        Memory(ro / "sub" / "m.db", config=MemoryConfig(embedder="hash"))
