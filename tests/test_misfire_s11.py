"""Session 11 misfires: ordinary sentences the session's new rules read wrongly, each next to the case its rule
was written for (which must still work)."""

from __future__ import annotations

import pytest

from memwarden.claims.restrictions import restriction_guess
from memwarden.claims.slots import detect_slot
from memwarden.retrieval.search import is_request
from memwarden.trust.polar import polar_parts
from memwarden.trust.stance import detect_stance


# 1. leaving or dropping a thing somewhere ends nothing ------------------------------------------------------------
@pytest.mark.parametrize("a, b", [
    ("I left the van at the mechanic's on Monday", "the van is still at the mechanic's"),
    ("we dropped the twins at nursery", "the twins are still at nursery"),
    ("I left my umbrella at Priya's", "my umbrella is still at Priya's, I'll grab it"),
    ("my cousin left for Australia in 2019", "my cousin is still in Australia"),
])
def test_leaving_a_thing_somewhere_is_no_end_of_it(a: str, b: str) -> None:
    assert detect_stance(a, b, cosine=0.7).label != "contradict"


@pytest.mark.parametrize("a, b", [
    ("we sold the campervan last spring", "we still have the campervan"),
    ("I left Tesco in June", "I'm still at Tesco"),
    ("I stopped taking the ramipril", "I still take ramipril every morning"),
])
def test_an_ended_state_said_to_go_on_still_contradicts(a: str, b: str) -> None:
    assert detect_stance(a, b, cosine=0.7).label == "contradict"


# 2. one place inside another, or a person and a place, are not two places ------------------------------------------
@pytest.mark.parametrize("a, b", [
    ("the summit is in Vienna", "the summit is at the Hotel Sacher"),
    ("Grandad is in Bristol", "Grandad is in Southmead Hospital"),
    ("our dentist is Dr Okafor", "our dentist is in Headingley"),
    ("the gig is at the Roundhouse", "the gig is in London"),
])
def test_nested_places_or_a_person_and_a_place_do_not_contradict(a: str, b: str) -> None:
    assert detect_stance(a, b, cosine=0.7).label != "contradict"


@pytest.mark.parametrize("a, b", [
    ("the ceilidh is in the Town Hall in Peebles", "the ceilidh is at Kailzie Barn near Innerleithen"),  # two venues
    ("the farewell is at the Crown Inn", "the farewell's happening in Maya's garden in Frome"),
    ("our dentist is Dr Varga in Hexham", "our dentist's Dr Olsen at Corbridge"),                                # two people
])
def test_one_thing_at_two_venues_or_with_two_people_still_contradicts(a: str, b: str) -> None:
    assert detect_stance(a, b, cosine=0.6).label == "contradict"


# 3. a word of time tells versions of one thing apart, not two things ------------------------------------------------
@pytest.mark.parametrize("a, b", [
    ("the plumber's quote is £900", "the latest quote is £780"),
    ("my usual bus is 8:05", "my new bus is 8:20"),
    ("the original budget was £12,000", "the current budget is £15,000"),
])
def test_time_words_do_not_make_two_things(a: str, b: str) -> None:
    assert detect_stance(a, b, cosine=0.7).label == "contradict"


def test_two_modifiers_still_make_two_things() -> None:
    assert detect_stance("the water bill is £30 a month", "the phone bill is £25 a month", cosine=0.7).label == "unrelated"


# 4. the prescriber frame needs a drug-like object -------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "my manager put me on reception for the week", "they started me on overtime in March",
    "the trainer put me on weights", "A&E put me on crutches", "they've put us on standby",
])
def test_being_put_on_a_duty_or_an_aid_is_no_medication(text: str) -> None:
    assert not (detect_slot(text).attribute or "").startswith("medication")


@pytest.mark.parametrize("text, value", [
    ("the consultant put her on dabigatran", "dabigatran"),       # a drug-name ending
    ("my gp started me on candesartan", "candesartan"),
    ("they put him on glucosamine tablets", "glucosamine"),        # a drug-form word
    ("the clinic started me on vitamin D 1000 iu", None),          # names no single drug word: left alone
])
def test_a_drug_like_object_is_still_a_medication(text: str, value: str | None) -> None:
    attr = detect_slot(text).attribute or ""
    if value is None:
        assert not attr.startswith("medication:vitamin d")
    else:
        assert attr == f"medication:{value}"


# 5. a greeting is no request ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("query", [
    "Good afternoon, which bank am I with?", "Nice to hear from you, when is my flight?", "Good evening!",
    "Nice, what's my sister's name?",
])
def test_a_greeting_is_no_request(query: str) -> None:
    assert is_request(query) is False


def test_a_fitness_adjective_opening_a_query_still_asks() -> None:
    assert is_request("good places for brunch near us?") is True


# 6. "can <someone> <verb>?" asks a fact, "can I / we" asks leave -------------------------------------------------------
@pytest.mark.parametrize("query", ["Can Grandpa still ride a bike?", "Can Isla read yet?", "can the puppy climb stairs now?"])
def test_can_someone_else_is_a_question_of_fact(query: str) -> None:
    assert polar_parts(query) is not None


@pytest.mark.parametrize("query", ["Can I bring the dog to work?", "can we book the hall for Friday?", "May I swap shifts?"])
def test_can_i_or_we_is_still_asking_leave(query: str) -> None:
    assert polar_parts(query) is None


# 7. a rule the user sets someone else, or a day's news, is no restriction on the user --------------------------------
@pytest.mark.parametrize("text", [
    "I told my son to stay away from the canal", "we asked the neighbours to keep off our drive",
    "I told them no shoes in the house",
    "my flatmate keeps telling me no bins collection tomorrow", "the coach says no training tonight",
])
def test_a_rule_for_someone_else_or_news_is_no_restriction(text: str) -> None:
    assert restriction_guess(text) is None


@pytest.mark.parametrize("text, key", [
    ("the dietitian told me to stay away from liquorice", "restriction:liquorice"),
    ("my GP keeps telling me no caffeine", "restriction:caffeine"),
    ("surgeon says no lifting", "restriction:lifting"),
])
def test_a_rule_set_for_the_user_is_still_typed(text: str, key: str) -> None:
    g = restriction_guess(text)
    assert g is not None and (g.attribute or "").startswith(key)
