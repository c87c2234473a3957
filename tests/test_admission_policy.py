"""The policy file: load, validate, reject malformed or foreign files."""

import json

import pytest

from memwarden.admission.policy import FORMAT, VERSION, AdmissionPolicy
from memwarden.errors import PolicyError


def _default_dict():
    return json.loads(AdmissionPolicy.default().to_json())


def test_shipped_policy_loads_and_roundtrips(tmp_path):
    pol = AdmissionPolicy.default()
    assert pol.spec.format == FORMAT and pol.spec.version == VERSION
    assert 0.0 < pol.threshold < 1.0
    p = tmp_path / "p.json"
    pol.save(p)
    again = AdmissionPolicy.load(p)
    assert again.spec.model_dump() == pol.spec.model_dump()


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda d: d.update(version=99), "version 99 is not supported"),
        (lambda d: d.update(format="something-else"), "not a memwarden admission policy"),
        (lambda d: d["utility"].update(coef=[1.0]), "lengths differ"),
        (lambda d: d.update(decision={"kind": "linear", "weights": {"utility": 1.0}, "threshold": 0.5}), "weights must name"),
        (lambda d: d.update(decision={"kind": "linear", "weights": {"utility": 0.5, "grounding": 0.5, "novelty": 0.5,
                                                                    "recency": 0.0, "type": 0.0}, "threshold": 0.5}), "sum to 1"),
        (lambda d: d.update(surprise=1), "surprise"),
    ],
)
def test_bad_policy_files_raise_policy_error(tmp_path, mutate, message):
    d = _default_dict()
    mutate(d)
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(d))
    with pytest.raises(PolicyError, match=message):
        AdmissionPolicy.load(p)


def test_not_json_and_missing_file(tmp_path):
    p = tmp_path / "x.json"
    p.write_text("{not json")
    with pytest.raises(PolicyError, match="not valid JSON"):
        AdmissionPolicy.load(p)
    with pytest.raises(PolicyError, match="cannot read"):
        AdmissionPolicy.load(tmp_path / "missing.json")
    with pytest.raises(PolicyError, match="JSON object"):
        AdmissionPolicy.from_dict([1, 2])


def test_linear_policy_scores_the_weighted_factors():
    d = _default_dict()
    d["decision"] = {"kind": "linear", "weights": {"utility": 0.1, "grounding": 0.1, "novelty": 0.1, "recency": 0.1, "type": 0.6},
                     "threshold": 0.55}
    pol = AdmissionPolicy.from_dict(d)
    from memwarden.admission.features import CandidateFeatures

    f = CandidateFeatures(text={}, context={}, terms={}, grounding=0.0, novelty=1.0, recency=1.0, memory_type="fact",
                          type_prior=0.7, utility=0.5)
    assert pol.score(f, None) == pytest.approx(0.1 * 0.5 + 0.1 + 0.1 + 0.6 * 0.7)
    assert pol.weights()["type"] == 0.6
