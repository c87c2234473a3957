"""The verdict's fitted stance layer (trust/stance_fitted.py, bench/fit_stance.py) and verdicts on
fresh sentences written for these tests (no eval set's wording)."""

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import numpy as np
import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.errors import ModelError
from memwarden.trust import stance_fitted as sf
from memwarden.trust.stance import Stance, detect_stance

SHIPPED = Path(sf.__file__).resolve().parents[1] / "data" / "stance_model.json"


def test_the_shipped_weights_load_and_give_a_distribution():
    model = sf.load_model()
    assert model is not None
    assert model.coef.shape == (3, len(sf.FEATURES))
    x = sf.pair_features("The user's kiln is fixed.", "the kiln's working again after the new element",
                         0.6, detect_stance("The user's kiln is fixed.", "the kiln's working again after the new element"))
    assert x.shape == (len(sf.FEATURES),) and np.isfinite(x).all()
    p = model.proba(x)
    assert p.shape == (3,) and abs(p.sum() - 1) < 1e-9 and (p > 0).all()


def test_overrides_ship_only_when_leave_one_author_out_says_they_help():
    spec = json.loads(SHIPPED.read_text())
    assert set(spec["loao"]) == {"rules", "model", "combined"}
    # ... and no other measurement vetoed them (``inert_why``: session 12's override won leave one author
    # out on the hand-written sets but lost the MMA-style CoRe, where UNKNOWN is often the right verdict).
    assert bool(spec["overrides"]) == (spec["loao"]["combined"] > spec["loao"]["rules"] and "inert_why" not in spec)
    assert bool(spec["overrides"]) or spec.get("inert_overrides") is not None or spec["loao"]["combined"] <= spec["loao"]["rules"]


def test_weights_for_other_features_are_refused(tmp_path):
    spec = json.loads(SHIPPED.read_text())
    spec["features"] = spec["features"][:-1] + ["something_else"]
    bad = tmp_path / "m.json"
    bad.write_text(json.dumps(spec))
    with pytest.raises(ModelError):
        sf.load_model(str(bad))


def _active(overrides: dict) -> sf.StanceModel:
    spec = json.loads(SHIPPED.read_text())
    spec["overrides"] = overrides
    return sf.StanceModel(spec)


def test_an_inert_model_returns_the_rule_stance_itself():
    rule = Stance("unrelated", 0.7, "related topic, no common claim", ())
    assert sf.combine("The user's shed was painted.", "painted the shed green on sunday", 0.7, rule,
                      _active({})) is rule


def test_the_model_overrules_only_where_its_threshold_is_cleared():
    rule = Stance("unrelated", 0.7, "related topic, no common claim", ())
    p = np.array([0.7, 0.1, 0.2])
    assert sf.decide(rule, p, {"unrelated": {"agree": 0.6}}) == "agree"
    assert sf.decide(rule, p, {"unrelated": {"agree": 0.8}}) == "unrelated"
    assert sf.decide(rule, p, {"unrelated": {"contradict": 0.0}}) == "unrelated"  # not the model's label
    # A structural "unrelated" (another person, the claim's value never stated) is the rules' to keep.
    other = Stance("unrelated", 0.7, "different subjects: i vs my cousin", ())
    assert sf.decide(other, p, {"unrelated": {"agree": 0.0}}) == "unrelated"


def test_an_overruled_stance_says_it_was_fitted_and_why():
    # A model leaning to "agree" whatever it reads: the override, its score and its reason.
    n = len(sf.FEATURES)
    model = sf.StanceModel({"features": list(sf.FEATURES), "labels": list(sf.LABELS), "mean": [0.0] * n,
                            "scale": [1.0] * n, "coef": [[0.0] * n] * 3, "intercept": [2.0, 0.0, 0.0],
                            "overrides": {"unrelated": {"agree": 0.7}}})
    rule = Stance("unrelated", 0.7, "related topic, no common claim", ())
    st = sf.combine("The user's greenhouse glass was replaced.", "the glazier put new panes in the greenhouse", 0.62,
                    rule, model)
    p_agree = np.exp(2) / (np.exp(2) + 2)
    assert st.label == "agree" and st.cues == ("fitted",) and st.score == round(p_agree, 3)
    assert "fitted stance" in st.reason and "related topic" in st.reason
    # ... and without a cosine (a hit found by keywords only) the rules stand.
    assert sf.combine("The user's greenhouse glass was replaced.", "the glazier put new panes in", None, rule, model) is rule


# -- verdicts on fresh sentences (the rules, as shipped) ----------------------------------------

@pytest.fixture(scope="module")
def mem():
    m = Memory(config=MemoryConfig(database=":memory:", embedder="minilm"))
    yield m
    m.close()


def _verdict(mem: Memory, uid: str, turns: list[str], claim: str):
    t0 = datetime(2026, 6, 2, 18, tzinfo=timezone.utc)
    mem.add([{"role": "user", "content": t} for t in turns], user_id=uid, timestamp=t0)
    return mem.verdict(claim, user_id=uid, as_of=t0 + timedelta(days=1))


def test_a_support_in_other_words_is_true_and_names_its_memory(mem):
    v = _verdict(mem, "p1", ["the locksmith swapped the front door lock this afternoon, new keys cut too"],
                 "The user's front door lock was replaced.")
    assert v.verdict == "TRUE"
    assert v.deciding_ids and all(e.decisive for e in v.evidence if e.id in v.deciding_ids)
    assert "for" in v.reason


def test_a_first_hand_denial_is_false(mem):
    v = _verdict(mem, "p2", ["I've never owned a motorbike, can't even ride one"], "The user owns a motorbike.")
    assert v.verdict == "FALSE" and v.deciding_ids


def test_a_day_restated_beside_a_clock_time_is_no_change_of_day(mem):
    # "moved us to sunday mornings now, 9 sharp" ends on a time, but the day it names is the claim's.
    v = _verdict(mem, "p3", ["the kayak club moved us to sunday mornings now, 9 sharp"],
                 "The user's kayak sessions are on Sunday mornings.")
    assert v.verdict == "TRUE"
    st = detect_stance("my kayak sessions are on Tuesday mornings.",
                       "the kayak club moved us from tuesday to sunday mornings now, 9 sharp", cosine=0.6)
    assert st.label == "contradict" and "sunday" in st.reason


def test_an_unrelated_memory_leaves_the_claim_unknown(mem):
    v = _verdict(mem, "p4", ["our allotment plot is number 14 on the east side"], "The user's brother lives in Glasgow.")
    assert v.verdict == "UNKNOWN" and not v.deciding_ids
