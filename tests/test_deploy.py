"""compose.yaml and the Dockerfile cannot run here (no Docker); check what can be checked."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

yaml = pytest.importorskip("yaml")

from memwarden.config import MemoryConfig  # noqa: E402
from memwarden.cli.serve import COMMANDS  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((ROOT / "compose.yaml").read_text())


def _group() -> click.Group:
    group = click.Group("memwarden")
    for command in COMMANDS:
        group.add_command(command)
    return group


def test_compose_services(compose):
    assert {"db", "server", "mcp"} <= set(compose["services"])
    assert "pgvector" in compose["services"]["db"]["image"]
    assert compose["services"]["server"]["depends_on"]["db"]["condition"] == "service_healthy"


def test_compose_settings_are_read_by_the_code(compose):
    src = "\n".join(p.read_text() for p in (ROOT / "src" / "memwarden").rglob("*.py"))
    for name, service in compose["services"].items():
        for var, value in (service.get("environment") or {}).items():
            if var.startswith("MEMWARDEN_"):
                assert f'"{var}"' in src, f"{name}: {var} is not read anywhere"
    url = compose["services"]["server"]["environment"]["MEMWARDEN_DATABASE_URL"]
    assert MemoryConfig.from_env({"MEMWARDEN_DATABASE_URL": url}).database == url
    db = compose["services"]["db"]["environment"]
    assert url == f"postgresql://{db['POSTGRES_USER']}:{db['POSTGRES_PASSWORD']}@db:5432/{db['POSTGRES_DB']}"


@pytest.mark.parametrize("service", ["server", "mcp"])
def test_compose_commands_parse(compose, service):
    argv = compose["services"][service]["command"]
    assert argv[0] == "memwarden"
    group = _group()
    ctx = group.make_context("memwarden", list(argv[1:]), resilient_parsing=True)
    sub = group.get_command(ctx, argv[1])
    assert sub is not None
    sub.make_context(argv[1], list(argv[2:]))  # raises on an unknown option


def test_dockerfile_installs_the_extras_and_runs_serve():
    text = (ROOT / "Dockerfile").read_text()
    assert re.search(r"pip install .*\[server,postgres\]", text)
    extras = (ROOT / "pyproject.toml").read_text()
    assert "server = [" in extras and "postgres = [" in extras
    assert '"memwarden", "serve"' in text
