"""Schemathesis over the server's own OpenAPI document: no input produces a
5xx, and every response matches the documented status codes and schemas.
Bounded (a few examples per operation) so it runs in CI in seconds."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi")
schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402

from memwarden import Memory  # noqa: E402
from memwarden.config import MemoryConfig  # noqa: E402
from memwarden.server.app import create_app  # noqa: E402
from memwarden.api_keys import open_keys, parse_tenants  # noqa: E402

_memory = Memory(config=MemoryConfig(embedder="hash"))
_keys = open_keys(_memory.store)
_TOKEN = _keys.create("fuzz", parse_tenants(["*"])).token
app = create_app(_memory, _keys, max_body_bytes=64 * 1024)
schema = schemathesis.openapi.from_asgi("/openapi.json", app)


@schema.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), database=None, derandomize=True)
def test_api_never_fails_server_side(case):
    # Every check but "schema-valid request rejected": the core validates more than
    # JSON Schema can say (an image-only message, a time out of range), and those
    # inputs rightly get a 400; this test asserts no 5xx and documented responses.
    case.call_and_validate(
        headers={"Authorization": f"Bearer {_TOKEN}"},
        excluded_checks=[schemathesis.checks.positive_data_acceptance],
    )
