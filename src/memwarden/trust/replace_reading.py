"""What a later line B does to an earlier line A on the matter a question asks: does it give a new value of the asked
kind, or remark on the same thing (session 28, issue 10).

The pairwise model of :mod:`.replaces` read "later, same matter, close in meaning": "gave the Corsa a wash today" went
above "I drive a blue Corsa". An update and a remark on the same thing differ in what B says of the value, which these
features read from the question and the two lines, with no word of any topic:

- **the asked kind**: whether A and B each state a value of the kind the question asks (:func:`.attribute.states` on
  :func:`.asked.asked`, or :func:`.asked_kind.kind_asked` when that reads none): "when is my lesson?" is answered by a
  line with a day or a time, not by "the teacher was off sick";
- **B's values against A's**: a value is a token with a digit ("10:15", "£400", "7.40") or a capitalised word inside
  a sentence (a name, a day, a brand); B gives one A and the question lack (a new value), and B repeats A's own values
  (it speaks of the same thing: "the Corsa");
- **a state ends or begins** in B: the aspectual verbs (a closed class: sold, quit, left, stopped, cancelled, ended,
  gave up, finished with; started, began, joined, took up, switched) and "no longer" / "any more";
- **an event of one day**: B dated by a deictic time word (today, yesterday, this morning, tonight, last night, earlier
  ...) with no change said tells what happened to the thing, not what it is now; a question (B asks) states nothing.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..retrieval.text import tokenize
from .asked import asked
from .asked_kind import kind_asked
from .attribute import stated_text, states
from .update_cues import says_change

__all__ = ["READING", "reading_features"]

#: The features, in order (appended to :data:`.replaces.SCALARS`).
READING = ("kind_known", "a_states_kind", "b_states_kind", "b_only_kind", "b_new_value", "b_keeps_a_value",
           "a_has_value", "b_state_turn", "b_day_event", "b_asks", "b_remark", "b_asked_words")

_TOKEN = re.compile(r"[^\W_][\w'’.:/£$€-]*[\w]|[£$€]\s?\d[\d,.]*|[^\W_]")
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|:\s+|\n)\s*[\"'(]*$")
#: Capitalised words that are no value: pronouns and the words a stored claim opens on.
_NOT_VALUE = frozenset("i i'm i've i'd i'll the user user's a an my our we he she they it this that".split())
#: Aspectual verbs that end or begin a state, and the adverbs of a state no longer holding (closed classes).
_TURN = re.compile(r"\b(?:sold|selling|quit|quitting|left|leaving|stopped|stopping|cancel+ed|cancel+ing|ended|gave up|"
                   r"given up|finished with|done with|got rid of|no longer|any ?more|started|starting|began|begun|joined|"
                   r"took up|taken up|switched|switching|moved|moving)\b", re.I)
#: Deictic time words that date a line to the day it was said: an event, not a standing value.
_DAY_WORD = re.compile(r"\b(?:today|yesterday|tonight|this (?:morning|afternoon|evening)|last night|earlier|just now|"
                       r"the other day)\b", re.I)


def _values(text: str) -> set[str]:
    """The value tokens of a line: with a digit, or capitalised inside a sentence (lower-cased)."""
    text = stated_text(text)
    out: set[str] = set()
    for m in _TOKEN.finditer(text):
        w = m.group(0).rstrip(".:")
        if any(c.isdigit() for c in w):
            out.add(w.lower().replace(" ", ""))
        elif w[:1].isupper() and w.lower() not in _NOT_VALUE and not _SENTENCE_START.search(text[:m.start()]):
            out.add(w.lower().rstrip("'’s") if w.lower().endswith(("'s", "’s")) else w.lower())
    return out


@lru_cache(maxsize=4096)
def _asked(query: str):
    a = asked(query)
    if a is None or a.value == "any":
        a = kind_asked(query) or a
    return a


def reading_features(query: str, a_text: str, b_text: str) -> list[float]:
    """The :data:`READING` features of "does ``b_text`` (said later) give a new value of what ``query`` asks, where
    ``a_text`` gave one?"."""
    a = _asked(query)
    known = a is not None and a.value != "any"
    sa = known and states(a, a_text, query)
    sb = known and states(a, b_text, query)
    qv = _values(query) | set(tokenize(query))
    va, vb = _values(a_text) - qv, _values(b_text) - qv
    turn = bool(_TURN.search(b_text))
    change = says_change(b_text) or turn
    day = bool(_DAY_WORD.search(b_text))
    keeps = bool(va & vb)
    asks = b_text.rstrip().endswith("?")
    attr = a.attr if a is not None else frozenset()
    return [float(known), float(sa), float(sb), float(sb and not sa), float(bool(vb - va)), float(keeps),
            float(bool(va)), float(turn), float(day and not change), float(asks),
            float(keeps and not change and not (vb - va)), float(bool(attr & set(tokenize(b_text))))]
