"""A money amount said without its currency: the magnitude no other kind of value claims.

People state what they pay in bare numbers ("rent is 1325", "giving her 6500 from this month",
"480 down the drain", "1.450 zł per month", "sixty two hundred"): the amount pattern of
:data:`.values.VALUES` reads a currency sign, a money word next to the number or a rate, so "how
much do I pay in rent?" was refused beside "The user: rent is thirteen twenty five" (session 13:
answerable questions refused for an amount in five development authors' abstain probes and nine
authors' rank probes). :func:`states_magnitude` reads a number as an amount when nothing else
claims it: no clock time, date or year, no identifier word before it ("number", "unit", "ends", or "the"
and one word: "the modelo 790"),
no counted noun or unit after it ("3 times", "6 bags", "12.5kg"), and either large enough to be no
count of anything (100 or more, or written with a thousands separator or two decimals) or said per
a period or a head ("25 a day", "40 each"). The question's topic still decides which memory must
say it (:func:`.attribute.attribute_missing`).
"""

from __future__ import annotations

import re

from .spoken_numbers import words_to_digits
from .typed_values import extract_values

__all__ = ["states_magnitude"]

#: A number, its thousands separators and decimals ("1,350", "2.140,35", "9 800", "12.5").
_NUMBER = re.compile(r"(?<![\w.,/:#£$€¥₹-])(\d{1,3}(?:[,. ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?![\w/:%°-]|[.,]\d)")
#: What may follow an amount: nothing, punctuation, a currency said after it, a rate, or a word
#: that opens no noun phrase of its own (a closed class).
_AFTER_OK = re.compile(
    r"\s*(?:$|[),;!?.]|[-–—]\s|[€£$¥₹]|"
    r"(?:zł|zl|zloty|zlotys|yen|kr|krona|kronor|kroner|rand|rupees?|rs|baht|won|yuan|rmb|pesos?|reais|real|lakh|crore|"
    r"inr|eur|usd|gbp|chf|aud|nzd|cad|zar|php|kes|ngn|sek|nok|dkk|jpy|cny|sgd|hkd|aed|pln)\b|"
    r"(?:a|an|per|each|every)\s+(?:day|night|week|month|year|hour|head|person|kilo|kg|piece|session|lesson|visit|time)\b|each\b|"
    r"(?:down|up|back|off|out|over|in|on|for|from|to|before|after|plus|net|gross|total|only|now|then|but|and|or|so|which|"
    r"that|though|tho|lol|haha|including|incl|excluding|all|including|upfront|cash|flat|min|max|minimum|maximum|tops|ish)\b)",
    re.I)
#: Words before a number that make it an identifier, a position, a count of years or a clock time.
_BEFORE_NOT = re.compile(
    r"(?:\b(?:number|no|unit|flat|apt|apartment|room|suite|ends?|ending|code|pin|route|bus|platform|gate|page|version|v|"
    r"model|class|grade|size|level|floor|flight|order|ref|reference|account|acc|id|year|since|in|at|by|till|until|around|"
    r"age|aged|mock|score|scored|rank|ranked|top|chapter|step|day|week|mile|km|lap|plot|house|seat|row|platform)|#"
    # a determiner and one word before a number name a labelled thing: "the modelo 790", "the 172 bus"
    r"|\bthe\s+[a-z]+)\s*$", re.I)
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
        digits = re.sub(r"[,. ]", "", num)
        if _YEAR.match(num) or _BEFORE_NOT.search(low[max(0, m.start() - 12):m.start()]):
            continue
        rest = low[m.end():]
        if not _AFTER_OK.match(rest):
            continue
        big = int(digits.split(".")[0] or 0) >= 100 if "." not in num and "," not in num and " " not in num \
            else True
        if big or re.match(r"\s*(?:(?:a|an|per|each|every)\s+\w+|each)\b", rest):
            return True
    return False
