"""Value classes: what kind of value a text states, and the value a question asks for, defined once.

Two steps of the trust stage read them: abstention per attribute (:mod:`.attribute`: is the
value asked ever stated?) and the answer-type step of the ranking (:mod:`.answer_type`: does the
first hit hold the value asked?). They used to keep two spellings of "a time", "an amount" and
"a question asking when"; a fix to one (say, "April" read as a rate) did not reach the other.

Classes (:data:`VALUES`): ``number``, ``amount`` (money, a rate, a price), ``time`` (of day, a
routine), ``date``, ``day`` (a date to the day: a weekday, "the 12th", "3 May"), ``phone``, ``email``, ``address``, ``postcode``, ``code``, ``colour``, ``size``, ``version``.
:func:`holds_when` (a date or a time) and :func:`holds_quantity` (a number or money) are the
two coarse classes the ranking reads. :data:`UNITS` and :data:`ASKED_DIMENSIONS` are the units a quantity
is stated in ("how many hours", "how much does she weigh": the abstention's ``measure`` and
``dimension`` classes).
"""

from __future__ import annotations

import re

from ..lexicon import calendar as cal

__all__ = ["VALUES", "STREET", "NOT_COMPOUND", "UNITS", "ASKED_DIMENSIONS", "ASKS_WHEN", "ASKS_QUANTITY", "ASKS_WHY", "holds_when", "holds_quantity", "holds_score", "YES_NO", "WH", "MONTHS", "MONTH_WORD"]

MONTHS = cal.alt(cal.MONTHS)
_MON3 = "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
_DAYS = cal.alt(cal.WEEKDAYS) + "|mon|tue|tues|wed|thu|thurs|fri|sat|sun"
_NUMWORDS = ("one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|"
             "hundred|thousand|million|half|dozen|a couple|once|twice")
#: Meals and bed are times of day when a preposition anchors them ("with breakfast", "before bed");
#: bare, they are things ("booked dinner at Luca's" says no time).
_MEAL_TIME = r"\b(?:at|before|after|with|by|around|over|during)\s+(?:breakfast|lunch|lunchtime|dinner|tea|bed|bedtime)\b"

#: Units a number is counted in: "the 2000 hour service", "1980 kWh", "£2020" are no years.
_COUNT_UNITS = (r"hours?|hrs?|h|mins?|minutes?|km|kms|kg|kgs|g|grams?|mg|ml|l|litres?|m|mm|cm|miles?|metres?|meters?|"
                r"units?|rpm|cc|w|kw|kwh|mah|cal|cals|calories|kcal|steps?|words?|pages?|people|ft|feet|mb|gb|lbs?")
_YEAR = rf"(?<![$€£¥₹])\b(?:19|20)\d\d\b(?!\s?-?\s?(?:{_COUNT_UNITS})\b)"

#: The kinds of street an address ends on ("42 Elm Street", "3 Hollis Ct").
STREET = r"street|st|road|rd|avenue|ave|lane|ln|close|way|drive|dr|place|square|crescent|terrace|court"
#: After a street word, a plural noun makes it the first half of a compound, no street: "3 Supreme Court
#: hearings next week", "2 Crown Court dates were moved". The plural is told from a verb ending in -s by what
#: follows it: a plural verb, a preposition, a time word or the end ("4 Hollis Court needs a new roof" is an address).
NOT_COMPOUND = (r"\b(?!\s+(?-i:[a-z]{2,}[^\Ws]s)(?:\s*[,.;:!?)]|\s*$|\s+(?:are|were|have|had|will|would|can|could|"
                r"at|in|on|for|to|of|and|or|this|next|last|left|booked|coming|due)\b))")

#: Three-letter currency codes written against their amount ("EUR40", "ZAR950").
CURRENCY_CODES = "inr|eur|usd|gbp|chf|aud|nzd|cad|zar|php|kes|ngn|sek|nok|dkk|jpy|cny|sgd|hkd|aed"

