"""Session 23 (issue 12): another person's need, taste or rule ("my sister can't eat nuts") and a request the user
makes for themselves alone that names none of them and takes in nobody else ("what snacks should I pack for my shift?"):
the memory is kept to its scope (``constrain_to_scope``). A request that names the person, says "we" or "with my ...",
or a person who shares the user's home and table (a husband, the kids, a flatmate), leaves it in use.

Written for this file in everyday wording; none of it comes from a case file. Both sides each time.
"""

from __future__ import annotations

import pytest

from memwarden.governance.policy import MemoryView, classify
from memwarden.providers.embedder import default_embedder


@pytest.fixture(scope="module")
def emb():  # type: ignore[no-untyped-def]
    return default_embedder()


def _policy(emb, memory: str, request: str) -> str:  # type: ignore[no-untyped-def]
    return classify(emb, request, [], [MemoryView(id="m0", text=memory, speaker="user")])[0].policy


@pytest.mark.parametrize(("memory", "request_"), [
    # fails on main: the sister's allergy was put to use for the user's own packed snacks
    ("my sister can't eat nuts, she carries an epipen", "what snacks should I pack for my long shift?"),
    ("Barnaby can't have caffeine after lunch or he's up all night", "recommend a strong coffee for my afternoon slump"),
])
def test_another_persons_limit_stays_theirs_in_a_request_for_the_user(emb, memory: str, request_: str) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, memory, request_) == "constrain_to_scope"


@pytest.mark.parametrize(("memory", "request_"), [
    ("my sister can't eat nuts, she carries an epipen", "what snacks should I bring for my sister's visit?"),
    ("my sister can't eat nuts, she carries an epipen", "what snacks should we take on the drive?"),
    ("Barnaby can't have caffeine after lunch or he's up all night", "Barnaby's coming round at 4, what drinks should I get in?"),
    ("my husband hates coriander", "what should I cook for dinner tonight?"),
])
def test_the_person_named_or_in_company_or_at_home_keeps_it_in_use(emb, memory: str, request_: str) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, memory, request_) == "use"


def test_food_the_user_brings_to_a_gathering_is_shared(emb) -> None:  # type: ignore[no-untyped-def]
    # the friend may well be at the gathering: a request for the user alone it is not
    assert _policy(emb, "my mate Tobias is allergic to kiwi", "should I take a lemon tart to the choir social?") == "use"
