"""Sentences and clauses of a turn (the first step of the offline extractor).

Sentences split at end punctuation, ";", newlines and dashes before a capital; clauses at
coordinations that start a new subject ("..., and I", " but my"), comma splices ("I'm on 50 mg
now, my doctor upped it", "news came out today, Raghav got the job"), participles ("..., staying in Shinjuku") and trailing tag questions
("..., have you been?"). Two subjects ("My band and I were") and fronted phrases ("After the
concert, we went home") are not split.
"""

from __future__ import annotations

import re
from typing import Any

from ..lexicon import calendar as cal
from ..lexicon.quotes import straight
from . import lexicon as L
from .continuation import keeps_together, leans_on_previous
from .timex import clause_tense, find_times

__all__ = ["split_clauses", "sentence_clauses", "headers_silenced", "FRAGMENT", "own_with_aside", "not_reply", "chat_spelled", "judges", "statement_with_doubt", "chat_marked", "states_a_change",
           "proper_names", "GENERIC", "STATE_WORD", "fact_anchor", "answer_to_question"]

_WORDS = re.compile(r"[A-Za-z0-9]+")
#: What follows a label that cannot stand alone: a short verbless phrase ("not allergic", "a torn ligament").
FRAGMENT = re.compile(r"^(?!.*\b(?:i|i'm|im|i've|ive|we|we're|he|she|they|it|it's|you|is|are|was|were|am|has|have|had|\w+ed|\w+n't|"
                       r"\w+'s)\b)\W*\w+(?:\W+\w+){0,3}\W*$", re.I)
#: A capitalised word after the first (not "I"): a name said inside the clause.
_NAME_INSIDE = re.compile(r"(?<=\w\s)(?!I\b)[A-Z][a-z]+")
#: A word for the listener: a clause with one may be about the addressee, not the speaker.
_YOU = re.compile(r"\b(?:you|your|you're|yours)\b", re.I)
#: A pronoun subject, an auxiliary, a negation or a past tense: what makes a clause a statement, not a fragment.
_VERBAL = re.compile(r"\b(?:he|she|they|it|we|is|are|was|were|am|be|been|has|have|had|do|does|did|not|no|never|\w+n't|\w+'s|\w+'re|\w+ed)\b", re.I)
_FRONTED = re.compile(r"^\s*(?:according|apparently|honestly|luckily|unfortunately|sadly|basically|also|plus|btw|"
                      r"after|before|since|when|whenever|while|if|because|as|in|on|at|during|once|until|"
                      r"although|though|for|by|with|without|like|unlike|despite|from|over|last|next|this|every)\b", re.I)


#: "letter from the surgery came: 'Your total cholesterol is 6.2 ... Please book a follow-up.'": a
#: quoted passage from a written source, closing at the end of the turn.
_QUOTED_DOC = re.compile(rf"^(?P<head>(?:.*?[.!?;]\s+)?)(?P<doc>[^.!?;]{{0,80}}?\b{L.DOC_NOUN}\b[^.!?;:]{{0,60}}?(?:says|said|reads|:)\s*)"
                         r"(?P<quote>(?P<q>['\"]).{10,600}(?P=q))[\s.!]*$", re.I | re.S)


#: A row of column names: three or more short labels split by bars, tabs or wide gaps, with no value in them
#: ("Date | Time | Amount", "Name\tDose\tWhen"); "Zone: Upstairs | Mode: Off" gives values and is no header.
_COLUMN_NAMES = re.compile(r"^[A-Za-z][A-Za-z ./%()&'-]{0,30}(?:(?:\s*[|\t]\s*|\s{2,})[A-Za-z][A-Za-z ./%()&'-]{0,30}){2,}$")


def header_line(clause: str) -> bool:
    """A row of column names, or a clause ending on a colon: the line a pasted document or table opens with."""
    c = clause.strip()
    return c.endswith(":") or (":" not in c and bool(_COLUMN_NAMES.match(c)) and len(c.split()) <= 16)


