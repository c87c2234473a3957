"""Whose attribute a question asks, and whether it asks a former value.

"What's the name of Custard's vet?" asks a name, and "she's called Custard, came from the rescue
in Swindon" states one; but the name asked is the *vet's*, and that memory never mentions a vet.
"When is my medication review with the GP?" asks a date, and "on lansoprazole now, 30mg half an
hour before breakfast" holds a time of day, but says nothing of a review. The value must be
stated by a memory that mentions the thing it belongs to: the question's *owner noun*, read from
its grammar (:func:`owner_head`), the head of the noun phrase

- after a possessive ("Custard's vet", "the dog's booster due", "Milo's piano teacher");
- after "name of" / "when is" / "who is" ("the name of the kitchen fitter", "when is my TM112
  exam", "who is my line manager").

English compounds end on their head; an adjective before it ("my next haircut") is skipped and a
verb or predicate word after it ("... use", "... due") ends the phrase; a booked-event noun defers
to what it is for ("my dentist appointment": the dentist). When no memory in the hits mentions
the owner at all, the search abstains even if none shares a topic word with the question.

A possessed value word gives the value to its possessor: "what's my driving instructor's name?"
asks the instructor's name, so a name must be stated by a memory mentioning an instructor. Plural
possessives ("the twins' key worker") and "whose X" ("whose 40th birthday") name owners too.

Nouns of a kind that an answer names without repeating ("which company": "going with Wren") and
the value classes' own words ("phone number") are no owner. A memory mentions the owner when one
of its words (its text, its source turns, its claim's attribute and that attribute's ask-words)
has the owner's stem, or one stem begins with the other ("vet"/"vets", "fli"/"flight").

"Which provider was my ISA with before?" asks a *former* value (:func:`asks_former`): a memory
must state one, a value of the class after "from", "used to", "previously", "left", ... or a
claim's ``previous_value``. "Moved my ISA over to Trading 212 ... at the old place" names only the new one.
"""

from __future__ import annotations

import re
from typing import Callable

from ..lexicon.quotes import straight
from ..models import SearchHit
from ..retrieval.ask_words import slot_terms
from ..retrieval.text import STOPWORDS, _stem, tokenize
from .update_cues import says_update
from .values import VALUES

__all__ = ["owner_head", "mentions", "unprefixed", "shared_words", "asks_former", "states_former"]

#: Words before a noun that name no owner: adjectives of time or size, quantifiers, wh-words.
_NOT_HEAD = frozenset(
    "new old current latest last next first second previous former usual regular exact own main big little small "
    "whole other same full real actual proper final official due booked happening scheduled planned still again "
    "ready done finished open closed over back free available supposed meant expected "
    "now then these days this that one ones thing things stuff what which who whose when where how why "
    "going coming getting doing having starting".split())
#: Verbs a question puts after its subject ("does harbor-api's CI use", "did Milo's tutor say").
_VERBS = frozenset("use uses need needs say says take takes cost costs have has get gets make makes want wants like likes "
                   "run runs go goes come comes mean means think thinks charge charges".split())
#: Past participles not ending in "-ed", which end a noun phrase as "insured" does ("when is my pension paid", "where is
#: her inhaler kept") and, straight after "who's", make a verb phrase ("who's got my spare key").
_PARTICIPLES = frozenset("got gotten paid kept held sent made done given taken left sold bought told built shut put set "
                         "brought caught found known seen shown spent won written driven ridden".split())
#: Nouns of any booked event, which a memory names by what it is for ("dentist on Tuesday at 4").
_EVENT = frozenset("appointment appt meeting booking session lesson class visit slot reservation call practice practise "
                   "training rehearsal".split())
#: Nouns of a kind that an answer names without repeating: "which company" / "going with Wren".
_KIND = frozenset(
    "company companies provider providers firm business brand shop store place places app supplier lender "
    "insurer bank network kind type sort model make person people guy woman man one name number".split())
#: Words of the value classes themselves: "Dr Okafor's phone number" asks the phone, it has no other owner.
_VALUE_WORDS = frozenset(
    "name names number phone mobile email address postcode zip code pin date dates day days time times colour color "
    "version price cost age rate fee salary balance birthday".split())
_DETS = r"(?:(?:the|my|our|his|her|their|your|a|an)\s+)?"
#: A possessive, not a contraction: "what's", "it's", "who's", "mine's" are verbs.
_POSSESSIVE = re.compile(r"(?i)\b(?!(?:what|who|when|where|how|it|that|there|here|he|she|let|which|why|this|mine|yours|hers|"
                         r"ours|theirs|everything|nothing|something)'s)"
                         r"([a-z][\w-]*)'s\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3})")
