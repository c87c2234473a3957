"""trust/siblings.py: a claim saying nothing of the question gives its sibling's place back after the blend or
the conflict winners passed it; nothing else moves."""

from __future__ import annotations

from datetime import datetime, timezone

from memwarden.models import EpisodeRef, ScoreParts, SearchHit
from memwarden.trust.siblings import keep_sibling_order

WHEN = datetime(2026, 3, 1, tzinfo=timezone.utc)


def _hit(i: int, text: str, turn: str | None, kind: str = "claim") -> SearchHit:
    eps = [EpisodeRef(id=turn, text="the turn as said", occurred_at=WHEN)] if turn else []
    return SearchHit(id=f"m{i}", memory=text, user_id="u", score=1.0, scores=ScoreParts(fused=1.0), created_at=WHEN,
                     updated_at=WHEN, occurred_at=WHEN, kind=kind, episodes=eps)  # type: ignore[arg-type]


def _ids(hits: list[SearchHit]) -> list[str]:
    return [h.id for h in hits]


ANSWER = _hit(0, "The user: for the cover please work portrait, 6 x 9 trim", "t3")
FRAGMENT = _hit(1, "Rowan got his wires crossed", "t3")
OTHER = _hit(2, "Rowan: they want the cover landscape this time", "t0")
Q = "Which orientation am I doing the Pellow cover in?"


def test_a_fragment_lifted_over_its_answering_sibling_gives_the_place_back() -> None:
    before = [OTHER, ANSWER, FRAGMENT]
    after = [FRAGMENT, OTHER, ANSWER]
    assert _ids(keep_sibling_order(after, before, Q)) == ["m0", "m2", "m1"]


def test_claims_of_different_turns_are_left_alone() -> None:
    apart = FRAGMENT.model_copy(update={"episodes": [EpisodeRef(id="t9", text="x")]})
    assert _ids(keep_sibling_order([apart, OTHER, ANSWER], [OTHER, ANSWER, apart], Q)) == ["m1", "m2", "m0"]


def test_a_lead_that_says_something_asked_keeps_its_place() -> None:
    # "The signal's fine" / "Ported my number over to Giffgaff": the lead shares "number" with the question
    lead = _hit(3, "Ported the user's number over to Giffgaff", "t5")
    sib = _hit(4, "The user's phone signal is fine so far", "t5")
    assert _ids(keep_sibling_order([lead, sib], [sib, lead], "what number is my phone on?")) == ["m3", "m4"]


def test_a_sibling_saying_nothing_asked_is_no_reason_to_move() -> None:
    sib = _hit(5, "The boiler still isn't fixed", "t3")
    assert _ids(keep_sibling_order([FRAGMENT, sib], [sib, FRAGMENT], Q)) == ["m1", "m5"]


def test_a_sibling_already_below_before_the_stage_stays_below() -> None:
    assert _ids(keep_sibling_order([FRAGMENT, ANSWER], [FRAGMENT, ANSWER], Q)) == ["m1", "m0"]


def test_episodes_and_claims_without_a_source_turn_never_move() -> None:
    ep = _hit(6, "Rowan got his wires crossed", "t3", kind="episode")
    bare = _hit(7, "The cover is portrait", None)
    assert _ids(keep_sibling_order([ep, ANSWER], [ANSWER, ep], Q)) == ["m6", "m0"]
    assert _ids(keep_sibling_order([FRAGMENT, bare], [bare, FRAGMENT], Q)) == ["m1", "m7"]


def test_the_turns_own_wording_and_the_rewritten_subject_tie_nothing() -> None:
    # "The user: ..." is in every claim; a question naming "the user" does not make a fragment say something asked
    frag = _hit(8, "The user: lol", "t4")
    ans = _hit(9, "The user drives a Honda Jazz now", "t4")
    assert _ids(keep_sibling_order([frag, ans], [ans, frag], "what does the user drive?")) == ["m9", "m8"]


def test_no_query_and_short_lists_are_returned_as_they_are() -> None:
    assert _ids(keep_sibling_order([FRAGMENT, ANSWER], [ANSWER, FRAGMENT], "")) == ["m1", "m0"]
    assert _ids(keep_sibling_order([FRAGMENT], [FRAGMENT], Q)) == ["m1"]
    assert keep_sibling_order([], [], Q) == []
