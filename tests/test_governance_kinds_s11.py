"""Issue 12, session 11: a newer memory stating a change replaces the memory a request asks about on a weaker tie
than the same-topic cosine, when it is the closest newer memory. Wording and topics written for these tests, not the
eval files'."""

from __future__ import annotations

from test_governance_kinds_s6 import emb, policies  # noqa: F401 - the module's embedder fixture and policy helper

from memwarden.governance.features import FEATURES
from memwarden.governance.rules import CHANGE_TOPIC, ON_POINT, SAME_TOPIC, rule_policy


def _row(**kw: float) -> dict[str, float]:
    row = {k: 0.0 for k in FEATURES}
    row.update({"newer_index": -1.0, "newer_top_index": -1.0, "newer_gone": 0.0})
    row.update(kw)
    return row


def test_a_change_on_a_weaker_tie_replaces_only_the_memory_asked_about() -> None:
    tie = (CHANGE_TOPIC + SAME_TOPIC) / 2
    base = dict(newer_change=1.0, newer_sim=tie, newer_top_sim=tie, newer_index=1.0, newer_top_index=1.0, parts=1.0)
    assert rule_policy(_row(q_sim=ON_POINT + 0.1, **base))[0] == "superseded"
    # The request does not ask about this memory: a weak tie is no replacement.
    assert rule_policy(_row(q_sim=ON_POINT - 0.2, **base))[0] == "use"
    # Another newer memory is closer than the one stating the change: the change may be about something else.
    assert rule_policy(_row(q_sim=ON_POINT + 0.1, **{**base, "newer_top_index": 2.0, "newer_top_sim": 0.6}))[0] == "use"
    # No change stated (only another value): a weak tie is no replacement either.
    assert rule_policy(_row(q_sim=ON_POINT + 0.1, **{**base, "newer_change": 0.0, "newer_conflict": 1.0}))[0] == "use"
    # Below the weaker tie nothing replaces it.
    assert rule_policy(_row(q_sim=ON_POINT + 0.1, **{**base, "newer_sim": CHANGE_TOPIC - 0.05}))[0] == "use"


def test_a_habit_given_up_later_is_superseded_for_the_request_about_it(emb) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "what should I order for breakfast at the cafe?",
                    ["I always have a full english breakfast at the cafe",
                     "gone plant-based these days, oat porridge and fruit"]) == ["superseded", "use"]
    assert policies(emb, "order my usual lunch from the deli",
                    ["my usual at the deli is a tuna melt on rye",
                     "went pescatarian... no wait, gave up fish as well, fully vegan now"]) == ["superseded", "use"]
