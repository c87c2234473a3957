"""mem0 compatibility: scopes named the mem0 way, mem0 config dicts, search knobs.

What code written for mem0 passes, translated to memwarden's terms once, at the facade's
edge; nothing below the facade knows about mem0. README "Coming from mem0" has the mapping.
"""

from __future__ import annotations

import os
from typing import Any, Mapping
from urllib.parse import quote

import numpy as np

from .config import MemoryConfig
from .errors import InvalidInputError
from .messages import check_memory_id, check_optional, check_metadata, check_scope_id, check_user_id
from .storage.filters import FilterNode, parse_filter

SCOPE_KEYS = ("user_id", "agent_id", "run_id")


# -- scopes -----------------------------------------------------------------------------------


def agent_scope(agent_id: str) -> str:
    """The scope of memories added with ``agent_id`` and no ``user_id`` (mem0 allows that)."""
    return f"agent:{agent_id}"


def run_scope(run_id: str) -> str:
    """The scope of memories added with only ``run_id``."""
    return f"run:{run_id}"


def _liftable(value: Any) -> bool:
    return isinstance(value, str) and value != "*"


def split_scope(
    user_id: Any, agent_id: Any, run_id: Any, filters: Any
) -> tuple[Any, Any, Any, dict[str, Any] | None]:
    """Lift ``user_id`` / ``agent_id`` / ``run_id`` out of mem0-style ``filters``.

    A plain string value of one of these keys at the top of ``filters`` (or as a one-key member
    of a top-level ``AND`` list) becomes the argument of that name; the same key given both
    ways must agree. What is left is the metadata filter. ``agent_id`` / ``run_id`` with an
    operator (``{"in": [...]}``, ``"*"``) stay in the filter as column conditions.
    """
    if filters is None:
        return user_id, agent_id, run_id, None
    if not isinstance(filters, Mapping):
        raise InvalidInputError(f"filters must be an object, not {type(filters).__name__}")
    given = {"user_id": user_id, "agent_id": agent_id, "run_id": run_id}
    rest = dict(filters)

    def lift(key: str, value: Any) -> None:
        if given[key] is not None and given[key] != value:
            raise InvalidInputError(f"{key} is {given[key]!r} but filters say {value!r}")
        given[key] = value

    for key in SCOPE_KEYS:
        if key in rest and _liftable(rest[key]):
            lift(key, rest.pop(key))
    conj = rest.get("AND")
    if isinstance(conj, list):
        kept = []
        for member in conj:
            if isinstance(member, Mapping) and len(member) == 1:
                (key, value), = member.items()
                if key in SCOPE_KEYS and _liftable(value):
                    lift(key, value)
                    continue
            kept.append(member)
        if kept:
            rest["AND"] = kept
        else:
            del rest["AND"]
    return given["user_id"], given["agent_id"], given["run_id"], rest


def default_user(user_id: Any, agent_id: Any, run_id: Any) -> Any:
    """``user_id``, or the reserved scope of an agent / run given alone; None when none is given.

    With ``agent_id`` (and maybe ``run_id``) but no ``user_id`` the scope is ``agent:<agent_id>``;
    with ``run_id`` alone it is ``run:<run_id>``. Memories added with a ``user_id`` live in that
    user's scope whatever their agent: scopes never overlap, so an agent shared by several users
    sees each user's memories only through that user's scope.
    """
    if user_id is not None:
        return user_id
    if isinstance(agent_id, str) and agent_id.strip():
        return agent_scope(agent_id)
    if isinstance(run_id, str) and run_id.strip():
        return run_scope(run_id)
    raise InvalidInputError(
        "user_id is required: pass user_id=, filters={'user_id': ...}, or agent_id / run_id alone")


def scope(user_id: Any, agent_id: Any, run_id: Any, filters: Any = None
          ) -> tuple[str, str | None, str | None, FilterNode | None]:
    """Scope arguments named either way (keywords or ``filters={"user_id": ...}``), checked, and
    the parsed filter that is left: what every scoped facade method starts with."""
    user_id, agent_id, run_id, rest = split_scope(user_id, agent_id, run_id, filters)
    where = parse_filter(check_metadata(rest, "filters"))
    agent_id = check_scope_id(agent_id, "agent_id", required=False)
    run_id = check_scope_id(run_id, "run_id", required=False)
    return check_user_id(default_user(user_id, agent_id, run_id)), agent_id, run_id, where


