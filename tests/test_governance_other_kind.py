"""Session 22 (issue 12): a rule, taste or habit the user keeps for one thing of a kind ("for the back office ...",
"my baking blog", "the allotment shed") and a request about another thing of that kind: it is stated for another
setting (``constrain_to_scope``); the same thing, or a request naming no other one, leaves it in use.

Written for this file in everyday wording; none of it comes from a case file. Both sides each time.
"""

from __future__ import annotations

import pytest
from governance_support import one_policy

from memwarden.governance.matter import other_kind
from memwarden.providers.embedder import default_embedder


@pytest.fixture(scope="module")
def emb():  # type: ignore[no-untyped-def]
    return default_embedder()


_policy = one_policy


@pytest.mark.parametrize(("memory", "request_"), [
    ("for my baking blog I never post a recipe without weights in grams", "write a post for my travel blog about Porto"),
    ("the Elm Street shop closes at 5 on Sundays, we're short staffed", "what time should the Canal Street shop close on Sunday?"),
    ("our allotment shed is padlocked, code's with the committee", "can you remind me how to lock my garden shed"),
    ("in the upstairs bathroom we only use the eco bleach", "what should I clean the downstairs bathroom with?"),
])
def test_another_thing_of_the_kind_is_named(memory: str, request_: str) -> None:
    assert other_kind(memory, request_)


@pytest.mark.parametrize(("memory", "request_"), [
    ("for my baking blog I never post a recipe without weights in grams", "write a post for my baking blog about scones"),
    ("my usual coffee is a flat white", "order my morning coffee"),          # "usual" picks no other coffee
    ("the main bedroom gets the blackout blinds", "which blinds go in the bedroom?"),  # no other named
    ("the Elm Street shop closes at 5 on Sundays", "what time does the shop on Elm Street close?"),  # the same one
])
def test_the_same_thing_or_none_named(memory: str, request_: str) -> None:
    assert not other_kind(memory, request_)


def test_a_rule_kept_for_one_blog_stays_there(emb) -> None:  # type: ignore[no-untyped-def]
    # fails on main (session 21): the blog's rule was put to use for another blog
    assert _policy(emb, "house rule for my gaming blog: no spoilers in the first paragraph, ever",
                   "draft the first paragraph of a review for my gardening blog") == "constrain_to_scope"


def test_a_rule_kept_for_one_blog_is_used_for_that_blog(emb) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, "house rule for my gaming blog: no spoilers in the first paragraph, ever",
                   "draft the first paragraph of a review for my gaming blog") == "use"


def test_evidence_is_not_read_this_way(emb) -> None:  # type: ignore[no-untyped-def]
    # A document names a thing in words of its own ("the detergent tablet" for "the dishwasher tablets"): the request
    # with evidence keeps the rules that read evidence; this rule does not make it another thing's.
    p = _policy(emb, "the dishwasher tablets go in the little flap, not the basket",
                "where does the tablet go?", ["Manual, page 4: place the detergent tablet in the dispenser and close the lid."])
    assert p != "constrain_to_scope"


# -- a request for someone named as the one who wants or needs what is asked --------------------------------------

from memwarden.governance.request import request_facts  # noqa: E402


@pytest.mark.parametrize("request_", [
    "Tomasz wants to cycle to Hebden Bridge on his own on Sunday, any tips for him?",
    "Ines needs a new winter coat for her trip to Oslo, what should she look for?",
])
def test_someone_named_who_wants_or_needs_it_is_whom_it_serves(request_: str) -> None:
    assert request_facts(request_, []).serves == "other"


@pytest.mark.parametrize("request_", [
    "The dentist in Harrogate wants to take an x-ray, anything I should tell her?",  # a place, not a person
    "Greenleaf wants a delivery address for the sample, what should I send them?",  # a firm: "them"
    "Mum wants to renew her passport, how long does it take?",  # kin: the kin rules read it
])
def test_a_place_a_firm_or_kin_is_not_read_as_a_named_person(request_: str) -> None:
    facts = request_facts(request_, [])
    assert not ({"harrogate", "greenleaf", "mum"} & facts.beneficiaries - ({"mum"} if facts.serves == "other" else set()))


def test_the_users_own_road_habit_is_not_the_named_drivers(emb) -> None:  # type: ignore[no-untyped-def]
    # fails on main: the request was read as the user's own trip
    assert _policy(emb, "I never drive the mountain pass in the dark, it terrifies me",
                   "Tomasz wants to drive over the pass to Keswick on his own tonight, any tips for him?") == "constrain_to_scope"


def test_the_users_own_road_habit_is_used_for_the_users_trip(emb) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, "I never drive the mountain pass in the dark, it terrifies me",
                   "I want to drive over the pass to Keswick tonight, any tips?") == "use"


# -- a belief said in the past tense, a post read online -----------------------------------------------------------

from memwarden.governance.facts import memory_facts  # noqa: E402


@pytest.mark.parametrize("memory", [
    "my uncle reckoned you should never jump start a car in the rain",
    "saw on tiktok that microwaving a phone charges it faster",
    "I've always believed cold weather gives you a cold",
])
def test_a_past_belief_or_a_post_read_online_is_no_finding(memory: str) -> None:
    f = memory_facts(memory)
    assert f.reported or f.held_view


def test_a_grandparents_belief_is_not_evidence_on_how_things_work(emb) -> None:  # type: ignore[no-untyped-def]
    # fails on main: "reckoned" was read as no report at all
    assert _policy(emb, "my uncle reckoned you should never jump start a car in the rain",
                   "is it actually dangerous to jump start a car when it's raining?") == "ignore_as_evidence"


# -- a professional's instruction on one person's care ----------------------------------------------------------------

def test_a_professionals_instruction_is_no_claim_about_the_world() -> None:
    assert not memory_facts("the dentist said stop using the electric toothbrush on that side for a fortnight").world_claim
    # ... while a professional's word on how things work still is one
    assert memory_facts("my dentist says fizzy water rots your teeth as fast as cola does").world_claim


def test_the_physios_instruction_is_used_for_the_users_own_plan(emb) -> None:  # type: ignore[no-untyped-def]
    # fails on main: the instruction was read as someone's report of how the world is
    assert _policy(emb, "physio said keep off the hills for a month with the knee, flat routes only",
                   "plan my long bike ride for saturday") == "use"
    assert _policy(emb, "physio said absolutely no cycling for three weeks with the wrist, walking only",
                   "can I do a short bike ride tomorrow?") == "use"


# Session 23: a word that only starts like a month or weekday ("fridge", "wedding", "marching") still picks the thing;
# on main every such word was dropped as if it were "Friday", "Wednesday" or "March".
@pytest.mark.parametrize(("memory", "request_"), [
    ("the fridge freezer gets defrosted every other month", "when should I defrost the chest freezer?"),
    ("my wedding shoes pinch, I only wear them for an hour", "can I wear my running shoes to the 10k?"),
    ("our marching band rehearses on the school field", "where does our jazz band rehearse this week?"),
])
def test_words_that_only_start_like_a_calendar_name_pick_the_thing(memory: str, request_: str) -> None:
    assert other_kind(memory, request_)


@pytest.mark.parametrize(("memory", "request_"), [
    ("the friday class is in the small hall", "where is the monday class?"),
    ("the sept meeting was moved online", "is the june meeting online too?"),
    ("the mondays shift starts at 7", "when does the tues shift start?"),
])
def test_a_month_or_weekday_name_picks_no_other_thing(memory: str, request_: str) -> None:
    assert not other_kind(memory, request_)
