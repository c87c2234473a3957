"""An amount said without a currency sign (trust/magnitude.py): a number followed by a currency, or
in a clause about paying, answers "how much"; a number that is a count, a time, a date, an age, an
identifier, a capacity or a measure does not."""

import pytest

from test_trust_abstain_kinds import ask, store

from memwarden.trust.magnitude import states_magnitude


@pytest.mark.parametrize("text", [
    "the plumber quoted 850 for the whole job",
    "rent went up to 1,275 from march",
    "she's charging 30 a session now",
    "I pay my cleaner 60 each week",
    "the course fee is two thousand four hundred",
    "we spent 3.200,50 on the flights",
    "paid 1200 zloty for the sofa",
    "the deposit was 900, all back",
    "tuition is 14 500 a year",
    "we pay the babysitter 15 an hour",
])
def test_a_bare_amount_is_read(text):
    assert states_magnitude(text), text


#: Everyday numbers that are no amount: counts, clock times, dates, years, ages, identifiers, measures.
NOT_AMOUNTS = [
    "I go to the gym 3 times a week",
    "my gym is on 45 Elm Street",
    "the gym opens at 6",
    "my mum is 64 and retired",
    "we have 2 kids and a dog",
    "flat 12 is ours",
    "the 172 bus goes right past it",
    "I was born in 1987",
    "the meeting is at 1500",
    "I ran 10 km this morning",
    "my account ends 0932",
    "I got 187/300 in the mock",
    "we were 150 people at the wedding",
    "the dog weighs 30 kg",
    "room 101 on the second floor",
    "I've been there 100 times",
    "my train is the 07:41",
    "chapter 11 was the best one",
    "it took 200 hours to finish",
    "she turned 40 in May",
    "we moved in 2019",
    "the modelo 790 form is done",
    # a code-blind review's (session 13): a count, a flight, a capacity, a page count, a room number
    "we invited 150 to the wedding and only 90 came",
    "my flight is BA 283 from Heathrow",
    "the piano has 88 keys and weighs 250",
    "the gym has room for 300",
    "The novel is over 900",
    "our hotel room was 304",
    "I walked 12000 steps today",
    # paying words beside a number that is no amount
    "pay day is the 25",
    "I get paid on the 28",
    "we spent 3 days in Rome",
    "the fee covers 150 people",
    "paid it off in 2019",
    "the loan is for 25 years",
    "mortgage has 240 payments left",
]


@pytest.mark.parametrize("text", NOT_AMOUNTS)
def test_a_number_another_kind_claims_is_no_amount(text):
    assert not states_magnitude(text), text


@pytest.mark.parametrize(("turn", "query"), [
    ("the new boiler was 2,350 all in, paid it off today", "how much did the boiler cost?"),
    ("rent is thirteen fifty, due on the first", "how much is my rent?"),
    ("insurance is paying out sixty two hundred for the old car", "how much is insurance paying out?"),
    ("we agreed 6500 for the deposit on the flat", "how much is the deposit on the flat?"),
])
def test_how_much_is_answered_by_a_bare_amount(turn, query):
    res = ask(store(turn, "the weather has been grim all week"), query)
    assert not res.abstained, res.abstain_detail


@pytest.mark.parametrize(("turn", "query"), [
    # 'how much is my X' asks money since session 22 (trust/asked.py), which a count does not state
    ("I go to the gym 3 times a week", "how much is my gym membership?"),
    ("my rent is due on the 1st, paid by standing order", "how much is my rent?"),
    ("the boiler was fitted in 2019 by Dave", "how much did the boiler cost?"),
    ("my mum is 64 and still working at the school", "how much does my mum earn?"),
    ("the nursery is at 42 Park Road", "how much do we pay for the nursery?"),
    ("we invited 150 to the wedding and only 90 came", "how much did our wedding cost?"),
    ("my flight is BA 283 from Heathrow", "how much did I pay for the flights?"),
    ("the piano has 88 keys and weighs 250", "how much does the piano cost?"),
    ("our hotel room was 304, lovely view", "how much did the hotel cost per night?"),
])
def test_how_much_still_abstains_beside_a_number_of_another_kind(turn, query):
    res = ask(store(turn, "the weather has been grim all week"), query)
    assert res.abstained, (query, [h.memory for h in res.results[:2]])
