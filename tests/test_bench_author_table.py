"""bench/author_table.py: the per-author comparison the sessions report, on reports written here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

import author_table  # noqa: E402
from _sets import AUTHORS, HELDOUT_SETS, SCENARIO_SETS, VALIDATION_SETS  # noqa: E402


def _report(overall: float, now: float, lost: int) -> dict:
    return {"system": "memwarden", "overall": overall, "probes_passed": 0.5,
            "issue10": {"now_current@1": now, "facts_lost": lost, "chitchat_stored_rate": 0.25},
            "per_type": {"abstain": {"balanced_accuracy": 0.8, "false_abstention_rate": 0.1},
                         "verdict": {"accuracy": 0.5}}}


def _write(folder: Path, name: str, report: dict, verdict: float | None = None) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.json").write_text(json.dumps({"reports": [report, {**report, "system": "vector"}]}))
    if verdict is not None:
        (folder / f"{name}.verd.json").write_text(json.dumps({"accuracy": verdict}))


def test_table_shows_each_author_change_and_the_mean(tmp_path: Path) -> None:
    base, after = tmp_path / "base", tmp_path / "after"
    _write(base, "dev", _report(0.8, 0.5, 2), verdict=0.5)
    _write(after, "dev", _report(0.9, 0.5, 0), verdict=0.75)
    _write(base, "dev2", _report(0.6, 1.0, 0))
    _write(after, "dev2", _report(0.6, 1.0, 0))
    text = author_table.table(base, after, {"dev": "", "dev2": "", "heldout": ""})
    rows = {line.split(" |")[0]: line for line in text.splitlines()}
    assert "0.800 → **0.900**" in rows["| dev (1)"] and "2 → **0**" in rows["| dev (1)"]
    assert "0.500 → **0.750**" in rows["| dev (1)"]  # verdict cases
    assert "**" not in rows["| dev2 (2)"]  # nothing changed: plain values
    assert "| heldout (3)" not in rows  # a set neither run holds is left out, not zero
    assert rows["| mean"].split(" | ")[1] == "0.700 → 0.750"


def test_validation_sets_are_apart_from_the_fitted_ones() -> None:
    assert not set(VALIDATION_SETS) & set(SCENARIO_SETS) and not set(HELDOUT_SETS) & (set(SCENARIO_SETS) | set(VALIDATION_SETS))
    assert set(AUTHORS) == set(SCENARIO_SETS) | set(VALIDATION_SETS) | set(HELDOUT_SETS)
    for path in {**SCENARIO_SETS, **VALIDATION_SETS, **HELDOUT_SETS}.values():
        assert (BENCH.parent / path).is_file(), path


def test_unknown_set_is_refused_with_the_names_it_knows() -> None:
    done = subprocess.run([sys.executable, str(BENCH / "author_table.py"), "table", "x", "--base", "y", "--sets",
                           "nope"], capture_output=True, text=True)
    assert done.returncode != 0 and "unknown set 'nope'" in done.stderr and "heldout11" in done.stderr
