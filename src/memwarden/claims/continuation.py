"""A piece of a limit that cannot stand alone stays with the clause it completes (session 13, issue 10: what a
restriction claim is).

A limit is often said over two pieces, the second of which is no statement of its own: a joint object ("can't run
the fryer and the coffee machine at the same time") or a closing rule word ("papa kills the wifi at 11. no
exceptions"; "... one or the other"). Split into claims, the ranked piece carries the limit without what it limits
("The user's genny cannot run the fryer", "The user: no exceptions") and the piece that names the thing carries no
limit. Recognised by structure in closed-class words, never by topic:

- :func:`keeps_together`: the right side of a coordination is a noun phrase read jointly with the left ("X and Y at
  the same time / at once / together", ending the clause); the clause splitter does not split there.
- :func:`leans_on_previous`: a sentence that is only a rule word closing the previous statement ("no exceptions",
  "one or the other", "not both", "either way"), ending there or at a comma; the splitter appends it to the clause
  before it.

Tried and left out (they carried the second piece's negation and slot onto the first, on our own everyday
sentences): a consequence said with an anaphor ("I'm on call this week and it means I can't drink" became a negated
on-call claim and lost its restriction) and an elliptical negative ("She quit smoking. Hasn't since the baby" became
a negated "quit smoking").
"""

from __future__ import annotations

import re

__all__ = ["keeps_together", "leans_on_previous"]

#: A short noun phrase read jointly with the one before, and nothing after it: "(and) the coffee machine at the same
#: time, it trips" (not "and the two of us together ran a cafe": a clause of its own).
_JOINT_NP = re.compile(r"^(?:the|my|our|his|her|their|a|an)\s+(?:[\w'-]+\s+){0,3}?(?:at\s+the\s+same\s+time|at\s+once|"
                       r"together|simultaneously)(?=\s*(?:[,.;:!?]|$))", re.I)
#: A sentence that closes a rule said just before: its only content is a rule word about that rule, ending there or at
#: a comma ("no exceptions, even in finals week"; not "one or the other of us always forgets").
_RULE_TAIL = re.compile(r"^(?:and\s+|but\s+|so\s+)?(?:no\s+exceptions?|one\s+or\s+the\s+other|not\s+both|never\s+both|"
                        r"no\s+matter\s+what|either\s+way|no\s+ifs?,?\s+(?:and\s+|no\s+)?buts)(?=\s*(?:[,.;:!?]|$))", re.I)
#: What gives a piece a subject or a verb of its own ("either way, I'm booking in June"): such a sentence is a
#: statement, not a word closing the one before.
_OWN_CLAUSE = re.compile(r"\b(?:i|i'm|im|i've|we|we're|he|she|they|it's|you|is|are|was|were|am|be|been|has|have|had|will|would|"
                         r"can|could|do|does|did|\w+ed)\b", re.I)


def keeps_together(right: str) -> bool:
    """Is ``right``, what follows a coordinator the splitter matched, part of the clause before it?"""
    return bool(_JOINT_NP.match(right.lstrip()))


def leans_on_previous(sentence: str) -> bool:
    """Is ``sentence`` only a rule word that closes the sentence before it?"""
    s = sentence.strip()
    m = _RULE_TAIL.match(s)
    return bool(m) and not _OWN_CLAUSE.search(s[m.end():])
