"""How a newer memory stands to an older one, for the governance features (:mod:`.features`): a change, a
contradiction, a reversed attitude, another value of one thing, a thing given up, what the two share and what the
newer one adds (:func:`_compare`); and the pair tests the features read beside it: which of two is newer, one claim
slot, another holder, a reliable voucher, numbers of one kind that differ, a change naming another replaced value.
Split from ``features.py`` in session 20 (behaviour identical); ``features`` re-exports the names tests and bench read.
"""

from __future__ import annotations

import re
from typing import Any

from ..lexicon import calendar as cal
from ..retrieval.text import _stem
from ..trust.stance import detect_stance
from .facts import MemoryFacts, topic_polarity
from .joint import MemoryInput
from .lexicon import content
from .target import aims_at, other_value_of, shared_words
from .values import value_kinds

# Attitude and holder words: shared by any two preferences, so they say nothing about a shared topic.
_ATTITUDE = frozenset({"user", "prefer", "enjoy", "like", "love", "find", "valu", "interest", "motiv", "seek", "dislik",
                       "hate", "avoid", "appreci", "realli", "alway", "usual", "now"})


_FREE = re.compile(r"\b(free|no charge|nothing|included|complimentary)\b", re.I)
_PRICE = re.compile(r"(?:[$€£]|\b(?:eur|usd|gbp)\s?)\d|\d\s?(?:eur|usd|gbp|euro|pounds|dollars)\b", re.I)

def _with_parts(stems: frozenset[str]) -> frozenset[str]:
    """Stems plus the parts of hyphenated ones ("paracetamol-containing" names paracetamol)."""
    return stems | frozenset(_stem(p) for x in stems if "-" in x for p in x.split("-") if len(p) > 2)


def _numbers_differ(a: MemoryFacts, text: str, mem_text: str = "") -> bool:
    """Another value of the same kind of quantity: a number of one kind in both, none shared."""
    if mem_text and _FREE.search(mem_text) and _PRICE.search(text) and not _FREE.search(text):
        return True  # "free" against a price
    if not a.numbers:
        return False
    mine, other = value_kinds(mem_text), value_kinds(text)
    if "count" in mine or "count" in other:  # a bare number ("5k", "80 a night") may be any kind
        a_all, b_all = frozenset().union(*mine.values()), frozenset().union(*other.values())
        return bool(a_all) and bool(b_all) and not (a_all & b_all)
    return any(not (mine[k] & other[k]) for k in mine.keys() & other.keys())



def _contradicts(st: Any, text: str, other: str) -> bool:
    """The stance says "contradict", and not only because two numbers of different kinds differ (a duration
    and a departure time also make the two texts' other words look like two values of one slot)."""
    if st.label != "contradict":
        return False
    if "number" in st.cues and set(st.cues) <= {"number", "exclusive_value"}:
        mine, theirs = value_kinds(text), value_kinds(other)
        if "count" not in mine and "count" not in theirs and not (mine.keys() & theirs.keys()):
            return False
    return True


def _newer(mems: list[MemoryInput], i: int, j: int) -> bool:
    a, b = mems[i].time, mems[j].time
    if a is not None and b is not None:
        return b > a  # stated at the same moment (one message, one session turn): neither replaces the other
    return j > i  # no clock: stored order is the only time there is


def _same_slot(a: str, b: str | None) -> bool:
    """The same subject and attribute, allowing for a value the extractor folded into the attribute's
    name ("user|wedding_time" and "user|june_wedding_time")."""
    if not b or a == b:
        return a == b
    (sa, _, aa), (sb, _, ab) = a.partition("|"), b.partition("|")
    ta, tb = set(re.split(r"[_:\W]+", aa.lower())) - {""}, set(re.split(r"[_:\W]+", ab.lower())) - {""}
    return sa == sb and bool(ta) and bool(tb) and (ta <= tb or tb <= ta)


def _other_holder(a: MemoryFacts, b: MemoryFacts) -> bool:
    """``b`` is about someone else than ``a`` and states no change: one person's standing arrangement does not
    replace another's ("my daughter swims at 7:15 on saturdays" stands beside "I do parkrun saturdays at 9")."""
    def holder(f: MemoryFacts) -> frozenset[str] | None:
        if f.other_subject and not f.about_user:
            return f.people
        return frozenset({"user"}) if f.about_user and not f.people else None
    ha, hb = holder(a), holder(b)
    return ha is not None and hb is not None and not (ha & hb) and not b.change


