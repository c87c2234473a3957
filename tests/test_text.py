"""The keyword tokeniser shared by BM25, grounding and the hash embedder."""

from __future__ import annotations

from memwarden.retrieval.text import STOPWORDS, tokenize, words


def test_tokenize_stems_and_drops_stopwords() -> None:
    assert tokenize("The dogs were running in the parks") == ["dog", "run", "park"]
    assert tokenize("the of and I you") == []


def test_possessives_and_contractions() -> None:
    assert tokenize("Caroline's painting") == tokenize("Caroline painting")
    assert "don't" in STOPWORDS and tokenize("I don't know") == ["know"]


def test_punctuation_underscores_numbers_and_case() -> None:
    assert tokenize("Hello, WORLD!!! snake_case 2023-05-08") == ["hello", "world", "snake", "case", "2023", "05", "08"]
    assert tokenize("") == [] and tokenize("!!! ---") == []


def test_unicode_words_are_kept() -> None:
    toks = tokenize("Zoë visited 東京 and Zürich")
    assert "zoë" in toks and "東京" in toks and any(t.startswith("zürich") for t in toks)


def test_words_keeps_stopwords_lowercased() -> None:
    assert words("The Cat sat ON the mat") == ["the", "cat", "sat", "on", "the", "mat"]


def test_same_stem_for_inflections() -> None:
    assert len({tokenize(w)[0] for w in ("connect", "connected", "connecting", "connection")}) == 1
