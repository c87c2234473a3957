"""What a sentence opens on: the person it is about (:func:`subject`) or the thing (:func:`thing`).

Split from :mod:`.features` (session 23), which reads both into ``TextFeatures.subject`` / ``.thing``; the kin
words and the sentence starters that are no names are read by both modules.
"""

from __future__ import annotations

import re

from ..lexicon import kin
from ..retrieval.text import STOPWORDS, _stem

__all__ = ["subject", "thing"]

#: Capitalised only because they open a sentence; without a dictionary, these are not names.
_STARTERS = frozenset(
    """guess big check look see honestly so yes well oh hey hi wow photo picture image snapshot news nope okay ok
    really did you that's this here there what when just also anyway actually apparently maybe perhaps sure thanks
    thank great good nice cool interesting huh hmm lol yeah yep right today yesterday tomorrow last next please
    let let's remember someone everyone nobody went had got love like hope think know feel been being wait listen
    per sorry congrats congratulations awesome amazing wonderful funny sounds looks seems glad happy sad same yesterday
    tonight earlier later first then after before since because although though still even only probably definitely
    one two three new old my our your his her their its we they it he she i finally luckily unfortunately sadly
    basically literally seriously suddenly""".split()
)

_KIN = kin.NEAR | kin.NEIGHBOURS | {"kids", "friend", "boss", "colleague"}
#: One person, several words (as lexicon.REWRITES reads them in the content).
_KIN_SAME = {"mum": "mother", "mom": "mother", "mam": "mother", "dad": "father"}
_REPORT_VERBS = frozenset("said says told reckons reckoned thinks thought heard insists insisted claims claimed".split())
_LEAD = frozenset("oh wait actually so well ok okay yeah honestly hmm ugh lol btw correction no yes".split())


_THING = re.compile(r"^\W*(?:the|our|my|your|his|her|their) ((?:[a-z]+ ){0,2}?[a-z]+)(?:'s\b| (?:is|are|was|were|has|have|"
                    r"had|will|got|gets|opens|closes|starts|runs)\b)")


def thing(text: str) -> str | None:
    """The head noun a sentence opens on: "the gym is open" -> gym, "our electricity bill was" -> bill
    (``text`` read as :func:`.features.features` prepares it)."""
    m = _THING.match(text.lower())
    if not m:
        return None
    head = m.group(1).split()[-1]
    # "the user's car": the claim extractor's "the user" is a person, like "my sister's".
    return None if head in STOPWORDS or head in _KIN or head == "user" else _stem(head)


def subject(text: str) -> str | None:
    """Who a sentence opens on, when that is a person: "i", "my sister", a capitalised name (``text`` read as
    :func:`.features.features` prepares it)."""
    raw = [w.strip(",.!?:;") for w in text.split()]
    raw = [w for w in raw if w]
    i = 0
    while i < len(raw) and raw[i].lower() in _LEAD:
        i += 1
    if i >= len(raw):
        return None
    # "Priya said the launch is ...": the reporter passes the claim on, the claim is about the launch.
    if i + 2 < len(raw) and raw[i + 1].lower() in _REPORT_VERBS:
        i += 3 if raw[i + 2].lower() == "that" and i + 3 < len(raw) else 2
    w = raw[i].lower()
    if w in ("i", "i'm", "i've", "i'd", "i'll", "im", "ive"):
        return "i"
    # "my brother's allergic": the possessive 's is "is" (or the brother's thing), still the brother.
    if w in ("my", "our") and i + 1 < len(raw) and (kin := raw[i + 1].lower().removesuffix("'s")) in _KIN:
        return "my " + _KIN_SAME.get(kin, kin)
    # "mum's birthday is 9 march" / "Dad's birthday is 19 March": the speaker's kin without "my".
    if w.endswith("'s") and (kin := w.removesuffix("'s")) in _KIN:
        return "my " + _KIN_SAME.get(kin, kin)
    # "my flight is on the 4th": the speaker's own thing, against "my sister's flight".
    if w in ("my", "our") and i + 1 < len(raw) and raw[i + 1].isalpha() and not raw[i + 1][:1].isupper():
        return "i"
    if raw[i][:1].isupper() and w not in STOPWORDS and w not in _STARTERS and w.isalpha():
        return w
    return None
