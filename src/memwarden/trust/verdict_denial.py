"""Denials the stance rules read as agreement, for the verdict (session 26, issue 11).

The stance rules scope a negation to its own clause and compare the words around it, so two everyday ways of
saying "no" leave a memory that shares the claim's words reading as if it stated the claim:

- **a denial said apart from what it denies** (:func:`denial_stance`): a clause that is only a denial, after the
  clause it answers ("squash on fridays, not anymore", "olives? not a chance", "the gym, nope, cancelled it"),
  a thing called "a hard no" / "a no from me", and a denial opening with an inverted verb ("no way am I going
  to the reunion", "there's no chance we're keeping the boat"). Its clause holds no word of the claim, so the
  rules read the rest as the claim said again. Here the denied part must share a word of the claim's
  predicate; a denial that opens the memory answers something said before it ("nah, it's the 5th") and is not
  read, nor is a closing "no way!", as often surprise at news ("she got the job?? no way!") as a refusal.
- **a zero amount** (:func:`zero_stance`): a record giving the claim's item as nothing ("overtime £0.00",
  "amount paid £0.00", "balance due £0.00", "£0 to pay this year") denies that the item was paid, is owed or
  has to be paid. A claim of clearing ("paid off", "settled", "nothing owed", "exempt") is what a zero states,
  and is not read.

A claim in the past ("used to", "was", "tried", "last year") or negated itself is not read by the first: "squash,
not anymore" says nothing against "the user used to play squash". What is denied must name only the claim's words
(and words of when): "selling the boat? not a chance" denies nothing of "keeping the boat". A refusal of the moment
("coffee? no thanks", "not now") and a "never again" after a thing done are not read.
"""

from __future__ import annotations

import re

from ..retrieval.text import _stem as stem
from .features import features
from .stance_label import Stance

__all__ = ["denial_stance", "zero_stance"]

#: A claim about the past: a denial of now says nothing against it ("tried the sushi place, never again" for "tried
#: the sushi place", "Tesco, not anymore" for "worked at Tesco").
_NOT_READ = re.compile(r"\b(?:used to|ago|last (?:year|month|week|time)|previously|formerly|before|was|were|did|had|went|"
                       r"got|took|made|saw|left|bought|sold|sent|paid|told|said)\b", re.I)
#: A verb in the past: "-ed" not after a copula or "get" ("is retired", "gets tired" are states).
_PAST_ED = re.compile(r"(?<!\bis )(?<!\bare )(?<!\bam )(?<!'s )(?<!'re )(?<!\bbe )(?<!\bbeen )(?<!\bbeing )(?<!\bget )"
                      r"(?<!\bgets )(?<!\bstays )(?<!\bstay )\b[a-z]{3,}ed\b", re.I)


#: A clause that is only a denial: "not anymore", "not a chance", "nope", "absolutely not", "never again".
_DENIAL = (r"(?:not any ?more|no longer|not these days|not a chance|no chance|not in a million years|"
           r"hell no|absolutely not|definitely not|certainly not|def not|nope|nah|not happening)")
#: ... closing its clause, with at most an aside after it ("lol", "tbh", "sadly").
_TAIL = re.compile(r"(?P<denial>" + _DENIAL + r")\b\s*(?:(?:lol|haha|tbh|sadly|unfortunately|thankfully|for me|mate|"
                   r"though|tho)\b\s*)*(?:[.!;)]+|[,:-]\s|$|\s*$)", re.I)
#: Where the clause before a tail denial ends: the denial follows a comma, a question mark, a dash or a full stop.
_TAIL_BEFORE = re.compile(r"[,?!.;:\-\u2013\u2014]\s*(?:(?:but|and|well|so|honestly|erm|um|uh)\s+)?$", re.I)
#: "olives are a hard no", "the reunion's a no from me": what is called a no.
_CALLED_NO = re.compile(r"(?P<thing>[^,.;!?]+?)\s*(?:is|are|'s|'re|=)\s+(?:a\s+)?(?:hard|firm|big|definite|flat)?\s*"
                        r"(?:no|nope)(?:\s+from\s+(?:me|us))?(?=\s*(?:(?:for|from)\s+(?:me|us|him|her|them)\b|lol\b|tbh\b|"
                        r"haha\b|[.,;!?)]|$))", re.I)
#: A joining word before what is called a no: "I'm coeliac so the pizza is a no" calls the pizza a no.
_JOIN = re.compile(r".*\b(?:so|and|but|because|cos|though|tho|then|which|since)\s+", re.I)
#: An inverted denial: "no way am I paying that", "there's no chance we're keeping the boat", "not a chance I'm going".
_INVERTED = re.compile(r"\b(?:there's |there is )?(?:no way|no chance|not a chance|not in a million years)\s+"
                       r"(?P<rest>(?:am|are|is|was|will|would|do|does|did|can|could|should|have|has|i|i'm|im|i'll|we|"
                       r"we're|we'll|he|he's|she|she's|they|they're|that|it|it's)\b[^,.;!?]*)", re.I)


def _denied_parts(text: str) -> list[str]:
    """The parts of ``text`` a colloquial denial denies."""
    parts = []
    for m in _TAIL.finditer(text):
        before = text[:m.start()]
        if not before.strip() or not _TAIL_BEFORE.search(before):
            continue  # a denial opening the memory answers what came before it
        clause = re.split(r"[.;!]\s|\n|\?\s*(?=[A-Z])", before.rstrip(" ,?!.;:-\u2013\u2014"))[-1]
        parts.append(clause)
    for m in _CALLED_NO.finditer(text):
        parts.append(_JOIN.sub("", m.group("thing")))
    for m in _INVERTED.finditer(text):
        parts.append(m.group("rest"))
    return parts


