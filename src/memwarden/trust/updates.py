"""Step 3 of the trusted order (:mod:`.ranking`): later statements that update earlier ones move above them.

:func:`updates_first` moves, within the first few hits, a firm word above hearsay on its matter, a firm statement
above the assistant's echo it restates, and a later statement on the same slot, or saying it changes or replaces
something, above the older hit it updates. The content-word test (:func:`content_words`), the firm-over-hearsay test
(:func:`firmer`) and the names a text speaks of (:func:`names_in`) are shared with the other steps of :mod:`.ranking`.
"""

from __future__ import annotations

import re
from typing import Sequence

from ..models import SearchHit
from .present import own_word
from .testimony import stated_at
from .update_cues import CALENDAR_WORD, rejected_words, says_replace, says_update

__all__ = ["updates_first", "content_words", "firmer", "names_in"]

_TOKEN = re.compile(r"[a-z0-9][a-z0-9.:'-]*[a-z0-9]|[a-z0-9]", re.I)
_NOT_TOPIC = frozenset("the a an user user's users is are was were be been am to of in on at for and or but with my our "
                       "your his her their it its this that these those from by as so now just also too not no do does "
                       "did has have had will would can could i me we you he she they them what which who when where how "
                       "why there here then than very really like get got".split())


def content_words(text: str) -> set[str]:
    """The content words of ``text``, lowercased, without a possessive's "'s" or a plural's "s": what two texts share on one matter."""
    words = (w.lower().removesuffix("'s").rstrip("'") for w in _TOKEN.findall(text))  # "team's" is "team"
    return {w.rstrip("s") for w in words if w not in _NOT_TOPIC and len(w) > 1}


def firmer(h: SearchHit, o: SearchHit) -> bool:
    """``h`` is a firm statement (the user's own, a document's, a tool's) and ``o`` only hearsay or a
    hedge ("my brother reckons", "I'm pretty sure ... that's what I heard")."""
    a, b = h.claim, o.claim
    if a is None or b is None:
        return False
    weak = b.firmness != "stated" or b.vouched_by == "unknown"
    return weak and a.firmness == "stated" and a.vouched_by in ("user", "import", "document", "tool", "image") and not a.echo


def _restated(h: SearchHit, o: SearchHit, below: Sequence[SearchHit]) -> bool:
    """``o`` is the assistant's echo and ``h`` the firm statement below it restating most of it (most
    words in common besides names, the first of equals): an echo adds no testimony. Of a turn split in
    two ("flat 4C" / "rent 1,350 and mould"), the part it restates most passes it first."""
    if o.claim is None or not o.claim.echo or not own_word(h):
        return False
    ow = content_words(o.memory) - names_in(o.memory)

    def shared(x: SearchHit) -> int:
        return len(ow & (content_words(x.memory) - names_in(x.memory))) if own_word(x) else 0

    best = max(below, key=shared)  # max() keeps the first of equals
    return best is h and shared(h) > 0


#: A third person spoken of by a pronoun (an object or possessive: "giving her", "their van").
_THIRD_PERSON = re.compile(r"\b(?:her|him|his|them|their)\b", re.I)
_NAME = re.compile(r"(?<=\w\s)(?-i:[A-Z][a-z]+)")


def names_in(text: str) -> set[str]:
    """Capitalised words inside ``text`` ("Maisie" in "when is Maisie's ballet"): who or what it is about."""
    return {w.lower() for w in _NAME.findall(text)}


def updates_first(hits: list[SearchHit], query: str = "", top: int = 5) -> list[SearchHit]:
    """Within the first ``top`` hits, a later statement that updates an earlier one ranks above it.

    It updates it when both are claims on the same slot, or when the later one says it changes
    something (:mod:`.update_cues`) and shares a content word with the earlier one or the query, unless
    the earlier one holds a word of the query the later one lacks (then it answers, not the update). Only
    hits already in the first ``top`` move, and only upwards past older ones, so recall at any
    limit >= ``top`` is unchanged.
    """
    out = list(hits)
    qwords = content_words(query)
    for _ in range(top):  # each pass moves at most one hit; a few passes settle chains (a -> b -> c)
        moved = False
        for j in range(1, min(top, len(out))):
            h = out[j]
            hs = h.claim.slot if h.claim else None
            cue = says_update(h.memory)
            hw = content_words(h.memory)
            for i in range(j):
                o = out[i]
                ow = content_words(o.memory)
                if (firmer(h, o) and (hw & ow or (hw & qwords and ow & qwords))) or _restated(h, o, out[i + 1:top]):
                    out.insert(i, out.pop(j))  # hearsay on the same topic, or an echo, yields to a firm first-hand or written word
                    moved = True
                    break
                if not stated_at(h) > stated_at(o):
                    continue
                same_slot = hs is not None and o.claim is not None and o.claim.slot == hs
                # the user's own later word naming what the older one said as replaced ("in Wolverhampton not
                # stoke" under "at the Stoke centre"): a correction of it, whatever the question's words
                corrects = own_word(h) and bool(content_words(" ".join(rejected_words(h.memory))) & ow)
                # the user's own later word, among the first three, saying outright that it replaces something
                # ("switched to community fibre", "it's at Marta's instead"): what it replaces is what ranks near
                # it, though the two may share no word
                # (whom the question names, it names too, or it speaks of them by a pronoun, naming no one else, and the
                # older one names them: "from the 24th they're giving her the late slot" under "Nani's dialysis is at 7")
                hnames = {n for n in names_in(h.memory) if not CALENDAR_WORD.fullmatch(n)}
                outright = j < 3 and says_replace(h.memory) and own_word(h) and (
                    names_in(query) <= names_in(h.memory)
                    or bool(_THIRD_PERSON.search(h.memory)) and hnames <= names_in(query)
                    and {n.rstrip("s") for n in names_in(query)} <= ow)
                if (not same_slot and ow & qwords and not hw & qwords and not (says_replace(h.memory) and hw & ow) and not outright
                        and not corrects):
                    # the older hit says what was asked ("kayaks"), the later one does not -- unless the later one
                    # says outright that it replaces something the older one names ("took me off the brown one")
                    continue
                # no word of the question in either: only meaning put both on top, so what ties them is the
                # matter asked; the later one saying it changes something is the current value ("it's
                # giffgaff now" under "I'm on Three" for "which network am I with?")
                unworded = j < 3 and qwords and not hw & qwords and not ow & qwords and own_word(h)
                if same_slot or outright or corrects or (cue and (hw & ow or (hw & qwords and ow & qwords) or unworded)):
                    out.insert(i, out.pop(j))
                    moved = True
                    break
            if moved:
                break
        if not moved:
            break
    return out
