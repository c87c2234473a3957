"""Regenerate README.md's command reference from the CLI's own help text.

    python scripts/update_readme.py          # rewrite README.md in place
    python scripts/update_readme.py --check  # exit 1 if README.md is stale (tests call this)
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from memwarden.cli import main

README = Path(__file__).parents[1] / "README.md"
BEGIN, END = "<!-- cli-reference:begin -->", "<!-- cli-reference:end -->"


def commands(group: click.Group, prefix: list[str]):
    for name in sorted(group.commands):
        cmd = group.commands[name]
        if isinstance(cmd, click.Group):
            yield from commands(cmd, prefix + [name])
        else:
            yield " ".join(prefix + [name]), cmd


def reference() -> str:
    rows = ["| command | what it does |", "|---|---|"]
    for name, cmd in commands(main, []):
        rows.append(f"| `memwarden {name}` | {cmd.get_short_help_str(limit=200)} |")
    return "\n".join([BEGIN, *rows, END])


def updated(text: str) -> str:
    start, end = text.index(BEGIN), text.index(END) + len(END)
    return text[:start] + reference() + text[end:]


if __name__ == "__main__":
    text = README.read_text()
    new = updated(text)
    if "--check" in sys.argv:
        sys.exit(0 if new == text else 1)
    README.write_text(new)
