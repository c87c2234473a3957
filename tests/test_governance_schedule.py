"""Session 20 (issue 12.3): a limit on when the user is free (a work schedule, shifts, a time of day the user cannot
do) is its own kind, ``limits.SCHEDULE``: it limits a request that involves a time (a plan, a booking, a day or a
time named) and nothing else. Before, every schedule was a limit, so "I work weekends" was carried as the user's
own constraint into a request to name a friend's puppy.

Written for this file in everyday wording; none of it comes from a case file. Both sides: a schedule beside
requests for others that involve no time (``use``), and beside requests that plan something at a time
(``constrain_to_scope``, as session 19's own limits); a dependant beside a request only about the user (``use``).
"""

from __future__ import annotations

import pytest

from memwarden.governance.limits import DEPENDANT, LIMIT, SCHEDULE, restricts, timed
from memwarden.governance.policy import MemoryView, classify
from memwarden.providers.embedder import default_embedder


@pytest.fixture(scope="module")
def emb():  # type: ignore[no-untyped-def]
    return default_embedder()


def _policy(emb, memory: str, request: str) -> str:  # type: ignore[no-untyped-def]
    return classify(emb, request, [], [MemoryView(id="m0", text=memory, speaker="user")])[0].policy


@pytest.mark.parametrize("text", [
    "I work every Saturday.", "I can't do mornings.", "I'm on nights this month.", "I work weekends.",
    "I start work at 6am.", "I'm on call this weekend", "I never work Sundays", "no meetings before 11 for me",
    "I work lates Tuesday to Friday so I'm not up before ten", "The user works Sundays",
])
def test_a_limit_on_when_the_user_is_free_is_a_schedule(text: str) -> None:
    assert restricts(text) == SCHEDULE


@pytest.mark.parametrize("text", [
    "I work Saturdays and I'm vegan.",  # a schedule and a diet: the diet limits whatever the time
    "I'm gluten-free.", "I never eat after 8pm.", "I live an hour out of town.", "I cycle everywhere.",
])
def test_a_schedule_beside_another_limit_or_another_limit_alone_is_a_limit(text: str) -> None:
    assert restricts(text) == LIMIT


def test_a_dependant_stays_a_dependant() -> None:
    assert restricts("I've got two kids under five.") == DEPENDANT


@pytest.mark.parametrize("request_", [
    "Plan a barbecue for my sister's birthday on Saturday.", "Find a time next week for the team meeting.",
    "Book a table for my parents' anniversary.", "What day should the plumber come round?",
    "Organise drinks for my brother's leaving do.", "Plan a weekend away for the family.",
])
def test_a_request_that_involves_a_time(request_: str) -> None:
    assert timed(request_)


@pytest.mark.parametrize("request_", [
    "Pick a colour scheme for my friend's wedding invitations.", "Write a poem for my mum's birthday card.",
    "Choose a present for my brother's 40th.", "Suggest a name for my sister's new puppy.",
    "Proofread my friend's CV for her.", "Suggest a good book on Roman history.",
])
def test_a_request_that_involves_no_time(request_: str) -> None:
    assert not timed(request_)


@pytest.mark.parametrize(("memory", "request_"), [
    ("I work every Saturday.", "Pick a colour scheme for my friend's wedding invitations."),  # main: constrain_to_scope
    ("I can't do mornings.", "Write a poem for my mum's birthday card."),
    ("I'm on nights this month.", "Choose a present for my brother's 40th."),
    ("I work weekends.", "Suggest a name for my sister's new puppy."),
    ("I start work at 6am.", "Proofread my friend's CV for her."),
    ("I have two dogs.", "Suggest a good book on Roman history for me."),
    ("I've got a toddler.", "Recommend a podcast for my commute."),
])
def test_a_schedule_or_a_dependant_that_bears_on_nothing_asked_is_used(emb, memory: str, request_: str) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, memory, request_) == "use"


@pytest.mark.parametrize(("memory", "request_"), [
    ("I work every Saturday.", "Plan a barbecue for my sister's birthday on Saturday."),
    ("I'm on nights this month.", "Organise a family dinner for next week."),
    ("I can't do mornings.", "Find a time next week for the team's planning meeting."),
    ("I work weekends.", "Plan my niece's christening lunch."),
])
def test_a_schedule_in_a_timed_request_for_others_stays_the_users(emb, memory: str, request_: str) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, memory, request_) == "constrain_to_scope"


# -- the request side: a describing word between "my" and a relation -------------------------------------------

def test_a_relation_with_a_describing_word_is_whom_the_request_serves() -> None:
    from memwarden.governance.request import request_facts
    assert request_facts("my little brother wants to get better at chess, which opening should he learn?", []).serves == "other"
    assert request_facts("What should I cook for my elderly neighbour this week?", []).serves == "other"
    # ... but company ("with my little brother") is not someone the request is for
    assert request_facts("Plan a walk with my little brother on Sunday.", []).serves == "user"


def test_a_limit_of_the_users_in_a_request_for_a_described_relation_stays_theirs(emb) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, "I'm vegan.", "What should I cook for my elderly neighbour this week?") == "constrain_to_scope"
    assert _policy(emb, "I have a bad back.", "Plan a walk with my little brother on Sunday.") == "use"


def test_whom_a_message_goes_to_is_not_whom_it_serves() -> None:
    from memwarden.governance.request import request_facts
    assert request_facts("help me write a note to my new landlord asking for a later move-in date", []).serves == "user"