def denial_stance(claim: str, text: str) -> Stance | None:
    """A contradiction when ``text`` denies, in a colloquial clause of its own, a part that states the claim's
    predicate; None otherwise."""
    if not re.search(r"\b(?:not|no|nope|nah)\b", text, re.I) or _NOT_READ.search(claim) or _PAST_ED.search(claim):
        return None
    fc = features(claim)
    if fc.negated:
        return None
    for part in _denied_parts(text):
        fp = features(part)
        if fp.negated:
            continue  # "I'm not going, no way": the clause denies itself, the rules read it
        # What is denied names the claim's words only (a time or a day may come with it): "selling the boat? not a
        # chance" denies a sale, nothing of "keeping the boat".
        if fp.content & fc.content and not (fp.content - fc.content - _SPAN):
            return Stance("contradict", 0.8, f"a colloquial denial of '{part.strip()[:40]}'", ("negation",))
    return None


#: Words of when that may come with what is denied ("the food bank on saturdays, not anymore").
_SPAN = frozenset(stem(w) for w in "every morning mornings evening evenings night nights weekend weekends week weekly "
                  "day days daily month monthly year yearly anymore still usual usually always now".split())


#: A currency sign or code before an amount: "£", "$ ", "USD ", "Ksh".
_CURRENCY = r"(?:[£$€]\s?|\b(?:gbp|usd|eur|aud|cad|nzd|inr|rs\.?|ksh|ngn|sgd)\s?)"
#: A zero amount: "£0", "£0.00", "0.00", "USD 0".
_ZERO = re.compile(_CURRENCY + r"0(?:[.,]00?)?(?![.,]?\d)|(?<![\d.,])0[.,]00(?![.,]?\d)", re.I)
#: An amount: "£5.00", "$32", "USD 12", "45.50" (a zero too: :func:`_nonzero_labels` keeps those with a digit 1-9).
_AMOUNT = re.compile(_CURRENCY + r"\d[\d,]*(?:\.\d+)?|(?<![\d.,])\d[\d,]*\.\d\d(?![.,]?\d)", re.I)
#: The separators of a record's fields: what a zero belongs to is said between them.
_FIELD = re.compile(r"[,;:|()\n\u2013\u2014]|\s-\s|\.\s")
#: A zero said for a group of people: a price rule ("£0 for under-5s", "£0 with a blue badge").
_FOR_A_GROUP = re.compile(r"\s*(?:for|if|with|to)\s+(?:the\s+)?(?:under|over|kids|children|child|babies|members?|students?|blue|"
                          r"carers?|seniors?|pensioners?|residents?|staff|anyone|those|people|holders?|infants?|toddlers?|"
                          r"concessions?|nhs|veterans?)\b", re.I)
#: Words of a debt or a payment due: "owes" is stated by "balance due", "outstanding", "to pay".
_DEBT = frozenset({"owe", "owes", "owed", "owing", "due", "outstanding", "balance", "pay", "payable", "arrears", "debt"})
#: A claim of clearing, nothing or an exemption: a zero states it.
_CLEARED = re.compile(r"\b(?:paid off|paid in full|cleared|settled|clear|nothing|zero|free|exempt(?:ion)?|waived|nil|"
                      r"written off|closed|refund(?:ed)?|no|not|never|none)\b", re.I)


def _field(text: str, m: re.Match[str]) -> str:
    """The words of the record's field an amount at ``m`` sits in: after the separator before it, up to the one after."""
    return f"{_FIELD.split(text[:m.start()])[-1]} {_FIELD.split(text[m.end():])[0]}"


def zero_stance(claim: str, text: str) -> Stance | None:
    """A contradiction when ``text`` gives a thing the claim says was paid, is owed or has to be paid as a zero
    amount; None otherwise."""
    if not _ZERO.search(text) or _CLEARED.search(claim):
        return None
    fc = features(claim)
    if fc.negated:
        return None
    own = fc.content - {"user"}
    words = {w.lower() for w in re.findall(r"[a-z]+", claim, re.I)}
    nonzero: list[frozenset[str]] | None = None
    for m in _ZERO.finditer(text):
        if _FOR_A_GROUP.match(_FIELD.split(text[m.end():])[0]):
            continue  # "entry £0 for under-5s": a price for a group, not the claim's item as nothing
        label = _field(text, m)
        ll = {w.lower() for w in re.findall(r"[a-z]+", label, re.I)}
        shared = own & features(label).content
        if not (shared or (_DEBT & ll and _DEBT & words)):
            continue
        # review mend: the same record giving an amount that is not zero to something at least as close to the claim
        # ("late fee £0.00, card replacement fee £5.00" for "paid a card replacement fee"; "balance £0.00, next bill
        # £32 due on the 14th" for "a bill due on the 14th") says the claim's item is that one, not the zero
        if nonzero is None:
            nonzero = _nonzero_labels(text)
        if any(len(own & c) >= max(len(shared), 1) for c in nonzero):
            continue
        return Stance("contradict", 0.8, f"a zero amount for '{label.strip()[:40]}'", ("number",))
    return None


def _nonzero_labels(text: str) -> list[frozenset[str]]:
    """The content words of each field holding an amount that is not zero (:func:`_field`)."""
    return [features(_field(text, m)).content for m in _AMOUNT.finditer(text) if re.search(r"[1-9]", m.group(0))]
