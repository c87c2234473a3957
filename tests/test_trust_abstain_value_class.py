"""What counts as a value of the class a question asks (trust/attribute.py ``states``, trust/names.py):
a place is no month or word of the question, a person's name no place or acronym, a span of years a number
of years, an organisation a capitalised name (session 10)."""

import pytest

from memwarden.trust.attribute import asked, states


def says(query: str, text: str) -> bool:
    a = asked(query)
    assert a is not None
    return states(a, text, query)


@pytest.mark.parametrize(("query", "text", "expected"), [
    # a month or a weekday after "in"/"on" is no venue
    ("where is the christening being held?", "the christening is in october, can't wait", False),
    ("where is the christening being held?", "the christening is on saturday", False),
    ("where is the christening being held?", "the christening is at St Mary's on the 4th", True),
    ("where is the christening being held?", "christening will be in the village hall", True),
    # the question's own capitalised word is not the answer, nor an owner before "'s"
    ("Where is my CPR refresher taking place?", "my CPR refresher is coming up soon", False),
    ("Where is my CPR refresher taking place?", "CPR refresher is at the Riverside Centre", True),
    ("where is the wedding?", "so excited for Priya's wedding", False),
    # "to" of an infinitive is no destination; "off to oslo" is one
    ("where are we staying?", "we still need to sort out the beds", False),
    ("where are we going on holiday?", "off to oslo in august", True),
    ("where are we meeting?", "meeting at home this time", True),
])
def test_a_place_is_named_after_a_place_preposition(query, text, expected):
    assert says(query, text) is expected


@pytest.mark.parametrize(("query", "text", "expected"), [
    # a relation's or an agent's name: a place after in/at, or an acronym, is not it
    ("What's the name of dad's cardiologist?", "dad sees a cardiologist at Royal Free next week", False),
    ("What's the name of dad's cardiologist?", "dad's ECG is booked, the cardiologist will go over it", False),
    ("What's the name of dad's cardiologist?", "dad's cardiologist is Dr Banerjee", True),
    ("What did my niece call the baby?", "my niece had the baby, they live in Hexham now", False),
    ("What did my niece call the baby?", "my niece named the baby Ottilie", True),
])
def test_a_persons_name_is_no_place_and_no_acronym(query, text, expected):
    assert says(query, text) is expected


def test_a_name_asked_of_a_place_keeps_the_names_after_prepositions():
    # "the name of the pub" is a place's name: "at the Red Lion" still says it
    assert says("What's the name of the pub?", "we ended up at the Red Lion again")


@pytest.mark.parametrize(("query", "text", "expected"), [
    ("How many years is the guarantee on the boiler?", "the boiler was fitted in two days, cost 2,900", False),
    ("How many years is the guarantee on the boiler?", "the boiler has a 10 year guarantee", True),
    ("How many months is the contract?", "the contract is 18 months, then rolling", True),
    ("How many weeks is the course?", "the course runs for 6 wks", True),
])
def test_a_number_of_years_months_or_weeks_is_asked_with_its_unit(query, text, expected):
    assert says(query, text) is expected


@pytest.mark.parametrize("query", ["How much money did the stall make at the fair?",
                                   "how much income does the lodger bring in?"])
def test_how_much_money_asks_an_amount_not_a_count(query):
    assert asked(query).value == "amount"
    assert not says(query, "the stall did brilliantly at the fair, 54 sales")
    assert says(query, "the stall made £380 at the fair")


@pytest.mark.parametrize(("query", "text", "expected"), [
    # an organisation the question asks for is said by its name, not its category word
    ("what brand is my new kettle?", "got a new kettle, the shiny Smeg one", True),
    ("what brand is my new kettle?", "got a new kettle at Argos in town", False),
    ("which airline are we flying with?", "flying out on Aer Lingus on the 3rd", True),
    ("which airline are we flying with?", "we're off to Dublin on the 3rd", False),
])
def test_an_organisation_is_said_by_its_name(query, text, expected):
    assert says(query, text) is expected


@pytest.mark.parametrize("query", ["How many months passed between the two moves?",
                                   "After how many weeks did she go back to work?"])
def test_a_span_between_events_is_not_asked_as_a_stated_length(query):
    # the memories' own dates answer it: no "N months" need be said
    assert asked(query).value != "measure"
