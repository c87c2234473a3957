"""A claim about the present against a later change said in other terms (session 10, issue 11).

"Merle still takes metoprolol", "the user currently works nights", "the user is still the club's
treasurer": the claim says something holds *now*. An earlier first-hand statement supports it; a
later first-hand statement by the same party says something changed ("he's on diltiazem now",
"swapped me onto earlies from feb", "I'm social sec now"), in words the stance rules cannot set
against the claim, and usually without any word of it, so :func:`.verdict_matter.changed_since`
(which needs a shared word) does not hear it. Here the link is the claim's own "still" /
"currently" / "now", the embedding's cosine, and who speaks: the change must be about the claim's
subject (the speaker's own affairs for a claim about the user; the claim's name, or a pronoun, for
a named subject). It speaks against the claim and, later and as strong, supersedes the support.

Who speaks and an update cue are not enough to make a change *of the claim's matter*: "I switched to
a standing desk at work now" says nothing of "the user still takes metformin". So the change must
also be tied to the claim (:func:`_tied`): it shares a content word with it, or it points back at
what it replaces ("instead", "took me off that", "handed the squad over", "swapped me onto ...",
"no longer"), or it states a value of a kind the claim states (a time for "still in the 7 am slot": "the
afternoon shift, 2 pm"; an amount, a version, a colour), or, for a claim of what its subject *is* ("still the club's treasurer"), it says in
the same frame what the speaker is now ("I'm social sec now").

Session 28 (issue 11): a claim that a state *goes on* ("still", "currently", "current", "no longer" ...; not "now",
which also states a change itself) is read against the latest word on its matter, with no change cue asked for
(:func:`_latest_word`): a firm first-hand or evidence line said after the claim's last strong support, at
:data:`LATER_COSINE` or more to the claim, tied to it by a word or name of the claim or of its support or by a value of
a narrow kind the claim states ("found it!" after "lost my student card"; "the agency sends someone every morning" after
"the carer comes on Tuesday"), speaks against it. The floor was chosen by ten folds of the development authors 1-60
(``bench/loao_verdict.py``-style re-judging of the dumped probes and cases): 0.15 in every fold; 0.1-0.2 are within
two items of it. A later line on another matter ("I moved to the top-floor flat now" for "still takes
levothyroxine") shares no word, name or value kind with the claim or its support and leaves it standing.
"""

from __future__ import annotations

import re
from typing import Callable

from ..models import SearchHit
from .features import features
from .testimony import Testimony, stated_at
from .values import VALUES
from .verdict_matter import against, firm_changes, matter_key

__all__ = ["changed_now", "LATER_COSINE"]

#: A claim that something holds at present.
_NOW = re.compile(r"\b(?:still|currently|now|these days|at the moment|any ?more)\b", re.I)
#: A claim that a state goes on (closed-class time words). Not "now": "the user's surname is now Vereshchak" states
#: the change itself, and later lines speak of the new state without repeating it.
_GOES_ON = re.compile(r"\b(?:still|currently|current|these days|at the moment|at present|presently|any ?more|no longer)\b",
                      re.I)
#: The floor chosen by folds of authors (session 28): a later firm line at this cosine to a claim that a state goes on,
#: said after its last strong support and tied to it (:func:`_on_matter`), is the latest word on the claim's matter;
#: ``None``: the session-10 hand tests only (to measure).
LATER_COSINE: float | None = 0.15
#: A statement of the speaker's own affairs.
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|i've|ive|me|my|we|we're|our|us)\b", re.I)
#: A pronoun standing for a third party.
_THIRD_PERSON = re.compile(r"\b(?:he|he's|she|she's|him|her|they|they're|them|his|their)\b", re.I)
#: A change that points back at what it replaces: "instead", "took me off that", "handed the squad over",
#: "swapped me onto earlies", "stopped that", "no longer", "gave it up". A bare "switched to a standing desk"
#: or "started doing yoga" names no earlier state, so it cannot say which claim it ends.
_REPLACES = re.compile(
    r"\b(?:instead|no longer|not any ?more|gave (?:it |that |them )?up|given (?:it |that |them )?up|"
    r"(?:took|taken|take|taking|came|come|coming|got|get|getting|went|gone|go|going|moved|switched|put)\s+"
    r"(?:(?:me|us|him|her|them)\s+)?off\b|"
    r"(?:stopped|dropped|quit|ditched|ended|cancelled|canceled)\s+(?:that|it|them|those|this)\b|"
    r"(?:handed|handing|passed|passing|signed|signing|turned|turning)\s+(?:[\w'-]+\s+){0,3}over\b|"
    r"(?:swapped|switched|moved|changed|put|shifted|transferred|bumped)\s+(?:me|us|him|her|them)\s+"
    r"(?:on|onto|to|over|across|from|off)\b|"
    r"(?:swapped|switched|changed|traded)\s+(?:it|that|them|those|this)\b)", re.I)