def headers_silenced(parts: list[tuple[int, str, bool]]) -> list[tuple[int, str, bool]]:
    """``(sentence, clause, emit)`` with ``emit`` off for every clause of a header sentence: one whose last clause
    ends on a colon ("Calendar export (work):", "Vet email, pasting so I have it:") or a row of column names. A
    header names what follows and states nothing; the extractor still reads it for context (whose document
    follows) but keeps no claim of it."""
    last = {n: c for n, c, _ in parts}
    heads = {n for n, c in last.items() if header_line(c)}
    return [(n, c, emit and n not in heads) for n, c, emit in parts]


def split_clauses(text: str) -> list[str]:
    """Sentences, then clauses; a statement keeps its trailing tag question split off."""
    return [c for _, c in sentence_clauses(text)]


def sentence_clauses(text: str) -> list[tuple[int, str]]:
    """(sentence number, clause) pairs: a frame ("the letter says") carries over its sentence."""
    text = straight(text)
    if "." in text:
        text = L.ABBREV.sub(lambda m: m.group(0)[:-1] + "\x00", text)
    out: list[tuple[int, str]] = []
    q = _QUOTED_DOC.match(text)
    if q:  # a document quoted whole is one piece of testimony: its sentences stay together
        text = q.group("head").strip()
        for n, c in sentence_clauses(text)[:-1] if text else []:
            out.append((n, c))
        last = sentence_clauses(text)[-1] if text else None
        n = last[0] if last else 0
        quoted = q.group("doc") + q.group("quote")
        out.append((n, quoted.replace("\x00", ".").strip()))
        return out
    for n, sent in enumerate(L.SENT_SPLIT.split(text)):
        sent = sent.replace("\x00", ".").strip()
        if not sent:
            continue
        if out and leans_on_previous(sent):  # "papa kills the wifi at 11. no exceptions": one rule
            if len(out) > 1 and FRAGMENT.match(out[-1][1]):  # "... at 11. 11 SHARP. no exceptions": the statement's
                out[-2:] = [(out[-2][0], f"{out[-2][1].rstrip(' .!')}, {out[-1][1]}")]  # emphasis goes with it
            last_n, last = out[-1]
            out[-1] = (last_n, f"{last.rstrip(' .!')}, {sent[:1].lower()}{sent[1:]}")  # read on, as said after a comma
            continue
        for part in L.TAG_QUESTION.split(sent, maxsplit=1):
            pieces: list[str] = []
            pos = 0
            for m in L.CLAUSE_SPLIT.finditer(part):
                left = part[pos:m.start()]
                if len(_WORDS.findall(left)) <= 2 and not pieces and (not m.group(0).lstrip().startswith(",")
                                                                      or L.LEAD.match(left) or L.CHITCHAT.match(left)):
                    continue  # "My band and I were jamming": two subjects, not two clauses ("not great, the boiler's gone" is two)
                if m.group(0).lstrip().startswith(",") and len(_WORDS.findall(left)) < 2 and "," not in m.group(0)[1:]:
                    if not re.match(r",\s*(?:and|but|so|because)", m.group(0)):
                        continue  # "Since last week, I've been vegan": the head is not a clause
                if m.group(0).lstrip().startswith(",") and _FRONTED.match(left):
                    continue  # "After the concert in Dublin, we went home"
                if keeps_together(part[m.end():]):
                    continue  # "..., but it means I need a driver", "the fryer and the kettle at the same time"
                pieces.append(left)
                pos = m.end()
            pieces.append(part[pos:])
            out += [(n, c.strip()) for p in pieces for r in _act_then_report(p) for c in _appraisal_tail(r) if c.strip()]
    return out


#: "... and says it's two weeks": a reporting verb (``lexicon.REPORT``'s class) coordinated after another verb phrase.
_AND_REPORTS = re.compile(rf"\s+and\s+(?:then\s+)?(?=(?:(?:{L.REPORT_ADVERB})\s+)?{L.REPORT_VERB}\b)", re.I)


def _act_then_report(piece: str) -> list[str]:
    """ "My cousin did the visa in 2019 and says it's two weeks": what the reporter did, then their word.

    Split only when the words before the verb phrase are a reporter ``lexicon.REPORT`` reads (so the
    second half is framed as theirs, not the speaker's first-hand fact) and what they did is a clause."""
    m = _AND_REPORTS.search(piece)
    if not m:
        return [piece]
    head, said = piece[: m.start()], piece[m.end():]
    words = head.split()
    for k in range(min(4, len(words) - 1), 0, -1):
        rep = " ".join(words[:k])
        r = L.REPORT.match(f"{rep} {said}")
        if r and r.group("rep") == rep and rep not in L.NOT_NAMES:  # "The roofer came and said": "The" is no reporter
            return [head, f"{rep} {said}"]
    return [piece]


