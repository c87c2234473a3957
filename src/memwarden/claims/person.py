"""Person rewrite: first or second person -> a named third person, with verb agreement.

"I live in Leeds" said by Maya -> "Maya lives in Leeds"; an assistant's "you're allergic" ->
"Sam is allergic". Agreement is by rule (a base verb after the pronoun gets the third-person
-s); a wrong guess only costs grammar, never a content word.
"""

from __future__ import annotations

import re

__all__ = ["IRREGULAR_PAST", "person_rewrite", "poss"]


def poss(name: str) -> str:
    """ "Maya" -> "Maya's", "James" -> "James'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


_ADV = (r"(?:\s+(?:really|also|just|still|usually|always|never|actually|finally|recently|now|only|even|already|often|"
        r"sometimes|mostly|totally|definitely|literally|kinda|probably|currently|both|all|officially|"
        r"eventually|suddenly|honestly|seriously|basically|absolutely|mainly|no longer|recently))*")
#: The irregular past tenses (a closed class): "Katrin bought a Tesla" heads with Katrin as surely as "Katrin moved".
IRREGULAR_PAST = frozenset(
    "went made took saw met left found bought came ran began became felt thought told said knew "
    "kept lost won spent sent built wrote gave flew drove ate drank swam sang grew broke chose forgot fell heard held "
    "paid read sold slept stood taught understood woke wore brought caught fought sat hung led meant put quit set shut "
    "split let cut hit hurt cost bet".split())
_UNCHANGED = IRREGULAR_PAST | frozenset(
    "can cannot could will would should might must may shall ought did didn't can't won't wouldn't couldn't shouldn't was wasn't "
    "had hadn't got 's to too a an the not never gotta gonna wanna".split())
_SPECIAL = {"am": "is", "are": "is", "were": "was", "have": "has", "do": "does", "don't": "doesn't",
            "haven't": "hasn't", "aren't": "isn't", "go": "goes", "'m": "is", "'re": "is", "'ve": "has"}


_PREFIXED = re.compile(r"(?:re|mis|over|under|out|up|with|fore)([a-z]{3,})$")
_EED_PAST = frozenset("agreed disagreed freed decreed guaranteed refereed peed".split())


def _third(w: str) -> str:
    lw = w.lower()
    if lw in _SPECIAL:
        return _SPECIAL[lw]
    if lw.endswith("eed") and lw not in _EED_PAST:
        return w + "s"  # "need", "feed", "proceed" are present, not past forms
    if lw in _UNCHANGED or lw.endswith(("ed", "ly", "ing", "n't")) or not lw.isalpha() or len(lw) < 2:
        return w
    if (pm := _PREFIXED.match(lw)) and pm.group(1) in _UNCHANGED:
        return w  # "reread", "reset", "misread", "overslept", "upset": a prefixed irregular past, not a present
    if lw.endswith(("s", "sh", "ch", "x", "z", "o")):
        return w + "es"
    if lw.endswith("y") and lw[-2] not in "aeiou":
        return w[:-1] + "ies"
    return w + "s"


_FIRST_CONTR = [(re.compile(p), v) for p, v in [
    (r"\bI'm\b|\bI am\b|\b[Ww]e're\b|\b[Ww]e are\b", "is"), (r"\bI've\b|\b[Ww]e've\b", "has"),
    (r"\bI'll\b|\b[Ww]e'll\b", "will"), (r"\bI'd\b|\b[Ww]e'd\b", "would"), (r"\b[Ww]e were\b", "was")]]
_SECOND_CONTR = [(re.compile(p), v) for p, v in [
    (r"\b[Yy]ou're\b|\b[Yy]ou are\b", "is"), (r"\b[Yy]ou've\b", "has"), (r"\b[Yy]ou'll\b", "will"),
    (r"\b[Yy]ou'd\b", "would"), (r"\b[Yy]ou were\b", "was")]]
_FIRST_VERB = re.compile(rf"\b(?:I|[Ww]e|WE)({_ADV})\s+([A-Za-z']+)")
_SECOND_VERB = re.compile(rf"\b[Yy]ou({_ADV})\s+([A-Za-z']+)")
#: (pattern, possessive?) -- the rest of the first / second person, after the verbs.
_FIRST_REST = [(re.compile(r"\b(?:[Mm]y|[Oo]ur|mine|ours)\b"), True), (re.compile(r"\b(?:myself|ourselves|me|us|I|[Ww]e)\b"), False)]
_SECOND_REST = [(re.compile(r"\b[Yy]our(?:s)?\b"), True), (re.compile(r"\b[Yy]ou(?:rself)?\b"), False)]


_LOWER_I = re.compile(r"(?<![\w'.-])i(?=(?:'m|'ve|'ll|'d)?(?![\w'.-]))")


def person_rewrite(text: str, who: str, *, first: bool) -> str:
    """First person (``first``) or second person -> ``who`` in the third person."""
    poss_ = poss(who)
    if first:
        text = _LOWER_I.sub("I", text)  # chat's "i'm on compressed hours": the pronoun in any case
    contr, verb, rest = (_FIRST_CONTR, _FIRST_VERB, _FIRST_REST) if first else (_SECOND_CONTR, _SECOND_VERB, _SECOND_REST)
    for pat, v in contr:
        text = pat.sub(f"{who} {v}", text)
    text = verb.sub(lambda m: f"{who}{m.group(1)} {_third(m.group(2))}", text)
    for pat, is_poss in rest:
        text = pat.sub(poss_ if is_poss else who, text)
    return text
