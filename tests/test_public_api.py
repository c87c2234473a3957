"""The public names of ``memwarden`` are pinned: adding or removing one is a deliberate change.

Everything else lives in private-by-convention modules and may move.
"""

from __future__ import annotations

import inspect

import memwarden

PUBLIC = [
    "AddResult",
    "AsyncMemory",
    "BoundaryCard",
    "CalibratedContext",
    "Claim",
    "ConflictGroup",
    "EpisodeRef",
    "GovernedAnswer",
    "GovernedMemory",
    "HistoryEvent",
    "InputTooLargeError",
    "InvalidInputError",
    "LLMError",
    "Memory",
    "MemoryConfig",
    "MemoryItem",
    "MemwardenError",
    "ModelError",
    "NotAMemwardenDatabase",
    "NotFoundError",
    "PolicyError",
    "Receipt",
    "Reliability",
    "SchemaTooNewError",
    "ScoreParts",
    "SearchHit",
    "SearchResult",
    "StorageError",
    "TrustConfig",
    "Verdict",
]


def test_all_is_pinned() -> None:
    assert sorted(memwarden.__all__) == PUBLIC
    assert len(set(memwarden.__all__)) == len(memwarden.__all__)


def test_every_exported_name_exists_and_belongs_to_the_package() -> None:
    for name in memwarden.__all__:
        obj = getattr(memwarden, name)
        assert obj.__module__.startswith("memwarden."), name


def test_nothing_public_is_left_out_of_all() -> None:
    public = {
        name for name, obj in vars(memwarden).items()
        if not name.startswith("_") and not inspect.ismodule(obj)
    }
    assert public == set(memwarden.__all__)


def test_exported_errors_form_one_tree() -> None:
    for name in memwarden.__all__:
        obj = getattr(memwarden, name)
        if isinstance(obj, type) and issubclass(obj, Exception):
            assert issubclass(obj, memwarden.MemwardenError), name


def test_version_is_a_string() -> None:
    assert isinstance(memwarden.__version__, str) and memwarden.__version__.count(".") >= 1
