"""A turn taking back what the speaker said before, naming no attribute ("I misheard", "I had it
wrong", "checked again"), supersedes the speaker's latest earlier claim holding another value of the
same kind on the same topic (``claims/retraction.py``). Wording of its own, not the evaluation sets'."""

from __future__ import annotations

import pytest

from memwarden import Memory
from memwarden.claims.retraction import RETRACT, value_kinds
from memwarden.config import MemoryConfig


def _mem() -> Memory:
    return Memory(config=MemoryConfig(embedder="hash", trust={"enabled": False}))


def _status(m: Memory, needle: str) -> str:
    got = [c for c in m.get_all(user_id="u", include_superseded=True) if c.claim and needle.lower() in c.memory.lower()]
    assert got, needle
    return got[0].status


@pytest.mark.parametrize("text", [
    "sorry, forget what I said earlier, the invoice came and it's 812",
    "oops I got that wrong, the boiler quote is 540",
    "hang on, just checked the booking again: 7:40 not 7:15",
    "I misread the letter, the hearing's on 9 May",
    "wait no, the table is for 6",
])
def test_retraction_openings_are_read(text: str) -> None:
    assert RETRACT.search(text)


@pytest.mark.parametrize("text", [
    "no idea what the quote will be",              # a bare "no" opens many answers
    "the builder was wrong about the wall",       # someone else's mistake
    "I checked the boiler, it's fine",             # checked, not again
    "can you check again tomorrow for tickets?",   # not the speaker's retraction
])
def test_other_openings_retract_nothing(text: str) -> None:
    assert not RETRACT.search(text)


def test_value_kinds_keep_a_dates_day_out_of_the_numbers() -> None:
    # a claim's text carries the extractor's resolved date after the expression as said
    kinds = value_kinds("the hearing is on 9 May (2026-05-09) at 10:30, court 3")
    assert kinds["date"] == {"2026-05-09"} and "10:30" in kinds["time"] and kinds["number"] == {"3"}


QUOTE = "the plumber's quote for the boiler is 450"


def _said(*texts: str) -> Memory:
    """A memory given ``texts`` in one call each, a day apart."""
    m = _mem()
    for day, text in enumerate(texts, start=2):
        m.add(text, user_id="u", timestamp=f"2026-03-{day:02d}T10:00:00Z", admission="all")
    return m


def test_a_correction_in_a_later_call_supersedes_the_claim_it_corrects() -> None:
    with _said(QUOTE, "sorry I misheard him on the phone, the boiler quote is 540") as m:
        assert _status(m, "450") == "superseded"
        assert _status(m, "540") == "active"


def test_a_correction_in_the_same_call_supersedes_the_earlier_turn_and_the_assistants_restatement() -> None:
    with _mem() as m:
        m.add([{"role": "user", "content": "the parcel locker code is 3391"},
               {"role": "assistant", "content": "Locker code 3391, noted."},
               {"role": "user", "content": "scratch that, read the locker text again, it's 3319"}],
              user_id="u", timestamp="2026-03-02T10:00:00Z", admission="all")
        assert _status(m, "code is 3391") == "superseded"
        assert all(c.status == "superseded" for c in m.get_all(user_id="u", include_superseded=True)
                   if c.claim and "3391" in c.memory)
        assert _status(m, "3319") == "active"


def test_without_a_retraction_two_values_both_stand() -> None:
    with _said(QUOTE, "the electrician's quote for the boiler wiring is 300") as m:
        assert _status(m, "450") == "active"


def test_a_retraction_of_another_topic_or_kind_supersedes_nothing() -> None:
    with _said(QUOTE,
               "I had it wrong, the school play starts at 6:30",  # a time, not an amount
               "I had it wrong, my niece turns 7") as m:           # a number on no shared topic
        assert _status(m, "450") == "active"


def test_the_same_value_again_is_no_correction() -> None:
    with _said("the boiler quote is 450", "just checked the email again, boiler quote 450 confirmed") as m:
        assert _status(m, "the boiler quote is 450") == "active"


@pytest.mark.parametrize("text", [
    "No, I was wrong to snap at the plumber yesterday",         # a regret, not a retraction
    "honestly I was wrong about the new neighbours, they're lovely",
    "wait, no way! the tickets sold out in an hour",            # surprise
    "my mistake was booking the early train",                   # a story of a mistake
    "forget what I said about being skint, I got paid",         # a topic dropped, no value taken back
])
def test_phrases_that_take_nothing_back_are_no_retraction(text: str) -> None:
    assert not RETRACT.search(text)


def test_a_value_after_the_retraction_sentence_corrects_nothing() -> None:
    # the cue's own sentence holds no value: the amount in the next sentence is news
    with _said(QUOTE, "oops I got that wrong. Anyway the boiler service is 540 this year") as m:
        assert _status(m, "450") == "active"


def test_an_unrelated_fact_with_a_regret_and_a_later_time_stands() -> None:
    with _said("the gym class starts at 8:45",
               "No, I was wrong to shout at him this morning. Anyway he has football at 4:30 on Tuesdays") as m:
        assert _status(m, "8:45") == "active"


def test_a_bare_retraction_with_its_value_in_the_same_sentence_still_corrects() -> None:
    with _said(QUOTE, "I was wrong, the boiler quote is 540. Anyway the fitter comes Monday") as m:
        assert _status(m, "450") == "superseded"


def test_a_date_said_in_words_in_the_retraction_sentence_corrects() -> None:
    # the turn says "June 17", the claim carries its resolved ISO date: the day number ties them
    with _said("the dentist appointment is on 9 June", "nope I had it wrong, the letter says the dentist is June 17") as m:
        assert _status(m, "9 June") == "superseded"
