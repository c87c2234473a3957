"""Prefix keys stay inside their organisation: ``team-a`` never reaches ``team-ab``."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi")
from click.testing import CliRunner  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from memwarden import Memory  # noqa: E402
from memwarden.config import MemoryConfig  # noqa: E402
from memwarden.errors import InvalidInputError  # noqa: E402
from memwarden.server.app import create_app  # noqa: E402
from memwarden.cli.serve import keys_group  # noqa: E402
from memwarden.api_keys import Tenants, open_keys, parse_tenants  # noqa: E402


@pytest.fixture
def memory(tmp_path):
    m = Memory(tmp_path / "k.db", config=MemoryConfig(embedder="hash"))
    yield m
    m.close()


@pytest.mark.parametrize("prefix", ["team-a", "acme", "x", "*"])
def test_bare_prefix_is_refused_everywhere(memory, prefix):
    keys = open_keys(memory.store)
    with pytest.raises(InvalidInputError, match="prefix"):
        parse_tenants(prefixes=[prefix])
    with pytest.raises(InvalidInputError, match="prefix"):
        keys.create("k", Tenants(prefixes=[prefix]))
    assert keys.list() == []
    pytest.importorskip("mcp")
    from memwarden.server.mcp_server import create_mcp

    with pytest.raises(InvalidInputError, match="prefix"):
        create_mcp(memory, tenants=Tenants(prefixes=[prefix]))


def test_keys_create_refuses_a_bare_prefix_in_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("MEMWARDEN_DATABASE_URL", str(tmp_path / "c.db"))
    r = CliRunner().invoke(keys_group, ["create", "--name", "t", "--prefix", "team-a"])
    assert r.exit_code != 0 and "Traceback" not in r.output
    assert "must end with one of" in r.output and "team-ab" in r.output
    assert CliRunner().invoke(keys_group, ["create", "--name", "t", "--prefix", "team-a-"]).exit_code == 0
    assert "must end with" in CliRunner().invoke(keys_group, ["create", "--help"]).output


@pytest.mark.parametrize("prefix", ["team-a:", "team-a/", "team-a.", "team-a-", "team-a_"])
def test_delimited_prefix_reaches_its_organisation_only(memory, prefix):
    keys = open_keys(memory.store)
    token = keys.create("org", parse_tenants(prefixes=[prefix])).token
    client = TestClient(create_app(memory, keys), raise_server_exceptions=False,
                        headers={"Authorization": f"Bearer {token}"})
    assert client.get("/v1/memories", params={"user_id": prefix + "bob"}).status_code == 200
    for sibling in ["team-ab", "team-a", "team-abc:bob", "team-b" + prefix[-1] + "x"]:
        assert client.get("/v1/memories", params={"user_id": sibling}).status_code == 403, sibling


def test_a_bare_prefix_stored_before_the_rule_matches_whole_segments(memory, monkeypatch):
    keys = open_keys(memory.store)
    monkeypatch.setattr(Tenants, "check", lambda self: self, raising=False)  # a key made by an older version
    token = keys.create("legacy", Tenants(prefixes=["team-a"])).token
    monkeypatch.undo()
    memory.add("team-ab's private plan", user_id="team-ab", admission="all")
    client = TestClient(create_app(memory, keys), raise_server_exceptions=False,
                        headers={"Authorization": f"Bearer {token}"})
    for own in ["team-a", "team-a:bob", "team-a-x", "team-a/y"]:
        assert client.get("/v1/memories", params={"user_id": own}).status_code == 200, own
    assert client.get("/v1/memories", params={"user_id": "team-ab"}).status_code == 403
    assert client.delete("/v1/memories", params={"user_id": "team-ab"}).status_code == 403
    assert len(memory.get_all(user_id="team-ab")) == 1
