"""Abstention per attribute: is what the question asks for ever stated about its subject?

A cosine floor says whether memories are *about* the question's topic; it cannot
say whether any of them holds the *answer*. "Which doctor prescribed my
sertraline?" is close to "I take sertraline 50mg", which names no doctor.

:func:`.asked.asked` reads the question's attribute: a value class (a number, an
amount, a date or time, a person's or organisation's name, a place, a phone
number, an email, an address, a code, a colour) and, when the question names
it, the attribute's head noun ("hotel", "fiancé", "salary", "team").
:func:`attribute_missing` then looks at the memories on the question's topic
(sharing a content word with it other than the attribute's own words; claims
by their subject and slot when they have them) and asks whether one of them
states a value of that class, and, for head nouns that are themselves what a
memory would name ("hotel", "manager", "microchip"), whether one mentions the
head. If none does, the search abstains with ``no_evidence`` and says which
attribute is missing.

First-person questions ("Where do I live?") are about the user, whoever the
speaker was: the check never asks for the user's name.
"""

from __future__ import annotations

import re
from typing import Sequence

from ..models import SearchHit
from ..retrieval.text import tokenize
from ..retrieval.ask_words import slot_terms
from .asked import NAMED_HEADS, NAMING, PERCENT_RATE, RATE_PER, Asked, asked, asked_dimension, everyday
from .asked_kind import KIND_VALUES, kind_asked
from .asked_role import counted_noun, named_role, names_role, other_counts_dropped
from .asked_head import asks_former, mentions, owner_head, states_former
from .magnitude import states_magnitude
from .names import ACRONYM, AFTER_PLACE_WORD, GENERIC_CAPS, SHOUTED, UPPER, claim_names, common_nouns, names_in, names_person, names_place
from .view import holds_view, said_by
from .values import MONTH_WORD as _MONTH_WORD
from .values import MONTHS as _MONTHS
from .values import ASKED_DIMENSIONS, UNITS, VALUES, holds_score, holds_when

__all__ = ["Asked", "asked", "NAMED_HEADS", "attribute_missing", "VALUES", "SHOUTED", "stated_text", "states"]

_NUMBER_WORD = (r"\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
                r"forty|fifty|sixty|a hundred|hundred|a couple of|a few|half an?")
#: What a memory says an identifying number with that is no identifier: money, a measure, a span.
_NOT_ID = re.compile(r"[$€£¥₹]\s?\d[\d,.]*k?|\b\d[\d,.]*\s?(?:k|%|percent|quid|pounds?|euros?|dollars?|"
                     r"(?:-\s?)?(?:days?|nights?|weeks?|months?|years?|yrs?|hours?|hrs?|mins?|minutes?|km|miles?|mg|kg|ml|people)\b)", re.I)

#: A name given to a pronoun ("theyre called Paprika and Sumac"): the thing named is the one the
#: turn before spoke of, so it answers a naming question whatever words it shares with it.
_NAMED_PRONOUN = re.compile(r"\b(?:they|it|he|she)(?:'?re|'?s| are| is| was| were)\s+(?:called|named)\b", re.I)

_ISO = re.compile(r"\s*\((?:from |until |to |by |since )?\d{4}-\d\d(?:-\d\d)?(?:[T ]\d\d:\d\d(?::\d\d)?)?"
                  r"(?:\.\.\d{4}-\d\d(?:-\d\d)?)?\)")


#: Whole words: "apr" (the annual rate) is not the start of "April".
_ASKS_RATE = re.compile(r"\b(?:rate|interest|percent|percentage|apr)\b|%", re.I)
_PERCENT = re.compile(r"\d[\d,.]*\s?(?:%|percent\b)", re.I)
_ASKS_PERSON = re.compile(r"^\s*who\b|\bwho(?:'s| is| was| are| will| did| does)\b", re.I)

#: Value classes specific enough that a close memory must state one even when it shares no word
#: with the question ("What colour are the bridesmaid dresses?" beside "I'm maid of honour").
_SPECIFIC = frozenset({"identity", "count", "colour", "code", "version", "phone", "email", "address", "postcode", "amount", "number", "time",
                       "idnum", "measure", "size", "dimension", "model"})


_MONTH_NAMES = _MONTHS.split("|")
_RESOLVED_MONTH = re.compile(r"\(\d{4}-(\d\d)")