#: "submitted my first assignment tonight, bit nervous about it tbh": a short appraisal or mood
#: appended after a comma, with no subject of its own; split off so the fact and the reaction are
#: judged apart (the extractor and the gate drop the reaction, the fact stays).
_TAIL = re.compile(r"^(?P<head>.*\w.*?)\s*,\s*(?P<tail>[^,]+)$")
#: ... unless it joins or reports ("or so my uncle says": a frame, not an appraisal).
_TAIL_NOT = re.compile(r"^(?:or|and|but|nor|which|who|that)\b|\b(?:says|said|told|tells|reckons|thinks|insists|claims|heard|my|our)\b", re.I)
_TAIL_SUBJECT = re.compile(r"^(?:I|I'm|I've|we|we're|my|our|he|she|they|it|it's|the|this|that|you|u|[A-Z][a-z]+)\b")


def _appraisal_tail(piece: str) -> list[str]:
    m = _TAIL.match(piece.strip())
    if not m or len(_WORDS.findall(m.group("head"))) < 3:
        return [piece]
    tail = m.group("tail").strip()
    if (len(_WORDS.findall(tail)) > 6 or _TAIL_SUBJECT.match(tail) or re.search(r"\d", tail) or _TAIL_NOT.search(tail)
            or not (L.MOOD.search(tail) or L.EVALUATIVE_WORDS.search(tail) or L.CHAT_MARK.search(tail)
                    or re.match(r"^(?:a\s+)?(?:bit|little|kinda|so|pretty|really|super|totally|very|quite|classic|typical|"
                                r"fine|whatever|obviously|naturally|of course|as usual|go figure)\b", tail, re.I))):
        return [piece]
    return [m.group("head"), tail]


# -- clause-level tests the extractor uses to drop reactions and keep reports --------------------

_ATTRIBUTIVE_NEXT = re.compile(r"^\s+(?!(?:to|for|and|but|or|of|at|in|on|when|that|how|if|as|lol|haha|too|though|tbh)\b)[a-z]\w*", re.I)


def judges(c: str) -> bool:
    """An evaluative word used as a judgement ("is really important"), not before its noun ("a special
    kidney diet", "a good dentist"), where it only describes the thing the fact is about; "for good"
    is a change that lasts, not a judgement."""
    return any(not _ATTRIBUTIVE_NEXT.match(c[m.end():]) for m in L.EVALUATIVE_WORDS.finditer(_FOR_GOOD.sub(" ", c)))


_ASKS = re.compile(r"(?:^|[,;:]\s*)(?:is|are|was|were|do|does|did|can|could|will|would|should|shall|have|has|had|may|might|"
                   r"am|isn't|aren't|don't|doesn't|didn't|can't|won't|any|u|you|or|right|ok|okay|yeah|no)\b[^,;:]*\?+$", re.I)


#: "I think my passport runs out in May?", "pretty sure the bins are Tuesdays?", "reckon we sold about 60 today?",
#: "the quiz is on the 3rd I think?": the speaker's own belief, said with a rising voice: a statement held loosely,
#: not a question (session 23). Not a guess ("I guess it's fine?"), nor a plan or advice sought ("I think I should quit?").
_BELIEVED = re.compile(r"^(?:(?:(?:i|we)\s+)?(?:think|reckon|believe)|(?:(?:i'm|im|i\s+am|we're)\s+)?(?:pretty|fairly|quite|dead)\s+sure)"
                       r"\s+(?:that\s+)?(?=(?:my|our|his|her|their|the|i|i'm|im|we|we're|"
                       r"he|she|they|it|it's|its)\b|(?-i:[A-Z]))(?![^?]*(?:\b(?:should|could|would|shall|might|can|do|does)\b|'d\b))[^?]+\?+$|"
                       r"^(?!(?:i|we)\b)[^?]*\w\s+(?:i|we)\s+(?:think|reckon|believe)\s*\?+$", re.I)


