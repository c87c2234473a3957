"""The admission benchmark's split and metrics (the benchmark itself is `memwarden eval admission`)."""

import numpy as np

from memwarden.evals.admission import AMAC_PUBLISHED, Replay, baselines, metrics, split


def test_split_is_seeded_7_1_2_by_conversation():
    convs = [f"conv-{i}" for i in range(10)]
    tr, va, te = split(convs)
    assert (len(tr), len(va), len(te)) == (7, 1, 2)
    assert sorted(tr + va + te) == sorted(convs)
    assert split(convs) == (tr, va, te)


def test_metrics_and_baselines_shape():
    y = np.array([1, 0, 1, 0])
    m = metrics(np.array([1, 1, 0, 0]), y, [1.0, 2.0, 3.0, 4.0])
    assert m["precision"] == 0.5 and m["recall"] == 0.5 and m["admitted_fraction"] == 0.5
    assert m["latency_ms_p50"] == 2.5
    rep = Replay(labels=[1, 0], admitted=[1, 0], ms=[1.0, 1.0],
                 factors=[{"utility": 0.9, "grounding": 0, "novelty": 1, "recency": 1, "type": 0.9},
                          {"utility": 0.1, "grounding": 0, "novelty": 1, "recency": 1, "type": 0.1}])
    b = baselines(rep, None)
    assert b["admit_all"]["recall"] == 1.0
    assert b["amac_published_weights"]["admitted_fraction"] == 0.5
    assert set(AMAC_PUBLISHED[0]) == {"utility", "grounding", "novelty", "recency", "type"}
    for v in b.values():
        assert {"precision", "recall", "f1", "admitted_fraction", "latency_ms_p50", "latency_ms_p95"} <= set(v)
