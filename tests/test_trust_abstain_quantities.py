"""Abstention per attribute for quantities with a dimension, named charges and makes or models
(trust/attribute.py), and clipped words in the first-person support (trust/asked_head.py)."""

from datetime import timedelta

import pytest

from memwarden.trust.asked_head import shared_words
from memwarden.trust.attribute import asked

from test_trust_abstain_kinds import ask, store


@pytest.mark.parametrize(("turn", "query", "abstains"), [
    # a weight wants a number in a unit of weight, which an age is not
    ("Rolo is a 3 year old beagle, mad about squirrels", "how much does Rolo weigh?", True),
    ("weighed Rolo at the vets this morning, 14kg, a bit chunky", "how much does Rolo weigh?", False),
    # a latency wants a number in a unit of time, not a version
    ("the search api runs fastapi 0.110 with redis 7 in front", "what's the p95 latency of the search api?", True),
    ("search api p95 latency is about 180ms since the cache went in", "what's the p95 latency of the search api?", False),
    # a named charge is stated by its name, not by another amount
    ("rent on the new flat is £950 a month, bills on top", "how much was the deposit on the new flat?", True),
    ("paid the deposit on the new flat today, £1,100, ouch", "how much was the deposit on the new flat?", False),
    # a make or model is a name or a model number: a shouted word is emphasis, an age no model number
    ("my washing machine has flooded the kitchen AGAIN, it's about 9 yrs old", "what make is my washing machine?", True),
    ("my washing machine is a Bosch Serie 4, flooded the kitchen today", "what make is my washing machine?", False),
    ("my washing machine is a wm14 from the bosch range, flooded the kitchen", "what make is my washing machine?", False),
    ("olympiad results came, Mina got the 91.5 percentile!!", "what percentile did Mina get in the olympiad?", False),
    # a unit that is also a letter or a word counts only as a unit (session 9 review)
    ("Jo and I were 2 in the queue for the ride", "how tall is Jo?", True),
    ("Jo is 180cm now, taller than me", "how tall is Jo?", False),
    ("got Rolo a 5G tracker for his collar", "how much does Rolo weigh?", True),
    ("Rolo is 14kg, chunky", "how much does Rolo weigh?", False),
])
def test_a_value_of_the_asked_kind_must_be_stated(turn, query, abstains):
    res = ask(store(turn), query)
    assert res.abstained is abstains, (res.abstain_reason, res.abstain_detail)


@pytest.mark.parametrize("query", ["Which illness does Sam have to face due to his weight?",
                                   "When did Sam find out he had a weight problem?",
                                   # a percentile is a rank, not a share: "what percent" is a word, not a prefix
                                   "what percentile did Mina get in the maths olympiad?"])
def test_a_dimension_word_as_the_topic_asks_no_quantity(query):
    a = asked(query)
    assert a is None or a.value != "dimension"


def test_a_clipped_word_is_the_word_it_clips():
    assert shared_words({"universiti"}, {"uni", "marin"}) == {"universiti"}
    assert shared_words({"vet"}, {"veterinari"}) == {"vet"}
    assert shared_words({"cat"}, {"dog", "ca"}) == set()  # two letters clip nothing



@pytest.mark.parametrize(("said", "abstains"), [
    ("Marco's snakes sure bring me a lot of comfort", True),  # Priya speaking of Marco's snakes
    ("my snakes sure bring me a lot of comfort", False),
])
def test_another_speakers_thing_is_not_the_named_speakers_own(said, abstains):
    from test_trust_attribute import T0, store as store_turns

    m = store_turns(("Marco", "I keep snakes, two corn snakes"), ("Priya", said), claims=False)
    res = m.search("How do Priya's snakes make her feel?", user_id="u", as_of=T0 + timedelta(days=1))
    assert res.abstained is abstains, res.abstain_detail


@pytest.mark.parametrize(("query", "value"), [
    # a verb is no value class: "address" before its object, time "spent", an "own version of"
    ("How do you plan to address the damp in the spare room?", "any"),
    ("Where did we spend the first week of the holiday?", "place"),
    ("What does Ines mean by her own version of success?", "any"),
    # a head noun later in the question is not what it asks
    ("What was the trouble with the hospital car park?", "any"),
    # what stays a value class
    ("What's the address of the new dentist?", "address"),
    ("How much did we spend on the boiler?", "amount"),
    ("Which version of postgres is prod on?", "version"),
    ("What hospital is Gran in?", "name"),
])
def test_value_class_words_used_otherwise_ask_no_value(query, value):
    a = asked(query)
    assert (a.value if a else "any") == value


def test_a_resolved_date_is_a_month_the_memory_is_about():
    from datetime import datetime, timezone

    from test_trust_abstain_kinds import store_at

    t0 = datetime(2025, 4, 16, 9, tzinfo=timezone.utc)
    m = store_at(t0, "the book club read Circe back in March, loved it", "book club picked Piranesi yesterday, starting it tonight")
    res = ask(m, "what is the book club reading in April?", t0)
    assert not res.abstained, res.abstain_detail
