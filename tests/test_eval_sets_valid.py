"""Every hand-written evaluation set in the repository passes its format's validator
(`evals/scenarios/validate.py`, `evals/cases/validate.py`): a set committed with a broken probe
would silently score nothing for it."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_FILES = sorted([*ROOT.glob("evals/scenarios/*.json"), *ROOT.glob("evals/heldout*/scenarios.json")])
CASE_DIRS = sorted(p.parent for p in ROOT.glob("evals/heldout*/verdicts.jsonl"))


def test_the_sets_are_found():
    names = {p.parent.name for p in SCENARIO_FILES}
    assert {"scenarios", "heldout4", "heldout5"} <= names and len(CASE_DIRS) >= 5


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_scenario_set_is_valid(path):
    r = subprocess.run([sys.executable, str(ROOT / "evals/scenarios/validate.py"), str(path)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("path", [ROOT / "evals/cases", *CASE_DIRS], ids=lambda p: str(p.relative_to(ROOT)))
def test_case_set_is_valid(path):
    r = subprocess.run([sys.executable, str(ROOT / "evals/cases/validate.py"), str(path)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