#: Units that are also a letter or a word of their own ("in", "5G", "the 80s").
_WORDLIKE_UNITS = frozenset({"in", "g", "s", "m", "c", "f", "st"})


def _a_measure(m: re.Match[str]) -> bool:
    """A number with a unit of the asked dimension, not a number beside a one- or two-letter word: "we were 2 in
    the queue" (in), "a 5G router" (g), "the 1990s" (s) state no height, weight or latency."""
    unit, rest = m.group("u"), m.string[m.end():]
    if unit.lower() not in _WORDLIKE_UNITS:
        return True
    if re.match(r"\s*[A-Za-z]", rest) and not re.match(r"\s*(?:of|each|and|per|in|now|high|tall|long|wide|deep|heavy|away)\b", rest, re.I):
        return False  # a word follows: "2 in the queue", "5G router"
    return not (unit.lower() == "s" and re.search(r"\d{3}s$", m.group(0)))  # "1990s", "the 80s" are decades



def stated_text(text: str) -> str:
    """``text`` without the resolved dates a claim carries in brackets ("(2025-11-27)"): those are
    no value the source stated."""
    return _ISO.sub("", text)


def states(a: Asked, text: str, query: str) -> bool:
    """``text`` states a value of the class ``a`` asks for (the value test of the abstention and
    of the answer-value ranking step)."""
    query = everyday(query)
    low = text.lower()
    if a.head and a.head in NAMED_HEADS:
        family = NAMED_HEADS[a.head]
        if a.head == "rate" and not PERCENT_RATE.search(query):
            family += RATE_PER  # "resting HR 49 bpm", "115 an hour"; a mortgage rate needs its percent
        if not any(h in low for h in family):
            return False
    if a.value == "name":
        if (owner := _surname_owner(query)) is not None:
            return _states_surname(owner, text)
        if (role := named_role(query)) is not None and (said := names_role(role, text, query)) is not None:
            # "What's the vet's name?" beside "took Ringo to the vet in Hexham": the vet is mentioned, unnamed; the
            # names in the text are another's (session 21).
            return said
        person = names_person(query)
        if _ASKS_PERSON.search(query) and not a.head or person:
            # "Who is Amara marrying?", "the name of mom's neurologist": a place named after
            # in/at/to ("a neurology appt at Mercy") is not the person asked for.
            text = AFTER_PLACE_WORD.sub(" ", text)
        if person:
            text = ACRONYM.sub(" ", text)  # "go over the MRI": a relation's or an agent's name is no acronym
        return names_in(text, query)
    if a.value == "place":
        return names_place(text, query)
    if a.value == "view":
        return holds_view(query, text)
    if a.value == "day":
        return bool(VALUES["day"].search(text))
    if a.value == "date":  # "when" is answered by a date, a time of day or a routine
        if _ASKS_AHEAD.match(query):
            # "When is my exam?" beside "practice exam today": the day it was said is no date of what is asked.
            text = _TELLING_DAY.sub(" ", text)
        return holds_when(text)
    if a.value in _COUNTED:
        # A value the question already holds is not its answer ("my first TM112 assignment": 112).
        said = {t.lower() for t in _VALUE_TOKEN.findall(query) if any(c.isdigit() for c in t)}
        if said:
            text = _VALUE_TOKEN.sub(lambda m: " " if m.group(0).lower() in said else m.group(0), text)
    if a.value == "identity":  # who someone is: any memory mentioning them
        return bool(a.topic & set(tokenize(low)))
    if a.value == "code" and _SECRET.search(text):  # "the wifi password is pinecone77"
        return True
    if a.value == "count":
        if counted := counted_noun(query):
            text = other_counts_dropped(counted, text)  # "2 bathrooms" counts no bedrooms (session 21)
        # A count is a number that is no clock time, date, year or sum of money: "40 coming", "two dozen", "a pair";
        # or the things named one by one ("my cats Tom and Bella": two).
        return bool(_COUNT.search(_NOT_COUNT.sub(" ", text)) or _NAMED_LIST.search(text) or _one_of(a, text))
    if a.value == "idnum":
        return bool(re.search(r"\d", _NOT_ID.sub(" ", text)))
    if a.value == "dimension":
        units = ASKED_DIMENSIONS[asked_dimension(query)][1]
        return any(_a_measure(m) for m in re.finditer(rf"(?<![\w.])(?:{_NUMBER_WORD})\s?(?P<u>{units})(?![\w/])", text, re.I))
    if a.value == "model":  # a maker's name, or a model's number that is no age, amount or span
        text = AFTER_PLACE_WORD.sub(" ", text)  # "boosters at Greenway Vets" names where, not a make
        return names_in(text, query) or bool(re.search(r"\d", _NOT_ID.sub(" ", text)))
    if a.value == "measure":
        unit = next(u for u in UNITS if re.search(rf"\bhow many {u}\b", query, re.I))
        return bool(re.search(rf"\b(?:{_NUMBER_WORD})\s?(?:{UNITS[unit]})\b", text, re.I))
    if a.value == "code" and re.search(r"\b\d{3,}\b", text):
        return True
    if a.value == "grade":
        return holds_score(text) or bool(_GRADE.search(text))
    if a.value == "amount" and not _ASKS_RATE.search(query):
        text = _PERCENT.sub("", text)  # "fixed at 4.1%" is a rate, not the payment asked for
        if states_magnitude(text):  # "rent is 1325", "480 down the drain": a number nothing else claims
            return True
    pat = VALUES.get(a.value) or KIND_VALUES.get(a.value)
    return bool(pat and pat.search(text))


