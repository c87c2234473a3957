"""A statement that repairs itself as it is said (session 23): "the 20th - no, the 21st", "Magdalena's
coming thursday, ugh no sorry she switched to wednesday", "Clover - no, Betony, the middle one".

The words right before the repair cue are taken back; what follows says what holds instead. A claim that
states the taken-back words (and not what replaced them) is what the speaker denied; any other claim is
read against the statement as repaired: the taken-back words cut out and the repair put in their place, so
the repair's "no" is no negation ("saturday mornings at 9 - no 9.30" still says saturday mornings).

The features already take back a number or a date after "no wait" (:mod:`.value_cues`); this reads names,
days and things too, and the bare "- no," before a value.
"""

from __future__ import annotations

import re
from typing import Callable

from .stance import features
from .stance_label import Stance

__all__ = ["repair_stance", "repair_cut"]

#: A spoken repair after a pause: "- no wait", ", no sorry", "... no hang on", "wait no", "ugh no sorry".
_SPOKEN = re.compile(r"(?:[,;.!\u2014\u2013]|\s-|\.\.\.)\s*(?:(?:ugh|oh|um|erm|argh)\s+)?"
                     r"(?:no,? (?:wait|sorry|hang on|scratch that)|wait,? no|sorry,? no)\b[,.!:]?", re.I)
#: A bare "no" after a dash or a comma, straight before the value that replaces: "the 20th - no, the 21st",
#: "at 9 - no 9.30", "Clover - no, Betony". Not "- no break", "- no fixture" (a lower-case word is a denial).
_BARE = re.compile(r"(?:\s[-\u2013\u2014]|[\u2014\u2013]|,)\s*(?i:no),?\s+"
                   r"(?=(?:(?i:the|it'?s|its)\s+)?(?:\d|[A-Z][a-z]|(?i:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?s?\b)))")
#: What the repair names as wrong first: "no wait not Dilwen, Rhianwen!".
_NOT_FIRST = re.compile(r"^\W*(?:not|it's not|it isn't)\s+([^,;.!]{1,30})[,;.!]\s*", re.I)
#: Fillers opening a repair before what it says.
_FILLER = re.compile(r"^\W*(?:(?:sorry|ugh|oh|um|erm|i mean|i meant|i'?m wrong|i was wrong|my bad|my mistake|hang on|hold on|one sec)(?:\W+|$))*", re.I)
#: Where the clause the repair takes back starts.
_CLAUSE_END = re.compile(r"[,;.!?:](?=\s|$)|\s[-\u2013\u2014]\s|\.\.\.")


#: A value-like word: a figure, an ordinal or a clock time, a weekday, or a capitalised name.
_VALUE = r"(?:\d[\w:.]*|(?i:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?s?)|[A-Z][a-z][\w'-]*)"
#: Session 24: a bare "sorry" or "I mean" between two values of one kind, after a pause: "at 3:15.. sorry, 3:45",
#: "the 13th - sorry, 30th", "Jenny, I mean Jessica, is ...". Both sides must look like a value ("organizar... sorry,
#: English" is a change of language, "fine, sorry, it's late" an apology).
_BETWEEN = re.compile(r"(?:[,\u2014\u2013]|\s[-\u2014\u2013]|\.{2,}|\u2026)\s*(?i:sorry|i mean|i meant)\b,?\s+"
                      rf"(?=(?i:the\s+)?{_VALUE}\b)")


def _cue(text: str) -> re.Match[str] | None:
    found = [m for m in (_SPOKEN.search(text), _BARE.search(text), _between(text)) if m is not None and m.start() > 0]
    return min(found, key=lambda m: m.start()) if found else None


def _between(text: str) -> re.Match[str] | None:
    """The first :data:`_BETWEEN` whose two sides are values of one kind (both figures, both weekdays or both names)."""
    for m in _BETWEEN.finditer(text):
        before = text[:m.start()].split()[-1].strip(".,")
        after = re.sub(r"^(?:the\s+)", "", text[m.end():], flags=re.I).split()[0].strip(".,")
        if _kind(before) is not None and _kind(before) == _kind(after):
            return m
    return None


def _kind(word: str) -> str | None:
    if re.match(r"\d", word):
        return "figure"
    if re.fullmatch(r"(?i:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?s?)", word):
        return "day"
    if re.fullmatch(r"[A-Z][a-z][\w'-]*", word):
        return "name"
    return None


def repair_cut(text: str) -> tuple[str, str, str] | None:
    """(taken back, repaired statement, the repair) of a self-repairing text; None when it repairs nothing.

    What is taken back: the words the repair says are not so ("not Dilwen"), else of the clause before the
    cue, its values (numbers, dates, weekdays) when the repair states one, else its last two words."""
    m = _cue(text)
    if m is None or features(text).rejected:
        return None  # (a value the features already read as taken back is theirs: :mod:`.value_cues`)
    head, after = text[:m.start()], _FILLER.sub("", text[m.end():])
    fa = features(after or " ")
    if not (fa.content or fa.numbers or fa.dates):
        return None
    ends = [e.end() for e in _CLAUSE_END.finditer(head)]
    start = ends[-1] if ends else 0
    clause = head[start:]
    if (nf := _NOT_FIRST.match(after)) is not None:
        back, after = nf.group(1), after[nf.end():]
        kept = head.replace(back, " ", 1)
        return back, f"{kept} {after}", after
    words = clause.split()
    back_words = [w for w in words[-3:] if (fw := features(w)).numbers or fw.dates] if fa.numbers or fa.dates else []
    if m.re is _BETWEEN and words:
        back_words = words[-1:]  # the one value the bare "sorry" / "I mean" replaces
    if not back_words:
        back_words = [w for w in words if features(w).content][-2:]
    if not back_words:
        return None
    back = " ".join(back_words)
    kept, drop = [], list(back_words)
    for w in reversed(words):
        if w in drop:
            drop.remove(w)
        else:
            kept.append(w)
    kept_clause = " ".join(reversed(kept))
    return back, f"{head[:start]} {kept_clause} {after}".strip(), after


def repair_stance(claim: str, text: str, read: Callable[[str, str], Stance]) -> Stance | None:
    """The stance of a self-repairing ``text`` on ``claim`` (``read``: the stance of a plain text); None when
    ``text`` repairs nothing."""
    cut = repair_cut(text)
    if cut is None:
        return None
    back, repaired, after = cut
    fc, fb, fa = features(claim), features(back), features(after or " ")
    said_back = (fc.content | fc.numbers | fc.dates) & (fb.content | fb.numbers | fb.dates)
    if said_back - (fa.content | fa.numbers | fa.dates) and (fa.content | fa.numbers | fa.dates) - said_back:
        return Stance("contradict", 0.75, f"states what the speaker took back ({back.strip()!r})", ("exclusive_value",))
    st = read(claim, repaired)
    return Stance(st.label, st.score, f"read as repaired: {st.reason}", st.cues)
