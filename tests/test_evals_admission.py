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


def _synthetic_locomo(path, sessions=None):
    import json

    import pytest

    pytest.importorskip("sklearn")
    from test_admission_train import synthetic

    convs = {}
    for s in sessions if sessions is not None else synthetic(10).sessions:
        c = convs.setdefault(s.conversation, {"sample_id": s.conversation, "qa": [], "conversation": {"speaker_a": "A", "speaker_b": "B"}})
        n = sum(1 for k in c["conversation"] if k.startswith("session_") and not k.endswith("date_time")) + 1
        c["conversation"][f"session_{n}_date_time"] = "1:56 pm on 8 May, 2023"
        turns = []
        for i, (m, label) in enumerate(zip(s.messages, s.labels)):
            did = f"D{n}:{i + 1}"
            turns.append({"speaker": m["name"], "dia_id": did, "text": m["content"]})
            if label:
                c["qa"].append({"question": f"What about {m['content'][:20]}?", "answer": "x", "evidence": [did], "category": 1})
        c["conversation"][f"session_{n}"] = turns
    path.write_text(json.dumps(list(convs.values())))
    return path


def test_eval_runs_end_to_end_through_memory(tmp_path):
    from memwarden.evals.admission import run
    from memwarden.evals.admission_retrieval import run as run_retrieval
    from memwarden.providers.embedder import HashEmbedder

    data = _synthetic_locomo(tmp_path / "l.json")
    r = run(data, "heldout", progress=False, embedder=HashEmbedder())
    assert r["n"] == 2 * 3 * 8 and r["recall"] >= 0.9
    assert {"precision", "recall", "f1", "admitted_fraction", "latency_ms_p50", "latency_ms_p95", "baselines"} <= set(r)
    assert r["baselines"]["admit_all"]["recall"] == 1.0
    rr = run_retrieval(data, "heldout", progress=False, embedder=HashEmbedder())
    assert rr["memories_admission"] < rr["memories_all"] == 48


def test_eval_on_claims_counts_a_turn_by_its_kept_claims(tmp_path):
    from memwarden.evals.admission import run
    from memwarden.providers.embedder import HashEmbedder

    from test_admission_claims import dataset

    # Claims of both labels (the claim policy is trained on claims): dated facts needed, opinions not.
    data = _synthetic_locomo(tmp_path / "l.json", dataset(10).sessions)
    turns = run(data, "heldout", progress=False, embedder=HashEmbedder())
    r = run(data, "heldout", progress=False, embedder=HashEmbedder(), claims=True, min_recall=0.7)
    # one row per labelled turn on both paths, so the numbers compare
    assert r["n"] == turns["n"] == 2 * 3 * 9 and r["claims"] is True and r["baselines"] == {}
    assert set(r["events"]) == {"admitted", "no claim kept", "no claim extracted"}
    assert sum(r["events"].values()) == r["n"]
    # Chit-chat yields no claim (a miss when it is evidence); the claim policy tells the dated facts
    # from the opinions the labels do not need, which admitting every claim cannot.
    assert r["recall"] < 1.0 and r["precision"] > 0.7