def statement_with_doubt(c: str) -> bool:
    """ "the invite says Saturday 17th, 3pm, community hall on Fern St, bring a swimsuit??": a long report
    whose last bit wonders; its facts are said, not asked. A question proper asks in its last part. A belief
    of the speaker's said with a question mark is a statement too (``_BELIEVED``)."""
    return (len(_WORDS.findall(c)) >= 12 and not _ASKS.search(c)) or believed(c)


#: Openers that ask only with a question mark (session 25): a wish or plan ("want to get my iron up", "wanna
#: finish the course by june") and a free choice ("anything with nuts gives me hives") state without one, when the
#: clause holds the speaker's own world (``_OWN_WORLD``: a first person or a figure); "want to see a pic", "want to help me",
#: "anything fun on tonight", "anything (else) I can do" still ask.
_ASKS_WITH_MARK_ONLY = re.compile(r"^(?:want\s+to|wanna|anything(?!\s+(?:else\b|(?:i|we|you|u)\s+(?:can|could|should|need|must|might)\b)))\b", re.I)
_OWN_WORLD = re.compile(r"\b(?:i|i'm|im|my|we|our)\b|\d|^anything\b.*\b(?:me|us)\b", re.I)  # "want to help me ..." asks


def question_opened(c: str) -> bool:
    """The clause opens on a question word (``L.QUESTION_START``), unless it is one of those openers said without "?"."""
    return bool(L.QUESTION_START.match(c)) and ("?" in c or not (_ASKS_WITH_MARK_ONLY.match(c) and _OWN_WORLD.search(c)
                                                                 and not re.search(r"\belse\b", c, re.I)))


def asks(c: str) -> bool:
    """The clause is a question: it opens on a question word or ends on a question mark, unless it is a statement
    said with one (``statement_with_doubt``, ``disbelieved``)."""
    return question_opened(c) or (c.endswith("?") and not statement_with_doubt(c) and not disbelieved(c))


def disbelieved(c: str) -> bool:
    """ "the landlord says the boiler's fine now??", "my sister is moving to leeds??": a statement in declarative order
    closed by two or more question marks says what the speaker was told or found, with disbelief; it asks nothing.
    Not a short cry ("wait what??"), nor a clause that asks or addresses the listener ("is that normal??", "did u see
    the game??", ``_ASKS``, ``_YOU``) (session 25)."""
    c = c.strip()
    return (bool(re.search(r"\?\?+$", c)) and len(_WORDS.findall(c)) >= 5 and not _ASKS.search(c) and not _YOU.search(c)
            and not re.search(r"\bu\b", c, re.I) and not question_opened(c))


_NUMBER_WORD = (r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
                r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|grand|and|a)")
#: A clause that is an amount in words and nothing else but a chat mark ("twelve lol", "four fifty", "about two hundred"):
#: a value said as plainly as "12", not a reaction (session 25).
_BARE_AMOUNT = re.compile(rf"(?:(?:about|around|roughly|like|only|just|nearly|almost|over|under)\s+)?{_NUMBER_WORD}(?:[\s-]+{_NUMBER_WORD})*", re.I)


def bare_amount(c: str) -> bool:
    """The clause is an amount said in words, chat marks aside (``_BARE_AMOUNT``); "one" alone is no amount."""
    said = " ".join(t for t in c.strip(" .!,").split() if not L.CHAT_MARK.fullmatch(t)).strip(" .!,")
    return bool(_BARE_AMOUNT.fullmatch(said)) and said.lower() not in ("one", "a", "and", "a one")


def believed(c: str) -> bool:
    """ "I think my passport runs out in May?": the speaker's belief said with a question mark (``_BELIEVED``)."""
    return bool(_BELIEVED.match(c.strip()))


def chat_marked(clause: str) -> bool:
    """A chat marker at the tail of the clause ("nervous lol"), or at its head when nobody says "I"
    ("haha the peppers have seen better days", not "haha I just got engaged"); one in the middle
    ("freezing lol, the boiler died again") only colours the first part."""
    toks = clause.split()
    return any(L.CHAT_MARK.search(t) for t in toks[-2:]) or (
        bool(toks) and bool(L.CHAT_MARK.search(toks[0])) and not L.FIRST_PERSON.search(clause))