#: Value classes: a text states the class when the pattern matches it.
VALUES: dict[str, re.Pattern[str]] = {
    # Not a digit inside a letter-led code: "the V4", "the M25", "an A320" name a model, a road, a plane; a
    # currency's letters are a currency ("R4200" rand, "Rs 500", "EUR40").
    "number": re.compile(rf"(?<![A-Za-z\d])(?<!\d\.)\d|(?<=\bR)\d|(?<=\bRs)\d|(?<=\b(?:{CURRENCY_CODES}))\d|[£$€¥₹]|"
                         rf"\b(?:{_NUMWORDS})\b", re.I),
    # Money: a currency, or a number said with a money word around it.
    "amount": re.compile(r"[$€£¥₹]\s?\d|\d\s?(?:k|eur|usd|gbp|euros?|dollars?|pounds?|quid|bucks|grand|p/h)\b|\bfree\b|"
                         # money said in words: "a tenner a day", "twenty quid", "five hundred euros"
                         rf"\b(?:tenners?|fivers?)\b|\b(?:{_NUMWORDS})\s+(?:euros?|dollars?|pounds?|quid|bucks|grand)\b|"
                         r"\b(?:costs?|paid|pay|pays|owe|owes|price|priced|fee|rent|salary|earns?|charges?|budget|"
                         r"payment|instal?ments?|rate)\b\W+(?:\w+\W+){0,3}\d|\d[\d,.]*\s?(?:%|percent|a month|"
                         r"per month|a year|per year|an hour|per hour|a week|monthly)"
                         # A bare number a thing was bought or sold for is its price ("got the bike for 420").
                         r"|\b(?:bought|buy|sold|sell|paid|got|picked(?: \w+)? up)\b(?:\W+\w+){0,6}?\W+for\s+"
                         r"(?:about |around |roughly |just |only |like )?\d[\d,.]*(?![\d,.]*\s*(?:years?|months?|weeks?|"
                         r"days?|nights?|hours?|hrs?|minutes?|mins?|people|of)\b)", re.I),
    # Also the 24-hour clock as written on the continent and on rotas: "21h10", "07h45", "1600 hrs" (session 21).
    "time": re.compile(r"\b\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|\b\d{1,2}:\d\d\b|\b(?:[01]?\d|2[0-3])h[0-5]\d\b|"
                       r"\b(?:[01]\d|2[0-3])[0-5]\d\s?hrs\b|\b(?:noon|midday|midnight|half (?:past )?\w+)\b"
                       r"|\b(?:mornings?|afternoons?|evenings?|nights?|tonight|o'clock)\b|\b(?:at|by|from|until|till|before|after) "
                       rf"(?:\d{{1,2}}|{_NUMWORDS})\b|\b(?:every|each|daily|weekly|monthly)\b|{_MEAL_TIME}", re.I),
    # "last", "next", "this" name a date only with the unit they count ("at last" is not a date).
    "date": re.compile(rf"\b(?:{MONTHS}|{_MON3})\b|\b(?:{_DAYS})s?\b|\b\d{{1,2}}(?:st|nd|rd|th)\b|{_YEAR}|"
                       r"\b\d{1,2}[/.-]\d{1,2}\b|\b(?:today|tomorrow|tonight|yesterday|fortnight|weekend)\b|"
                       r"\b(?:next|last|this|coming) (?:week|weekend|month|year|spring|summer|autumn|fall|winter|"
                       rf"{MONTHS}|{_DAYS})\b|\b(?:in|for|after|within) \d+ (?:days?|weeks?|months?|years?)\b", re.I),
    # A day, not a month or a season: what "which day" or "the exact dates" ask for.
    "day": re.compile(rf"\b(?:{_DAYS})s?\b|\b\d{{1,2}}(?:st|nd|rd|th)\b|\b\d{{1,2}}[/.-]\d{{1,2}}\b|"
                      rf"\b(?:today|tomorrow|tonight|yesterday)\b|\b(?:{MONTHS}|{_MON3})\.?\s+\d{{1,2}}\b|"
                      rf"\b\d{{1,2}}\s+(?:{MONTHS}|{_MON3})\b|\b(?:every|each) (?:day|morning|evening|night)\b", re.I),
    "phone": re.compile(r"(?:\+?\d[\d\s().-]{6,}\d)"),
    "email": re.compile(r"[\w.+-]+@[\w-]+\.\w+"),
    "address": re.compile(rf"\b\d+[a-z]?\s+\w+(?:\s\w+)?\s+(?:{STREET}){NOT_COMPOUND}|\b[A-Z]{{1,2}}\d{{1,2}}[A-Z]?\s?\d[A-Z]{{2}}\b", re.I),
    # A UK postcode ("S3 8BT", "sw1a 1aa") or a US ZIP code.
    "postcode": re.compile(r"\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b|\b\d{5}(?:-\d{4})?\b", re.I),
    "code": re.compile(r"\b(?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{3,}\b|#\s?\d{3,}|\b\d{5,}\b"),
    "colour": re.compile(r"\b(?:red|orange|yellow|green|blue|purple|violet|pink|black|white|grey|gray|brown|beige|navy|"
                         r"teal|sage|cream|silver|gold|maroon|turquoise|olive|charcoal|ivory)\b", re.I),
    # A size: a number with a unit of size or capacity, "size 9", or a size word ("x-small", "king").
    "size": re.compile(r"\b\d[\d,.]*\s?-?(?:gb|tb|mb|cm|mm|m|inch(?:es)?|in|ft|feet|foot|sq ?m|sq ?ft|m2|square \w+|"
                       r"litres?|liters?|l|seater|person|man|bed(?:room)?s?|kg)\b|\b\d[\d,.]*\"|\bsize\s+\w+|"
                       r"\b(?:uk|us|eu)\s?\d|\b(?:x+-?)?(?:small|large)\b|\b(?:medium|xs|xl|xxl|tiny|huge|"
                       r"compact|king|queen|double|single)\b", re.I),
    "version": re.compile(r"\b[vV]?\d+(?:\.\d+)+\b|\b(?:version|v)\s?\d+\b"),
}

