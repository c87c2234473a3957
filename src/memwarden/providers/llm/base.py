"""The one model interface: :class:`LLM` (``complete(messages, ...) -> Completion``), its records,
how to reach one (:class:`LLMConfig`) and call accounting (:class:`UsageMeter`). Everything else
(JSON replies, caching, the backends) is built on ``complete``, so a new backend implements one method."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol, Sequence, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

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
