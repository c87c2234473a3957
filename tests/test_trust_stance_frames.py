"""Stance of two texts that share a frame (session 10, issue 11): one frame several values can fill
("allergic to X" / "allergic to Y") states two facts, and numbers of two different dimensions
("50 lb" / "30 bags a month") are two facts, not two values of one; the same frame with an
exclusive value, and numbers of one dimension, still contradict. The cosine passed is high on
purpose: the embedding puts such pairs on one topic. Own wording, none from an evaluation set."""

import pytest

from memwarden.trust.stance import detect_stance


@pytest.mark.parametrize("a, b", [
    ("My nephew is allergic to strawberries", "My nephew is allergic to dust mites"),
    ("Grandad takes warfarin for his heart", "Grandad takes metformin for diabetes"),
])
def test_two_values_of_an_open_frame_are_unrelated(a, b):
    assert detect_stance(a, b, cosine=0.8).label == "unrelated"


def test_an_exclusive_frame_with_two_values_still_contradicts():
    assert detect_stance("Priya moved to Leeds", "Priya moved to Bristol", cosine=0.8).label == "contradict"


def test_the_same_value_in_an_open_frame_agrees():
    assert detect_stance("My nephew is allergic to strawberries", "the nephew's allergic to strawberries",
                         cosine=0.9).label == "agree"


@pytest.mark.parametrize("a, b", [
    ("The sacks of rice are 25 kg", "We get through about 12 sacks of rice a month"),
    ("Her blood pressure was 128 at the clinic", "Her blood pressure gets checked every 3 months"),
])
def test_numbers_of_different_dimensions_do_not_contradict(a, b):
    assert detect_stance(a, b, cosine=0.7).label != "contradict"


@pytest.mark.parametrize("a, b", [
    ("The sacks of rice are 25 kg", "The rice sacks are 20 kg"),
    ("The lease runs for 12 months", "The lease runs for 6 months"),
    ("The ticket was £45", "The ticket cost 60"),       # a bare amount against money: one attribute
])
def test_numbers_of_one_dimension_still_contradict(a, b):
    assert detect_stance(a, b, cosine=0.7).label == "contradict"
