"""Self-corrections inside one turn: "the parcel comes thursday, sorry I mean friday".

A speaker who corrects themselves mid-turn ("wait no", "sorry, I meant", "scratch that", "make
that", "correction:") takes back what they just said. Left alone, both versions become claims of
the same moment and the wrong one may rank first. :func:`self_corrected` rewrites a turn's
clauses before extraction:

- a *fragment* correction (a value with no verb of its own: "friday", "11am", "Priya's") replaces
  the last value of its kind in the corrected statement, and the replaced value is kept as
  ", not <old>" so the slot's ``previous_value`` names it ("the plumber is booked for 11am, not
  9am");
- a *full* correction ("scratch that, it's at Priya's now") replaces the corrected statement; the
  corrected one is still read (``emit=False``) so the event it named is what "it" refers to.

The corrected statement is the text before the marker in the same clause, else the turn's
previous clause. A marker with nothing before it in the turn corrects nothing and is dropped.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Iterable

from .timex import TimeHit, find_times

__all__ = ["self_corrected", "CORRECTION_MARK", "_strip_corrections"]

#: A speaker taking back what they just said. "I mean" alone is a filler ("I mean, it's fine"):
#: only after "sorry"/"no"/"oops" or as "I meant".
CORRECTION_MARK = re.compile(
    r"(?:^|[,;:.!…]\s*|\s+[-–—]+\s*|\.\.\.\s*|\s+)(?P<m>(?:wait|hang on|hold on),?\s+no\b|no,?\s+(?:wait|sorry)\b|"
    r"(?:sorry|oops|no|err|erm|uh),?\s+i\s+mean(?:t)?\b|i\s+meant\b|scratch that\b|make that\b|correction\s*:|"
    r"actually,?\s+no\b)[,:\s]*", re.I)
_VERB = re.compile(r"\b(?:is|are|was|were|be|been|am|'s|'re|has|have|had|do|does|did|will|can|got|get|goes|going|"
                   r"comes?|coming|moved?|booked|starts?|leaves?|\w+ed)\b|n't\b", re.I)
# The span a corrected number replaces, sign and unit included ("£40", "10 mg"): a span to
# cut out, not the yes/no "says a number" of claims.gate_cues.NUMBER or trust.values.
_NUMBER = re.compile(r"[£$€]?\d(?:[\d,.:]*\d)?(?:\s*(?:am|pm|mg|mcg|ml|kg|k|%)(?!\w))?", re.I)
_LEAD = re.compile(r"^(?:on|at|by|for|from|until|till|this|coming|this coming)\s+", re.I)
_NAME = re.compile(r"(?-i:\b[A-Z][\w'-]+)")
_ARTICLE_END = re.compile(r"\b(?:the|a|an|my|our)\s+$", re.I)
_ARTICLE_HEAD = re.compile(r"^(?:the|a|an|my|our)\s+", re.I)


#: A clock time with no day ("11:20", "half 5", "9am"): a correction of one replaces a clock time, not a date.
_CLOCK = re.compile(r"^\W*(?:at\s+)?(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?|half (?:past )?\w+|noon|midday|midnight|"
                    r"quarter (?:past|to) \w+)\W*$", re.I)


def _clock_only(text: str) -> bool:
    return bool(_CLOCK.match(text)) and not re.search(r"\d(?:st|nd|rd|th)\b|/", text, re.I)


def _fragment(text: str) -> bool:
    return len(text.split()) <= 4 and not _VERB.search(text)


def _replace_value(unit: str, fix: str, anchor: datetime | None) -> str | None:
    """``unit`` with its last value of ``fix``'s kind replaced by ``fix``, and ", not <old>"; None if none."""
    fix = fix.strip(" .!…")
    times, fixed_times = find_times(unit, anchor), find_times(fix, anchor)
    if fixed_times and times:
        clock = _clock_only(re.sub(r",?\s+not\s+.*$", "", fix))  # "11:20, not same time": the value said, then what it is not
        same = [t for t in times if _clock_only(t.text) == clock]
        if not same and clock:
            # "moved to the 23rd, same time. no wait, 11:20": a clock time said after a date adds the hour, the date stays
            h, said = times[-1], fixed_times[0]
            return f"{unit[:h.end]} at {_LEAD.sub('', said.text)}{unit[h.end:].rstrip(' .!…')}"
        h = (same or times)[-1]
        lead = _LEAD.match(h.text)  # "on thursday" corrected by "friday" is "on friday"
        if lead and not _LEAD.match(fix):
            fix = lead.group(0) + fix
        return f"{unit[:h.start]}{fix}{unit[h.end:].rstrip(' .!…')}, not {_LEAD.sub('', h.text)}"
    for pat in (_NUMBER, _NAME):
        old = list(pat.finditer(unit))
        if pat.search(fix) and old and (pat is _NUMBER or old[-1].start() > 0):
            o = old[-1]
            return f"{unit[:o.start()]}{fix}{unit[o.end():].rstrip(' .!…')}, not {o.group(0).strip()}"
    # A value of no kind we type (a lowercase name, a word: "flying jet2... no sorry, easyjet"): a
    # fragment said right after a statement fixes the value said last, its last word.
    # A two-word value replaces the last two words ("the curry house, sorry I mean the pizza place").
    bare = _ARTICLE_HEAD.sub("", fix)
    n = len(bare.split())
    last = re.search(rf"(?<=\s)[\w'-]+(?:\s+[\w'-]+){{{n - 1}}}$", unit.rstrip(" .!…")) if 1 <= n <= 2 else None
    if last and not _VERB.search(fix):
        before = unit[:last.start()]
        if _ARTICLE_END.search(before):  # "at the cafe... no, the pub": one article
            fix = bare
        return f"{before}{fix}, not {last.group(0)}"
    return None


