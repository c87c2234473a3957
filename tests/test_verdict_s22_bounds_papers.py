"""Session 22 (branch s22-verdict): two everyday kinds of testimony the verdict misread.

1. A claim that compares with a bound ("more than 60,000 points", "under 10 pounds") against a text
   that states the amount without a unit, or states several amounts of which the near ones all fall
   on one side (a statement or a receipt): the verdict compares (:mod:`memwarden.trust.verdict_compare`).
   When the near amounts straddle the bound, the one labelled with the claim's words decides; a text
   with no amount near the bound does not answer it.
2. What a paper or a screen the user reads for themselves says ("the card says", "the meter shows",
   "the passport says") is the user's record, not hearsay (:data:`memwarden.trust.firmness_lexicon._AUTHORITY`),
   while what a relative or a named person says stays reported.

Every pair was written for this test in everyday wording; none is taken from an eval set.
"""

from datetime import datetime, timezone

import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.trust.lexicon import firmness
from memwarden.trust.verdict_compare import compare
from said_then_verdict import verdict_after

T0 = datetime(2026, 5, 11, 18, tzinfo=timezone.utc)

#: (what the user said, the claim, the verdict)
BOUNDS = [
    ("loyalty app says I've got 48,300 points now", "The user has more than 40,000 loyalty points.", "TRUE"),
    ("loyalty app says I've got 48,300 points now", "The user has more than 50,000 loyalty points.", "FALSE"),
    ("energy statement for april: gas £41.20, electricity £63.75, standing charges £18.10",
     "The user's electricity cost more than £60 in April.", "TRUE"),
    ("energy statement for april: gas £41.20, electricity £63.75, standing charges £18.10",
     "The user's gas cost more than £60 in April.", "FALSE"),
    ("my resting heart rate on the watch this week averaged 57", "The user's resting heart rate is under 60.", "TRUE"),
    ("the leisure centre pool reopens on Saturday after the repairs",
     "The user's kids' swimming lessons cost under 10 pounds each.", "UNKNOWN"),
    ("my sister's got over 60,000 air miles, she never stops flying", "The user has more than 60,000 air miles.", "UNKNOWN"),
]

#: (what the user said, the claim, the verdict)
PAPERS = [
    ("found the old boiler paperwork, the service sticker says next service due October 2026",
     "The user's boiler service is due in October 2026.", "TRUE"),
    ("checked the meter this morning, the display says 04512", "The user's meter reading is 04512.", "TRUE"),
    ("my aunt says the shop on the corner shut down for good", "The shop on the corner has shut down for good.", "UNKNOWN"),
]


@pytest.fixture(scope="module")
def mem():
    m = Memory(config=MemoryConfig(database=":memory:", embedder="minilm"))
    yield m
    m.close()


@pytest.mark.parametrize("said,claim,expect", BOUNDS + PAPERS)
def test_verdict_on_bounds_and_papers(mem, said, claim, expect):
    verdict, why = verdict_after(mem, [said], claim, T0, 0, 1)
    assert verdict == expect, why


def test_the_near_amounts_decide_a_bound():
    # several amounts: those far from the bound (a day, a count of items) are not the claim's
    st = compare("The weekly shop came to more than 80 pounds.", "receipt 3 May: 23 items, total £86.40", 0.5, 0.2)
    assert st is not None and st.label == "agree"
    # straddling amounts, one labelled with the claim's words
    st = compare("The rent was over £700.", "paid rent £725, deposit £650", 0.5, 0.2)
    assert st is not None and st.label == "agree"
    # nothing near the bound: no answer
    assert compare("The user has more than 60,000 air miles.", "flew to Lisbon on the 3rd with 2 bags", 0.5, 0.2) is None


@pytest.mark.parametrize("text,firm", [
    ("the card says valid until june next year", "stated"),
    ("the screen says the parcel was delivered at 2", "stated"),
    ("it says on the box it's dishwasher safe", "stated"),
    ("my brother says the match is off", "reported"),
    ("Jo says she's moving to Hull", "reported"),
])
def test_a_paper_read_by_the_user_is_no_hearsay(text, firm):
    assert firmness(text) == firm


@pytest.mark.parametrize(("claim", "text", "label"), [
    # lead mend after review: each number counts or prices the word after it; only the claim's own thing decides
    ("The user has more than three dogs.", "we've got 2 dogs so a 4 berth van is plenty", "contradict"),
    ("The user has more than one dog.", "we've got 2 dogs so a 4 berth van is plenty", "agree"),
    ("The user has more than one rabbit.", "1 rabbit and 4 guinea pigs", "contradict"),
    ("The user has more than 30 pupils this year.", "28 kids in my class this year, last year was 31", None),
    ("The sofa cost more than £500.", "Sofa £820 | Cushions £40", "agree"),
    ("The cushions cost more than £500.", "an £820 sofa and £40 cushions", None),
])
def test_a_number_counts_the_thing_after_it(claim, text, label):
    s = compare(claim, text, 0.8, 0.3)
    assert (s.label if s else None) == label
