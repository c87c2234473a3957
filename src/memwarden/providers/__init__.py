"""Pluggable providers: embedders and LLMs."""

from .embedder import Embedder, HashEmbedder, OnnxMiniLMEmbedder, default_embedder
from .llm import LLM, CachedLLM, Completion, LLMConfig, OpenAICompatibleLLM, ScriptedLLM, Usage, llm_from_config

__all__ = [
    "Embedder", "HashEmbedder", "OnnxMiniLMEmbedder", "default_embedder",
    "LLM", "CachedLLM", "Completion", "LLMConfig", "OpenAICompatibleLLM", "ScriptedLLM", "Usage", "llm_from_config",
]
