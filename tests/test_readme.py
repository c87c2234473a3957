"""The README's commands are the truth: CI runs its test command, and its main job runs here."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]
README = (ROOT / "README.md").read_text()


def bash_blocks() -> list[str]:
    return re.findall(r"```bash\n(.*?)```", README, re.S)


def test_setup_is_two_commands():
    setup = [b.strip() for b in bash_blocks()[:2]]
    assert setup[0] == "pip install . && memwarden demo"
    assert setup[1].startswith("pip install -e \".[test]\"") and "pytest" in setup[1]


def test_ci_runs_the_readme_test_command():
    test_cmd = bash_blocks()[1].strip()
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test_cmd in ci, f".ci/run must run the README's test command: {test_cmd}"


def test_readme_main_job_runs_offline(tmp_path):
    """`memwarden demo` works with an empty home, no network settings, no API key."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMWARDEN_")}
    env.update({"MEMWARDEN_HOME": str(tmp_path), "HF_HUB_OFFLINE": "1", "NO_PROXY": "*", "HTTPS_PROXY": "http://127.0.0.1:9"})
    cmd = bash_blocks()[0].split("&&")[1].strip().split()
    assert cmd == ["memwarden", "demo"]
    out = subprocess.run([sys.executable, "-m", "memwarden.cli", *cmd[1:]], env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert "search: Where does Maya live now?" in out.stdout
    assert "Porto" in out.stdout
    assert (tmp_path / "demo.db").exists()


def test_command_reference_is_current():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import update_readme
    finally:
        sys.path.pop(0)
    assert update_readme.updated(README) == README, "README command reference is stale: run python scripts/update_readme.py"
