"""The first hit should hold the kind of value the question asks for.

"Which agency is sending dad's carers?" is about the same matter as "dad's on ward 7 after the hip
replacement" and as "2 visits daily, provider Brightwell Home Care"; only the second names an
agency. "How much do I need to pay HMRC this month?" is close to "no marriage allowance this year"
and to "total due by 31 jan is £1,846.20"; only the second states money. Relevance cannot tell
them apart (the vaguer hit often shares more words with the question), the *kind* of value can.

The kind asked is a closed grammatical class read off the question by the abstention's parser
(:func:`.attribute.asked`: the wh-word and its head noun; "when" a date, "how much ... pay"
money, "where" a place, "which agency" / "what's the name of" a name, "what colour" a colour
word; yes/no questions, questions asking two things and who/whose ask none here), and a memory
holds one by the same parser's value test (:func:`.attribute.states`: a name is a capitalised
word the question does not hold, money a currency or a number after a money word, ...). Some
readings are made stricter here because a claim's text misleads them (:func:`holds_value`): the
extractor's bracketed ISO dates are no number the source stated, "47/50" is a score and not a
day and a month, "PASSED" is shouted and no name, nor is the capital opening a turn after its
speaker prefix, and "#KD-40217" is a reference, not a number.

:func:`answer_value_first` is the step after the answer-type step (:mod:`.answer_type`, which
also orders typed hits by which says it changes something): if the first hit holds no value of
the asked class and one of the next ``top - 1`` does, that one moves first. Only hits already in
the first ``top`` (4) move, so what is returned, and recall at any limit >= ``top``, is unchanged.
The classes (:data:`RANKED_CLASSES`) and ``top`` were chosen leave-one-author-out on the six
development authors by ``bench/loao_answer_value.py`` (BENCHMARKS.md, session 8).
"""

from __future__ import annotations

import re
from typing import Sequence

from ..models import SearchHit
# The abstention's own question parser and value test: one reading of "what is asked" for both stages.
from .attribute import SHOUTED, Asked, asked, stated_text, states
from .values import WH as _WH
from .values import YES_NO as _YES_NO
from .present import asks_present, own_word
from .testimony import stated_at
from .update_cues import says_update

__all__ = ["RANKED_CLASSES", "TOP", "asked_value", "holds_value", "answer_value_first"]

#: Value classes the step reorders by: those whose step did no net harm on the development authors
#: (bench/loao_answer_value.py; "any" and "view" ask no value, the rest never came up).
RANKED_CLASSES: frozenset[str] = frozenset(
    {"amount", "number", "name", "place", "colour", "day", "date", "time", "code", "version"})
#: How many of the first hits the step looks at (chosen with the classes).
TOP = 4

#: Two numbers joined like a date ("3/4", "12.06"); only a plausible day and month read as one.
_PAIR = re.compile(r"\b(\d{1,3})([/.-])(\d{1,3})\b")


def _no_false_dates(text: str) -> str:
    """``text`` without number pairs that cannot be a day and a month ("47/50" on the questions)."""
    def keep(m: re.Match[str]) -> str:
        a, b = int(m.group(1)), int(m.group(3))
        ok = 1 <= a <= 31 and 1 <= b <= 31 and (a <= 12 or b <= 12)
        return m.group(0) if ok else " "
    return _PAIR.sub(keep, text)


#: Money said without a currency: a bill, a total, a quote or a deposit and a number after it
#: ("bill was 865 in the end"), which the shared amount class reads only after "cost", "pay", ...
_MONEY_NOUN = re.compile(r"\b(?:bill|bills|total|quote|quoted|invoice|deposit|balance|refund|fine|excess)\b"
                         r"\W+(?:\w+\W+){0,3}?\d", re.I)


#: Who asks a person ("who", "whose", "whom").
_ASKS_WHO = re.compile(r"\bwho(?:se|m)?\b", re.I)
#: A speaker prefix the store writes before a turn's words ("The user: ", "Dana: "): the next word
#: opens a sentence, so its capital tells nothing.
_PREFIX = re.compile(r"^\s*[\w' ]{1,30}:\s*(\S)")
#: A code with digits in it ("#KD-40217", "V4", "hl-l2350dw"): a reference, not a number stated.
_CODE_TOKEN = re.compile(r"#\S+|\b[A-Za-z]+-?\d[\w-]*")


def asked_value(query: str, classes: frozenset[str] = RANKED_CLASSES) -> Asked | None:
    """What ``query`` asks for, when it is one of ``classes``; None for yes/no and open questions.

    A question asking two things ("when and where is it?") has no one class to test. "Who"
    questions ask a name that chat often writes in lower case ("who is my mobile provider?": "on
    giffgaff now") or at the head of a sentence ("Mateo is in charge of feeding her"), where
    capitals tell nothing; they are left alone, as the answer-type step leaves them."""
    if not query or _YES_NO.match(query) or len({w.lower() for w in _WH.findall(query)}) > 1:
        return None
    a = asked(query)
    if a is None or a.value not in classes or a.value == "name" and _ASKS_WHO.search(query):
        return None
    return a


def holds_value(a: Asked, text: str, query: str) -> bool:
    """``text`` (a hit's memory) states a value of the class ``a`` asks for."""
    plain = _no_false_dates(stated_text(text))
    if a.value == "name":
        plain = _PREFIX.sub(lambda m: m.group(0)[:-1] + m.group(1).lower(), plain)
        plain = SHOUTED.sub(lambda m: m.group(0).lower(), plain)
    if a.value in ("number", "amount"):
        plain = _CODE_TOKEN.sub(" ", plain)
    if a.value == "amount" and _MONEY_NOUN.search(plain):
        return True
    return states(a, plain, query)


def answer_value_first(hits: Sequence[SearchHit], query: str, top: int = TOP,
                       classes: frozenset[str] = RANKED_CLASSES) -> list[SearchHit]:
    """The hits with the first one holding the asked value moved first, within the first ``top``."""
    out = list(hits)
    a = asked_value(query, classes) if len(out) > 1 else None
    if a is None or holds_value(a, out[0].memory, query):
        return out
    j = next((j for j in range(1, min(top, len(out))) if holds_value(a, out[j].memory, query)), None)
    if j is not None and not _current_first(out[0], out[j], query):
        out.insert(0, out.pop(j))
    return out


def _current_first(first: SearchHit, other: SearchHit, query: str) -> bool:
    """Asked about now, ``first`` is the user's own later word saying it changes something ("it's
    giffgaff now"): an older hit holding the asked class ("I'm on Three") does not pass it. A new
    value is often written the way the class test misses (a brand in lower case), the old one not."""
    return (asks_present(query) and own_word(first) and says_update(first.memory)
            and stated_at(first) > stated_at(other))
