"""Session 25 (s25-now, issue 10.3): of two lines said in one turn, the one holding what the question asks goes first.

A turn often opens on the scene ("had my review at the surgery today") and then gives the fact ("they've put me on
the 7:40 bus pass now"). Both lines are found by the same words, the turn's, and the scene, said first, ranked first.
Everyday conversations, both sides, written before the change: the user's own line holding the asked kind of value
(or, asked about now with no kind, saying what changed) comes above the scene of its own turn; a line of another
turn, another person's change and a scene that holds the value too stay where they are.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.trust.same_turn import same_turn_answer_first

FILLER = ["The neighbours' cat keeps sitting on my car.", "Made a lasagne, too much garlic.",
          "Watched the snooker all afternoon.", "Need to renew the TV licence at some point."]


def _hits(minilm, sessions: list[list[str]], query: str, **trust) -> list[str]:
    cfg = MemoryConfig(database=":memory:", embedder="minilm", trust=trust) if trust else MemoryConfig(
        database=":memory:", embedder="minilm")
    m = Memory(config=cfg, embedder=minilm)
    try:
        for month, turns in enumerate(sessions, start=1):
            msgs = []
            for t in turns:
                msgs += [{"role": "user", "content": t}, {"role": "assistant", "content": "Got it."}]
            m.add(msgs, user_id="u", timestamp=datetime(2026, month, 9, 18, tzinfo=timezone.utc))
        return [h.memory for h in m.search(query, user_id="u", as_of=datetime(2026, 11, 1, tzinfo=timezone.utc)).results]
    finally:
        m.close()


#: (sessions of user turns, question, what the first hit must say).
ANSWERS = [
    ([["my gran's care plan review was this morning. the carers come at 8am and 6pm now instead of three times a day"],
      FILLER], "when do the carers come to my gran?", "8am"),
    ([["went to the allotment AGM last night. my plot rent is £52 a year from now on"], FILLER],
     "how much is my plot rent?", "52"),
    ([FILLER, ["had the parents evening at last. his reading group is the Owls now, they moved him up"]],
     "which reading group is he in now?", "Owls"),
]


@pytest.mark.parametrize("sessions, query, answer", ANSWERS)
def test_the_line_of_a_turn_holding_the_answer_comes_first(minilm, sessions, query, answer) -> None:
    assert answer.lower() in _hits(minilm, sessions, query)[0].lower()


def _hit(text: str, turn: str, *, subject: str = "user", firmness: str = "stated"):
    from memwarden.models import Claim, EpisodeRef, ScoreParts, SearchHit

    now = datetime(2026, 5, 1, tzinfo=timezone.utc)
    return SearchHit(id=text, memory=text, score=1.0, scores=ScoreParts(fused=1.0), user_id="u", created_at=now,
                     updated_at=now, occurred_at=now, claim=Claim(subject=subject, firmness=firmness, vouched_by="user"),
                     episodes=[EpisodeRef(id=turn, text=turn)])


def test_the_answer_passes_the_scene_of_its_own_turn_only() -> None:
    scene, answer = _hit("The user: dentist check-up done", "t1"), _hit("The user: next one moved to 14 March", "t1")
    other = _hit("The user: the dentist is on Mill Road", "t0")
    assert [h.memory for h in same_turn_answer_first([scene, answer], "when's my next dentist check-up now?")] == [
        answer.memory, scene.memory]
    # a line of another turn above it is left alone
    assert [h.memory for h in same_turn_answer_first([other, answer], "when's my next dentist check-up now?")] == [
        other.memory, answer.memory]


def test_a_scene_holding_the_asked_value_too_keeps_its_place() -> None:
    first, second = _hit("The user paid £40 for the check-up", "t1"), _hit("The user: hygienist is £35 now", "t1")
    assert [h.memory for h in same_turn_answer_first([first, second], "how much is the hygienist?")] == [
        first.memory, second.memory]


def test_hearsay_a_line_saying_no_change_and_a_question_of_the_past_move_nothing() -> None:
    scene = _hit("The user: choir last night", "t1")
    rumour = _hit("The user: Dee reckons we meet at the pub from now on", "t1", firmness="reported")
    assert same_turn_answer_first([scene, rumour], "where does choir meet now?")[0] is scene
    plain = _hit("The user: we meet at Lena's", "t1")  # says no change: not the news of its turn
    assert same_turn_answer_first([scene, plain], "where does choir meet now?")[0] is scene
    moved = _hit("The user: we meet at the Crown now", "t1")
    assert same_turn_answer_first([scene, moved], "where did choir meet last year?")[0] is scene
    assert same_turn_answer_first([scene, moved], "where does choir meet now?")[0] is moved