def owner(store: Any, memory_id: Any, user_id: Any) -> str:
    """The scope of a by-id call: ``user_id`` when given, else the one scope holding the id."""
    if user_id is not None:
        return check_user_id(user_id)
    return owner_of(store, check_memory_id(memory_id))


def update_text(data: Any, text: Any) -> tuple[Any, str]:
    """``update``'s new text, named ``data`` (mem0 v1) or ``text`` (mem0 now), and that name."""
    if text is None:
        return data, "data"
    if data is not None and data != text:
        raise InvalidInputError("pass data or text, not both")
    return text, "text"


def search_args(limit: Any, top_k: Any, threshold: Any, rerank: Any, explain: Any) -> tuple[int, float | None]:
    """``search``'s mem0 knobs checked: the hit count (``limit`` or ``top_k``) and the threshold.
    ``rerank`` and ``explain`` are accepted for mem0 code and change nothing (see ``search``)."""
    limit = search_limit(limit, top_k)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise InvalidInputError("limit must be a positive integer")
    threshold = check_threshold(threshold)
    check_optional(rerank, "rerank", bool), check_optional(explain, "explain", bool)
    return limit, threshold


def search_limit(limit: Any, top_k: Any, default: int = 10) -> Any:
    """mem0 says ``top_k`` (v1: ``limit``); both mean the number of hits."""
    if top_k is None:
        return default if limit is None else limit
    if limit is not None and limit != top_k:
        raise InvalidInputError(f"limit ({limit!r}) and top_k ({top_k!r}) disagree: pass one")
    return top_k


def check_threshold(threshold: Any) -> float | None:
    if threshold is None:
        return None
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not -1.0 <= threshold <= 1.0:
        raise InvalidInputError(f"threshold must be a number from -1 to 1 (cosine similarity), not {threshold!r}")
    return float(threshold)


def above_threshold(index: Any, qvec: np.ndarray, mask: np.ndarray, threshold: float) -> np.ndarray:
    """``mask`` narrowed to rows whose cosine similarity to the query is at least ``threshold``.

    The threshold is on the dense arm's cosine (mem0's scale), not on the fused score: the
    fused score is a sum of z-scores standardised over the scope, so a fixed cut-off on it
    would mean something different in every scope. Applied before ranking, so ``limit`` hits
    are still returned when that many pass.
    """
    rows = np.flatnonzero(mask)
    if rows.size:
        scores = index.dense_scores(qvec, rows)
        mask = mask.copy()
        mask[rows[scores < threshold]] = False
    return mask


# -- mem0 config dicts ------------------------------------------------------------------------

#: Keys only a mem0 config has; any of them makes ``Memory.from_config`` read the dict as mem0's.
MEM0_KEYS = ("llm", "vector_store", "history_db_path", "history_db", "version", "graph_store", "reranker",
             "custom_fact_extraction_prompt", "custom_update_memory_prompt", "custom_instructions")

#: OpenAI-compatible LLM providers: the base URL key mem0 uses, the default URL, the API key variable.
_LLM_PROVIDERS: dict[str, tuple[str, str, str | None]] = {
    "openai": ("openai_base_url", "https://api.openai.com/v1", "OPENAI_API_KEY"),
    "deepseek": ("deepseek_base_url", "https://api.deepseek.com/v1", "DEEPSEEK_API_KEY"),
    "ollama": ("ollama_base_url", "http://localhost:11434", None),
    "lmstudio": ("lmstudio_base_url", "http://localhost:1234/v1", None),
    "vllm": ("vllm_base_url", "http://localhost:8000/v1", "VLLM_API_KEY"),
    "groq": ("groq_base_url", "https://api.groq.com/openai/v1", "GROQ_API_KEY"),
    "together": ("together_base_url", "https://api.together.xyz/v1", "TOGETHER_API_KEY"),
    "xai": ("xai_base_url", "https://api.x.ai/v1", "XAI_API_KEY"),
}
_DEFAULT_MODELS = {"openai": "gpt-4o-mini", "deepseek": "deepseek-chat"}
#: mem0 LLM settings accepted without effect: memwarden sets temperature and token limits per call.
_LLM_IGNORED = ("temperature", "max_tokens", "top_p", "top_k", "enable_vision", "vision_details")
_MINILM_NAMES = ("all-minilm-l6-v2", "sentence-transformers/all-minilm-l6-v2", "minilm")
_EMBEDDER_PROVIDERS = ("huggingface", "fastembed", "sentence_transformers", "memwarden")


