"""Session 24 (issue 10, "noise"): how someone else takes the news right now ("my sister is fuming", "the cat is not
impressed", "grandad's already polishing his shoes") yields no claim; a lasting feeling with its object, a feeling
beside a fact, and an "already ..." after a question or one's own turn keep theirs. Every sentence here was written
for these tests."""

from __future__ import annotations

import pytest

from test_small_talk import claims_of

#: said right after the assistant's statement (``claims_of``'s default turn before)
CHAT = [
    "my sister is fuming lol",
    "the cat is not impressed",
    "Gran was over the moon, bless her",
    "he's sulking about the biscuits again",
    "haha the kids are buzzing",
    "grandad's already polishing his shoes lol",
    "ok my flatmate is already choosing the paint",
    # a passing judgement with an aside tag after it
    "the car park there is a joke btw",
    "the chips there are unreal by the way",
    # a rating as the verdict, a vow of exasperation
    "10/10 would get soaked again",
    "they gave us free doughnuts at the meeting so 10/10",
    "if one more driver tailgates me on that road I'm selling the car",
]

#: a lasting feeling names what it is about; a fact beside the feeling keeps the clause
FACTS = [
    "my sister is terrified of spiders",
    "the boy is obsessed with trains",
    "my sister is thrilled, she got the job at the library",
    "mum's excited about her trip to Cork on the 14th",
    "my physio appointment is on the 10th, at 10:10",
]


@pytest.mark.parametrize("text", CHAT)
def test_how_someone_takes_the_news_is_no_claim(text: str) -> None:
    assert claims_of(text) == []


@pytest.mark.parametrize("text", FACTS)
def test_a_lasting_feeling_or_a_fact_beside_it_keeps_a_claim(text: str) -> None:
    assert claims_of(text)


def test_already_doing_after_a_question_or_ones_own_turn_is_not_read_as_eagerness() -> None:
    # after a question "she's already taking the tablets" answers it; after one's own turn it may add a fact
    assert claims_of("she's already taking the new tablets", prev="Has your mum started the new medication?")
    assert claims_of("she's already getting the pension credit", prev="my mum turned 80 last week", prev_role="user")


#: on the lost side: a clause opening like a question that states something
OPENS_LIKE_A_QUESTION = [
    "when I moved into the flat I promised the landlord we'd never keep a dog",
    "when we visit my gran we always take the train, she hates the car",
    "has to be gluten free, my partner is coeliac",
    "can you note my dentist appointment, 3 June at 9:30",
    "could you remember that the bins go out on Thursday nights",
]


@pytest.mark.parametrize("text", OPENS_LIKE_A_QUESTION)
def test_a_statement_opening_like_a_question_is_stored(text: str) -> None:
    assert claims_of(text, prev=None)


@pytest.mark.parametrize("text", [
    "can you suggest a film for tonight",
    "when is the next bank holiday",
    "can you remember what I said about the boiler",
])
def test_a_real_question_stays_no_claim(text: str) -> None:
    assert claims_of(text, prev=None) == []


def test_an_awaited_change_said_with_finally_and_a_laugh_is_stored() -> None:
    assert claims_of("the new passport finally arrived lol", prev=None)
    assert claims_of("finally lol", prev=None) == []


OFFER = "Want me to put together a packing list?"


@pytest.mark.parametrize("text", ["yeh go on", "maybe tomorrow, brain is fried", "yes but not tonight, too tired",
                                  "leave it. nothing new"])
def test_only_answering_the_assistants_offer_is_no_claim(text: str) -> None:
    assert claims_of(text, prev=OFFER) == []


@pytest.mark.parametrize("text", ["nah, I rent from a housing association", "yes please, I can't stand ironing so nothing linen",
                                  "go on, my flight is on the 14th", "yes please, my sister is coming too"])
def test_a_fact_in_the_answer_to_an_offer_keeps_its_claim(text: str) -> None:
    assert claims_of(text, prev=OFFER)


def test_the_same_answer_after_a_question_that_is_no_offer_is_not_this_reading() -> None:
    assert claims_of("yes, the match is on tonight", prev="Is the match on tonight?")
