"""Session 15: the weight of the constraint meaning stage (``FusionConfig.constraint_meaning``, an untyped claim whose
meaning reads as a limit lifted for a request). 1.5 gained five development authors' probes and lost one on the
validation authors, so 1.0 stays (BENCHMARKS.md, session 15, branch s15-constr). What the lift must not do in an
ordinary conversation: push the memory a request is about out of its top two, or change its first hit against the
stage switched off more than once; and what it is for: a limit said in everyday words, never named by the request, in
the top three (two of ours are known misses, kept strict so a fix shows). Our own conversations, none from the
scenario sets, each mixing ordinary facts with the request's topic."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden import Memory, MemoryConfig
from memwarden.retrieval.search import FusionConfig, is_request

WHEN = datetime(2026, 5, 4, 9, tzinfo=timezone.utc)

# (what the user said, the request, a word of the memory the request is about)
ORDINARY = [
    (["my nephew Sam turns 10 next month", "he's obsessed with space and rockets", "we had a lovely walk by the canal"],
     "any present ideas for Sam?", "space"),
    (["we're driving to Cornwall in August", "we'll stay near St Ives for a week", "my partner prefers quiet beaches"],
     "can you suggest some beaches near St Ives?", "beaches"),
    (["I've joined a choir at the community centre", "we sing on Wednesday evenings", "my husband thinks it's hilarious"],
     "recommend some warm-up exercises for choir", "choir"),
    (["our garden gets sun all afternoon", "the soil is quite clay-heavy", "next door just put up a new fence"],
     "what should I plant in the garden this spring?", "clay"),
    (["I'm doing a 10k in Bristol in October", "my best time is 58 minutes", "my sister is coming to cheer"],
     "help me plan my training for the 10k", "10k"),
    (["my grandad loves crosswords", "he lives in a care home in Derby", "he was a train driver for forty years"],
     "suggest a gift for my grandad", "grandad"),
    (["the team offsite is in Manchester on the 12th", "there are fourteen of us", "our manager likes an early start"],
     "book a room for the offsite", "offsite"),
    (["I've got a sourdough starter going", "it's about two weeks old", "the kitchen is cold in the mornings"],
     "how do I get a better rise on my sourdough?", "sourdough"),
    (["my daughter is starting secondary school in September", "she'll take the bus", "she wants a purple backpack"],
     "make me a list of things to buy for school", "school"),
    (["we're repainting the living room", "the walls are a dull magnolia now", "the sofa is dark green"],
     "suggest a colour for the living room walls", "living room"),
    (["I'm going to Kyoto in November", "it's my first time in Japan", "I like temples and gardens"],
     "plan two days in Kyoto for me", "Kyoto"),
    (["my laptop is a 2019 MacBook", "it's getting slow with big spreadsheets", "I mostly use it for work"],
     "should I upgrade my laptop?", "MacBook"),
    (["the boys' football club needs new kit", "there are eighteen players", "the colours are red and black"],
     "find me a supplier for the football kit", "kit"),
    (["my in-laws are visiting for a week in July", "they like museums and long lunches", "we've got a sofa bed"],
     "ideas for things to do with my in-laws", "museums"),
    (["I host a quiz night at the pub every month", "the next one is on the 20th", "we usually get about six teams"],
     "write me some questions for the quiz night", "quiz"),
    (["I'm learning to knit", "I've done two scarves so far", "my friend runs a wool shop"],
     "recommend a next project for my knitting", "knit"),
]


@pytest.fixture(scope="module")
def ranked():
    """Per conversation: the top 5 for its request at the shipped weight and with the meaning stage off."""
    m = Memory(config=MemoryConfig(database=":memory:", embedder="minilm"))
    out = []
    for i, (said, query, _) in enumerate(ORDINARY):
        m.add([{"role": "user", "content": t} for t in said], user_id=f"u{i}", timestamp=WHEN)
        out.append(tuple([h.memory for h in m.search(query, user_id=f"u{i}", limit=5,
                                                      fusion=FusionConfig(constraint_meaning=w)).results]
                         for w in (FusionConfig().constraint_meaning, 0.0)))
    m.close()
    return out


@pytest.mark.parametrize("i", range(len(ORDINARY)))
def test_an_ordinary_request_keeps_what_it_is_about_in_its_top_two(ranked, i: int) -> None:
    _, query, about = ORDINARY[i]
    assert is_request(query)
    assert any(about.lower() in t.lower() for t in ranked[i][0][:2]), ranked[i][0]


def test_the_meaning_stage_changes_at_most_one_ordinary_first_hit(ranked) -> None:
    # measured at 1.0 and at 1.5: none of the 16 changes
    changed = [i for i, (shipped, off) in enumerate(ranked) if shipped[:1] != off[:1]]
    assert len(changed) <= 1, changed


# (what the user said, the request, a word of the limit) -- limits in everyday words no closed-class rule types
LIMITS = [
    pytest.param(["we're going to the coast for my friend's hen weekend", "there'll be eight of us", "the weekend is in late June",
                  "the bride loves anything on the water", "we've booked a big house in Padstow",
                  "honestly I get so seasick, even on pedalos"],
                 "what should we book for the hen weekend?", "seasick",
                 # rank 4 (5 before the padding words): the meaning model reads "gets so seasick" just under its
                 # threshold, so no weight lifts it (the untyped class of BENCHMARKS.md, session 15)
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
