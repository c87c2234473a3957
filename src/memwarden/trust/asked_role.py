"""The name of a role and the count of a thing: a value said of what the question asks, not of its neighbour
(session 21, issue 11.4).

A name question about a role ("what's the vet's name?", "who is the new tenant?", "the name of Ana's
boyfriend") is answered by a memory that gives that role a name: beside it ("the vet, Dr Mills", "my vet is
Sarah Fenn", "Dr Mills is our vet", "a plumber called Gary"). A memory that mentions the role without a name
beside it ("had to take Ringo to the vet in Hexham", "the teacher gave Eru a sticker") names someone or something
else: a pet, a town, the person the question is about. Where a memory does not mention the role at all, the
earlier test stands (:func:`.names.names_in`: any name the question does not say).

A count question ("how many bedrooms ...?") is answered by a number of that thing, not by the number of another
thing said with its own noun ("2 bathrooms and a garden"). A number followed by no noun of its own ("we're 40",
"there'll be twelve of us") still counts.

Read from the question's wording and the memory's structure only: no word list of roles or things.
"""

from __future__ import annotations

import re

from ..retrieval.text import STOPWORDS, _stem
from .names import GENERIC_CAPS, KIN_WORDS

__all__ = ["named_role", "names_role", "counted_noun", "other_counts_dropped"]

_DET = r"(?:the|my|our|his|her|their|your|a|an|this|that)"
#: Words after a determiner that are no role ("the name", "my new", "the user").
_NOT_ROLE = frozenset("name names one ones person people someone thing things user company firm place guy girl lady man "
                      "woman new old current main usual other exact full real first last".split())
#: The role a name question asks the name of (group "r"), in the question's own wording:
#: "name of the vet", "name of Ana's boyfriend", "the vet's name", "what's the vet called", "who is the new tenant",
#: "who's my GP", "which vet".
_ROLE_Q = [re.compile(p, re.I) for p in (
    rf"\bname of (?:{_DET}\s+)?(?:[A-Za-z][\w-]*'s?\s+)?(?P<p>.*)",
    rf"\b(?P<r>[a-z][a-z-]+)(?:'s|s') (?:full |first |last )?name\b",
    rf"\bwhat(?:'s| is| was| are| were)\s+(?:{_DET}\s+)(?:[A-Za-z][\w-]*'s?\s+)?(?P<p>(?:[a-z][a-z-]+\s+){{0,2}})called\b",
    rf"^\W*who(?:'s| is| was| are| were)\s+(?:{_DET}\s+)(?:[A-Za-z][\w-]*'s?\s+)?(?P<p>.*)",
    r"^\W*which (?P<p>.*)",
)]
#: Words that end the noun phrase a role is the last word of: a verb, a preposition, a pronoun.
_PHRASE_END = frozenset("is are was were am be do does did have has had will would can could should need needs to for at in on "
                        "with from by about into of i i'm im we we're you they he she it that who which again now then "
                        "these this there called".split())


#: A title before a name.
_TITLE = r"(?:(?:Dr|Mr|Mrs|Ms|Miss|Mx|Prof|Sister|Father|Coach|Auntie|Uncle)\.?\s+)?"
_NAME = r"(?P<n>" + _TITLE + r"(?-i:[A-Z][\w'&-]*)(?:\s+(?-i:[A-Z][\w'&-]*))?)"
_CALLED = r"(?P<c>[a-z][\w'-]*)"


def named_role(query: str) -> str | None:
    """The role a name question asks the name of ("vet", "tenant", "boyfriend": the last word of the noun phrase the
    question names); None when it asks no role's name."""
    for pat in _ROLE_Q:
        m = pat.search(query or "")
        if not m:
            continue
        if "r" in pat.groupindex and m.group("r"):
            words = [m.group("r").lower()]
        else:
            words = []
            for w in re.findall(r"[A-Za-z][\w'-]*", m.group("p")):
                if w.lower() in _PHRASE_END or words and w.lower().endswith("ing"):
                    break  # "the allergist doing my test": the phrase ends at its verb
                words.append(w)
        if not words or words[-1][0].isupper():
            return None  # a name ("which Sam"), or nothing
        rest = m.group("p")[len(" ".join(words)):] if "p" in pat.groupindex and m.group("p") else ""
        if re.match(r"\s*(?:with|through|by|from)\b", rest, re.I):
            return None  # "who is our mortgage with?": who provides the thing, not the thing's name
        r = words[-1].lower().removesuffix("'s")
        if r in _NOT_ROLE or r in STOPWORDS or len(r) < 2:
            return None
        return r
    return None


