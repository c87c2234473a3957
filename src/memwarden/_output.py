"""Printing typed results for the command lines (shared by every CLI module)."""

from __future__ import annotations

import json
from typing import Any

import click
from pydantic import BaseModel


def plain(obj: Any) -> Any:
    """Models (and lists/dicts of them) as JSON-ready data."""
    if isinstance(obj, BaseModel):
        return obj.model_dump(mode="json")
    if isinstance(obj, dict):
        return {k: plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [plain(v) for v in obj]
    return obj


def emit_json(data: Any) -> None:
    """Print models (or lists/dicts of them) as JSON on stdout."""
    click.echo(json.dumps(plain(data), indent=2, ensure_ascii=False, default=str))
