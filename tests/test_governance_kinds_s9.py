"""Issue 12, session 9: classes of governance error found on a fresh author's cases (a denied obligation in
a report, a way of working stated for a setting, where the user is on given days, a document announcing that
credentials were reset, a move to another street address, a group reaching the user), each tested in
wording and topics written for these tests, not the eval files'."""

from __future__ import annotations

import pytest
from test_governance_kinds_s6 import emb, policies  # noqa: F401 - the module's embedder fixture and policy helper

from memwarden.claims.person import person_rewrite
from memwarden.governance.facts import memory_facts
from memwarden.governance.lexicon import contexts
from memwarden.governance.request import request_facts
from memwarden.governance.values import value_kinds


@pytest.mark.parametrize("said, expected", [
    ("i cannot swim at all", "The user cannot swim"),
    ("I ought to call the bank", "The user ought to call"),
    ("I can't drive", "The user can't drive"),
    ("I walk to work", "The user walks to work"),  # agreement still applies to a plain verb
])
def test_a_modal_keeps_its_form_in_the_third_person(said: str, expected: str) -> None:
    assert person_rewrite(said, "The user", first=True).startswith(expected)


def test_an_obligation_denied_in_a_report_is_a_claim_about_how_things_work() -> None:
    # "no need to" / "don't have to" lay nothing down: they say what happens anyway.
    assert memory_facts("Oskar says you don't have to renew a bus pass, it rolls over by itself every year").world_claim
    assert memory_facts("my neighbour says there's no need to register a shed with the council if it's small").world_claim
    # An obligation stated is still a rule someone lays down, not a generalisation.
    assert not memory_facts("the letting agent says you have to give two months' notice in writing").world_claim


def test_a_denied_obligation_reported_by_a_friend_is_no_evidence(emb) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "do I have to do anything to keep my bus pass valid next year?",
                    ["Oskar says you don't have to renew a bus pass, it rolls over by itself every year"]) == ["ignore_as_evidence"]


def test_a_way_of_working_stated_for_a_setting_binds_that_setting(emb) -> None:  # type: ignore[no-untyped-def]
    assert memory_facts("I write in a chatty voice for my hobby newsletter").contexts == {"home"}
    assert policies(emb, "check the spelling in my project update for work",
                    ["I present with hand-drawn slides for the blog"]) == ["constrain_to_scope"]
    # Someone else's way of working is news about them, not the user's rule for a setting.
    assert not memory_facts("the tutor isn't teaching at home any more, lessons are online").contexts


def test_where_one_is_on_given_days_names_the_home_setting() -> None:
    assert "home" in contexts("the user is home mondays and fridays now", scoped_only=True)
    assert "home" in contexts("I'm home on tuesdays, office otherwise", scoped_only=True)
    assert "home" not in contexts("I walked home along the canal", scoped_only=True)


def test_a_schedule_with_home_and_office_days_is_used_for_a_home_request(emb) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "which days can the plumber come round while I'm at home?",
                    ["switched it up, I'm home mondays and tuesdays now and only at the office the rest of the week"]) == ["use"]


def test_a_notice_that_codes_were_reset_outranks_the_remembered_code(emb) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "what's the code for the bike store door?", ["our bike store door code is 5821, easy"],
                    evidence=["Facilities: every door keypad was reset overnight; collect the new codes from reception."]) \
        == ["defer_to_evidence"]


def test_a_street_address_is_its_own_kind_of_value() -> None:
    assert value_kinds("parcels go to 12 Hollins Lane, flat 3")["address"] == {"12hollinslane"}
    assert "address" not in value_kinds("I ran 12 miles along the lane")


def test_a_move_to_another_street_address_supersedes_the_old_one(emb) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "which address should the courier bring my parcel to?",
                    ["parcels come to 12 Hollins Lane", "got the keys! we're at 88 Quarry Street now"]) == ["superseded", "use"]
    assert policies(emb, "what do I put as my address on the library card form?",
                    ["my postal address is 3 Belmont Grove", "moved out last week, new flat is 41 Tanner Row"]) == ["superseded", "use"]


def test_a_group_reaching_the_user_serves_the_user(emb) -> None:  # type: ignore[no-untyped-def]
    assert request_facts("how should the committee contact me while I'm abroad?", []).serves == "user"
    assert request_facts("plan the committee's away day for 12 people", []).serves == "group"
    assert policies(emb, "how should the committee contact me while I'm abroad?",
                    ["I hate phone calls, text me instead"]) == ["use"]
