"""An assistant's clause: does it restate the user (an echo) or carry no fact (a pleasantry)?

Used by ``rules.RuleExtractor`` on assistant turns (``assistant_clause``): an echo is kept with
``echo=True`` (it repeats a slot the user set in the same call, or mostly the user's own words); a
pleasantry (an offer, a wish, a generality, an appraisal) is no claim. ``_content_words`` is also
how the extractor signs each user clause it keeps (``CallState.user_sigs``), so both sides are
compared on the same words.
"""

from __future__ import annotations

import re

from . import lexicon as L
from .clauses import GENERIC, _NAME_INSIDE, _VERBAL, _YOU, proper_names
from .frames import CallState

__all__ = ["_content_words", "_assistant_pleasantry", "_repeats_user", "assistant_clause", "turns_to_listener"]


def _content_words(text: str) -> set[str]:
    return {w.rstrip("s") for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in L.STOPWORDS and len(w) > 1}


_WE_OFFER = re.compile(r"^(?:we|we'll|we can|we could|shall we|let's|happy|glad|good|great|nice|well|that's|what a|how|"
                       r"take|get|try|have|enjoy|rest|drink|remember|keep|don't|do|make)\b", re.I)


#: The assistant's own wish or reassurance ("I hope Teo gets on with him", "fingers crossed it holds"): no fact.
_WISH = re.compile(r"^(?:i\s+(?:really\s+|do\s+)?hope|hope|hopefully|fingers crossed|i'm sure|i bet|good luck|best of luck)\b", re.I)


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


def assistant_clause(c: str, clause: str, call: CallState, led_by_chat: bool) -> tuple[str, bool] | None:
    """What of an assistant's clause ``c`` (``clause`` as split, its openers taken off) can be a memory about
    the user, and whether it echoes the user: the clause after an acknowledgement ("Got it.", "Tuesday at 3 it
    is") or a look at the records ("I can see ..."); None for an offer, chit-chat, a pleasantry or a general
    statement about no thing of the user's. Notes in ``call.records`` that the assistant reads records."""
    echo = False
    m, itis = L.ACK.match(c), L.IT_IS.match(c)
    carried, call.records = call.records, False
    if (seen := L.ASSISTANT_SEES.match(c)) and len(c) > seen.end() + 3:
        c = c[seen.end():]  # "I can see account AC-55812 is on the 500 Mbps plan": the records say
        call.records = True
    elif m:
        c, echo = c[m.end():].strip(), True
    elif itis:
        c, echo = itis.group("x"), True
        if call.event:  # "Great, Tuesday at 3 it is": the event last given a time
            c = f"the {call.event} is {c}"
    seen = seen or (carried and not m and not turns_to_listener(c))  # "...; an engineer visit is booked for Monday"
    if L.OFFER.match(c) or L.CHITCHAT.match(c):
        return None
    if not echo and _repeats_user(c, call):
        if not seen and not _VERBAL.search(c) and not re.search(r"\d", c) and clause.rstrip().endswith("!"):
            return None  # "New year, new teacher!" on the user's own words: an exclamation, no statement to echo
        echo = True  # "Got it. Sam is vegetarian." after the user said so
    if not seen and _WISH.match(c):
        return None  # "I hope Teo gets on with him": the assistant's wish, an echo of nothing
    names = proper_names(c)  # ... and says something specific of it: a number or another name
    about_users_thing = (bool(names & call.user_names) and bool(re.search(r"\d", c) or names - call.user_names)
                         and not L.EVALUATIVE_WORDS.search(c) and not GENERIC.search(c))
    if not echo and not _YOU.search(c) and not seen and not about_users_thing:
        # the assistant's general statements are not memories about the user; one about a thing
        # the user named in this call ("The ZenBook 14 OLED comes with a 2-year warranty") is
        return None
    if not echo and not seen and c != clause.strip().rstrip(" .!…") and not _VERBAL.search(c) and not re.search(r"\d", c):
        return None  # what is left of "Congratulations on your new dog!" once its lead is gone: no statement
    if not echo and not seen and _assistant_pleasantry(c, led_by_chat or c != clause.strip().rstrip(" .!…")):
        return None  # "Great, that gives you certainty", "Kids often surprise you!", "We can work on it together"
    return c, echo
