"""Abstention per attribute: is what the question asks for ever stated about its subject?

A cosine floor says whether memories are *about* the question's topic; it cannot
say whether any of them holds the *answer*. "Which doctor prescribed my
sertraline?" is close to "I take sertraline 50mg", which names no doctor.

:func:`asked` reads the question's attribute: a value class (a number, an
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
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from ..models import SearchHit
from ..retrieval.text import STOPWORDS, _stem, tokenize
from ..retrieval.ask_words import slot_terms
from .asked_head import asks_former, mentions, owner_head, states_former
from .names import ACRONYM, AFTER_PLACE_WORD, SHOUTED, claim_names, common_nouns, names_in, names_person, names_place
from .view import holds_view, said_by
from .values import MONTH_WORD as _MONTH_WORD
from .values import MONTHS as _MONTHS
from .values import ASKED_DIMENSIONS, ASKS_WHY, UNITS, VALUES, WH, YES_NO, holds_score, holds_when

__all__ = ["Asked", "asked", "attribute_missing", "VALUES", "SHOUTED", "stated_text", "states"]

#: Heads a memory must mention to state the attribute: what a memory would name when it says it.
NAMED_HEADS: dict[str, tuple[str, ...]] = {
    "hotel": ("hotel", "inn", "airbnb", "hostel", "b&b", "staying at"),
    "fiance": ("fiance", "fiancé", "fiancée", "engaged to", "marrying", "partner"),
    "fiancé": ("fiance", "fiancé", "fiancée", "engaged to", "marrying", "partner"),
    "venue": ("venue", "hall", "church", "hotel", "castle", "barn", "chapel", "registry office"),
    "hospital": ("hospital", "clinic", "infirmary", "medical centre", "medical center"),
    "clinic": ("clinic", "hospital", "surgery", "practice"),
    "airline": ("airline", "ryanair", "easyjet", "british airways", "lufthansa", "klm", "flying", "flight", "flew"),
    "microchip": ("microchip", "chip"),
    "serial": ("serial",),
    "tracking": ("tracking",),
    "manager": ("manager", "boss", "reports to", "reporting to", "line manager"),
    "team": ("team",),
    "council": ("council",),
    "ide": ("ide", "vscode", "vs code", "pycharm", "intellij", "vim", "neovim", "emacs", "cursor", "xcode"),
    "insurer": ("insur", "aviva", "admiral", "direct line", "axa"),
    "salary": ("salary", "earn", "pay", "paid", "£", "$", "€", "k a year", "per year", "an hour", "per hour"),
    "rate": ("rate", "%", "percent"),
    "plate": ("plate", "reg", "registration"),
    "prescriber": ("prescrib", "dr ", "doctor", "gp"),
    "address": ("address", "street", "road", "lane", "avenue", "close", "flat", "live at"),
    "phone": ("phone", "number", "call", "mobile", "tel"),
    "email": ("email", "@"),
    # A named charge is said by its name: "£21 a month" is the premium, not the excess.
    "excess": ("excess", "deductible"), "deductible": ("deductible", "excess"), "deposit": ("deposit",),
    "refund": ("refund",), "overdraft": ("overdraft",),
    "macos": ("macos", "sonoma", "ventura", "monterey", "sequoia", "os "),
}

#: Time spent, not money: "where did they spend most of September?", "spend the weekend".
_SPAN = (r"\s+(?:[\w']+\s+){0,2}(?:time|days?|weeks?|weekends?|months?|years?|summers?|winters?|spring|autumn|holidays?|"
         rf"nights?|evenings?|mornings?|afternoons?|hours?|christmas|{_MONTHS})\b")
#: Units of time asked as a length.
_SPANS = ("years", "months", "weeks")
_NUMBER_WORD = (r"\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
                r"forty|fifty|sixty|a hundred|hundred|a couple of|a few|half an?")
#: What a memory says an identifying number with that is no identifier: money, a measure, a span.
_NOT_ID = re.compile(r"[$€£¥₹]\s?\d[\d,.]*k?|\b\d[\d,.]*\s?(?:k|%|percent|quid|pounds?|euros?|dollars?|"
                     r"(?:-\s?)?(?:days?|nights?|weeks?|months?|years?|yrs?|hours?|hrs?|mins?|minutes?|km|miles?|mg|kg|ml|people)\b)", re.I)

#: What a mark is got in ("what did I get in the pharmacology exam"), and the nouns that name a mark
#: as the thing asked ("what was her PSLE score"; not "the average price", whose head is the price).
_ASSESSMENT = r"(?:exam|test|paper|assignment|module|quiz|essay|coursework|final|midterm|mock|dissertation|thesis)s?\b"
_SCORE_NOUN = (r"(?:score|mark|grade|average|percentile|rank|ranking)s?\b"
               r"(?!\s+(?:price|cost|time|speed|age|temperature|weight|height|salary|rent|pay|wait|order)\b)")
_WHAT_IS = r"\bwhat(?:'s| is| was| are| were)? (?:[\w'-]+ ){0,4}"
#: "What did she call the baby?", "what was his mother called?": a name (not "call about", "call back").
_NAMING = re.compile(r"\bwhat(?:'s|'re| did| do| does| will| are| is| was| were)\b.*\b(?:call|called|name|named)\b"
                     r"(?!\s+(?:about|for|back|in|off|out|round|over|with|to|me|him|her|them|us|it|you)\b)", re.I)
#: A name given to a pronoun ("theyre called Paprika and Sumac"): the thing named is the one the
#: turn before spoke of, so it answers a naming question whatever words it shares with it.
_NAMED_PRONOUN = re.compile(r"\b(?:they|it|he|she)(?:'?re|'?s| are| is| was| were)\s+(?:called|named)\b", re.I)
_REQUEST = re.compile(r"\s*(?:can|could|would|will)\s+(?:you|u)\b", re.I)

#: (pattern over the question, value class, head) in order; the first that matches wins.
_RULES: list[tuple[re.Pattern[str], str, str | None]] = [
    (re.compile(p, re.I), cls, head) for p, cls, head in [
        # A question opening on "when is / does" asks when, whatever it names ("when is my rent due?", "when does
        # my course start?"): a date, a time of day or a routine (``holds_when``), not the rent or a clock time.
        (r"^\s*(?:when(?:'s| is| are| will| does| do| should| can| would)\b)", "date", None),
        # "What did Dana think of the book?": a named person's view, which some memory must report.
        (r"\bwhat (?:did|does|do|has|have) (?!(?:you|i|we|they|he|she|it|u|people|everyone)\b)[a-z][\w'-]+ "
         r"(?:think|thought|say|said|reckon|feel|felt|make) (?:of|about)\b", "view", None),
        # A record's number is a code ("the order number for the air fryer"), before "number for" reads as a phone.
        (r"\b(?:tracking|serial|microchip|order|reference|ref|policy|account|licen[cs]e plate|plate|registration) "
         r"(?:number|no\.?|code)\b|\blicen[cs]e plate\b", "code", None),
        # "The number for the plumber" is a phone; "my ticket number for the complaint" is the ticket's.
        (r"\b(?:phone|mobile) number|\b(?:the|a|their|his|her|your|my|our|what's) number for\b", "phone", "phone"),
        (r"\bemail\b", "email", "email"),
        (r"\bpost ?code\b|\bpostal code\b|\bzip(?: ?code)?\b", "postcode", None),
        # A verb before its object ("how does he address them?") asks no address; after a determiner it is the
        # noun, whatever follows ("the address the parcel went to").
        (r"\b(?:the|an|my|our|your|his|her|their|which|what|whose)\s+(?:[a-z]+\s+)?address\b|"
         r"\baddress\b(?!\s+(?:them|it|this|that|these|those|the|his|her|their|my|our|your|him|me|us)\b)", "address",
         "address"),
        # A code to open something: digits or a code ("the padlock is 4471"), not "plot 14b".
        (r"\b(?:what(?:'s| is)|which) (?:the |my |our )?(?:\w+ )?(?:code|pin|passcode|combination)\b", "code", None),
        (r"\bwhat colou?r\b|\bwhich colou?r\b", "colour", None),
        (r"\bwhich version\b|\bwhat version\b|\b(?:the|which|what) version of\b|\bwhich \w+ version\b", "version", None),
        # "What make is the boiler?", "which model": a maker's name or a model's number, not "a combi".
        (r"\b(?:what|which) (?:make|model|brand)\b", "model", None),
        (r"\bwhich doctor\b|\bwho prescribed\b|\bprescribed by\b|\bprescriber\b", "name", "prescriber"),
        # A mark is a number or a grade ("what mark did I get": "submitted it tonight" does not say it).
        # So is "what did I get in the exam", "what did he score", "Vihaan's PSLE score", "my batting average".
        (r"\bwhat (?:mark|grade|score)s?\b|\bhow (?:much|many) (?:marks|points)\b|\bwhat (?:did|does|do|will) (?:[\w'-]+ ){1,2}"
         r"(?:score\b|(?:get|got) (?:in|on|for) (?:[\w'-]+ ){0,3}?" + _ASSESSMENT + r")|" + _WHAT_IS + _SCORE_NOUN, "grade", None),
        # A dose is a number ("what dose of cetirizine": "every day" does not say it).
        (r"\bdose\b|\bdosage\b|\bhow many (?:mg|milligrams?|puffs|tablets|pills)\b", "number", None),
        # "How much is it worth / does it cost": money, not any number ("5 years" does not say it).
        (r"\bhow much\b.*\b(?:worth|costs?|pay|paying|spend|spent|price|owe|owed|save|saved|earn|earned|charge[sd]?|"
         r"money|income|revenue|profit|takings)\b",
         "amount", None),
        # "My target finish time", "the pickup time": a time of day or a duration, not a month.
        (r"\b(?:finish|arrival|departure|start|pickup|pick-up|check-in|check-out|checkout|wake-up|target|race|run)\s+time\b",
         "time", None),
        (r"\bcost\b|\bcosting\b|\bprice\b|\bsalary\b|\bearn\b|\bpay(?:ment)?\b|\binterest rate\b|\bowe\b|\bbudget\b|"
         r"\bspend\b(?!" + _SPAN + r")|\bfees?\b|\bcharges?\b|\brent\b|\bhow much\b.*\b(?:get|getting|got|make|making)\s+(?:paid\s+)?for\b",
         "amount", None),
        # "How many hours / miles": a number said with that unit ("about 12 hrs a week"), not any number.
        # A span of years, months or weeks only as a thing's length ("how many years is the warranty"),
        # not between two events ("how many months passed between ..."): the memories' dates answer that.
        (rf"\bhow many (?:{'|'.join(u for u in UNITS if u not in _SPANS)})\b|"
         rf"\bhow many (?:{'|'.join(_SPANS)}) (?:is|are|was|were|will|does|do)\b(?!.*\b(?:between|since|ago)\b)", "measure", None),
        # "How much does she weigh", "the p99 latency", "test coverage": a number in that dimension's units.
        ("|".join(q for q, _ in ASKED_DIMENSIONS.values()), "dimension", None),
        # A named charge ("the excess on my insurance", "the deposit"): money said as that charge.
        (r"\b(?:how much|what(?:'s| is| was| are| were))\b.*\b(?:excess|deductible|deposit|refund|overdraft)\b",
         "amount", None),
        (r"\b(?:what|which) size\b", "size", None),
        # "How many times...", "how long did it take": answered by counting or by the memories' own
        # dates, not by one stated number; only an age or a quantity must be said.
        (r"\bhow much\b|\bhow old\b|\bwhat age\b|\bhow far\b", "number", None),
        (r"\bwhat time\b|\bwhen does .* (?:start|open|close|leave|begin)\b|\bwhat hour\b", "time", None),
        # "Which day", "the exact dates": a day, which a month or a season does not give.
        (r"\bexact dates?\b|\b(?:what|which) (?:date|day)s?\b", "day", None),
        # "When did ..." is answered by when the memory was said; "when is/will/does" needs a stated date.
        (r"\bwhen (?:is|are|will|does|do|'s|should|can|would)\b|\bwhen's\b|\bwhat date\b|\bwhich date\b|\bwhat day\b|"
         r"\bwhich day\b|\bhow soon\b|\bexact dates?\b", "date", None),
        # "What did she call the baby?", "what was his mother called?": a name (not "call about", "call back").
        (_NAMING.pattern, "name", None),
        (r"\bwho\b|\bwhose\b|\bname of\b|\bwhat(?:'s| is) (?:the |my |his |her |their |our )?\w*\s?name\b|\w's name\b",
         "name", None),
        (r"\bwhich (?:[a-z]+ )?(?:hotel|airline|venue|team|council|ide|insurer|brand|company|bank|school|hospital|clinic|vet|"
         r"restaurant|shop|airport|gym|agency|firm|provider|supplier|lender|broker|network|courier|platform)\b",
         "name", None),
        # "What's my NHS number", "the plot number": some number identifying it (a code would miss
        # "plot 17"), which an amount or a measure is not ("£1,450 on 30 day terms").
        (r"\bwhat(?:'s| is| was)? (?:the |my |our |his |her |their )?(?:[\w-]+ ){1,2}(?:number|no\.)", "idnum", None),
        (r"\bwhere\b|\bwhich (?:city|town|country|street|office)\b", "place", None),
    ]
]
_HEAD = re.compile(r"\b(?:which|what(?:'s| is| are)?(?: the| my| our| his| her| their)?(?: exact| new)?|who(?:'s| is)"
                   r"(?: the| my| our)?|name of(?: the| my| our)?)\s+(?:[A-Za-z]+'s\s+)?([a-zé]+)", re.I)
_PARTICIPLE = re.compile(r"\s+\w+(?:ed|en)\s+(?:with|by|at|to|from|for|on|in)\b", re.I)
_QWORDS = frozenset("what which who whom whose when where why how what's who's where's when's name exact".split())
_ISO = re.compile(r"\s*\((?:from |until |to |by |since )?\d{4}-\d\d(?:-\d\d)?(?:[T ]\d\d:\d\d(?::\d\d)?)?"
                  r"(?:\.\.\d{4}-\d\d(?:-\d\d)?)?\)")


#: Whole words: "apr" (the annual rate) is not the start of "April".
_ASKS_RATE = re.compile(r"\b(?:rate|interest|percent|percentage|apr)\b|%", re.I)
_PERCENT = re.compile(r"\d[\d,.]*\s?(?:%|percent\b)", re.I)
_ASKS_PERSON = re.compile(r"^\s*who\b|\bwho(?:'s| is| was| are| will| did| does)\b", re.I)

#: Value classes specific enough that a close memory must state one even when it shares no word
#: with the question ("What colour are the bridesmaid dresses?" beside "I'm maid of honour").
_SPECIFIC = frozenset({"colour", "code", "version", "phone", "email", "address", "postcode", "amount", "number", "time",
                       "idnum", "measure", "size", "dimension", "model"})


_MONTH_NAMES = _MONTHS.split("|")
_RESOLVED_MONTH = re.compile(r"\(\d{4}-(\d\d)")


@dataclass(frozen=True, slots=True)
class Asked:
    value: str  # value class
    head: str | None  # attribute noun a memory must mention (None: the value class is enough)
    topic: frozenset[str]  # stemmed content words of the question, without the attribute's words
    label: str  # what to call it in the detail ("a phone number", "which hotel")
    attr: frozenset[str] = frozenset()  # stemmed words of the attribute itself ("dose"), matched to claims' ask-words


@lru_cache(maxsize=8192)
def asked(query: str) -> Asked | None:
    """The attribute a question asks for; None when it asks for none we can check (yes/no, why, what happened)."""
    q = query.strip().replace("\u2019", "'")
    low = q.lower()
    named = next((w for w in re.findall(r"[a-zé]+", low) if w in NAMED_HEADS), None)
    if YES_NO.match(q) and not WH.search(q) and not _REQUEST.match(q):
        # "Is anyone helping me pay for the course?" asks whether, not how much: its predicate is
        # checked by polar.py; "can you give me the office phone number?" is a request for a value.
        return Asked("any", None, _topic(q, set()), "")
    if ASKS_WHY.match(q):
        # "What was the reason they gave for the refund?": the head noun asks why, whatever value words follow.
        return Asked("any", None, _topic(q, set()), "")
    for pat, cls, head in _RULES:
        if pat.search(q):
            break
    else:
        # The named head must be what is asked, the phrase after the wh-word ("what ide do you
        # use"), not a word further on ("what is Sam's problem with his phone?").
        m = _HEAD.search(q)
        if not (named and re.match(r"\s*(?:what|which|who)", low) and m is not None
                and named in re.findall(r"[a-zé]+", low[m.start(1):])[:3]):
            return Asked("any", None, _topic(q, set()), "")  # nothing to check but the month
        pat, cls, head = _HEAD, "name", named
    # "Who is Bramble insured with?", "who is the dog walked by": a name, or a noun followed by a
    # participle, is the subject the question is about, not the attribute it asks for.
    nouns = [m.group(1).lower() for m in _HEAD.finditer(q)
             if not m.group(1)[0].isupper() and not _PARTICIPLE.match(q, m.end())]
    noun = next((n for n in nouns if n not in ("name", "exact", "new")), None)
    if head is None:
        head = named if named else (noun if noun in NAMED_HEADS else None)
    attr_words = {w for w in re.findall(r"[a-zé]+", _asserted(pat.pattern).lower()) if len(w) > 2}
    if noun and cls != "grade":  # "my batting average": the mark is the average, batting its topic
        attr_words.add(noun)
    topic = _topic(q, attr_words)
    label = f"which {head}" if head else {"name": "a name", "place": "a place", "amount": "an amount",
                                          "number": "a number", "time": "a time", "date": "a date",
                                          "day": "a day", "view": "what they think or said", "idnum": "an identifying number",
                                          "measure": "a number of " + _asked_unit(q), "size": "a size",
                                          "grade": "a mark or grade", "model": "a make or model"}.get(cls, f"a {cls}")
    if cls == "dimension":
        label = "a " + _asked_dimension(q)
    # (The words are read off the rule's regex: "\\bwhich" reads "bwhich", a word no text holds.)
    attr = frozenset(_stem(w) for w in attr_words - _QWORDS if w not in STOPWORDS and w[1:] not in _QWORDS)
    return Asked(cls, head, topic, label, attr)


def _asserted(pattern: str) -> str:
    """``pattern`` without its negative lookarounds: "score(?!\\s+price)" asks a score, not a price,
    so "price" is no word of the attribute (the question's own "price" stays in its topic)."""
    out, depth, skip = [], 0, None
    for i, c in enumerate(pattern):
        escaped = i > 0 and pattern[i - 1] == "\\"
        if c == "(" and not escaped:
            depth += 1
            if skip is None and pattern.startswith(("(?!", "(?<!"), i):
                skip = depth
        if skip is None:
            out.append(c)
        if c == ")" and not escaped:
            if skip == depth:
                skip = None
            depth -= 1
    return "".join(out)


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


def _asked_dimension(q: str) -> str:
    return next(d for d, (pat, _) in ASKED_DIMENSIONS.items() if re.search(pat, q, re.I))


def _asked_unit(q: str) -> str:
    m = re.search(rf"\bhow many ({'|'.join(UNITS)})\b", q, re.I)
    return m.group(1).lower() if m else "units"


def _topic(q: str, attr_words: set[str]) -> frozenset[str]:
    drop = {_stem(w) for w in attr_words | _QWORDS}
    return frozenset(t for t in tokenize(q.lower()) if t not in drop and t not in STOPWORDS)


def stated_text(text: str) -> str:
    """``text`` without the resolved dates a claim carries in brackets ("(2025-11-27)"): those are
    no value the source stated."""
    return _ISO.sub("", text)


def states(a: Asked, text: str, query: str) -> bool:
    """``text`` states a value of the class ``a`` asks for (the value test of the abstention and
    of the answer-value ranking step)."""
    low = text.lower()
    if a.head and a.head in NAMED_HEADS and not any(h in low for h in NAMED_HEADS[a.head]):
        return False
    if a.value == "name":
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
        return holds_when(text)
    if a.value in _COUNTED:
        # A value the question already holds is not its answer ("my first TM112 assignment": 112).
        said = {t.lower() for t in _VALUE_TOKEN.findall(query) if any(c.isdigit() for c in t)}
        if said:
            text = _VALUE_TOKEN.sub(lambda m: " " if m.group(0).lower() in said else m.group(0), text)
    if a.value == "idnum":
        return bool(re.search(r"\d", _NOT_ID.sub(" ", text)))
    if a.value == "dimension":
        units = ASKED_DIMENSIONS[_asked_dimension(query)][1]
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
    pat = VALUES.get(a.value)
    return bool(pat and pat.search(text))


_COUNTED = frozenset({"number", "amount", "grade", "code", "version", "idnum"})
_VALUE_TOKEN = re.compile(r"[A-Za-z]*\d[\w.-]*")
#: A mark given as a letter or a result word ("got a B+", "a merit", "passed").
_GRADE = re.compile(r"\b(?:got|get|scored|grade|graded|mark|marked|was|an?)\s+(?:an?\s+)?(?-i:[A-F][+*-]?)(?![\w])|\b(?:pass(?:ed)?|fail(?:ed)?|merit|distinction|first|"
                    r"2:1|2:2|third)\b(?!\s+(?:assignment|module|time|week|day|one|of|trip))", re.I)


def attribute_missing(query: str, hits: Sequence[SearchHit], relevant: Sequence[SearchHit]) -> str | None:
    """A detail for ``no_evidence`` when no memory on the question's topic states what it asks; else None."""
    a = asked(query)
    if a is None:
        return None
    pool = list({h.id: h for h in list(relevant) + list(hits)}.values())
    if a.topic:
        # A claim whose attribute is asked with the question's attribute word is on its topic too:
        # "what dose am I on for the heartburn?" / "on lansoprazole now, 30mg" (a medication: "dose").
        on_topic = [h for h in pool if a.topic & set(tokenize(stated_text(h.memory).lower()))
                    or a.attr and h.claim is not None and a.attr & set(tokenize(" ".join(slot_terms(h.claim))))]
    else:
        on_topic = list(relevant)
    owner = owner_head(query) if a.value not in ("view", "any") else None
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
    if _NAMING.search(query):
        on_topic += [h for h in pool if h not in on_topic and _NAMED_PRONOUN.search(stated_text(h.memory))]
    former = asks_former(query)
    common = common_nouns(pool) if a.value == "name" else frozenset()
    for h in on_topic:
        texts = [stated_text(h.memory)] + [e.text for e in h.episodes if e.text]
        if former:
            if states_former(h, lambda t: states(a, t, query)):
                return None
        elif any(states(a, t, query) for t in texts) or (a.value == "view" and said_by(h, query)) or (
                a.value == "name" and claim_names(h, query, a.attr, common)):
            return None
    topic = owner or ", ".join(sorted(a.topic)) or "the question's topic"
    return (f"no memory about {topic} states {'a former value: ' if former else ''}{a.label} "
            f"(attribute asked: {a.value}{'/' + a.head if a.head else ''})")
