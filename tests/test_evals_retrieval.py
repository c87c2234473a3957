"""The LoCoMo retrieval harness on a tiny hand-made file in LoCoMo's format."""

from __future__ import annotations

import json

import pytest

from memwarden.errors import InvalidInputError
from memwarden.training.locomo import load_locomo, parse_locomo_date, split_evidence
from memwarden.evals.retrieval import run_retrieval_eval

SAMPLE = [{
    "sample_id": "t1",
    "conversation": {
        "speaker_a": "Ann", "speaker_b": "Bo",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [
            {"speaker": "Ann", "dia_id": "D1:1", "text": "I adopted a greyhound called Pixel."},
            {"speaker": "Bo", "dia_id": "D1:2", "text": "Lovely! I restored an old sailboat this spring."},
            {"speaker": "Ann", "dia_id": "D1:3", "text": "Look at this", "img_url": ["x"], "blip_caption": "a photo of a dog on a beach"},
        ],
        "session_2_date_time": "10:01 am on 20 June, 2023",
        "session_2": [{"speaker": "Bo", "dia_id": "D2:1", "text": "The sailboat sank near the harbour."}],
    },
    "qa": [
        {"question": "What kind of dog did Ann adopt?", "answer": "greyhound", "evidence": ["D1:1"], "category": 1},
        {"question": "What did Bo restore?", "answer": "sailboat", "evidence": ["D1:2; D2:1"], "category": 4},
        {"question": "What is Ann's cat called?", "adversarial_answer": "none", "evidence": [], "category": 5},
    ],
}]


def test_parsers():
    assert parse_locomo_date("1:56 pm on 8 May, 2023").isoformat() == "2023-05-08T13:56:00+00:00"
    assert parse_locomo_date("12:05 am on 1 January, 2020").hour == 0
    assert parse_locomo_date("sometime") is None
    assert split_evidence(["D1:3; D1:5", "D2:1"]) == ["D1:3", "D1:5", "D2:1"]


def test_image_turn_keeps_caption(tmp_path):
    p = tmp_path / "l.json"
    p.write_text(json.dumps(SAMPLE))
    conv = load_locomo(p)[0]
    assert conv.turns[2].content == "Look at this [shares an image: a photo of a dog on a beach]"
    assert conv.turns[3].timestamp.month == 6


def test_eval_reports_recall_and_skips_unanswerable(tmp_path):
    p = tmp_path / "l.json"
    p.write_text(json.dumps(SAMPLE))
    report = run_retrieval_eval(p, k=2, embedder="hash", progress=False)
    assert report["questions"] == 2 and report["turns"] == 4 and report["memories_stored"] == 4 + report["claims_stored"]
    assert report["by_category"]["1"]["recall"] == 1.0
    assert 0.5 <= report["recall@2"] <= 1.0
    assert report["search_ms_p95"] >= report["search_ms_p50"] > 0


def test_not_a_locomo_file(tmp_path):
    p = tmp_path / "x.json"
    p.write_text('{"a": 1}')
    with pytest.raises(InvalidInputError, match="not a LoCoMo file"):
        load_locomo(p)
