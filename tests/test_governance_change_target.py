"""Session 11: a newer memory that states a change supersedes an older one only when it changes what the older one
states (the same attribute), not another attribute of the same person or thing. Wording written for these tests."""

from __future__ import annotations

import pytest

from test_governance_kinds_s6 import emb, policies  # noqa: F401 - the module's embedder fixture and policy helper

from memwarden.governance.facts import memory_facts
from memwarden.governance.features import _compare
from memwarden.governance.target import aims_at


def _aims(old: str, new: str) -> bool:
    return aims_at(memory_facts(old), memory_facts(new), new, old)


# Another attribute of the same person or thing: the older memory stands.
OTHER_ATTRIBUTE = [
    ("my cousin is called Aoife", "Aoife changed careers, she's a solicitor now"),         # name <- job
    ("my physio is Mr Adeyemi", "Mr Adeyemi has moved to the clinic on Queen Street"),     # who <- where they work
    ("Grandad's birthday is 9 November", "Grandad has a new hearing aid"),                  # birthday <- a new thing
    ("my wages go into my Starling account", "I moved my premium bonds over to NS&I"),     # wages <- savings elsewhere
    ("Priya is at Westfield Academy", "Priya changed her piano teacher"),                   # school <- a hobby's teacher
    ("Pepper's vet is Northgate Animal Clinic", "Pepper is on senior kibble now"),           # vet <- food
    ("the bike lock combination is 5082", "I changed the safe combination to 1127"),       # one code <- another code
]

# The same attribute changed: the older memory is replaced.
SAME_ATTRIBUTE = [
    ("I live in Bristol", "we moved to Cardiff in the spring"),
    ("my physio is Mr Adeyemi", "my new physio is Ms Byrne"),
    ("my wages go into my Starling account", "my wages now go into Nationwide"),
    ("the bike lock combination is 5082", "I changed the bike lock combination to 7731"),
    ("Noah is in Year 3", "Noah started Year 4 this week"),                      # a number of the named one
    ("my landlord is Mr Okoro", "Mr Okoro sold up, I rent from Keystone Lettings now"),  # the user's own new arrangement
]


@pytest.mark.parametrize("old,new", OTHER_ATTRIBUTE)
def test_a_change_to_another_attribute_is_not_aimed_at_it(old: str, new: str) -> None:
    assert memory_facts(new).change
    assert not _aims(old, new)
    got = _compare(memory_facts(old), old, memory_facts(new), new, 0.5)
    assert got["change"] == 0.0 and got["conflict"] == 0.0


@pytest.mark.parametrize("old,new", SAME_ATTRIBUTE)
def test_a_change_to_the_same_attribute_is_aimed_at_it(old: str, new: str) -> None:
    assert _aims(old, new)


@pytest.mark.parametrize("old,new", OTHER_ATTRIBUTE)
def test_the_older_memory_is_not_withheld(emb, old: str, new: str) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "remind me of this: " + old.split(" is ")[0].split(" go")[0] + "?", [old, new])[0] != "superseded"


@pytest.mark.parametrize("q,old,new", [
    ("where do I live?", "I live in Bristol", "we moved to Cardiff in the spring"),
    ("who is my physio?", "my physio is Mr Adeyemi", "my new physio is Ms Byrne"),
    ("which account do my wages go into?", "my wages go into my Starling account", "my wages now go into Nationwide"),
])
def test_a_real_change_still_supersedes(emb, q: str, old: str, new: str) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, q, [old, new])[0] == "superseded"
