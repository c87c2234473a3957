"""A later correction ranks above what it corrects (trust/correction_first.py)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.models import Claim, EpisodeRef, ScoreParts, SearchHit
from memwarden.trust.correction_first import correction_first, says_corrected
from memwarden.trust.ranking import _words


def _hit(i: int, text: str, day: int, turn: str | None = None, **claim: object) -> SearchHit:
    when = datetime(2026, 5, day, tzinfo=timezone.utc)
    eps = [EpisodeRef(id=f"e{i}", text=turn, occurred_at=when)] if turn else []
    return SearchHit(id=f"m{i}", memory=text, user_id="u", score=1.0 - i / 10, scores=ScoreParts(fused=1.0 - i / 10),
                     created_at=when, updated_at=when, occurred_at=when, claim=Claim(subject="user", **claim),
                     episodes=eps)


def _ids(hits: list[SearchHit]) -> list[str]:
    return [h.id for h in hits]


@pytest.mark.parametrize(("text", "corrects"), [
    ("nope, the vet is on Fridays", True),                        # a reply's opening denial
    ("The user: no the recital is in the big hall", True),        # "no" before a clause
    ("scratch the 9th, I misheard the receptionist", True),       # admitting a mistake
    ("rang the depot and double-checked, it's bay 12", True),     # checking again
    ("So it was Lisbon after all", True),                         # a conclusion naming a value
    ("it's her cousin who's getting married, not her", True),     # a cleft, another referent
    ("The user: no lazy lunches this week then", False),          # "no" as a determiner
    ("no kidding, the traffic was awful", False),
    ("No one is coming to the barbecue", False),
    ("so it was fun in the end", False),                          # no value concluded
    ("checked in at the hotel at 3", False),
    ("actually, it's the blue folder", True),                      # "actually" before the value it gives
    ("I actually love the new folder", False),                    # emphasis
    ("the gig was actually fun", False),
    ("turns out my neighbour had a spare key", False),            # a story's turn, no value given
    ("nope, but it's on my list", False),                         # a denial conceding
    ("nah, I haven't been yet", False),                           # a plain answer to a question
])
def test_correction_wording_is_closed_class_and_read_in_structure(text: str, corrects: bool) -> None:
    assert says_corrected(text) is corrects


def test_a_later_correction_passes_the_older_value_it_corrects() -> None:
    old = _hit(0, "The user: the recital is in the small hall at 6", 2)
    chat = _hit(1, "The user: she's been practising every night", 3)
    fix = _hit(2, "The user: it's the big hall", 9, turn="nah wait, I got it wrong, it's the big hall")
    assert _ids(correction_first([old, chat, fix], "where is the recital?", _words)) == ["m2", "m0", "m1"]


def test_said_in_one_turn_the_cue_decides_and_the_turn_itself_is_no_earlier_word() -> None:
    # same turn time: the part carrying the cue passes a sibling carrying none ...
    old = _hit(0, "The user: the locker code is 4471", 5)
    fix = _hit(1, "The user: misread it, 4417", 5)
    assert _ids(correction_first([old, fix], "what's my locker code?", _words)) == ["m1", "m0"]
    # ... but never the turn it came from (a search of claims and turns)
    turn = _hit(0, "misread it, 4417", 5)
    part = _hit(1, "The user: the locker code is 4417", 5, turn="misread it, 4417")
    part = part.model_copy(update={"episodes": [EpisodeRef(id="m0", text="misread it, 4417")]})
    assert _ids(correction_first([turn, part], "what's my locker code?", _words)) == ["m0", "m1"]


def test_no_cue_an_older_correction_hearsay_or_another_matter_does_not_move() -> None:
    old = _hit(0, "The user: the recital is in the small hall at 6", 2)
    plain = _hit(1, "The user: it's the big hall", 9)
    assert _ids(correction_first([old, plain], "where is the recital?", _words)) == ["m0", "m1"]
    earlier = _hit(1, "The user: nope, it's the big hall", 1)  # said before: no correction of it
    assert _ids(correction_first([old, earlier], "where is the recital?", _words)) == ["m0", "m1"]
    rumour = _hit(1, "Gran says no, it's the big hall", 9, vouched_by="unknown", voucher="Gran", firmness="reported")
    assert _ids(correction_first([old, rumour], "where is the recital?", _words)) == ["m0", "m1"]
    other = _hit(0, "The user: bought new trainers", 2)
    fix = _hit(1, "The user: nope, it's the big hall", 9)
    assert _ids(correction_first([other, fix], "where is the recital?", _words)) == ["m0", "m1"]


def test_only_the_window_moves_and_the_set_is_unchanged() -> None:
    hits = [_hit(i, f"The user: the recital is in hall {i}", 2) for i in range(6)]
    hits.append(_hit(6, "The user: nope, the recital is in hall 9", 9))
    out = correction_first(hits, "where is the recital?", _words, top=5)
    assert _ids(out) == _ids(hits)
    assert correction_first([], "where?", _words) == []
