"""Session 26 (issue 10, "noise"): four kinds of small talk yield no claim, each told by the shape of the whole clause
(claims/small_talk.py ``not_knowing`` and ``stock_reaction``'s put-off question, small_talk_comment.py's doubt of a
promise in ``mood_of_the_moment`` and the errand said as leaving in ``sign_off``); the same words beside something
checkable keep theirs. Every sentence here was written for these tests."""

from __future__ import annotations

import pytest

from test_small_talk import claims_of

ASKED = "Do you know when the warranty runs out?"

#: the speaker does not know, and at most how they will find out
NOT_KNOWING = [
    "no idea tbh, will have to dig through my emails",
    "not sure, I'll check when I get home",
    "dunno, need to look it up",
    "honestly no clue, haven't read the paperwork yet",
    "not a clue sorry",
    "I don't know, I'd have to ask around",
]

#: not knowing beside a figure, a person or a date: the clause keeps what it gives
KNOWING_SOMETHING = [
    "no idea, my brother sorted all that out",
    "not sure, I think it was around 90 quid",
    "dunno, the receipt says the 3rd of June",
    "no clue, I'll ask Tomasz at the shop",
]


@pytest.mark.parametrize("text", NOT_KNOWING)
def test_saying_one_does_not_know_is_no_claim(text: str) -> None:
    assert claims_of(text, prev=ASKED) == [], text


@pytest.mark.parametrize("text", KNOWING_SOMETHING)
def test_not_knowing_beside_something_checkable_keeps_a_claim(text: str) -> None:
    assert claims_of(text, prev=ASKED), text


TOLD = "That's a big order for one weekend, good luck with it."

#: doubt that a promise will come true, a question put off with a laugh, an errand said as leaving the chat
CHAT = [
    "I'll believe that when I see it",
    "not holding my breath tbh",
    "famous last words lol",
    "don't hold your breath",
    "ask me again in a fortnight lol",
    "haha ask me in a month how relaxed I am",
    "right, I'm off for a coffee",
    "anyway off to walk the dog",
    "ok then, I'd better get on",
    "right, these invoices won't send themselves",
    "cheers. back to the grind",
]

#: the same words with news or a fact in them, or "off to" said with no word closing the chat
FACTS = [
    "the landlord says the boiler's fixed by Friday but I'll believe it when I see it",
    "ask me again in June, that's when the results come out",
    "right, I'm off to Porto on the 12th for a week",
    "anyway I'm off to pick up my new glasses",
    "off to the allotment every morning now I'm retired",
    "right, off to collect the keys from the agent",
]


@pytest.mark.parametrize("text", CHAT)
def test_doubt_a_put_off_question_or_leaving_for_an_errand_is_no_claim(text: str) -> None:
    assert claims_of(text, prev=TOLD) == [], text


@pytest.mark.parametrize("text", FACTS)
def test_the_same_words_with_news_in_them_keep_a_claim(text: str) -> None:
    assert claims_of(text, prev=TOLD), text


def test_not_knowing_after_ones_own_turn_is_read_the_same_way() -> None:
    assert claims_of("not sure, will check the letter", prev="the plumber's coming back about the leak", prev_role="user") == []
    assert claims_of("not sure, my landlady has the spare key", prev="the plumber's coming back about the leak", prev_role="user")
