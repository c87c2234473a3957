"""The list-structure features of the fitted rank stage (trust/rank_structure.py, session 16): the one
wording cue (a question placing what it asks in the past) on everyday questions written for this file,
and the sibling / age features on hand-built lists."""

import numpy as np
import pytest

from memwarden.trust.rank_structure import STRUCTURE, asks_past, structure

#: Everyday questions about now, in varied wording: none places what it asks in the past.
NOT_PAST = [
    "where do I live now?",
    "how long does the battery last on my phone?",
    "what's the last train home on a Sunday?",
    "anything I should know before I book the flights?",
    "who's my dentist these days?",
    "what time is my standup?",
    "is the boiler still under warranty?",
    "what should I cook for Ana's birthday?",
    "how much is the rent on the flat?",
    "which gym am I going to?",
    "what's my partner's name again?",
    "do I have any allergies you know of?",
    "can you suggest a restaurant near the office?",
    "had better check: what's my budget for the sofa?",
    "remind me what car I drive",
    "what's the wifi password at the cabin?",
    "how many kids does my sister have?",
    "what's Teo's school called?",
]

PAST = [
    "where did I live in 2019?",
    "what was my old phone number?",
    "which gym did I use to go to?",
    "who was my manager back in March?",
    "what car did I drive two years ago?",
    "what was the rent originally?",
]


@pytest.mark.parametrize("q", NOT_PAST)
def test_questions_about_now_do_not_read_as_past(q):
    assert not asks_past(q)


@pytest.mark.parametrize("q", PAST)
def test_questions_placed_in_the_past_read_as_past(q):
    assert asks_past(q)


def test_empty_inputs():
    assert not asks_past("")
    assert structure([], [], [], [], [], [], [], 0.0, "").shape == (0, len(STRUCTURE))


def _col(name: str) -> int:
    return STRUCTURE.index(name)


def test_siblings_are_claims_of_one_turn_and_read_in_both_orders():
    # today's order: h0 (turn A), h1 (turn B), h2 (turn A); the scan put h2 first, then h1, then h0
    eps = [{"A"}, {"B"}, {"A"}]
    E = structure(eps, [3.0, 2.0, 3.0], [False] * 3, [0.0] * 3, pre_pos=[2, 1, 0], newest=[1, 0, 1],
                  cosine_gap=[0.0, -0.1, -0.05], q_now=1.0, query="where do I live now?")
    assert E[:, _col("sib_count")].tolist() == [0.25, 0.0, 0.25]
    # h0's sibling h2 ranked above it in the scan; h2's sibling h0 ranks above it today
    assert E[0, _col("sib_above_pre")] == 1 and E[2, _col("sib_above_pre")] == 0
    assert E[2, _col("sib_above_hand")] == 1 and E[0, _col("sib_above_hand")] == 0
    assert E[2, _col("sib_best_pre")] == 1 and E[1, _col("sib_best_pre")] == 0  # h1 has no sibling
    assert E[0, _col("now_x_sib_above_pre")] == 1
    assert E[:, _col("q_past")].tolist() == [0.0, 0.0, 0.0]


def test_age_rank_orders_newest_first_and_ties_keep_list_order():
    E = structure([{"a"}, {"b"}, {"c"}], [1.0, 5.0, 5.0], [False, True, False], [0.0, 0.0, 2.0], [0, 1, 2],
                  [0, 1, 1], [0.0] * 3, 0.0, "what was my rent back in May?")
    assert np.allclose(E[:, _col("age_rank")], [1.0, 0.0, 0.5])
    assert E[:, _col("episode")].tolist() == [0.0, 1.0, 0.0]
    assert E[:, _col("constraint_lift")].tolist() == [0.0, 0.0, 2.0]
    assert E[:, _col("q_past")].tolist() == [1.0, 1.0, 1.0]
    assert E[:, _col("now_x_age_rank")].tolist() == [0.0, 0.0, 0.0]