#: A "when" question about what is to come or how things stand: "when is", "when does ... run out", "when will".
_ASKS_AHEAD = re.compile(r"\s*when(?:'s| is| are| will| does| do)\b", re.I)
#: The day a memory was said or done, with the date the extractor resolved it to: "picked them up today (2026-06-10)".
_TELLING_DAY = re.compile(r"\b(?:today|yesterday|this morning|last night)\b(?:\s*\(\d{4}-\d\d-\d\d[^)]*\))?", re.I)
#: "What's Kayode's surname?", "the last name of the new lad": the person whose surname is asked, by the name the
#: question gives them (group "owner"); "what's my surname" names no one else.
_ASKS_SURNAME = re.compile(r"(?:\b(?P<owner>[^\W\d_][\w-]*)'s\s+)?(?:surname|(?:last|family|maiden) name)\b", re.I)


def _surname_owner(query: str) -> str | None:
    m = _ASKS_SURNAME.search(query)
    if m is None or not m.group("owner") or m.group("owner").lower() in _NOT_OWNER:
        return None
    return m.group("owner")


#: Possessives that are no person's first name.
_NOT_OWNER = frozenset("my your his her our their its what who whose it that".split())


def _states_surname(owner: str, text: str) -> bool:
    """``text`` gives ``owner`` a second name ("Kayode Adeyemi", "Kayode, surname Adeyemi") or says a surname outright
    ("his last name's Okafor"): the first name alone, however often said, is no surname (session 23: authors 27, 71,
    73 asked the surname of someone only ever named by their first name)."""
    after = re.search(rf"\b{re.escape(owner)}\s+([{UPPER}][^\W\d_'-]+)", text, re.I)
    if after and after.group(1)[0].isupper() and after.group(1).lower() not in GENERIC_CAPS:
        return True
    return bool(re.search(rf"\b(?:surname|(?:last|family|maiden) name)(?:'s|\s+is|\s+was|:)?\s+[{UPPER}]", text, re.I))


#: An amount said as the value of the thing its clause opens on: "the hotel in Izmir was 900 lira", "labour's $105 an
#: hour", "the deposit is £900". Group "thing": the clause's words before the verb.
_HELD = re.compile(r"(?P<thing>[^.,;:!?()\n—–-]*?)\b(?:'s|\s(?:was|is|were|are|costs?|cost me|came to|comes to|come to|"
                   r"works out at|retails? at|sells? for|went for))\s+(?:about |around |roughly |like |only |just |over |under "
                   r"|nearly |almost )?(?P<amount>[$€£¥₹]\s?\d[\d,.]*k?|\d[\d,.]*\s?(?:k\b|[a-z]+)?)", re.I)
#: Openers that name no thing of their own: "it was £40", "that's 200", "the total is 90".
_NO_THING = frozenset(tokenize("it that this which what total price cost bill amount figure damage charge fee lot one "
                               "all everything whole thing each per user"))


