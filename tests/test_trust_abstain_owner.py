"""Abstention by whose attribute is asked, former values, record numbers and postcodes
(trust/asked_head.py, trust/attribute.py). Wording here is this file's own, on other topics than
the scenario sets."""

from datetime import datetime, timezone

import pytest

from memwarden import Memory
from memwarden.trust.asked_head import asks_former, owner_head
from memwarden.trust.attribute import asked
from test_trust_abstain_kinds import ask as ask_at, store_at

T0 = datetime(2025, 9, 1, 9, tzinfo=timezone.utc)


def store(*texts: str) -> Memory:
    return store_at(T0, *texts)


def ask(m: Memory, query: str):
    return ask_at(m, query, T0)


@pytest.mark.parametrize(("query", "owner"), [
    ("what's the name of Milo's piano teacher?", "teacher"),  # the possessed noun phrase's head
    ("which linter does Orla's repo use?", "repo"),  # a verb after the subject ends it
    ("what's the name of the garden designer", "designer"),  # a compound ends on its head
    ("when is my annual eye test?", "test"),
    ("when's the cat's vaccination due?", "vaccination"),
    ("what's the name of the cafe Omar runs?", "cafe"),  # a capitalised name opens another phrase
    ("who is Pepper insured with?", "pepper"),  # a name then a participle: the subject, which must be mentioned
    ("what's Dr Lin's phone number?", "lin"),  # the possessed noun is the value asked: the possessor owns it
    ("what's the name of the triplets' swimming coach?", "coach"),  # a plural possessive
    ("what's our landlord's name", "landlord"),
    ("whose 30th birthday party is it on saturday?", "party"),  # "whose" owns the noun phrase after it
    ("which company is fitting the windows?", None),
    ("what's the time?", None),
])
def test_the_owner_noun_of_the_asked_value(query, owner):
    assert owner_head(query) == owner


@pytest.mark.parametrize(("turns", "query", "abstains"), [
    # a name is stated, but not the teacher's
    (["Milo started piano lessons at the Riverside music school"], "what's the name of Milo's piano tutor?", True),
    (["Milo's piano tutor is called Mrs Hargreaves, she's strict"], "what's the name of Milo's piano tutor?", False),
    # a date is stated, but not of the test
    (["picked up new frames from Specsavers, collecting the lenses on Friday"], "when is my eye test?", True),
    (["my eye test is on the 14th at 3pm"], "when is my eye test?", False),
    # an event said with its verb: a wedding by "getting married", a fiancée by "engaged to"
    (["my cousin Priya is getting married on 3 August in Bath"], "when is my cousin's wedding?", False),
    (["my brother Tom just got engaged to Lucy!!"], "who is my brother's fiancée?", False),
    # a booked-event noun defers to what it is for: "football practice" by "football training"
    (["my son Leo's football training is every Wednesday at 6pm"], "when is Leo's football practice?", False),
    (["the car insurance renewal is in May"], "when is the car's service due?", True),
])
def test_the_value_must_be_stated_by_a_memory_mentioning_its_owner(turns, query, abstains):
    res = ask(store(*turns), query)
    assert res.abstained is abstains, (res.abstain_reason, res.abstain_detail)


def test_a_thing_never_mentioned_in_the_scope_has_no_stated_value():
    res = ask(store("started on ramipril 5mg in the mornings for my blood pressure"),
              "when is my kidney function blood test?")
    assert res.abstained and "test" in res.abstain_detail


@pytest.mark.parametrize(("turn", "abstains"), [
    ("moved my current account over to Starling, the old bank kept charging fees", True),
    ("switched my current account from Barclays to Starling", False),
])
def test_a_former_value_must_be_stated_as_former(turn, abstains):
    assert asks_former("which bank was my current account with before?")
    res = ask(store(turn), "which bank was my current account with before?")
    assert res.abstained is abstains, (res.abstain_reason, res.abstain_detail)


def test_a_kind_with_a_modifier_asks_a_name_and_a_former_one_must_be_stated():
    assert asked("which broadband provider did I have before?").value == "name"
    res = ask(store("switched broadband to Zen Internet, the old one was awful"), "which broadband provider did I have before?")
    assert res.abstained, res.abstain_detail


def test_a_current_question_is_not_a_former_one():
    assert not asks_former("which bank is my current account with?")
    assert not asks_former("what should I pack before the trip tomorrow?")


def test_a_record_number_is_a_code_not_a_phone_number():
    a = asked("what was the order number for the standing desk?")
    assert a is not None and a.value == "code"
    res = ask(store("standing desk order is #DS-77120, it arrived scratched"), "what was the order number for the standing desk?")
    assert not res.abstained, res.abstain_detail


@pytest.mark.parametrize(("turn", "abstains"), [
    ("the new office is on Carver Street in Leeds, opposite the station", True),
    ("new office address is 12 Carver Street, Leeds LS1 4AB", False),
])
def test_a_postcode_is_asked_and_a_street_does_not_give_it(turn, abstains):
    res = ask(store(turn), "what's the postcode of the new office?")
    assert res.abstained is abstains, (res.abstain_reason, res.abstain_detail)


def test_a_claim_whose_attribute_is_asked_by_the_question_word_is_on_its_topic():
    # "dose" shares no word with the statement; the medication claim's ask-words hold it.
    m = store("the GP put me on amlodipine, 5mg every morning")
    res = ask(m, "what dose am I taking for my blood pressure?")
    assert not res.abstained, res.abstain_detail
