"""Session 11: constraints said in grammar the session-10 rules missed, a prescriber's frame naming a drug no lexicon
lists, requests that ask whether something suits, and the meaning stage for constraints no rule typed."""

from __future__ import annotations

import json

import numpy as np
import pytest

from memwarden._fitted import Weights
from memwarden.claims.restrictions import restriction_guess
from memwarden.claims.slots import detect_slot
from memwarden.errors import ModelError
from memwarden.retrieval.constraint_model import ConstraintModel, load_model
from memwarden.retrieval.search import FusionConfig, hybrid_search, is_request


@pytest.mark.parametrize("text, key", [
    ("the physio told me to stay off ladders", "restriction:ladder"),       # a directive before "to"
    ("the vet said to avoid chicken for a month", "restriction:chicken"),
    ("to keep away from bleach (according to the nurse)", "restriction:bleach"),  # the frame taken off
    ("the optician kept telling me no screens after ten", "restriction:screen"),  # "no X" reported by "telling me"
])
def test_a_rule_said_through_a_reported_directive_is_typed(text: str, key: str) -> None:
    g = restriction_guess(text)
    assert g is not None and g.attribute is not None and g.attribute.startswith(key)


@pytest.mark.parametrize("text", [
    "I am trying to avoid the rush hour",        # an aim, not a rule
    "it is hard to avoid sugar at christmas",
    "to avoid the traffic we left at six",       # a purpose clause
    "I'd never heard of the place",              # what did not happen
    "we would never have guessed it",
])
def test_aims_purposes_and_narratives_stay_untyped(text: str) -> None:
    assert restriction_guess(text) is None


@pytest.mark.parametrize("text, value", [
    ("they've put her on rivaroxaban", "rivaroxaban"),
    ("the gp started me on fostair inhalers", "fostair"),  # a brand name needs its form or dose
])
def test_a_drug_no_lexicon_lists_is_read_from_the_prescriber_frame(text: str, value: str) -> None:
    assert detect_slot(text).attribute == f"medication:{value}"


@pytest.mark.parametrize("text", [
    "they put me on hold for an hour", "they put me on JAL 42 instead", "my manager put me on the rota",
    "they started me on nights",
])
def test_being_put_on_a_list_a_flight_or_a_shift_is_no_medication(text: str) -> None:
    assert not (detect_slot(text).attribute or "").startswith("medication")


@pytest.mark.parametrize("query, asks", [
    ("what's a good pub for a quiet pint", True),
    ("is a trampoline park a nice idea for her party?", True),
    ("decent walk near the lakes this sunday", True),
    ("the caterer suggested a buffet, is that ok for us?", True),
    ("anything stopping me going to the gig on friday?", True),
    ("what time is my dentist appointment?", False),
    ("did I have a good time in Rome?", False),
    ("is the flat good?", False),
])
def test_asking_whether_something_suits_is_a_request(query: str, asks: bool) -> None:
    assert is_request(query) is asks


def test_the_shipped_constraint_model_reads_and_scores_vectors_of_its_width() -> None:
    m = load_model()
    v = np.zeros((2, m.coef.size), np.float32)
    p = m.probability(v)
    assert p.shape == (2,) and np.all((p > 0) & (p < 1))
    assert m.probability(np.zeros((3, 5), np.float32)).tolist() == [0.0, 0.0, 0.0]  # another embedder: nothing lifted


def test_a_constraint_model_scores_in_float64_whatever_it_was_given() -> None:
    m = ConstraintModel(np.array([4.0, 0.0], np.float32), 0.0, 0.9)
    assert m.coef.dtype == np.float64
    p = m.probability(np.array([[1.0, 0.0], [-1.0, 0.0], [0.0, 1.0]], np.float32))
    assert p.dtype == np.float64 and p[0] == pytest.approx(1 / (1 + np.exp(-4.0))) and p[2] == pytest.approx(0.5)


@pytest.mark.parametrize("raw", [{"coef": [], "bias": 0.0, "threshold": 0.5}, {"coef": "x", "bias": 0.0, "threshold": 0.5},
                                 {"coef": [1.0, float("nan")], "bias": 0.0, "threshold": 0.5}, {"coef": [1.0], "threshold": 0.5}])
def test_a_malformed_constraint_weights_file_is_one_model_error(raw: dict) -> None:
    with pytest.raises(ModelError):
        ConstraintModel.from_weights(Weights(json.loads(json.dumps(raw)), "constraint weights"))


def test_the_meaning_stage_lifts_an_untyped_claim_for_a_request_only(monkeypatch: pytest.MonkeyPatch) -> None:
    from memwarden.retrieval import row_meta
    from memwarden.retrieval.index import ScopeIndex
    from memwarden.retrieval.text import tokenize
    from memwarden.storage import IndexRows

    docs = ["the study group meets at the cafe", "gets horribly seasick on small boats", "the bus was late"]
    vecs = np.array([[1.0, 0.0], [0.0, 1.0], [0.7, 0.7]], dtype=np.float32)
    rows = IndexRows(1, ["chat", "limit", "bus"], [None] * 3, [None] * 3, ["active"] * 3, vecs,
                     [tokenize(d) for d in docs], ["t"] * 3, kinds=["claim"] * 3, valid_from=[None] * 3,
                     valid_to=[None] * 3, created_at=[None] * 3, occurred_at=[None] * 3, slots=[None] * 3)
    # a model reading the second axis as a constraint: only the seasick row passes its threshold (read once per
    # row when the index appends it)
    monkeypatch.setattr(row_meta, "load_model", lambda: ConstraintModel(np.array([0.0, 6.0], np.float32), -3.0, 0.9))
    idx = ScopeIndex(rows, 2)
    q = np.array([0.8, 0.6], dtype=np.float32)
    mask = idx.mask(agent_id=None, run_id=None, include_superseded=False)

    def fused(query: str, meaning: float) -> dict[int, float]:
        return {f.row: f.fused for f in hybrid_search(idx, q, query, mask, 3, FusionConfig(constraint_meaning=meaning))}

    on, off = fused("what should we book for the stag weekend?", 1.0), fused("what should we book for the stag weekend?", 0.0)
    assert on[1] - off[1] == pytest.approx(1.0) and on[0] == pytest.approx(off[0]) and on[2] == pytest.approx(off[2])
    assert fused("when does the study group meet?", 1.0) == fused("when does the study group meet?", 0.0)


def test_a_switch_off_one_thing_onto_another_is_left_to_the_switch_rules() -> None:
    assert not (detect_slot("the optician took me off the monthlies and put me on dailies").attribute or "").startswith(
        "medication:dailies")