#: "it's bun install now": a thing's new state, not an appraisal ("it's so good now" stays a reaction).
#: Session 24: "finally" before a verb of getting done ("the visa finally came through", "health LPA finally
#: registered", "SGB finally sorted it") tells an awaited change that holds from now on.
_NOW_STATE = re.compile(r"\b(?:now|instead|these days|from now on|finally\s+(?:got\s+|been\s+)?(?:\w+ed|sorted|done|through|paid|"
                        r"sold|built|came\s+through|went\s+through|came\s+back|got\s+back))\b", re.I)
_COMPARATIVE = re.compile(r"\b(?:better|worse|easier|harder|faster|slower|nicer|cheaper|quieter|calmer|happier|busier|fine|ok|okay|alright|"
                          r"sorted|over it)\b", re.I)


def states_a_change(c: str) -> bool:
    """ "it's bun install now": a thing's new state, not an appraisal ("it's so much better now")."""
    # the change's own words are no appraisal: "finally sorted" is a change done, not "sorted" as "fine" (session 25)
    m = _NOW_STATE.search(c)
    rest = c[: m.start()] + " " + c[m.end():] if m else c
    return bool(m) and not (L.EVALUATIVE_WORDS.search(c) or L.MOOD.search(c) or _COMPARATIVE.search(rest))

_PROPER = re.compile(r"(?<=\w\s)(?:[A-Z][a-z]*[A-Z0-9]\w*|[A-Z][a-z]{2,})\b|\b[A-Z]{2,}\d*\b")


#: Advice or a generality ("drops like that often point to congestion"), not a fact about the user's thing.
GENERIC = re.compile(r"\b(?:often|usually|typically|generally|commonly|common|can|could|might|may|should|recommend\w*|tend to|worth)\b", re.I)


def proper_names(text: str) -> set[str]:
    """Names inside a clause ("ZenBook", "OLED", "Memmo"), not its first word; weekdays, months and
    the like are not names."""
    return {w for w in _PROPER.findall(text) if w not in L.NOT_NAMES and w not in L.DEMONYMS and w != "I"}


#: A life state that is a whole fact said alone ("engaged!!!", "passed!!", "retired as of Friday").
STATE_WORD = re.compile(r"\b(?:engaged|married|divorced|separated|pregnant|expecting|retired|graduated|passed|hired|promoted|"
                        r"fired|laid off|vegan|vegetarian|pescatarian|sober|widowed|redundant)\b", re.I)
#: A change that lasts ("off dairy for good", "no more meat from now on").
_FOR_GOOD = re.compile(r"\bfor good\b", re.I)
_LASTING = re.compile(r"\b(?:for good|from now on|any ?more|no longer|these days)\b", re.I)
#: A title in quotes ("'Monster Hunter: World'", "\"The Bear\"").
_QUOTED_TITLE = re.compile(r"(['\"])[A-Z0-9][^'\"]{1,60}\1")
#: A name said to someone at the end of a clause ("that's so sweet, Mel"): an address, not a fact's name.
_TRAILING_VOCATIVE = re.compile(r",\s*([A-Z][a-z]+)\W*$")


def fact_anchor(c: str, speakers: frozenset[str] | set[str] = frozenset()) -> bool:
    """Something in the clause worth remembering even when it reads like a reaction: a number, a
    name inside it (not a speaker's, not a trailing address), a quoted title, a life state word, or
    a change that lasts."""
    names = proper_names(c) - set(speakers)
    if (tv := _TRAILING_VOCATIVE.search(c)) and tv.group(1) in names:
        names.discard(tv.group(1))
    return bool(re.search(r"\d", c) or names or _QUOTED_TITLE.search(c) or STATE_WORD.search(c) or _LASTING.search(c)
                or _HABIT.search(c))


#: A routine is a fact however it reads ("it breaks every other monday", "bins go out on thursdays"): a
#: habitual time has no date for the time anchors to keep the clause by.
_HABIT = re.compile(r"\b(?:every\s+(?:other\s+|single\s+|second\s+)?(?:day|morning|afternoon|evening|night|week|weekend|month|"
                    r"year|" + cal.alt(cal.WEEKDAYS) + r"|mon|tue|tues|wed|weds|thu|thurs|fri|sat|sun)|"
                    r"on\s+(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekdays|weekends)|"
                    r"daily|weekly|fortnightly|monthly|nightly|twice a (?:day|week|month)|once a (?:day|week|month))\b", re.I)


