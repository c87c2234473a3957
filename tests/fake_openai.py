"""A tiny OpenAI-compatible server for tests: ``POST /v1/chat/completions`` on 127.0.0.1.

It is a real HTTP server (``http.server`` in a thread), so the code under test goes through
its real httpx client, headers, timeouts and JSON parsing. Replies come from ``reply(prompt)``;
every request is kept in ``requests`` for assertions. A wrong bearer token gets 401, as
OpenAI answers it.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable


def default_reply(prompt: str) -> str:
    if "Extract the claims" in prompt:  # the claim extractor (claims on, the default)
        return json.dumps({"claims": [{"text": "Maya lives in Porto", "turns": [0], "subject": "Maya",
                                       "attribute": "residence", "value": "Porto"}]})
    if "Extract the facts" in prompt:  # the turn path's fact extraction (claims=False)
        return json.dumps({"facts": [{"text": "Maya lives in Porto", "turns": [0]}]})
    if "Check one sentence" in prompt:
        return json.dumps({"supported": True, "problem": ""})
    if '{"score"' in prompt:
        return json.dumps({"score": 0.9})
    if "Answer the question using" in prompt:
        return json.dumps({"segments": [{"text": "Maya lives in Porto.", "role": "claim", "evidence_ids": [], "memory_ids": []}]})
    return "{}"


class FakeOpenAI:
    def __init__(self, *, api_key: str = "sk-good", reply: Callable[[str], str] = default_reply, model: str = "fake-model") -> None:
        self.api_key, self.reply, self.model = api_key, reply, model
        self.requests: list[dict[str, Any]] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep pytest's output clean
                pass

            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers.get("content-length") or 0)) or b"{}")
                fake.requests.append({"path": self.path, "auth": self.headers.get("authorization"), "body": body})
                if self.headers.get("authorization") != f"Bearer {fake.api_key}":
                    return self._send(401, {"error": {"message": "Incorrect API key provided", "type": "invalid_request_error"}})
                if self.path.rstrip("/") != "/v1/chat/completions":
                    return self._send(404, {"error": {"message": "not found"}})
                prompt = "\n".join(str(m.get("content", "")) for m in body.get("messages", []))
                self._send(200, {
                    "id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": fake.model,
                    "choices": [{"index": 0, "finish_reason": "stop",
                                 "message": {"role": "assistant", "content": fake.reply(prompt)}}],
                    "usage": {"prompt_tokens": len(prompt.split()), "completion_tokens": 5, "total_tokens": len(prompt.split()) + 5},
                })

            def _send(self, status: int, data: dict[str, Any]) -> None:
                raw = json.dumps(data).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base_url = f"http://127.0.0.1:{self._server.server_address[1]}/v1"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> "FakeOpenAI":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(5)

    def env(self, api_key: str | None = None) -> dict[str, str]:
        """``MEMWARDEN_LLM_*`` pointing at this server."""
        return {"MEMWARDEN_LLM_BASE_URL": self.base_url, "MEMWARDEN_LLM_MODEL": self.model,
                "MEMWARDEN_LLM_API_KEY": api_key or self.api_key, "MEMWARDEN_LLM_MAX_RETRIES": "0"}

    def prompts(self) -> list[str]:
        return ["\n".join(str(m.get("content", "")) for m in r["body"].get("messages", [])) for r in self.requests]
