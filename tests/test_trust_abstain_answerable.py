"""Answerable questions the abstention must not refuse (session 11): a name read from the claim's
fields, a progressive "who's <verb>ing" that names no owner, and permission or advice questions
that no predicate check applies to. Wording here is this file's own, on other topics than the
scenario sets."""

from datetime import datetime, timezone

import pytest

from memwarden.trust.asked_head import owner_head
from memwarden.trust.attribute import asked
from memwarden.trust.polar import polar_parts
from test_trust_abstain_kinds import ask, store_at

T0 = datetime(2025, 9, 1, 9, tzinfo=timezone.utc)


def abstains(turns: list[str], query: str) -> bool:
    res = ask(store_at(T0, *turns), query, T0)
    return res.abstained


@pytest.mark.parametrize(("query", "owner"), [
    ("who's covering reception this week?", None),  # the verb's agent is asked: "covering" owns nothing
    ("who is walking the dog tonight?", None),
    ("who's my accountant?", "accountant"),  # a noun after the copula still owns the value
    ("when is the electrician coming?", "electrician"),
    ("when's the opening of the gallery?", "opening"),  # a determiner first: a noun in -ing
])
def test_a_progressive_after_who_is_names_no_owner(query, owner):
    assert owner_head(query) == owner


@pytest.mark.parametrize(("turns", "query", "refused"), [
    # the claim's value of the slot asked, written in lowercase: a name whatever its case
    (["my accountant is wendell price, he's very slow"], "who is my accountant?", False),
    # the claim's subject, named at the start of the text where capitals are not read as names
    (["Marguerite does the payroll for us now, she's great"], "who does our payroll?", False),
    (["Ottilie is covering reception while I'm on leave"], "who's covering reception?", False),
    # a common noun opening a sentence is no name when the memories say it after a determiner
    (["Caterer wants the final numbers for the wedding by friday",
      "the caterer is doing a lovely menu for the wedding"], "who is doing the flowers for the wedding?", True),
    # a claim of another slot is no answer: a database is not who maintains the prototype
    (["we use sqlite for the prototype"], "who maintains the prototype?", True),
    # the subject answers "who", not "which team": LoCoMo's "Which team did Tim sign with?" beside John's signing
    (["Bertrand signed for a new team in the summer"], "who signed for a new team?", False),
    (["Bertrand signed for a new team in the summer"], "which team did Giles sign for?", True),
    # and a named subject that says nothing of the topic is not on it
    (["Marguerite loves the new office", "the payroll software is slow"], "who set up the payroll software?", True),
])
def test_a_name_read_from_the_claim(turns, query, refused):
    assert abstains(turns, query) is refused


@pytest.mark.parametrize("query", [
    "can I pick the van up on sunday?",
    "Can we have friends over without asking the landlord?",  # leave is asked in the first person (s11)
    "is it ok if I skip the warm-up on race day?",
    "is this weekend a good time to repaint the shed?",
])
def test_permission_and_advice_are_not_polar_questions_of_fact(query):
    assert polar_parts(query) is None


def test_a_question_of_fact_still_needs_its_predicate_spoken_of():
    assert polar_parts("has the garage fixed the van?") is not None
    assert abstains(["the garage is closed on sundays"], "has the garage fixed the van?")
    assert not abstains(["the garage is closed on sundays"], "can I pick the van up on sunday?")


@pytest.mark.parametrize("query", ["when is my rent due?", "when does the pottery course start?",
                                   "when's the hall booking close?", "When do the bins go out?"])
def test_a_when_question_asks_when_whatever_it_names(query):
    assert asked(query).value == "date"


@pytest.mark.parametrize(("query", "refused"), [
    ("when does the pottery course start?", False),  # a date answers "when does it start"
    ("what time does the pottery course start?", True),  # a clock time is still asked by "what time"
])
def test_when_does_it_start_is_answered_by_a_date(query, refused):
    assert abstains(["my pottery course starts 24 February at the community centre"], query) is refused
