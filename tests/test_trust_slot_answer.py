"""slot_answer_first: a question naming an attribute is answered first by the claim filling it."""

from __future__ import annotations

from datetime import datetime, timezone

from memwarden.models import Claim, ScoreParts, SearchHit
from memwarden.trust.slot_answer import asks_attribute, slot_answer_first


def _hit(i: int, text: str, day: int, attribute: str | None = None, value: str | None = None) -> SearchHit:
    when = datetime(2026, 2, day, tzinfo=timezone.utc)
    claim = Claim(subject="user", attribute=attribute, value=value, slot=f"user|{attribute}" if attribute else None)
    return SearchHit(id=f"m{i}", memory=text, user_id="u", score=1.0 - i / 10, scores=ScoreParts(fused=1.0 - i / 10),
                     created_at=when, updated_at=when, occurred_at=when, claim=claim)


def test_which_attributes_a_question_asks() -> None:
    assert asks_attribute("physio", "who's my physio these days?")
    assert asks_attribute("residence", "which part of town do I live in")
    assert asks_attribute("friday_dropoff", "who drops the twins off on friday")
    assert asks_attribute("piano_lesson_time", "when is the piano lesson")
    assert not asks_attribute("piano_lesson_time", "when is the football match")  # "when" alone says no attribute
    assert not asks_attribute("residence", "where is the party?")
    assert not asks_attribute(None, "who's my physio")


def test_the_claim_filling_the_asked_slot_moves_above_talk_about_it() -> None:
    talk = _hit(0, "The user's physio is off sick for a month", 10)
    fill = _hit(1, "The user got passed on to Joanne for now", 10, "physio", "Joanne")
    assert [h.id for h in slot_answer_first([talk, fill], "who is my physio?")] == ["m1", "m0"]


def test_a_later_statement_without_a_slot_is_not_jumped() -> None:
    fill = _hit(1, "The user's physio is Joanne", 3, "physio", "Joanne")
    later = _hit(0, "Joanne left the practice, it's Marek from next week", 20)  # maybe the update the lexicon missed
    assert [h.id for h in slot_answer_first([later, fill], "who is my physio?")] == ["m0", "m1"]


def test_nothing_moves_when_no_slot_is_asked() -> None:
    hits = [_hit(0, "The user ran 10k on sunday", 3), _hit(1, "The user's physio is Joanne", 2, "physio", "Joanne")]
    assert [h.id for h in slot_answer_first(hits, "how far did I run?")] == ["m0", "m1"]


def test_a_keyed_attribute_is_asked_by_its_kind() -> None:
    assert asks_attribute("stack:package_manager", "which package manager does the api repo use?")
    assert asks_attribute("stack:database", "what database are we on?")
    assert not asks_attribute("stack:database", "what's the stack?")


def test_a_filler_said_with_a_later_fact_passes_it_when_an_older_filler_cannot() -> None:
    other = _hit(0, "The user: the ci runners moved to arm this week", 20, "stack:ci", "arm")
    older = _hit(1, "The user swapped yarn out for pnpm", 5, "stack:package_manager", "pnpm")
    same_time = _hit(2, "The user: pnpm still", 20, "stack:package_manager", "pnpm")
    out = slot_answer_first([other, older, same_time], "which package manager do we use?")
    assert [h.id for h in out] == ["m2", "m0", "m1"]
