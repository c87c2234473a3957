"""Session 12 (branch s12-verdict): the verdict's fitted stance, refitted on seventeen authors, may
now overrule the rules' "unrelated" with "contradict" (trust/stance_fitted.py), also where the rules
saw another name beside a shared word ("different entities"). It must not read an ordinary memory on
the claim's topic that does not settle it as a contradiction or a support.

Each pair below was written for this test, in everyday wording, with no eval set's content: a
memory on the claim's topic (same person, place or thing; often a value of the same kind) that
neither says nor denies what the claim says. The verdict must stay UNKNOWN.
"""

from datetime import datetime, timezone

import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from said_then_verdict import verdict_after

#: (what the user said, the claim): topical, never settling.
TOPICAL_NOT_SETTLING = [
    ("I drove up to Leeds on Saturday for the match", "The user's sister lives in Leeds."),
    ("my dentist says I should floss more, the usual lecture", "The user's dentist appointment is on Friday."),
    ("took the car through the car wash this morning", "The user's car is blue."),
    ("the landlord finally fixed the dripping tap in the bathroom", "The user's rent is 900 pounds a month."),
    ("bought a sourdough loaf at the bakery on the corner", "The user works at a bakery."),
    ("my son has football practice on Tuesdays", "The user's son plays the violin."),
    ("I've always wanted to see the Colosseum one day", "The user's flight to Rome is on the 12th."),
    ("our neighbour's cat keeps sitting on the garden wall", "The user is allergic to cats."),
    pytest.param("did legs at the gym today, can barely walk", "The user's gym closes at 10pm.",
                 marks=pytest.mark.xfail(strict=True, reason="main's rules already read this as agreement on the one "
                                                          "shared word 'gym' (found session 12, left alone)")),
    ("mum's taking a watercolour class at the library", "The user's mother is 70 years old."),
    ("we had a long retro about the release process", "The user's team uses Python 3.11."),
    ("my cousin got married last summer in a barn", "The user's wedding is in June."),
    ("my phone screen cracked when I dropped it on the bus", "The user pays 40 pounds a month for the phone."),
    ("the trains were packed this morning, had to stand the whole way", "The user's train leaves at 7:15."),
    ("my daughter lost another tooth last night", "The user's daughter goes to Hillside Primary."),
    ("work has been hectic all week with the audit", "The user's boss is called Martin."),
    ("just finished the book for book club, loved the ending", "The user's book club meets on Thursdays."),
    ("we switched all the bulbs to LEDs at the weekend", "The user's electricity bill was 120 pounds."),
    ("my brother is visiting us in March", "The user's brother lives in Canada."),
    ("I walk the dog every morning before work", "The user's dog is a spaniel."),
    # Another name beside a shared word ("different entities" may now be overruled): both can hold.
    ("my daughter's best friend Ruby goes to St Mary's", "The user's daughter goes to Hillside Primary."),
    ("we stayed in Porto for two nights on the way back", "The user's parents live in Lisbon."),
    ("my colleague Dan supports Arsenal, we argue every Monday", "The user supports Tottenham."),
    ("had lunch with Priya from accounts, she's lovely", "The user's manager is called Helen."),
]


@pytest.fixture(scope="module")
def mem():
    m = Memory(config=MemoryConfig(database=":memory:", embedder="minilm"))
    yield m
    m.close()


@pytest.mark.parametrize("said,claim", TOPICAL_NOT_SETTLING)
def test_a_topical_memory_that_does_not_settle_the_claim_leaves_it_unknown(mem, said, claim):
    verdict, why = verdict_after(mem, [said], claim, datetime(2026, 3, 4, 9, tzinfo=timezone.utc), 0, 1)
    assert verdict == "UNKNOWN", why
