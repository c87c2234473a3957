"""Kinship and the everyday relations between people, in named groups.

Each reader builds its set from these groups plus a named difference, so a word added to a group reaches
every reader that means that group, and a reader that means less says so where it is built. The groups
are lowercase words as people write them ("mum" and "mom", "neighbour" and "neighbor").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["PARENTS", "SIBLINGS", "SPOUSES", "CHILDREN", "EXTENDED", "GRANDPARENTS", "NEAR", "DATING", "ENGAGED",
           "NIBLINGS", "GRANDPARENT_NAMES", "YOUNG", "STEP", "IN_LAWS", "GOD", "GRANDCHILDREN", "FAMILY",
           "HOUSEMATES", "NEIGHBOURS", "THE_HOUSEHOLD", "FEMALE", "MALE", "SAME_RELATION", "alternation"]

PARENTS = frozenset({"mum", "mom", "mother", "dad", "father"})
SIBLINGS = frozenset({"brother", "sister"})
SPOUSES = frozenset({"wife", "husband", "partner"})
CHILDREN = frozenset({"son", "daughter"})
#: Aunts, uncles and cousins.
EXTENDED = frozenset({"aunt", "uncle", "cousin"})
#: Grandparents by their shortest everyday names; the longer and family ones are `GRANDPARENT_NAMES`.
GRANDPARENTS = frozenset({"gran", "grandma", "grandpa"})
#: The nearest kin by their everyday names: every reader of kin knows these.
NEAR = PARENTS | SIBLINGS | SPOUSES | CHILDREN | EXTENDED | GRANDPARENTS

DATING = frozenset({"girlfriend", "boyfriend"})
ENGAGED = frozenset({"fiance", "fiancee"})
NIBLINGS = frozenset({"niece", "nephew"})
GRANDPARENT_NAMES = frozenset({"granny", "grandad", "granddad", "grandmother", "grandfather", "nan", "nana"})
#: The young, one each (a plural such as "kids" or "twins" is a reader's own choice).
YOUNG = frozenset({"kid", "child", "baby", "toddler"})
STEP = frozenset({"stepmum", "stepmom", "stepdad", "stepson", "stepdaughter", "stepmother", "stepfather"})
IN_LAWS = frozenset({"in-law", "mother-in-law", "father-in-law", "sister-in-law", "brother-in-law", "son-in-law",
                     "daughter-in-law"})
GOD = frozenset({"godmother", "godfather", "goddaughter", "godson", "godchild"})
GRANDCHILDREN = frozenset({"grandson", "granddaughter", "grandchild", "grandkid"})
#: Household and kin, one person each: who "the family" is (not friends, housemates, neighbours or work).
FAMILY = (NEAR | DATING | ENGAGED | NIBLINGS | GRANDPARENT_NAMES | YOUNG | STEP | IN_LAWS | GOD | GRANDCHILDREN
          | {"auntie", "parents", "sibling"})

#: People one shares a home with, not kin.
HOUSEMATES = frozenset({"flatmate", "roommate", "housemate"})
NEIGHBOURS = frozenset({"neighbour", "neighbor"})

#: Household members said with "the" ("the kids", "the wife", "the missus"): the speaker's own.
THE_HOUSEHOLD = frozenset({"kids", "children", "wife", "husband", "missus", "hubby", "baby", "twins", "in-laws",
                           "parents", "grandparents", "eldest", "youngest"})

#: Kin words that say a woman or a man ("my sister" is a "she"), as coreference reads them.
FEMALE = frozenset({"mum", "mom", "mother", "mama", "mam", "nan", "nana", "nanna", "gran", "granny", "grandma",
                    "grandmother", "sister", "wife", "girlfriend", "fiancee", "fiancée", "daughter", "aunt", "auntie",
                    "niece", "stepmum", "stepmom", "stepdaughter", "sister-in-law", "mother-in-law", "daughter-in-law",
                    "godmother"})
MALE = frozenset({"dad", "father", "papa", "da", "grandpa", "grandad", "granddad", "grandfather", "brother", "husband",
                  "boyfriend", "fiance", "fiancé", "son", "uncle", "nephew", "stepdad", "stepson", "brother-in-law",
                  "father-in-law", "son-in-law", "godfather"})

#: One relation, several words: each word of family and friends to one spelling ("mother", "mama" -> "mum";
#: "mil" -> "mother-in-law"). Professional roles are not here: "my doctor" names a slot of the user's.
SAME_RELATION = {
    "mom": "mum", "mother": "mum", "mum": "mum", "mama": "mum", "mommy": "mum", "mummy": "mum",
    "dad": "dad", "father": "dad", "papa": "dad", "daddy": "dad",
    "sister": "sister", "brother": "brother", "wife": "wife", "husband": "husband", "partner": "partner",
    "boyfriend": "boyfriend", "girlfriend": "girlfriend", "fiance": "fiance", "fiancé": "fiance", "fiancée": "fiance",
    "fiancee": "fiance", "son": "son", "daughter": "daughter", "kid": "kid", "kids": "kids", "children": "kids",
    "baby": "baby", "twins": "twins", "cousin": "cousin", "aunt": "aunt", "auntie": "aunt", "uncle": "uncle",
    "grandma": "grandma", "grandmother": "grandma", "nan": "grandma", "nana": "grandma", "nanna": "grandma",
    "gran": "grandma", "granny": "grandma", "grandpa": "grandpa", "grandfather": "grandpa", "grandad": "grandpa",
    "granddad": "grandpa", "niece": "niece", "nephew": "nephew", "parents": "parents", "in-laws": "in-laws",
    "stepmum": "stepmum", "stepmom": "stepmum", "stepdad": "stepdad", "mother-in-law": "mother-in-law",
    "mil": "mother-in-law", "father-in-law": "father-in-law", "fil": "father-in-law", "sister-in-law": "sister-in-law",
    "brother-in-law": "brother-in-law", "friend": "friend", "mate": "mate",
    "flatmate": "flatmate", "roommate": "roommate", "housemate": "housemate", "neighbour": "neighbour",
    "neighbor": "neighbour"}


def alternation(words: Iterable[str]) -> str:
    """A regex alternation of `words`, longest first and escaped, so one word that begins another ("gran",
    "grandma") never stops a match short; the caller closes it with a boundary."""
    return "|".join(sorted((re.escape(w) for w in words), key=lambda w: (-len(w), w)))
