"""Round 4 of the fitted order (``rank_order="fitted"``): a question of the asker's own that names a person
with a possessive is served FOR that person ("what should I cook for my partner?"), so that person's hits are on its
subject and never held below the asker's own (trust/rank_subject.py ``served``). Everyday conversations and questions
written for this file before any run (no evaluation set's wording)."""

import pytest
from test_rank_subject import U, _both, _rank  # the same hand/fitted pair of memories, sessions a month apart

from memwarden.trust.rank_subject import SUBJECT, served, subject_features

#: The asker's own question naming the person it is for or about: ``served`` reads that person.
SERVES = [("what should I cook for my partner tonight?", {"partner"}), ("what should I cook for my dad on Sunday?", {"dad"}),
          ("can you suggest a film I could watch with my sister?", {"sister"}),
          ("what can I bake for my flatmate's birthday?", {"flatmate"}),
          ("where should I take my grandma this weekend?", {"grandma"}), ("what do I get my mother for Christmas?", {"mum"}),
          ("should we invite my boss to the barbecue?", {"boss"})]
#: Ordinary questions that name nobody else, or ask of the other person alone: ``served`` stays empty.
NOT_SERVED = ["where do I work?", "what's my job?", "how do I take my tea?", "what did I do last weekend?",
              "where do I live now?", "what should I make for dinner?", "which bank am I with?", "my hobbies?",
              "how old am I?", "what's the wifi password?", "when is the dentist?", "what car do I drive?",
              "can you book me a table for two?", "what should I wear tomorrow?", "what do I usually have for breakfast?",
              "I'd like a film recommendation", "where does Tom work?", "which team does my dad support?",
              "how old is my niece?", "is our landlord still abroad?", "what are my plans for Friday?"]


@pytest.mark.parametrize("q,who", SERVES)
def test_a_question_of_the_askers_own_serves_the_person_it_names(q, who):
    assert served(q) == who


@pytest.mark.parametrize("q", NOT_SERVED)
def test_ordinary_questions_serve_no_one_else(q):
    assert served(q) == set()


def test_the_served_persons_hits_are_on_subject_and_not_held():
    col = {f: i for i, f in enumerate(SUBJECT)}
    texts = ["The user's partner hates spicy food", "The user is obsessed with Thai curries",
             "The user's sister started a new job"]
    E = subject_features(texts, "what should I cook for my partner tonight?", newest=[0.0, 0.0, 1.0],
                         age_rank=[1.0, 0.5, 0.0], q_now=0.0)
    assert list(E[:, col["subj_match"]]) == [1.0, 1.0, 0.0]  # the partner's and the asker's own; not the sister's
    assert list(E[:, col["for_hit"]]) == [1.0, 0.0, 0.0]
    # the asker's own line and the sister's may not pass the partner's (the head order's hold)
    assert list(E[:, col["held"]]) == [0.0, 1.0, 1.0]
    # the same hits for a question of the asker's alone: the partner's line is another person's again
    E = subject_features(texts, "what do I like to eat?", newest=[0.0, 0.0, 1.0], age_rank=[1.0, 0.5, 0.0], q_now=0.0)
    assert list(E[:, col["held"]]) == [1.0, 0.0, 1.0]


#: (sessions a month apart, question, the right hit's text, how far down the fitted order may put it)
#: Requests FOR a relative: the relative's fact must stay near the top even when the asker's own taste is said later.
FOR_RELATIVE = [
    ([[U("My partner hates spicy food, even a little chilli is too much.")], [U("I'm obsessed with Thai curries lately.")]],
     "what should I cook for my partner tonight?", "spicy|chilli", 2),
    ([[U("My dad loves a proper lamb roast.")], [U("I'm trying to eat more plants these days.")]],
     "what should I cook for my dad on Sunday?", "lamb", 2),
    ([[U("My sister gets nightmares from anything scary.")], [U("I love horror films, the gorier the better.")]],
     "can you suggest a film I could watch with my sister?", "nightmare|scary", 2),
    ([[U("My son is terrified of heights.")], [U("I've got really into rock climbing.")]],
     "where should I take my son for a day out?", "heights", 3),
    ([[U("My mum only drinks decaf now, doctor's orders.")], [U("I'm on four espressos a day at work.")]],
     "what should I get my mum to drink when she visits?", "decaf", 2),
    ([[U("My flatmate is gluten intolerant.")], [U("I've been baking sourdough every weekend.")]],
     "what can I bake for my flatmate's birthday?", "gluten", 2),
    ([[U("My grandma uses a wheelchair since her fall.")], [U("I love hiking in the Peak District.")]],
     "where should I take my grandma this weekend?", "wheelchair", 2),
    ([[U("My partner is lactose intolerant.")], [U("Had a huge cheese board last night, amazing.")]],
     "what dessert could I make for my partner?", "lactose", 2),
    ([[U("My son is allergic to peanuts.")], [U("I could eat satay every day.")]],
     "what should I pack for my son's lunch?", "peanut", 2),
]
#: The asker's own fact still holds; a later line is about someone else or a nearby matter.
OWN_STILL_CURRENT = [
    ([[U("I work as a hygienist at a dental practice in Leeds.")], [U("My sister just started a new job at a bank.")]],
     "where do I work?", "hygienist|dental"),
    ([[U("I've been vegetarian for ten years.")], [U("My partner has started keto, lots of bacon in the house.")]],
     "what's my diet?", "vegetarian"),
    ([[U("I live in Bristol, near the harbour.")], [U("My flatmate is moving to Leeds in the spring.")]],
     "where do I live?", "bristol"),
    ([[U("I play the cello in a community orchestra.")], [U("My daughter started violin lessons this term.")]],
     "what instrument do I play?", "cello"),
]
#: Asked of a relative with "my": the relative's fact, not the asker's own.
ASKED_OF_RELATIVE = [
    ([[U("My dad supports Everton, always has.")], [U("I've started going to Liverpool games with work mates.")]],
     "which team does my dad support?", "everton"),
    ([[U("My wife is allergic to penicillin.")], [U("I had a bad reaction to ibuprofen last month.")]],
     "what is my wife allergic to?", "penicillin"),
    ([[U("My brother lives in Cardiff.")], [U("I've moved to Swansea for the new job.")]],
     "where does my brother live?", "cardiff"),
]


@pytest.mark.parametrize("sessions,q,answer,within", FOR_RELATIVE)
def test_a_request_for_a_relative_keeps_their_fact_near_the_top(minilm, sessions, q, answer, within):
    hand, fitted = _both(minilm, sessions)
    try:
        rank, top = _rank(fitted, q, answer)
        assert rank < within, (q, top)
        assert rank <= _rank(hand, q, answer)[0], (q, top)
    finally:
        hand.close()
        fitted.close()


@pytest.mark.parametrize("sessions,q,answer", OWN_STILL_CURRENT + ASKED_OF_RELATIVE)
def test_the_fitted_order_is_no_worse_than_the_hand_order_on_nearby_lines(minilm, sessions, q, answer):
    hand, fitted = _both(minilm, sessions)
    try:
        rank, top = _rank(fitted, q, answer)
        assert rank <= _rank(hand, q, answer)[0], (q, top)
    finally:
        hand.close()
        fitted.close()
