"""The attribute a question asks for (:func:`asked`): a value class (a number, an amount, a date or
time, a person's or organisation's name, a place, a phone number, an email, an address, a code, a
colour, a count) and, when the question names it, the attribute's head noun ("hotel", "fiancé",
"salary"), with the question's topic words left once the attribute's own words are taken out.
:mod:`.attribute` tests whether a memory states such a value (``states``) and whether any memory on
the question's topic does (``attribute_missing``). Split from ``attribute.py`` in session 12.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..lexicon.quotes import straight
from ..retrieval.text import STOPWORDS, _stem, tokenize
from .values import MONTHS as _MONTHS
from .values import ASKED_DIMENSIONS, ASKS_WHY, UNITS, WH, YES_NO

__all__ = ["Asked", "asked", "everyday", "NAMED_HEADS", "NAMING", "asked_dimension", "asked_unit"]

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
    "address": ("address", "addy", "street", "road", "lane", "avenue", "close", "flat", "live at"),
    # "mob" and "cell " as stored ("plumber's mob is 07700 ..."): the question's short form is written out, the
    # memory's is not (session 20 review); "cell " keeps its space so "cancelled" and "excellent" name no phone.
    "phone": ("phone", "number", "call", "mobile", "mob", "cell ", "cell:", "tel"),
    "email": ("email", "@"),
    # A named charge is said by its name: "£21 a month" is the premium, not the excess.
    "excess": ("excess", "deductible"), "deductible": ("deductible", "excess"), "deposit": ("deposit",),
    "refund": ("refund",), "overdraft": ("overdraft",),
    "macos": ("macos", "sonoma", "ventura", "monterey", "sequoia", "os "),
}

#: A rate that is no percentage (a heart rate, an hourly or day rate, a refresh rate, a rate limit) is
#: also said as a quantity per something; an interest, tax or commission rate only as a percentage.
RATE_PER = (" per ", " an hour", " a day", " a month", " a year", "/h", "/min", "/s", "/mo", "/yr", "/day", "/month",
            "/year", "bpm", "hz")
PERCENT_RATE = re.compile(r"\b(?:interest|apr|aer|tax|vat|commission|mortgage|exchange|inflation|discount|growth|"
                          r"tip|savings|fixed|variable|tracker)\b", re.I)

#: Time spent, not money: "where did they spend most of September?", "spend the weekend".
_SPAN = (r"\s+(?:[\w']+\s+){0,2}(?:time|days?|weeks?|weekends?|months?|years?|summers?|winters?|spring|autumn|holidays?|"
         rf"nights?|evenings?|mornings?|afternoons?|hours?|christmas|{_MONTHS})\b")
#: Units of time asked as a length.
_SPANS = ("years", "months", "weeks")

#: as the thing asked ("what was her PSLE score"; not "the average price", whose head is the price).
_ASSESSMENT = r"(?:exam|test|paper|assignment|module|quiz|essay|coursework|final|midterm|mock|dissertation|thesis)s?\b"
_SCORE_NOUN = (r"(?:score|mark|grade|average|percentile|rank|ranking|rating)s?\b"
               r"(?!\s+(?:price|cost|time|speed|age|temperature|weight|height|salary|rent|pay|wait|order)\b)")
_WHAT_IS = r"\bwhat(?:'s| is| was| are| were)? (?:[\w'-]+ ){0,4}"
#: A question opening on "who" asks a person or a body, one opening on "how many" a count: neither asks an amount,
#: whatever money word follows ("who do I pay rent to?", "how many weeks of severance pay"). Session 23: nor does one
#: opening on "why", on a "how" of manner ("how are we splitting the fee?", "how did I vote on the pay offer?"), or on
#: a wh-word whose noun is a share, terms, a method or a document ("what share of my salary ...", "what payment terms ...",
#: "which payslip will the rise be in?"): the money word there is the topic, not the value asked.
_NOT_MONEY = re.compile(r"\s*(?:so\s+|and\s+)?(?:who|whom|whose|how many|why|how\s+(?:is|are|was|were|do|does|did|will|should|"
                        r"can|could|would)\b|(?:what|which)\s+(?:[a-z]+\s+)?(?:share|shares|proportion|percentage|terms|"
                        r"payslips?|statements?|method|way|account|app|bank)\b)", re.I)
#: "What's the delivery date", "what is my squat max": the copula, a determiner and up to two words before the noun asked.
_WHAT_BE = r"\bwhat(?:'s| is| was| are| were) (?:(?:the|my|our|his|her|their|your) )?(?:[\w'-]+ ){0,2}"
#: "What did she call the baby?", "what was his mother called?": a name (not "call about", "call back").
NAMING = re.compile(r"\bwhat(?:'s|'re| did| do| does| will| are| is| was| were)\b.*\b(?:call|called|name|named)\b"
                     r"(?!\s+(?:about|for|back|in|off|out|round|over|with|to|me|him|her|them|us|it|you)\b)", re.I)
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
        (r"\b(?:what(?:'s| is)|which) (?:the |my |our )?(?:\w+ )?(?:code|pin|passcode|password|combination)\b", "code", None),
        (r"\bwhat colou?r\b|\bwhich colou?r\b", "colour", None),
        (r"\bwhich version\b|\bwhat version\b|\b(?:the|which|what) version of\b|\bwhich \w+ version\b", "version", None),
        # "What make is the boiler?", "which model": a maker's name or a model's number, not "a combi".
        (r"\b(?:what|which) (?:make|model|brand)\b", "model", None),
        (r"\bwhich doctor\b|\bwho prescribed\b|\bprescribed by\b|\bprescriber\b", "name", "prescriber"),
        # A mark is a number or a grade ("what mark did I get": "submitted it tonight" does not say it).
        # So is "what did I get in the exam", "what did he score", "Vihaan's PSLE score", "my batting average".
        (r"\bwhat (?:mark|grade|score|rating)s?\b|\bhow (?:much|many) (?:marks|points)\b|\bwhat (?:did|does|do|will) (?:[\w'-]+ ){1,2}"
         r"(?:score\b|(?:get|got) (?:in|on|for) (?:[\w'-]+ ){0,3}?" + _ASSESSMENT + r")|" + _WHAT_IS + _SCORE_NOUN, "grade", None),
        # A dose is a number ("what dose of cetirizine": "every day" does not say it).
        (r"\bdose\b|\bdosage\b|\bhow many (?:mg|milligrams?|puffs|tablets|pills)\b", "number", None),
        # "How much is it worth / does it cost": money, not any number ("5 years" does not say it).
        # Session 22: "how much am I paid an hour", "how much did I get quoted", "how much is the wifi each month" (a
        # thing's price per stretch of time) are money too.
        (r"\bhow much (?:is|are|was|were|does|do)\b.*\b(?:a|per|each|every) (?:week|month|year|quarter)\b|"
         r"\bhow much\b.*\b(?:worth|costs?|pay|paying|paid|quoted?|spend|spent|price|owe|owed|save|saved|earn|earned|charge[sd]?|charging|"
         r"money|income|revenue|profit|takings)\b",
         "amount", None),
        # "My target finish time", "the pickup time": a time of day or a duration, not a month.
        (r"\b(?:finish|finishing|arrival|departure|start|pickup|pick-up|check-in|check-out|checkout|wake-up|target|goal|race|run|"
         r"best|qualifying|marathon|lap|split)\s+time\b",
         "time", None),
        (r"\bcost\b|\bcosting\b|\bprice\b|\bsalary\b|\bearn\b|\bpay(?:ment)?\b|\binterest rate\b|\bowe\b|\bbudget\b|"
         r"\bspend\b(?!" + _SPAN + r")|\bfees?\b|\bcharges?\b|\brent\b|\bhow much\b.*\b(?:get|getting|got|make|making)\s+(?:paid\s+)?for\b",
         "amount", None),
        # Money named by its noun: "my hourly wage", "the stipend", "a daily allowance", "the valuation they offered".
        (r"\bwages?\b|\bstipend\b|\bvaluation\b|\bper diems?\b|\b(?:daily|weekly|monthly|annual|meal|housing|clothing|"
         r"subsistence) allowance\b", "amount", None),
        # "How many hours / miles": a number said with that unit ("about 12 hrs a week"), not any number.
        # A span of years, months or weeks only as a thing's length ("how many years is the warranty"),
        # not between two events ("how many months passed between ..."): the memories' dates answer that.
        (rf"\bhow many (?:{'|'.join(u for u in UNITS if u not in _SPANS)})\b|"
         rf"\bhow many (?:{'|'.join(_SPANS)}) (?:is|are|was|were|will|does|do)\b(?!.*\b(?:between|since|ago)\b)", "measure", None),
        # "How many guests are coming", "how many cows are we milking": a count some memory must say, as digits or a
        # number word (session 20). Not "how many times" (counted from the memories) nor a span between events.
        (r"^\s*(?:so\s+|and\s+)?how many (?!times\b|more times\b)(?!.*\b(?:between|since|ago)\b)", "count", None),
        # "How much does she weigh", "the p99 latency", "test coverage": a number in that dimension's units.
        ("|".join(q for q, _ in ASKED_DIMENSIONS.values()), "dimension", None),
        # A named charge ("the excess on my insurance", "the deposit"): money said as that charge.
        (r"\b(?:how much|what(?:'s| is| was| are| were))\b.*\b(?:excess|deductible|deposit|refund|overdraft)\b",
         "amount", None),
        # "What's my squat max?", "my calorie target", "what total am I going for": a number named by its noun.
        (_WHAT_BE + r"(?:max|pr|pb|target|total|limit)\b|\bwhat (?:target|total)\b", "number", None),
        (r"\b(?:what|which) size\b", "size", None),
        # "How much is the permit renewal?", "how much are the tickets?", "how much is dad's pension?": "how much" and a
        # copula before a thing named with its determiner, no mass noun between ("how much fuel"), asks its price or a
        # sum of money (session 22). Not "how much is left", nor "how much do I squat".
        (r"^\s*(?:so |and |ok )?(?:exactly )?how much (?:is|are|was|were) (?:the|my|our|his|her|their|your|a|an|[a-z]+'s)\s",
         "amount", None),
        # "How many times...", "how long did it take": answered by counting or by the memories' own
        # dates, not by one stated number; only an age or a quantity must be said.
        (r"\bhow much\b|\bhow old\b|\bwhat age\b|\bhow far\b", "number", None),
        (r"\bwhat time\b|\bwhen does .* (?:start|open|close|leave|begin)\b|\bwhat hour\b", "time", None),
        # "Which day", "the exact dates": a day, which a month or a season does not give.
        (r"\bexact dates?\b|\b(?:what|which) (?:date|day)s?\b", "day", None),
        # "When did ..." is answered by when the memory was said; "when is/will/does" needs a stated date.
        (r"\bwhen (?:is|are|will|does|do|'s|should|can|would)\b|\bwhen's\b|\bwhat date\b|\bwhich date\b|\bwhat day\b|"
         r"\bwhich day\b|\bhow soon\b|\bexact dates?\b", "date", None),
        # "What's the delivery date for the sofa?", "my visa's expiry date", "the deadline for the essay": a date
        # named by its noun after the wh-word, not only straight after it ("what date").
        (_WHAT_BE + r"(?:date|dates|deadline)\b", "date", None),
        # "What's Nina's birthday", "what is dad's date of birth": a day of the year (session 20).
        (_WHAT_BE + r"(?:birthday|date of birth|anniversary)\b", "date", None),
        # "What did she call the baby?", "what was his mother called?": a name (not "call about", "call back").
        (NAMING.pattern, "name", None),
        # "What's Kayode's surname?": a name too, which the surname test of :mod:`.attribute` reads (session 23).
        (r"\bsurname\b|\b(?:last|family|maiden) name\b|\bwho\b|\bwhose\b|\bname of\b|\bwhat(?:'s| is) (?:the |my |his |her |their |our )?\w*\s?name\b|\w's name\b",
         "name", None),
        (r"\bwhich (?:[a-z]+ )?(?:hotel|airline|venue|team|council|ide|insurer|brand|company|bank|school|hospital|clinic|vet|"
         r"restaurant|shop|airport|gym|agency|firm|provider|supplier|lender|broker|network|courier|platform)\b",
         "name", None),
        # "What's my NHS number", "the plot number": some number identifying it ("number one goal" is a rank, session 20) (a code would miss
        # "plot 17"), which an amount or a measure is not ("£1,450 on 30 day terms").
        (r"\bwhat(?:'s| is| was)? (?:the |my |our |his |her |their )?(?:[\w'-]+ ){1,2}(?:number(?!\s+(?:one|1)\b)|no\.)", "idnum", None),
        (r"\bwhere\b|\bwhich (?:city|town|country|street|office)\b", "place", None),
    ]
]
_HEAD = re.compile(r"\b(?:which|what(?:'s| is| are)?(?: the| my| our| his| her| their)?(?: exact| new)?|who(?:'s| is)"
                   r"(?: the| my| our)?|name of(?: the| my| our)?)\s+(?:[A-Za-z]+'s\s+)?([a-zé]+)", re.I)
#: "Who's jake again?", "who is Priya exactly": one word after the copula, no determiner, nothing asked of it.
_WHO_IS = re.compile(r"\s*who(?:'s| is| was)\s+(?!(?:the|my|our|your|his|her|their|a|an|it|that|this|there|he|she|they|"
                     r"in|on|at|going|coming|doing|taking|bringing|driving|paying|running|hosting|next|first|last|"
                     r"responsible|in charge)\b)([a-z][\w'-]*)\s*(?:again|exactly|then|now)?\s*[?!.]*\s*$", re.I)
_PARTICIPLE = re.compile(r"\s+\w+(?:ed|en)\s+(?:with|by|at|to|from|for|on|in)\b", re.I)
_QWORDS = frozenset("what which who whom whose when where why how what's who's where's when's name exact".split())


@dataclass(frozen=True, slots=True)
class Asked:
    value: str  # value class
    head: str | None  # attribute noun a memory must mention (None: the value class is enough)
    topic: frozenset[str]  # stemmed content words of the question, without the attribute's words
    label: str  # what to call it in the detail ("a phone number", "which hotel")
    attr: frozenset[str] = frozenset()  # stemmed words of the attribute itself ("dose"), matched to claims' ask-words


#: Everyday typing of a question, read as its full words (session 20): a wh-word without its apostrophe ("whats",
#: "whos", "wheres", "whens") and the short forms people write for the thing asked: "pw" a password, "addy" an
#: address, "bday" a birthday, "dob" a date of birth, "appt" an appointment, "mob" / "cell" / "tel" a phone number,
#: "reg" / "rego" a registration, and "no." / "num" / "no" for number after the thing numbered ("the dentist's no.",
#: "the vet num"), never a "no" that answers ("she said no").
_EVERYDAY: list[tuple[re.Pattern[str], str]] = [(re.compile(p, re.I), r) for p, r in [
    (r"\b(what|who|where|when|how|that)s\b", r"\1's"),
    (r"\b(?:pw|pwd|passwd)\b", "password"),
    (r"\b(?:addy|addr)\b\.?", "address"),
    (r"\bb-?days?\b", "birthday"),
    (r"\b(?:dob|d\.o\.b\.?)(?![\w.])", "date of birth"),
    (r"\bappts?\b\.?", "appointment"),
    (r"\b((?:the|my|his|her|their|our|your|[a-z]+'s?)\s+)(?:mob|cell|tel)\b\.?(?=\s*(?:$|[?!,]|again\b|pls\b|please\b|for\b))",
     r"\1phone number"),
    (r"\b(?:mob|cell|tel|ph)\.?\s+(?:no\b\.?|num\b)", "phone number"),
    (r"\b((?:the|my|his|her|their|our|your|[a-z]+'s?)\s+(?:[a-z]+\s+)?)(?:reg|rego)\b\.?", r"\1registration number"),
    (r"\b((?:the|my|his|her|their|our|your|[a-z]+'s)\s+(?!(?:answer|reply|response)\b)(?:[a-z]+\s+)?)(?:no\.?|num|nr\.?)"
     r"(?=\s*(?:$|[?!,]|for\b|of\b|again\b|pls\b|please\b))", r"\1number"),
]]


@lru_cache(maxsize=8192)
def everyday(query: str) -> str:
    """``query`` with its everyday short forms written out (:data:`_EVERYDAY`), straight apostrophes."""
    q = straight(query.strip())
    for pat, repl in _EVERYDAY:
        q = pat.sub(repl, q)
    return q


@lru_cache(maxsize=8192)
def asked(query: str) -> Asked | None:
    """The attribute a question asks for; None when it asks for none we can check (yes/no, why, what happened)."""
    q = everyday(query)
    low = q.lower()
    named = next((w for w in re.findall(r"[a-zé]+", low) if w in NAMED_HEADS), None)
    if YES_NO.match(q) and not WH.search(q) and not _REQUEST.match(q):
        # "Is anyone helping me pay for the course?" asks whether, not how much: its predicate is
        # checked by polar.py; "can you give me the office phone number?" is a request for a value.
        return Asked("any", None, _topic(q, set()), "")
    if ASKS_WHY.match(q):
        # "What was the reason they gave for the refund?": the head noun asks why, whatever value words follow.
        return Asked("any", None, _topic(q, set()), "")
    if m := _WHO_IS.match(q):
        # "who's jake again", "who is Priya?": who the person is, which any memory mentioning them says ("my neighbour
        # priya ..."), lowercase or not; no name is asked, the person is the topic (session 20).
        return Asked("identity", None, _topic(q, set()), f"who {m.group(1)} is")
    no_money = bool(_NOT_MONEY.match(q))
    for pat, cls, head in _RULES:
        if cls == "amount" and no_money:
            continue  # "who did I pay it through?" asks who; "how many weeks of pay?" a count, not the money
        if found := pat.search(q):
            break
    else:
        # The named head must be what is asked, the phrase after the wh-word ("what ide do you
        # use"), not a word further on ("what is Sam's problem with his phone?").
        m = _HEAD.search(q)
        if not (named and re.match(r"\s*(?:what|which|who)", low) and m is not None
                and named in re.findall(r"[a-zé]+", low[m.start(1):])[:3]):
            return Asked("any", None, _topic(q, set()), "")  # nothing to check but the month
        if named == "phone" and re.search(r"\b(?:which|what) (?:\w+ )?phone\b(?! number)", low):
            # "Which phone did I get Mum?" asks a handset, a make or a model, not a phone number.
            return Asked("model", None, _topic(q, {"phone"}), "a make or model", frozenset({"phone"}))
        # A rate is a quantity per something ("fixed at 4.19%", "115 an hour", "49 bpm"), not a name.
        pat, cls, head, found = _HEAD, ("number" if named == "rate" else "name"), named, None
    # "Who is Bramble insured with?", "who is the dog walked by": a name, or a noun followed by a
    # participle, is the subject the question is about, not the attribute it asks for.
    nouns = [m.group(1).lower() for m in _HEAD.finditer(q)
             if not m.group(1)[0].isupper() and not _PARTICIPLE.match(q, m.end())]
    noun = next((n for n in nouns if n not in ("name", "exact", "new")), None)
    if head is None:
        # A named head is the attribute only where the question asks it: in the words the rule read or right after
        # the wh-word. "What colour are the team's new kits?" asks a colour, "what time do we need to be at the
        # hospital?" a time: the team and the hospital are what the question is about.
        first = _HEAD.search(q)
        phrase = _noun_phrase(low, first.start(1)) if first else []
        if named and found is not None and named not in re.findall(r"[a-zé]+", found.group(0).lower()) \
                and named not in phrase:
            named = None
        head = named if named else (noun if noun in NAMED_HEADS else None)
    attr_words = {w for w in re.findall(r"[a-zé]+", _asserted(pat.pattern).lower()) if len(w) > 2}
    if noun and cls != "grade":  # "my batting average": the mark is the average, batting its topic
        attr_words.add(noun)
    topic = _topic(q, attr_words)
    label = f"which {head}" if head else {"name": "a name", "place": "a place", "amount": "an amount",
                                          "number": "a number", "time": "a time", "date": "a date",
                                          "day": "a day", "view": "what they think or said", "idnum": "an identifying number",
                                          "measure": "a number of " + asked_unit(q), "size": "a size",
                                          "grade": "a mark or grade", "model": "a make or model",
                                          "count": "a count"}.get(cls, f"a {cls}")
    if cls == "dimension":
        label = "a " + asked_dimension(q)
    # (The words are read off the rule's regex: "\\bwhich" reads "bwhich", a word no text holds.)
    attr = frozenset(_stem(w) for w in attr_words - _QWORDS if w not in STOPWORDS and w[1:] not in _QWORDS)
    return Asked(cls, head, topic, label, attr)


#: Words that end the noun phrase a wh-word opens: its verb, or a preposition other than "of".
_PHRASE_END = frozenset("is are was were am be do does did have has had will would can could should need needs to for at in "
                        "on with from by about into".split())


def _noun_phrase(low: str, start: int) -> list[str]:
    """The words of the noun phrase opening at ``start``: "name of jess's fiancé", "indemnity insurer", "colour"."""
    out = []
    for w in re.findall(r"[a-zé]+", low[start:]):
        if w in _PHRASE_END:
            break
        out.append(w)
    return out


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


def asked_dimension(q: str) -> str:
    return next(d for d, (pat, _) in ASKED_DIMENSIONS.items() if re.search(pat, q, re.I))


def asked_unit(q: str) -> str:
    m = re.search(rf"\bhow many ({'|'.join(UNITS)})\b", q, re.I)
    return m.group(1).lower() if m else "units"


def _topic(q: str, attr_words: set[str]) -> frozenset[str]:
    drop = {_stem(w) for w in attr_words | _QWORDS}
    return frozenset(t for t in tokenize(q.lower()) if t not in drop and t not in STOPWORDS)

