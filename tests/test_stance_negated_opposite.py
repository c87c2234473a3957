"""A negated member of a two-valued opposite pair states the other member.

Sentences written for this test (not taken from the eval sets): each pair is read with and without
the cosine the trust stage passes.
"""

from __future__ import annotations

import pytest

from memwarden.trust.stance import detect_stance

AGREE = [
    ("the scan showed the mole wasn't malignant", "the mole is benign"),
    ("my strep test was not positive", "my strep test was negative"),
    ("her pregnancy test was not negative", "her pregnancy test came out positive"),
    ("the cyst is not benign", "the cyst turned out malignant"),
    ("Omar didn't fail the bar exam", "Omar passed the bar exam"),
    ("the side gate isn't locked", "the side gate is unlocked"),
    ("the parking there isn't legal", "the parking there is illegal"),
]

CONTRADICT = [
    ("the scan showed the mole was malignant", "the mole is benign"),
    ("my strep test was positive", "my strep test was negative"),
    ("the cyst is not malignant", "the cyst turned out malignant"),
    ("Omar failed the bar exam", "Omar passed the bar exam"),
]


@pytest.mark.parametrize("cosine", [None, 0.7])
@pytest.mark.parametrize(("a", "b"), AGREE)
def test_negated_two_valued_opposite_agrees(a: str, b: str, cosine: float | None) -> None:
    for x, y in ((a, b), (b, a)):
        st = detect_stance(x, y, cosine=cosine)
        assert st.label == "agree", (x, y, st)
        assert st.reason.startswith("negated opposite: not "), st
        assert st.score > 0.6  # full strength, unlike a gradable opposite


@pytest.mark.parametrize("cosine", [None, 0.7])
@pytest.mark.parametrize(("a", "b"), CONTRADICT)
def test_opposite_or_negation_unnegated_contradicts(a: str, b: str, cosine: float | None) -> None:
    assert detect_stance(a, b, cosine=cosine).label == "contradict"


def test_no_shared_word_needs_the_embedding() -> None:
    # "biopsy" / "lump" share no word: the pair reads as one claim only with a cosine on one topic.
    a, b = "the biopsy on my arm wasn't malignant", "the lump was benign"
    assert detect_stance(a, b).label == "unrelated"
    assert detect_stance(a, b, cosine=0.7).label == "agree"


def test_gradable_opposite_stays_weak() -> None:
    st = detect_stance("I don't hate the new office", "I love the new office")
    assert (st.label, st.reason, st.score) == ("agree", "negated opposite", 0.5)


def test_negated_question_is_no_denial() -> None:
    # "Wasn't the mole malignant?" asks; it does not say the mole is benign.
    st = detect_stance("the mole is benign", "wasn't the mole malignant? the GP said so", cosine=0.7)
    assert st.label != "agree" or not st.reason.startswith("negated opposite: not")


def test_incompatible_concept_is_no_opposite_to_negate() -> None:
    # Espresso is coffee, not coffee's opposite: a denial of coffee is contradicted by espressos.
    assert detect_stance("I never drink coffee", "had two espressos at the station").label == "contradict"
