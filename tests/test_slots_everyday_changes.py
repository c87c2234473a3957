"""Session 20 (branch s20-slots, issues 10.3 / 11.3): a change said the way people say it lands on the
slot the old value is on, so the newer value supersedes the older in search and the verdict reads it.

Everyday wording of our own: signing for a flat, moving into halls, "seeing" someone, a new manager
named, the shift one works, a new number, an appointment pushed back, the car one went with. The other
side stays as it was: a plan is no change, a meeting is no partner, another person's change is not the
user's, a word of how is no name.
"""

from datetime import datetime, timedelta, timezone

import pytest

from memwarden.claims.reading import slot_reading
from test_misfire_s12_verdict import mem  # noqa: F401  (one in-memory store, shared fixture)
from said_then_verdict import verdict_after

T0 = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


def _slots(text: str) -> dict[str, str | None]:
    return {r.slot: r.value for r in slot_reading(text) if not r.negated}


#: (what the user says, the slot it sets, the value)
SETS = [
    ("I signed for a flat in Hulme last week", "user|residence", "Hulme"),
    ("we moved into halls on sunday, it's chaos", "user|residence", "halls"),
    ("I'm in halls this year", "user|residence", "halls"),
    ("from april I share a flat in Didsbury with two nurses", "user|residence", "Didsbury"),
    ("I've been seeing Marco for a couple of months", "user|partner", "Marco"),
    ("Marco is my boyfriend now", "user|partner", "Marco"),
    ("my girlfriend is jess, she's a vet", "user|partner", "jess"),
    ("Hana left, the new manager is Oskar", "user|manager", "Oskar"),
    ("Oskar is my new manager", "user|manager", "Oskar"),
    ("after the reshuffle i report to lena brandt from now on", "user|manager", "lena brandt"),
    ("my manager is lena brandt", "user|manager", "lena brandt"),
    ("they've moved me to the night shift", "user|shift", "night shift"),
    ("I'm back on earlies now", "user|shift", "earlies"),
    ("got the job!! I start in june as a porter with Northgate Hospital", "user|employer", "Northgate Hospital"),
    ("we went with the Yaris in the end", "user|car", "Yaris"),
    ("my dentist appointment is on the 12th", "user|dentist_appointment_time", None),
]


@pytest.mark.parametrize("text,slot,value", SETS)
def test_an_everyday_change_sets_its_slot(text, slot, value):
    got = _slots(text)
    assert slot in got, (text, got)
    if value is not None:
        assert got[slot] == value


def test_an_appointment_with_ones_dentist_is_one_slot_however_it_is_named():
    a = _slots("my dentist appointment is on the 12th")
    b = _slots("the dentist appointment got moved to the 19th")
    assert set(a) & set(b) == {"user|dentist_appointment_time"}


#: Said, and no slot of the user's is set by it.
NOT_SET = [
    ("thinking of moving into halls next year", "user|residence"),
    ("I'm seeing Marco on friday for coffee", "user|partner"),
    ("I'm seeing Dr Osei tomorrow about my knee", "user|partner"),
    ("my sister's new manager is Oskar, she can't stand him", "user|manager"),
    ("my boss is away this week", "user|manager"),
    ("my manager is mad about the deadline", "user|manager"),
    ("my son is coeliac", "user|partner"),
    ("Marco is my sister's boyfriend", "user|partner"),
    ("I report to someone new", "user|manager"),
    ("thinking of going with the Yaris", "user|car"),
    ("bought a second-hand jazz bass off a mate", "user|car"),
    ("got a golf lesson booked for saturday", "user|car"),
    ("agencies pay carers more on nights", "user|shift"),
]


@pytest.mark.parametrize("text,slot", NOT_SET)
def test_what_is_no_change_of_the_users_slot_sets_none(text, slot):
    assert slot not in _slots(text), (text, slot_reading(text))


#: (said a few days apart, the claim, the verdict)
VERDICTS = [
    (["I rent a room in Fallowfield", "signed for a flat in Hulme, moving in on saturday"], "The user lives in Hulme.", "TRUE"),
    (["I drive an old Fiesta", "we went with the Corsa in the end, picked it up today"], "The user drives a Corsa.", "TRUE"),
    (["I drive an old Fiesta", "we went with the Corsa in the end, picked it up today"], "The user drives a Fiesta.", "FALSE"),
    (["My manager is Priya, she's great", "Priya's gone, the new manager is Carl"], "The user's manager is Priya.", "FALSE"),
    (["My manager is Priya, she's great", "Priya's gone, the new manager is Carl"], "The user's manager is Carl.", "TRUE"),
    (["I'm on the day shift at the depot", "switched to the night shift this week, weird sleep"], "The user works the day shift.", "FALSE"),
    (["I've been seeing Dan for a few months", "me and Dan broke up, I'm fine honestly", "I'm seeing Tom now, early days"],
     "The user is dating Dan.", "FALSE"),
    # which days a shift falls on is more than the shift: left to the day rules
    (["I work nights at the care home, Monday to Thursday"], "The user works night shifts on Fridays.", "FALSE"),
    # the other side: a plan is no move, another person's new manager is not the user's
    (["I live in Leeds", "thinking of moving to York next year maybe"], "The user lives in Leeds.", "TRUE"),
    (["My manager is Priya", "my sister's new manager is Carl, she hates him"], "The user's manager is Priya.", "TRUE"),
]


@pytest.mark.parametrize("said,claim,want", VERDICTS)
def test_the_verdict_reads_the_change(mem, said, claim, want):
    got, why = verdict_after(mem, said, claim, T0, 3, 1)
    assert got == want, why


@pytest.mark.parametrize("said,query,current,stale", [
    (["I rent a room in Fallowfield", "signed for a flat in Hulme, moving in on saturday"], "Where do I live?", "Hulme", "Fallowfield"),
    (["I'm on the day shift at the depot", "switched to the night shift this week, weird sleep"], "What shift do I work?",
     "night shift", "day shift"),
    (["My dentist appointment is on the 3rd of March", "the dentist appointment got pushed to the 9th of March"],
     "When is my dentist appointment?", "9th", "3rd"),
])
def test_the_current_value_ranks_first(mem, said, query, current, stale):
    uid = f"now-{abs(hash((tuple(said), query))) % 10**8}"
    for i, text in enumerate(said):
        mem.add([{"role": "user", "content": text}], user_id=uid, timestamp=T0 + timedelta(days=3 * i))
    hits = mem.search(query, user_id=uid, limit=5).results
    texts = [h.memory for h in hits]
    first = next(i for i, t in enumerate(texts) if current in t)
    assert first == 0, texts
    assert not any(stale in t for t in texts[:first]), texts