#: Month names as words ("may" the verb is too common to count).
MONTH_WORD = re.compile(r"\b(" + cal.alt(cal.UNAMBIGUOUS_MONTHS) + r")\b")
#: A date the extractor resolved and appended in brackets ("next Friday (2025-05-09)").
_RESOLVED = re.compile(r"\(\d{4}-\d\d")

#: Questions asking when: a date, a day, a time of day.
ASKS_WHEN = re.compile(r"^\s*(?:when|by when|how soon|what time|what date|what day|which day|which date)\b"
                       r"|\b(?:what|which) (?:time|date|day|week|month)\b|\bhow long until\b|\bwhen(?:'s| is| are| does| do| will)\b",
                       re.I)
#: Questions asking how much or how many: a number or money.
ASKS_QUANTITY = re.compile(r"\bhow (?:much|many|big|large|high|low|long|far|old|heavy|tall|often)\b"
                           r"|\bwhat(?:'s| is| was| are)? (?:the |my |our )?(?:price|cost|fee|rent|budget|salary|total|amount|"
                           r"dose|dosage)\b", re.I)


#: A what-question whose head noun asks why ("what's the reason ...", "what excuse did they give for the fee"):
#: the head noun decides, whatever value words follow it ("the refund", "the fee").
ASKS_WHY = re.compile(r"\s*(?:so\s+)?(?:what|which)(?:'s| is| was| are| were)?\s+(?:(?:the|their|his|her|my|our|your)\s+"
                      r"(?:[a-z]+\s+)?)?(?:reasons?|excuses?|explanations?|purpose|rationale|grounds)\b"
                      r"(?!\s+(?:code|number|no\.?)\b)", re.I)


#: A yes/no question opens on an auxiliary verb ("will my salary be in before the rent goes out?"):
#: it asks no value, whatever nouns it holds; unless a wh-word follows ("do you know when ...").
YES_NO = re.compile(r"^\s*(?:is|are|was|were|am|do|does|did|will|would|can|could|should|shall|has|have|had|must|"
                    r"may|might|isn't|aren't|won't|don't|doesn't|didn't|can't|hasn't|haven't)\b", re.I)
WH = re.compile(r"\b(?:what|when|where|which|who|whose|whom|how|why)\b", re.I)


def holds_when(text: str) -> bool:
    """``text`` states a date or a time (a resolved date in brackets counts: the extractor read one)."""
    return bool(VALUES["date"].search(text) or VALUES["time"].search(text) or _RESOLVED.search(text))