def _role_re(role: str) -> str:
    stem = re.escape(role[:-1] if role.endswith("s") and len(role) > 3 else role)
    return rf"\b{stem}(?:s|es)?(?:'s|')?"


#: A person said by relation where a name would be: "is the user's brother", "will be my little brother Imtiaz".
_KIN = r"(?:(?:the user's|my|our|his|her|their)\s+(?:[a-z]+\s+)?(?:" + "|".join(sorted(KIN_WORDS, key=len, reverse=True)) + r")\b)"
#: A titled name anywhere in a text mentioning the role: "back from the dentist ... Dr. Szabo wants to see me".
_SHORT_TITLES = ("Dr", "Mr", "Mrs", "Ms", "Prof")
_TITLED = re.compile(r"\b(?:" + "|".join(_SHORT_TITLES) + r")\.?\s+(?-i:[A-Z])[\w'-]+")
#: The same typed in lower case ("our vet is dr okafor"): the word after the title is the name unless it is a function
#: word or reads as a verb or a common noun by its ending ("dr said", "dr appointment", "the dr's"); a plural "s" gives
#: nothing away ("mr jenkins").
_TITLED_LOWER = re.compile(r"\b(?:" + "|".join(t.lower() for t in _SHORT_TITLES) + r")\.?\s+(?P<w>[a-z][a-z'-]+)\b")
_NOT_NAME_END = re.compile(r"(?:ing|ed|ment|ments|'s|ly|tion|ery|ary|ice)$")
#: Irregular past tenses, which no ending gives away ("the dr said", "dr gave me").
_IRREGULAR_PAST = frozenset("said told gave put sent rang took got made thought wrote saw left came went kept let felt found "
                            "did had was were".split())


