"""The kind of value a question asks, read from its grammar, session 27 (issue 11): the head noun of the wh-phrase when
it names a kind of value (a number, a code, a reference, a size, a count, a ratio, a rate), "how long is", "how often",
"how big", a pricing verb ("what did they quote me") and the outcome of a test or a visit ("what did the scan show").
A memory on the question's topic must state a value of that kind, else the search abstains. Both sides, in this
file's own wording."""

from datetime import datetime, timezone

import pytest

from memwarden.trust.asked import asked
from memwarden.trust.asked_kind import kind_asked, phrase_head
from test_trust_abstain_kinds import abstains_at

T0 = datetime(2026, 4, 6, 9, tzinfo=timezone.utc)


def abstains(turns: list[str], query: str) -> bool:
    return abstains_at(T0, turns, query)


@pytest.mark.parametrize(("query", "head"), [
    ("what's the alarm code for the studio?", "code"),
    ("What's the door entry code at Gran's block?", "code"),
    ("what was Tobias's pickup reference?", "reference"),
    ("What's my NI application number?", "number"),
    ("what's the trailer's number plate?", "plate"),
    ("which glove size does Ines wear?", "size"),
    ("what garage do we use?", "garage"),
    ("what did I tell Ruth?", None),          # a verb follows the wh-word: no phrase
    ("which of them is cheaper?", None),
])
def test_the_head_of_the_wh_phrase(query, head):
    read = phrase_head(query)
    assert (read[0] if read else None) == head


@pytest.mark.parametrize(("query", "kind"), [
    ("what's the alarm code for the studio?", "code"),
    ("what was Tobias's pickup reference?", "code"),
    ("which glove size does Ines wear?", "size"),
    ("what's the dog's kibble ratio?", "number"),
    ("how long is the loan on the van?", "length"),
    ("how often does the bin lorry come?", "frequency"),
    ("how big is the spare room?", "number"),
    ("what did the plasterer quote us for the hallway?", "amount"),
    ("what did the X-ray show?", "outcome"),
    ("what did the surveyor find in the loft?", "outcome"),
    ("what garage do we use?", None),            # a thing, named without the word: left to the other checks
    ("how long did the drive take?", None),      # answered by the memories' own times
    ("how long have I been vegetarian?", None),
    ("what did I say to the landlord?", None),   # the asker's own words
    ("what did mum give me for my birthday?", None),   # a gift, not a price
    ("how long was the ferry crossing?", None),        # a past event's length: its times tell it
    ("How often does Priya go swimming?", None),       # a named party's habit, counted from her lines
    ("What did Tomasz find funny about the film?", None),   # a person named bare: a conversation, no test
    ("what did Leah's scan show?", "outcome"),
    ("What did Priya share to show the kids the stars?", None),  # "to show": the verb is another's
    ("what's the book group reading next?", None),      # a verb, not a reading
])
def test_the_kind_a_question_asks(query, kind):
    a = kind_asked(query)
    assert (a.value if a else None) == kind


def test_a_kind_read_only_where_asked_reads_none():
    # "what's the wifi password" is a code by asked's own rule; the grammar adds nothing there.
    assert asked("what's the wifi password?").value == "code"
    assert asked("what's the door entry code at Gran's block?").value == "any"


@pytest.mark.parametrize(("turns", "query"), [
    (["the studio has a new alarm, the installer came on friday"], "what's the alarm code for the studio?"),
    (["Tobias's parcel is waiting at the depot on Mill Road"], "what was Tobias's pickup reference?"),
    (["Ines wants new gardening gloves for her birthday"], "which glove size does Ines wear?"),
    (["we took out a loan for the van in january, the payments are fine so far"], "how long is the loan on the van?"),
    (["the bin lorry woke me up this morning, so loud"], "how often does the bin lorry come?"),
    (["the plasterer came round to look at the hallway on monday"], "what did the plasterer quote us for the hallway?"),
    (["had the X-ray on my wrist this morning, results in a week"], "what did the X-ray show?"),
    (["the surveyor is booked for the loft next thursday"], "what did the surveyor find in the loft?"),
])
def test_a_topic_said_without_a_value_of_the_kind_abstains(turns, query):
    assert abstains(turns, query)


@pytest.mark.parametrize(("turns", "query"), [
    (["the studio has a new alarm, code is 4471 then enter"], "what's the alarm code for the studio?"),
    (["Tobias's parcel is at the depot, pickup ref KX-20931"], "what was Tobias's pickup reference?"),
    (["Ines is a size 7 in gardening gloves"], "which glove size does Ines wear?"),
    (["we took out a 5 year loan for the van in january"], "how long is the loan on the van?"),
    (["the bin lorry comes every other tuesday"], "how often does the bin lorry come?"),
    (["the plasterer quoted us £640 for the hallway"], "what did the plasterer quote us for the hallway?"),
    (["X-ray on my wrist came back clear, just a sprain"], "what did the X-ray show?"),
    (["the surveyor found woodworm in two of the loft joists"], "what did the surveyor find in the loft?"),
    (["my knee physio is twice a week at the moment"], "how often do I see the physio?"),
    (["the contract runs until the end of august"], "how long is my contract?"),
])
def test_a_value_of_the_kind_answers(turns, query):
    assert not abstains(turns, query)


# The lead's mends after review: a finding said with an everyday reporting verb, money said in words, a weekday's
# evenings as a routine, and "paying for with" (what the money buys, not how much) read no kind.
@pytest.mark.parametrize(("turns", "query"), [
    (["the inspector's report picked up a cracked lintel over the kitchen window"], "what did the inspector say about the kitchen?"),
    (["I walk the Okoros' spaniel, charge them a fiver a walk"], "what am I charging the Okoros for walking?"),
    (["me and Petra swim at the lido on Thursday evenings"], "how often do I swim at the lido?"),
])
def test_mended_readings_answer(turns, query):
    assert not abstains(turns, query)


def test_paying_for_with_asks_no_amount():
    assert kind_asked("what am I paying for with the premium plan?") is None
    assert kind_asked("what am I paying for the allotment?") is not None