def _held_elsewhere(text: str, topic: frozenset[str]) -> str:
    """``text`` without the amounts its clauses give as the value of a thing the question does not name: "the hotel
    in Izmir was 900 lira" holds no price of the flight asked about; "the flights were £240", "it was £240" and an
    amount said any other way stay (session 20)."""
    def drop(m: re.Match[str]) -> str:
        thing = set(tokenize(re.split(r"\b(?:and|but|so|then|plus)\b", m.group("thing"))[-1].lower()))
        if not thing or thing & topic or thing <= _NO_THING:
            return m.group(0)
        return m.group(0)[: m.start("amount") - m.start()] + " "
    return _HELD.sub(drop, text)


#: A secret said after its noun: "the password is pinecone77", "pin: 4471", "the code's 'bluefox'".
_SECRET = re.compile(r"\b(?:password|passcode|passphrase|pin|code|combination|combo|login|pw|pwd|wi-?fi)"
                     r"(?:\s+(?:at|in|for)\s+(?:the\s+|my\s+|our\s+)?\w+)?(?:'s|\s+(?:is|was|now is|is now|"
                     r"changed to|=))?\s*[:=]?\s*(?:[\"'‘“][^\"'’”\s]{3,}[\"'’”]|(?=\S*\d)[\w!@#$%^&*.-]{4,})", re.I)
_COUNTED = frozenset({"number", "amount", "grade", "code", "version", "idnum", "count"})
#: One of the things counted, said as an event ("adopted a puppy", "got another dog"): counts told over several
#: memories (LoCoMo's "how many dogs has Maria adopted"), session 20.
_ONE_MORE = re.compile(r"\b(?:a|an|another|one more)\s+(?:[a-z]+\s+)?([a-z]+)", re.I)


def _one_of(a: Asked, text: str) -> bool:
    return any(a.topic.intersection(tokenize(m.group(1))) for m in _ONE_MORE.finditer(text))


#: Things counted by naming each (session 20 review): a plural noun, then names joined by "and" ("my cats Tom and Bella",
#: "the kids, Ana, Leo and Sol").
_NAMED_LIST = re.compile(r"\b[a-z]{3,}s,?\s+(?:[A-Z][a-z]+,?\s+)*[A-Z][a-z]+,?\s+(?:and|&)\s+[A-Z][a-z]+\b")
#: What a count is not: a clock time, a day of the month, a year, a date in figures, money.
_NOT_COUNT = re.compile(r"\b\d{1,2}[:.h]\d\d(?:\s*[ap]\.?m\b\.?)?(?!\d)|\b\d{1,2}\s*(?:am|pm)\b|\b\d{1,2}(?:st|nd|rd|th)\b|\b(?:19|20)\d\d\b|"
                        r"\b\d{1,2}[/-]\d{1,2}(?:[/-]\d{2,4})?\b|[$€£¥₹]\s?\d[\d,.]*k?|\b\d[\d,.]*\s?(?:quid|pounds?|euros?|"
                        r"dollars?|bucks)\b", re.I)
_COUNT = re.compile(r"(?<![\w.])\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                    r"thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|"
                    r"seventy|eighty|ninety|hundred|thousand|dozens?|couple|pair|a few|several|both|single|twins?|"
                    r"triplets|none|no one|nobody|zero|only me|just me|just us)\b", re.I)
_VALUE_TOKEN = re.compile(r"[A-Za-z]*\d[\w.-]*")
#: A mark given as a letter or a result word ("got a B+", "a merit", "passed").
_GRADE = re.compile(r"\b(?:got|get|scored|grade|graded|mark|marked|was|an?)\s+(?:an?\s+)?(?-i:[A-F][+*-]?)(?![\w])|\b(?:pass(?:ed)?|fail(?:ed)?|merit|distinction|first|"
                    r"2:1|2:2|third)\b(?!\s+(?:assignment|module|time|week|day|one|of|trip))", re.I)


