"""An assistant's clause: does it restate the user (an echo) or carry no fact (a pleasantry)?

Used by ``rules.RuleExtractor`` on assistant turns: an echo is kept with ``echo=True`` (it repeats a
slot the user set in the same call, or mostly the user's own words); a pleasantry (an offer, a wish,
a generality, an appraisal) is no claim. ``_content_words`` is also how the extractor signs each
user clause it keeps (``CallState.user_sigs``), so both sides are compared on the same words.
"""

from __future__ import annotations

import re

from . import lexicon as L
from .clauses import GENERIC, _NAME_INSIDE
from .frames import CallState

__all__ = ["_content_words", "_assistant_pleasantry", "_repeats_user"]


def _content_words(text: str) -> set[str]:
    return {w.rstrip("s") for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in L.STOPWORDS and len(w) > 1}


_WE_OFFER = re.compile(r"^(?:we|we'll|we can|we could|shall we|let's|happy|glad|good|great|nice|well|that's|what a|how|"
                       r"take|get|try|have|enjoy|rest|drink|remember|keep|don't|do|make)\b", re.I)


def _assistant_pleasantry(c: str, led_by_chat: bool) -> bool:
    """An assistant's reply that carries no fact about the user: an offer or wish ("We can work on it
    together", "Take a break if you can!"), a generality ("Kids often surprise you!"), an appraisal
    after "Great,"/"Good that" ("that gives you certainty for a while"). Kept: anything with a
    number, a name inside, or stated of "your" things ("your flight is at 9")."""
    if re.search(r"\d", c) or _NAME_INSIDE.search(c) or re.search(r"\byour\b", c, re.I) and not GENERIC.search(c):
        return False
    return bool(_WE_OFFER.match(c) or GENERIC.search(c) or L.EVALUATIVE.match(c) or L.IMPERATIVE.match(c)
                or (led_by_chat and len(c.split()) <= 10) or L.EVALUATIVE_WORDS.search(c) and len(c.split()) <= 10)


def _repeats_user(text: str, call: CallState, slot: str | None = None) -> bool:
    """An assistant clause on a slot the user set in this call, or made mostly of their words."""
    sig = _content_words(text)
    # one shared word is not a restatement: "what an honour for you!" after "I'm maid of honour"
    return any((slot is not None and slot == s) or (len(sig) >= 2 and len(sig & ws) >= 0.6 * len(sig)) for ws, s in call.user_sigs)


#: A clause that turns to the listener ("you can track it online", "let me know ..."): advice, not a record.
_TO_LISTENER = re.compile(r"^(?:you|you'll|you can|let me|feel free|please|if you)\b", re.I)


def turns_to_listener(text: str) -> bool:
    """The assistant addresses the user ("you should see it in 3-5 days"): what follows a record it read is advice."""
    return bool(_TO_LISTENER.match(text))
