"""Whose fact and which matter: features tying a hit to the question's own subject (session 16, round 3).

The fitted rank stage (trust/fitted_rank.py) learnt "the newest hit on the matter wins" from the authors'
"now" probes; on everyday text that pull let a later line about ANOTHER person or another matter pass an
older answer that still holds ("I'm 34" passed by "My nephew just turned 6"; "I take my tea with two sugars"
by "My mum started drinking green tea"). These features say, from the hit's text and the question alone:

* whose the question is: the asker's own, or a relative's / another person's said with "my"/"our" and no
  first-person subject ("which team does my dad support?" vs "what should I get my dad?") -- :func:`asks_other`;
* whose the hit is: it names a relative or another person with a possessive ("The user's nephew ...",
  "my mum ..."), the kin lexicon's words (:mod:`memwarden.lexicon.kin`);
* whether the two match (the same relation, or neither names another person);
* whether the hit shares a content word of the question (closed-class words left out; a crude stem);

and their products with the recency features (newest, age rank), so recency can count only where the
subject and matter match. ``held``: the hit names another person and the question is the asker's own; the
fitted order never lets such a hit pass one ranked above it today that is not held
(:func:`.fitted_rank.head_order`). One function for the search and the fitting script (bench/fit_rerank.py).

Round 4 (session 17): a question of the asker's own that names a person with a possessive ("what should I
cook for my partner?", "ideas for my dad's birthday", "a day out with my sister") is served FOR that person
(:func:`served`): hits naming the same person are on its subject (``for_hit``) and never held; the
asker's own lines stay on its subject too, but are held below that person's hits (a later "I'm obsessed with
Thai curries" may not pass "my partner hates spicy food" ranked above it today); hits naming a different
person stay off-subject and held. The target is read from the question's own possessive
phrase and matched to the hit's (the same relation), never from a list of the things asked about.
"""

from __future__ import annotations

import re
from typing import Sequence

import numpy as np

from ..lexicon.kin import FAMILY, HOUSEMATES, NEIGHBOURS, SAME_RELATION, THE_HOUSEHOLD, alternation

__all__ = ["SUBJECT", "asks_other", "others_named", "served", "subject_features"]

SUBJECT = ("q_other", "hit_other", "subj_match", "subj_mismatch", "share_word", "newest_x_mismatch",
           "age_x_mismatch", "newest_x_noshare", "age_x_noshare", "now_x_newest_x_mismatch", "match_x_share", "held", "for_hit")

#: People other than the asker, by relation (kin, household, friends and work): closed lexicon.
_PEOPLE = (FAMILY | HOUSEMATES | NEIGHBOURS | THE_HOUSEHOLD | set(SAME_RELATION)
           | {"friend", "mate", "colleague", "boss", "manager", "coworker", "co-worker", "bestie", "buddy",
              "kids", "children", "sons", "daughters", "brothers", "sisters", "cousins", "nephews", "nieces",
              "grandkids", "grandchildren"})
_PEOPLE_RE = alternation(_PEOPLE)
#: A possessive before the person word, at most one word between ("my little brother", "the user's best friend").
_OTHER = re.compile(r"\b(?:my|our|the user's|the users'|his|her|their)\s+(?:[a-z-]+\s+)?(" + _PEOPLE_RE + r")(?:'s|s'|s)?\b",
                    re.I)
#: Round 6: a person's name with a possessive before the person word ("Bea's partner Dan", "Tom's little sister"):
#: another person's line whoever the name is (a review found the user's own name written so). Case-sensitive: a
#: capitalised word, then "'s", at most one word, the person word.
_NAMED_OTHER = re.compile(r"\b[A-Z][a-z]+(?:'s|’s)\s+(?:[a-z-]+\s+)?(" + _PEOPLE_RE + r")(?:'s|s'|s)?\b")
#: The asker or the assistant as a party of the question ("what should I get my dad", "can you ...", "plan a
#: trip for me and my partner").
_SELF_SUBJECT = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|myself|we|we're|we've|we'd|us|ourselves|you|you're)\b", re.I)
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?", re.I)
#: Closed-class words a question shares with anything: they say nothing of its matter.
_CLOSED = frozenset("""a an the and or but if so of to in on at by for from with about into over under as than then
is am are was were be been being do does did doing done have has had having will would shall should can could may
might must not no yes what which where when who whom whose how why i me my mine myself we us our ours you your yours
it its this that these those there here he him his she her they them their user user's users now currently current
still these days today any some all get got go going one ones thing things lot really just very much many more most
kind sort like also too ever again""".split())


def _stem(w: str) -> str:
    w = w.lower().split("'")[0]
    return w[:4] if len(w) > 4 else w


def _content(text: str) -> set[str]:
    return {_stem(w) for w in _WORD.findall(text or "") if w.lower() not in _CLOSED and len(w) >= 3}


def others_named(text: str) -> set[str]:
    """The relations ``text`` names with a possessive, one spelling each ("mother" -> "mum")."""
    out = set()
    for m in [*_OTHER.finditer(text or ""), *_NAMED_OTHER.finditer(text or "")]:
        w = m.group(1).lower()
        out.add(SAME_RELATION.get(w, w))
    return out


def asks_other(query: str) -> bool:
    """The question is about another person said with "my"/"our" and holds no first- or second-person
    subject: "which team does my dad support?", "where does my sister Ana live?" (not "what should I get my dad?")."""
    q = query or ""
    return bool(others_named(q)) and not _SELF_SUBJECT.search(q)


def served(query: str) -> set[str]:
    """The people a question of the asker's own names with a possessive, whom the request serves or asks about
    ("what should I cook for my partner?" -> {"partner"}); empty when it names none or asks of them alone
    (:func:`asks_other`, where they are the question's whole subject)."""
    q = query or ""
    return set() if asks_other(q) else others_named(q)


def subject_features(texts: Sequence[str], query: str, newest: Sequence[float], age_rank: Sequence[float],
                     q_now: float) -> np.ndarray:
    """One row per hit, columns :data:`SUBJECT`. ``newest``: the hit is the newest of the list; ``age_rank``:
    0 the newest .. 1 the oldest (:func:`.rank_structure.structure`)."""
    n = len(texts)
    E = np.zeros((n, len(SUBJECT)))
    q = query or ""
    q_kin = others_named(q) if asks_other(q) else set()
    q_for = served(q)  # round 4: named in a question of the asker's own -> their hits are on its subject
    q_words = _content(q)
    for i, t in enumerate(texts):
        kin = others_named(t)
        match = float(bool(kin & q_kin) if q_kin else (not kin or bool(kin & q_for)))
        share = float(bool(q_words & _content(t)))
        recent = 1.0 - float(age_rank[i])
        E[i] = (float(bool(q_kin)), float(bool(kin)), match, 1.0 - match, share, newest[i] * (1.0 - match),
                recent * (1.0 - match), newest[i] * (1.0 - share), recent * (1.0 - share),
                q_now * newest[i] * (1.0 - match), match * share,
                float(not kin & q_for) if q_for else float(bool(kin) and not q_kin), float(bool(kin & q_for)))
    return E
