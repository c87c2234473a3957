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


def test_validator_rejects_fields_the_loader_rejects(tmp_path):
    """A scenario-level or session-level field memwarden's loader forbids (a `why` note, say) fails the validator
    too: a set that validates but cannot be loaded scores nothing."""
    from memwarden.evals.scenario_format import load_scenarios

    scenario = {"id": "s1", "kind": "noise_admission", "probes": [], "sessions": [
        {"ts": "2026-01-05T09:00:00Z", "messages": [{"role": "user", "content": "my gym is on Ford Street", "label": "fact"}]}]}
    good = tmp_path / "good.json"
    good.write_text(__import__("json").dumps({"version": 1, "scenarios": [scenario]}))
    assert subprocess.run([sys.executable, str(ROOT / "evals/scenarios/validate.py"), str(good)]).returncode == 0
    load_scenarios(good)
    for where in ("scenario", "session"):
        bad_scenario = {**scenario, "sessions": [dict(scenario["sessions"][0])]}
        (bad_scenario if where == "scenario" else bad_scenario["sessions"][0])["why"] = "a note in the wrong field"
        bad = tmp_path / f"bad_{where}.json"
        bad.write_text(__import__("json").dumps({"version": 1, "scenarios": [bad_scenario]}))
        r = subprocess.run([sys.executable, str(ROOT / "evals/scenarios/validate.py"), str(bad)], capture_output=True, text=True)
        assert r.returncode == 1 and "field why not allowed" in r.stdout
        with pytest.raises(Exception, match="why"):
            load_scenarios(bad)