def _reliable_rank(f: MemoryFacts) -> int:
    return 0 if f.voucher == "other" or f.reported and not f.exchange else 1



#: A newer memory this close that states a change to another named value replaces it without a shared word.
SWAP_SIM = 0.30

#: Giving a thing up, and the words after it (its name).
_DISPOSED = re.compile(r"\b(?:sold|got rid of|gave away|given away|scrapped|traded in|binned)\s+((?:\S+\s+){0,2}\S+)", re.I)


#: The value a change names as replaced ("switched to X from Y", "Y instead of X", "swapped Y for X"): Y.
_REPLACED = re.compile(r"\b(?:from|instead of|rather than|in place of)\s+((?:[\w'&-]+\s+){0,2}[\w'&-]+)|"
                       r"\b(?:swapp?(?:ed|ing)|traded|exchanged)\s+((?:[\w'&-]+\s+){0,3}?[\w'&-]+)\s+for\b", re.I)
#: "from now on", "from today": a time, not a replaced value.
_FROM_TIME = frozenset(content("now then today tomorrow next week month year " + " ".join(cal.WEEKDAYS) + " "
                               + " ".join(cal.MONTHS)))

def _replaces_other(f: MemoryFacts, other: str) -> bool:
    """``other`` names what its change replaced, and the older memory names none of it: it changed another thing
    ("switched to Spotify from Apple Music" leaves "my favourite band is Elbow" standing)."""
    for m in _REPLACED.finditer(other):
        said = content(m.group(1) or m.group(2)) - _FROM_TIME
        if said and not (said & _with_parts(f.content) or said & content(" ".join(f.entities))):
            return True
    return False

#: A change said in everyday words that :data:`.facts.CHANGE` does not read (session 23), read only in a newer memory
#: against an older one: a value gone up or down ("pay's gone up to", "bumped up to", "took me down to 10", "upped"), a
#: date put off or brought forward ("postponed", "pushed back"), a plan called off or made again ("fell through", "the
#: trip is off", "after all", "re-voted"), a start given by its date ("from today", "effective 1 May", "from nov"), and a
#: thing or a role handed on ("took over", "sent the old one back", "jumped ship", "stepped down").
_EVERYDAY_CHANGE = re.compile(
    r"\b(?:(?:gone|going|goes|went|bumped|shot|knocked|taken|took|brought|put|cut|come|came|moved|sized?|sizing)\s+(?:\w+\s+)?(?:up|down)\b"
    r"(?!\s+(?:the\s+)?(?:road|street|stairs|hill|lane|there|here))|upped|postponed|rescheduled|delayed|pushed\s+back|put\s+back|"
    r"brought\s+forward|fell\s+through|falls?\s+through|(?:is|are|was|it's|its)\s+off\b(?!\s+(?:to|for|on|at|sick|work|school|today))|"
    r"called\s+off|after\s+all|change\s+of\s+plans?|re-?vot\w*|re-?schedul\w*|"
    r"from\s+(?:today|tomorrow|tonight|next\s+(?:week|month|year|term|season|" + cal.alt(cal.WEEKDAYS) + r")|"
    + "|".join(sorted({*cal.MONTHS, *(m[:3] for m in cal.MONTHS), "sept"}, key=len, reverse=True)) + r")\b|effective\b|"
    r"(?:took|taken|taking|takes|handed|handing)\s+(?:\w+\s+){0,3}?over\b|jumped\s+ship|stepped\s+(?:down|back)|"
    r"sent\s+(?:\w+\s+){0,3}?back|handing\s+back|downgraded|renewed|promoted|resigned)", re.I)


#: A thing added beside what was ("also taking on the under-13s from next month"): no change to it.
_ADDS = re.compile(r"\b(?:also|as well|on top of)\b", re.I)


