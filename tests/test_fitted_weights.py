"""The shared reader of fitted weight files (memwarden/_fitted.py) and the four loaders that use it:
a corrupt, truncated or foreign file is one clear ModelError (PolicyError for governance's policy
layer) naming the file, never a numpy or KeyError traceback and never a silently wrong score."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from memwarden._fitted import Weights, sigmoid, softmax
from memwarden.errors import ModelError, PolicyError
from memwarden.governance.layer import LAYER_FILE, PolicyModel
from memwarden.trust import stance_fitted as sf
from memwarden.trust.abstain_features import load_abstain_model
from memwarden.trust.fitted_rank import RankWeights, load_weights

DATA = Path(sf.__file__).resolve().parents[1] / "data"


def _write(tmp_path: Path, name: str, raw: object) -> Path:
    p = tmp_path / name
    p.write_text(raw if isinstance(raw, str) else json.dumps(raw))
    return p


def test_the_reader_names_the_file_and_what_is_wrong(tmp_path: Path) -> None:
    bad = _write(tmp_path, "w.json", '{"features": ["a", "b"], "mean": [0')  # truncated
    with pytest.raises(ModelError, match=r"cannot read toy weights .*w\.json"):
        Weights.read(bad, "toy weights")
    with pytest.raises(ModelError, match="toy weights f.json are malformed: a JSON object"):
        Weights([1, 2], "toy weights", "f.json")
    w = Weights({"features": ["a", "b"], "mean": [0.0, float("nan")], "scale": [1.0, 0.0], "top": True},
                "toy weights", "f.json")
    assert w.names(expected=("a", "b")) == ("a", "b")
    with pytest.raises(ModelError, match="f.json do not fit this version's features.*refit it"):
        w.names(expected=("b", "a"), refit="refit it")
    with pytest.raises(ModelError, match=r"unknown: \['b'\]"):
        w.names(allowed={"a"})
    with pytest.raises(ModelError, match="'mean' holds a number that is not finite"):
        w.array("mean", (2,))
    with pytest.raises(ModelError, match=r"'scale' has shape \(2,\), not \(3,\)"):
        w.array("scale", (3,))
    with pytest.raises(ModelError, match="'scale' holds a scale that is not positive"):
        w.array("scale", (2,), positive=True)
    with pytest.raises(ModelError, match="no 'coef'"):
        w.array("coef", (2,))
    with pytest.raises(ModelError, match="'top' is not a finite number"):
        w.number("top")  # a JSON true is not a count
    assert w.number("margin", 0.0) == 0.0


def test_the_link_functions_are_the_models_own() -> None:
    z = np.array([[1000.0, 0.0, -1000.0], [0.0, 0.0, 0.0]])
    p = softmax(z)
    assert np.isfinite(p).all() and np.allclose(p.sum(axis=1), 1.0) and p[1, 0] == pytest.approx(1 / 3)
    assert sigmoid(0.0) == 0.5 and sigmoid(1e9) == 1.0 / (1.0 + math.exp(-50.0))


def test_rank_weights_with_a_nan_or_a_wrong_length_are_a_model_error() -> None:
    d = load_weights().to_json()
    with pytest.raises(ModelError, match="rank weights r.json are malformed: 'weights' holds a number that is not finite"):
        RankWeights.from_json({**d, "weights": [float("nan")] + d["weights"][1:]}, "r.json")
    with pytest.raises(ModelError, match="rank weights r.json do not fit this version's features: 'mean' has shape"):
        RankWeights.from_json({**d, "mean": d["mean"][:-1]}, "r.json")
    with pytest.raises(ModelError, match="rank weights r.json are malformed: no 'top'"):
        RankWeights.from_json({k: v for k, v in d.items() if k != "top"}, "r.json")


def test_corrupt_abstention_weights_are_a_model_error_naming_the_file(tmp_path: Path) -> None:
    raw = json.loads((DATA / "abstain_weights.json").read_text())
    zero = _write(tmp_path, "zero_scale.json", {**raw, "scale": [0.0] * len(raw["scale"])})
    with pytest.raises(ModelError, match="zero_scale.json are malformed: 'scale' holds a scale that is not positive"):
        load_abstain_model(str(zero))
    cut = _write(tmp_path, "cut.json", (DATA / "abstain_weights.json").read_text()[:200])
    with pytest.raises(ModelError, match="cannot read abstention weights .*cut.json.*abstain_mode='rules'"):
        load_abstain_model(str(cut))


def test_corrupt_or_mismatched_stance_weights_are_a_model_error_naming_the_file(tmp_path: Path) -> None:
    spec = json.loads((DATA / "stance_model.json").read_text())
    cut = _write(tmp_path, "cut.json", "{")
    with pytest.raises(ModelError, match="cannot read stance weights .*cut.json"):
        sf.load_model(str(cut))
    short = _write(tmp_path, "short.json", {**spec, "coef": spec["coef"][:2]})
    with pytest.raises(ModelError, match=r"short.json do not fit this version's features: 'coef' has shape \(2, "):
        sf.load_model(str(short))
    labels = _write(tmp_path, "labels.json", {**spec, "labels": ["contradict", "agree", "unrelated"]})
    with pytest.raises(ModelError, match="labels.json do not fit .*'labels'"):
        sf.load_model(str(labels))


def test_a_corrupt_policy_layer_stays_a_policy_error_naming_the_file(tmp_path: Path) -> None:
    raw = json.loads(LAYER_FILE.read_text("utf-8"))
    inf = _write(tmp_path, "inf.json", json.dumps({**raw, "intercept": [1e999] * len(raw["intercept"])}))
    with pytest.raises(PolicyError, match="policy model .*inf.json are malformed: 'intercept' holds a number that is not finite"):
        PolicyModel.load(inf)
    classes = _write(tmp_path, "classes.json", {**raw, "classes": [*raw["classes"][:-1], "obey"]})
    with pytest.raises(PolicyError, match=r"classes.json do not fit .*unknown: \['obey'\]"):
        PolicyModel.load(classes)
