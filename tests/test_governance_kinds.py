"""Issue 12, session 5: each kind of wrong policy found on the hand-written sets, tested in wording
written for these tests (other topics than the eval files), so a rule that keyed on a case's phrase
would fail here."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.governance.facts import contexts, memory_facts
from memwarden.governance.values import value_kinds
from memwarden.governance.policy import MemoryView, classify
from memwarden.governance.request import request_facts, world_question
from memwarden.providers.embedder import default_embedder


@pytest.fixture(scope="module")
def emb():  # type: ignore[no-untyped-def]
    return default_embedder()


def t(day: int) -> datetime:
    return datetime(2026, 2, day, tzinfo=timezone.utc)


def policies(emb, query, texts, evidence=()):  # type: ignore[no-untyped-def]
    views = [MemoryView(id=f"m{k + 1}", text=x, speaker="user", time=t(k + 1)) for k, x in enumerate(texts)]
    return [u.policy for u in classify(emb, query, list(evidence), views)]


# --- numbers: another value only of the same kind ------------------------------------------------

def test_numbers_are_typed_before_they_conflict(emb) -> None:  # type: ignore[no-untyped-def]
    assert set(value_kinds("the bus ride is 35 minutes")) == {"duration"}
    assert set(value_kinds("the bus leaves at 7:50")) == {"time"}
    # A duration and a departure time are two things: neither replaces the other.
    assert policies(emb, "when do I need to be at the stop for the 7:50 bus?",
                    ["the bus ride to college is 35 minutes", "my bus to college leaves at 7:50"]) == ["use", "use"]
    # Two prices of one permit are two values of one thing.
    assert policies(emb, "how much is my parking permit this year?",
                    ["the residents' parking permit costs 60 a year",
                     "the council put the residents' parking permit up to 75 a year"]) == ["superseded", "use"]


# --- a question about the user's own affairs is not a question about the world -------------------

def test_whose_affairs_a_question_asks_about() -> None:
    assert not world_question("When will I hear back about the visa application?")
    assert not world_question("Am I entitled to a refund for the cancelled concert?")
    assert not world_question("What temperature do I bake my usual sourdough at?")
    # A yes/no question whose subject is any thing of a kind asks how the world is, "my" or not.
    assert world_question("Does a pricier router give faster wifi in my flat?")
    # An impersonal "you" asks about the world; "can you <do a task>" asks the assistant.
    assert world_question("Can you really catch a cold from going out with wet hair?")
    assert not world_question("Can you book a table for two at eight?")


# --- who vouches: the user's own documents and examiners, not hearsay --------------------------

def test_a_document_or_examiner_of_the_users_things_is_not_hearsay() -> None:
    assert not memory_facts("my lease says the deposit comes back within ten days").reported
    assert not memory_facts("the vet checked my dog's teeth and said they're fine for another year").reported
    assert memory_facts("my cousin says the deposit never comes back in full").reported
    # Apostrophes of possessives and contractions are not quotation marks (no quoted "view").
    assert not memory_facts("the café's oat latte is 3.50, that's what I always get").held_view


def test_someones_account_that_a_remedy_works_is_no_evidence(emb) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "Should I drink apple cider vinegar for my migraines?",
                    ["my coworker Lin said apple cider vinegar cured her migraines in a week"]) == ["ignore_as_evidence"]


def test_a_habit_kept_for_a_reason_is_no_evidence_on_that_reason(emb) -> None:  # type: ignore[no-untyped-def]
    habit = "I always rinse rice three times, otherwise it goes gluey"
    assert memory_facts(habit).rationale
    assert policies(emb, "Does rinsing rice really stop it going sticky?", [habit]) == ["ignore_as_evidence"]
    assert policies(emb, "Plan three dinners with rice for me this week", [habit]) == ["use"]


# --- whose need, and whom the request serves ------------------------------------------------------

def test_another_persons_need_when_the_user_is_alone(emb) -> None:  # type: ignore[no-untyped-def]
    need = "Amara can't eat gluten, not even a crumb"
    assert memory_facts(need).other_subject
    solo = request_facts("Amara's at a conference till Sunday, so it's just me - any pasta ideas?", [])
    assert solo.solo and not solo.beneficiaries
    assert policies(emb, "Amara's at a conference till Sunday, so it's just me - any pasta ideas?", [need]) == \
        ["constrain_to_scope"]
    assert policies(emb, "Amara is coming round for lunch, what pasta should I make for us?", [need]) == ["use"]


def test_news_of_a_change_informs_a_request_for_someone_else(emb) -> None:  # type: ignore[no-untyped-def]
    # Not a taste: nothing to keep out of a message to another person.
    assert policies(emb, "Write an intro email to my new manager",
                    ["I switched teams last month, I'm on the payments squad now"]) == ["use"]


def test_a_rule_for_the_users_own_affairs_does_not_govern_a_group(emb) -> None:  # type: ignore[no-untyped-def]
    assert memory_facts("personal rule: no screens after 10pm").own_only
    assert policies(emb, "Plan a sleepover for my daughter and five of her friends",
                    ["personal rule: no screens after 10pm"]) == ["constrain_to_scope"]


def test_a_clause_opening_with_a_setting_scopes_only_a_rule() -> None:
    assert not contexts("Physio clinic did an assessment and found nothing wrong", scoped_only=True)
    assert contexts("Clinic rule: always double-check doses with a second nurse", scoped_only=True) == {"work"}


# --- evidence ------------------------------------------------------------------------------------

def test_a_dated_change_in_the_evidence_decides_a_requirement_does_not(emb) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "where will my parcels get delivered next week?",
                    ["my parcels get delivered to the parcel locker at the station"],
                    ["Courier notice: from 3 May parcel lockers at stations will be withdrawn; parcels will be held "
                     "at the nearest post office."]) == ["defer_to_evidence"]
    assert policies(emb, "can I get into the trade fair on Thursday?", ["my photo ID card is valid until 2030"],
                    ["Trade fair entry: visitors must show a valid photo ID at the gate."]) == ["use"]


# --- newer memories ------------------------------------------------------------------------------

def test_a_newer_memory_replaces_only_the_part_it_changes(emb) -> None:  # type: ignore[no-untyped-def]
    old = "the class reunion is on 12 July at the Red Lion, Kasia is organising it"
    new = "reunion venue changed, it's at the Crown now"
    assert policies(emb, "who is organising the class reunion, Kasia?", [old, new]) == ["use", "use"]
    assert policies(emb, "which pub is the reunion at?", [old, new]) == ["superseded", "use"]


def test_since_a_life_event_states_a_change() -> None:
    assert memory_facts("since the ankle injury I stick to flat routes").change


def test_an_organisations_rule_does_not_replace_the_users_own_preference(emb) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "How do ISAs work? Keep it short.",
                    ["I like answers in bullet points, please", "our agency's style for client reports is full paragraphs"]
                    )[0] == "use"


def test_an_attribute_of_the_user_informs_a_request_for_someone_else(emb) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "Can I be a bone marrow donor for my cousin?", ["my tissue type is HLA-A2"]) == ["use"]
    # A taste stated the same way is still one person's taste.
    assert policies(emb, "Choose a cake for my cousin's christening, 40 guests",
                    ["my favourite cake is lemon drizzle"]) == ["constrain_to_scope"]


def test_options_with_and_without_what_a_preference_wants_are_for_it_to_choose(emb) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "Book me a gym near the office", ["I want a gym with a sauna"],
                    ["Nearby: FitHub (sauna, 45 GBP/month); PulseGym (no sauna, 29 GBP/month)."]) == ["use"]


def test_a_speaker_label_is_not_the_subject(emb) -> None:  # type: ignore[no-untyped-def]
    # Stored as "The user: <words as said>": the words are a saying about the weather, not about the user.
    saying = "The user: a ring around the moon means rain within three days, never fails"
    assert memory_facts(saying).world_claim
    assert policies(emb, "does a halo around the moon really predict rain?", [saying]) == ["ignore_as_evidence"]


def test_a_place_the_user_rates_defers_to_evidence_that_it_is_shut(emb) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "get me a haircut at my usual place on Saturday",
                    ["the barber on Mill Lane gives the best fade in the city"],
                    ["Maps: Mill Lane Barbers - permanently closed."]) == ["defer_to_evidence"]
