"""The fitted rank stage (opt-in, `rank_order="fitted"`) on everyday conversations written for this
file (no evaluation set's wording): a changed fact answered by its latest value, a constraint for a
request in the first three, and the hand order's right answers kept (the reranker must not misfire)."""

import re
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone

import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.trust.config import TrustConfig

T0 = datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc)


def U(t: str) -> dict:
    return {"role": "user", "content": t}


#: (sessions a month apart, [(question, what the right hit says, how far down it may be)])
CONVERSATIONS = [
    ([[U("I work at a bakery on Elm Road, early shifts mostly.")],
      [U("Big news, I quit the bakery and started at the garden centre on Monday."), U("My back is killing me though.")]],
     [("where do I work now?", "garden centre", 1)]),
    ([[U("My sister Priya lives in Cardiff with her two cats."), U("She's a nurse at the Heath hospital.")],
      [U("Priya moved to Bristol last month for a new job."), U("The cats hated the car ride lol")]],
     [("where does Priya live these days?", "bristol", 1)]),
    ([[U("I'm vegetarian and my husband can't eat shellfish.")],
      [U("We're hosting six people on Saturday."), U("The oven is a bit temperamental, runs hot.")]],
     [("can you suggest a main course for Saturday's dinner?", "vegetarian|shellfish", 3)]),
    ([[U("My car is a 2012 Honda Jazz, silver."), U("Insurance renews in March.")],
      [U("Sold the Jazz! Got a used Toyota Yaris hybrid instead."), U("It's red, kids love it.")]],
     [("what car do I drive now?", "yaris", 1)]),
    ([[U("Dentist appointment is on the 14th at 3pm.")],
      [U("They rang, the dentist moved me to the 16th at 10am."), U("Also need to buy toothpaste.")]],
     [("when is my dentist appointment?", "16th", 1)]),
    ([[U("Our landlord is called Mr Okafor, rent is 950 a month."), U("The boiler is ancient.")],
      [U("Rent went up to 1,020 from next month, ugh."), U("Mr Okafor says the boiler will be replaced in June.")]],
     [("how much rent do we pay now?", "1,020", 1), ("when is the boiler being replaced?", "june", 1)]),
    ([[U("I'm allergic to penicillin, found out as a kid."), U("Also I take sertraline 50mg every morning.")],
      [U("Doctor upped my sertraline to 100mg."), U("Feeling ok otherwise, bit tired.")]],
     [("what dose of sertraline am I on?", "100mg", 1)]),
    ([[U("My daughter Mia starts at Oakfield Primary in September."), U("Her best friend is called Zara.")],
      [U("Mia's teacher this year is Mrs Patel, she seems lovely."), U("Pickup is at 3:15 every day.")]],
     [("who is Mia's teacher?", "patel", 1), ("what time is pickup?", "3:15", 1)]),
    ([[U("We use Postgres 14 for the main app and Redis for caching."), U("Deploys go through GitHub Actions.")],
      [U("We finally upgraded the database to Postgres 16."), U("CI is still a bit flaky.")]],
     [("which postgres version are we on?", "16", 1)]),
    ([[U("Gym is Mondays and Thursdays at 7am."), U("I'm training for a 10k in October.")],
      [U("Switched gym days to Tuesdays and Fridays, mornings still."), U("Knee is a bit sore after running.")]],
     [("which days do I go to the gym?", "tuesday", 1)]),
]


@contextmanager
def fitted_memory(minilm, sessions, start: datetime, days: int):
    """An in-memory ``Memory`` with the fitted order on, holding ``sessions`` said ``days`` apart from ``start``."""
    m = Memory(config=MemoryConfig(database=":memory:", embedder="minilm").model_copy(
        update={"trust": TrustConfig(rank_order="fitted")}), embedder=minilm)
    try:
        for i, msgs in enumerate(sessions):
            m.add(msgs, user_id="u", timestamp=start + timedelta(days=days * i))
        yield m
    finally:
        m.close()


@pytest.mark.parametrize("sessions,questions", CONVERSATIONS)
def test_the_fitted_order_answers_everyday_questions(minilm, sessions, questions):
    with fitted_memory(minilm, sessions, T0, 30) as m:
        for q, answer, within in questions:
            hits = m.search(q, user_id="u", as_of=T0 + timedelta(days=70)).results
            texts = [h.memory for h in hits]
            assert any(re.search(answer, t, re.I) for t in texts[:within]), (q, texts[:3])
