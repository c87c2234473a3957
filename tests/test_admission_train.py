"""Policy learners: A-MAC grid search, logistic regression, recall-constrained thresholds."""

import json

import numpy as np
import pytest

pytest.importorskip("sklearn")

from memwarden.training.dataset import Dataset, Session, evidence_ids, load_jsonl, locomo_dataset
from memwarden.admission.policy import AdmissionPolicy, LinearRule, LogisticRule
from memwarden.training.train import amac_weight_grid, choose_threshold, extract, prf, train_policy
from memwarden.providers.embedder import HashEmbedder

FACTS = ["Last {d} I adopted a dog named {n}.", "I started a new job at the {n} bakery on {d}.", "We moved to {n} in 2019.",
         "My sister {n} visited us last {d}.", "I ran my first marathon with {n} on {d}."]
CHAT = ["Haha, that's cool!", "Wow, amazing!", "How are you?", "Thanks, talk soon!", "Nice, glad to hear."]
NAMES = ["Max", "Lisbon", "Rosa", "Oslo", "Kim", "Tara"]
DAYS = ["Friday", "Monday", "Sunday", "Tuesday"]


def synthetic(n_conv=6, seed=0) -> Dataset:
    rng = np.random.default_rng(seed)
    ds = Dataset()
    for c in range(n_conv):
        for s in range(3):
            msgs, labels = [], []
            for i in range(8):
                fact = rng.random() < 0.35
                text = (FACTS[rng.integers(5)].format(d=DAYS[rng.integers(4)], n=NAMES[rng.integers(6)]) if fact
                        else CHAT[rng.integers(5)])
                msgs.append({"role": "user", "name": "AB"[i % 2], "content": text, "id": f"c{c}s{s}t{i}"})
                labels.append(int(fact))
            ds.sessions.append(Session(f"c{c}", f"s{s}", None, msgs, labels))
    return ds


@pytest.fixture(scope="module")
def examples():
    return extract(synthetic(), HashEmbedder())


def test_extract_runs_through_memory_and_keeps_order(examples):
    assert len(examples.feats) == len(examples.labels) == 6 * 3 * 8
    assert set(examples.groups.tolist()) == {f"c{i}" for i in range(6)}


def test_logistic_learner_separates_facts_from_chat(examples):
    pol = train_policy(examples, learner="logistic", min_recall=0.9)
    assert isinstance(pol.spec.decision, LogisticRule)
    assert pol.spec.metrics["cv_recall"] >= 0.9 and pol.spec.metrics["cv_f1"] > 0.8
    again = AdmissionPolicy.from_dict(json.loads(pol.to_json()))
    assert again.threshold == pol.threshold


def test_amac_grid_search_learns_simplex_weights(examples):
    pol = train_policy(examples, learner="amac", min_recall=None)
    d = pol.spec.decision
    assert isinstance(d, LinearRule)
    assert sum(d.weights.values()) == pytest.approx(1.0) and min(d.weights.values()) >= 0
    assert d.threshold in [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6]


def test_single_class_data_is_refused(examples):
    ex = examples.take(np.flatnonzero(examples.labels == 0))
    with pytest.raises(ValueError, match="both"):
        train_policy(ex)


def test_amac_grid_has_the_published_shape():
    grid = amac_weight_grid()
    assert len(grid) == 1 + 5 + 200
    assert all(abs(w.sum() - 1) < 1e-9 and (w >= 0).all() for w in grid)
    assert sorted(grid[1:6], key=lambda w: w.argmax())[0][0] == 0.6


def test_recall_constrained_threshold_trades_precision_for_recall():
    y = np.array([1, 1, 1, 1, 0, 0, 0, 0, 0, 1])
    s = np.array([0.9, 0.8, 0.7, 0.2, 0.6, 0.5, 0.1, 0.1, 0.3, 0.15])
    t_f1 = choose_threshold(s, y)
    t_r = choose_threshold(s, y, min_recall=1.0)
    assert prf(s >= t_r, y)[1] == 1.0
    assert t_r <= t_f1


def test_locomo_labels_split_evidence_lists(tmp_path):
    assert evidence_ids([{"evidence": ["D1:3; D1:5"]}, {"evidence": ["D2:1", "D10:12"]}, {"evidence": None}]) == {
        "D1:3", "D1:5", "D2:1", "D10:12"}
    conv = {"sample_id": "x", "qa": [{"question": "q", "answer": "a", "evidence": ["D1:2; D2:1"]}],
            "conversation": {"speaker_a": "A", "speaker_b": "B", "session_1_date_time": "1:56 pm on 8 May, 2023",
                             "session_1": [{"speaker": "A", "dia_id": "D1:1", "text": "hi"},
                                           {"speaker": "B", "dia_id": "D1:2", "text": "I moved", "blip_caption": "a house"}],
                             "session_2_date_time": "bad date", "session_2": [{"speaker": "A", "dia_id": "D2:1", "text": "ok"}]}}
    p = tmp_path / "l.json"
    p.write_text(json.dumps([conv]))
    ds = locomo_dataset(p)
    assert [s.labels for s in ds.sessions] == [[0, 1], [1]]
    assert ds.sessions[0].messages[1]["content"] == "I moved [shares an image: a house]"
    assert ds.sessions[0].timestamp.year == 2023 and ds.sessions[1].timestamp is None


def test_jsonl_training_data(tmp_path):
    p = tmp_path / "d.jsonl"
    p.write_text(json.dumps({"conversation": "c", "turns": [{"speaker": "A", "text": "I moved to Oslo", "admit": True}]}) + "\n")
    assert load_jsonl(p).sessions[0].labels == [1]
    p.write_text('{"conversation": "c", "turns": [{"text": "no label"}]}\n')
    with pytest.raises(ValueError, match="labelled session"):
        load_jsonl(p)
