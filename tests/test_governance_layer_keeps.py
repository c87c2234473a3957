"""Session 28: the fitted policy layer keeps what the rules settle on purpose.

The layer file may carry ``keep_guarded``, ``rule_offset`` and ``override_margin`` (fitted on the BUILD authors'
held-out predictions by bench/governance_loao.py). Sentences here are written for this file."""

from __future__ import annotations

import numpy as np
import pytest

from memwarden.governance.layer import PolicyModel, shipped_layer
from memwarden.governance.models import POLICIES
from memwarden.governance.policy import MemoryView, classify
from memwarden.governance.rules import guarded, rule_candidates, unguarded
from memwarden.providers.embedder import default_embedder


def _model(**meta: object) -> PolicyModel:
    k = 1
    data = {"version": 2, "inputs": ["q_sim"], "classes": list(POLICIES), "mean": [0.0], "scale": [1.0],
            "coef": [[0.0]] * len(POLICIES), "intercept": [0.0] * len(POLICIES), **meta}
    assert k == len(data["inputs"])
    return PolicyModel(data)


def _p(**probs: float) -> np.ndarray:
    return np.asarray([probs.get(c, 1e-6) for c in POLICIES])


def test_a_file_without_the_settings_takes_the_plain_argmax() -> None:
    m = _model()
    assert m.decide(_p(use=0.45, superseded=0.55), {}, "default", "use") == ("superseded", False)


def test_a_deciding_rule_gets_its_offset() -> None:
    m = _model(rule_offset=1.0)
    # e^1 * 0.35 > 0.6: the rule's policy stands
    assert m.decide(_p(ignore_as_evidence=0.35, constrain_to_scope=0.6), {}, "report_of_world", "ignore_as_evidence")[0] \
        == "ignore_as_evidence"
    # far enough ahead, the layer still moves it
    assert m.decide(_p(ignore_as_evidence=0.05, constrain_to_scope=0.9), {}, "report_of_world", "ignore_as_evidence")[0] \
        == "constrain_to_scope"


def test_a_default_use_moves_only_past_the_margin() -> None:
    m = _model(override_margin=0.2)
    assert m.decide(_p(use=0.47, defer_to_evidence=0.52), {}, "default", "use")[0] == "use"
    assert m.decide(_p(use=0.2, defer_to_evidence=0.79), {}, "default", "use")[0] == "defer_to_evidence"


def _row(**kw: float) -> dict[str, float]:
    from memwarden.governance.features import FEATURES

    row = {k: 0.0 for k in FEATURES}
    row.update(ev_other_item=0.0, schedule_idle=0.0, newer_gone=0.0, newer_whole=0.0, alone_other=0.0,
               newer_near_change=0.0, newer_guarded_change=0.0)
    row.update(kw)
    return row


def test_a_guard_that_blocks_a_rule_is_read_as_settled() -> None:
    # evidence naming a conflicting value, but about another item than the memory's
    row = _row(ev_external=1.0, ev_entity=1.0, ev_conflict=1.0, ev_sim=0.5, ev_other_item=1.0)
    assert next(rule_candidates(row))[0] == "default"
    assert next(rule_candidates(unguarded(row)))[0] != "default"
    assert guarded(row)
    assert not guarded(_row(ev_external=1.0, ev_entity=1.0, ev_conflict=1.0, ev_sim=0.5))  # a rule decides
    assert not guarded(_row())  # nothing to guard
    m = _model(keep_guarded=True)
    assert m.decide(_p(use=0.01, defer_to_evidence=0.99), row, "default", "use")[0] == "use"


def test_the_shipped_layer_carries_the_settings() -> None:
    m = shipped_layer()
    assert m.meta.get("keep_guarded") is True
    assert m.meta.get("rule_offset", 0) > 0 and m.meta.get("override_margin", 0) > 0


@pytest.fixture(scope="module")
def emb():  # type: ignore[no-untyped-def]
    return default_embedder()


def _policy(emb, memory: str, request: str, evidence: list[str] | None = None) -> str:  # type: ignore[no-untyped-def]
    return classify(emb, request, evidence or [], [MemoryView(id="m0", text=memory, speaker="user")])[0].policy


@pytest.mark.parametrize(("memory", "ask"), [
    ("I keep bees at the bottom of the garden.", "Organise a leaving do for the office, about twenty of us."),
    ("I used to live in Lisbon.", "Plan a birthday picnic for my nephew and his friends."),
])
def test_a_memory_that_limits_nothing_stays_in_use_for_a_group(emb, memory: str, ask: str) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, memory, ask) == "use"


def test_a_notice_about_another_ferry_leaves_the_memory_in_use(emb) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, "I take the 6:40 ferry to Dieppe on Fridays", "which ferry do I catch on Friday?",
                   ["Notice: the 9:15 sailing to Santander is cancelled this week."]) == "use"
