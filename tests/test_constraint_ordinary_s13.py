"""Session 13: what the constraint meaning stage (an untyped claim whose meaning reads as a limit, lifted for a
request) must not do in an ordinary conversation with no limit in it: push the memory the request is about out of the
top two, or change many requests' first hit. Our own conversations, in everyday wording (none from the scenario sets).
A weight of 2.0 (tried in session 13, reverted: it did not carry over to the validation authors) changed a second
first hit here ("partner has never been to Portugal" above "off to Lisbon in May")."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden import Memory, MemoryConfig
from memwarden.retrieval.search import FusionConfig, is_request

WHEN = datetime(2026, 3, 2, 10, tzinfo=timezone.utc)

# (what the user said, the request, a word of the memory the request is about)
ORDINARY = [
    (["my sister Jo is turning 40 in June", "she loves gardening and old films", "work has been mad this week"],
     "any gift ideas for Jo's birthday?", "gardening"),
    (["we're off to Lisbon in May for five days", "my partner has never been to Portugal", "the cat is staying with mum"],
     "can you suggest a few things to do in Lisbon?", "Lisbon"),
    (["I started running again last month", "did 5k on Sunday in 31 minutes", "my neighbour says the park floods in winter"],
     "suggest a training plan to get my 5k under 30 minutes", "5k"),
    (["my son Leo is into dinosaurs at the moment", "he's 6", "the school holidays start next Friday"],
     "recommend a day out for Leo during the holidays", "dinosaurs"),
    (["our kitchen is tiny, just a two-ring hob", "I usually cook for two", "my brother reckons induction is the future"],
     "suggest some easy dinners for this week", "hob"),
    (["I'm learning Spanish on an app", "I have a trip to Seville in the autumn", "my teacher at school was awful"],
     "recommend a podcast to help my Spanish", "Spanish"),
    (["I play five-a-side on Tuesdays", "we need a new goalkeeper", "the pitch is in Hove"],
     "write a message asking the group who can play in goal", "goalkeeper"),
    (["I've got a 2018 Golf", "the MOT is due in April", "my dad says the tyres look worn"],
     "make me a list of things to check before the MOT", "MOT"),
    (["the book club is reading a thriller this month", "we meet at Priya's flat on Thursday", "she always bakes"],
     "suggest some questions for book club on Thursday", "book club"),
    (["my budget app says I spent 300 on takeaways last month", "I get paid on the 25th", "I'm saving for a sofa"],
     "help me plan my spending until payday", "paid"),
    (["my mum moved into a flat near the sea", "she's on the second floor with a lift", "she misses her old garden"],
     "any ideas for things to do with mum this weekend?", "mum"),
    (["I'm hosting Christmas this year for eight people", "my in-laws are coming from Cork", "the oven is quite small"],
     "help me plan the Christmas dinner timings", "Christmas"),
    (["our wedding anniversary is on the 14th", "we got married in a barn in Devon", "we both love Italian food"],
     "book me a restaurant for our anniversary", "anniversary"),
    (["I work from home on Mondays and Fridays", "my desk is in the spare room", "the wifi upstairs is patchy"],
     "suggest a better home office setup", "spare room"),
    (["my daughter wants to learn the guitar", "she's 11 and left-handed", "her friend has lessons on Saturdays"],
     "find me a guitar for my daughter", "left-handed"),
    (["I'm moving flats on the 30th", "the new place is on the fourth floor", "my mate Dan has a van"],
     "make me a checklist for moving day", "moving"),
    # session 15 (tests/test_constraint_weight_s15.py): sixteen more, each mixing ordinary facts with the topic
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
    """Per conversation: the top 5 for its request with the shipped weight and with the meaning stage off."""
    m = Memory(config=MemoryConfig(database=":memory:", embedder="minilm"))
    out = []
    for i, (said, query, _) in enumerate(ORDINARY):
        m.add([{"role": "user", "content": t} for t in said], user_id=f"u{i}", timestamp=WHEN)
        out.append(tuple([h.memory for h in m.search(query, user_id=f"u{i}", limit=5, fusion=FusionConfig(constraint_meaning=w)).results]
                         for w in (FusionConfig().constraint_meaning, 0.0)))
    m.close()
    return out


@pytest.mark.parametrize("i", range(len(ORDINARY)))
def test_an_ordinary_request_keeps_what_it_is_about_in_its_top_two(ranked, i: int) -> None:
    _, query, about = ORDINARY[i]
    assert is_request(query)
    assert any(about.lower() in t.lower() for t in ranked[i][0][:2]), ranked[i][0]


def test_the_meaning_stage_changes_few_ordinary_first_hits(ranked) -> None:
    # measured: 1 of 32 ("Jo loves gardening" first for her gift, a preference the request can use; none of session
    # 15's sixteen, at 1.0 or at 1.5); more means the lift reads ordinary facts as limits
    changed = [i for i, (shipped, off) in enumerate(ranked) if shipped[:1] != off[:1]]
    assert len(changed) <= 1, changed
