"""Session 11: constraints said in grammar the session-10 rules missed, a prescriber's frame naming a drug no lexicon
lists, and requests that ask whether something suits."""

from __future__ import annotations

import pytest

from memwarden.claims.restrictions import restriction_guess
from memwarden.claims.slots import detect_slot
from memwarden.retrieval.search import is_request


@pytest.mark.parametrize("text, key", [
    ("the physio told me to stay off ladders", "restriction:ladder"),       # a directive before "to"
    ("the vet said to avoid chicken for a month", "restriction:chicken"),
    ("to keep away from bleach (according to the nurse)", "restriction:bleach"),  # the frame taken off
    ("the optician kept telling me no screens after ten", "restriction:screen"),  # "no X" reported by "telling me"
])
def test_a_rule_said_through_a_reported_directive_is_typed(text: str, key: str) -> None:
    g = restriction_guess(text)
    assert g is not None and g.attribute is not None and g.attribute.startswith(key)


@pytest.mark.parametrize("text", [
    "I am trying to avoid the rush hour",        # an aim, not a rule
    "it is hard to avoid sugar at christmas",
    "to avoid the traffic we left at six",       # a purpose clause
    "I'd never heard of the place",              # what did not happen
    "we would never have guessed it",
])
def test_aims_purposes_and_narratives_stay_untyped(text: str) -> None:
    assert restriction_guess(text) is None


@pytest.mark.parametrize("text, value", [
    ("they've put her on rivaroxaban", "rivaroxaban"),
    ("the gp started me on fostair", "fostair"),
])
def test_a_drug_no_lexicon_lists_is_read_from_the_prescriber_frame(text: str, value: str) -> None:
    assert detect_slot(text).attribute == f"medication:{value}"


@pytest.mark.parametrize("text", [
    "they put me on hold for an hour", "they put me on JAL 42 instead", "my manager put me on the rota",
    "they started me on nights",
])
def test_being_put_on_a_list_a_flight_or_a_shift_is_no_medication(text: str) -> None:
    assert not (detect_slot(text).attribute or "").startswith("medication")


@pytest.mark.parametrize("query, asks", [
    ("what's a good pub for a quiet pint", True),
    ("is a trampoline park a nice idea for her party?", True),
    ("decent walk near the lakes this sunday", True),
    ("the caterer suggested a buffet, is that ok for us?", True),
    ("anything stopping me going to the gig on friday?", True),
    ("what time is my dentist appointment?", False),
    ("did I have a good time in Rome?", False),
    ("is the flat good?", False),
])
def test_asking_whether_something_suits_is_a_request(query: str, asks: bool) -> None:
    assert is_request(query) is asks
