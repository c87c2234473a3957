"""Settings at the edges: ``memwarden.toml`` plus ``MEMWARDEN_*`` variables, and the one LLM builder.

Only the command line, the REST server and the MCP server call this module; the
library itself never reads a file or the environment.

Where the file is looked for (the first that exists wins): ``$MEMWARDEN_CONFIG``,
``./memwarden.toml``, ``$MEMWARDEN_HOME/memwarden.toml``. Environment variables
override the file, and command-line options override both. Every key::

    database = "memwarden.db"        # SQLite path (relative to the file) or postgresql:// URL
    embedder = "minilm"              # or "hash"
    max_message_chars = 20000
    max_messages_per_add = 1000
    max_request_bytes = 1048576      # memwarden serve

    [admission]
    mode = "auto"                    # or "all"
    policy = "my_policy.json"        # relative to the file
    llm = true                       # with an LLM configured: extract facts and score utility with it
    extraction_prompt = "..."

    [llm]
    provider = "openai"              # none | openai | local
    base_url = "http://127.0.0.1:8080/v1"
    api_key = "sk-..."
    model = "gpt-4o-mini"
    timeout = 60
    max_retries = 2
    cache = "llm-cache.db"
    threads = 1

    [trust]                          # any TrustConfig field, e.g.
    half_life_days = 30
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any, Mapping, Sequence

from pydantic import ValidationError

from .config import MemoryConfig
from .errors import InvalidInputError, LLMAuthError, LLMError, LLMUnavailableError
from .providers.llm import LLM, Completion, LLMConfig, llm_from_config

__all__ = ["config_file", "load_file", "memory_config", "llm_config", "build_llm", "open_memory", "GuardedLLM",
           "raise_llm_failure", "max_request_bytes"]

_TOP = {"database", "embedder", "max_message_chars", "max_messages_per_add", "max_request_bytes", "admission", "llm", "trust"}
_ADMISSION = {"mode": "admission", "policy": "admission_policy", "llm": "llm_admission", "extraction_prompt": "extraction_prompt"}
_LLM = {"provider": "provider", "base_url": "base_url", "api_key": "api_key", "model": "model", "timeout": "timeout",
        "max_retries": "max_retries", "cache": "cache_path", "threads": "n_threads"}


def _env(environ: Mapping[str, str] | None) -> Mapping[str, str]:
    return os.environ if environ is None else environ


def config_file(environ: Mapping[str, str] | None = None, cwd: str | Path | None = None) -> Path | None:
    """The config file in use, or None."""
    env = _env(environ)
    if env.get("MEMWARDEN_CONFIG"):
        path = Path(env["MEMWARDEN_CONFIG"]).expanduser()
        if not path.is_file():
            raise InvalidInputError(f"MEMWARDEN_CONFIG names {path}, which is not a file")
        return path
    for folder in (Path(cwd) if cwd else Path.cwd(), Path(env["MEMWARDEN_HOME"]).expanduser() if env.get("MEMWARDEN_HOME") else None):
        if folder is not None and (folder / "memwarden.toml").is_file():
            return folder / "memwarden.toml"
    return None


def load_file(path: Path | None) -> dict[str, Any]:
    """The file's settings, checked for unknown keys (a typo must not be silently ignored)."""
    if path is None:
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise InvalidInputError(f"{path}: {exc}") from exc
    unknown = set(data) - _TOP
    for section, known in (("admission", _ADMISSION), ("llm", _LLM)):
        if section in data:
            if not isinstance(data[section], dict):
                raise InvalidInputError(f"{path}: [{section}] must be a table")
            unknown |= {f"{section}.{k}" for k in set(data[section]) - set(known)}
    if unknown:
        raise InvalidInputError(f"{path}: unknown setting(s) {', '.join(sorted(unknown))}")
    data["_dir"] = path.parent
    return data


def _relative(value: str, base: Path) -> str:
    if value == ":memory:" or "://" in value or Path(value).expanduser().is_absolute():
        return str(Path(value).expanduser()) if "://" not in value and value != ":memory:" else value
    return str(base / value)


def _file(environ: Mapping[str, str] | None) -> dict[str, Any]:
    return load_file(config_file(environ))


