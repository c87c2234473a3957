"""What a memory is in the index: the text its vector embeds and its keyword entry.

Every write path (turns, claims, episodes, ``update``) builds its index rows through these
two functions, so the dense and keyword arms see the same memory the same way.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from .text import tokenize


class Entry(Protocol):
    """What the keyword entry reads from a candidate (:class:`~memwarden.models.Candidate`)."""

    text: str
    speaker: str | None
    context: Sequence[str]


def index_text(text: str, speaker: str | None) -> str:
    """What the dense arm embeds: the text, prefixed by who said it.

    Questions about people name them; with the speaker in the vector, "what
    did Maya book?" lands on Maya's turns (LoCoMo recall@10 of the dense arm:
    0.31 without the prefix, 0.45 with it).
    """
    return f"{speaker}: {text}" if speaker else text


def keyword_tokens(cand: Entry) -> list[str]:
    """The keyword entry: context turns, the speaker, and the text weighted twice."""
    own = tokenize(index_text(cand.text, cand.speaker))
    return [tok for ctx in cand.context for tok in tokenize(ctx)] + own + tokenize(cand.text)
