"""The kind of value a question asks, read from its structure when :func:`.asked.asked` reads none (session 27, issue 11).

``asked`` reads a question's attribute from the wordings its rules know ("what time", "the delivery date", "how much
... cost") and leaves every other question "any", so no per-attribute check runs: "what's the key box code for the
cottage?" (two words between "the" and "code"), "what was my 50 back time?", "how long is my contract?". This reads
the same questions by their grammar, in two ways:

- the **wh-word and the head of the noun phrase it opens** (:func:`phrase_head`): after "what / which" (and a copula),
  the phrase runs over determiners, possessors ("Wolfram's") and modifiers up to its verb, a preposition, a pronoun
  or the end, and its last word is its head ("the key box code", "Papa's latest BP reading", "my study permit
  application number"). English compounds end on their head, so the modifiers are the topic and the head the kind of
  value. A head that is itself a noun of a *kind of value* (:data:`VALUE_NOUNS`: a number, a code, a reference, a
  size, a count, a ratio, a rate) gives the value class a memory must state; any other
  head (a thing: "which garage", "what breed") asks a member of a category, which an answer names without the word,
  and is left alone.
- the **wh-word of quantity**: "how long is / are / will ..." asks a length (a span of time or a measure, or where it
  ends: "till June", "runs out in March"), "how often" a frequency ("every", "twice a week", "on Tuesdays"),
  "how big / large / wide / deep" a number. "How long did it take" and "how long have I been ..." are answered by the
  memories' own dates and are left alone.

:func:`.attribute.attribute_missing` uses the kind in place of "any", with its usual reading of the memories on the
question's topic; the ranking and governance readers of ``asked`` are unchanged.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..lexicon import calendar as cal
from ..retrieval.text import _stem, tokenize, STOPWORDS
from .asked import Asked, everyday

__all__ = ["kind_asked", "phrase_head", "KIND_VALUES", "VALUE_NOUNS"]

#: Nouns that name a kind of value rather than a thing, and the value class a memory states one with. Not "time",
#: "split" or "reading", which also name a plan, a routine and a verb ("a sensible time for the call", "what training
#: split am I running", "what's the book club reading").
VALUE_NOUNS: dict[str, str] = {
    "number": "idnum", "numbers": "idnum", "no": "idnum", "num": "idnum",
    "code": "code", "codes": "code", "pin": "code", "passcode": "code", "password": "code", "combination": "code",
    "reference": "code", "ref": "code", "registration": "code", "plate": "code",
    "size": "size", "sizes": "size",
    "count": "number", "ratio": "number", "rate": "number",
}

#: What opens a wh-phrase: a lead-in word or two, "what" / "which", a copula.
_OPEN = re.compile(r"^\s*(?:(?:so|and|ok|okay|oh|also|hey|sorry|um|remind me|quick one)\W+)*(?:what|which)"
                   r"(?:'s|\s+(?:is|was|are|were|will be))?\s+", re.I)
#: Words that end the noun phrase: a verb of the question, a preposition, a pronoun subject, a conjunction.
_END = frozenset("is are was were am be been being do does did have has had will would can could should shall must "
                 "may might need needs to for at in on of with from by about into onto over under after before "
                 "during since until till than as like i we you he she they it there that this these those and or "
                 "but if when where why how".split())
_DETERMINERS = frozenset("the my our your his her their its a an this that".split())
#: A possessor ("Wolfram's", "the car's", "Dra. Villaroman's") is no head: the phrase goes on after it.
_POSSESSOR = re.compile(r"[a-zé][\w.-]*'s|[a-z]+s'", re.I)
_WORD = re.compile(r"[A-Za-zé][\w'.-]*[A-Za-zé']|[A-Za-zé]|\d[\w.:]*")


@lru_cache(maxsize=8192)
def phrase_head(query: str) -> tuple[str, tuple[str, ...]] | None:
    """(head, modifiers) of the noun phrase the question's "what" / "which" opens; None when it opens none (a verb or
    a pronoun follows: "what did I ...", "which of them ...")."""
    q = everyday(query)
    m = _OPEN.match(q)
    if m is None:
        return None
    words: list[str] = []
    for w in _WORD.findall(q[m.end():]):
        low = w.lower().rstrip(".")
        if low in _END:
            break
        if _POSSESSOR.fullmatch(low):
            words = []  # "the car's new number plate": the possessed phrase follows
            continue
        words.append(low)
    words = [w for w in words if w not in _DETERMINERS]
    if not words or len(words) > 4:
        return None
    return words[-1], tuple(words[:-1])


#: The start of a question, before its wh-words: an optional "so", "and" or "ok" (one pattern for the readers below).
_LEAD = r"^\s*(?:so\s+|and\s+|ok\s+)?"
#: "How long is my contract?", "how long are the extensions", "how long will she be off": a length asked of a state.
#: Not "how long was / were", a past event's length, which the memories' own dates tell as often as a line states it.
_HOW_LONG = re.compile(_LEAD + r"how long (?:is|are|will)\b(?!.*\b(?:ago|since|between)\b)", re.I)
#: "How often do I ...", "how often does the bin lorry come": a routine of the asker's or of a thing, which someone
#: stated. "How often does Sam ..." about a named person in a conversation is counted from that person's lines as
#: often as said (LoCoMo's "how often does Maria work out"), and is left alone.
_HOW_OFTEN = re.compile(_LEAD + r"how often (?:do|does|did|is|are|am|should|must|will|can)\s+"
                        r"(?:i|we|you|u|(?:the|my|our|your|his|her|their|a|an)\s|[a-z]\S*'s\s|[a-z]+s'\s|(?-i:[a-z]))", re.I)
#: "What did the garage quote me for the clutch?", "what am I charging for the mugs?", "what did we pay for the van?": a verb
#: of pricing whose object the wh-word asks is a sum of money ("give ... for" and "offer" are gifts and jobs as often).
_PRICED = re.compile(_LEAD + r"what (?:did|does|do|will|would|is|are|am|was|were|has|have)\s+(?:[\w'-]+\s+){1,4}?"
                     r"(?:quote[sd]?|quoting|charge[sd]?|charging|(?:pay|paid|paying)"
                     r"(?:\s+(?:me|us|you|him|her|them))?\s+for)\b(?!\s+with\b)", re.I)
#: "What did the MRI show?", "what did the adjudicator decide about my deposit?", "what did the vet say about her leg?":
#: the outcome of a test, a survey, a hearing or a visit (not the asker's own words: "what did I say ...").
#: The subject is a thing or a professional named by its determiner or owner ("the MRI", "my blood test", "Ottie's EEG"),
#: and the verb its own (no "to" before it: "what did Audrey share to show ..."); a person named bare ("what did Evan
#: find relaxing", "what does Gina say to Jon") is a party to a conversation, whose words are no outcome of a test.
_OUTCOME_ASKED = re.compile(_LEAD + r"what (?:did|has|have)\s+(?:the|my|our|your|his|her|their|[A-Za-z]\S*'s)\s+"
                            r"(?:(?!to\b)[\w'.-]+\s+){0,4}?(?P<verb>show|say|find|conclude|decide|reveal|recommend|diagnose|rule)\b",
                            re.I)
#: An outcome said: a result verb in the past or present (not "will show", "results in two weeks"), a result noun with
#: its result, a finding's everyday words.
_OUTCOME = re.compile(r"\b(?:showed|shows|shown|found|finds|findings?|revealed|reveals|confirmed|confirms|concluded|"
                      r"concludes|conclusion|decided|decides|decision|ruled|rules that|said|says|told|reckons|according to|"
                      r"came back|comes back|(?:'s|is|are|was|were) back|diagnosed|diagnosis|upheld|awarded|recommended|"
                      r"recommends|agreed|refused|rejected|approved|granted|denied|positive|negative|normal|clear|benign|"
                      r"malignant|nothing (?:wrong|found|serious|showed|there)|all fine|all good|in my favour|in our favour|"
                      r"had a look|took a look|looked at (?:it|him|her|them)|examined|flagged|spotted|noticed|picked up|pointed out|"
                      r"highlighted|identified|reported|mentioned|noted|advised|suggested|warned)\b"
                      r"|\bresults?\s*(?::|were|was|are|is|came|show)", re.I)
_HOW_BIG = re.compile(_LEAD + r"how (?:big|large|wide|deep)\b", re.I)

_NUM = (r"(?:\d[\d.,]*|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
        r"a couple of|a few|few|several|half an?|another|more|extra|an extra)")
#: A length: a span of time or a measure said with its unit, a fortnight, or where it ends ("till June", "ends in
#: March", "runs out on the 4th", "for the season").
_LENGTH = re.compile(rf"\b{_NUM}\s*-?\s*(?:[a-z]+\s+)?(?:secs?|seconds?|mins?|minutes?|hrs?|hours?|days?|"
                     r"nights?|weeks?|wks?|months?|mos?|years?|yrs?|terms?|semesters?|seasons?|km|kms|miles?|m|metres?|"
                     r"meters?|ft|feet|foot|inch(?:es)?|cm|mm|words|pages)\b|\b\d[\d.,]*\s?(?:m|km|ft|cm|mm|h|hrs?|d|wks?)\b|"
                     r"\bfortnight\b|\b(?:until|till|til|through|thru)\b|\b(?:ends?|ending|finish(?:es)?|expires?|"
                     r"runs? (?:out|until|till|to))\b|\bfor (?:the|a) (?:whole |full |rest of the )?(?:season|term|summer|"
                     r"year|month|week)\b|\bpermanent(?:ly)?\b|\bindefinite(?:ly)?\b", re.I)
#: A frequency: "every", "each", a rate word, "twice a week", "3x a month", weekdays in the plural ("on Tuesdays"), a
#: weekday's part of the day in the plural ("on Wednesday evenings").
_FREQUENCY = re.compile(r"\b(?:every|each|daily|nightly|weekly|fortnightly|monthly|quarterly|yearly|annually|hourly|"
                        r"weekdays|weekends)\b|\b(?:once|twice|thrice|\d+\s*x|\w+ times)[\s-]+(?:a|an|per|every|each)\b|"
                        r"\b(?:\d+|one|two|three|four|five|six|seven) (?:days?|nights?|evenings?|mornings?|shifts?|sessions?) "
                        r"(?:a|per|each|every|in)\b|"
                        r"\b(?:a|per)\s+(?:day|week|month|year|fortnight)\b|"
                        r"\b(?:" + "|".join(d + "s" for d in cal.WEEKDAYS) + r")\b|"
                        # "on Wednesday evenings": a part of the day in the plural after a weekday (its resolved date between)
                        r"\b(?:" + "|".join(cal.WEEKDAYS) + r")\b(?:\s*\([^)]*\))?\s+(?:mornings|afternoons|evenings|nights|lunchtimes)\b", re.I)

#: The patterns of the kinds this module adds to :data:`.values.VALUES`'s classes.
KIND_VALUES: dict[str, re.Pattern[str]] = {"length": _LENGTH, "frequency": _FREQUENCY, "outcome": _OUTCOME}

_LABELS = {"idnum": "an identifying number", "code": "a code", "size": "a size", "number": "a number",
           "length": "a length of time or a measure", "amount": "an amount", "frequency": "how often", "outcome": "an outcome"}


@lru_cache(maxsize=8192)
def kind_asked(query: str) -> Asked | None:
    """The kind of value the question asks, read from its wh-phrase (see the module doc); None when it reads none."""
    q = everyday(query)
    if _HOW_LONG.match(q):
        cls, attr = "length", {"long"}
    elif _HOW_OFTEN.match(q):
        cls, attr = "frequency", {"often"}
    elif m := _OUTCOME_ASKED.match(q):
        cls, attr = "outcome", {m.group("verb").lower()}
    elif m := _PRICED.match(q):
        cls, attr = "amount", {m.group(0).split()[-1].lower()} - {"for"} or {"pay"}
    elif _HOW_BIG.match(q):
        cls, attr = "number", {"big", "large", "wide", "deep"}
    else:
        read = phrase_head(q)
        if read is None or read[0] not in VALUE_NOUNS:
            return None
        head = read[0]
        cls, attr = VALUE_NOUNS[head], {head}
    attr_stems = frozenset(_stem(w) for w in attr)
    drop = attr_stems | {_stem(w) for w in ("what", "which", "how", "long", "often", "big", "large", "wide", "deep")}
    topic = frozenset(t for t in tokenize(q.lower()) if t not in drop and t not in STOPWORDS)
    return Asked(cls, None, topic, _LABELS[cls], attr_stems)
