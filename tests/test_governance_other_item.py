"""Session 21 (issue 12, left open by session 20): evidence about a neighbouring item, schedules said with clock
hours or a span of days, and a child named by birth order on the user's own family trip.

Written for this file in everyday wording; none of it comes from a case file. Both sides each time: another train,
another bus, another schedule's days (``use``) beside the same train, the same bus, a day the schedule covers.
"""

from __future__ import annotations

from datetime import datetime

import pytest
from governance_support import one_policy
from memwarden.governance.policy import MemoryView, classify

from memwarden.governance.limits import SCHEDULE, apart, restricts
from memwarden.governance.matter import other_numbered, same_item
from memwarden.providers.embedder import default_embedder


@pytest.fixture(scope="module")
def emb():  # type: ignore[no-untyped-def]
    return default_embedder()


_policy = one_policy


# -- an item named by its number or clock time ------------------------------------------------------------------

@pytest.mark.parametrize(("memory", "other"), [
    ("I get the 11:15 train to Leeds on Thursdays", "Service update: the 9:40 to Leeds is cancelled tomorrow."),
    ("I take the number 7 bus to work", "From Monday the number 12 will run every 20 minutes."),
    ("we always get the 38 bus into town", "Diversion: the 55 bus will not stop on the high street this week."),
    ("my flight home is BA 1442 on Sunday", "Flight EZY 812 to Geneva is delayed by two hours."),
])
def test_another_numbered_item_of_the_same_kind_is_another_item(memory: str, other: str) -> None:
    assert other_numbered(memory, other)
    assert not same_item(memory, other)


@pytest.mark.parametrize(("memory", "other"), [
    ("I get the 11:15 train to Leeds on Thursdays", "Service update: the 11:15 to Leeds now leaves at 11:25."),
    ("I take the number 7 bus to work", "Route 7 will run every 20 minutes from Monday."),
    ("my dentist appointment is at 10am on the 14th", "Your appointment has moved to 3pm on Friday."),  # a value, no name
    ("I get the 8:10 train", "All trains from this station will run ten minutes later from Monday."),
])
def test_the_same_item_or_one_named_no_other_way_is_not_another(memory: str, other: str) -> None:
    assert not other_numbered(memory, other)


def test_evidence_about_another_train_leaves_the_memory_in_use(emb) -> None:  # type: ignore[no-untyped-def]
    memory = "I get the 11:15 train to Leeds on Thursdays"
    ask = "what time should I leave the house tomorrow?"
    # main: defer_to_evidence (the notice shares Leeds and a time with the memory)
    assert _policy(emb, memory, ask, ["Service update: the 9:40 to Leeds is cancelled tomorrow due to engineering works."]) == "use"
    assert _policy(emb, memory, ask, ["Service update: the 11:15 to Leeds is cancelled tomorrow due to engineering works."]) \
        == "defer_to_evidence"


def test_evidence_about_another_bus_leaves_the_memory_in_use(emb) -> None:  # type: ignore[no-untyped-def]
    ask = "which bus should I catch to work?"
    assert _policy(emb, "I take the number 7 bus to work", ask,
                   ["From Monday the number 12 will run every 20 minutes instead of every 10."]) == "use"
    assert _policy(emb, "I take the number 7 bus to work from Mill Lane", ask,
                   ["From Monday the number 7 will no longer stop at Mill Lane."]) == "defer_to_evidence"


# -- schedules said with clock hours or a span of days ------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "I'm working 7 till 3 all next week", "I'm away 3rd-10th", "I'm away from the 3rd to the 10th",
    "I'll be at my mum's from the 3rd till the 10th", "I'm in Spain all next week", "I'm off all next week",
])
def test_hours_or_a_span_of_days_kept_is_a_schedule(text: str) -> None:
    assert restricts(text) == SCHEDULE


@pytest.mark.parametrize("text", [
    "I'm in a good mood this week", "my sister is away 3rd-10th", "I'm in two minds about it, next week maybe",
])
def test_no_schedule_of_the_users(text: str) -> None:
    assert restricts(text) != SCHEDULE


def test_whether_a_schedule_and_a_request_name_other_days() -> None:
    assert apart("I'm away 3rd-10th", "book a dinner for my mum on the 20th")
    assert not apart("I'm away 3rd-10th", "book a dinner for my mum on the 6th")
    assert apart("I work Saturdays", "plan lunch for my in-laws on Sunday")
    assert not apart("I work Saturdays", "plan a weekend away for my sister's birthday")
    assert not apart("I work lates Tuesday to Friday", "organise drinks for my friend on Thursday")
    assert not apart("I work Saturdays", "plan a barbecue for my brother next week")  # no day named: not apart


