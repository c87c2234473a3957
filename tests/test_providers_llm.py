"""The LLM provider layer: HTTP client against a fake server (no network),
JSON helpers, scripted model, cache, config."""

from __future__ import annotations

import json

import httpx
import pytest

from memwarden.errors import InvalidInputError, LLMError, ModelError
from memwarden.providers.llm import (
    LLM,
    CachedLLM,
    LLMConfig,
    OpenAICompatibleLLM,
    ScriptedLLM,
    UsageMeter,
    complete_json,
    llm_from_config,
    parse_json,
)

MSG = [{"role": "user", "content": "hi"}]


def ok(text: str, pt: int = 7, ct: int = 3) -> httpx.Response:
    return httpx.Response(200, json={"model": "m", "choices": [{"message": {"content": text}}],
                                     "usage": {"prompt_tokens": pt, "completion_tokens": ct}})


def client(handler, **kw) -> OpenAICompatibleLLM:  # type: ignore[no-untyped-def]
    c = OpenAICompatibleLLM(base_url="http://127.0.0.1:9/v1", model="m", api_key="k",
                            transport=httpx.MockTransport(handler), **kw)
    c._sleep = lambda s: None  # no real backoff waits in tests
    return c


def test_scripted_llm_is_an_llm() -> None:
    assert isinstance(ScriptedLLM(["x"]), LLM)


def test_http_completion_accounts_tokens_and_sends_key() -> None:
    seen = {}

    def handler(req: httpx.Request) -> httpx.Response:
        seen["auth"] = req.headers.get("authorization")
        seen["url"] = str(req.url)
        seen["body"] = json.loads(req.content)
        return ok("hello")

    c = client(handler)
    out = c.complete(MSG, max_tokens=5)
    assert out.text == "hello" and out.usage.prompt_tokens == 7 and out.usage.completion_tokens == 3
    assert out.latency >= 0
    assert seen["auth"] == "Bearer k" and seen["url"].endswith("/v1/chat/completions")
    assert seen["body"]["max_tokens"] == 5 and "response_format" not in seen["body"]


def test_llama_cpp_style_server_rejecting_json_schema_gets_json_object_with_schema() -> None:
    formats = []

    def handler(req: httpx.Request) -> httpx.Response:
        rf = json.loads(req.content).get("response_format")
        formats.append(rf and rf["type"])
        if rf and rf["type"] == "json_schema":
            return httpx.Response(500, text="unsupported response_format")
        assert rf["type"] == "json_object" and "schema" in rf
        return ok('{"a": 1}')

    c = client(handler)
    assert parse_json(c.complete(MSG, json_schema={"type": "object"}).text) == {"a": 1}
    assert formats == ["json_schema", "json_object"]
    # The accepted kind is remembered: no second probe.
    c.complete(MSG, json_schema={"type": "object"})
    assert formats == ["json_schema", "json_object", "json_object"]


def test_openai_style_server_accepts_json_schema_first_time() -> None:
    formats = []

    def handler(req: httpx.Request) -> httpx.Response:
        formats.append(json.loads(req.content)["response_format"]["type"])
        return ok('{"a": 2}')

    assert parse_json(client(handler).complete(MSG, json_schema={"type": "object"}).text) == {"a": 2}
    assert formats == ["json_schema"]


def test_retries_with_backoff_then_succeeds() -> None:
    calls = []

    def handler(req: httpx.Request) -> httpx.Response:
        calls.append(1)
        return httpx.Response(503) if len(calls) < 3 else ok("fine")

    waits: list[float] = []
    c = client(handler, max_retries=2, backoff=0.5)
    c._sleep = waits.append
    assert c.complete(MSG).text == "fine"
    assert waits == [0.5, 1.0]


