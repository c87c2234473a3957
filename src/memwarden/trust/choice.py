"""Alternative questions: does any memory speak of one of the answers the question offers?

"Was it her left or right knee?", "is the new puppy a boy or a girl?", "are my shifts days or
nights?" name their own answers. A memory that says which one holds speaks of one of them (its
text, its source turns, its claim's attribute: :func:`.asked_head.mentions`); "she twisted her knee
at netball" is about the knee and says neither. When no hit speaks of any of the offered answers,
the search abstains with ``no_evidence`` naming them (session 23: authors 33, 37, 38, 60, 71 asked
such questions about things never said; the one answerable control, "days or evenings?", has its
"evening shifts" hit).

Read only where the two answers are single content words joined by "or" ("left or right", "a boy
or a girl", "shod or barefoot"); "or so", "or not", "or something", "or anything" and "or what"
offer no answer, and a question with no such pair is left to the other checks. :mod:`.polar` leaves
alternative questions out for the same reason: they name their answers.
"""

from __future__ import annotations

import re
from typing import Sequence

from ..models import SearchHit
from ..retrieval.text import STOPWORDS
from .asked_head import mentions

__all__ = ["offered_answers", "choice_missing"]

#: "X or Y", each one word, an article allowed before either ("a boy or a girl").
_PAIR = re.compile(r"\b(?:(?:a|an|the)\s+)?([a-z][a-z'-]+)\s*,?\s+or\s+(?:(?:a|an|the)\s+)?([a-z][a-z'-]+)\b", re.I)
#: Words after "or" that offer no answer of their own, and words that name none before it.
_NO_ANSWER = frozenset("so not no something anything what whatever else both either neither other others otherwise "
                       "more less two three later sooner someone somewhere".split())


def offered_answers(query: str) -> tuple[str, str] | None:
    """The two answers an alternative question offers ("left", "right"), or None."""
    m = _PAIR.search(query)
    if not m:
        return None
    a, b = m.group(1).lower(), m.group(2).lower()
    if a in _NO_ANSWER or b in _NO_ANSWER or a in STOPWORDS or b in STOPWORDS or a == b:
        return None
    return a, b


def choice_missing(query: str, hits: Sequence[SearchHit]) -> str | None:
    """A detail for ``no_evidence`` when the question offers two answers and no hit speaks of either."""
    pair = offered_answers(query)
    if pair is None or not hits:
        return None
    if any(mentions(word, h) for h in hits for word in pair):
        return None
    return (f"no memory says {pair[0]} or {pair[1]} (an alternative question whose answers are never spoken of)")
