"""Round 3 of the fitted order (opt-in, ``rank_order="fitted"``): whose fact a hit is against whose the question
asks (trust/rank_subject.py), the person gate closing for "my <relative>" questions, and another person's hit held
below the asker's own. Everyday conversations and questions written for this file (no evaluation set's wording)."""

import re
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.trust.config import TrustConfig
from memwarden.trust.fitted_rank import head_order
from memwarden.trust.rank_subject import SUBJECT, asks_other, others_named, subject_features

T0 = datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc)

#: About another person, said with "my"/"our", no first-person party: the relative's fact is asked.
ABOUT_OTHER = ["where does my brother work now?", "how old is my niece?", "when is my wife's birthday?",
               "what are my kids allergic to?", "which school does our youngest go to?", "is my dad still at Ford?",
               "what's my best friend's address?", "where did my grandad grow up?", "what does my boss drink?"]
#: The asker's own (or a request in which the asker takes part): the gate's test must NOT fire.
NOT_OTHER = ["where do I live now?", "what should I buy my mum for her birthday?", "can you suggest a gift for my dad?",
             "plan a trip for me and my partner", "how do I take my tea?", "what's my job?", "where was I born?",
             "what did I promise my son?", "can you remind me what my sister asked for?", "which bank are we with?",
             "what's the wifi password?", "when is the dentist?", "what car have I got?", "where did we go with my parents?",
             "how far do I run usually?", "what is Tom's job?", "my hobbies?"]


@pytest.mark.parametrize("q", ABOUT_OTHER)
def test_a_question_about_a_relative_said_with_my_asks_of_them(q):
    assert asks_other(q)


@pytest.mark.parametrize("q", NOT_OTHER)
def test_the_askers_own_questions_are_not_about_another(q):
    assert not asks_other(q)


def test_others_named_reads_possessives_of_people_only():
    assert others_named("The user's nephew just turned 6") == {"nephew"}
    assert others_named("Took my mother to the coast") == {"mum"}
    assert others_named("The user's little brother started uni") == {"brother"}
    assert others_named("The user takes the user's tea with two sugars") == set()
    assert others_named("The user's car is a Ford and the user's office is in town") == set()
    assert others_named("") == set()


def test_subject_features_tie_recency_to_the_askers_own_facts():
    texts = ["The user is 41", "The user's daughter turned 9 last week"]
    E = subject_features(texts, "how old am I?", newest=[0.0, 1.0], age_rank=[1.0, 0.0], q_now=0.0)
    col = {f: i for i, f in enumerate(SUBJECT)}
    assert E[0, col["subj_match"]] == 1 and E[1, col["subj_mismatch"]] == 1
    assert E[1, col["newest_x_mismatch"]] == 1 and E[0, col["newest_x_mismatch"]] == 0
    assert list(E[:, col["held"]]) == [0.0, 1.0]
    # asked of the daughter: her line matches, the asker's own does not, nothing is held
    E = subject_features(texts, "how old is my daughter?", newest=[0.0, 1.0], age_rank=[1.0, 0.0], q_now=0.0)
    assert E[1, col["subj_match"]] == 1 and E[0, col["subj_match"]] == 0 and not E[:, col["held"]].any()
    assert subject_features([], "x", [], [], 0.0).shape == (0, len(SUBJECT))


def test_a_held_hit_never_passes_the_askers_own():
    s = [0.0, 5.0, 1.0]
    assert head_order(s, 3) == [1, 2, 0]
    # hit 1 is another person's: it may pass nothing unheld above it, hit 2 still passes hit 0
    assert head_order(s, 3, held=[False, True, False]) == [2, 0, 1]
    # a held hit may pass another held hit
    assert head_order([0.0, 5.0], 2, held=[True, True]) == [1, 0]
    assert head_order(np.array([1.0, 0.0]), 2, held=np.array([False, False])) == [0, 1]


def U(t: str) -> dict:
    return {"role": "user", "content": t}


