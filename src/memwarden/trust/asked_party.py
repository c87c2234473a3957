"""A question about a named third party: that party's own lines first (session 19, issues 10/11).

Since the user's turns are read as the user's own ("the user's dentist is Dr Okafor", session 18's
``user_name``), nothing in a claim's text keeps the user's fact apart from a named friend's fact on the
same matter but the subject. The ranking's steps that favour the firmer source (the blend's credibility,
the conflicts' source hierarchy, firm-over-hearsay in :func:`.updates.updates_first`) then put the
user's own fact above the friend's for "Who is Jess's dentist?": the user's word is firmer, but it is
about someone else.

:func:`party_first`, the last step of :func:`.ranking.rerank`: when the question names a party the
returned claims have as their subject ("Jess", "Ruth's daughter"; the name as a claim subject, never a
list of names), a hit about that party moves just above the highest hit of the user's own said of the user
("The user's dentist is ...", "The user lives in ...") on the same matter: the same attribute, or, where a side
has none, a content word of the question said by both (or by the party's hit and shared with the
other). Questions of the asker's own ("my dentist", "where do I live?", the user's name, which the
search reads as "the user") are left as they are, and so is a hit of the user's whose text names the
party ("the user: Tom says he lives in Bristol" carries Tom's fact in the user's words), a clause the
extractor gave the user by default ("The user: swimming is sundays at 9:15 now", often the party's update in
other words) and another person's line ("who picks Leo up?" -> "the user's neighbour Ana does"): passing
those lost "now" probes of the development authors (the first version of this step, BENCHMARKS.md). Only hits in
the list move, upwards, so recall at the search's limit is unchanged.
"""

from __future__ import annotations

import re
from typing import Sequence

from ..models import SOMEONE_ELSE, SearchHit
from .other_person import RELATIONS_NAMED, _subject, another_persons, names_the_user
from .rank_subject import asks_other, others_named
from .updates import content_words, names_in

__all__ = ["asked_parties", "own_first", "party_first"]

#: The asker's own question: a first-person subject or possessive ("what's my dentist", "where do I live",
#: "should we invite Tom"). An object "me"/"us" is not ("what did Tom tell me about his dentist?").
_OWN = re.compile(r"\b(?:i|i'm|im|i've|i'd|i'll|my|mine|myself|we|we're|we've|our|ours|ourselves|the user|the user's)\b",
                  re.I)
#: Subjects that are no named party: the user's own and an unresolved third person.
_NOT_PARTY = re.compile(r"^(?:user|user's\b.*|" + re.escape(SOMEONE_ELSE) + r")$", re.I)
#: A claim of the user's own said of the user: "The user's ...", "The user <verb>" (not the default "The user: ...").
_USERS_OWN = re.compile(r"^\W*the user(?:'s\s|\s+(?!:))", re.I)
#: A question asking for a person ("who edits my videos?", "who's my secondary?"): another person's line is its answer.
_ASKS_WHO = re.compile(r"^\W*(?:who|who's|whom|whose)\b", re.I)
#: A title or an initial is no matter two lines share ("Dr Lind" / "Dr Okafor").
_TITLES = frozenset("dr mr mrs ms miss mx prof st".split())


def _phrase(subject: str, anycase: bool) -> re.Pattern[str] | None:
    """The subject as said in a question: its words in order, a possessive allowed on each ("Jess's",
    "Jess'"), the first letter of a name capitalised unless ``anycase`` (an all-lowercase question)."""
    words = re.findall(r"[^\W\d_][\w.-]*", subject.replace("'s", " "))
    if not words:
        return None
    parts = []
    for w in words:
        word = (f"(?i:{re.escape(w)})" if anycase or not w[0].isupper()
                else re.escape(w[0]) + (f"(?i:{re.escape(w[1:])})" if w[1:] else ""))
        parts.append(word + r"(?:'s|')?")
    return re.compile(r"(?<![\w'])" + r"\s+".join(parts) + r"(?![\w])")


def asked_parties(query: str, hits: Sequence[SearchHit]) -> dict[str, str]:
    """The claim subjects among ``hits`` that ``query`` names as its party (lowercased -> as stored); empty for
    a question of the asker's own."""
    q = query or ""
    if not q.strip() or _OWN.search(q):
        return {}
    anycase = q == q.lower()
    found: dict[str, str] = {}
    for h in hits:
        s = _subject(h)
        key = s.lower()
        if not s or key in found or _NOT_PARTY.match(s) or not _names(s):
            continue  # a named party only: "the hamster" is no one the question names
        if anycase and key in _CLOSED_WORDS:
            continue  # "will", "may": a lowercase question's word, not the name
        pat = _phrase(s, anycase)
        if pat is not None and pat.search(q):
            found[key] = s
    if found:
        return found
    # No subject said whole: a subject whose name the question says ("Elena's husband" for "Who is Elena married
    # to?", "Jess' dentist" for "What did Jess say about her dentist?").
    for h in hits:
        s = _subject(h)
        if s and (not _NOT_PARTY.match(s) or RELATIONS_NAMED.match(s)) and any(
                p.search(q) for w in _names(s) if (p := _phrase(w.capitalize(), anycase)) is not None):
            found[s.lower()] = s
    return found


