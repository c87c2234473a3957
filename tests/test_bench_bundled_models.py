"""bench/bench_bundled_models.py: the re-ordering and re-scoring its session 8 numbers rest on."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

from memwarden.evals.scenario_format import RankProbe

_PATH = Path(__file__).resolve().parents[1] / "bench" / "bench_bundled_models.py"
_spec = importlib.util.spec_from_file_location("bench_bundled_models", _PATH)
assert _spec is not None and _spec.loader is not None
bbm = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bbm)


def test_reorder_model_and_borda() -> None:
    texts = ["a", "b", "c", "d"]
    scores = np.array([0.1, 0.9, 0.5, 0.2])
    assert bbm.reorder(texts, scores, "model") == [1, 2, 3, 0]
    # Borda sums memwarden's rank (the list order) and the scorer's: a=0+3, b=1+0, c=2+1, d=3+2.
    assert bbm.reorder(texts, scores, "borda") == [1, 0, 2, 3]
    # A tie goes to memwarden's order.
    assert bbm.reorder(["x", "y"], np.array([0.2, 0.8]), "borda") == [0, 1]


def test_rank_metrics_match_the_scenario_runner_definitions() -> None:
    p = RankProbe(type="rank", query="where do I live now?", target=["Bristol"], stale=["Leeds"])
    rows = [
        (p, ["moved from Leeds to Bristol", "lived in Leeds"]),  # target and stale in one hit: a target hit
        (p, ["lived in Leeds", "x", "now in Bristol"]),  # stale above a target at rank 3
        (p, ["x", "y", "z", "now in Bristol"]),  # target at rank 4: not in the first 3
    ]
    m = bbm.rank_metrics(rows)
    assert m["n"] == 3 and m["stale_n"] == 3
    assert m["current@1"] == round(1 / 3, 4)
    assert m["hit@3"] == round(2 / 3, 4)
    assert m["stale_above"] == round(1 / 3, 4)


def test_auc() -> None:
    assert bbm._auc([0.9, 0.8], [0.1, 0.2]) == 1.0
    assert bbm._auc([0.1], [0.9]) == 0.0
    assert bbm._auc([0.5], [0.5]) == 0.5
    assert bbm._auc([], [0.5]) is None