def is_mem0_config(config: Mapping[str, Any]) -> bool:
    return any(k in config for k in MEM0_KEYS) or isinstance(config.get("embedder"), Mapping)


def _section(config: Mapping[str, Any], name: str) -> tuple[str | None, dict[str, Any]]:
    sec = config.get(name)
    if sec is None:
        return None, {}
    if not isinstance(sec, Mapping):
        raise InvalidInputError(f"{name} must be an object like {{'provider': ..., 'config': {{...}}}}")
    provider = sec.get("provider")
    inner = sec.get("config") or {}
    if not isinstance(inner, Mapping):
        raise InvalidInputError(f"{name}.config must be an object")
    extra = set(sec) - {"provider", "config"}
    if extra:
        raise InvalidInputError(f"{name}: unknown keys {sorted(extra)}")
    return (str(provider).lower() if provider is not None else None), dict(inner)


def _llm(config: Mapping[str, Any], environ: Mapping[str, str]) -> Any:
    provider, cfg = _section(config, "llm")
    if provider is None:
        return None
    if provider not in _LLM_PROVIDERS:
        raise InvalidInputError(
            f"llm provider {provider!r} is not supported: memwarden speaks the OpenAI chat API "
            f"({', '.join(_LLM_PROVIDERS)}); put {provider} behind an OpenAI-compatible proxy and use provider 'openai' "
            "with openai_base_url")
    url_key, default_url, key_env = _LLM_PROVIDERS[provider]
    base_url = cfg.pop(url_key, None) or cfg.pop("base_url", None) or default_url
    cfg.pop("openai_base_url", None)
    if provider == "ollama" and not base_url.rstrip("/").endswith("/v1"):
        base_url = base_url.rstrip("/") + "/v1"  # Ollama's OpenAI-compatible endpoint
    api_key = cfg.pop("api_key", None) or (environ.get(key_env) if key_env else None)
    model = cfg.pop("model", None) or _DEFAULT_MODELS.get(provider)
    if not model:
        raise InvalidInputError(f"llm.config.model is required for provider {provider!r}")
    for key in _LLM_IGNORED:
        cfg.pop(key, None)
    if cfg:
        raise InvalidInputError(f"llm.config: {sorted(cfg)} not supported (memwarden maps model, api_key, the base URL, "
                                f"and accepts {', '.join(_LLM_IGNORED)} without effect)")
    from .providers.llm import OpenAICompatibleLLM

    return OpenAICompatibleLLM(base_url=base_url, model=model, api_key=api_key)


def _embedder(config: Mapping[str, Any]) -> str | None:
    provider, cfg = _section(config, "embedder")
    if provider is None:
        return None
    model = str(cfg.pop("model", "all-MiniLM-L6-v2")).lower()
    cfg.pop("embedding_dims", None)
    if provider == "memwarden" and model in ("minilm", "hash"):
        return model
    if provider in _EMBEDDER_PROVIDERS and model in _MINILM_NAMES:
        if cfg:
            raise InvalidInputError(f"embedder.config: {sorted(cfg)} not supported")
        return "minilm"
    raise InvalidInputError(
        f"embedder {provider!r} / {model!r} is not supported: memwarden embeds locally with the bundled "
        "all-MiniLM-L6-v2 (provider 'huggingface' or 'fastembed' with model 'all-MiniLM-L6-v2', or omit 'embedder')")


