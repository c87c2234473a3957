from datetime import datetime, timedelta, timezone

import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.trust.attribute import asked

T0 = datetime(2025, 3, 1, 9, tzinfo=timezone.utc)


def store(*turns, claims=True):
    m = Memory(config=MemoryConfig(claims=claims))
    for i, (name, text) in enumerate(turns):
        msg = {"role": "user", "content": text, "timestamp": (T0 + timedelta(minutes=i)).isoformat()}
        if name:
            msg["name"] = name
        m.add([msg], user_id="u", admission="all")
    return m


def test_what_a_question_asks():
    assert asked("Which doctor prescribed my sertraline?").head == "prescriber"
    assert asked("what's Dr Okafor's phone number?").value == "phone"
    assert asked("Which hotel am I staying at for the wedding?").head == "hotel"
    assert asked("how much does Sam earn at the bakery?").value == "amount"
    # Counting and "when did" are answered without one stated value.
    assert asked("How many times has Joanna's script been rejected?").value == "any"
    assert asked("When did Maria get Coco?").value == "any"


@pytest.mark.parametrize("claims", [True, False])
def test_abstains_naming_the_missing_attribute(claims):
    m = store((None, "I take sertraline 50mg every morning"), claims=claims)
    res = m.search("Which doctor prescribed my sertraline?", user_id="u", as_of=T0 + timedelta(days=1))
    assert res.abstained and res.abstain_reason == "no_evidence" and "prescriber" in res.abstain_detail
    ok = m.search("What dose of sertraline do I take?", user_id="u", as_of=T0 + timedelta(days=1))
    assert not ok.abstained


def test_first_person_question_matches_a_named_speaker():
    m = store(("Alice", "I live in Porto with my two cats"))
    res = m.search("Where do I live?", user_id="u", as_of=T0 + timedelta(days=1))
    assert not res.abstained and "Porto" in res.results[0].memory


def test_a_later_first_hand_statement_outranks_the_hearsay_it_contradicts():
    m = store(("Dev", "pretty sure the Q3 offsite is on Friday the 14th in the Leeds office, Dev heard"),
              (None, "the calendar invite says the Q3 offsite is on Thursday"), claims=False)
    res = m.search("when is the Q3 offsite", user_id="u", as_of=T0 + timedelta(days=1))
    assert len(res.conflicts) == 1 and res.conflicts[0].resolved
    first = res.results[0]
    assert "Thursday" in first.memory and first.id == res.conflicts[0].winner
    assert first.relevance is not None and first.reliability is not None  # every part kept


def test_value_classes_read_from_the_question():
    assert asked("what dosage of ibuprofen is ok for me?").value == "number"
    assert asked("how much is the camper van worth now?").value == "amount"
    assert asked("how much flour goes in the loaf?").value == "number"
    assert asked("what's my target finish time for the 10k?").value == "time"


@pytest.mark.parametrize(("turn", "query", "abstains"), [
    # a rate is not the payment asked for; a payment is
    ("we locked the remortgage at 3.9% for two years", "How much is our monthly mortgage payment?", True),
    ("mortgage payment is 1,240 a month since the remortgage", "How much is our monthly mortgage payment?", False),
    ("we locked the remortgage at 3.9% for two years", "what interest rate did we lock the mortgage at?", False),
    # a place after "in"/"at" is not the person asked for
    ("my cousin Bea is getting married in Galway next spring", "Who is Bea marrying?", True),
    ("my cousin Bea is marrying Tomasz in Galway next spring", "Who is Bea marrying?", False),
    # a dose needs a number: "every day" does not say one
    ("I take loratadine every day through hay fever season", "What dose of loratadine do I take?", True),
    ("I take 10mg of loratadine every day", "What dose of loratadine do I take?", False),
])
def test_a_close_memory_without_the_asked_value_abstains(turn, query, abstains):
    m = store((None, turn))
    res = m.search(query, user_id="u", as_of=T0 + timedelta(days=1))
    assert res.abstained is abstains, (res.abstain_reason, res.abstain_detail)


def test_a_specific_value_class_is_checked_even_when_no_memory_shares_a_word():
    m = store((None, "I'm one of the ushers at my brother's wedding in June"))
    res = m.search("What colour are the groomsmen's ties?", user_id="u", as_of=T0 + timedelta(days=1))
    assert res.abstained and res.abstain_reason == "no_evidence"
