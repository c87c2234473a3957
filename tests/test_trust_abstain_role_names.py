"""Abstention on a role's name, a count of one thing and a 24-hour clock time, session 21 (issue 11.4). A name
question about a role ("what's the vet's name?") is answered by a memory giving the role a name beside it, not by a
memory that mentions the role unnamed and names someone or somewhere else; a count question by the count of the
thing asked, not of another thing with its own noun; "21h10" is a time. Both sides; the wording is this file's own."""

from datetime import datetime, timezone

import pytest

from memwarden.trust.asked import asked
from memwarden.trust.asked_role import counted_noun, named_role, names_role, other_counts_dropped
from memwarden.trust.attribute import states
from test_trust_abstain_kinds import ask, store_at

T0 = datetime(2025, 11, 3, 9, tzinfo=timezone.utc)


def abstains(turns: list[str], query: str) -> bool:
    return ask(store_at(T0, *turns), query, T0).abstained


@pytest.mark.parametrize(("query", "role"), [
    ("what's the vet's name?", "vet"),
    ("what's the name of my piano teacher?", "teacher"),
    ("what's the name of Lena's boyfriend?", "boyfriend"),
    ("who is the new tenant in the top flat?", "tenant"),
    ("what's our new neighbour called?", "neighbour"),
    ("which locksmith did we use?", "locksmith"),
    ("who's the physio doing my knee?", "physio"),
    ("who is our broadband with?", None),   # who provides it, not its name
    ("who fixed the gate?", None),           # a doer, no role
    ("who is Marta?", None),                 # a name, no role
])
def test_the_role_a_name_question_asks(query, role):
    assert named_role(query) == role


@pytest.mark.parametrize("text", [
    "our vet is Dr Okoye",
    "Gemma Hale, the vet, rang back",
    "took the cat to the vet, a lovely woman called Ines",
    "Dr. Amsel is the user's vet",
    "Ruairi (vet) says she's fine",
    "the vet's name is Petra",
    "the vet will be my cousin Aoife",
])
def test_a_name_beside_the_role_names_it(text):
    assert names_role("vet", text, "what's the vet's name?") is True


@pytest.mark.parametrize("text", [
    "had to take Pickle to the vet in Morpeth",     # the pet and the town, not the vet
    "Pickle hates the vet, shook the whole way",
    "called Tomasz and the vet is coming Thursday",  # someone else called, the vet unnamed
])
def test_a_role_mentioned_without_its_name_names_nobody(text):
    assert names_role("vet", text, "what's the vet's name?") is False


def test_a_memory_not_mentioning_the_role_is_left_to_the_name_test():
    assert names_role("vet", "Ines said the jab is due in March", "what's the vet's name?") is None


def test_a_name_question_is_refused_when_the_role_is_only_mentioned():
    a = asked("what's the vet's name?")
    assert not states(a, "had to take Pickle to the vet in Morpeth", "what's the vet's name?")
    assert states(a, "our vet is Dr Okoye, very calm with her", "what's the vet's name?")


def test_the_end_to_end_role_name_both_sides():
    assert abstains(["had to rush Pickle to the vet in Morpeth last night, she ate a sock"],
                    "what's the vet's name?")
    assert not abstains(["had to rush Pickle to the vet last night, the vet on call was Dr Okoye"],
                        "what's the vet's name?")


@pytest.mark.parametrize(("query", "noun"), [
    ("how many bedrooms does the cottage have?", "bedroom"),
    ("how many spare rooms have we got", "room"),
    ("how many of the kids are coming?", "kid"),
    ("how many are coming on Saturday?", None),
])
def test_the_noun_a_count_question_counts(query, noun):
    assert counted_noun(query) == noun


def test_the_count_of_another_thing_is_no_count_of_the_thing_asked():
    assert "2" not in other_counts_dropped("bedroom", "the cottage has 2 bathrooms and a wood burner")
    assert "3" in other_counts_dropped("bedroom", "the cottage has 3 bedrooms and 2 bathrooms")
    assert "40" in other_counts_dropped("guest", "we'll be about 40 in the end")


def test_a_count_of_another_thing_is_refused_and_the_thing_asked_answered():
    assert abstains(["the cottage we booked has 2 bathrooms and a hot tub"], "how many bedrooms does the cottage have?")
    assert not abstains(["the cottage we booked has 4 bedrooms and a hot tub"], "how many bedrooms does the cottage have?")


@pytest.mark.parametrize("text", ["the coach leaves at 21h10", "boarding from 07h45", "report to the gate at 1430 hrs"])
def test_a_24_hour_clock_time_is_a_time(text):
    assert states(asked("what time does the coach leave?"), text, "what time does the coach leave?")


def test_a_24_hour_time_answers_the_time_question():
    assert not abstains(["the night bus to Lyon leaves at 22h40 from the coach station"],
                        "what time does the night bus leave?")


def test_a_first_person_question_shares_the_word_its_claim_is_filed_under():
    # "on earlies" says no "shift", but the claim's attribute does: the question is about the hit, however low its cosine
    assert not abstains(["back on earlies from Monday, 6 till 2"], "what shift am I on?")


@pytest.mark.parametrize(("role", "text", "named"), [
    ("dentist", "new dentist is dr mbeki on the high street", True),          # a titled name typed in lower case
    ("physio", "physio this week was mrs rhodes, really good", True),
    ("coach", "they gave us a coach for the season, it's Deniz from the under 12s", True),  # a clause later
    ("dentist", "went to the dentist, dr said my gums are fine", False),     # a verb after the title
    ("dentist", "dentist again, my dr appointment is the week after", False),
    ("coach", "we've got a coach now, it's a bit intense tbh", False),      # "it's" with no name
])
def test_a_name_typed_in_lower_case_or_a_clause_later(role, text, named):
    assert names_role(role, text, f"what's the {role} called?") is named


def test_lower_case_title_names_answer_end_to_end():
    assert not abstains(["our dentist is dr mbeki, lovely woman"], "whats the name of our dentist?")
    assert not abstains(["work gave me a buddy for the first month, it's Tomasz from accounts"], "who's my buddy at work?")
    assert abstains(["went to the dentist today, dr said my gums are fine"], "whats the name of our dentist?")