_PRONOUN_HEAD = re.compile(r"^(?:it|it's|it was|it is|they|they're|they were|he|he's|she|she's)\b", re.I)


def answer_to_question(c: str, asked: bool) -> bool:
    """ "It happened at yoga in the park." right after "where did it happen?": a pronoun-subject
    answer says a fact about what was asked; an appraisal ("it's so good") still is a reaction."""
    return asked and bool(_PRONOUN_HEAD.match(c)) and not (L.EVALUATIVE_WORDS.search(c) or L.MOOD.search(c)) and len(_WORDS.findall(c)) >= 3


#: A clause headed by the speaker ("(also) i bat left handed ...") and a "you" inside a conditional aside ("... if that
#: matters for your advice").
_OWN_HEAD = re.compile(r"^(?:(?:also|and|btw|oh|plus|but|so|fyi)\s+)*(?:i|i'm|im|i've|ive|i'd|i'll|my|we|we're|we've|our)\s", re.I)
_YOU_ASIDE = re.compile(r"\b(?:if|in case|unless)\s+(?!(?:you|u|ya|you're|youre)\b)\w+.*\b(?:you|your|you're|u)\b", re.I)


def own_with_aside(c: str) -> bool:
    """The speaker's own fact whose only "you" is in a conditional aside about something else: not a remark about
    the listener. "i've never been to greece can you believe" and "I'm here if you need me" are not one."""
    return bool(_OWN_HEAD.match(c) and _YOU_ASIDE.search(c))


#: A reply that starts "not" and says nothing ("not really", "not sure tbh", "not bad at all"); "not a fan of
#: spicy food" and "not drinking till march" are the speaker's own facts with the subject dropped.
_NOT_CHAT = re.compile(r"^not\s+(?:\w+(?:\s+\w+){0,1}\s*$|(?:really|sure|bad|much|yet|now|today|again|quite|exactly|too|that|"
                       r"so|a problem|a big deal|at all|gonna lie|going to lie|to worry|my fault|your fault|ideal|great)\b)", re.I)


def not_reply(c: str) -> bool:
    return c[:4].lower() == "not " and bool(_NOT_CHAT.match(c))


#: A count of things said in words or digits ("two kids", "3 cats", "a couple of dogs"): after the assistant's question,
#: "yeah two kids" is the answer, not a fragment after "yeah" (session 22; "nah one more" counts nothing).
_COUNTED = re.compile(r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+couple\s+of)\s+[a-z]{3,}", re.I)


def _dated_after_no(c: str, anchor: Any) -> bool:
    """A "not yet" / "not really" reply whose comma is followed by a time of its own ("not yet, telling them next week",
    "not yet, seeing him on friday"): the plan after it is the answer, not chat (session 22)."""
    _, comma, rest = c.partition(",")
    return bool(comma) and bool(find_times(rest, anchor, clause_tense(rest)))


#: Chat's "its" for "it's": a possessive is followed by a noun, never an adverb, a preposition, an article or a
#: number ("its now 11 march", "its on the 9th"); not "its back leg", "its 2 owners" (a number before a plural noun).
_ITS_IS = re.compile(r"\b[Ii]ts(?=\s+(?:(?:now|on|at|in|the|a|an|not|been|gonna|going|only|just|still|really|so|too|actually|all|"
                     r"over|fine|ok|okay|booked|moved|cancelled|canceled)\b|\d+(?::\d\d|\s*(?:am|pm)|st|nd|rd|th)?\b(?!\s+[a-z]+s\b)))")


#: An in-law said without hyphens ("my mother in law", "the in laws"): one relation, not "my mother".
_IN_LAW = re.compile(r"\b(mother|father|sister|brother|son|daughter)(s?)\s+in\s+law(s?)\b|\bin\s+laws\b", re.I)


def chat_spelled(text: str) -> str:
    """A turn with chat's spellings written out: "its" for "it's" (so the clause reads as the event it moves),
    an in-law without hyphens (so "she" after "my mother in law" is the mother-in-law)."""
    text = _IN_LAW.sub(lambda m: f"{m.group(1)}{m.group(2)}-in-law{m.group(3)}" if m.group(1) else "in-laws", text)
    return _ITS_IS.sub("it's", text)
