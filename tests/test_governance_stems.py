"""Session 12: `target.py` reads words with the lexicon's tokens (`lexicon.stems`, as `content` does) and reads a
curly apostrophe as a straight one, so whether a change is aimed at an older memory does not depend on how the
keyboard wrote "garage's" or on accents."""

from __future__ import annotations

import pytest

from test_governance_change_target import OTHER_ATTRIBUTE, SAME_ATTRIBUTE

from memwarden.governance.facts import memory_facts
from memwarden.governance.lexicon import content, stems
from memwarden.governance.target import aims_at


@pytest.mark.parametrize("text", [
    "Zoë’s piano lesson moved to Friday", "the café on Rue d’Alsace opens at 8", "my mum's car is the blue Škoda",
    "we switched Chloé's nursery to the one on Brook St", "Renée’s dentist is Dr Müller", "the kids' lunchboxes"])
def test_content_reads_no_stem_the_target_tokens_do_not(text: str) -> None:
    assert content(text) <= set(stems(text))


def _aims(old: str, new: str) -> bool:
    return aims_at(memory_facts(old), memory_facts(new), new, old)


def _curly(t: str) -> str:
    return t.replace("'", "\u2019")


@pytest.mark.parametrize("old,new", [
    *OTHER_ATTRIBUTE, *SAME_ATTRIBUTE,
    ("the cafe's alarm code is 4471", "I changed the garage's alarm code to 9902"),
    ("the cafe's alarm code is 4471", "I changed the cafe's alarm code to 9902"),
    ("Zoe's swimming lesson is on Tuesdays", "we moved Zoe's swimming lesson to Thursdays"),
])
def test_a_curly_apostrophe_reads_as_a_straight_one(old: str, new: str) -> None:
    assert _aims(_curly(old), _curly(new)) == _aims(old, new)