def attribute_missing(query: str, hits: Sequence[SearchHit], relevant: Sequence[SearchHit]) -> str | None:
    """A detail for ``no_evidence`` when no memory on the question's topic states what it asks; else None."""
    query = everyday(query)  # "whats", "addy", "bday": the question in its full words
    a = asked(query)
    if a is None:
        return None
    # The wordings ``asked`` knows read no kind: the question's grammar may ("the key box code", "how long is").
    kind = kind_asked(query) if a.value == "any" else None
    by_kind = kind is not None
    if kind is not None:
        a = kind
    pool = list({h.id: h for h in list(relevant) + list(hits)}.values())
    if a.topic:
        # A claim whose attribute is asked with the question's attribute word is on its topic too:
        # "what dose am I on for the heartburn?" / "on lansoprazole now, 30mg" (a medication: "dose").
        on_topic = [h for h in pool if a.topic & set(tokenize(stated_text(h.memory).lower()))
                    or a.attr and h.claim is not None and a.attr & set(tokenize(" ".join(slot_terms(h.claim))))]
    else:
        # "Who's my mentor?": the role asked is all its topic; a memory naming the role is on it, however far its
        # cosine falls below the closest ("... according to the user's mentor Wazza", session 21).
        on_topic = list(relevant) + [h for h in pool if h not in relevant and a.attr
                                     and a.attr & set(tokenize(stated_text(h.memory).lower()))]
    if by_kind:
        # Read by its grammar alone, the question's topic words may sit in another line of the turn ("Orlaith has an
        # ear infection. amoxicillin 2x a day for 10 days"): the closest memories, and any naming the value's own noun
        # ("your reference is RMA-55812"), are on its topic too.
        on_topic += [h for h in pool if h not in on_topic and (h in relevant or a.attr & set(tokenize(stated_text(h.memory).lower())))]
    # Read by its grammar, the question's owner noun is no word a memory must repeat ("what am I paying for Advait's
    # maths classes?" / "his maths tuition, 2500 a month"); "what did Ottie's EEG show?" owns no "show".
    owner = owner_head(query) if a.value not in ("view", "any") and not by_kind else None
    if owner and _surname_owner(query) is not None:
        owner = None  # "Callum's surname": the surname is what is asked, the memory need not say the word
    if not on_topic:
        if owner and not any(mentions(owner, h, NAMED_HEADS.get(owner, ())) for h in pool):
            # "When is my medication review?" beside a medication that names no review: the
            # thing asked about was never mentioned, so nothing can state its value.
            return f"no memory mentions {owner}, so none states its {a.label.removeprefix('a ').removeprefix('an ')}"
        if a.value == "any" or not (a.head and a.head in NAMED_HEADS or a.value in _SPECIFIC):
            return None  # nothing shares a topic word: the relevance tests decide
        on_topic = list(relevant)  # "which hotel", "what colour" still need some close memory to say one
    months = set(_MONTH_WORD.findall(query.lower()))
    if months:
        # "What's the book club reading in April?" when the memories say March: another month's answer.
        said = {mm for h in on_topic for mm in _MONTH_WORD.findall(stated_text(h.memory).lower())}
        # A date the extractor resolved ("last night (2023-10-23)") is a month the memory is about too.
        dated = {_MONTH_NAMES[int(m) - 1] for h in on_topic for m in _RESOLVED_MONTH.findall(h.memory)}
        if said and not (months & (said | dated)):
            return (f"the memories about {', '.join(sorted(a.topic)) or 'this'} are about "
                    f"{', '.join(sorted(said))}, not {', '.join(sorted(months))}")
    if a.value == "any":
        return None
    if owner:
        # The value must be stated by a memory mentioning whose it is ("Custard's vet": a vet).
        on_topic = [h for h in on_topic if mentions(owner, h, NAMED_HEADS.get(owner, ()))]
    if NAMING.search(query):
        on_topic += [h for h in pool if h not in on_topic and _NAMED_PRONOUN.search(stated_text(h.memory))]
    former = asks_former(query)
    common = common_nouns(pool) if a.value == "name" else frozenset()
    for h in on_topic:
        texts = [stated_text(h.memory)] + [e.text for e in h.episodes if e.text]
        if a.value in ("amount", "number") and a.topic:
            # "the hotel was 900 lira" says no price of the flight. Only here, not in the answer-value ranking, where
            # a thing named by a related word ("the gym is £35 a month" for the membership) still ranks its amount.
            texts = [_held_elsewhere(t, a.topic) for t in texts]
        if former:
            if states_former(h, lambda t: states(a, t, query)):
                return None
        elif any(states(a, t, query) for t in texts) or (a.value == "view" and said_by(h, query)) or (
                a.value == "name" and claim_names(h, query, a.attr, common)):
            return None
    topic = owner or ", ".join(sorted(a.topic)) or "the question's topic"
    return (f"no memory about {topic} states {'a former value: ' if former else ''}{a.label} "
            f"(attribute asked: {a.value}{'/' + a.head if a.head else ''})")
