"""Abstention per attribute, session 9 round 2 (trust/attribute.py, trust/values.py): a mark or
score is a number that is no price, span or time; a naming question asks a name; a number counted
in a unit is no year; a record's "<noun> number for" is no phone; a yes/no question asks no value."""

import pytest

from memwarden.trust.asked_head import owner_head
from memwarden.trust.attribute import asked
from memwarden.trust.values import holds_score, holds_when

from test_trust_abstain_kinds import ask, store


@pytest.mark.parametrize(("turn", "query", "abstains"), [
    # a mark asked with "get in <an assessment>": hours spent revising state none, a number does
    ("spent 4 hours on the statistics paper last night, brain is fried", "what did I get in the statistics exam?", True),
    ("statistics exam results are in, got 68 on the paper", "what did I get in the statistics exam?", False),
    # a score named by its noun: a class's times and a price are no score, a grade word is one
    ("booked Noor into swimming lessons, Thursdays 4-5 at the leisure centre, £60 a term",
     "what was Noor's swimming gala score?", True),
    ("Noor's swimming gala score was 7.5, so proud", "what was Noor's swimming gala score?", False),
    ("picked up a new tennis racket for 85 at the sports shop", "what's my tennis ranking this year?", True),
    # a naming question asks a name: a weight and a place-less note state none
    ("my brother's dog had puppies, four of them, about 400g each", "what did my brother call the puppies?", True),
    ("my brother's dog had puppies", "what did my brother call the puppies?", True),
    ("our new kitten arrived today", "what's our kitten called?", True),
    ("our new kitten arrived today, she's called Miso", "what's our kitten called?", False),
])
def test_the_asked_value_must_be_stated(turn, query, abstains):
    res = ask(store(turn), query)
    assert res.abstained is abstains, (res.abstain_reason, res.abstain_detail)


def test_a_name_given_to_a_pronoun_answers_a_naming_question():
    # "they're called ..." says the name of what the turn before spoke of, sharing no word with it
    res = ask(store("adopted two guinea pigs from the rescue on saturday", "they're called Fig and Bramble"),
              "what are my guinea pigs called?")
    assert not res.abstained, res.abstain_detail


@pytest.mark.parametrize(("text", "score"), [
    ("got 71 in the final", True), ("scored 85% on the mock", True), ("she got 7/10", True),
    ("3 hours on revision", False), ("bought the bat for 2,400", False), ("tuition Tuesdays 5-7", False),
    ("paid £40 for the entry", False), ("the exam is at 9:30am on the 14th", False), ("sat it in 2019", False),
])
def test_a_score_is_no_price_span_time_or_date(text, score):
    assert holds_score(text) is score


@pytest.mark.parametrize(("text", "when"), [
    ("booked in for the 1500 hour service", False), ("the 2000-hour check is due", False),
    ("quoted £2000 for the roof", False), ("moved here in 2019", True), ("born 1987, same as me", True),
])
def test_a_number_counted_in_a_unit_is_no_year(text, when):
    assert holds_when(text) is when


@pytest.mark.parametrize(("query", "value"), [
    ("what's the number for the dentist?", "phone"),
    ("what's my case number for the insurance claim?", "idnum"),
    ("how much are the club fees this year?", "amount"),
    ("how much am I getting paid for the wedding shoot?", "amount"),
    ("how much sleep am I getting?", "number"),
    ("what was her name again?", "name"),
    ("what did the vet call about?", "any"),
    ("is anyone giving me a lift to the airport?", "any"),
    ("can you give me the vet's phone number?", "phone"),
    ("what's the average price of a flat there?", "amount"),
])
def test_the_class_a_question_asks(query, value):
    a = asked(query)
    assert a is not None and a.value == value


def test_a_pronoun_contraction_is_no_possessive():
    # "mine's away" is "mine is away": the owner is the tractor, not "away"
    assert owner_head("whose van am I driving while mine's in the garage?") == "van"
