"""A value repaired in the same breath, and numeric dates read alike on both sides (session 15, issue 11).

``features().rejected`` holds a value the speaker took back ("the 14th, no wait, the 21st"); a claim
stating the kept value is agreed with, one stating the dropped value denied. The repair cues are
closed-class; the sentences below that use the same words without repairing a value must reject
nothing. Numeric dates ("18/07/2026", "05.03.2025", "10/06." at a sentence's end) read as the
month and day they name, as the spelled date does.
"""

from __future__ import annotations

import pytest

from memwarden.trust.features import features
from memwarden.trust.stance import detect_stance


@pytest.mark.parametrize("text, dropped, kept", [
    ("the recital is on the 9th, no wait, the 19th", "9", "19"),
    ("pick-up is at 3 - wait no, 3:45, they changed it", "3:00", "3:45"),
    ("the quote came to £620... sorry £720, with the fitting", "620", "720"),
    ("her flight lands at 6pm no hang on, it's 8pm", "6:00", "8:00"),
    ("my locker is number 12, correction, 21", "12", "21"),
    ("we're in room 4 — wait, no, room 14", "4", "14"),
])
def test_a_value_repaired_in_one_breath_is_dropped(text: str, dropped: str, kept: str) -> None:
    f = features(text)
    assert dropped in f.rejected
    assert kept in f.numbers and dropped not in f.numbers


@pytest.mark.parametrize("text", [
    "no wait, let me check the letter first",
    "wait no, don't tell me the score yet",
    "sorry I'm late, the bus was at 8 and it never came",
    "sorry, I owe you 20 quid from Friday",
    "I said sorry to her twice yesterday",
    "no hang on, who's picking up Jess?",
    "correction, the meeting room is the big one upstairs",
    "I waited no more than 10 minutes for the 42 bus",
    "the kids have 3 days off, no wait for the results though",
    "I'm sorry 3 people couldn't make it on the 14th",
    "we had 2 dogs and a cat, no wait, I mean 2 cats and a dog",
    "the 9:15 train, no hang on, which platform was it",
    "she scored 7 in the test, and 9 in the retake",
    "grab 2 pints of milk and 6 eggs please",
    "the doctor said 5mg twice a day, or rather she wrote it down",
    "my sister is 14, and no wait time at the clinic today",
    "the gym is 35 a month. sorry, 1 sec, the kettle's boiling",
    "the course costs 80 quid, sorry, 3 things I wanted to ask you",
    "got the jacket for 50 - sorry, 2 jackets actually, one for Sam",
    "my train is at 7, wait, no, I'm mixing it up with Priya, hers is at 9",
])
def test_the_repair_words_without_a_repaired_value_reject_nothing(text: str) -> None:
    assert not features(text).rejected


def test_the_kept_value_agrees_and_the_dropped_one_is_denied() -> None:
    said = "the plumber's coming thursday at 10, no wait, thursday at 2"
    assert detect_stance("the plumber is coming at 2 on thursday", said).label == "agree"
    assert detect_stance("the plumber is coming at 10 on thursday", said).label == "contradict"


@pytest.mark.parametrize("claim, text", [
    ("the appointment is on 18/07/2026.", "my slot is 18/07/2026, 9:30am at the passport office"),
    ("the appointment is on 10/06.", "the appointment at the clinic is on 10/06"),
    ("the salary came in on 5 March 2025", "05.03.2025 | transfer | salary | +2.318,44 EUR"),
])
def test_numeric_dates_read_as_the_date_they_name(claim: str, text: str) -> None:
    fc, ft = features(claim), features(text)
    assert fc.dates & ft.dates and not (fc.numbers - ft.numbers)


@pytest.mark.parametrize("text, number", [
    ("the dose went from 1.5 to 2.5 ml", "1.5"),
    ("version 13.11 of the app is out", "13.11"),
    ("it weighs 10.06 kg.", "10.06"),
    ("Score was 3/4. Not bad", None),
])
def test_decimals_and_ratios_are_no_dates(text: str, number: str | None) -> None:
    f = features(text)
    assert not (f.dates - {"2026"})
    if number:
        assert any(n.endswith(number) for n in f.numbers)
