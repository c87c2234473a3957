"""A later correction ranks above what it corrects (a step of the trust stage's hand order).

"wait nah checked the email again its 240" under "exam's in room 204", "nope I had it wrong,
paper says Wednesday June 17" under "surgery is the 14th at 7am", "asked Haruto - he's not going
anywhere, it's his BROTHER who's moving" under what was said of Haruto: the correction often
shares no word with the question, which the value it corrects repeats, and the extracted memory
often drops the words that said it was one ("The user: surgery Wednesday June 17"). So the cue is
read in the turn as said (the hit's episodes) as well as in the memory.

The cues are closed-class wording of correcting a word said before, one's own or someone else's
(:data:`CORRECTING`; not :func:`.lexicon.is_correction`, whose bare "actually" and "turns out" are
mostly emphasis and story in chat: LoCoMo MRR 0.590 -> 0.588 with it): a denial opening a reply
before a copular clause ("nope, it's ...", "no robotics is thursdays", not "nah, I haven't", "nope, but
it's ...", "no, this is not ..."), "actually it's ...",
admitting a mistake ("I had it wrong",
"misheard", "by mistake", "wrong end of the stick", "ignore what I told you"), checking again
("checked the email again", "glad I checked"), a conclusion from a record ("so it was ..."), and a
cleft putting another referent in the place of the one said ("it's his brother who's moving").

Within the first ``top`` hits, the user's own or a record's firm statement carrying such a cue
moves just above the highest older hit that carries none (said before it, or in the same turn
time without a cue), when that hit is on its matter: it shares a content word with the
correction's memory or turn, or it holds a word of the question (what put the correction among
the first hits without the question's words is its meaning). Only hits already in the window
move, and only upwards, so recall at any limit >= ``top`` is unchanged.
"""

from __future__ import annotations

import re
from typing import Callable

from ..lexicon.quotes import straight
from ..models import SearchHit
from .present import own_word
from .testimony import stated_at

__all__ = ["CORRECTING", "says_corrected", "correction_first"]

#: Closed-class wording of a correction (module doc). A reply's opening denial is read only at the
#: start of a turn or a memory ("The user: no robotics is thursdays"), not inside a sentence.
CORRECTING = re.compile(
    r"^(?:[\w' ]{1,30}:\s*)?(?:nope|nah|no(?! one\b))\b,?(?! but\b)(?= (?:[\w']+ ){0,3}(?:is|are|it's|its) (?!not\b))"
    r"|\b(?:wait,? (?:no|nah)|(?:no|nah),? wait|(?:i|we) (?:had|got) (?:it|that|them) wrong|had it wrong|got it wrong|"
    r"misheard|misread|mixed (?:it |them )?up|by mistake|wrong end of the stick|ignore what (?:i|we) (?:told|said)|"
    r"(?:re)?checked (?:[\w']+ ){0,3}again|glad (?:i|we) checked|double[- ]checked|so it was (?-i:[A-Z0-9])\w*|"
    r"it(?:'s| is| was) (?:his|her|their|my|our|the) \w+ who|"
    # "actually" and "turns out" only before the value they give ("actually it's the 16th"), not as
    # emphasis ("I actually love it", "it's actually fun") or a story's turn ("turns out she had ...")
    r"actually,? (?:it's|its|it is|it was|the)|turns out (?:it's|its|it is|it was|to be)|"
    r"scratch that|my mistake|my bad|i meant|false alarm|ignore (?:that|what i said)|correction:?)\b",
    re.I)


def says_corrected(text: str) -> bool:
    """``text`` corrects a word said before (module doc)."""
    t = straight(text)
    return bool(CORRECTING.search(t))


def _cue(h: SearchHit) -> bool:
    return says_corrected(h.memory) or any(e.text and says_corrected(e.text) for e in h.episodes[:1])


def correction_first(hits: list[SearchHit], query: str, words: Callable[[str], set[str]],
                     top: int = 5) -> list[SearchHit]:
    """Within the first ``top`` hits, a later correction moves above the older hit on its matter
    that the search put above it (module doc). ``words``: the ranking's content words of a text."""
    n = min(top, len(hits))
    if n < 2:
        return hits
    out = list(hits)
    cue = {h.id: own_word(h) and _cue(h) for h in out[:n]}
    if not any(cue.values()):
        return hits
    qwords = words(query)
    for j in range(1, n):
        h = out[j]
        if not cue[h.id]:
            continue
        said = words(" ".join([h.memory, *(e.text for e in h.episodes[:1] if e.text)]))
        turn = {e.id for e in h.episodes} | {h.id}
        for i in range(j):
            o = out[i]
            # a part of the same turn (the turn itself, in a search of claims and turns) is no earlier word
            if cue[o.id] or stated_at(o) > stated_at(h) or turn & ({o.id} | {e.id for e in o.episodes}):
                continue
            ow = words(o.memory)
            if ow & said or ow & qwords:
                out.insert(i, out.pop(j))
                break
    return out
