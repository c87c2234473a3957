"""A place inside a place, session 26 (issue 11): "which room / gate / ward / floor ...", "which part of <town> ..."
is answered only by a memory that picks one out (the noun with a number, a code or a word telling it from the
others, or a place the question does not name); a memory giving the thing only a day, a time or a price does not
answer it. Both sides, in this file's own wording."""

from datetime import datetime, timezone

import pytest

from memwarden.trust.place_part import asked_part, states_part
from test_trust_abstain_kinds import abstains_at

T0 = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


def abstains(turns: list[str], query: str) -> bool:
    return abstains_at(T0, turns, query)


@pytest.mark.parametrize(("query", "noun"), [
    ("which room is my dentist appointment in?", "room"),
    ("what gate does my Porto flight leave from?", "gate"),
    ("Which room number am I invigilating in?", "room"),
    ("which part of Lisbon is my flat in?", "part"),
    ("what area of Leeds is the new office in?", "area"),
    ("Which building society is my bond with?", None),   # a society, not a building
    ("which part of the day is busiest?", None),          # a time, not a place
    ("which side of the family is she from?", None),
    ("which stage of the process are we at?", None),      # no place noun
])
def test_which_place_part_a_question_asks(query, noun):
    assert asked_part(query) == noun


@pytest.mark.parametrize(("text", "picks"), [
    ("boarding 6.40, gate B22", True),               # a code after the noun
    ("our new place is on the fourth floor, no lift", True),   # a word before it
    ("found a flat in Alfama, lovely old streets", True),      # a place the question does not name
    ("flight on the 14th, boarding 6.40", False),
    ("the resit is booked for 20 june", False),
    ("the gate fee was 12 quid", False),              # the noun, nothing telling one from another
])
def test_a_memory_picks_out_one_place(text, picks):
    noun = "gate" if "gate" in text or "boarding" in text else "floor" if "floor" in text else "part"
    query = {"gate": "what gate does my flight leave from?", "floor": "which floor is our new place on?",
             "part": "which part of Lisbon is my flat in?"}[noun]
    if "resit" in text:
        noun, query = "room", "which room is my resit in?"
    assert states_part(noun, text, query) is picks


@pytest.mark.parametrize(("turns", "query"), [
    (["my dentist appointment got moved to thursday at 3"], "which room is my dentist appointment in?"),
    (["flight to Porto on the 14th, boarding 6.40"], "what gate does my Porto flight leave from?"),
    (["found a flat in Lisbon! moving in march"], "which part of Lisbon is my flat in?"),
    (["the team offsite is next tuesday, all day"], "which room is the offsite in?"),
    (["the choir concert is on the 9th, starts at 7"], "which building is the choir concert in?"),
    (["my hearing's on the 4th, 10am sharp"], "which court is my hearing in?"),
    (["booked the function room for Dad's 60th, £200 deposit paid"], "which hall is Dad's 60th in?"),
    (["Karl's moving to Munich in the summer for the new job"], "which part of Munich is Karl moving to?"),
])
def test_a_day_time_or_the_wider_place_said_does_not_answer(turns, query):
    assert abstains(turns, query)


@pytest.mark.parametrize(("turns", "query"), [
    (["flight to Porto on the 14th, boarding 6.40, gate B22"], "what gate does my Porto flight leave from?"),
    (["nan's been moved to ward 12 at St Helier"], "which ward is nan on?"),
    (["found a flat in Alfama, Lisbon! moving in march"], "which part of Lisbon is my flat in?"),
    (["the team offsite is in the Larch room on the 3rd floor"], "which room is the offsite in?"),
    (["our new place is on the fourth floor, no lift, great"], "what floor is our new place on?"),
    (["choir concert on the 9th at the Corn Exchange"], "which building is the choir concert in?"),
    (["we're staying in a little guesthouse near the old port in Marseille"],
     "which area of Marseille are we staying in?"),
    (["meeting with the auditors moved to the boardroom at 2"], "which room is the auditors meeting in?"),
    (["checked my boarding pass, gate's A14, boarding 7.10"], "which gate is my flight?"),
    (["Grandad's on the cardiac ward since last night"], "Which ward is Grandad on?"),
    (["flying from T5 on friday, 6am"], "which terminal am I flying from?"),
    (["tell the courier to use the side door, the front one sticks"], "which door should the courier use?"),
])
def test_a_memory_picking_one_out_answers(turns, query):
    assert not abstains(turns, query)


def test_the_answer_in_a_line_that_does_not_repeat_the_questions_words():
    # "terminal 2" in a line that names neither the person nor the pick-up answers the question.
    assert not abstains(["Marisol lands wednesday morning, I'm collecting her",
                         "she forwarded the booking: lands 08:15, terminal 2, from Montreal"],
                        "which terminal do I pick Marisol up from?")


# Review mends (session 26 lead): "floor" / "door" asked as a product, "part of" a document, and "out of" as a place
# preposition.
@pytest.mark.parametrize("question", [
    "What floor are we putting in the bathroom?",
    "what door did we order for the garage?",
    "Which part of the contract covers the notice period?",
    "what part of the warranty covers the pump?",
])
def test_products_and_documents_are_not_place_parts(question: str) -> None:
    assert asked_part(question) is None


@pytest.mark.parametrize("question", ["what floor is the physio on?", "which door do we go in at the stadium?"])
def test_floor_and_door_asked_as_places(question: str) -> None:
    assert asked_part(question) in {"floor", "door"}


def test_a_code_after_out_of_picks_one_out() -> None:
    assert states_part("terminal", "Lyon flight's at 6 on Friday, going out of T1 for once",
                       "Which terminal does my Lyon flight leave from?")


@pytest.mark.parametrize("question", ["Which part of the tenancy agreement covers pets?", "What area of law does Kemi practise?"])
def test_fields_and_agreements_are_not_places(question: str) -> None:
    assert asked_part(question) is None