#: A plural possessive ("the twins' key worker"), read as "twins's" so :data:`_POSSESSIVE` takes it.
_PLURAL_POSSESSIVE = re.compile(r"(?i)\b([a-z][\w-]*s)'(?=\s+[a-z])")
#: The owner after "name of", "whose" ("whose 40th birthday": a memory must mention a birthday),
#: "when is", "who is".
_PHRASE = re.compile(r"(?i)\b(?:name of|whose|when(?:'s| is| are| was)|who(?:'s| is| was))\s+" + _DETS + r"([a-z0-9][\w-]*(?:\s+[a-z0-9][\w-]*){0,3})")


#: "Who's covering my role", "who is walking the dog": a verb in "-ing" straight after the wh-word and its
#: copula (no determiner) makes a progressive; the phrase names an activity, not an owner noun. So does a past
#: participle there, "who's got my spare key", "who's allowed in with me" (session 22).
_PROGRESSIVE = re.compile(r"(?i)(?:who|when)(?:'s| is| are| was)\s+(?:[a-z]+ing\b|[a-z]{3,}ed\b(?!')|(?:"
                          + "|".join(sorted(_PARTICIPLES)) + r")\b(?!'))")


def _content(words: list[str]) -> list[str]:
    """The noun phrase's words up to the first function word, predicate word or verb form."""
    out = []
    for w in words:
        if w in _NOT_HEAD and not out and w not in STOPWORDS:
            continue  # an adjective before the noun: "my next haircut", "the new flat"
        # A verb form after the noun ends it: "the plumber coming", "Bramble insured (with)".
        if w in STOPWORDS or w in _NOT_HEAD or out and (w in _VERBS or w in _PARTICIPLES or w.endswith("ing") or len(w) > 4 and w.endswith("ed")):
            break
        out.append(w)
    return out


def owner_head(query: str) -> str | None:
    """The noun the asked value belongs to (see the module doc); None when the question names none."""
    # A plural possessive is a possessive too: "the twins' key worker" reads as "the twins's key worker".
    q = _PLURAL_POSSESSIVE.sub(r"\1's", straight(query))
    m = _POSSESSIVE.search(q) or _PHRASE.search(q)
    if m is not None and m.re is _PHRASE and _PROGRESSIVE.match(m.group(0)):
        return None  # "who's covering my role?": the verb's agent is asked, "covering" owns nothing
    # A capitalised word opens another phrase: "the name of the bakery Sam works at" is the bakery's.
    words = _content([w.lower() for w in re.split(r"\s+(?=[A-Z])", m.group(m.lastindex or 1))[0].split()]) if m else []
    head = words[-1] if words else None
    if m is not None and m.re is _POSSESSIVE and head in _VALUE_WORDS:
        # "my driving instructor's name", "Dana's address": the possessed noun is the value asked,
        # so the value belongs to the possessor, whose head is the word before the "'s".
        head = m.group(1).lower()
        return None if head in STOPWORDS or head in _KIND or len(head) < 2 else head
    if head in _EVENT and len(words) > 1:
        head = words[-2]  # "my dentist appointment": a memory says "the dentist on Tuesday"
    whose = m is not None and m.group(0).lower().startswith("whose")  # "whose birthday": the birthday is owned, not asked
    if head is None or head in _KIND or head in _VALUE_WORDS and not whose or len(head) < 2:
        return None
    return head


#: Event and role nouns and the words a memory says them with instead (stems): "my sister's
#: wedding" / "getting married in Kinsale", "my flight" / "flying out on the 3rd".
_SAID_AS: dict[str, tuple[str, ...]] = {
    "wed": ("marri", "marry", "wed"), "flight": ("fli", "flew", "flown", "plane"), "job": ("work", "employ", "role"),
    "appoint": ("see", "book", "consult", "check"), "exam": ("test", "paper"), "test": ("exam", "check"),
    "trip": ("travel", "holiday", "visit", "go"), "holiday": ("trip", "travel", "break"), "parti": ("drink", "do"),
    "doctor": ("dr", "gp"), "gp": ("doctor", "dr", "surgeri"), "partner": ("wife", "husband", "girlfriend", "boyfriend"),
    "boss": ("manag",),
    # Session 22: the plain words people use for these ("the owner is Don E", "they're expecting, due in October").
    "landlord": ("owner", "landladi"), "babi": ("expect", "pregnan"), "manag": ("boss",), "oper": ("surgeri", "op"), "surgeri": ("oper", "op"),
    "anniversari": ("marri", "wed"), "fiancé": ("fianc", "engag", "marri", "partner"), "fianc": ("engag", "marri", "partner"),
}


