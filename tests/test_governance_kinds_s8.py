"""Issue 12, session 8: the closed-class cues behind the usage policy (whose belief, which setting,
whom a request serves, whether a newer memory is about the same person, whether a document announces
a change), each tested in wording and topics written for these tests, not the eval files'."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.governance.facts import memory_facts
from memwarden.governance.features import MemoryInput, embed_joint, features
from memwarden.governance.policy import MemoryView, classify
from memwarden.governance.request import asks_question, party_size, request_facts
from memwarden.providers.embedder import default_embedder


@pytest.fixture(scope="module")
def emb():  # type: ignore[no-untyped-def]
    return default_embedder()


def _views(texts):  # type: ignore[no-untyped-def]
    return [MemoryView(id=f"m{k + 1}", text=x, speaker="user", time=datetime(2026, 2, k + 1, tzinfo=timezone.utc))
            for k, x in enumerate(texts)]


def policies(emb, query, texts, evidence=()):  # type: ignore[no-untyped-def]
    return [u.policy for u in classify(emb, query, list(evidence), _views(texts))]


# --- hearsay: a report passed on with a verb of belief ------------------------------------------

def test_a_belief_verb_makes_a_report_hearsay_a_neutral_one_does_not() -> None:
    assert memory_facts("my cousin reckons you always need a transit visa to change planes in Canada").hearsay
    assert memory_facts("Gethin from five-a-side insists budget tyres are worn out within a year").hearsay
    told = memory_facts("the vet said the puppy's second jabs are due in May")
    assert told.reported and not told.hearsay
    assert not memory_facts("I think the gym shuts early on Sundays").hearsay  # the user's own view, not a report


def test_hearsay_about_how_things_work_is_no_evidence_for_a_question_even_about_the_user(emb) -> None:  # type: ignore[no-untyped-def]
    # "do I need ..." is about the user's trip, yet rests on how transit rules work.
    assert policies(emb, "do I need a visa just to change planes in Toronto?",
                    ["my cousin reckons you have to get a visa even to change planes anywhere in Canada"]) == ["ignore_as_evidence"]


def test_a_question_is_told_from_a_task_put_as_one() -> None:
    assert asks_question("how do I renew a passport that expired last year?")
    assert asks_question("what time does the tip open on bank holidays?")
    assert not asks_question("can you write a thank-you note for my neighbour?")
    assert not asks_question("draft the agenda for tuesday")


def test_a_prohibition_someone_lays_down_is_a_rule_not_a_claim_about_the_world() -> None:
    assert not memory_facts("the nursery says no glitter or sequins in the craft boxes").world_claim
    # A body of rules is a document the user is bound by, read first-hand: no one's hearsay.
    assert not memory_facts("the marina regulations say no engines running on the pontoons after ten").reported


# --- settings ------------------------------------------------------------------------------------

def test_a_setting_named_with_a_preposition_is_the_setting_of_the_rule_not_a_thing_of_the_users() -> None:
    assert memory_facts("in the lab every tube gets the date and our initials, no exceptions").settings == {"work"}
    mine = memory_facts("I keep my desk completely clear apart from the monitor")
    assert mine.contexts == {"work"} and not mine.settings


def test_a_settings_rule_applies_to_a_request_in_that_setting_whoever_it_serves_there(emb) -> None:  # type: ignore[no-untyped-def]
    row = features(embed_joint(emb, "tidy up the slides for tomorrow's client meeting with my team",
                               [], [MemoryInput(text="at work our decks always use the grey template and no clip art")]))[0]
    assert row["setting_match"] == 1.0 and row["serves_group"] == 1.0
    assert policies(emb, "tidy up the slides for tomorrow's client meeting with my team",
                    ["at work our decks always use the grey template and no clip art"]) == ["use"]


def test_a_coursework_request_is_in_the_study_setting() -> None:
    assert "study" in request_facts("will this statistics module's software run on my tablet?", []).contexts


# --- whom the request serves -------------------------------------------------------------------------

def test_a_number_counts_a_party_only_without_another_count_noun() -> None:
    assert party_size("a table for 7 tonight somewhere near the station")
    assert party_size("a stew that feeds 9 people")
    assert not party_size("reorder 12 bags of compost for the allotment")
    assert not party_size("a cottage for three weeks in August")
    assert party_size("a workshop I run with three trainees")  # agent nouns name people


def test_the_user_named_as_the_one_served_keeps_a_group_destination_a_destination() -> None:
    assert request_facts("book me a train to the team away day in Leeds", []).serves == "user"
    assert request_facts("book me and the whole team a train to the away day", []).serves == "group"
    assert request_facts("find a cabin for me, my sister and her three kids", []).serves == "group"


def test_a_plural_possessive_names_the_group() -> None:
    assert request_facts("what should go in the twins' school bags tomorrow?", []).serves == "group"


def test_the_users_relation_in_third_person_wording_is_another_person() -> None:
    f = memory_facts("The user's brother-in-law only drinks oat milk")
    assert f.other_subject and not f.about_user


# --- newer memories -------------------------------------------------------------------------------

def test_one_persons_standing_arrangement_does_not_replace_anothers(emb) -> None:  # type: ignore[no-untyped-def]
    texts = ["my son has football practice at 4 on thursdays", "I finish my shift at 5 on thursdays"]
    j = embed_joint(emb, "can I fit a dentist appointment in on thursday afternoon?", [], [MemoryInput(text=t) for t in texts])
    assert features(j)[0]["newer_sim"] == 0.0  # the user's shift is no newer version of the son's practice
    assert policies(emb, "can I fit a dentist appointment in on thursday afternoon?", texts)[0] == "use"


# --- evidence announcing a change -----------------------------------------------------------------

def test_a_notice_that_the_usual_way_shifts_outranks_the_remembered_usual_way(emb) -> None:  # type: ignore[no-untyped-def]
    row = features(embed_joint(emb, "which morning does the green waste lorry come this week?",
                               ["Council update: because of the bank holiday, this week's rounds are delayed by a day."],
                               [MemoryInput(text="the green waste lorry comes on tuesday mornings")]))[0]
    assert row["ev_notice"] == 1.0
    assert policies(emb, "which morning does the green waste lorry come this week?",
                    ["the green waste lorry comes on tuesday mornings"],
                    ["Council update: because of the bank holiday, this week's rounds are delayed by a day."]) == ["defer_to_evidence"]


# --- kin and the group a request serves --------------------------------------------------------------

def test_a_family_the_request_serves_includes_the_users_kin_a_team_does_not(emb) -> None:  # type: ignore[no-untyped-def]
    need = "my husband can't eat shellfish, he swells up"
    fam = features(embed_joint(emb, "plan the family's evening meals for next week", [], [MemoryInput(text=need)]))[0]
    team = features(embed_joint(emb, "pick a seafood place for after-work drinks with my team", [], [MemoryInput(text=need)]))[0]
    assert fam["about_beneficiary"] == 1.0 and team["about_beneficiary"] == 0.0
    assert policies(emb, "pick a seafood place for after-work drinks with my team",
                    ["The user's husband can't eat shellfish, he swells up"]) == ["constrain_to_scope"]