#: Numbers that are no mark or score: money, a price after "for", a span or measure, a clock time,
#: a day of the month, a year, a weekday's hours ("Tuesdays 5-7").
_NOT_SCORE = re.compile(
    r"[$€£¥₹]\s?\d[\d,.]*k?|\bfor\s+(?:about |around |just |only )?\d[\d,.]*(?![\d,.]*\s*(?:%|percent|marks?|points?|out of))|"
    rf"\d[\d,.]*\s?(?:k|quid|pounds?|euros?|dollars?|bucks|grand|rs|rupees?|lakhs?|crores?|cr)\b|"
    rf"\d[\d,.]*\s?-?\s?(?:days?|nights?|weeks?|months?|years?|yrs?|{_COUNT_UNITS})\b|"
    rf"\b\d{{1,2}}(?::\d\d)?\s*(?:am|pm)\b|\b\d{{1,2}}:\d\d\b|\b\d{{1,2}}(?:st|nd|rd|th)\b|{_YEAR}|"
    rf"\b(?:{_DAYS})s?\s+\d{{1,2}}(?:\s?(?:-|to|–)\s?\d{{1,2}})?\b", re.I)


def holds_score(text: str) -> bool:
    """``text`` states a number that can be a mark or a score ("96.4 percentile", "got 71", "7/10"),
    not a price, a span, a measure, a time or a date ("3 hours on pharmacokinetics", "a bat for 2,400")."""
    return bool(re.search(r"\d", _NOT_SCORE.sub(" ", text)))


def holds_quantity(text: str) -> bool:
    """``text`` states a number or an amount of money."""
    return bool(VALUES["number"].search(text))


#: Units a "how many" question counts in, each with the ways a memory writes it.
UNITS: dict[str, str] = {
    "hours": r"hours?|hrs?|h", "minutes": r"minutes?|mins?", "miles": r"miles?|mi", "km": r"km|kms|kilomet(?:re|er)s?",
    "kilometres": r"km|kms|kilomet(?:re|er)s?", "kilometers": r"km|kms|kilomet(?:re|er)s?", "metres": r"m|metres?|meters?",
    "meters": r"m|metres?|meters?", "kg": r"kg|kilos?|kilograms?", "kilos": r"kg|kilos?|kilograms?",
    "steps": r"steps?", "pages": r"pages?|pp", "laps": r"laps?", "lengths": r"lengths?", "litres": r"l|litres?|liters?",
    "calories": r"calories|kcal|cals?", "words": r"words?", "years": r"years?|yrs?", "months": r"months?",
    "weeks": r"weeks?|wks?"}
#: "What's the ... <noun>": the quantity is what is asked, not a topic ("due to his weight").
_WHAT_IS = r"\bwhat(?:'s| is| was| are)? (?:[\w'-]+ ){0,4}"
#: Dimensions a question asks a quantity of without "how many <unit>" (its pattern), each with the
#: units a memory states it in: "how much does she weigh?" wants "4.2kg", not "2 years old".
ASKED_DIMENSIONS: dict[str, tuple[str, str]] = {
    "weight": (r"\bhow much (?:\w+ ){0,4}weigh|\bwhat (?:does|did|do) (?:\w+ ){1,4}weigh\b|\bhow heavy\b|" + _WHAT_IS + r"weight\b",
               r"kgs?|kilos?|kilograms?|g|grams?|lbs?|pounds?|stones?|st|oz|ounces?"),
    "height": (r"\bhow tall\b|" + _WHAT_IS + r"height\b", r"cm|mm|m|metres?|meters?|ft|feet|foot|inches|in"),
    "latency": (_WHAT_IS + r"latency\b", r"ms|milliseconds?|s|secs?|seconds?"),
    "percentage": (_WHAT_IS + r"(?:percentage|(?:test|code) coverage)\b|\bwhat percent\b|\bwhat share\b", r"%|percent|per cent"),
    "temperature": (r"\bhow (?:hot|cold|warm)\b|" + _WHAT_IS + r"temperature\b", r"°\s?[cf]?|degrees?|c|f"),
    "speed": (r"\bhow fast\b|" + _WHAT_IS + r"speed\b", r"mph|km/?h|kph|mbps|gbps|mb/s|megs?|gigs?|knots"),
}