def _database(config: Mapping[str, Any]) -> str | None:
    provider, cfg = _section(config, "vector_store")
    history = config.get("history_db_path")
    if history is None and isinstance(config.get("history_db"), Mapping):
        history = config["history_db"].get("url") or config["history_db"].get("path")
    if provider is None:
        # memwarden keeps history in the same database as the memories: mem0's history file is it.
        return str(history) if history else None
    if provider == "pgvector":
        if cfg.get("connection_string"):
            return str(cfg["connection_string"])
        user, password = cfg.get("user"), cfg.get("password")
        auth = quote(str(user), safe="") + (f":{quote(str(password), safe='')}" if password else "") + "@" if user else ""
        host, port = cfg.get("host", "localhost"), cfg.get("port", 5432)
        return f"postgresql://{auth}{host}:{port}/{quote(str(cfg.get('dbname', 'postgres')), safe='')}"
    if provider in ("sqlite", "memwarden"):
        path = cfg.get("path") or cfg.get("db_path") or history
        return str(path) if path else ":memory:"
    raise InvalidInputError(
        f"vector_store provider {provider!r} is not supported: memwarden stores vectors in its own database "
        "(provider 'pgvector' for PostgreSQL, 'sqlite' with a path, or omit vector_store)")


def from_mem0_config(config: Mapping[str, Any], environ: Mapping[str, str] | None = None) -> tuple[MemoryConfig, Any]:
    """``(MemoryConfig, llm or None)`` from a mem0 config dict; unsupported parts raise, naming them."""
    env = os.environ if environ is None else environ
    for key in ("graph_store", "reranker", "custom_update_memory_prompt"):
        if config.get(key):
            raise InvalidInputError(
                {"graph_store": "graph_store: graph memory is not supported",
                 "reranker": "reranker: memwarden fuses dense and keyword scores itself; remove the reranker",
                 "custom_update_memory_prompt": "custom_update_memory_prompt: supersession is decided by memwarden's "
                                                "rules, not by an update prompt"}[key])
    unknown = set(config) - set(MEM0_KEYS) - {"embedder"}
    if unknown:
        raise InvalidInputError(f"unknown config keys {sorted(unknown)} in a mem0-style config")
    version = config.get("version")
    if version is not None and version != "v1.1":
        raise InvalidInputError(f"version {version!r}: memwarden answers mem0's v1.1 shapes ({{'results': [...]}})")
    values: dict[str, Any] = {}
    database = _database(config)
    if database:
        values["database"] = database
    embedder = _embedder(config)
    if embedder:
        values["embedder"] = embedder
    prompt = config.get("custom_fact_extraction_prompt") or config.get("custom_instructions")
    if prompt:
        if not isinstance(prompt, str):
            raise InvalidInputError("custom_fact_extraction_prompt must be a string")
        values["extraction_prompt"] = prompt
    llm = _llm(config, env)
    if llm is not None:
        values["llm_admission"] = True  # mem0 infers facts on add by default
    return MemoryConfig(**values), llm


def config_and_llm(config: Any, config_dict: Any) -> tuple[MemoryConfig, Any]:
    """``Memory.from_config``'s arguments as ``(MemoryConfig, llm or None)``: a
    :class:`MemoryConfig`, its dict, or a mem0-style config dict (translated)."""
    if config_dict is not None:
        if config is not None:
            raise InvalidInputError("pass config or config_dict, not both")
        config = config_dict
    if config is None:
        return MemoryConfig(), None
    if isinstance(config, MemoryConfig):
        return config, None
    if not isinstance(config, Mapping):
        raise InvalidInputError(f"config must be a MemoryConfig or a dict, not {type(config).__name__}")
    if is_mem0_config(config):
        return from_mem0_config(config)
    return MemoryConfig.model_validate(dict(config)), None


def owner_of(store: Any, memory_id: str) -> str:
    """The scope holding ``memory_id``, for the embedded API's by-id calls without ``user_id``.

    The embedded caller owns the whole database, so looking across scopes reveals nothing it
    could not read anyway; the servers never call this (each key is bound to its tenants).
    """
    from .errors import NotFoundError

    found = store.locate(memory_id)
    if not found:
        raise NotFoundError(f"no memory {memory_id!r}")
    if len(found) > 1:
        raise InvalidInputError(f"memory id {memory_id!r} exists in more than one scope: pass user_id")
    return found[0]