def names_role(role: str, text: str, query: str) -> bool | None:
    """Whether ``text`` gives ``role`` a name beside it; None when the text does not mention the role (the caller's
    own test decides then)."""
    rr = _role_re(role)
    if not re.search(rr + r"(?![\w])", text, re.I):
        return None
    qwords = {w.lower().removesuffix("'s") for w in re.findall(r"[A-Za-z][\w'-]*", query)}

    def fresh(name: str | None) -> bool:
        if name is None:
            return True  # a relation ("the user's brother")
        words = [w.lower().removesuffix("'s").rstrip("'") for w in name.split()]
        words = [w for w in words if w.rstrip(".") not in ("dr", "mr", "mrs", "ms", "miss", "mx", "prof")] or words
        # "Your council website ...": a capitalised determiner or pronoun opening a sentence is no name
        return words[0] not in GENERIC_CAPS and words[0] not in STOPWORDS and not all(w in qwords for w in words)

    if any(fresh(m.group(0)) for m in _TITLED.finditer(text)):
        return True
    if any(m.group("w") not in qwords | STOPWORDS | _IRREGULAR_PAST and not _NOT_NAME_END.search(m.group("w"))
           and len(m.group("w")) > 2
           for m in _TITLED_LOWER.finditer(text)):
        return True
    who = r"(?:" + _KIN + r"\s+)?(?:" + _NAME + r"|" + _KIN + r")"
    after = re.compile(rr + r"(?![\w])\s*(?:[,(:=—–-]\s*)?(?:(?:is|was|'s|are|now|is now|will be|has been|who is)\s+)?"
                       r"(?:(?:called|named|is called|is named|goes by)\s+)?" + who, re.I)
    if any(fresh(m.group("n")) for m in after.finditer(text)):
        return True
    # The name a clause later, in the same sentence: "assigned me a mentor for the grad scheme, it's Farah".
    later = re.compile(rr + r"(?![\w])[^.!?\n]{0,60}?[,;:—–-]\s*(?:it's|its|it is|that's|thats|she's|shes|he's|hes|"
                       r"they're|theyre|her name's|his name's|her name is|his name is)\s+" + who, re.I)
    if any(fresh(m.group("n")) for m in later.finditer(text)):
        return True
    # Someone brought in by "called" later in the sentence: "physio is sorted, saturdays at 9, with a guy called Fulvio".
    brought = re.compile(rr + r"(?![\w])[^.!?\n]{0,80}?\b(?:a|an|some)\s+(?:[a-z]+\s+)?(?:guy|bloke|man|woman|lady|girl|lad|"
                         r"chap|fella|fellow|person|one)\s+(?:called|named)\s+" + _CALLED, re.I)
    if any(m.group("c").lower() not in qwords | STOPWORDS for m in brought.finditer(text)):
        return True
    called = re.compile(rr + r"(?![\w])\s*,?\s*(?:who(?:'s| is)\s+|(?:(?:is|was|'s)\s+)?an?\s+(?:[a-z]+\s+){0,2}?)?"
                        r"(?:called|named|goes by|'s name is|name is|name's)\s+" + _CALLED, re.I)
    if any(m.group("c").lower() not in qwords | STOPWORDS for m in called.finditer(text)):
        return True
    before = re.compile(r"(?:" + _NAME + r"|" + _KIN + r")(?!'s\b)\s*(?:[,(—–-]\s*)?(?:(?:she|he|they)\s+)?"
                        r"(?:(?:is|was|as|'s|will be|has been|will \w+ as|\w+ as)\s+)?"
                        r"(?:(?:the user's|" + _DET + r")\s+(?:[a-z][\w-]*\s+){0,2})?" + rr + r"(?![\w])", re.I)
    # The role placed before its copula: "the room leader at Little Acorns is called Priya Shah".
    placed = re.compile(rr + r"\s+(?:at|in|from|for|on|with|of)\s+(?:the\s+)?(?:[\w'&-]+\s+){0,2}?[\w'&-]+\s+"
                        r"(?:is|was|'s|will be|has been)\s+(?:(?:called|named)\s+)?(?:" + _NAME + r"|" + _KIN
                        + r"|(?:(?<=called )|(?<=named ))" + _CALLED + r")", re.I)
    if any(fresh(m.group("n")) if m.group("n") or not m.group("c") else m.group("c").lower() not in qwords | STOPWORDS
           for m in placed.finditer(text)):
        return True
    apposed = re.compile(_NAME + r"\s*[(,]\s*(?:[a-z][\w-]*\s+)?" + rr + r"(?![\w])", re.I)  # "Ludovic (store manager)"
    return any(fresh(m.group("n")) for p in (before, apposed) for m in p.finditer(text))


#: "how many X" where X is itself no noun counted.
_NOT_THING = frozenset("times is was has does us yes less plus this its his hers ours theirs yours".split())


def counted_noun(query: str) -> str | None:
    """The noun a count question counts ("how many bedrooms", "how many spare bedrooms", "how many of the rooms"),
    stemmed; None when it names none ("how many are coming?")."""
    m = re.search(r"\bhow many\s+(?:of\s+(?:the|my|our|your|his|her|their)\s+)?(?P<w>(?:[a-z][a-z'-]*\s*){1,2})", query or "", re.I)
    if not m:
        return None
    for w in m.group("w").lower().split()[:2]:
        if w in _NOT_THING or w in STOPWORDS:
            return None
        if w.endswith("s") or w in ("people", "children", "staff", "sheep", "fish", "men", "women", "cattle"):
            return _stem(w)
    return None


#: A number and the noun right after it (one word may come between: "2 small bathrooms").
_NUMBER_NOUN = re.compile(r"(?<![\w.])(?P<num>\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                          r"a couple of|a few|several|a dozen|dozens of)\s+(?:[a-z-]+\s+)?(?P<n>[a-z][a-z-]*s)\b", re.I)


def other_counts_dropped(counted: str, text: str) -> str:
    """``text`` without the counts of things said with their own plural noun other than ``counted`` ("2 bathrooms"
    when bedrooms are counted): what is left may still count the thing asked ("3 bedrooms", "we're 40")."""
    def drop(m: re.Match[str]) -> str:
        n = m.group("n").lower()
        if n in _NOT_THING or n in STOPWORDS or _stem(n) == counted:
            return m.group(0)
        return " "
    return _NUMBER_NOUN.sub(drop, text)
