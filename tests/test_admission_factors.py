"""Each admission factor on its own."""

from datetime import datetime, timedelta, timezone

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memwarden.admission import factors as F
from memwarden.admission.memtype import PRIORS, classify, cue_scores


def _textbook_lcs(a, b):  # type: ignore[no-untyped-def]
    t = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a)):
        for j in range(len(b)):
            t[i + 1][j + 1] = t[i][j] + 1 if a[i] == b[j] else max(t[i][j + 1], t[i + 1][j])
    return t[-1][-1]


# Up to 150 tokens: past rapidfuzz's 64-token blocks, and longer than any LoCoMo turn.
_tokens = st.lists(st.sampled_from(["a", "b", "c", "d", "e", "the", "puppy"]), max_size=150)


@settings(max_examples=300, deadline=None)
@given(_tokens, _tokens)
def test_lcs_and_rouge_l_match_the_textbook_table(a, b):  # type: ignore[no-untyped-def]
    lcs = _textbook_lcs(a, b)
    assert F.lcs_length(a, b) == lcs
    want = 0.0 if lcs == 0 else 2 * (lcs / len(b)) * (lcs / len(a)) / (lcs / len(b) + lcs / len(a))
    assert F.rouge_l_f1(a, b) == pytest.approx(want, abs=1e-12)


def test_rouge_l_f1_agrees_with_rouge_score():
    rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")
    scorer = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=False)
    pairs = [("I adopted a puppy named Max last Friday", "Last Friday we adopted a small puppy"),
             ("the cat sat on the mat", "the mat was sat on by the cat")]
    for a, b in pairs:
        expected = scorer.score(b, a)["rougeL"].fmeasure
        assert F.rouge_l_f1(F.rouge_tokens(a), F.rouge_tokens(b)) == pytest.approx(expected, abs=1e-9)


def test_grounding_needs_a_shared_content_word_and_excludes_own_turn():
    earlier = ["I adopted a puppy named Max", "the weather is nice"]
    assert F.grounding("I adopted a puppy called Max", earlier) > 0.7
    # the only overlap is with the excluded own turn
    assert F.grounding("I adopted a puppy named Max", earlier, exclude=0) == 0.0
    # function words alone do not count as sharing
    assert F.grounding("it is the", ["it is the"]) == 0.0
    assert F.grounding("anything", []) == 0.0


def test_novelty_is_one_minus_best_cosine_and_one_for_an_empty_store():
    assert F.novelty(None) == 1.0
    assert F.novelty(0.8) == pytest.approx(0.2)
    assert F.novelty(1.2) == 0.0 and F.novelty(-0.5) == 1.0


def test_recency_uses_the_conversation_clock_and_per_type_decay():
    ref = datetime(2023, 5, 8, tzinfo=timezone.utc)
    week_ago = ref - timedelta(hours=168)
    assert F.recency(week_ago, ref, "fact") == pytest.approx(math.exp(-0.01 * 168))
    assert F.recency(week_ago, ref, "identity") > F.recency(week_ago, ref, "fact") > F.recency(week_ago, ref, "temporary")
    # missing timestamps and out-of-order turns have a defined value
    assert F.recency(None, ref) == 1.0
    assert F.recency(ref + timedelta(days=3), ref) == 1.0
    # naive and aware times mix (naive is UTC)
    assert F.recency(week_ago.replace(tzinfo=None), ref, "fact") == pytest.approx(math.exp(-1.68))


@pytest.mark.parametrize(
    "text,expected",
    [
        ("Hey Mel! Good to see you!", "chitchat"),
        ("I went to a support group yesterday.", "fact"),
        ("I really love spicy Thai food.", "preference"),
        ("My name is Dana and I work as a nurse.", "identity"),
        ("I want to become a counselor someday.", "goal"),
        ("I'm going to visit my parents next weekend.", "plan"),
        ("I'm so tired and stressed.", "state"),
        ("I believe everyone should be treated fairly, it matters.", "belief"),
    ],
)
def test_type_classifier_without_embeddings(text, expected):
    res = classify(text)
    assert res.memory_type == expected
    assert res.prior == PRIORS[expected]


def test_type_cues_use_word_boundaries_not_substrings():
    # A-MAC's classifier counted "is" inside "this": here nothing fires
    assert max(cue_scores("this thesis").values()) == 0
    assert classify("this thesis").memory_type == "unknown"


def test_type_classifier_uses_prototypes_only_for_their_embedder():
    vec = np.ones(384, dtype=np.float32) / np.sqrt(384)
    assert classify("xyz", vec, "some-other-model").memory_type == "unknown"
