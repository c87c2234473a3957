"""Any ``/v1/chat/completions`` server (OpenAI, DeepSeek, vLLM, Ollama, llama.cpp's server) over httpx,
with timeouts, retries with backoff (tenacity) and token/latency accounting.

JSON mode is requested as ``json_schema`` first; servers that reject it (llama.cpp answers HTTP 500)
are retried with ``{"type": "json_object", "schema": ...}`` and then without ``response_format``;
the kind that worked is remembered per client.
"""

from __future__ import annotations

import time
from typing import Any, Mapping, Sequence

from tenacity import Retrying, retry_if_exception_type, stop_after_attempt, wait_exponential

from ...errors import InvalidInputError, LLMAuthError, LLMError, LLMUnavailableError
from .base import Completion, Message, Usage

class OpenAICompatibleLLM:
    """``POST {base_url}/chat/completions`` with retries, backoff and accounting."""

    _FORMATS = ("json_schema", "json_object_schema", "json_object", "none")

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None = None,
        timeout: float = 60.0,
        max_retries: int = 2,
        backoff: float = 0.5,
        transport: Any = None,
    ) -> None:
        import httpx

        if not model:
            raise InvalidInputError("an OpenAI-compatible LLM needs a model name")
        self.model = model
        self.max_retries = max_retries
        self.backoff = backoff
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.Client(
            base_url=base_url.rstrip("/") + "/", timeout=httpx.Timeout(timeout), headers=headers, transport=transport
        )
        #: The response_format kind this server accepted last (None: not probed yet).
        self.json_format: str | None = None
        self._sleep = time.sleep

    def close(self) -> None:
        self._client.close()

    @staticmethod
    def _response_format(kind: str, schema: Mapping[str, Any]) -> dict[str, Any] | None:
        if kind == "json_schema":
            return {"type": "json_schema", "json_schema": {"name": "reply", "schema": dict(schema), "strict": False}}
        if kind == "json_object_schema":  # llama.cpp's server
            return {"type": "json_object", "schema": dict(schema)}
        if kind == "json_object":
            return {"type": "json_object"}
        return None

    def complete(self, messages: Sequence[Message], *, json_schema: Mapping[str, Any] | None = None, temperature: float = 0.0,
                 max_tokens: int = 512) -> Completion:
        """:meth:`LLM.complete`; with ``json_schema``, the JSON mode this server accepts (probed once)."""
        body: dict[str, Any] = {
            "model": self.model, "messages": [dict(m) for m in messages],
            "temperature": temperature, "max_tokens": max_tokens,
        }
        if json_schema is None:
            return self._post(body)
        kinds = self._FORMATS if self.json_format is None else self._FORMATS[self._FORMATS.index(self.json_format):]
        last: LLMError | None = None
        for kind in kinds:
            rf = self._response_format(kind, json_schema)
            b = dict(body)
            if rf is not None:
                b["response_format"] = rf
            try:
                c = self._post(b, format_probe=rf is not None)
            except _FormatRejected as e:
                last = LLMError(str(e))
                continue
            self.json_format = kind
            return c
        raise last or LLMError("the server accepted no JSON mode")

    def _post(self, body: dict[str, Any], *, format_probe: bool = False) -> Completion:
        """One completion, retried (tenacity) on timeouts, unreachable servers, 408/409/429 and 5xx
        with exponential backoff: ``backoff``, 2 x ``backoff``, ... seconds."""
        retrying = Retrying(stop=stop_after_attempt(self.max_retries + 1), wait=wait_exponential(multiplier=self.backoff),
                            retry=retry_if_exception_type(_Transient), sleep=self._sleep, reraise=True)
        try:
            return retrying(self._post_once, body, format_probe)
        except _Transient as e:
            raise e.error from None

    def _post_once(self, body: dict[str, Any], format_probe: bool) -> Completion:
        import httpx

        t0 = time.perf_counter()
        try:
            r = self._client.post("chat/completions", json=body)
        except httpx.TimeoutException as e:
            raise _Transient(LLMError(f"LLM call timed out: {e}")) from e
        except (httpx.ConnectError, httpx.UnsupportedProtocol) as e:
            raise _Transient(LLMUnavailableError(f"cannot reach the LLM server at {self._client.base_url}: {e}")) from e
        except httpx.HTTPError as e:
            raise _Transient(LLMError(f"LLM call failed: {e}")) from e
        latency = time.perf_counter() - t0
        if r.status_code == 200:
            return self._parse(r, latency)
        # A server that does not know a response_format answers 400/422/500;
        # the caller then tries the next kind rather than retrying this one.
        if format_probe and r.status_code in (400, 422, 500):
            raise _FormatRejected(f"HTTP {r.status_code}: {r.text[:200]}")
        if r.status_code in (401, 403):  # a refused key: neither a format probe nor a retry will fix it
            raise LLMAuthError(f"the LLM server at {self._client.base_url} refused the API key (HTTP {r.status_code})")
        err = LLMError(f"LLM server answered HTTP {r.status_code}: {r.text[:200]}")
        if r.status_code not in (408, 409, 429) and r.status_code < 500:
            raise err  # a client error will not heal by retrying
        raise _Transient(err)

    def _parse(self, r: Any, latency: float) -> Completion:
        try:
            data = r.json()
            text = data["choices"][0]["message"]["content"] or ""
        except (ValueError, KeyError, IndexError, TypeError) as e:
            raise LLMError(f"unexpected LLM response: {r.text[:200]}") from e
        u = data.get("usage") or {}
        return Completion(
            text=text,
            usage=Usage(prompt_tokens=int(u.get("prompt_tokens") or 0), completion_tokens=int(u.get("completion_tokens") or 0)),
            latency=latency,
            model=str(data.get("model") or self.model),
        )


class _FormatRejected(Exception):
    pass


class _Transient(Exception):
    """A failure worth another attempt; carries the error raised once the attempts run out."""

    def __init__(self, error: LLMError) -> None:
        super().__init__(str(error))
        self.error = error
