"""Keyword tokenisation shared by BM25, grounding and the hash embedder."""

from __future__ import annotations

import re
from functools import lru_cache

import snowballstemmer

from ..lexicon.quotes import straight

_TOKEN = re.compile(r"[^\W_]+(?:'[^\W_]+)?", re.UNICODE)

#: Function words carry no topic; dropping them keeps postings short.
STOPWORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before being
    below between both but by can could did do does doing down during each few for from further had
    has have having he her here hers herself him himself his how i if in into is it its itself just
    me more most my myself no nor not now of off on once only or other our ours ourselves out over
    own same she should so some such than that the their theirs them themselves then there these they
    this those through to too under until up very was we were what when where which while who whom
    why will with would you your yours yourself yourselves i'm you're it's that's don't i've i'd
    i'll he's she's we're they're let's can't didn't isn't wasn't""".split()
)

_stemmer = snowballstemmer.stemmer("english")


@lru_cache(maxsize=200_000)
def _stem(word: str) -> str:
    return _stemmer.stemWord(word)


def words(text: str) -> list[str]:
    """Lower-cased word tokens, stopwords kept (for ROUGE and features)."""
    return [t.lower() for t in _TOKEN.findall(straight(text))]


def tokenize(text: str) -> list[str]:
    """Stemmed content tokens for keyword search."""
    out = []
    for w in words(text):
        if w in STOPWORDS:
            continue
        if "'" in w:
            w = w.split("'", 1)[0]
        out.append(_stem(w))
    return out
