"""The one list of wording that says a statement replaces an earlier one.

Read by the ranking's update step (:func:`memwarden.trust.ranking.updates_first`), its
conflict step (a winner that says it replaces something moves past a loser with no word in
common) and the answer-type step (:mod:`memwarden.trust.answer_type`). Each entry is marked
whether it says so *outright* ("instead", "switched", "no longer"): "now" or "new" also open
plain descriptions ("the new kitchen is lovely"), so only outright cues may move a later dated
event past an earlier one.

The classes, so a new wording is added to its class rather than as a phrase:

- present-state adverbs: "now", "these days", "anymore", "no longer", "instead", "at the moment";
- an onset: "from now on", "from this week", "from Monday", "starting next month", "as of May",
  "from 24/3", "from this season", "going forward"; an onset opening its clause ("from today the
  cows come in once a day", "as of 3/5 they're giving her the late slot") says outright that a
  new state replaces the one before, however the rest is worded;
- verbs of changing a value: switched, changed, swapped, replaced, upgraded, bumped, raised,
  lowered, ported, transferred, handed over, took (me) off, put (me) on;
- verbs of moving a date: moved, rescheduled, pushed (back), postponed, delayed, brought forward;
- verbs that begin or end a state: started, stopped, quit, cancelled, relocated, promoted, "got
  the keys", "moved in";
- corrections of one's own earlier word: actually, turns out, updated, "wait no".

A contrast "<new> not <old>" ("in Wolverhampton not stoke", "thursdays, not weds") names the value
it replaces (:func:`rejected_words`); a "not" after an auxiliary or a pronoun ("she's not a
doctor", "I'm not sure") is a plain negation and names none.
"""

from __future__ import annotations

import re

__all__ = ["UPDATE", "REPLACE", "CHANGE", "CALENDAR_WORD", "says_update", "says_change", "says_replace", "rejected_words"]

_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|"
          r"nov(?:ember)?|dec(?:ember)?)")
#: A weekday's or a month's name (capitalised, but no one's name).
CALENDAR_WORD = re.compile(rf"(?:{_DAY}|{_MONTH})", re.I)
#: When a new state begins: "from this week", "starting Monday", "as of the 14th".
_ONSET = (rf"(?:from|starting|as of|beginning|effective)\s+(?:(?:this|next|the)\s+)?(?:week|month|term|semester|season|"
          rf"quarter|year|{_DAY}s?|{_MONTH}|now on|here on|today|tomorrow|\d{{1,2}}(?:st|nd|rd|th)?\b)")
#: An onset opening the clause, after a speaker's label ("The user: ") and a connective at most.
_OPENING_ONSET = re.compile(rf"^(?:[\w' ]{{1,30}}:\s*)?(?:(?:so|and|but|ok|okay|well|anyway)\b,?\s*)?{_ONSET}", re.I)

#: (pattern, outright): one entry per wording class member.
_CUES: tuple[tuple[str, bool], ...] = (
    # present-state adverbs
    (r"now", False), (r"these days", False), (r"at the moment", False), (r"anymore|any more", True),
    (r"no longer", True), (r"instead", True),
    # onset
    (r"from now on|going forward|from here on", True), (_ONSET, False),
    # changing a value
    (r"switched|changed|swapped|replaced|updated?|upgraded|downgraded|bumped|upped|raised|lowered|goes up|went up|"
     r"went down", False),
    (r"switched|changed|replaced", True),
    (r"ported|transferred|handed (?:me |us )?over|took (?:me|us|him|her|them) off|put (?:me|us|him|her|them) on", True),
    # moving a date
    (r"moved|rescheduled|pushed(?: back)?|postponed|delayed|brought forward", False),
    (r"rescheduled|postponed|pushed back|brought forward|moved (?:to|it)", True),
    # a state begins or ends
    (r"started|stopped|quit|cancel+ed|relocated|promoted|new|newly|again", False),
    (r"cancel+ed|got the keys|moved in(?:to)?", True),
    # one's own correction
    (r"actually|turns out|wait,? no|no wait|i mean", False),
)

UPDATE = re.compile(r"\b(?:" + "|".join(p for p, _ in _CUES) + r")\b", re.I)
#: Session 23: the classes that say a value changed, not only that something began or ended ("a new pho place",
#: "started a book", "again") nor a speaker's own aside ("actually"): the present-state adverbs, the onsets and the
#: verbs of changing a value or moving a date (the entries before "a state begins or ends", in their order above).
CHANGE = re.compile(r"\b(?:" + "|".join(p for p, _ in _CUES[:13]) + r")\b", re.I)
REPLACE = re.compile(r"\b(?:" + "|".join(p for p, outright in _CUES if outright) + r")\b", re.I)


def says_update(text: str) -> bool:
    """``text`` says it changes something ("I'm on giffgaff now", "swimming is Sundays from this week")."""
    return bool(UPDATE.search(text))


def says_change(text: str) -> bool:
    """``text`` says a value changed or holds from now ("it's a fiver now", "gone with X instead", "from next week
    we're on wednesdays", "moved to the 17th"); "a new X", "started", "again" and "actually" are not enough."""
    return bool(CHANGE.search(text) or REPLACE.search(text) or _OPENING_ONSET.match(text.strip()))


def says_replace(text: str) -> bool:
    """``text`` says outright that it replaces something ("rebooked ... instead", "took me off X", a
    clause opening on an onset: "from today we ...")."""
    return bool(REPLACE.search(text) or _OPENING_ONSET.match(text.strip()))


#: "<word>[,] not [the|at|on|in] <word>": the word before "not" is the new value, the one after the old.
_CONTRAST = re.compile(r"\b([\w']+),?\s+(?:not|rather than|instead of)\s+(?:(?:the|a|an|my|our|at|on|in)\s+)?([a-z][\w']*)",
                       re.I)
#: Before "not", these make it a plain negation ("is not", "she's not", "don't"), not a contrast; so
#: does a lower-case adverb ("honestly not bothered").
_NEGATING = re.compile(r"(?:'s|'re|'m|'ve|'d|'ll|n't|^(?:is|are|am|was|were|be|been|do|does|did|have|has|had|will|would|"
                       r"can|could|should|shall|must|might|may|i|you|he|she|it|we|they|that|this|there|its|im|"
                       r"and|or|but|if|so|why|still|just|really|probably|definitely|certainly|obviously|surely|"
                       r"actually|absolutely|maybe|perhaps|also|too|yet|ever|never|nor))$", re.I)


def rejected_words(text: str) -> set[str]:
    """The words a contrast in ``text`` names as replaced ("in Wolverhampton not stoke" -> {"stoke"})."""
    return {m.group(2).lower() for m in _CONTRAST.finditer(text) if not _NEGATING.search(m.group(1))
            and not (m.group(1).islower() and m.group(1).endswith("ly"))}
