"""Session 15: the weight of the constraint meaning stage (``FusionConfig.constraint_meaning``, an untyped claim whose
meaning reads as a limit lifted for a request). 1.5 gained five development authors' probes and lost one on the
validation authors, so 1.0 stays (BENCHMARKS.md, session 15, branch s15-constr). What the lift must not do in an
ordinary conversation is tested with session 13's (``test_constraint_ordinary_s13.py``, sixteen more conversations of
ours added there); here, what it is for: a limit said in everyday words, never named by the request, in the top
three (two of ours are known misses, kept strict so a fix shows). Our own conversations, none from the scenario
sets, each mixing ordinary facts with the request's topic."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden import Memory, MemoryConfig

WHEN = datetime(2026, 5, 4, 9, tzinfo=timezone.utc)

# (what the user said, the request, a word of the limit) -- limits in everyday words no closed-class rule types
LIMITS = [
    pytest.param(["we're going to the coast for my friend's hen weekend", "there'll be eight of us", "the weekend is in late June",
                  "the bride loves anything on the water", "we've booked a big house in Padstow",
                  "honestly I get so seasick, even on pedalos"],
                 "what should we book for the hen weekend?", "seasick",
                 # rank 5 at 1.0, 4 at 1.5: the meaning model reads "gets so seasick" just under its threshold, so
                 # no weight lifts it (the untyped class of BENCHMARKS.md, session 15)
                 marks=pytest.mark.xfail(strict=True, reason="untyped limit: below the meaning model's threshold")),
    (["my partner's birthday is on the 3rd", "I'm thinking a night away somewhere", "she's turning 40",
      "she loves a good spa", "last year we went to Bath", "our spaniel Alfie comes everywhere with us now, no kennels"],
     "plan a night away for my partner's birthday", "Alfie"),
    pytest.param(["my dad's 70th is coming up in May", "he loves a pub lunch", "the whole family wants to come, about twelve of us",
                  "he's in Harrogate", "since his hip went he can't really do steps"],
                 "book somewhere for dad's 70th lunch", "steps",
                 # rank 5 at 1.0, 3 at 1.5: lifted, outranked by the request's topic facts (the largest class)
                 marks=pytest.mark.xfail(strict=True, reason="lifted limit outranked by topic facts at weight 1.0")),
]


@pytest.mark.parametrize("said,query,limit", LIMITS)
def test_a_limit_in_everyday_words_reaches_the_top_three(said, query: str, limit: str) -> None:
    m = Memory(config=MemoryConfig(database=":memory:", embedder="minilm"))
    m.add([{"role": "user", "content": t} for t in said], user_id="u", timestamp=WHEN)
    top = [h.memory for h in m.search(query, user_id="u", limit=5).results]
    m.close()
    assert any(limit.lower() in t.lower() for t in top[:3]), top
