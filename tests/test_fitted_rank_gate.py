"""The fitted order's gate (session 16, round 2; opt-in, ``rank_order="fitted"``): it runs only for a question in the asker's own
person (``rank_fitted_gate="person"``); an observer's question about named third parties keeps the
hand order. Questions and conversations written for this file (no evaluation set's wording)."""

import re
from datetime import datetime, timedelta, timezone

import pytest

from memwarden.trust.config import TrustConfig
from memwarden.trust.fitted_rank import asks_own, fitted_gate
from test_fitted_rank_everyday import fitted_memory

T0 = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)

OWN = ["where do I live now?", "what should we cook tonight?", "can you book me a table for Friday?",
       "what should I get my sister for her new job?", "I forgot, when is the plumber coming?", "did I tell you my shoe size?",
       "which bank are we with these days?", "remind me what the wifi password is", "what did you say my dentist was called?",
       "is our car insured?", "how old is your oldest note about me?", "what was I allergic to again?"]
OTHER = ["where does Priya live now?", "when did Jon open the dance studio?", "what is Tom's favourite band?",
         "which US state did Sam visit in May?", "how many kids does the neighbour have?", "what book is Ana reading?",
         "who won the quiz last week?", "what colour is the new sofa?", "when is the school play?",
         "would Caroline still paint if she moved?", "what did Mel and her kids bake?", "Is the US office open today?",
         "what time does the pharmacy close?", "which team does Omar support?", "what's the capital of Peru?",
         # round 3: another person asked of with "my" and no first-person party is that person's fact
         "what's my sister's new job?", "where does my uncle Ray live these days?", "is my granddaughter still at Leeds uni?"]


@pytest.mark.parametrize("q", OWN)
def test_a_question_in_the_askers_own_person_takes_the_fitted_order(q):
    assert asks_own(q) and fitted_gate(q, "person")


@pytest.mark.parametrize("q", OTHER)
def test_an_observers_question_keeps_the_hand_order(q):
    assert not asks_own(q) and not fitted_gate(q, "person")


def test_gates_combine_readings():
    assert fitted_gate("what did Jon do?", "all")
    assert fitted_gate("where does Priya live now?", "now+request") and not fitted_gate("where does Priya live now?", "now&person")
    assert fitted_gate("where do I live now?", "now&person")
    assert not fitted_gate("", "person") and not fitted_gate("", "now+past+request")


def test_the_fitted_order_is_gated_on_the_askers_person_by_default():
    cfg = TrustConfig()
    assert cfg.rank_order == "fitted" and cfg.rank_fitted_gate == "person"
    with pytest.raises(ValueError):
        TrustConfig(rank_fitted_gate="everything")


def U(t: str) -> dict:
    return {"role": "user", "content": t}


#: (sessions three weeks apart, [(question, a pattern the answer matches, how far down it may be)])
CONVERSATIONS = [
    ([[U("I'm renting a flat on Canal Street, third floor.")],
      [U("Moved out of Canal Street, I'm in a little house in Hove now."), U("The garden is tiny but fine.")]],
     [("where do I live now?", "hove", 2), ("where does the user live?", "hove|canal", 3)]),
    ([[U("My brother Dev works as a chef in Leeds.")],
      [U("Dev left the restaurant, he's teaching cooking classes instead."), U("Weather's been awful.")]],
     [("what does my brother do these days?", "teaching|chef", 2), ("what does Dev do?", "teaching|chef", 3)]),
    ([[U("I'm lactose intolerant, and I don't eat pork.")],
      [U("Having friends over on Sunday, maybe eight of us."), U("Need to clean the windows first.")]],
     [("can you suggest a dessert for Sunday?", "lactose|pork", 3), ("how many people are coming on Sunday?", "eight", 2)]),
    ([[U("Our internet provider is Zing, 80 Mbps.")],
      [U("We switched to Fibrely last week, 500 Mbps, way better."), U("The router is in the hallway.")]],
     [("who is our internet provider?", "fibrely|zing", 2), ("where is the router?", "hallway", 2)]),
    ([[U("My gym membership costs 35 a month.")],
      [U("The gym raised the price to 42 a month, annoying."), U("Still going three times a week.")]],
     [("how much is my gym membership?", "42|35", 2), ("how often does the user go to the gym?", "three", 3)]),
    ([[U("My daughter Leila plays violin, lessons on Wednesdays.")],
      [U("Leila swapped violin for cello this term."), U("Her teacher is Mr Brandt.")]],
     [("what instrument does Leila play?", "cello|violin", 2), ("who is Leila's teacher?", "brandt", 2)]),
    ([[U("I take my coffee black, no sugar.")],
      [U("Started adding oat milk to my coffee lately."), U("Trying to drink less of it anyway.")]],
     [("how do I take my coffee?", "oat|black", 2)]),
    ([[U("Our team standup is at 9:30 every weekday.")],
      [U("Standup moved to 10:00 because of the new timezone folks."), U("Retro is on Fridays.")]],
     [("when is our standup?", "10:00|9:30", 2), ("when is the retro?", "friday", 2)]),
    ([[U("I'm reading a biography of Ada Lovelace at the moment.")],
      [U("Finished the Lovelace book, now on a sci-fi novel by Le Guin."), U("Book club meets on the 3rd.")]],
     [("what am I reading right now?", "le guin|lovelace", 2), ("when does the book club meet?", "3rd", 2)]),
    ([[U("My neighbour Rosa has a grey cat called Pip.")],
      [U("Rosa adopted a second cat, a ginger one named Biscuit."), U("Pip is not impressed.")]],
     [("what are Rosa's cats called?", "pip|biscuit", 2)]),
]


@pytest.mark.parametrize("sessions,questions", CONVERSATIONS)
def test_the_gated_fitted_order_on_everyday_conversations(minilm, sessions, questions):
    """``rank_order="fitted"`` with the default gate: a question in the asker's own person is ordered by the fitted stage (its hits
    carry a ``rank_score``), any other keeps the hand order (none does); both find the answer."""
    with fitted_memory(minilm, sessions, T0, 21) as m:
        for q, answer, within in questions:
            hits = m.search(q, user_id="u", as_of=T0 + timedelta(days=50)).results
            scored = [h.reliability is not None and h.reliability.rank_score is not None for h in hits]
            if len(hits) > 1:
                assert any(scored) == asks_own(q), (q, scored)
            texts = [h.memory for h in hits]
            assert any(re.search(answer, t, re.I) for t in texts[:within]), (q, texts[:3])
