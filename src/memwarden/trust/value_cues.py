"""Wording around a value that changes how the stance features read it (session 9).

Read by :func:`.features.features` before it tokenizes a text: "no. 12" is the number 12, not a
negation; "not on till 9:30" states a start time, no denial; "down from 5" names the value an amount
changed from; "X, but actually Y" replaces the values of X by those of Y of the same kind. The values
these name as replaced become the text's ``rejected`` values, which the stance rules deny
(:func:`.stance._replaced_value`). A numeric date, "8/5" or "28/09/2026", is read day first and
written as its month and day (:func:`spell_numeric_dates`), so it is one date, not the numbers 8 and 5.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..lexicon import calendar as cal
from .values import STREET

if TYPE_CHECKING:
    from .features import TextFeatures

__all__ = ["FORMER", "NOT_TILL", "NUMBER_ABBR", "SELF_CORRECTION", "WEEKDAYS", "repair_parts", "replaced", "spell_numeric_dates"]

#: The weekday names, the one list the stance features, the pair tests and these cues read.
WEEKDAYS = frozenset(cal.WEEKDAYS)

#: "no. 12", "No.8": the abbreviation of "number" before a digit-led code, no negation. Not a reply "No." before
#: a count: "No. 2 more weeks", "no. 3 days left" (a quantifier or a unit of time after the number; "the man at no. 8
#: reckons" is still number 8).
NUMBER_ABBR = re.compile(r"\b(?:no|nos)\.\s?(?=\d)(?!\d[\d,.]*\s+(?:more|less|fewer|extra|other|left|to go|days?|nights?|"
                         r"weeks?|months?|years?|hours?|hrs?|minutes?|mins?|times?)\b)", re.I)
#: A negated start before "till"/"until" and a time: the negation and the preposition say "at".
#: A clock time, not a date: "until 5 june" keeps its negation ("the refund won't arrive until 5 june").
NOT_TILL = re.compile(r"(?:\bnot|\bnever|n't)\b((?: \w+){0,3}?) (?:till|until) (?=(?:\d{1,2}(?:[:.]\d\d)?|noon|midday|half|quarter|"
                      r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b(?!(?:st|nd|rd|th)\b)"
                      r"(?!\s*(?:[/-]\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|next|the\b)))")
#: "down from 5", "up from £40": the value an amount changed from; not a house number ("picked it up
#: from 42 Elm Street": an address's "from" is where, not a change).
FORMER = re.compile(r"\b(?:down|up|increased|decreased|reduced|raised|dropped|risen|fallen|cut) from "
                    rf"(?!\d+[a-z]?\s+\w+(?:\s\w+)?\s+(?:{STREET})\b)"
                    r"((?:the |about |around )?[£$€]?\d[\d,.]*(?:\s?[a-z%]{1,6}\b)?)")
#: A spoken cue opens a clause: a pause before it, or the value it repairs right before it ("6pm no hang on").
_CUE_START = r"(?:(?:[,.;\u2014\u2013-]|\.\.\.)\s*|(?<=\d)\s+|(?<=\d[ap]m)\s+|(?<=\d(?:st|nd|rd|th))\s+)"
_CUE_END = r"(?:\s*(?:[,:!\u2014\u2013]|\.\.\.|\s-)|\s+(?=(?:it'?s\s+|the\s+)?[£$€]?\d))"
#: A correction inside one statement: what follows replaces what came before. Session 15: also the
#: spoken self-repairs "wait no", "no hang on", "correction," and "sorry" right before an amount ("R800...
#: sorry R1,800"); read before the idioms with "no" are taken out of the text (:data:`.lexicon.NOT_NEGATION`
#: holds "no wait", so it never reached this cue). Only a value of a kind said on both sides is replaced
#: (:func:`replaced`): "no wait, let me check" or "sorry I'm late, it's at 5" replace nothing. A spoken
#: cue is an interjection, so it opens a clause (a comma, a dash, a full stop or "..." before it: "the
#: market correction, ..." is a noun) and is closed by a pause or goes straight to a value ("no wait even
#: on a Saturday" is no queue, "wait, no way" no repair); "sorry" repairs only an amount with its currency
#: ("sorry, 4" may answer another question).
SELF_CORRECTION = re.compile(r"(?:,|\bbut)\s+actually\b|\s-\s+actually\b|"
                             r"(?:[,.\u2014\u2013-]|\.\.\.)?\s+(?:or rather|scratch that)\W|" +
                             _CUE_START + r"(?:no,? wait|wait,? no|no,? hang on)" + _CUE_END + "|" +
                             r"(?:[,.;\u2014\u2013-]|\.\.\.)\s*correction,|"
                             r"(?:[,.\u2014\u2013-]|\.\.\.)\s*sorry,?\s+(?=(?:[£$€]|r(?=\d))\d+(?:[,.]\d+)*(?!\d)(?!\s*[a-z%]))")
#: Clause ends inside a repair: a comma, semicolon or full stop before a space, or a spaced dash.
_CLAUSE_END = re.compile(r"[,;.!?](?=\s|$)|\s[-\u2013\u2014]\s|\.\.\.")
#: A third person's thing ("his starts at 8", "her one is at 4"): a value there is theirs, not the repair.
_OTHER_HOLDER = re.compile(r"\b(?:his|her|hers|their|theirs|he|she)\b")
#: A value said in words: a number word, a time word, a weekday or a month ("but actually it's wednesday").
_VALUE_WORD = re.compile(r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midday|half|quarter|"
                         rf"{cal.alt(cal.WEEKDAYS)}|{cal.alt(cal.UNAMBIGUOUS_MONTHS)})\b", re.I)
#: A clause told on the way to the repair: a statement by the speaker or a "they" ("they rang to move it",
#: "I misread the cert"); any other clause without a value (an order, a name called) interrupts the repair.
_STATEMENT = re.compile(r"^\W*(?:i|i'm|i've|i'd|we|we're|we've|they|they've|it|it's|that's)\s", re.I)
#: A repair that is only a bare hour or day ("at 2, wait, no, 3"): it replaces a clock time too.
_BARE = re.compile(r"^\W*(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\W*$")


def repair_parts(said: str, cut: re.Match[str]) -> tuple[str, str]:
    """The text a self-repair takes back and the repair itself: the clause right before the cue and the
    clause right after it, when that one says a value ("the 14th of june, no wait, 21st"); nothing when
    the clause after it says none ("no, hang on, don't buy them yet, Gran has 4": an interruption) or is
    about a third person ("wait, no, his starts at 8"). A repair that is a bare number after a bare hour
    is read as a clock time ("at 2, wait, no, 3"); not after a time with its minutes ("9:15 ... 4")."""
    head = said[:cut.start()].rstrip(" ,;.\u2014\u2013-")
    ends = [m.end() for m in _CLAUSE_END.finditer(head)]
    before = head[ends[-1]:] if ends else head
    # A spoken repair ("no wait", "sorry", "correction") takes back the value said right before it: the
    # clause ends on it, or on it and its unit ("£1,200 a month"); "my phone bill is £30 and the gym -
    # sorry, £25" repairs no bill.
    tail = before.split()[-3:]
    if not re.search(r"actually|rather|scratch", cut.group(0)) and not any(
            any(c.isdigit() for c in w) or _VALUE_WORD.fullmatch(w.strip(".,'")) for w in tail):
        return before, ""
    start = cut.end()
    after = ""
    for end in [m.start() for m in _CLAUSE_END.finditer(said, start)] + [len(said)]:
        clause, start = said[start:end], end + 1
        if not clause.strip(" \t'\""):
            continue
        if _OTHER_HOLDER.search(clause):
            break
        if any(c.isdigit() for c in clause) or _VALUE_WORD.search(clause):
            after = clause
            break
        if not _STATEMENT.match(clause):
            break  # an interruption: "don't buy them yet", "Max, put that down!"
    if not after:
        return before, ""
    if ((bare := _BARE.match(after)) is not None and re.search(r"\b\d{1,2}\s*(?:am|pm)\b|\bat \d{1,2}\b", before)
            and not re.search(r"\d[:.]\d\d", before)):
        after = f"at {bare.group(1)}"
    return before, after


_MONTH_NAMES = list(cal.MONTHS)
#: "8/5", "28/09/2026", "on 3/4": a day and a month (and a year) written with slashes, or with dots and
#: a four-digit year ("05.03.2025"); a full stop may end the sentence after it (session 15: "is on 10/06."
#: was read as the numbers 10 and 6 while "it's 10/06" was June 10). Not a part of a longer run
#: ("1/2/3/4", "1/2.5") nor a ratio with a unit or "of" after it ("3/4 of the cake", "2/3 cup").
_NUMERIC_DATE = re.compile(r"(?<![\w/.])(?P<a>\d{1,2})(?P<s>[/.])(?P<b>\d{1,2})(?:(?P=s)(?P<y>\d{4}|\d{2}))?(?![\w/]|[.,]\d|\s+of\b)")


def _date_word_before(words: str) -> re.Pattern[str]:
    """One of ``words``, or a weekday (abbreviated or not), right before the number."""
    return re.compile(rf"(?:\b(?:{words}|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+)$", re.I)


#: Words before a bare "a/b" that make it a date ("on 8/5", "start date 1/9", "due 3/4").
_DATE_BEFORE = _date_word_before("on|by|for|from|since|until|till|til|before|after|due|date|dated")
#: Before a day/month that ends a sentence ("is on 10/06."): a word that names a date, not "by" or "for".
_ON_DATE_BEFORE = _date_word_before("on|due|dated|from|since|until|till|til")


#: An amount written with thousands separators, "350,000.00", "18,240.55", "1.200.000", and a currency
#: code glued before it ("Ksh12,000.00", "R1,800"): one number, not 350 and 0 or the code "ksh12".
_GROUPED = re.compile(r"(?<![\w.,])(?P<pre>[A-Za-z]{1,3}(?=\d{1,3},\d{3}))?"
                      r"(?P<n>\d{1,3}(?:,\d{3})+)(?:\.(?P<d>\d{1,2}))?(?![\w,]|[.,]\d)")
_DOT_GROUPED = re.compile(r"(?<![\w.,])\d{1,3}(?:\.\d{3}){2,}(?![\w.,]\d|\w)")


def plain_amounts(text: str) -> str:
    """Write grouped amounts as one plain number (session 16: "NGN 350,000.00" read as the numbers
    350 and 0 against the claim's 350,000; "Ksh12,000.00" as a code). Zero cents go ("12,000.00" is
    12000, as "$12.00" is 12); other cents stay ("18,240.55" is 18240.55). A bare four-digit "1,900"
    stays as written (the tokens read it as 1900, not as the year 1900)."""
    if "," not in text and text.count(".") < 2:
        return text

    def plain(m: re.Match[str]) -> str:
        cents = m.group("d")
        tail = f".{cents}" if cents and int(cents) else ""
        if not tail and not m.group("pre") and len(m.group("n")) == 5:
            return m.group("n")  # "1,900 kcal" is read as before (written plain, 1900 would be a year)
        return (f"{m.group('pre')} " if m.group("pre") else "") + m.group("n").replace(",", "") + tail

    text = _GROUPED.sub(plain, text)
    return _DOT_GROUPED.sub(lambda m: m.group(0).replace(".", ""), text)


def spell_numeric_dates(text: str) -> str:
    """Numeric dates written as a month name and a day: "fixed for 8/5" -> "fixed for may 8".

    Day first, as written in Britain, Ireland, India, Singapore, Australia and New Zealand (the
    claim extractor resolves "3/4" the same way when it is nearer); month first only when the first
    number cannot be a month's day order the other way round ("5/18" -> may 18). A bare "a/b" is a
    date only when it cannot be a fraction or a score: a year follows, the month is zero-padded
    ("14/09"), the day is past 12 ("26/4"), or a preposition, "date" or a weekday comes before it."""
    def spell(m: re.Match[str]) -> str:
        a, b, y = int(m.group("a")), int(m.group("b")), m.group("y")
        if m.group("s") == "." and not (y and len(y) == 4):
            return m.group(0)  # "1.5", "13.11": a decimal unless a full year follows ("05.03.2025")
        day, month = (a, b) if 1 <= b <= 12 else (b, a)
        if not (1 <= month <= 12 and 1 <= day <= 31):
            return m.group(0)
        dated = y or m.group("b").startswith("0") or a > 12 or _DATE_BEFORE.search(text, 0, m.start())
        if not dated:
            return m.group(0)
        if not y and text.startswith(".", m.end()) and not _ON_DATE_BEFORE.search(text, 0, m.start()):
            return m.group(0)  # "they were 13/2.", "cut my hours by 1/3.": a score, a share
        year = "" if not y else f" {int(y) + 2000 if len(y) == 2 else int(y)}"
        return f"{_MONTH_NAMES[month - 1]} {day}{year}"

    return _NUMERIC_DATE.sub(spell, text) if "/" in text or "." in text else text


def replaced(before: TextFeatures, after: TextFeatures) -> frozenset[str]:
    """The values ``before`` states and ``after`` replaces with another of their kind (a clock time, a
    number, a weekday, a month)."""
    def kinds(f: TextFeatures) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for v in f.numbers:
            out.setdefault("time" if ":" in v else "number", set()).add(v)
            if v.startswith("end:"):
                # "ten till six, no wait, seven till three": a span's end read as a clock time on one
                # side and bare numbers on the other is still the span replaced. (Not any bare number:
                # "at 4 - no hang on, it's wednesday the 10th, same time" keeps its 4 o'clock.)
                out.setdefault("number", set()).add(v)
        for v in f.dates:
            out.setdefault("weekday" if v in WEEKDAYS else "date", set()).add(v)
        return out

    kb, ka = kinds(before), kinds(after)
    return frozenset(v for k, vs in kb.items() if ka.get(k) and not vs & ka[k] for v in vs)
