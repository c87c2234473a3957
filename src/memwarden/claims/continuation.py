"""A clause that leans on the one before it stays with it (session 13, issue 10: what a restriction claim is).

A limit is often said over two pieces, the second of which cannot stand alone: its consequence ("passed my G1
test, but it means I need a licensed driver with me"), a joint object ("can't run the fryer and the coffee
machine at the same time"), a closing rule word ("papa kills the wifi at 11. no exceptions"; "... one or the
other") or an elliptical negative with no subject ("I don't fly. haven't since the turbulence in 2019"). Split
into claims, the ranked piece carries the limit without what it limits ("It means the user needs a licensed
driver", "The user: no exceptions") and the piece that names the thing carries no limit. These pieces are
recognised by structure in closed-class words, never by topic:

- :func:`keeps_together`: the right side of a coordination is a consequence said with an anaphor ("it / that /
  this means") or a noun phrase read jointly with the left ("X and Y at the same time / at once / together");
  the clause splitter does not split there.
- :func:`leans_on_previous`: a sentence that is a rule word closing the previous statement ("no exceptions",
  "one or the other", "not both", "either way") or a negative auxiliary with no subject ("haven't since ...",
  "never have", "not since ..."); the splitter appends it to the previous clause.
"""

from __future__ import annotations

import re

__all__ = ["keeps_together", "leans_on_previous"]

#: A consequence of what was just said, its subject an anaphor of it: "it means", "that meant", "which means".
_CONSEQUENCE = re.compile(r"^(?:it|that|this|which)\s+(?:means|meant)\b", re.I)
#: A short noun phrase read jointly with the one before, and nothing after it: "(and) the coffee machine at the same
#: time, it trips" (not "and the two of us together ran a cafe": a clause of its own).
_JOINT_NP = re.compile(r"^(?:the|my|our|his|her|their|a|an)\s+(?:[\w'-]+\s+){0,3}?(?:at\s+the\s+same\s+time|at\s+once|"
                       r"together|simultaneously)(?=\s*(?:[,.;:!?]|$))", re.I)
#: A sentence that closes a rule said just before: its only content is a rule word about that rule, ending there or at
#: a comma ("no exceptions, even in finals week"; not "one or the other of us always forgets").
_RULE_TAIL = re.compile(r"^(?:and\s+|but\s+|so\s+)?(?:no\s+exceptions?|one\s+or\s+the\s+other|not\s+both|never\s+both|"
                        r"no\s+matter\s+what|either\s+way|no\s+ifs?,?\s+(?:and\s+|no\s+)?buts)(?=\s*(?:[,.;:!?]|$))", re.I)
#: What gives a piece a subject or a verb of its own ("no exceptions were made", "not anymore, I switched to tea"):
#: such a sentence is a statement, not a word closing the one before.
_OWN_CLAUSE = re.compile(r"\b(?:i|i'm|im|i've|we|we're|he|she|they|it's|you|is|are|was|were|am|be|been|has|have|had|will|would|"
                         r"can|could|do|does|did|\w+ed)\b", re.I)
#: A negative auxiliary with its subject and verb left to the sentence before: "haven't since 2019", "not since".
_ELLIPTIC_NEGATIVE = re.compile(r"^(?:(?:haven't|hasn't|havent|hasnt|never\s+have|never\s+has)\s+(?:since|in|for|ever)\b|"
                                r"not\s+(?:since|any\s*more|anymore|ever\s+again)\b)", re.I)


def keeps_together(right: str) -> bool:
    """Is ``right``, what follows a coordinator the splitter matched, part of the clause before it?"""
    r = right.lstrip()
    return bool(_CONSEQUENCE.match(r) or _JOINT_NP.match(r))


def leans_on_previous(sentence: str) -> bool:
    """Is ``sentence`` a closing rule word or an elliptical negative that completes the sentence before it?"""
    s = sentence.strip()
    m = _RULE_TAIL.match(s) or _ELLIPTIC_NEGATIVE.match(s)
    return bool(m) and not _OWN_CLAUSE.search(s[m.end():])