#: The thing an everyday change is said of, named before it ("my gym membership has gone up", "the vet appointment got
#: pushed back"): a determiner, up to three words, then only auxiliaries before the change.
_SUBJECT = re.compile(r"\b(?:my|our|the(?:\s+user's)?|his|her|their)\s+((?:[\w-]+\s+){0,2}[\w-]+?)(?:'s)?"
                      r"(?:\s+(?:has|have|had|is|are|was|were|just|got|been|now|finally))*\s*$", re.I)


def change_said(g: MemoryFacts, text: str, of: MemoryFacts | None = None) -> bool:
    """A newer memory ``g`` (text ``text``) states a change: the change cues of :mod:`.facts` or an everyday one.
    With ``of`` (the older memory), an everyday change said of a thing that memory does not name is another thing's
    ("my gym membership has gone up to 40 a month" changes nothing of "netflix is 11 a month"; session 23 review)."""
    if g.change:
        return True
    m = _EVERYDAY_CHANGE.search(text)
    if not m or _ADDS.search(text):
        return False
    if of is not None and (subj := _SUBJECT.search(re.split(r"[,.;:!?]", text[:m.start()])[-1])):
        named = content(subj.group(1))
        if named and not named & (of.content | content(" ".join(of.entities))):
            return False
    return True


_NO_NEWER = {"gone": 0.0, "change": 0.0, "conflict": 0.0, "shift": 0.0, "shared": 0.0, "novel": 0.0}
# Acknowledgements and fillers: an echo ("Type hints and Black, got it") adds nothing new.
_ECHO = frozenset(_stem(w) for w in ("got", "noted", "okay", "ok", "sure", "understood", "pls", "please", "thanks", "yes", "yeah"))


def _compare(f: MemoryFacts, text: str, g: MemoryFacts, other: str, sim: float) -> dict[str, float]:
    """How a newer memory ``g`` stands to ``f``: a change, a contradiction, a reversed attitude, what they
    share and what the newer one adds."""
    st = detect_stance(text, other, cosine=sim)
    said = change_said(g, other, f)
    shared = (f.content & g.content) - _ATTITUDE
    a, b = topic_polarity(text), topic_polarity(other)
    common = a.keys() & b.keys()
    # A reversed attitude to things both name (2+ shared), not to one shared category word
    # ("dislikes courses that move too slowly" / "prefers courses that resonate with ...").
    shift = any(a[w] != b[w] for w in common) and len(shared) >= 2
    # Another named value of the same thing ("the Northfield branch" -> "the Eastgate branch").
    # With a stated change and close enough, no shared word is needed ("prescriptions go to the Boots on X" ->
    # "switched my nominated pharmacy to Kapoor's").
    swap = bool(f.entities and g.entities and not (f.entities & g.entities) and (shared or said and sim >= SWAP_SIM))
    # A negation that agrees is no contradiction: "hates coriander" / "no coriander in my recipes".
    agrees = bool(common) and all(a[w] == b[w] for w in common)
    # A change to another street address needs no shared word ("my address for deliveries is 27 X Road" ->
    # "moved house, new place is 4 Y Mews"): one holder has one address of a kind at a time.
    moved = said and other_value_of(text, other, "address")
    # The thing the older memory names, given up in the newer one ("sold the RX3, playing off an AZ now"):
    # what it said of the thing no longer holds, though the two share the thing's name.
    gone = any(content(m.group(1)) & (_with_parts(f.content) | content(" ".join(f.entities))) for m in _DISPOSED.finditer(other))
    conflict = _contradicts(st, text, other) and not agrees or swap or moved or gone or (
        _numbers_differ(f, other, text) and len(f.content & g.content) >= 1)
    # A change to another attribute of the same person or thing ("Clare changed jobs" after "my sister's name is
    # Clare") neither changes nor contradicts what this one states.
    if said and not (moved or gone or aims_at(f, g, other, text)):
        return {"change": 0.0, "conflict": 0.0, "shift": float(shift), "shared": float(len(shared_words(f, g) - _ATTITUDE)), "gone": 0.0,
                "novel": float(len(g.content - f.content - _ATTITUDE - _ECHO))}
    return {"change": float(said), "conflict": float(conflict), "shift": float(shift), "shared": float(len(shared)), "gone": float(gone),
            "novel": float(len(g.content - f.content - _ATTITUDE - _ECHO))}
