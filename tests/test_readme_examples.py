"""Every ```python block of README.md runs, or is listed here with the reason it cannot run offline.

Blocks run verbatim in a temporary directory with ``HOME`` pointed there (so ``~/.memwarden/app.db``
lands in it), with the bundled embedder. A block that needs a server, an OpenAI model or an LLM is
named in ``SKIPS`` by a string only it contains; a new README block that is neither run nor listed
fails ``test_every_block_is_run_or_listed``, and so does a listed string that no block contains.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

README = (Path(__file__).parents[1] / "README.md").read_text()

#: Section headings whose blocks another test already runs.
RUN_ELSEWHERE = {
    "## Coming from mem0": "run with its output checked by tests/test_mem0_docs.py::test_readme_coming_from_mem0_blocks_run",
}

#: A string unique to the block -> why it cannot run here.
SKIPS = {
    "MCPServerStdio": "needs an OpenAI model behind the agent; the same MCPServerStdio call runs with a scripted model "
                      "in tests/test_integration_openai_agents.py",
    "streamable_http_client": "needs a running `memwarden mcp --transport http` server and an API key (TOKEN); "
                              "tests/test_mcp_bound.py and tests/test_server_cli.py run that client",
    "Runner.run_sync": "Runner.run_sync calls the OpenAI API; memory_tools runs with a scripted model in "
                       "tests/test_integration_openai_agents.py",
    "OpenAICompatibleLLM(base_url": "needs an OpenAI-compatible LLM server at 127.0.0.1:8080",
}


def python_blocks() -> list[tuple[str, str]]:
    """(section heading, code) for every ```python block, in README order."""
    out = []
    section = ""
    for part in re.split(r"(?m)^(## .*)$", README):
        if part.startswith("## "):
            section = part.strip()
            continue
        out += [(section, code) for code in re.findall(r"```python\n(.*?)```", part, re.S)]
    return out


def _skip_reason(section: str, code: str) -> str | None:
    for heading, reason in RUN_ELSEWHERE.items():
        if section == heading:
            return reason
    return next((reason for key, reason in SKIPS.items() if key in code), None)


def _autogen_namespace() -> dict[str, Any]:
    from autogen_ext.models.replay import ReplayChatCompletionClient

    return {"model_client": ReplayChatCompletionClient(["ok"])}  # the block says: any ChatCompletionClient


def _check_trust(ns: dict[str, Any], out: str) -> None:
    assert (ns["res"].abstained, ns["res"].abstain_reason) == (True, "no_evidence")


def _check_governed(ns: dict[str, Any], out: str) -> None:
    # The block's comments show what it prints: keep them true.
    block = next(code for _, code in python_blocks() if "ctx = m.context(" in code)
    promised = [line.split("# ", 1)[1] for line in block.splitlines() if re.match(r"# \w+ \| ", line)]
    assert promised and out.splitlines()[: len(promised)] == promised


#: A string unique to the block -> (extra names the block expects, a check of what it did).
SETUP: dict[str, Callable[[], dict[str, Any]]] = {"AssistantAgent(": _autogen_namespace}
CHECKS: dict[str, Callable[[dict[str, Any], str], None]] = {
    'What is my sister\'s phone number?': _check_trust,
    "ctx = m.context(": _check_governed,
}

BLOCKS = python_blocks()
RUNNABLE = [(i, code) for i, (section, code) in enumerate(BLOCKS) if _skip_reason(section, code) is None]


def test_every_block_is_run_or_listed() -> None:
    assert len(BLOCKS) >= 10
    for key in [*SKIPS, *SETUP, *CHECKS]:
        assert sum(key in code for _, code in BLOCKS) == 1, f"{key!r} must name exactly one README block"
    for heading in RUN_ELSEWHERE:
        assert any(section == heading for section, _ in BLOCKS), f"no README block under {heading!r}"
    skipped = [(section, _skip_reason(section, code)) for section, code in BLOCKS if _skip_reason(section, code)]
    # Listed, not silent: the reasons are part of this file, and at most these five are skipped.
    assert len(skipped) <= len(SKIPS) + 1, skipped
    assert len(RUNNABLE) >= 6


@pytest.mark.parametrize(("index", "code"), RUNNABLE, ids=[f"block{i}" for i, _ in RUNNABLE])
def test_readme_block_runs(index: int, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    for name in [k for k in os.environ if k.startswith("MEMWARDEN_")]:
        monkeypatch.delenv(name)
    ns: dict[str, Any] = {"__name__": "readme"}
    for key, setup in SETUP.items():
        if key in code:
            ns.update(setup())
    exec(compile(code, f"README.md python block {index}", "exec"), ns)  # noqa: S102
    out = capsys.readouterr().out
    for key, check in CHECKS.items():
        if key in code:
            check(ns, out)
    for value in ns.values():  # close what the block opened, so the temp dir can go
        if hasattr(value, "close") and type(value).__name__ == "Memory":
            value.close()
