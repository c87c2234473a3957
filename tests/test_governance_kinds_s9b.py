"""Issue 12, session 9 second round: classes of governance error found on two more authors' cases (a change
said with "shifted", a thing given up, the attribute two memories both give a value of, collective nouns, a
question picking a group, a message passed on, a question about a particular occasion or about what should be done), each tested in
wording and topics written for these tests, not the eval files'."""

from __future__ import annotations

import pytest

from test_governance_kinds_s6 import emb, policies  # noqa: F401 - the module's embedder fixture and policy helper

from memwarden.governance.facts import memory_facts
from memwarden.governance.features import _asked_anchor, _compare
from memwarden.governance.request import request_facts, world_question


def test_shifted_states_a_change(emb) -> None:  # type: ignore[no-untyped-def]
    assert memory_facts("from next month the choir practice has shifted to thursdays").change
    assert policies(emb, "which evening is choir practice?",
                    ["choir practice is wednesday evenings in the church hall",
                     "from 3/5 choir practice shifted to thursday evenings"]) == ["superseded", "use"]


def test_a_thing_given_up_contradicts_what_was_said_of_it() -> None:
    old, new = "my headphones: Sony XM4, noise cancelling", "sold the XM4 on a swap site, using some Bose QC45 now"
    assert _compare(memory_facts(old), old, memory_facts(new), new, 0.25)["conflict"] == 1.0
    # Selling something the older memory does not name says nothing against it.
    other = "sold the old bike on a swap site, using the bus now"
    assert _compare(memory_facts(old), old, memory_facts(other), other, 0.25)["gone"] == 0.0


def test_a_thing_given_up_supersedes_though_the_request_asks_its_other_part(emb) -> None:  # type: ignore[no-untyped-def]
    # The request asks about the slots, which the newer memory does not mention: the camera is gone all the same.
    assert policies(emb, "what speed do my SD cards need to be for my camera?",
                    ["main camera: Fujifilm X-T4, two SD card slots",
                     "sold the X-T4 to a neighbour, shooting on a Nikon Z6 now"]) == ["superseded", "use"]


def test_the_attribute_both_give_a_value_of_is_what_the_newer_one_speaks_to(emb) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "which platform does Oisin's train leave from, and at what time?",
                    ["Oisin's train platform is 4, departure 8:10 from Heuston",
                     "app updated: platform is 7, departure 8:10"])[0] == "superseded"
    # A thing both only mention is whose attribute is asked, not the attribute.
    req = request_facts("what's the postcode of my garage on Mill Lane?", [])
    assert not _asked_anchor("the garage is on Mill Lane, MOT booked friday 2pm", "garage rang, they've moved me to monday 9am", req)
    assert _asked_anchor("the garage postcode is LS6 2AB", "garage postcode: LS6 9ZZ on the new letters", req) == {"postcod"}


def test_collective_nouns_name_a_group_that_takes_part() -> None:
    assert request_facts("write a warm-up plan for the under-10 netball squad I coach", []).serves == "group"
    assert request_facts("my cousin's uni gang is visiting, plan a lunch for them", []).serves == "group"


def test_a_question_picking_a_group_names_no_group_taking_part() -> None:
    assert request_facts("which team has won the most league titles since 2000?", []).serves == "user"
    assert request_facts("plan a lunch for my team on friday", []).serves == "group"


def test_a_message_passed_on_is_someone_elses_claim(emb) -> None:  # type: ignore[no-untyped-def]
    assert memory_facts("my aunt forwarded that the new passports have a microchip you can track").reported
    assert policies(emb, "can passports be tracked by a microchip?",
                    ["my aunt forwarded that the new passports have a microchip you can track"]) == ["ignore_as_evidence"]
    assert not memory_facts("I forwarded the invoice to the accountant").reported


def test_a_question_about_a_particular_occasion_is_not_about_the_world() -> None:
    assert not world_question("how much hay does the pony get tonight?")
    assert not world_question("what does the puppy eat tomorrow morning?")
    assert world_question("how much hay does a pony need?")


def test_a_question_on_what_should_be_done_is_a_task_not_about_the_world() -> None:
    assert not world_question("which door should the delivery driver use?")
    assert world_question("which planet has the longest day?")


# Session 9 review: the second round's cues must not reach questions they were not written for.
@pytest.mark.parametrize("query", ["Will the Bank of England cut interest rates next year?",
                                   "Which vitamins should adults take daily?",
                                   "What temperature should chicken be cooked to?"])
def test_world_questions_stay_world_questions(query):

    assert world_question(query)


def test_asking_the_assistant_to_tell_me_about_a_group_dinner_still_serves_the_group():

    assert request_facts("Can you tell me a good restaurant for my team's dinner?", []).serves == "group"
    assert request_facts("how should my team get in touch with me while I'm away?", []).serves == "user"
