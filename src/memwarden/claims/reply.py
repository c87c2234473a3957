"""A bare reply: a short turn that reacts to the turn before it and holds nothing checkable.

Most chit-chat that the gate let through as claims is not said out of the blue: it answers the
assistant's previous statement ("Noted: Dr Harrington at Ferry Road." / "A gentleman of the old
school."; "Finn at the gate by 8:20, then the 8:35 bus." / "tight but doable"), or it tags on
to the user's own previous turn ("first shift next week. tue and sat evenings" / "pray for my
feet"). The gate's model reads each clause alone, with one threshold for every position in a
conversation; read in its place, a short clause with no anchor that follows a statement is far
more often a reaction than the same clause opening a conversation, or answering a question.
Measured on the seventeen development authors (session 12, BENCHMARKS.md): short anchorless
clauses after the assistant's statement are chit-chat in 115 turns and fact in 16 (13 and 9
authors); opening a session, 19 and 38.

So the position shifts the bar, not the model: a clause is a bare reply, dropped above
``THRESHOLD`` (the gate's own is 0.503), when

- the turn is a user's, and the turn before it in the call is the assistant's, or the same
  speaker's own, and asks nothing (an answer to a question is kept: "around 8 I think"); LoCoMo's
  two named speakers, taking turns, and a note passed to ``add`` on its own are untouched;
- the turn is short (``MAX_WORDS``): a reply, not a new topic;
- the clause has none of the gate's anchors (a slot, a concrete date, a number, a name, a
  relation, someone else as subject, a report, a rule word, a change, an info mark, a procedure,
  a definite thing's state: "the house is semi-detached");
- nothing in it adds to what was said (closed-class words only): an additive opener or tail
  ("also ...", "and ...", "plus ...", "... too", "... as well"), a negation ("no other drivers,
  just me"), a frequency or habit ("twice a day", "usually"), a first-person conditional ("I'd
  never ..."), a status or result word, the trust stage's (``trust.lexicon``: paid, cancelled,
  negative, expired, ...) or a lasting state (``clauses.STATE_WORD``: retired, vegan, ...), an
  aside marked as information ("by the way", "btw").

``THRESHOLD`` is the lowest of 0.30-0.48 that drops at most one of the plain facts said as replies
in ``tests/test_claim_reply.py`` (written for the purpose, in none of the eval sets' wording); on the
development authors no fact turn is lost at any of them. The rule never touches how a turn is
scored for admission (``gate.p_chat``).
"""

from __future__ import annotations

import re
from typing import Any

from ..trust.lexicon import POLAR_PAIRS, STATUS_FLIP
from .clauses import STATE_WORD

__all__ = ["bare_reply", "reply_to", "MAX_WORDS", "ANCHORS", "THRESHOLD", "AFTER_STATEMENT"]

#: A bare reply is dropped when the gate's probability that it is a reaction is above this.
THRESHOLD = 0.40

#: The bar for a verbless bare reply to the assistant's statement (session 23): with no subject and verb of its own
#: ("end of an era", "brain like a sieve", "the glamour of teaching"), a short anchorless turn after the assistant's
#: "noted" or "congrats" comments on it; a said state keeps the higher bar ("I snore", "he's a vet").
AFTER_STATEMENT = 0.15

#: A reply longer than this is a turn of its own, whatever it answers.
MAX_WORDS = 8

#: The gate's features that make a clause checkable later; any one of them keeps it.
ANCHORS = ("slot", "likes_slot", "concrete_time", "unit_number", "number", "name", "relation", "third_party", "reported",
           "info_mark", "procedure", "change", "rule_word", "definite_state")

_WORD = re.compile(r"[\w']+")
_ADDITIVE = re.compile(r"^\W*(?:also|and|plus|oh and|oh also)\b|\b(?:too|as well)\W*$", re.I)
_NEGATION = re.compile(r"\b(?:no|not|never|nothing|none|nobody|can't|cannot|don't|doesn't|didn't|won't|isn't|aren't|wasn't|"
                       r"haven't|hasn't|shouldn't|wouldn't|couldn't)\b|n't\b", re.I)
#: A habit said in the clause: a frequency word, or a weekday in the plural ("Tuesdays are my day off", session 20).
_FREQUENCY = re.compile(r"\b(?:once|twice|every|each|daily|weekly|monthly|yearly|nightly|per|always|usually|normally|"
                        r"often|mornings|evenings|nights|weekends|(?:mon|tues|wednes|thurs|fri|satur|sun)days|a (?:day|week|month|year))\b", re.I)
#: The status words as said (the pairs' rewritten tokens, "proceeded", "owner", "ailment", ..., are no word of a turn).
_REWRITTEN = {"proceeded", "owner", "ailment", "employed", "left", "problem", "cost", "fee", "charge", "soldout", "available",
              "unreplied", "unrefunded", "undelivered", "unsigned"}
_STATUS = re.compile(r"\b(?:" + "|".join(sorted(({w for pair in POLAR_PAIRS for w in pair} | set(STATUS_FLIP)) - _REWRITTEN))
                     + r")\b", re.I)
_ASIDE = re.compile(r"\b(?:by the way|btw)\b", re.I)
_CONDITIONAL = re.compile(r"\b(?:i|we)(?:\s+\w+)?\s+would\b|\b(?:i|we)'d\b", re.I)


def bare_reply(values: dict[str, float], p_chat: float, clause: str, turn: str, *, role: str, prev: str | None,
               prev_role: str | None) -> bool:
    """Whether ``clause`` (with the gate's ``values`` and ``p_chat`` for it) is a bare reply to the turn before.
    ``prev_role``: "assistant", "self" (the same speaker's previous turn) or anything else (never a reply)."""
    if role == "assistant" or prev_role not in ("assistant", "self") or not prev or "?" in prev:
        return False
    if p_chat <= (AFTER_STATEMENT if prev_role == "assistant" and verbless(values, clause) else THRESHOLD) \
            or len(_WORD.findall(turn)) > MAX_WORDS:
        return False
    if any(values.get(k) for k in ANCHORS):
        return False
    return not (_ADDITIVE.search(turn.strip()) or _NEGATION.search(clause) or _FREQUENCY.search(clause)
                or _CONDITIONAL.search(clause) or _STATUS.search(clause) or STATE_WORD.search(clause) or _ASIDE.search(turn))


#: A clause led by a personal pronoun says who does or is something, whether or not the gate reads a verb ("they
#: live next door"); one led by "a"/"an" says what a thing is ("a studio flat above the bakery", "a rescue greyhound").
_SAYS_WHO_OR_WHAT = re.compile(r"^\W*(?:i|we|he|she|they|you|it|an?)\b", re.I)


def verbless(values: dict[str, float], clause: str) -> bool:
    """The clause has no subject and verb of its own and describes no thing: a comment ("end of an era", "brain like
    a sieve"), not a state."""
    return not values.get("subject_verb") and not _SAYS_WHO_OR_WHAT.match(clause)


def reply_to(prev: Any, turn: Any) -> str | None:
    """What ``turn`` follows in its call (``Turn``s): "assistant", "self" (its speaker's own previous
    turn, same role and name) or None (nothing, a system message, or another speaker)."""
    if prev is None:
        return None
    prev_role, role = (prev.role or "user").lower(), (turn.role or "user").lower()
    if prev_role == "assistant":
        return "assistant"
    return "self" if prev_role == role and prev.name == turn.name else None
