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
    old = _said(0, "The user: I take the 7.40 train to work", 1, 0.35)
    remark = _said(1, "The user: my bike got a puncture", 20, 0.2)
    busy = _said(2, "The user: the 7.40 train was packed today", 20, 0.21)
    similar = _cosines({frozenset(("m0", "m1")): 0.2, frozenset(("m0", "m2")): 0.6})
    assert [h.id for h in replaced_first([old, remark, busy], "how am I getting to work now?", similar)] == ["m0", "m1", "m2"]
    # the question's MiniLM cosines (session 28): 0.35 to the train, 0.30 to the switch, 0.21 to the packed train
    switch = _said(3, "The user: I've started cycling to the office instead", 20, 0.30)
    # Measured, this switch is missed (session 28): its cosine to the train line is 0.43, under MIN_COSINE, and the
    # model reads p 0.67 at 0.45. (Session 27 wrote 0.6 / 0.35 for the question's cosines and saw it move.)
    similar = _cosines({frozenset(("m0", "m3")): 0.45})
    assert [h.id for h in replaced_first([old, switch], "how am I getting to work now?", similar)] == ["m0", "m3"]


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


# Session 28: updates of the asked value and remarks on the same thing, in pairs on one matter. The numbers are the
# MiniLM cosines of the two lines and of each line to the question (measured once, written here).
_UPDATES = [
    ("what time does the nursery close?", "The nursery closes at 6pm", "The nursery closes at 5.30pm from September",
     0.92, 0.89, 0.88),
    ("where does my brother live?", "The user's brother lives in Bristol",
     "The user's brother has moved to Cardiff for his new job", 0.75, 0.63, 0.46),
    ("how much is my gym membership?", "The gym membership is 32 pounds a month",
     "The gym membership went up to 38 pounds a month", 0.89, 0.72, 0.67),
    ("who is my GP?", "The user's GP is Dr Mensah", "The user's GP is now Dr Hollis since Dr Mensah retired",
     0.81, 0.62, 0.53),
    ("what day is bin collection?", "Bin collection is on Thursdays", "The council changed bin collection to Fridays",
     0.77, 0.89, 0.72),
    ("what time is my swimming lesson?", "The user's swimming lesson is at 6pm on Tuesdays",
     "The swimming lesson has moved to 7.30pm from next week", 0.83, 0.79, 0.82),
]
_REMARKS = [
    ("what time does the nursery close?", "The nursery closes at 6pm",
     "The nursery had a lovely sports day this afternoon", 0.51, 0.89, 0.57),
    ("where does my brother live?", "The user's brother lives in Bristol",
     "The user's brother came round for dinner last night", 0.50, 0.63, 0.38),
    ("how much is my gym membership?", "The gym membership is 32 pounds a month",
     "The user did a spin class at the gym this morning", 0.37, 0.72, 0.33),
    ("who is my GP?", "The user's GP is Dr Mensah", "Dr Mensah gave the user a flu jab today", 0.47, 0.62, 0.07),
    ("what day is bin collection?", "Bin collection is on Thursdays",
     "The bin men left the recycling behind again yesterday", 0.51, 0.89, 0.50),
    ("what time is my swimming lesson?", "The user's swimming lesson is at 6pm on Tuesdays",
     "The pool was really cold at the lesson tonight", 0.52, 0.79, 0.53),
    ("when is choir practice?", "Choir practice is on Monday nights at the church hall",
     "Choir was great fun tonight, they learned a new carol", 0.54, 0.80, 0.55),
]


def _pair(query: str, old: str, new: str, cos: float, q_old: float, q_new: float) -> list[str]:
    a, b = _said(0, old, 1, q_old), _said(1, new, 20, q_new)
    return [h.id for h in replaced_first([a, b], query, _cosines({frozenset(("m0", "m1")): cos}))]


@pytest.mark.parametrize("query,old,new,cos,q_old,q_new", _UPDATES)
def test_a_later_new_value_of_what_is_asked_goes_above_the_old_one(query, old, new, cos, q_old, q_new) -> None:
    assert _pair(query, old, new, cos, q_old, q_new) == ["m1", "m0"]


@pytest.mark.parametrize("query,old,new,cos,q_old,q_new", _REMARKS)
def test_a_later_remark_on_the_same_thing_stays_below_the_value(query, old, new, cos, q_old, q_new) -> None:
    """The model alone reads several of these as updates (p 0.84-0.95: later, same matter); the remark answers the
    question much less well than the value above it (query cosine more than MAX_QUESTION_DROP lower), so it stays."""
    assert _pair(query, old, new, cos, q_old, q_new) == ["m0", "m1"]


def test_the_reading_features_see_a_new_value_of_the_asked_kind() -> None:
    from memwarden.trust.replace_reading import READING, reading_features
    f = dict(zip(READING, reading_features("what time does the nursery close?", "The nursery closes at 6pm",
                                           "The nursery closes at 5.30pm from September")))
    assert f["kind_known"] == f["a_states_kind"] == f["b_states_kind"] == f["b_new_value"] == 1.0
    f = dict(zip(READING, reading_features("what car do I drive?", "I drive a silver Fiesta",
                                           "gave the Fiesta a proper clean this morning")))
    assert f["b_keeps_a_value"] == f["b_day_event"] == f["b_remark"] == 1.0 and f["b_new_value"] == 0.0
