"""The fitted abstention (TrustConfig.abstain_mode="fitted"): shipped weights, behaviour, bad weights."""

import json
from datetime import datetime, timedelta, timezone

import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.errors import ModelError
from memwarden.trust.abstain_features import FEATURES, load_abstain_model
from memwarden.trust.config import TrustConfig

T0 = datetime(2025, 3, 1, 9, tzinfo=timezone.utc)
TURNS = ["My landlord is Priya Shah, she owns the flat on Quarry Street",
         "The boiler service is booked with Hartley Heating for the 14th of April",
         "I swim at the Riverside leisure centre on Tuesday evenings"]


def store(trust: TrustConfig) -> Memory:
    m = Memory(config=MemoryConfig(trust=trust))
    for i, text in enumerate(TURNS):
        m.add([{"role": "user", "content": text, "timestamp": (T0 + timedelta(minutes=i)).isoformat()}],
              user_id="u", admission="all")
    return m


def test_shipped_weights_load_and_name_known_features():
    model = load_abstain_model()
    assert set(model.features) <= set(FEATURES) and len(model.features) == len(model.coef)
    assert 0 < model.threshold < 1 and model.meta["fitted_by"] == "bench/fit_abstain.py"
    # The leave-one-author-out table it was chosen by travels with it.
    assert "pooled_scenarios" in model.meta["loao"]


def test_rules_stay_the_default():
    assert TrustConfig().abstain_mode == "rules"


@pytest.fixture(scope="module")
def fitted():
    m = store(TrustConfig(abstain_mode="fitted"))
    yield m
    m.close()


def search(m: Memory, q: str):
    return m.search(q, user_id="u", as_of=T0 + timedelta(days=1))


def test_an_attribute_never_stated_abstains_naming_it(fitted):
    res = search(fitted, "What is my landlord's phone number?")
    assert res.abstained and res.abstain_reason == "no_evidence"
    assert "phone" in res.abstain_detail and "fitted p(unanswerable)" in res.abstain_detail
    res = search(fitted, "How much does the boiler service cost?")
    assert res.abstained and "amount" in res.abstain_detail


def test_stated_attributes_answer(fitted):
    for q in ("Who is my landlord?", "When is the boiler service?", "Where do I swim?"):
        res = search(fitted, q)
        assert not res.abstained, (q, res.abstain_detail)


def test_missing_weights_file_is_a_clear_error(tmp_path):
    m = store(TrustConfig(abstain_mode="fitted", abstain_weights=str(tmp_path / "nope.json")))
    try:
        with pytest.raises(ModelError, match="cannot read abstention weights.*abstain_mode='rules'"):
            search(m, "Who is my landlord?")
    finally:
        m.close()


def test_weights_for_other_features_are_refused(tmp_path):
    raw = json.loads(json.dumps({"features": ["best_cos", "a_feature_this_version_lacks"], "mean": [0, 0],
                                 "scale": [1, 1], "coef": [1, 1], "intercept": 0.0, "threshold": 0.5}))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(raw))
    with pytest.raises(ModelError, match="do not fit this version's features"):
        load_abstain_model(str(bad))
    bad.write_text('{"features": ["best_cos"]}')
    with pytest.raises(ModelError, match="malformed"):
        load_abstain_model(str(bad))
