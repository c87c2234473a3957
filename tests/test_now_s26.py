"""Session 26 (s26-now, issue 10.3): asked about now, an update told over two lines of one turn moves by the line
that gives the new thing, not the line that says the old one ended.

"retired the qnap finally. built an unraid box from my old gaming pc": the first line is in the old fact's words, so
it is the one close enough in meaning for the latest-statement step (trust/latest.py) to move, and it holds nothing
that answers "what's my nas running on?"; the second holds the answer and is further from the old fact. Asked no
particular kind of value, a mover holding no value of its own gives its place to the line of its turn that holds one.
Everyday conversations, both sides; the first two cases failed on main (09b369f), the rest pass on both.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from test_latest_review_s14 import _first as _first_hit

FILLER = ["The smoke alarm keeps chirping at 3am.", "Made banana bread with the kids.",
          "Watched two episodes of that heist show.", "Need to book the boiler service before winter."]


def _first(minilm, sessions: list[list[str]], query: str) -> str:
    return _first_hit(minilm, sessions, query, reply="Thanks for letting me know.", day=14, hour=19,
                      as_of=datetime(2026, 11, 1, tzinfo=timezone.utc))


#: (old fact, the later turn, question, what the first hit must say).
TURN_UPDATES = [
    # the line saying what ended moved first on main
    ("my nas is a qnap ts-453 with four 4tb drives",
     "retired the qnap finally. built an unraid box from my old gaming pc, 5x 10tb", "what's my nas running on?", "unraid"),
    ("my road bike is a steel Raleigh from the 90s",
     "sold the old raleigh on marketplace. treated myself to a carbon Canyon Endurace", "what road bike do I ride?", "Canyon"),
    # already right on main, and must stay so
    ("our boiler is a Baxi combi from 2009",
     "the baxi is gone, engineer condemned it. new one is a Vaillant ecoTEC, fitted Tuesday", "what boiler do we have?",
     "Vaillant"),
    ("my laptop for work is a ThinkPad T480", "handed the thinkpad back to IT. they gave me a MacBook Air M3 instead",
     "what laptop do I use for work?", "MacBook"),
    ("my main keyboard is a Keychron K2 with brown switches",
     "the keychron finally gave up, retired it. typing on a Nuphy Air75 now", "what keyboard am I using?", "Nuphy"),
    ("our internet provider is Larkspur Fibre",
     "said goodbye to Larkspur at last, their fibre kept dropping. the internet provider now is Tidewave, 900 meg",
     "who is our internet provider?", "Tidewave"),
    ("my physio is Gemma at the sports clinic",
     "Gemma moved away so I stopped going to the sports clinic. my physio is a guy called Tomasz", "who's my physio?",
     "Tomasz"),
]


@pytest.mark.parametrize("old, new, query, answer", TURN_UPDATES, ids=[c[2] for c in TURN_UPDATES])
def test_the_line_giving_the_new_thing_comes_first(minilm, old, new, query, answer) -> None:
    assert answer.lower() in _first(minilm, [[old], FILLER, [new]], query).lower()


#: What stays: a question asking a kind of value (the line moved holds it), another person's change, a later turn on
#: another matter, and a question about the past.
KEPT = [
    ("my sister collects the kids on Fridays",
     "the kids are loving Year 3 with Mr Adeyemi. my mum does the Friday collection now",
     "who collects the kids on Fridays?", "mum"),
    ("my road bike is a steel Raleigh from the 90s", "my brother sold his old raleigh. he bought a carbon Canyon Endurace",
     "what road bike do I ride?", "Raleigh"),
    ("my nas is a qnap ts-453 with four 4tb drives",
     "finally cleaned out the loft. found 3 boxes of old cables and a Nintendo 64", "what's my nas running on?", "qnap"),
    ("my nas is a qnap ts-453 with four 4tb drives",
     "retired the qnap finally. built an unraid box from my old gaming pc, 5x 10tb", "what was my nas before?", "qnap"),
]


@pytest.mark.parametrize("old, new, query, answer", KEPT, ids=[c[2] + " / " + c[1][:24] for c in KEPT])
def test_what_the_turn_does_not_update_stays(minilm, old, new, query, answer) -> None:
    assert answer.lower() in _first(minilm, [[old], FILLER, [new]], query).lower()


#: Review mend (session 26 lead): a line of the turn on another matter, or one naming no replacement, does not take the
#: ending line's place (old fact, later turn, question, what the first hit must say).
OFF_MATTER = [
    ("I play a Roland digital piano my uncle passed on to me",
     "sold uncle's roland piano, gutted tbh. the new place is small, 41 square metres", "what piano do I play?",
     "roland"),
    ("my work phone is a Pixel 6", "lost the pixel on the train home. the guard said maybe 1 in 20 get handed in",
     "what work phone do I have?", "pixel"),
]


@pytest.mark.parametrize(("old", "later", "query", "want"), OFF_MATTER, ids=[c[2] for c in OFF_MATTER])
def test_a_line_on_another_matter_does_not_take_the_ending_lines_place(minilm, old, later, query, want) -> None:
    assert want.lower() in _first(minilm, [[old, *FILLER[:2]], [later, *FILLER[2:]]], query).lower()
