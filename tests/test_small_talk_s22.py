"""Session 22 (issue 10, "noise"): wait-and-sees with what is waited on, sweeping verdicts, taking leave, a season's
greeting, a greeting passed on, an agreement by an auxiliary alone and a fear of the moment yield no claim; the same
frames holding a fact keep it. On the lost side: a short answer counting something ("yeah two kids"), a "not yet"
followed by a dated plan and a fact after a chat head with no comma are stored.
Every sentence here was written for these tests."""

from __future__ import annotations

import pytest

from test_small_talk import claims_of

CHAT = [
    # waiting on how it turns out
    "we'll see if the new lot are any quicker",
    "ha we'll see how long the diet lasts",
    "I guess we'll find out",
    # a sweeping verdict
    "estate agents are all the same",
    "growing up is a scam",
    "typical Gareth lol",
    "typical",
    "classic Mum haha",
    # taking leave
    "right, I'm off to bed, night night",
    "ok gotta run, night all",
    "anyway must go the bus is here",
    "cheerio for now",
    "back on the road, laters",
    # a season's greeting, a greeting passed on, talking too much
    "happy Easter!!",
    "merry xmas everyone",
    "my nan says hi",
    "sorry, I'm rambling again",
    # fear of the moment
    "I'm a bit nervous to be honest",
    "honestly bricking it",
]

# the same frames holding a fact keep it
FACTS = [
    "we'll see the orthodontist on the 9th",
    "estate agents are all the same, ours is Hartley & Moss on the high street",
    "right, I'm off to Porto on Friday for a week",
    "must dash, I start at the pharmacy at 2",
    "happy Easter, we're at my brother's in Whitby till the 12th",
    "my nan says hi, she moved into a care home in Didsbury last month",
    "I'm scared of needles",
]


@pytest.mark.parametrize("text", CHAT)
def test_small_talk_of_session_22_is_no_claim(text: str) -> None:
    assert claims_of(text) == []


@pytest.mark.parametrize("text", FACTS)
def test_a_fact_in_the_same_frames_keeps_its_claim(text: str) -> None:
    assert claims_of(text)


def test_an_auxiliary_alone_after_a_statement_is_no_claim_but_after_a_question_the_answer_stands() -> None:
    assert claims_of("we always do", prev="Plenty of people book the same cottage every year.") == []
    assert claims_of("yes I do, every morning", prev="Do you still cycle to work?")


@pytest.mark.parametrize("prev,text", [
    ("Do you have any pets?", "yeah two cats"),
    ("How many are coming for dinner?", "oh about eight people"),
    ("Have you told your manager?", "not yet, seeing her on Thursday"),
    ("Have you booked the vet?", "not yet, doing it next week"),
])
def test_a_short_answer_holding_a_count_or_a_dated_plan_is_stored(prev: str, text: str) -> None:
    assert claims_of(text, prev=prev)


@pytest.mark.parametrize("prev,text", [
    ("Have you told your manager?", "not yet, bit nervous tbh"),
    ("Want me to add anything else?", "nah one more maybe"),
])
def test_a_short_reply_with_nothing_counted_or_dated_stays_no_claim(prev: str, text: str) -> None:
    assert claims_of(text, prev=prev) == []


def test_a_fact_after_a_chat_head_with_no_comma_is_stored() -> None:
    assert claims_of("nvm the swimming gala is still on Saturday at 10", prev=None)
    assert claims_of("thanks for the help with the letter earlier btw", prev=None) == []
