"""Pluggable providers: embedders (and, with the governance stage, LLMs)."""

from .embedder import Embedder, HashEmbedder, OnnxMiniLMEmbedder, default_embedder

__all__ = ["Embedder", "HashEmbedder", "OnnxMiniLMEmbedder", "default_embedder"]
