"""Eval commands say what is true: a missing extra in one line, and "training accuracy" only on training data."""

from __future__ import annotations

import builtins
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from memwarden.evals import memsyco
from memwarden.evals.memsyco_data import item_key, load_memsyco
from memwarden.governance.policy import PolicyModel
from memwarden.providers.embedder import HashEmbedder

DATA = Path(__file__).parent / "data"
DEV = Path("/work/shared/data/memsyco-dev")  # the split the shipped classifier was trained on, where present


def _hide_train_extra(monkeypatch) -> None:
    """Imports of scipy and scikit-learn fail as they do without the [train] extra."""
    real = builtins.__import__

    def fake(name, *args, **kwargs):
        if name.split(".")[0] in ("scipy", "sklearn"):
            raise ModuleNotFoundError(f"No module named {name.split('.')[0]!r}", name=name.split(".")[0])
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake)


@pytest.mark.parametrize("command", ["admission", "admission-retrieval"])
def test_eval_admission_without_the_train_extra_is_one_line(tmp_path, monkeypatch, command):
    from memwarden.cli import eval_group
    from test_evals_admission import _synthetic_locomo

    data = _synthetic_locomo(tmp_path / "locomo.json")  # labelled data that reaches the training step
    _hide_train_extra(monkeypatch)
    r = CliRunner().invoke(eval_group, [command, "--data", str(data)])
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit), (r.output, r.exception)
    lines = [line for line in r.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "pip install 'memwarden[train]'" in lines[0] and "scipy" in lines[0], r.output


def test_admission_train_without_the_train_extra_is_one_line(tmp_path, monkeypatch):
    from memwarden.cli.admission import admission_group

    _hide_train_extra(monkeypatch)
    data = tmp_path / "d.json"
    data.write_text("[]")
    r = CliRunner().invoke(admission_group, ["train", "--data", str(data), "--out", str(tmp_path / "p.json")])
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit), (r.output, r.exception)
    assert "pip install 'memwarden[train]'" in r.output and "Traceback" not in r.output


def _model_trained_on(cases) -> PolicyModel:
    """A model file of the current shape (no model ships any more: policies come from rules);
    its weights do not matter here, only what it says it was trained on."""
    from memwarden.governance.features import FEATURES
    from memwarden.governance.models import POLICIES

    k, f = len(POLICIES), len(FEATURES)
    raw = {"features": FEATURES, "classes": list(POLICIES), "mean": [0.0] * f, "scale": [1.0] * f,
           "coef": [[0.0] * f for _ in range(k)], "intercept": [0.0] * k}
    return PolicyModel({**raw, "trained_on_items": sorted({item_key(c) for c in cases})})


def test_memsyco_note_follows_the_data_evaluated():
    sample = str(DATA / "memsyco_sample.jsonl")
    cases = load_memsyco(sample)
    emb = HashEmbedder()
    # the shipped rules were never tuned on the sample: no "same split" claim
    r = memsyco.run_policy(sample, embedder=emb)
    assert r["items_in_training_data"] == 0 and "same split" not in r["note"]
    assert "held-out" in r["note"] and r["data"] == str(Path(sample).resolve())
    # a classifier trained on exactly these items: the claim is made
    r = memsyco.run_policy(sample, embedder=emb, model=_model_trained_on(cases))
    assert r["items_in_training_data"] == len(cases) and "trained on this same split" in r["note"]
    # trained on part of them: says how many
    r = memsyco.run_policy(sample, embedder=emb, model=_model_trained_on(cases[:1]))
    assert r["items_in_training_data"] == 1 and f"1 of {len(cases)} items" in r["note"]
    # a model file that does not say what it was trained on: no claim either way
    bare = _model_trained_on(cases)
    del bare.meta["trained_on_items"]
    r = memsyco.run_policy(sample, embedder=emb, model=bare)
    assert r["items_in_training_data"] is None and "unknown" in r["note"]


@pytest.mark.skipif(not DEV.is_dir(), reason="MemSyco dev split not on this machine")
def test_shipped_rules_list_the_dev_split_as_their_tuning_data():
    cases = load_memsyco(DEV)
    assert {item_key(c) for c in cases} == set(memsyco.rules_tuned_on())
    r = memsyco.run_policy(str(DEV), embedder=HashEmbedder(), limit=5)
    assert r["items_in_training_data"] == 5 and "tuned on this same split" in r["note"]
