"""The fitted "B, said later, updates A" test and the ranking step that reads it (trust/replaces.py)."""

from __future__ import annotations

import json

import pytest

from memwarden.errors import ModelError
from memwarden._fitted import Weights
from memwarden.models import SearchHit
from memwarden.trust_models import Reliability
from memwarden.trust.replaces import SCALARS, ReplaceModel, load_replace_model, replaced_first, updates_probability
from test_trust_present import _cosines, _hit as _present_hit


def _hit(i: int, text: str, day: int, **claim: object) -> SearchHit:
    return _present_hit(i, text, day, month=5, **claim)


def test_the_shipped_file_reads_and_names_this_codes_features() -> None:
    m = load_replace_model()
    assert m.coef.shape == (len(SCALARS),) and 0 < m.threshold < 1 and m.top >= 2


def test_a_file_for_other_features_is_one_clear_error() -> None:
    raw = json.loads(json.dumps({"features": ["cosine"], "mean": [0], "scale": [1], "coef": [1], "intercept": 0,
                                 "threshold": 0.5, "top": 3}))
    with pytest.raises(ModelError, match="replace weights"):
        ReplaceModel(Weights(raw, "replace weights", "x.json"))


def _said(i: int, text: str, day: int, asked: float) -> SearchHit:
    """A hit said on 2026-05-``day`` whose cosine to the question is ``asked``."""
    return _hit(i, text, day).model_copy(update={"reliability": Reliability.model_construct(query_cosine=asked)})


def test_a_later_line_that_replaces_the_first_hit_in_other_words_moves_above_it() -> None:
    old = _said(0, "The user's piano lesson is on Tuesday evenings", 1, 0.6)
    aside = _said(1, "The user: practised scales for an hour", 4, 0.3)
    new = _said(2, "The user: the piano teacher switched me to Saturday mornings", 20, 0.45)
    similar = _cosines({frozenset(("m0", "m2")): 0.5, frozenset(("m0", "m1")): 0.3, frozenset(("m1", "m2")): 0.3})
    assert [h.id for h in replaced_first([old, aside, new], "when is my piano lesson?", similar)] == ["m2", "m0", "m1"]
    # asked about the past, or about something other than one present value, nothing moves
    assert [h.id for h in replaced_first([old, aside, new], "when was my piano lesson last spring?", similar)] == ["m0", "m1", "m2"]


def test_a_later_remark_that_does_not_replace_the_first_hit_stays_below() -> None:
    old = _said(0, "The user: I take the 7.40 train to work", 1, 0.6)
    remark = _said(1, "The user: my bike got a puncture", 20, 0.2)
    busy = _said(2, "The user: the 7.40 train was packed today", 20, 0.5)
    similar = _cosines({frozenset(("m0", "m1")): 0.2, frozenset(("m0", "m2")): 0.6})
    assert [h.id for h in replaced_first([old, remark, busy], "how am I getting to work now?", similar)] == ["m0", "m1", "m2"]
    switch = _said(3, "The user: I've started cycling to the office instead", 20, 0.35)
    similar = _cosines({frozenset(("m0", "m3")): 0.45})
    assert [h.id for h in replaced_first([old, switch], "how am I getting to work now?", similar)] == ["m3", "m0"]


def test_an_earlier_line_never_passes_a_later_one_and_a_pair_without_vectors_is_not_compared() -> None:
    new = _said(0, "The user: swapped the boiler people, it's Pennock & Sons from now on", 20, 0.4)
    old = _said(1, "The user: the boiler service is booked with Hartley Heating", 1, 0.6)
    similar = _cosines({frozenset(("m0", "m1")): 0.5})
    assert [h.id for h in replaced_first([new, old], "who services my boiler?", similar)] == ["m0", "m1"]
    assert updates_probability(old, new, 0.5, load_replace_model()) > load_replace_model().threshold
    assert [h.id for h in replaced_first([old, new], "who services my boiler?", lambda a, b: -1.0)] == ["m1", "m0"]


def test_a_later_line_said_unsurely_or_about_the_users_kin_replaces_nothing() -> None:
    from memwarden.trust.replaces import can_replace
    own = _hit(0, "The user works from home on Tuesdays and Thursdays", 2)
    assert can_replace(own, _hit(1, "The user goes into the office every day now, hybrid is over", 20))
    assert not can_replace(own, _hit(1, "The user's wife has to go into the office every day from June", 20))
    assert not can_replace(own, _hit(1, "might ask about going in every day, not sure yet", 20))
