"""Asked about now, the latest firm statement that answers the question, above the older ones it follows.

"Which marathon am I training for?" finds "registered for the Ottawa marathon in May" first: it
repeats the question's words. The update, said months later in other words ("I've transferred my
entry to the Niagara Waterfront on October 18th instead", "Hank Ostrowski and his son took over",
"sharing a 3-room condo near Paya Lebar"), shares no slot and no word with it, and its cosine with
the old statement (0.2-0.45) is no higher than that of the other things said in the same later
session. Neither the slot lexicon, the update cues nor a cosine threshold alone tells it apart
(session 10's ``newer_first``, BENCHMARKS.md s10-nowx).

What tells it apart is three signals combined, each read in closed-class structure, none in a
case's words:

- **when**: it was stated later than the hit it passes (:func:`.testimony.stated_at`);
- **who**: it is the user's own firm word or a record's (:func:`.present.own_word`), not hearsay,
  a hedge or the assistant's echo;
- **what**: it holds a value of the class the question asks for: a time for "when", a party for
  "who", a place for "where" (:func:`.answer_type.asked_type` / :func:`.answer_type.holds_type`),
  else the attribute reader's class ("which city", "what's the name", :func:`.attribute.asked` /
  :func:`.attribute.states`); a question asking no particular class ("which marathon", "what car")
  puts no condition here;

- **whose**: it is not about someone other than the question asks (:mod:`.asked_person`: "he's on
  diltiazem now", stored as the user's dad's, does not answer "what am I on now?");

and it is on the same matter as the older hit (their cosine at least ``cosine``, low: the three
signals above do the rest). Among the hits within the first ``top`` that pass, the latest stated
(then the closest to the hit it passes) moves just above the first older hit it is close to; one
move per search, so a chain (A -> B -> C) ends with C first and the rest in the search's order. Session 26: asked
no particular kind of value, a line that passes holding no value of its own says what ended, in the old fact's words
("retired the qnap finally"); the line of its turn that holds a value ("built an unraid box, 5x 10tb", ranked below
the older hit) moves in its place.

Only a question about the present (:func:`.present.asks_present`) that asks a fact: a request
(:func:`memwarden.retrieval.search.is_request`: "what should I order?", "can I bowl tomorrow?") is
answered by what constrains it, however old ("I'm lactose intolerant"), so it is left alone; so is
a question after something of worth ("what's a good day trip from Porto?", an indefinite with a word
of judgement), which the request reader does not list. Nor a question asking for a list ("what
activities does Melanie do?", a plural head) or for what has built up ("what has Caroline painted?",
the present perfect): these ask what was said over time, where the latest statement is one item
among many, and moving it first cost LoCoMo's MRR (BENCHMARKS.md, session 11).

Hits only move upwards within the first ``top``, so recall at any limit >= ``top`` is unchanged.
``top`` and ``cosine`` were chosen leave-one-author-out over the twelve development authors
(BENCHMARKS.md, session 11, branch s11-now); ``top`` is 8 since session 23 (``TrustConfig.rank_latest_top``).
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Callable, Sequence

from ..models import SearchHit
from ..retrieval.search import is_request
from .answer_type import asked_type, holds_type
from .asked_person import about_other, asked_person
from .attribute import asked, states
from .present import asks_present, own_word
from .testimony import stated_at
from .update_cues import says_change
from ..lexicon.calendar import MONTHS, WEEKDAYS
from .updates import content_words, firmer

__all__ = ["latest_answer_first", "asks_current_value"]

#: "What's a good day trip from Porto?", "any nice walks near here?": an indefinite thing with a word of
#: worth asks for a suggestion, not for what holds (closed class: a determiner, then the judgement).
_SUGGESTION = re.compile(r"\b(?:a|an|some|any)\s+(?:good|nice|decent|fun|great|cheap|easy|quick|healthy|safe)\b", re.I)
#: "What activities does Melanie do?", "which cities ...", "what types of pottery": a plural head after
#: what/which asks for a list, not for the one value that holds now (word shape: a plural noun within
#: the first three words, not a verb or a noun that only ends in s). Session 23: the head comes before any
#: auxiliary ("what day is bowls?", "what are my savings for?": the plural after it is the subject); a word taking an
#: object is a verb, not the head ("which pharmacy fills Safiya's meds?", "what linter runs in CI?", "what happens
#: if ..."); and the units of the calendar and the clock ask for a schedule, which a later one replaces ("which days
#: am I in the office?", "what hours am I working?").
_AUX = r"(?:is|are|was|were|am|do|does|did|have|has|had|can|could|will|would|should|must|may|might|shall)"
_LIST = re.compile(r"^\s*(?:what|which)\s+(?:(?!" + _AUX + r"\b)[\w+'-]+\s+){0,2}?(?!(?:is|was|has|does|goes|this|his|its|plus|"
                   r"bus|gas|news|status|address|class|business|glass|boss|series|species|(?:day|night|evening|morning|"
                   r"afternoon|hour|weekend|weekday|week|month|date)s)\b)[a-z+'-]*[a-rt-z]s\b(?!')"
                   r"(?!\s+(?:me|my|our|your|his|her|their|its|the|a|an|if|in|on|at|into|with|\w+'s)\b)", re.I)
#: "What has Caroline painted?", "how long have they been ...": the present perfect asks for what has
#: built up, not for the latest value.
_PERFECT = re.compile(r"\b(?:has|have|'ve)\s+(?:\w+\s+){0,3}?(?:\w+ed|done|been|made|seen|gone|taken|given|written|read|"
                      r"met|had|got|gotten|found|bought|won|run|begun|known|shown|taught)\b", re.I)


def asks_current_value(query: str) -> bool:
    """A question about the present asking one fact: no past (``asks_present``), no request or
    suggestion, no list (a plural head) and no present perfect."""
    return (asks_present(query) and not is_request(query) and not _SUGGESTION.search(query)
            and not _LIST.search(query) and not _PERFECT.search(query))


def _answers(query: str) -> Callable[[str], bool]:
    """A test of whether a text holds a value of the class ``query`` asks for (always true when it
    asks for none in particular)."""
    kind = asked_type(query)
    if kind is not None:
        return lambda text: holds_type(text, kind)
    a = asked(query)
    if a is not None and a.value != "any":
        return lambda text: states(a, text, query)
    return lambda text: True


#: A word that is itself a value: a number, a date, a clock time, a month or a weekday ("oct", "sat").
_CALENDAR_WORDS = frozenset(MONTHS + WEEKDAYS) | {w[:3] for w in MONTHS + WEEKDAYS} | {"sept", "tues", "thur", "thurs", "weds"}
_VALUE_WORD = re.compile(r"\d|^(?:" + "|".join(sorted(_CALENDAR_WORDS)) + r")$")


def _on_its_matter(answer: str, guess: str, query: str) -> bool:
    """The user's answer to a guess speaks of what the guess or the question does (a content word in common), or it
    is a bare value with at most four words of its own ("booked them, £62.50 each with fees", "notAfter=Oct 31 ... GMT"),
    not a statement about another thing ("rent went up to 1,020 from next month" under a guess about the boiler)."""
    words = content_words(answer)
    if words & (content_words(guess) | content_words(query)):
        return True
    return len({w for w in words if not _VALUE_WORD.search(w)}) <= 4


#: A resolved date in a stored line ("went round Jo's yesterday (2025-03-19)").
_ISO_DATE = re.compile(r"\b(\d{4})-(\d\d)-(\d\d)\b")


def _only_past(text: str, at: datetime) -> bool:
    """Whether every value a line holds is a date before the day it was said: "went round Jo's yesterday" is the
    frame of the hearsay it comes with ("... and she said the party is April 12"), not an answer to it (lead mend
    after s24-now's reviews)."""
    dates = _ISO_DATE.findall(text)
    if not dates or re.search(r"\d", _ISO_DATE.sub("", text)):
        return False
    return all(date(int(y), int(m), int(d)) < at.date() for y, m, d in dates)


#: How close to the older hit a line of the mover's turn must be to move in its place (session 26 review mend: a
#: replacement named in other words, "a carbon Canyon" for "a steel Raleigh", sits near 0.25-0.3; a line on another
#: matter, "the new flat is tiny", near 0).
SWAP_COSINE = 0.2


def latest_answer_first(hits: Sequence[SearchHit], query: str, similar: Callable[[SearchHit, SearchHit], float] | None,
                        cosine: float, top: int = 6, cue_cosine: float = 2.0) -> list[SearchHit]:
    """The latest firm statement answering a question about now moves above the older hit it
    follows (see the module doc). ``cosine`` above 1: off. ``cue_cosine`` (session 23): the closeness asked of a
    statement that says a value changed (:func:`.update_cues.says_change`), when lower than ``cosine``."""
    out = list(hits)
    if similar is None or cosine > 1 or len(out) < 2 or not asks_current_value(query):
        return out
    from .same_turn import holds_value, one_turn  # same_turn reads this module's question reading: imported here

    answers = _answers(query)
    typed = asked_type(query) is not None
    person = asked_person(query)

    def may_move(h: SearchHit) -> bool:
        # a later word about someone else ("he's on diltiazem now", of the user's dad) updates nothing asked
        return own_word(h) and answers(h.memory) and not about_other(h, person)

    best: tuple[tuple[object, float], int, int] | None = None
    for j in range(1, min(top, len(out))):
        h = out[j]
        if not may_move(h):
            continue
        at = stated_at(h)
        # "it's a fiver now", "gone with Stumpline instead": an update in few words of its own is further in meaning
        # from the fact it replaces than a restatement is, but it says that it changes something.
        near = min(cosine, cue_cosine) if says_change(h.memory) else cosine
        # session 24: a guess or hearsay ("the cert runs out on the 13th I think", "tickets are like 30 quid Bas
        # reckons") answered then or later by the user's own or a record's word holding the asked kind of value
        # ("notAfter=Oct 31", "it's £54.50 each"), both holding it: the answer is often a fragment, far in meaning from
        # the guess, so the closeness asked is the cue's
        frame = _only_past(h.memory, at)  # one reading per line, not per earlier hit
        i = next((i for i in range(j) if (stated_at(out[i]) < at and similar(h, out[i]) >= near) or (
            typed and stated_at(out[i]) <= at and firmer(h, out[i]) and answers(out[i].memory)
            and similar(h, out[i]) >= min(cue_cosine, cosine) and _on_its_matter(h.memory, out[i].memory, query)
            and not frame)), None)
        if i is None:
            continue
        # session 26: asked no particular kind of value, a line close to the older hit that holds no value of its own
        # says what ended ("retired the synology finally", in the old fact's words); the line of its turn that gives
        # what holds now ("built a truenas box, 6x 12tb") is further from the old fact in meaning, so it moves in its
        # place: the first of the turn's lines the search ranks below the older hit that holds a value the older hit
        # and the question do not name and is on the old fact's matter (cosine to it at least ``SWAP_COSINE``, the
        # review mend: "the new flat is tiny, 38 square metres" after "sold gran's piano" says nothing of a piano);
        # with none, the ending line moves. Asked a kind (a time, a party...), the line holds it.
        k, named = j, f"{query} {out[i].memory}"
        if not typed and not holds_value(h.memory, named):
            k = next((m for m in range(i + 1, min(top, len(out)))
                      if m != j and one_turn(out[m], h) and may_move(out[m]) and similar(out[m], out[i]) >= SWAP_COSINE
                      and holds_value(out[m].memory, named)), j)
        key = (at, similar(h, out[i]))
        if best is None or key > best[0]:
            best = (key, k, i)
    if best is not None:
        _, j, i = best
        out.insert(i, out.pop(j))
    return out