def test_timeout_raises_llm_error_after_retries() -> None:
    def handler(req: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("slow", request=req)

    with pytest.raises(LLMError, match="timed out"):
        client(handler, max_retries=1).complete(MSG)


def test_client_error_is_not_retried() -> None:
    calls = []

    def handler(req: httpx.Request) -> httpx.Response:
        calls.append(1)
        return httpx.Response(401, text="bad key")

    with pytest.raises(LLMError, match="401"):
        client(handler, max_retries=3).complete(MSG)
    assert len(calls) == 1


def test_malformed_response_body() -> None:
    with pytest.raises(LLMError, match="unexpected"):
        client(lambda r: httpx.Response(200, json={"nope": 1})).complete(MSG)


def test_real_socket_fake_server() -> None:
    """The client over a real TCP socket on 127.0.0.1 (a tiny fake server)."""
    import threading
    from http.server import BaseHTTPRequestHandler, HTTPServer

    class H(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            reply = json.dumps({"choices": [{"message": {"content": body["messages"][-1]["content"].upper()}}]}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        def log_message(self, *a: object) -> None:
            pass

    srv = HTTPServer(("127.0.0.1", 0), H)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    try:
        c = OpenAICompatibleLLM(base_url=f"http://127.0.0.1:{srv.server_port}/v1", model="m", timeout=5)
        assert c.complete(MSG).text == "HI"
        c.close()
    finally:
        srv.shutdown()
        srv.server_close()


@pytest.mark.parametrize("text,expected", [
    ('```json\n{"a": 1}\n```', {"a": 1}),
    ('```\n[1, 2]\n```', [1, 2]),
    ('Sure! Here it is: {"a": {"b": "}"}} hope it helps', {"a": {"b": "}"}}),
    ('{"a": 1}', {"a": 1}),
])
def test_parse_json_strips_fences_and_prose(text: str, expected: object) -> None:
    assert parse_json(text) == expected


def test_parse_json_rejects_non_json() -> None:
    with pytest.raises(LLMError):
        parse_json("I cannot help with that.")


def test_complete_json_retries_once_on_invalid_json() -> None:
    llm = ScriptedLLM(["not json at all", '{"ok": true}'])
    meter = UsageMeter()
    assert complete_json(llm, MSG, meter=meter) == {"ok": True}
    assert meter.calls == 2
    assert "not valid" in llm.calls[1][-1]["content"]


def test_complete_json_gives_up_with_llm_error() -> None:
    with pytest.raises(LLMError, match="no valid JSON"):
        complete_json(ScriptedLLM(["nope", "still nope"]), MSG)


def test_scripted_raises_scripted_exceptions_and_runs_out() -> None:
    llm = ScriptedLLM([LLMError("boom")])
    with pytest.raises(LLMError, match="boom"):
        llm.complete(MSG)
    with pytest.raises(LLMError, match="no more"):
        llm.complete(MSG)


def test_cache_hits_skip_the_model(tmp_path) -> None:  # type: ignore[no-untyped-def]
    inner = ScriptedLLM(lambda m: "answer " + m[-1]["content"])
    c = CachedLLM(inner, tmp_path / "cache.db")
    a = c.complete(MSG)
    b = c.complete(MSG)
    assert a.text == b.text == "answer hi" and not a.cached and b.cached
    assert len(inner.calls) == 1
    c.complete([{"role": "user", "content": "other"}])
    assert len(inner.calls) == 2
    c.close()
    # Persisted across instances (the point: re-running an eval is cheap).
    c2 = CachedLLM(ScriptedLLM([]), tmp_path / "cache.db")
    assert c2.complete(MSG).text == "answer hi"
    c2.close()


def test_cache_key_includes_model(tmp_path) -> None:  # type: ignore[no-untyped-def]
    c1 = CachedLLM(ScriptedLLM(["one"], model="a"), tmp_path / "c.db")
    c2 = CachedLLM(ScriptedLLM(["two"], model="b"), tmp_path / "c.db")
    assert c1.complete(MSG).text == "one" and c2.complete(MSG).text == "two"
    c1.close()
    c2.close()


def test_config_from_env_and_no_llm_is_normal() -> None:
    assert llm_from_config(None) is None
    assert llm_from_config(LLMConfig()) is None
    cfg = LLMConfig.from_env({"MEMWARDEN_LLM_BASE_URL": "http://127.0.0.1:1/v1", "MEMWARDEN_LLM_MODEL": "x",
                              "MEMWARDEN_LLM_TIMEOUT": "3"})
    assert cfg.provider == "openai" and cfg.timeout == 3.0
    llm = llm_from_config(cfg)
    assert isinstance(llm, OpenAICompatibleLLM) and llm.model == "x"
    assert "api_key" not in repr(LLMConfig(api_key="secret")) or "secret" not in repr(LLMConfig(api_key="secret"))
    with pytest.raises(InvalidInputError):
        llm_from_config(LLMConfig(provider="bogus"))


def test_local_model_missing_parts_is_a_model_error(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from importlib import metadata

    from memwarden.providers import llm as mod

    def missing(name: str):  # type: ignore[no-untyped-def]
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "distribution", missing)
    with pytest.raises(ModelError, match="memwarden\\[local\\]"):
        mod.assemble_local_model(tmp_path / "m.gguf")


def _impls(tmp_path):  # type: ignore[no-untyped-def]
    echo = lambda msgs: '```json\n{"echo": "%s"}\n```' % msgs[-1]["content"]  # noqa: E731
    yield ScriptedLLM(echo)
    yield CachedLLM(ScriptedLLM(echo), tmp_path / "c.db")
    yield client(lambda req: ok(echo(json.loads(req.content)["messages"])))


def test_llm_conformance_every_implementation(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The same contract for every shipped LLM (LocalLLM is exercised by the eval, not here)."""
    for impl in _impls(tmp_path):
        assert isinstance(impl, LLM) and impl.model
        c = impl.complete([{"role": "user", "content": "x"}], max_tokens=10)
        assert isinstance(c.text, str) and c.usage.prompt_tokens >= 0 and c.latency >= 0
        assert complete_json(impl, [{"role": "user", "content": "y"}], schema={"type": "object"}) == {"echo": "y"}
