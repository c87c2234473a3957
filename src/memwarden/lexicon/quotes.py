"""Typographic quotes written straight: the one place that knows them.

Phones and word processors type ’ for an apostrophe ("I’m", "mum’s") and “ ” ‘ ’ for quotes; every
pattern in the package is written with the straight ' and ". `straight` maps the four curly forms to
their straight ones, character for character, so offsets into the text stay valid.
"""

from __future__ import annotations

__all__ = ["CURLY", "straight"]

#: Curly single and double quotes to straight ones.
CURLY = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})


def straight(text: str) -> str:
    """`text` with curly quotes and apostrophes written straight (same length, same offsets)."""
    return text.translate(CURLY)