@pytest.mark.parametrize(("memory", "request_", "expected"), [
    ("I'm working 7 till 3 all next week", "plan a leaving do for my colleague Sam one evening next week", "constrain_to_scope"),
    ("I'm away 3rd-10th", "sort out a birthday dinner for my mum on the 6th", "constrain_to_scope"),  # main: use
    ("I'm away 3rd-10th", "sort out a birthday dinner for my mum on the 20th", "use"),
    ("my sister is working 7 till 3 all next week", "plan a leaving do for my colleague Sam one evening next week", "use"),
    ("I'm working 7 till 3 all next week", "pick a colour for my friend's wedding invitations", "use"),
])
def test_a_schedule_limits_a_timed_request_on_its_days_only(emb, memory: str, request_: str, expected: str) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, memory, request_) == expected


# -- a child by birth order on the user's own family trip -----------------------------------------------------------

@pytest.mark.parametrize(("memory", "request_", "expected"), [
    # main: constrain_to_scope ("my youngest" was read as the user's own limit in a request for the family)
    ("my youngest is 2 and still naps every afternoon",
     "booking a long weekend in Rome for me and the kids in May, can you suggest a hotel?", "use"),
    ("our eldest gets car sick on long drives", "find a cottage for me and the children for half term", "use"),
    ("I've got a toddler who still naps at 1pm", "plan a weekend away for my sister's hen do", "constrain_to_scope"),
])
def test_a_child_by_birth_order_is_one_of_the_kids_a_family_trip_serves(emb, memory: str, request_: str, expected: str) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, memory, request_) == expected


# -- a change said as made beside a wish or a view (MemSyco dev's three lost valid-memory selections, by structure) --

@pytest.mark.parametrize("text", [
    "I want to eat better, but I now only cook with olive oil",           # a standing wish, and how things stand now
    "Used to love cruises, considering them a waste of money. Now prefers walking holidays.",  # "considering" = regarding
    "firmly prefers paper maps, considering phone apps unreliable",
])
def test_a_wish_or_a_view_beside_a_change_made_is_no_plan(text: str) -> None:
    from memwarden.governance.matter import tentative
    assert not tentative(text)


@pytest.mark.parametrize("text", [
    "considering switching banks, the fees are now too high", "I want to try the early train next month",
    "thinking about moving my gym membership to the one by work",
])
def test_a_plan_stays_a_plan(text: str) -> None:
    from memwarden.governance.matter import tentative
    assert tentative(text)


def test_a_newer_taste_said_as_made_replaces_the_older_one(emb) -> None:  # type: ignore[no-untyped-def]
    older = MemoryView(id="m0", text="I love package holidays with everything sorted for me", speaker="user",
                       time=datetime(2025, 1, 1, 10))
    newer = MemoryView(id="m1", text="Used to like package deals, considering them a rip-off now. Now prefers planning "
                                      "trips myself, independent travel only", speaker="user", time=datetime(2025, 6, 1, 10))
    got = classify(emb, "help me plan a summer holiday", [], [older, newer])
    assert got[0].policy == "superseded"


# -- an item named by the part of the home it is in -----------------------------------------------------------------

@pytest.mark.parametrize(("memory", "other", "expected"), [
    ("the bathroom extractor fan has been broken since March", "the kitchen extractor fan will be replaced on Thursday", True),
    ("our back door sticks in wet weather", "front door lock replaced today", True),
    ("the upstairs loo keeps running", "plumber fixed the downstairs loo", True),
    ("the bathroom extractor fan has been broken since March", "the extractor fan in the bathroom will be replaced", False),
    ("the kitchen tap drips", "the bathroom tap and the kitchen tap will both be replaced", False),
    ("the kitchen tap drips", "all the taps in the flat will be replaced on Monday", False),
])
def test_another_room_before_the_same_thing_is_another_item(memory: str, other: str, expected: bool) -> None:
    from memwarden.governance.matter import other_part
    assert other_part(memory, other) is expected


def test_a_notice_about_the_fan_in_another_room_leaves_the_memory_in_use(emb) -> None:  # type: ignore[no-untyped-def]
    memory = "the bathroom extractor fan has been broken since March"
    ask = "when is the bathroom getting fixed?"
    assert _policy(emb, memory, ask, ["Landlord: the kitchen extractor fan will be replaced on Thursday."]) == "use"
    assert _policy(emb, memory, ask, ["Landlord: the bathroom extractor fan will be replaced on Thursday."]) == "defer_to_evidence"


def test_what_another_person_wants_to_do_is_no_change_made() -> None:
    from memwarden.governance.matter import tentative
    assert tentative("my son wants to give up football after this season")
    assert not tentative("my son gave up football after the season ended")


def test_a_wish_beside_a_change_said_in_the_past_tense_is_no_plan() -> None:
    from memwarden.governance.matter import tentative
    assert not tentative("my daughter's left the nursery and started at the village school, wants to be a teacher now")
    assert tentative("my daughter wants to start at the village school next year")


def test_a_want_said_as_how_things_stand_now_is_no_plan() -> None:
    from memwarden.governance.matter import tentative
    assert not tentative("now wants to cook everything from scratch, the opposite of before")


def test_a_platform_is_where_a_train_leaves_from_not_its_name() -> None:
    assert not other_numbered("the Leeds train always goes from platform 4", "today the Leeds service departs from platform 9")
