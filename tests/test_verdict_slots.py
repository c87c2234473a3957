"""Session 19 (branch s19-moved, issue 11 item 3): verdicts against a changed or a different value.

Where one lives, who one works for, one's partner, car or manager hold one value at a time. A memory
that names the claim's value as the one replaced ("moved from Lisbon to Porto") contradicts the claim
of the present and supports the claim of the past; a memory holding another value contradicts it; a
many-valued fact (pets, allergies) never denies another member. Everyday wording of our own.
"""

from datetime import datetime, timezone

import pytest

from memwarden.trust.verdict_slot import CHOICE, SlotRead, read_claim
from test_misfire_s12_verdict import mem  # noqa: F401  (one in-memory store, shared fixture)
from said_then_verdict import verdict_after

T0 = datetime(2026, 2, 2, 9, tzinfo=timezone.utc)

#: (what the user said, in order, a few days apart; the claim; the verdict it must get).
SAID = [
    # a move named with both places: the old one is no longer where the user lives
    (["I live in Lisbon"], "The user lives in Lisbon.", "TRUE"),
    (["I live in Lisbon", "I moved from Lisbon to Porto last month"], "The user lives in Lisbon.", "FALSE"),
    (["I live in Lisbon", "I moved from Lisbon to Porto last month"], "The user lives in Porto.", "TRUE"),
    (["I live in Lisbon", "I moved from Lisbon to Porto last month"], "The user used to live in Lisbon.", "TRUE"),
    (["I live in Lisbon", "I moved from Lisbon to Porto last month"], "The user no longer lives in Lisbon.", "TRUE"),
    (["we moved from Bristol to Bath in the spring"], "The user lives in Bristol.", "FALSE"),
    (["we moved from Bristol to Bath in the spring"], "The user lived in Bristol before.", "TRUE"),
    # another value of a one-valued slot
    (["I work at the bakery on Elm Street"], "The user works at the garage.", "FALSE"),
    (["I work at the bakery on Elm Street"], "The user works at the bakery.", "TRUE"),
    (["I drive a Toyota Corolla"], "The user drives a Honda.", "FALSE"),
    (["I drive a Toyota Corolla"], "The user drives a Toyota.", "TRUE"),
    # a job change, then the new place
    (["I'm a nurse at St Mary's hospital", "I quit the hospital and started at a care home in March"],
     "The user works at a care home.", "TRUE"),
    (["I work for Acme Logistics as a driver", "Left Acme last week, much happier now"],
     "The user used to work for Acme Logistics.", "TRUE"),
    # a plan or a hedged intention is no change yet (a review of session 19 found plans read as moves made)
    (["I live in Cork", "we're moving to Galway in the autumn, already looking at houses"], "The user lives in Cork.", "TRUE"),
    (["I work at the council", "thinking of leaving the council tbh, not sure yet"], "The user works at the council.", "TRUE"),
    (["I drive a Nissan Leaf", "might sell the Leaf next year"], "The user drives a Nissan Leaf.", "TRUE"),
    # nothing said on the slot: not settled
    (["I work at the bakery on Elm Street"], "The user lives in Leeds.", "UNKNOWN"),
    # many-valued facts: a second one is no denial of the first
    (["we've got a cat called Pickle"], "The user has a dog.", "UNKNOWN"),
    (["We have a cat called Miso."], "The user has a dog.", "UNKNOWN"),
    (["I'm allergic to peanuts"], "The user is allergic to shellfish.", "UNKNOWN"),
]


@pytest.mark.parametrize("said,claim,want", SAID)
def test_a_claim_on_a_one_valued_slot(mem, said, claim, want):
    got, why = verdict_after(mem, said, claim, T0, 3, 1)
    assert got == want, why


def test_the_verdict_cites_the_update(mem):
    """The README's own example: the old value named in the update sentence is no support."""
    uid = "moved-lisbon"
    mem.add([{"role": "user", "content": "I live in Lisbon."}], user_id=uid, timestamp="2026-01-10T09:00:00Z")
    mem.add([{"role": "user", "content": "I moved from Lisbon to Porto last month."}], user_id=uid,
            timestamp="2026-05-04T09:00:00Z")
    v = mem.verdict("The user lives in Lisbon", user_id=uid)
    assert v.verdict == "FALSE", v.reason
    deciding = [e for e in v.evidence if e.id in v.deciding_ids]
    assert deciding and all("Porto" in e.memory for e in deciding)


def _reader(slots: dict[str, tuple[SlotRead, ...]]):
    return lambda text: slots.get(text, ())


def test_a_claim_about_a_plan_or_a_thing_is_not_read_as_a_slot():
    moving = SlotRead("user|residence", "Leeds")
    read = _reader({"I am moving to Leeds": (moving,), "my meeting has been moved to Leeds": (moving,),
                    "I live in Leeds": (moving,), "my flat is in Leeds": (moving,)})
    # a plan, not where one lives now; a meeting is no home (session 21: both may still be read as an option
    # named, which only a later choice among options settles)
    for said in ("I am moving to Leeds", "my meeting has been moved to Leeds"):
        got = read_claim(said, read)
        assert got is None or got.read.slot == CHOICE, (said, got)
    assert read_claim("I live in Leeds", read) is not None
    assert read_claim("my flat is in Leeds", read) is not None


def test_past_and_negated_claims_are_read_in_their_present_form():
    read = _reader({"I live in Leeds": (SlotRead("user|residence", "Leeds"),)})
    past = read_claim("I used to live in Leeds", read)
    assert past is not None and past.past and not past.negated
    gone = read_claim("I no longer live in Leeds", read)
    assert gone is not None and gone.negated and not gone.past
    assert read_claim("I never lived in Leeds", read) is None
