"""Abstention per attribute on everyday wording, session 20: a question typed the quick way ("whats", "pw", "addy",
"bday", "the plumber's no."), a count ("how many people are coming"), who someone is ("who's jake again"), and an
amount that its own sentence gives to another thing ("the hotel was 900 lira" for the flight). Both sides: the
question with its answer stored is answered, without it refused. Wording here is this file's own."""

from datetime import datetime, timezone

import pytest

from memwarden.trust.asked import asked, everyday
from memwarden.trust.attribute import _held_elsewhere, states
from test_trust_abstain_kinds import ask, store_at

T0 = datetime(2025, 10, 6, 9, tzinfo=timezone.utc)


def abstains(turns: list[str], query: str) -> bool:
    return ask(store_at(T0, *turns), query, T0).abstained


@pytest.mark.parametrize(("query", "written"), [
    ("whats the wifi pw", "what's the wifi password"),
    ("whats maya's addy", "what's maya's address"),
    ("when is nina's bday?", "when is nina's birthday?"),
    ("what's dad's dob", "what's dad's date of birth"),
    ("what time is my appt", "what time is my appointment"),
    ("whats sam's mob?", "what's sam's phone number?"),
    ("what was the plumber's no.", "what was the plumber's number"),
    ("what's the car reg", "what's the car registration number"),
])
def test_everyday_short_forms_are_read_as_their_words(query, written):
    assert everyday(query) == written


@pytest.mark.parametrize("query", [
    "did she say no?",            # a "no" that answers is no number
    "what was the answer, no or yes?",
    "what was my herd's cell count",  # a cell count is no phone
])
def test_words_that_only_look_like_short_forms_stay(query):
    assert "number" not in everyday(query)


@pytest.mark.parametrize(("query", "value"), [
    ("whats the wifi pw", "code"),
    ("whats maya's addy", "address"),
    ("whats my bday", "date"),
    ("what's my sister's birthday?", "date"),
    ("how many people are coming to the barbecue?", "count"),
    ("how many chairs did we hire", "count"),
    ("who's jake again", "identity"),
    ("who is Priya?", "identity"),
])
def test_the_value_asked(query, value):
    assert asked(query).value == value


@pytest.mark.parametrize("query", [
    "how many times did I go to the gym in May?",  # counted from the memories, no stated count
    "how many weeks between the scan and the birth?",
    "who's coming to the barbecue?",  # asks a person, not who one is
    "who is my dentist?",
])
def test_questions_that_ask_no_count_or_identity(query):
    assert asked(query).value not in ("count", "identity")


def test_a_count_is_no_date_time_or_money():
    a = asked("how many guests are coming to the party?")
    assert states(a, "we've got about 40 guests coming", a_query := "how many guests are coming to the party?")
    assert states(a, "two dozen guests so far", a_query)
    assert not states(a, "the party is on the 14th at 7:30pm", a_query)
    assert not states(a, "the party is in 2026, the venue is £300", a_query)


def test_an_amount_given_to_another_thing_is_no_price_of_the_thing_asked():
    q = "how much was the flight?"
    a = asked(q)
    assert not states(a, _held_elsewhere("the hotel in izmir was 900 lira", a.topic), q)
    assert states(a, _held_elsewhere("the flight to izmir was £240", a.topic), q)
    assert states(a, _held_elsewhere("it was £240 return", a.topic), q)
    assert states(a, _held_elsewhere("paid £240 for it in the end", a.topic), q)
    # the answer-value ranking still reads the amount: a thing may be named by a related word
    assert states(a, "the hotel in izmir was 900 lira", q)


@pytest.mark.parametrize(("turns", "query", "refused"), [
    # a password said after its noun answers; a cabin with no password stated does not (this refusal fails on main)
    (["the wifi password at the cabin is pinecone77"], "whats the wifi pw", False),
    (["we're staying at the cabin by the lake, the wifi is decent"], "whats the wifi pw", True),
    # a count (this refusal fails on main)
    (["we've got 40 people coming to the barbecue"], "how many people are coming to the barbecue?", False),
    (["the barbecue is on Saturday at my place"], "how many people are coming to the barbecue?", True),
    # who someone is: any memory mentioning them, lowercase or not
    (["my neighbour priya lent us her ladder", "priya works nights as a nurse"], "who's priya again", False),
    (["my neighbour priya lent us her ladder"], "who's jake again", True),
    # an address typed short
    (["Sam's new address is 14 Elm Road, Leeds"], "whats sam's addy", False),
    (["Sam moved house last month, somewhere near Leeds"], "whats sam's addy", True),
    # a phone number typed short
    (["the plumber is Gary, his number is 07700 900123"], "whats the plumber's no.", False),
    (["the plumber Gary fixed the boiler on Tuesday"], "whats the plumber's no.", True),
    # a price belongs to what its sentence opens on
    (["the flights to izmir were £240 return", "the hotel is booked too"], "how much was the flight?", False),
    (["the hotel in izmir was 900 lira for three nights", "booked the flights to izmir for june"],
     "how much was the flight?", True),
])
def test_both_sides(turns, query, refused):
    assert abstains(turns, query) is refused


@pytest.mark.parametrize(("turn", "query"), [
    # Review-found (session 20): the memory keeps its own short form, or states the value without the full word.
    ("the electrician's mob is 07700 811234, ask for kev", "whats the electrician's mob"),
    ("the electrician's mob is 07700 811234, ask for kev", "what's the electrician's phone number?"),
    ("aunt rosa's cell is 555 0199", "what's aunt rosa's cell"),
    ("the wifi at the caravan is 'greenkettle9'", "whats the wifi pw at the caravan"),
    ("our dogs Biscuit and Pepper went mad at the postman", "how many dogs do we have"),
])
def test_a_value_stored_in_short_or_plain_words_answers(turn, query):
    assert not abstains([turn], query)


@pytest.mark.parametrize(("turn", "query"), [
    ("the youth cell group meets at Dana's on fridays", "whats dana's cell"),
    ("the wifi at the caravan is awful, keeps cutting out", "whats the wifi pw at the caravan"),
    ("our dogs went mad at the postman again", "how many dogs do we have"),
])
def test_the_short_form_alone_states_no_value(turn, query):
    assert abstains([turn], query)


@pytest.mark.parametrize(("turns", "query"), [
    # Session 20, LoCoMo's development half: a count told over several memories, one event each, and a rank said
    # with "number one", are answers (both were refused after the count and identifying-number rules).
    (["Priya adopted a kitten from the rescue in May", "in August Priya adopted another kitten"],
     "how many kittens has Priya adopted?"),
    (["Getting promoted is Ravi's number one goal this year"], "what is Ravi's number one goal this year?"),
])
def test_counts_told_event_by_event_and_ranks_are_answered(turns, query):
    assert not abstains(turns, query)
