"""The ``memwarden`` command line (entry point ``memwarden.cli:main``).

Human-readable tables by default, ``--json`` on every command for machines (the typed models
serialised). A user's mistake is one line on stderr and exit status 1 (2 for usage errors), never
a traceback. What the commands share (options, opening a Memory, printing, errors) is in
:mod:`.options`; each module holds the commands of one part:

- :mod:`.memory_cmds`: add, search, get, list, delete, history, import, export, update, reindex, demo
- :mod:`.admission`: ``admission ...`` and ``eval admission`` / ``eval admission-retrieval``
- :mod:`.governance`: card, context, answer
- :mod:`.evals`: ``eval retrieval`` and the trust and governance benchmarks
- :mod:`.scenarios`: ``eval scenarios``
- :mod:`.serve`: serve, keys, mcp, ui

The stage packages import no click: the commands reach them only through their public modules.
"""

from __future__ import annotations

import click

from . import admission, governance, memory_cmds, scenarios, serve
from .evals import eval_group
from .options import Group

__all__ = ["main", "eval_group"]


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="memwarden")
def main() -> None:
    """memwarden: governed long-term memory for LLM agents (admit, trust, govern)."""


for _cmd in (*memory_cmds.COMMANDS, admission.admission_group, *governance.COMMANDS, *serve.COMMANDS, eval_group):
    main.add_command(_cmd)
for _cmd in (*admission.EVAL_COMMANDS, scenarios.eval_scenarios):
    eval_group.add_command(_cmd)
