import json

from click.testing import CliRunner

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.evals.abstention import metrics, run
from memwarden.cli.evals import abstention_command, mma_command


def _conv(sid):
    return {
        "sample_id": sid,
        "conversation": {
            "speaker_a": "Caroline", "speaker_b": "Melanie",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": "Caroline", "dia_id": "D1:1", "text": "I went to an LGBTQ support group yesterday."},
                {"speaker": "Melanie", "dia_id": "D1:2", "text": "I ran a charity race for mental health last weekend."},
                {"speaker": "Melanie", "dia_id": "D1:3", "text": "Look at this.", "blip_caption": "a photo of a medal"},
            ],
        },
        "qa": [
            {"question": "What did Caroline go to yesterday?", "answer": "support group", "category": 1, "evidence": ["D1:1"]},
            {"question": "What did Caroline realize after her charity race?", "category": 5, "evidence": ["D1:2"],
             "adversarial_answer": "self-care"},
        ],
    }


def test_metrics():
    m = metrics([(True, True), (True, False), (False, True), (False, False)])
    assert m["precision"] == 0.5 and m["recall"] == 0.5 and m["false_abstention_rate"] == 0.5


def test_run_calibrates_on_dev_and_reports_heldout(tmp_path):
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps([_conv("a"), _conv("b"), _conv("c"), _conv("d")]))
    out = run(path, memory_factory=lambda: Memory(config=MemoryConfig(embedder="hash")))
    assert set(out["conversations"]["dev"]).isdisjoint(out["conversations"]["heldout"])
    assert out["heldout"]["n"] == 4 and out["heldout"]["adversarial"] == 2
    assert out["heldout"]["recall"] == 1.0 and out["heldout"]["precision"] == 1.0
    assert out["baseline_never_abstain"]["heldout"]["recall"] == 0.0
    # The topical test is swept after the grid; the kept value is one of the swept ones.
    assert out["calibrated"]["min_topic_cosine"] in [float(t) for t in out["topic_sweep"]]


def test_cli_commands(tmp_path):
    r = CliRunner().invoke(mma_command, ["--seed", "3", "--cases", "1", "--embedder", "hash", "--json"])
    assert r.exit_code == 0, r.output
    assert "core_mean" in json.loads(r.output)
    bad = tmp_path / "x.json"
    bad.write_text("{}")
    r = CliRunner().invoke(abstention_command, ["--data", str(bad)])
    # an InvalidInputError from the harness: one line and exit 1, as on every command, even invoked on its own
    lines = [ln for ln in r.output.splitlines() if ln.strip()]
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit) and len(lines) == 1 and lines[0].startswith("error:"), r.output