#: (sessions a month apart, question, the right hit's text, how far down it may be)
CONVERSATIONS = [
    ([[U("I drink my coffee black, no sugar.")], [U("My girlfriend has got really into oat lattes.")]],
     "how do I have my coffee?", "black", 1),
    ([[U("I'm 5 foot 9.")], [U("My son shot up, he's nearly as tall as his mum now.")]], "how tall am I?", "5 foot 9", 1),
    ([[U("I speak French and a bit of German.")], [U("My daughter has started Spanish at school.")]],
     "which languages do I speak?", "french", 1),
    ([[U("I'm allergic to wasps, I carry an EpiPen.")], [U("My flatmate is allergic to cats so we can't get one.")]],
     "what am I allergic to?", "wasp", 1),
    ([[U("I support Leeds United, season ticket holder.")], [U("My cousin dragged me to a rugby match, it was fun.")]],
     "which football team do I support?", "leeds", 1),
    ([[U("I was born in Aberdeen.")], [U("My parents are retiring to Cornwall next year.")]], "where was I born?", "aberdeen", 1),
    ([[U("My go-to running distance is 5k, three times a week.")], [U("Went to a wedding in the Cotswolds, lovely weather.")],
      [U("Thinking of repainting the kitchen blue.")]], "how far do I usually run?", "5k", 1),
    ([[U("I drive a blue Skoda Octavia estate.")], [U("Booked a train to Glasgow for the conference.")]],
     "what car have I got?", "skoda|octavia", 1),
    ([[U("My mum works as a pharmacist in Boots.")], [U("Took my mum to the garden centre, she bought three roses.")]],
     "where does my mum work?", "pharmacist|boots", 1),
    ([[U("My bank is Barclays.")], [U("Switched my current account over to Starling, their app is way better.")]],
     "which bank am I with now?", "starling", 1),
    ([[U("I'm diabetic, type 1, so I count carbs at every meal.")], [U("My nephew is visiting this weekend."), U("He loves pizza.")]],
     "what should I make for lunch with my nephew?", "diabet|carb", 3),
    ([[U("I can't do stairs since my hip operation.")], [U("Me and my wife want a city break in Lisbon.")]],
     "can you help me book a hotel in Lisbon?", "stairs|hip", 3),
]
#: The hand order's own misses of the same shape (a later line about another person first): the fitted order
#: must at least not make them worse (the right hit stays where the hand order puts it or higher).
HAND_MISSES = [
    ([[U("I'm a Scorpio, my birthday's the 2nd of November.")], [U("My brother's birthday party was a blast on Saturday.")]],
     "when is my birthday?", "november"),
    ([[U("I'm a primary school teacher in Leicester.")], [U("My husband just got a job at the council.")]],
     "what's my job?", "teacher"),
    ([[U("My daughter is allergic to kiwi.")], [U("Her friend brought a kiwi cake to the party, we had to leave early.")]],
     "what is my daughter allergic to?", "allergic to kiwi"),
    ([[U("I live in a flat in Hackney.")], [U("We've moved! Now in a house in Walthamstow.")],
      [U("My sister is moving to Hackney next month, funny.")]], "where do I live now?", "walthamstow"),
]


def _both(minilm, sessions):
    out = []
    for order in ("hand", "fitted"):
        m = Memory(config=MemoryConfig(database=":memory:", embedder="minilm").model_copy(
            update={"trust": TrustConfig(rank_order=order)}), embedder=minilm)
        for i, msgs in enumerate(sessions):
            m.add(msgs, user_id="u", timestamp=T0 + timedelta(days=30 * i))
        out.append(m)
    return out


def _rank(m, q, answer):
    texts = [h.memory for h in m.search(q, user_id="u", as_of=T0 + timedelta(days=100)).results]
    return next((i for i, t in enumerate(texts) if re.search(answer, t, re.I)), len(texts)), texts[:3]


@pytest.mark.parametrize("sessions,q,answer,within", CONVERSATIONS)
def test_the_fitted_order_keeps_the_askers_own_answer_first(minilm, sessions, q, answer, within):
    hand, fitted = _both(minilm, sessions)
    try:
        rank, top = _rank(fitted, q, answer)
        assert rank < within, (q, top)
        assert rank <= _rank(hand, q, answer)[0]
    finally:
        hand.close()
        fitted.close()


@pytest.mark.parametrize("sessions,q,answer", HAND_MISSES)
def test_the_fitted_order_is_no_worse_than_the_hand_order(minilm, sessions, q, answer):
    hand, fitted = _both(minilm, sessions)
    try:
        assert _rank(fitted, q, answer)[0] <= _rank(hand, q, answer)[0]
    finally:
        hand.close()
        fitted.close()