def hit_stems(hit: SearchHit) -> set[str]:
    """The stems of a hit's text, its source turns and its claim's attribute and slot words."""
    texts = [hit.memory] + [e.text for e in hit.episodes if e.text]
    if hit.claim is not None:
        texts += [(hit.claim.attribute or "").replace("_", " ").replace(":", " "), " ".join(slot_terms(hit.claim))]
    return set(tokenize(" ".join(texts).lower()))


#: Derivational prefixes: "removals" says "move", "unpacking" says "pack", "rebooked" says "book".
_PREFIXES = ("re", "un", "pre", "dis", "mis", "over", "under", "out")


#: Agent suffixes: "worker", "instructor", "florist", "electrician" are people, not what they do.
_AGENT = frozenset({"er", "or", "ist", "ian"})


def unprefixed(stems: set[str]) -> set[str]:
    """The stems with each derivational prefix taken off too (what is left keeps three letters)."""
    return stems | {s[len(p):] for s in stems for p in _PREFIXES if s.startswith(p) and len(s) - len(p) >= 3}


def shared_words(query_stems: set[str], stems: set[str]) -> set[str]:
    """The query stems ``stems`` says, as :func:`mentions` reads a mention: the same stem, one
    beginning the other (the shorter of three letters or more: a clipped word, "uni" says
    "university", "vet" "vets"), or a derivational prefix away ("move" in "remov")."""
    said = unprefixed(stems)
    return query_stems & stems | {w for w in query_stems for r in said
                                  if min(len(w), len(r)) >= 3 and (w.startswith(r) or r.startswith(w))}


def mentions(head: str, hit: SearchHit, family: tuple[str, ...] = ()) -> bool:
    """``hit`` mentions ``head`` (its stem, a stem one begins with the other, also after a
    derivational prefix of the hit's word, or a word of ``family``); an agent noun is not
    mentioned by its activity ("work" / "worker")."""
    wanted = {_stem(head), *_SAID_AS.get(_stem(head), ())}
    for s in unprefixed(hit_stems(hit)):
        for h in wanted:
            short, long_ = sorted((s, h), key=len)
            # An agent noun names a person, not the activity: "work" does not mention a key worker.
            if s == h or len(short) >= 3 and long_.startswith(short) and not (
                    long_ == h and long_[len(short):] in _AGENT):
                return True
    low = hit.memory.lower()
    return any(f in low for f in family)


#: "which provider was my ISA with before?", "where did I use to live", "my old job", "previously".
_ASKS_FORMER = re.compile(r"\bbefore\s*\??\s*$|\bbefore (?:that|this|then|now)\b|\bpreviously\b|\bformerly\b|"
                          r"\bused to\b|\boriginally\b|\b(?:my|our|the|his|her|their) (?:old|previous|former|ex)\b", re.I)
#: Where a memory states a former value: the words after these.
_FORMER_AT = re.compile(r"\b(?:from|used to|previously|formerly|originally|left|quit|leaving|was with|were with|"
                        r"before that|ex)\b", re.I)


#: A preposition before "the old ...": "paid me for the old car", "the policy number for my old pension". The old thing
#: is whose value is asked, and its value now is the answer, not a former one (session 25).
_BEFORE_OLD_THING = re.compile(r"\b(?:for|on|of|from|to|with|about|into|off)\s+$", re.I)


def asks_former(query: str) -> bool:
    return any(not (m.group(0).split()[0].lower() in ("my", "our", "the", "his", "her", "their")
                    and m.group(0).split()[1].lower() != "ex" and _BEFORE_OLD_THING.search(query[:m.start()]))
               for m in _ASKS_FORMER.finditer(query))


def states_former(hit: SearchHit, states: Callable[[str], bool]) -> bool:
    """``hit`` states a former value of the class ``states`` tests: the claim's previous value, or a
    value within six words after "from", "used to", "left", ... ("from" before an address only in a text
    saying a change: "moved from 42 Elm Street", not "picked it up from 42 Elm Street")"""
    if hit.claim is not None and hit.claim.previous_value:
        return True
    for text in [hit.memory] + [e.text for e in hit.episodes if e.text]:
        for m in _FORMER_AT.finditer(text):
            window = " ".join(text[m.end():].split()[:6])
            if m.group(0).lower() == "from" and (addr := VALUES["address"].match(text, len(text) - len(text[m.end():].lstrip()))) and \
                    not says_update(text[:m.start()] + text[addr.end():]):
                continue  # "collect it from 42 Elm Street": where from, not a value that changed
            if window and states(window):
                return True
    return False
