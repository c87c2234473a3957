"""Issue 12, session 6: the kinds of wording the freshest held-out author's policy probes were missed on,
each tested in wording and topics written for these tests (not the eval files'), so a rule keyed on an
eval case's phrase would fail here."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.governance.facts import memory_facts
from memwarden.governance.policy import MemoryView, classify
from memwarden.governance.values import value_kinds
from memwarden.providers.embedder import default_embedder


@pytest.fixture(scope="module")
def emb():  # type: ignore[no-untyped-def]
    return default_embedder()


def policies(emb, query, texts, evidence=()):  # type: ignore[no-untyped-def]
    views = [MemoryView(id=f"m{k + 1}", text=x, speaker="user", time=datetime(2026, 3, k + 1, tzinfo=timezone.utc))
             for k, x in enumerate(texts)]
    return [u.policy for u in classify(emb, query, list(evidence), views)]


# --- hearsay: a telling verb with its hearer is someone else's claim -----------------------------

def test_telling_verbs_with_a_hearer_report_someone_elses_claim(emb) -> None:  # type: ignore[no-untyped-def]
    assert memory_facts("my uncle warned us that cracking your knuckles gives you arthritis").reported
    assert memory_facts("The user's coach hammered it into the user that stretching before a run prevents injury").reported
    assert not memory_facts("I told my boss I'd be late on Friday").reported  # the user tells: no hearsay
    assert policies(emb, "does cracking your knuckles really cause arthritis?",
                    ["my grandad always told us cracking your knuckles gives you arthritis, so i sit on my hands"]) \
        == ["ignore_as_evidence"]


# --- a newer memory on the same thing ----------------------------------------------------------

def test_swapping_one_thing_for_another_is_a_change(emb) -> None:  # type: ignore[no-untyped-def]
    assert memory_facts("swapped the old hatchback for an electric van in april").change
    assert memory_facts("as of this week i'm on the night shift rota").change
    assert policies(emb, "how do I turn on dark mode on my phone?",
                    ["my phone is a Pixel 6, a bit battered", "finally swapped my Pixel for an iPhone 15 at the weekend"]) \
        == ["superseded", "use"]


def test_a_change_to_another_named_value_needs_no_shared_word() -> None:
    from memwarden.governance.features import SWAP_SIM, _compare
    old, new = "the cat is registered at Meadowbank Vets", "fed up with the prices, so i've switched to Oakfield Animal Clinic"
    # No word in common but the change and the two names: close enough, it is another value of the same thing.
    assert _compare(memory_facts(old), old, memory_facts(new), new, SWAP_SIM + 0.02)["conflict"] == 1.0
    # ... but not when the two are far apart, nor without a stated change.
    assert _compare(memory_facts(old), old, memory_facts(new), new, SWAP_SIM - 0.1)["conflict"] == 0.0
    plain = "Oakfield Animal Clinic has a big car park"
    assert _compare(memory_facts(old), old, memory_facts(plain), plain, SWAP_SIM + 0.02)["conflict"] == 0.0


# --- whose portion and whom the request serves -------------------------------------------------

def test_abstaining_from_food_or_drink_is_the_users_own_portion(emb) -> None:  # type: ignore[no-untyped-def]
    assert memory_facts("cutting out sugar until my birthday").own_portion
    assert memory_facts("been teetotal since new year").own_portion
    assert policies(emb, "help me plan the desserts for our street party, about 40 neighbours",
                    ["cutting out sugar until my birthday, week 3 now"]) == ["constrain_to_scope"]


def test_a_rule_about_one_person_does_not_shape_a_request_for_another(emb) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "recommend a book for my colleague's leaving present",
                    ["screen rule for ava: no phone at the dinner table, she is 9"]) == ["constrain_to_scope"]


def test_news_of_a_change_is_no_rule_for_a_setting(emb) -> None:  # type: ignore[no-untyped-def]
    # "at the clinic" names where the record is kept, not a setting the fact was stated for.
    assert policies(emb, "who is my emergency contact?",
                    ["my emergency contact at the clinic should be my sister now, not my dad anymore"]) == ["use"]


# --- evidence that contradicts or withdraws what a memory relies on -----------------------------

def test_a_labels_prohibition_on_what_a_habit_uses_decides(emb) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "can I have my usual ibuprofen for this back ache?",
                    ["my go-to for back ache is ibuprofen, 400mg"],
                    ["Leaflet for the naproxen tablets prescribed today: do not take with ibuprofen or other anti-inflammatory painkillers."]) \
        == ["defer_to_evidence"]


def test_a_notice_that_a_thing_is_withdrawn_or_will_change_decides(emb) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "where should I put the design doc for the new feature?",
                    ["team docs live in the Confluence space, always put design docs there"],
                    ["Announcement (last week): the Confluence space is deprecated and will be archived on 1 May. New docs go in Notion."]) \
        == ["defer_to_evidence"]
    assert policies(emb, "how much will my phone contract cost next month?",
                    ["my phone contract is £18 a month, sim only"],
                    ["Text from the network, 3 March: from 1 April your monthly plan price will rise to £19.75."]) \
        == ["defer_to_evidence"]


def test_a_price_with_pence_is_money_not_a_clock_time() -> None:
    assert set(value_kinds("your plan will rise to £19.75")) == {"money"}
    assert set(value_kinds("the fee is 34.99 a month")) != {"time"}
    assert set(value_kinds("the train leaves at 9.45")) == {"time"}


# --- found on the session's own first-run batch (probe batch s6a) ---------------------------------

def test_own_plate_words_without_a_subject_are_the_users(emb) -> None:  # type: ignore[no-untyped-def]
    assert memory_facts("off the caffeine until the baby sleeps through").about_user
    assert not memory_facts("Priya is allergic to sesame").about_user
    assert policies(emb, "what should we cook for the book club supper? eight of us",
                    ["off the caffeine and chocolate this month, doctor's orders"]) == ["constrain_to_scope"]


def test_godchildren_and_grandchildren_are_other_people(emb) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "what should I get my grandson for his 14th birthday?",
                    ["tablet rule for our mia: one hour a day and never in her room, she's 7"]) == ["constrain_to_scope"]


def test_a_notice_changing_what_a_preference_chooses_decides(emb) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "how do I log my hours this week?",
                    ["timesheets go in the harvest app, always fill it in on fridays"],
                    ["Ops notice: Harvest is retired at the end of the month and will be switched off; log hours in the HR portal."]) \
        == ["defer_to_evidence"]


# --- found on probe batch s6b (first run 12/14, written after batch s6a's fixes) ------------------

def test_every_form_of_a_telling_verb_reports(emb) -> None:  # type: ignore[no-untyped-def]
    assert memory_facts("our scout leader used to tell us that moss always grows on the north side of trees").reported
    assert memory_facts("my aunt keeps warning me that microwaves zap the nutrients out of food").reported


def test_my_own_thing_is_a_request_for_the_user_alone(emb) -> None:  # type: ignore[no-untyped-def]
    from memwarden.governance.request import request_facts
    assert request_facts("what should I pack for my own journey to work?", []).solo
    assert policies(emb, "what shall I cook for my own dinner tonight?", ["my stepdad is diabetic"]) == ["constrain_to_scope"]
