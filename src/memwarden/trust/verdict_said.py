"""What a memory says, read for the slot verdict (:mod:`.verdict_slot`; split out in session 22).

Shared by the slot reading, the change in other words (:mod:`.verdict_change`) and the choice among options
(:mod:`.verdict_choice`): the score a slot reading counts with, whether a memory states a plan, the words it
says, whom it opens on.
"""

from __future__ import annotations

import re

from ..lexicon.quotes import straight
from ..models import SearchHit
from ..retrieval.text import STOPWORDS, _stem as stem
from .verdict_scope import NOT_NAME, holder

#: The stance score a slot reading counts with.
SLOT_SCORE = 0.8


#: A claim of a change to come ("is moving to Leeds", "will start at Acme"): a plan, not the slot's value.
_PROSPECT = re.compile(r"\b(?:am|is|are|'m|'re|'s) (?:moving|relocating|starting|leaving|going)\b|\b(?:will|going to|plans? to|"
                       r"planning|about to|hopes? to|wants? to|thinking of|would|might|could)\b", re.I)


def _someone_else(hit: SearchHit) -> bool:
    """The memory opens on another holder than the speaker ("Dave bought a Tesla", "my sister just moved
    to York"), in its text or its turn's: what it sets is not the speaker's, whatever the reader took."""
    said = [re.sub(r"^\s*the user:\s*", "", hit.memory, flags=re.I), *(e.text for e in hit.episodes[:1])]
    return any(holder(t) not in (None, "i") or _named_actor(t) for t in said)


#: A name opening a statement on what its holder did or has ("Dave bought a Tesla", "Priya's got a new job").
_ACTOR = re.compile(r"^\W*([A-Z][a-z]+)(?:'s)?\s+(?:just\s+|finally\s+|now\s+|also\s+)?(?:[a-z]+ed|bought|got|took|went|sold|"
                    r"drove|drives|made|left|quit|has|had|is|was|lives|works|moved|started|starts)\b")
#: Openers that are no one's name: adverbs and discourse words said before one's own news.
_NOT_ACTOR = frozenset("just finally also still never already recently today yesterday so and but then well ok okay oh "
                       "anyway honestly literally actually basically update news guess".split())


def _named_actor(text: str) -> bool:
    m = _ACTOR.match(text)
    if m is None:
        return False
    word = m.group(1).lower()
    return not (word in _NOT_ACTOR or word in STOPWORDS or word in NOT_NAME or word.endswith("ly"))


def _prospect(hit: SearchHit) -> bool:
    """The memory states a change to come or a hedged intention ("we're moving to Bergen in september",
    "thinking of leaving Brightline, not sure yet"): it says nothing of the slot's value now, nor of a change."""
    return bool(_PROSPECT.search(re.sub(r"^\s*the user:\s*", "", hit.memory, flags=re.I)))


def _words(value: str) -> frozenset[str]:
    low = straight(value).lower().replace("'s", "")
    return frozenset(stem(w) for w in re.findall(r"[\w]+", low) if w not in STOPWORDS)


def _said(hit: SearchHit) -> frozenset[str]:
    return _words(hit.memory) | frozenset(w for e in hit.episodes[:1] for w in _words(e.text))


def _opens_on(hit: SearchHit, name: str) -> bool:
    """The memory (its text or its turn's) opens on ``name``: "Hana retired in May" on Hana."""
    said = [re.sub(r"^\s*the user:\s*", "", hit.memory, flags=re.I), *(e.text for e in hit.episodes[:1])]
    return any(re.match(rf"\W*{re.escape(name)}\b", t, re.I) for t in said)
