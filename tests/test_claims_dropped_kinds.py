"""Clauses the rules used to drop or mis-slot, by their structure: a record read after "I can see ...;", the
speaker's fact with a "your" aside, a value after a heading ("result: not X"), an allergen named before or after
"allergy" and not a noun it modifies ("allergy clinic")."""

from __future__ import annotations

from datetime import datetime, timezone

from memwarden.claims.rules import RuleExtractor
from memwarden.claims.slots import detect_slot
from memwarden.models import Turn

NOW = datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc)


def _claims(*turns: tuple[str, str]) -> list[str]:
    ex = RuleExtractor().extract([Turn(role=r, content=t, timestamp=NOW) for r, t in turns])
    return [c.text for c in ex.claims]


def test_a_record_read_by_the_assistant_carries_to_its_next_clause() -> None:
    texts = _claims(("user", "my parcel never arrived"),
                    ("assistant", "I can see the courier marked it undeliverable; a redelivery is booked for Friday 8 May."))
    assert any("redelivery is booked" in t for t in texts)
    # advice after the record is not a record
    texts = _claims(("user", "my parcel never arrived"),
                    ("assistant", "I can see it was returned to the depot; you can collect it with photo ID."))
    assert not any("collect it" in t for t in texts)


def test_the_speakers_fact_with_a_your_aside_is_kept_and_a_remark_to_the_listener_is_not() -> None:
    assert any("swim" in t for t in _claims(("user", "btw i only swim breaststroke in case that matters for your plan")))
    assert not _claims(("user", "you're a lifesaver honestly"))


def test_a_value_after_a_heading_is_not_a_bare_not_reply() -> None:
    assert any("not pregnant" in t for t in _claims(("user", "did the test this morning. verdict: not pregnant")))
    assert not _claims(("user", "not really"))


def test_an_allergy_names_its_allergen_not_the_noun_it_modifies() -> None:
    assert detect_slot("booked in at the allergy clinic for next week").attribute is None
    assert detect_slot("had an allergic reaction to the plasters").attribute is None
    assert detect_slot("she has a shellfish allergy").attribute == "allergy:shellfish"
    assert detect_slot("I'm allergic to latex").attribute == "allergy:latex"


def test_an_offer_to_the_listener_is_still_a_remark() -> None:
    assert not _claims(("user", "I'm here if you need me"))


def _slots(*turns: str) -> list[tuple[str | None, str | None, bool]]:
    ex = RuleExtractor().extract([Turn(role="user", content=t, timestamp=NOW) for t in turns])
    return [(c.claim.attribute, c.claim.value, c.claim.negated) for c in ex.claims]


def test_a_move_said_before_its_new_time_gives_that_time_to_the_moved_event() -> None:
    # "they moved it" names no time; the next clause of the turn says where to, in chat's "its"
    assert ("unnamed_event_time", "2026-05-21", False) in _slots("ugh they pushed it back!! text came in, its the 21st now")
    # a time in the next turn of talk that says no move is not one
    assert all(a is None for a, _, _ in _slots("they moved it. we had a lovely lunch on the 3rd"))


def test_a_possessive_its_is_left_alone_and_a_lowercase_replaced_name_does_not_negate() -> None:
    assert any("its own" in t for t in _claims(("user", "the new flat has its own parking space")))
    assert _slots("my eye test is at Specsavers on the 12th", "sorry its at Boots not specsavers")[-1][2] is False


def test_its_before_an_adjective_or_a_noun_starting_like_an_article_stays_possessive() -> None:
    assert any("its amazing" in t for t in _claims(("user", "we loved Lisbon with its amazing food")))


def test_an_in_law_without_hyphens_is_one_relation_and_a_second_negated_predicate_negates_nothing_before_it() -> None:
    ex = RuleExtractor().extract([Turn(role="user", content=t, timestamp=NOW) for t in (
        "my father in law is staying over easter", "he's vegan, doesn't touch honey either")])
    diet = [c.claim for c in ex.claims if c.claim.attribute == "diet"]
    assert diet and diet[0].subject == "user's father-in-law" and diet[0].negated is False
    assert _slots("I'm not vegan, don't eat fish though")[0][2] is True
