"""bench/chit_classes.py: ``--authors`` names numbers and ranges, and a run reads only those authors' sets
(session 27 reads and fits authors 1-60 and counts 61-92 once, so a run must not open the other half)."""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

import chit_classes  # noqa: E402
from _sets import AUTHORS  # noqa: E402


def test_authors_arg_reads_numbers_and_ranges() -> None:
    assert chit_classes.authors_arg("") == set()
    assert chit_classes.authors_arg("3") == {3}
    assert chit_classes.authors_arg("1-4,9,12-13") == {1, 2, 3, 4, 9, 12, 13}


def test_sessions_read_only_the_authors_asked(monkeypatch) -> None:
    opened: list[str] = []
    real = Path.read_text

    def spy(self: Path, *args, **kwargs) -> str:  # noqa: ANN002, ANN003
        opened.append(self.as_posix())
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", spy)
    names = {name for name, *_ in chit_classes.sessions({1, 2})}
    assert names == {n for n, a in AUTHORS.items() if a in (1, 2) and n in chit_classes.SCENARIO_SETS}
    assert len(opened) == 2
