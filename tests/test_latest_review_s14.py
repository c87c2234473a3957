"""Session 14's misfire review of the latest-answer step (trust/latest.py), re-worded: everyday conversations whose
first hit the shipped step gets right and that a wider step broke (a window of 8 / cosine 0.25, the list head read
only before an auxiliary, "have got" read as "have": 7 wrong for 3 right, so none shipped). Each must keep its answer
first; and the class the review found in the shipped step, a later statement of another matter holding the same kind
of value passing the answer, is pinned as a known failure."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.config import MemoryConfig
from memwarden.memory import Memory

FILLER = ["The kettle's started making a weird noise.", "I finally trimmed the hedge.",
          "Reading a crime novel set in Bergen.", "The monthly report is due Friday.", "Tried a new pho place, decent."]


def _first(minilm, sessions: list[list[str]], query: str, *, reply: str = "Noted.", day: int = 12, hour: int = 9,
           as_of: datetime = datetime(2026, 12, 1, tzinfo=timezone.utc)) -> str:
    """The first hit's text for ``query`` after one session a month of ``sessions`` (each user turn answered by
    ``reply``, on the month's ``day`` at ``hour``)."""
    m = Memory(config=MemoryConfig(database=":memory:", embedder="minilm"), embedder=minilm)
    try:
        for month, turns in enumerate(sessions, start=1):
            msgs = []
            for t in turns:
                msgs += [{"role": "user", "content": t}, {"role": "assistant", "content": reply}]
            m.add(msgs, user_id="u", timestamp=datetime(2026, month, day, hour, tzinfo=timezone.utc))
        hits = m.search(query, user_id="u", as_of=as_of).results
        return hits[0].memory if hits else ""
    finally:
        m.close()


CASES = [
    ([["From school, Omar and Priya still live in Manchester."],
      ["Priya is thinking of moving from Manchester to Madrid next year."],
      ["I met Omar for lunch in the Northern Quarter."]],
     "Which friends from school still live in Manchester?", "Omar and Priya"),
    ([["The bakeries near work that do gluten-free bread are Crumb and Rise Bakehouse."],
      ["Crumb had a huge queue this morning."], ["I'm cutting back on bread."]],
     "Which bakeries near work do gluten-free bread?", "Rise Bakehouse"),
    ([["For the barbecue I have to bring sausages and a bag of ice."],
      ["I baked a lemon tart for my nephew's birthday."]],
     "What have I got to bring to the barbecue?", "sausages"),
    ([["In the freezer we have peas, fish fingers and a tub of ice cream."], ["I bought butter and cheese today."]],
     "What have we got in the freezer?", "peas"),
    ([["My current account has 1,800 pounds in it."], ["I paid 320 for the boiler service."]],
     "How much money have I got in my current account?", "1,800"),
    ([["Our landlord is called Mrs Kowalski."], FILLER, ["The agent handling repairs is Tom."]],
     "What's our landlord's name?", "Kowalski"),
    ([["I drive a Vauxhall Corsa."], FILLER, ["I hired a Toyota Yaris for the weekend trip."]],
     "What car do I drive?", "Corsa"),
]


@pytest.mark.parametrize("sessions, query, answer", CASES, ids=[c[2] for c in CASES])
def test_a_later_statement_of_another_matter_does_not_pass_the_answer(minilm, sessions, query, answer) -> None:
    assert answer.lower() in _first(minilm, sessions, query).lower()


@pytest.mark.xfail(strict=True, reason="session 14 review: the latest step lets a later statement holding the asked "
                   "kind of value (a doctor's name) pass the answer about another matter (the dentist); fix by structure: "
                   "the later statement must be about the asked matter")
def test_a_later_name_of_another_role_does_not_answer_the_dentist_question(minilm) -> None:
    first = _first(minilm, [["My dentist is Dr Lindqvist."], FILLER, ["My GP is Dr Mensah."]], "What's my dentist's name?")
    assert "lindqvist" in first.lower()
