"""Rules of the trust stage firing on wording they were not written for (session 10's review list): an
address after "from", a reply "No." before a count, a capitalised institution before a plural noun, a
letter-led code, a what-question whose head noun is not the value word further on, and a named person's
word passed on. Each case pairs the misfire with the wording the rule was written for, which must still fire."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.governance.values import value_kinds
from memwarden.models import ScoreParts, SearchHit
from memwarden.trust.answer_type import asked_type
from memwarden.trust.asked_head import states_former
from memwarden.trust.attribute import asked, states
from memwarden.trust.features import features
from memwarden.trust.lexicon import firmness
from memwarden.trust.values import VALUES, holds_quantity


def _hit(text: str) -> SearchHit:
    when = datetime(2026, 3, 1, tzinfo=timezone.utc)
    return SearchHit(id="m1", memory=text, user_id="u", score=1.0, scores=ScoreParts(fused=1.0),
                     created_at=when, updated_at=when, occurred_at=when)


# 1. "from" before an address says where from, not a former value.
@pytest.mark.parametrize("text", [
    "the courier collected it from 17 Birch Road this morning",
    "grabbed the spare key from 3 Harbour Lane on my way",
    "the taxi picked us up from 88 Quarry Close at six",
])
def test_an_address_after_from_is_no_former_value(text):
    assert not features(text).rejected
    assert not states_former(_hit(text), lambda t: bool(VALUES["address"].search(t)))


@pytest.mark.parametrize(("text", "rejected"), [
    ("the fee is 45 now, up from 40", "40"),
    ("she weighs 3.1kg, down from 3.6kg", "3.6"),
])
def test_a_change_from_a_value_still_names_the_former_one(text, rejected):
    assert rejected in features(text).rejected


def test_moving_from_an_address_is_still_a_former_one():
    hit = _hit("we moved from 17 Birch Road to a flat in Leith in June")
    assert states_former(hit, lambda t: bool(VALUES["address"].search(t)))


# 2. "No." is "number" only before a digit-led code, not a reply before a count.
@pytest.mark.parametrize("text", ["No. 3 more sessions and the course is done", "no. 2 days left on the trial",
                                  "No. 4 more weeks in the cast"])
def test_a_reply_no_before_a_count_is_not_a_record_number(text):
    assert "number" not in features(text).content


@pytest.mark.parametrize("text", ["the bus I need is No. 23 from the station", "we're at No.7 on the waiting list",
                                  "the woman at no. 14 reckons the hedge is hers"])
def test_no_before_a_code_is_still_a_number(text):
    f = features(text)
    assert "number" in f.content and not f.negated


# 5. A capitalised institution and a plural noun is no street address.
@pytest.mark.parametrize("text", ["there are 4 High Court sessions left this term", "2 Crown Court dates were moved",
                                  "we have 3 Magistrates Court appearances booked"])
def test_an_institution_before_a_plural_noun_is_no_address(text):
    assert not VALUES["address"].search(text)
    assert "address" not in value_kinds(text)


@pytest.mark.parametrize("text", ["the new place is 14 Orchard Court", "it's 9 Mill Lane, next to the chapel",
                                  "12 Ferry Road is where the van should go", "6 Abbey Court needs a new boiler"])
def test_a_street_address_is_still_one(text):
    assert VALUES["address"].search(text)
    assert "address" in value_kinds(text)


# 8. A letter-led code ("V4", "M6", "B737") is a model, a road or a plane, not a number value.
@pytest.mark.parametrize("text", ["we went for the V4 in the end", "the M6 was shut again", "flying on a B737 this time",
                                  "they moved us onto v3.2 of the portal"])
def test_a_letter_led_code_is_no_number(text):
    assert not holds_quantity(text)
    assert not states(asked("how many bags can I take?"), text, "how many bags can I take?")


@pytest.mark.parametrize("text", ["we went for the 4 seater", "it came to 230", "about twenty of them",
                                  "rent goes up to R5100 each in March", "the court fee was Rs 800", "EUR60 for the pair",
                                  "she bats at no.4 now"])
def test_numbers_are_still_numbers(text):
    assert holds_quantity(text)


# 7. The head noun of the question decides what it asks.
@pytest.mark.parametrize("query", ["what was the address the invoice was sent to?",
                                   "what's the address the taxi dropped her at?"])
def test_an_address_before_a_clause_is_asked_as_an_address(query):
    a = asked(query)
    assert a is not None and a.value == "address"


@pytest.mark.parametrize("query", ["what was the reason they gave for the late fee?",
                                   "what's the excuse the landlord gave for the deposit?",
                                   "what explanation did the bank give for the charge?"])
def test_a_reason_asked_is_no_amount(query):
    a = asked(query)
    assert a is not None and a.value == "any"
    assert asked_type(query) is None


def test_an_amount_is_still_asked_as_one():
    assert asked("what was the late fee they charged?").value == "amount"
    assert asked_type("how much was the late fee?") == "amount"
    assert asked("how do I address the envelope to them?").value != "address"


# 6. A named person's word passed on by the user is hearsay, not the user's own statement.
@pytest.mark.parametrize("text", ["Marta said her landlord is selling the building",
                                  "Jonas mentioned his team moved to the Leeds office",
                                  "Imogen was telling me the pool shuts in May"])
def test_a_named_persons_word_is_reported(text):
    assert firmness(text) == "reported"


@pytest.mark.parametrize("text", ["That said, I'm keeping the car", "I said I'd pick it up on Friday",
                                  "Dr Okafor said the scan was clear", "Also mentioned the damp patch in the hall",
                                  "Just said yes to the quote for the roof", "much closer to what Ingrid said than I expected"])
def test_own_word_idioms_and_records_are_not_hearsay(text):
    assert firmness(text) == "stated"
