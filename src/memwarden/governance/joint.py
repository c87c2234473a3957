"""The joint input the governance features read (:mod:`.features`): one request's query, its
evidence and the retrieved memories, embedded together once. Conversation turns in the
evidence are not evidence (:func:`split_evidence`); memory vectors stored with a memory and
the search's query vector or cosines are reused, not embedded again (:func:`embed_joint`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Sequence

import numpy as np

from .lexicon import words
from .request import is_conversation


_PERSONAL_PRONOUNS = {"i", "i'm", "i've", "i'd", "me", "my", "you", "your", "you're", "we", "we're", "our", "us"}


@dataclass
class MemoryInput:
    """A memory as the features read it; ``claim`` is any object with Claim's fields (or None)."""

    text: str
    speaker: str | None = None
    time: datetime | None = None
    claim: Any = None
    vector: np.ndarray | None = None
    #: Cosine with the query when the search already computed it (``SearchHit.scores.dense``).
    q_sim: float | None = None


@dataclass
class Joint:
    query: str
    evidence: list[str]
    memories: list[MemoryInput]
    qvec: np.ndarray
    mvecs: np.ndarray
    evecs: np.ndarray
    external: list[str] = field(default_factory=list)
    external_sentences: list[str] = field(default_factory=list)


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?;])\s+|\n+", text) if len(s.strip()) > 12]


def split_evidence(evidence: Sequence[str]) -> tuple[list[str], list[str]]:
    """(external pieces to embed, impersonal sentences) — conversation is not evidence.

    A piece without a role prefix is a document; inside conversation turns, sentences
    without personal pronouns are kept as document text (a pasted excerpt, a search result)
    when they make up most of the turn; in a turn that is mostly someone's own account ("I
    watched a documentary ... The film delved into ...") they are part of that account.
    """
    pieces = [e for e in evidence if e.strip()]
    external = [e for e in pieces if not is_conversation(e)]
    sentences = []
    for e in pieces:
        sents = _sentences(e)
        impersonal = [s for s in sents if not (set(words(s)) & _PERSONAL_PRONOUNS)]
        if not is_conversation(e) or 2 * len(impersonal) >= len(sents):
            sentences.extend(impersonal)
    return external, sentences


def embed_joint(embedder: Any, query: str, evidence: Sequence[str], memories: Sequence[MemoryInput | str],
                qvec: np.ndarray | None = None) -> Joint:
    """Embed only what is not embedded yet: memory vectors from the store and the search's
    query vector are reused when given."""
    mems = [m if isinstance(m, MemoryInput) else MemoryInput(text=m) for m in memories]
    external, sentences = split_evidence(evidence)
    known_q = bool(mems) and all(m.q_sim is not None and m.vector is not None for m in mems)
    need = [] if qvec is not None or known_q else [query]
    missing = [i for i, m in enumerate(mems) if m.vector is None]
    need += [mems[i].text for i in missing] + external
    vecs = embedder.embed(need) if need else np.zeros((0, getattr(embedder, "dim", 384)), dtype=np.float32)
    k = 0
    if qvec is None and not known_q:
        qvec, k = vecs[0], 1
    for i in missing:
        mems[i] = MemoryInput(text=mems[i].text, speaker=mems[i].speaker, time=mems[i].time, claim=mems[i].claim,
                              vector=vecs[k], q_sim=mems[i].q_sim)
        k += 1
    if qvec is None:  # the search's cosines stand in for the query vector (see features())
        qvec = np.zeros(len(mems[0].vector), dtype=np.float32)  # type: ignore[arg-type]
    dim = len(qvec)
    mvecs = np.stack([np.asarray(m.vector, dtype=np.float32) for m in mems]) if mems else np.zeros((0, dim), np.float32)
    mvecs = mvecs / np.maximum(np.linalg.norm(mvecs, axis=1, keepdims=True), 1e-9)
    q = np.asarray(qvec, dtype=np.float32)
    return Joint(query, list(evidence), mems, q / max(float(np.linalg.norm(q)), 1e-9), mvecs, vecs[k:],
                 external, sentences)