#: A claim of what its subject is ("the user is still the club's treasurer") and a change in that frame.
_IS_CLAIM = re.compile(r"\b(?:is|are|am|'s|'re|'m)\s+(?:still|currently|now|no longer)\s+(?:the|a|an|our|their|his|her|my)\b", re.I)
_IS_NOW = re.compile(r"\b(?:i'm|im|i am|he's|she's|he is|she is|they're|they are|we're|we are)\s+(?:the\s+|a\s+|an\s+)?"
                     r"(?!(?:on|in|at|off|doing|going|not|so|just|really|very|still|back|also)\b)[\w'-]+(?:\s+[\w'-]+)?\s+now\b", re.I)

#: Kinds of value narrow enough that a later value of one is the claim's value changed.
_KINDS = ("time", "amount", "version", "colour")


def _tied(claim: str, fq, text: str, fh) -> bool:
    """The change is about the claim's matter, not merely said later by its subject (see the module)."""
    if (fq.content - {"user"}) & fh.content:
        return True
    if _REPLACES.search(text):
        return True
    if _shares_kind(claim, text, _KINDS):
        return True
    return bool(_IS_CLAIM.search(claim) and _IS_NOW.search(text))


def changed_now(read: list, silent: list, query: str, claim: str, tier: Callable[[SearchHit, str], Testimony],
                reliability: Callable[[SearchHit, Testimony], float]) -> list:
    """Later strong statements of a change on the subject of a present-tense claim its earlier strong
    support does not survive. ``query`` is the claim in the first person, ``claim`` as given."""
    goes_on = LATER_COSINE is not None and bool(_GOES_ON.search(claim))
    if not (_NOW.search(claim) or goes_on):
        return []
    support = [(h, ev) for h, ev, _, sg in read if sg > 0 and ev.role == "evidence"]
    if not support:
        return []
    since = max(stated_at(h) for h, _ in support)
    fq = features(query)
    about_user = bool(re.match(r"\s*(?:i|my)\b", query, re.I))
    taken = {matter_key(h) for h, _, _, _ in read}
    out = []
    if goes_on:
        backing = [features(ev.memory) for _, ev in support]
        out = _latest_word(silent, query, tier, reliability, since, taken, about_user, fq, backing, claim)
    for hit, text, tm, fh in firm_changes(silent, query, tier, taken):
        if stated_at(hit) <= since or not _tied(claim, fq, text, fh):
            continue
        said = hit.episodes[0].text if hit.kind == "claim" and hit.episodes else hit.memory
        if about_user:
            if str(hit.source) != "user" or not _FIRST_PERSON.search(said):
                continue
        elif not (fq.proper & (fh.proper | fh.content) or _THIRD_PERSON.search(said)):
            continue
        out.append(against(hit, tm, reliability(hit, tm), "a later change on the subject of a claim about now"))
        taken.add(matter_key(hit))
    return out


def _latest_word(silent: list, query: str, tier: Callable[[SearchHit, str], Testimony],
                 reliability: Callable[[SearchHit, Testimony], float], since, taken: set[str], about_user: bool,
                 fq, backing: list, claim: str) -> list:
    """Later firm lines on the matter of a claim that a state goes on, at :data:`LATER_COSINE` or above; for a claim
    about the user, the user's own lines or evidence only."""
    out = []
    for hit, text in silent:
        if (matter_key(hit) in taken or stated_at(hit) <= since or text.rstrip().endswith("?")
                or (hit.scores.dense or 0.0) < LATER_COSINE):
            continue
        tm = tier(hit, query)
        fh = features(text)
        if not tm.strong or fh.hedged or fh.reported or (about_user and tm.tier != "evidence" and str(hit.source) != "user"):
            continue
        if not _on_matter(fq, backing, claim, text, fh):
            continue
        out.append(against(hit, tm, reliability(hit, tm), "a later word on the matter of a claim about now"))
        taken.add(matter_key(hit))
    return out


#: Kinds of value a later line may share with a claim that a state goes on to be on its matter: not a colour (after
#: review: "bought a bright yellow raincoat" is no word on "our front door is dark green at the moment"; no development
#: item used it).
_MATTER_KINDS = ("time", "amount", "version")


def _on_matter(fq, backing: list, claim: str, text: str, fh) -> bool:
    """A word or name of the claim or of its support in the later line, or a value of a narrow kind the claim states."""
    words = fh.content | fh.proper
    if any(((f.content | f.proper) - {"user"}) & words for f in [fq, *backing]):
        return True
    return _shares_kind(claim, text, _MATTER_KINDS)


def _shares_kind(claim: str, text: str, kinds: tuple[str, ...]) -> bool:
    """Both texts state a value of one of ``kinds`` (:data:`.values.VALUES`)."""
    return any(VALUES[k].search(claim) and VALUES[k].search(text) for k in kinds)
