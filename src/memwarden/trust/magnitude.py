"""A money amount said without a currency sign: a number in a clause about paying.

People state what they pay in bare numbers ("rent is 1325 paid by e transfer", "1.450 zł per month",
"992 € for living", "paying out sixty two hundred"): the amount pattern of :data:`.values.VALUES`
reads a currency sign, a money word within a few words before the number or a rate, so "how much
do I pay in rent?" was refused beside them (session 13: answerable questions refused for an amount
in five development authors' abstain probes and nine authors' rank probes). :func:`states_magnitude`
reads a number as an amount when a currency follows it ("zł", "yen", "DKK", "€") or money as
:func:`.typed_values.extract_values` reads it ("R1,450", "S$900"), or when its clause says paying
or costing (a closed class: paid, spent, cost, charge, fee, rent, deposit, salary, owe, offering
...) and nothing else claims the number: no clock time, date or year, no identifier word or "the
<word>" before it ("flight", "room", "number", "the modelo 790"), nor a bare "the" or "on" (a day of
the month: "paid on the 28"), no counted noun or unit after it
("150 guests", "88 keys", "12.5kg"). A count, a capacity or a flight number in a clause that says
no paying is no amount (a code-blind review's "invited 150 to the wedding", "flight is BA 283").
The question's topic still decides which memory must say it (:func:`.attribute.attribute_missing`).
"""

from __future__ import annotations

import re

from .spoken_numbers import words_to_digits
from .typed_values import extract_values
from .values import CURRENCY_CODES

__all__ = ["states_magnitude"]

#: A currency said after its number: the names people write and the codes of :data:`.values.CURRENCY_CODES`.
_CURRENCY_WORDS = (r"zł|zl|zloty|zlotys|yen|kr|krona|kronor|kroner|rand|rupees?|rs|baht|won|yuan|rmb|pesos?|reais|lakh|crore|"
                   r"shillings?|naira|cedis?|dirhams?|riyals?|ringgit|lira|francs?|kwacha|birr|taka|rupiah|forint|"
                   rf"{CURRENCY_CODES}|pln")
#: A number, its thousands separators and decimals ("1,350", "2.140,35", "9 800", "12.5").
_NUMBER = re.compile(r"(?<![\w.,/:#£$€¥₹-])(\d{1,3}(?:[,. ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?![\w/:%°-]|[.,]\d)")
#: What may follow an amount: nothing, punctuation, a currency said after it, a rate, or a word
#: that opens no noun phrase of its own (a closed class).
_AFTER_OK = re.compile(
    rf"\s*(?:$|[),;!?.]|[-–—]\s|[€£$¥₹]|(?:{_CURRENCY_WORDS}|real)\b|"
    r"(?:a|an|per|each|every)\s+(?:day|night|week|month|year|hour|head|person|kilo|kg|piece|session|lesson|visit|time)\b|each\b|"
    r"(?:down|up|back|off|out|over|in|on|for|from|to|before|after|plus|net|gross|total|only|now|then|but|and|or|so|which|"
    r"that|though|tho|lol|haha|including|incl|excluding|all|upfront|cash|flat|min|max|minimum|maximum|tops|ish)\b)",
    re.I)
#: A currency said after the number.
_CURRENCY_AFTER = re.compile(rf"\s*(?:[€£$¥₹]|(?:{_CURRENCY_WORDS})\b)", re.I)
#: Words of paying or costing (a closed class): a bare number in their clause is money.
_PAYING = re.compile(
    r"\b(?:pay|pays|paid|paying|payment|payout|spend|spends|spent|spending|cost|costs|costing|charge|charges|charged|"
    r"charging|price|priced|fee|fees|rent|deposit|salary|wage|wages|owe|owes|owed|offering|offered|quote|quoted|budget|"
    r"bill|bills|fare|tuition|earn|earns|earned|refund|refunded|invoice|invoiced|worth|bought|sold|premium|allowance|"
    r"net|gross|income|pension|stipend|labour|labor|loan|mortgage|save|saved|saving|savings|rebate|rebates|cashback)\b", re.I)
#: Words before a number that make it an identifier, a position, a count of years or a clock time.
_BEFORE_NOT = re.compile(
    r"(?:\b(?:number|no|unit|flat|apt|apartment|room|suite|ends?|ending|code|pin|route|bus|platform|gate|page|version|v|"
    r"model|class|grade|size|level|floor|flight|order|ref|reference|account|acc|id|year|since|in|at|by|till|until|around|"
    r"for|over|under|about|only|than|has|have|had|with|on|the|"
    r"age|aged|mock|score|scored|rank|ranked|top|chapter|step|day|week|mile|km|lap|plot|house|seat|row)|#"
    # a determiner and one word before a number name a labelled thing: "the modelo 790", "the 172 bus"
    r"|\bthe\s+[a-z]+)\s*$", re.I)
#: A price per thing bought ("the physio is 45 a session", "35 a month", "12 per lesson"), money without a paying word
#: (session 22); not "2 a day", which a dose says.
_PRICED_PER = re.compile(r"\s*(?:a|an|per|each|every)\s+(?:session|lesson|class|visit|month|week|year|hour|night|head|person)\b",
                         re.I)
#: The units :func:`.typed_values.extract_values` tags money with.
_MONEY = frozenset("$ R £ € ₹".split())
_YEAR = re.compile(r"^(?:19|20)\d\d$")


def states_magnitude(text: str) -> bool:
    """``text`` says a number that can only be an amount (see the module docstring)."""
    low = words_to_digits(text.lower())
    if any(u.split(":", 1)[0] in _MONEY for u in extract_values(text.lower())[2]):
        return True  # the one number reader's money ("R1,450 labour", "S$900")
    for m in _NUMBER.finditer(low):
        num = m.group(1)
        if _YEAR.match(num) or _BEFORE_NOT.search(low[max(0, m.start() - 12):m.start()]):
            continue
        rest = low[m.end():]
        if not _AFTER_OK.match(rest):
            continue
        if _CURRENCY_AFTER.match(rest) or _PAYING.search(_clause(low, m.start(), m.end())) or _PRICED_PER.match(rest):
            return True
    return False


def _clause(low: str, start: int, end: int) -> str:
    """The clause around ``low[start:end]``: up to the nearest sentence stop or semicolon either side."""
    left = max(low.rfind(c, 0, start) for c in ".;!?\n")
    right = min((i for i in (low.find(c, end) for c in ";!?\n") if i >= 0), default=len(low))
    stop = re.search(r"\.(?!\d)", low[end:])
    if stop:
        right = min(right, end + stop.start())
    return low[left + 1:right]
