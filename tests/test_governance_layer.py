"""The fitted policy layer: the shipped weights load and match this version's inputs, a foreign
file is refused, and fresh cases (written for this test, in wording no case file uses) get the
policy a careful reader would give, one group per policy."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import numpy as np
import pytest

from memwarden.errors import PolicyError
from memwarden.governance.layer import ALL_INPUTS, LAYER_FILE, PolicyModel, shipped_layer, signals
from memwarden.governance.models import POLICIES
from memwarden.governance.policy import MemoryView, classify
from memwarden.governance.rules import RULE_NAMES
from memwarden.providers.embedder import default_embedder


@pytest.fixture(scope="module")
def emb():  # type: ignore[no-untyped-def]
    return default_embedder()


def test_shipped_weights_load_and_say_what_they_were_fitted_on() -> None:
    m = shipped_layer()
    assert set(m.classes) == set(POLICIES)
    assert set(m.inputs) <= set(ALL_INPUTS) and m.coef.shape == (len(m.classes), len(m.inputs))
    assert "hand-written" in m.meta["fitted_on"] and m.meta["script"] == "bench/governance_loao.py"
    p = m.proba(np.zeros((2, len(m.inputs))))
    assert p.shape == (2, len(m.classes)) and np.allclose(p.sum(axis=1), 1.0)


def test_a_file_naming_unknown_inputs_or_of_the_wrong_shape_is_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    raw = json.loads(LAYER_FILE.read_text("utf-8"))
    bad = tmp_path / "layer.json"
    bad.write_text(json.dumps({**raw, "inputs": [*raw["inputs"][:-1], "rule:no_such_rule"]}))
    with pytest.raises(PolicyError):
        PolicyModel.load(bad)
    bad.write_text(json.dumps({**raw, "mean": raw["mean"][:-1]}))
    with pytest.raises(PolicyError):
        PolicyModel.load(bad)
    with pytest.raises(PolicyError):
        PolicyModel.load(tmp_path / "missing.json")


def test_signals_mark_the_first_holding_rule_once() -> None:
    row = {k: 0.0 for k in ALL_INPUTS if ":" not in k}
    row["newer_same_slot"] = 1.0
    sig, (name, policy, _) = signals(row)
    assert (name, policy) == ("newer_same_slot", "superseded") and sig["rule:newer_same_slot"] == 1.0
    assert sum(sig[f"rule_first:{n}"] for n in RULE_NAMES) == 1.0
    assert sum(sig[f"rule_policy:{p}"] for p in POLICIES) == 1.0


def _t(day: int) -> datetime:
    return datetime(2026, 3, day, 9, 0, tzinfo=timezone.utc)


def _policy(emb, query: str, texts: list[str], evidence: list[str] | None = None) -> list[str]:  # type: ignore[no-untyped-def]
    views = [MemoryView(id=f"m{i}", text=t, speaker="user", time=_t(i + 1)) for i, t in enumerate(texts)]
    return [u.policy for u in classify(emb, query, evidence or [], views)]


# Fresh cases, one group per policy (written for this file; no case file has this wording).
def test_fresh_use(emb) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, "suggest a podcast for my drive to work tomorrow", ["i only listen to true-crime podcasts"]) == ["use"]
    assert _policy(emb, "what should i pack for my hiking weekend?", ["my boots give me blisters unless i wear two pairs of socks"]) \
        == ["use"]


def test_fresh_constrain_to_scope(emb) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, "plan the menu for my sister's hen party, twelve of us",
                   ["honestly i can't stand olives"]) == ["constrain_to_scope"]


@pytest.mark.xfail(strict=True, reason="known miss on fresh wording (rules and layer alike): 'with my nephews' is read as "
                   "the user's company, not as whom the film must suit")
def test_fresh_constrain_to_scope_company_of_children(emb) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, "choose a film for movie night with my nephews, they're 6 and 8",
                   ["i adore slow black-and-white art films"]) == ["constrain_to_scope"]


def test_fresh_defer_to_evidence(emb) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, "which platform does my train to Leeds leave from?", ["the Leeds train always goes from platform 4"],
                   ["Station notice: today the Leeds service departs from platform 9 because of engineering works."]) \
        == ["defer_to_evidence"]


def test_fresh_ignore_as_evidence(emb) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, "does cracking your knuckles cause arthritis?",
                   ["my grandad always said cracking your knuckles gives you arthritis"]) == ["ignore_as_evidence"]


def test_fresh_superseded(emb) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, "what time should i leave for my swimming lesson?",
                   ["my swimming lesson is at 6pm on wednesdays", "swimming moved to 7.30pm now, same day"]) \
        == ["superseded", "use"]
