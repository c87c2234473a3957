"""LLM providers.

:class:`LLM` is the whole interface: ``complete(messages, ...) -> Completion`` (:mod:`.base`).
Everything else is built on top of it, so a new backend implements one method:

- :mod:`.json_reply` -- :func:`parse_json`, the one parser of a model's JSON reply (``` fences
  and a prose preface stripped), and :func:`complete_json` (parse, validate, ask once more).
- :mod:`.openai` -- :class:`OpenAICompatibleLLM`, any ``/v1/chat/completions`` server over httpx,
  retries with backoff by tenacity.
- :mod:`.local` -- :class:`LocalLLM`, an in-process llama.cpp model (``memwarden[local]``).
- :mod:`.cache` -- :class:`CachedLLM`, a SQLite response cache around any LLM.
- :mod:`.testing` -- :class:`ScriptedLLM`, deterministic replies for tests.

No LLM configured is a normal mode: :func:`llm_from_config` returns ``None``.
"""

from __future__ import annotations

from pathlib import Path

from ...errors import InvalidInputError
from .base import LLM, Completion, LLMConfig, Message, Usage, UsageMeter, metered
from .cache import CachedLLM
from .json_reply import complete_json, parse_json
from .local import LOCAL_MODEL_SHA256, LocalLLM, assemble_local_model
from .openai import OpenAICompatibleLLM
from .testing import ScriptedLLM

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
    "metered",
    "complete_json",
    "parse_json",
    "llm_from_config",
    "assemble_local_model",
    "LOCAL_MODEL_SHA256",
]


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