#: Words that are names only when capitalised: in an all-lowercase question they are read as words.
_CLOSED_WORDS = frozenset("will may mark bill rose grace hope joy faith summer april june august jack sky dawn "
                          "art rich frank sue pat ray gene max".split())


def _attr(h: SearchHit) -> str | None:
    a = h.claim.attribute if h.claim is not None else None
    return a.split(":", 1)[0].lower() if a else None


def _words(text: str, drop: set[str]) -> set[str]:
    return {w for w in content_words(text) if w not in drop and w not in _TITLES and not w.isdigit()}


def _cosine(h: SearchHit) -> float:
    r = h.reliability
    return r.query_cosine if r is not None and r.query_cosine is not None else (h.scores.dense or 0.0)


def _names(subject: str) -> set[str]:
    """The capitalised words of a subject as stored ("Ruth's daughter" -> {"ruth"})."""
    return {w.lower() for w in re.findall(r"(?-i:[A-Z][\w-]*)", subject)}


def party_first(hits: list[SearchHit], query: str) -> list[SearchHit]:
    """The module's step: ``hits`` reordered so the asked party's hits on a matter precede others' on it.

    On one matter: the same attribute when both hits have one; else a content word of the question in the
    party's hit and in the other hit or shared by the two, or the party's hit at least as close to the
    question as the other by the search's cosine."""
    parties = asked_parties(query, hits)
    if not parties or len(hits) < 2:
        return hits
    named = set().union(*(_names(s) for s in parties.values()))
    drop = named | {w for p in parties for w in content_words(p)} | names_in(query)
    qwords = _words(query, drop)

    def party(h: SearchHit) -> bool:
        return h.claim is not None and _subject(h).lower() in parties

    def other(h: SearchHit) -> bool:
        # Only the user's own fact said of the user ("The user's dentist is ...", "The user lives in ..."): a
        # clause the extractor gave the speaker by default ("The user: swimming is sundays at 9:15 now") often
        # carries the party's fact in other words, and another person's line may be the answer ("who picks Leo
        # up?" -> "the user's neighbour Ana does"); the development authors' "now" probes lost both (session 19).
        if h.claim is None or party(h) or (h.claim.subject or "").strip().lower() != "user":
            return False
        if named & {w.lower() for w in re.findall(r"\w+", h.memory)}:
            return False  # the user's word naming the party: the party's fact relayed
        # "The user's neighbour Ana is doing the pickups": a person of the user's, not the user's own fact
        return bool(_USERS_OWN.match(h.memory)) and not others_named(h.memory)

    out = list(hits)
    for h in [h for h in hits if party(h)]:
        j = next(k for k, x in enumerate(out) if x is h)
        hw, ha = _words(h.memory, drop), _attr(h)
        for i in range(j):
            o = out[i]
            if not other(o):
                continue
            oa, ow = _attr(o), _words(o.memory, drop)
            if ha and oa:
                same = ha == oa
            else:
                same = bool(hw & qwords and (hw & ow or ow & qwords)) or _cosine(h) >= _cosine(o)
            if same:
                out.insert(i, out.pop(j))
                break
    return out


def own_first(hits: list[SearchHit], query: str) -> list[SearchHit]:
    """Session 20 (issues 10/11), the mirror of :func:`party_first`: a question in the asker's own person
    ("where do I live?", "what's my dentist called?", the user's name read as "the user") that asks about no
    one else (no other person named with a possessive, :func:`.rank_subject.asks_other`, no capitalised name)
    puts the user's own fact said of the user above another person's claim on the same matter ("The user's
    mate Tom just moved to Bristol", "Katrin bought a red Tesla"), not past one that tells the user's own affairs
    through that person ("Dimitri is the user's secondary", the answer to "who's my secondary?"). On one matter: the
    same attribute when both have one, else a question word in the user's hit and in the other's or shared by the
    two (no cosine fallback: "the user's forearms are made of dough" is no answer to "who supplies our flour?").
    Only hits in the list move, upwards, so recall at the search's limit is unchanged."""
    q = query or ""
    if (len(hits) < 2 or not _OWN.search(q) or _ASKS_WHO.match(q) or asks_other(q) or others_named(q)
            or names_in(q) - {"i"}):
        return hits
    qwords = _words(q, set())

    def own(h: SearchHit) -> bool:
        return (h.claim is not None and (h.claim.subject or "").strip().lower() == "user"
                and bool(_USERS_OWN.match(h.memory)) and not others_named(h.memory))

    out = list(hits)
    for h in [h for h in hits if own(h)]:
        j = next(k for k, x in enumerate(out) if x is h)
        hw, ha = _words(h.memory, set()), _attr(h)
        for i in range(j):
            o = out[i]
            if (not another_persons(o) or names_the_user(o.memory)
                    or _names(_subject(o)) & {w.lower() for w in re.findall(r"\w+", h.memory)}):
                # the user's line naming that person ("the user's landlord is called Mr Okafor") is no rival to pass
                continue  # nor "Dimitri is the user's secondary": the user's own affairs, told through another person
            drop = _names(_subject(o)) | {w for w in content_words(_subject(o))}
            oa, ow = _attr(o), _words(o.memory, drop)
            if ha and oa:
                same = ha == oa
            else:  # a question word in the user's hit and in the other's or shared by the two; no cosine fallback
                same = bool(hw & qwords and (hw & ow or ow & qwords))
            if same:
                out.insert(i, out.pop(j))
                break
    return out