def memory_config(environ: Mapping[str, str] | None = None, **overrides: Any) -> MemoryConfig:
    """The Memory settings: the file, then ``MEMWARDEN_*`` (via :meth:`MemoryConfig.from_env`), then ``overrides``."""
    env = _env(environ)
    data = _file(environ)
    values: dict[str, Any] = {}
    base = data.get("_dir", Path.cwd())
    if "database" in data:
        values["database"] = _relative(str(data["database"]), base)
    for key in ("embedder", "max_message_chars", "max_messages_per_add"):
        if key in data:
            values[key] = data[key]
    for key, field in _ADMISSION.items():
        if key in data.get("admission", {}):
            values[field] = data["admission"][key]
    if "admission_policy" in values:
        values["admission_policy"] = _relative(str(values["admission_policy"]), base)
    if "trust" in data:
        values["trust"] = data["trust"]
    from_env = MemoryConfig.from_env(env)  # its database default ($MEMWARDEN_HOME) only when neither sets one
    env_set = {"database": "MEMWARDEN_DATABASE_URL", "embedder": "MEMWARDEN_EMBEDDER", "max_message_chars": "MEMWARDEN_MAX_MESSAGE_CHARS",
               "max_messages_per_add": "MEMWARDEN_MAX_MESSAGES_PER_ADD", "admission": "MEMWARDEN_ADMISSION",
               "admission_policy": "MEMWARDEN_ADMISSION_POLICY"}
    for field, var in env_set.items():
        if env.get(var) or field not in values:
            values[field] = getattr(from_env, field)
    if env.get("MEMWARDEN_LLM_ADMISSION"):
        values["llm_admission"] = env["MEMWARDEN_LLM_ADMISSION"].strip().lower() in ("1", "true", "yes", "on")
    values.update({k: v for k, v in overrides.items() if v is not None})
    try:
        return MemoryConfig(**values)
    except ValidationError as exc:
        e = exc.errors()[0]
        raise InvalidInputError(f"setting {'.'.join(map(str, e['loc']))}: {e['msg']}") from exc


def max_request_bytes(environ: Mapping[str, str] | None = None, default: int = 1 << 20) -> int:
    env = _env(environ)
    if env.get("MEMWARDEN_MAX_REQUEST_BYTES"):
        return int(env["MEMWARDEN_MAX_REQUEST_BYTES"])
    return int(_file(environ).get("max_request_bytes", default))


def llm_config(environ: Mapping[str, str] | None = None, **overrides: Any) -> LLMConfig:
    """The LLM settings: the file's ``[llm]``, then ``MEMWARDEN_LLM_*``, then ``overrides``."""
    env = _env(environ)
    data = _file(environ)
    values = {field: data["llm"][key] for key, field in _LLM.items() if key in data.get("llm", {})}
    if "cache_path" in values:
        values["cache_path"] = _relative(str(values["cache_path"]), data["_dir"])
    values.update(LLMConfig.from_env(env).model_dump(exclude_unset=True))
    values.update({k: v for k, v in overrides.items() if v is not None})
    if values.get("base_url") and "provider" not in values:
        values["provider"] = "openai"
    try:
        return LLMConfig(**values)
    except ValidationError as exc:
        e = exc.errors()[0]
        raise InvalidInputError(f"setting llm.{'.'.join(map(str, e['loc']))}: {e['msg']}") from exc


class GuardedLLM:
    """The edge's LLM: remembers the first auth or connection failure and fails fast after it.

    Inside the library an LLM failure has a fallback (extraction keeps one candidate per
    turn, an answer abstains), so it never reaches the command line by itself; the edges
    check :attr:`failure` after the work and exit non-zero (:func:`raise_llm_failure`).
    """

    def __init__(self, inner: LLM, where: str = "") -> None:
        self.inner, self.model, self.where = inner, inner.model, where
        self.failure: LLMError | None = None

    def complete(self, messages: Sequence[Any], **kw: Any) -> Completion:
        if self.failure is not None:
            raise self.failure
        try:
            return self.inner.complete(messages, **kw)
        except (LLMAuthError, LLMUnavailableError) as exc:
            self.failure = exc
            raise

    def close(self) -> None:
        close = getattr(self.inner, "close", None)
        if close is not None:
            close()


def build_llm(environ: Mapping[str, str] | None = None, **overrides: Any) -> GuardedLLM | None:
    """The configured LLM (None when none is), wrapped in :class:`GuardedLLM`."""
    env = _env(environ)
    cfg = llm_config(environ, **overrides)
    llm = llm_from_config(cfg, data_dir=env.get("MEMWARDEN_HOME"))
    return None if llm is None else GuardedLLM(llm, where=cfg.base_url if cfg.provider == "openai" else cfg.provider)


def raise_llm_failure(llm: Any, *, fallback: str = "") -> None:
    """Raise the LLM's auth/connection failure (if it had one) as one clear line."""
    failure = getattr(llm, "failure", None)
    if failure is None:
        return
    hint = "check MEMWARDEN_LLM_API_KEY" if isinstance(failure, LLMAuthError) else "check MEMWARDEN_LLM_BASE_URL"
    tail = f"; {fallback}" if fallback else ""
    raise type(failure)(f"{failure} ({hint}){tail}")


def open_memory(database: str | None = None, *, embedder: str | None = None, with_llm: bool = True,
                environ: Mapping[str, str] | None = None, **llm_overrides: Any) -> Any:
    """A Memory configured from the file and environment, with the configured LLM.

    With an LLM and no explicit ``admission.llm`` / ``MEMWARDEN_LLM_ADMISSION``, extraction
    and LLM utility are on: configuring an LLM is asking for it to be used.
    """
    from .memory import Memory

    llm = build_llm(environ, **llm_overrides) if with_llm else None
    cfg = memory_config(environ, database=database, embedder=embedder)
    explicit = "llm" in _file(environ).get("admission", {}) or bool(_env(environ).get("MEMWARDEN_LLM_ADMISSION"))
    if llm is not None and not explicit:
        cfg = cfg.model_copy(update={"llm_admission": True})
    return Memory(config=cfg, llm=llm)