def self_corrected(clauses: Iterable[tuple[int, str]], anchor: datetime | None) -> list[tuple[int, str, bool]]:
    """A turn's ``(sentence, clause)`` pairs with self-corrections applied: ``(sentence, clause, emit)``."""
    out: list[tuple[int, str, bool]] = []
    for n, clause in clauses:
        m = CORRECTION_MARK.search(clause)
        if m is None:
            out.append((n, clause, True))
            continue
        before, fix = clause[: m.start()].strip(" ,;-–—"), clause[m.end():].strip()
        if before:
            unit_n, unit = n, before
        elif out and out[-1][2]:
            unit_n, unit = out.pop()[:2]
        else:
            if fix:
                out.append((n, fix, True))
            continue
        if not fix:
            out.append((unit_n, unit, True))
            continue
        head, _, rest = fix.partition(",")  # "no wait, 6:10, just checked the email": the value, then an aside
        if not _fragment(fix) and rest.strip() and _fragment(head) and (merged := _replace_value(unit, head, anchor)) is not None:
            out.extend([(unit_n, merged, True), (n, rest.strip(), True)])
        elif _fragment(fix) and (merged := _replace_value(unit, fix, anchor)) is not None:
            out.append((unit_n, merged, True))
        else:
            out.extend([(unit_n, unit, False), (n, fix, True)])
    return out


def _strip_corrections(text: str, hits: list[TimeHit]) -> str:
    """ "at 10 not noon": the "not" corrects a value, it does not negate the claim."""
    for h in sorted((h for h in hits if h.corrected), key=lambda h: -h.start):
        left = text[: h.start]
        left = re.sub(r",?\s*(?:and\s+)?not\s+(?:at\s+|on\s+)?$", " ", left, flags=re.I)
        text = left + text[h.end:]
    text = re.sub(r"(?<=\w),?\s+not\s+(?=[A-Z]\w+\s*$)", " ", text)
    # "in Wolverhampton not stoke": a name, then the one it replaces typed in lowercase, as chat does
    return re.sub(r"(?<=\b[A-Z][a-z])(\w*),?\s+not\s+(?=[a-z]\w+\s*$)", r"\1 ", text)
