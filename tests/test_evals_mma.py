import re

import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.evals.mma import core, generate, generate_case, oracle, run


def test_generator_is_deterministic_per_seed():
    a = [(e.claim, e.kind, e.label, [t.text for t in e.turns]) for c in generate(7, 2) for e in c.events]
    b = [(e.claim, e.kind, e.label, [t.text for t in e.turns]) for c in generate(7, 2) for e in c.events]
    c = [(e.claim, e.kind, e.label, [t.text for t in e.turns]) for c in generate(8, 2) for e in c.events]
    assert a == b and a != c


def test_case_structure_follows_the_design():
    case = generate_case(3, 0)
    assert len(case.events) == 30
    assert {e.session for e in case.events} == set(range(1, 11))
    assert all(e.kind == "calibration" for e in case.events if e.session <= 4)
    assert all(e.kind == "C" for e in case.events if e.session == 8)
    assert all(e.kind in "AB" for e in case.events if e.session >= 9)
    levels = sorted(set(v for per in case.reliability.values() for v in per.values()))
    assert levels == [0.2, 0.7, 0.9]
    span = case.session_time(10) - case.session_time(1)
    assert 150 <= span.days <= 200


def test_labels_come_from_the_oracle():
    assert oracle(0.2, "support") == "TRUE"
    assert oracle(0.9, "refute") == "FALSE"
    assert oracle(0.9, "none") == "TRUE" and oracle(0.7, "ambiguous") == "UNKNOWN"
    for case in generate(11, 3):
        for e in case.events:
            assert e.label == oracle(case.reliability[e.asserter][e.domain], e.evidence)


def test_core_scoring():
    assert core("A", "TRUE", "TRUE") == 1
    assert core("A", "TRUE", "UNKNOWN") == -0.2
    assert core("B", "TRUE", "FALSE") == -1
    assert core("C", "UNKNOWN", "TRUE") == -1
    assert core("D", "UNKNOWN", "UNKNOWN") == 1


def test_text_does_not_leak_the_labels():
    words = re.compile(r"\b(TRUE|FALSE|UNKNOWN|type [ABCD]|calibration|oracle|trap)\b")
    speaker_lines: dict[str, set[str]] = {}
    for case in generate(5, 4):
        for e in case.events:
            for t in e.turns:
                assert not words.search(t.text)
                if not t.image and t.speaker == e.asserter and e.claim in t.text:
                    speaker_lines.setdefault(e.kind, set()).add(t.text.replace(e.claim, "{P}").lower())
    # The over-reader (C) and the asserter who shows a photo (B) use the same pool of lines.
    assert speaker_lines["C"] & speaker_lines["B"]


def test_run_reports_types_and_baselines():
    out = run(1, 1, "visual", memory_factory=lambda: Memory(config=MemoryConfig(embedder="hash")))
    assert set(out) >= {"core_mean", "accuracy", "abstention_rate", "per_type", "baselines"}
    assert set(out["baselines"]) == {"similarity_top_hit", "majority_vote"}
    assert out["n"] == 18
    with pytest.raises(ValueError):
        run(1, 1, "audio")


def test_domain_labels_can_be_removed():
    from memwarden.evals.mma import TUNING_SEEDS, generate, load_case

    assert TUNING_SEEDS == (0, 1, 2)
    m = Memory(config=MemoryConfig(embedder="hash"))
    case = generate(1, 1)[0]
    uid = load_case(m, case, "text", domain_labels=False)
    assert all("domain" not in x.metadata for x in m.get_all(user_id=uid))
    m2 = Memory(config=MemoryConfig(embedder="hash"))
    uid2 = load_case(m2, case, "text")
    assert uid2 == uid and any("domain" in x.metadata for x in m2.get_all(user_id=uid2))
    out = run(1, 1, "text", memory_factory=lambda: Memory(config=MemoryConfig(embedder="hash")), domain_labels=False)
    assert out["domain_labels"] is False and out["tuning_seed"] is True
