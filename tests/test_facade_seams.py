"""The seams cut out of ``memory.py`` (issue 14): the turn path's pure batch builder, the one
commit path (``Memory.scopes``), ``SearchHit.from_item``, and that no module reaches into the
facade's private state."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

from memwarden import Memory, MemoryConfig
from memwarden._util import text_hash
from memwarden.admission import Decision
from memwarden.admission.facade import turn_batch
from memwarden.models import Candidate, MemoryItem, ScoreParts, SearchHit, Turn
from memwarden.retrieval.entry import keyword_tokens
from memwarden.storage import MemoryRecord, WriteBatch

NOW = datetime(2025, 5, 1, 12, tzinfo=timezone.utc)
SRC = Path(__file__).resolve().parents[1] / "src" / "memwarden"


def _stored(mid: str, text: str, turns: list[str]) -> MemoryRecord:
    item = MemoryItem(id=mid, memory=text, user_id="u", hash=text_hash(text), source_turn_ids=turns,
                      created_at=NOW, updated_at=NOW)
    return MemoryRecord(item, np.zeros(4, np.float32), ["old", "token"], "m")


def test_turn_batch_builds_receipts_rows_and_supersession_without_a_store() -> None:
    cands = [Candidate(text="I moved to Lyon", source_turn_ids=["t1"], context=["hello"]),
             Candidate(text="I moved to Lyon!", source_turn_ids=["t2"]),
             Candidate(text="ok", source_turn_ids=["t3"]),
             Candidate(text="my dog is Rex", source_turn_ids=["t4"])]
    decisions = [Decision("superseded", "new residence", supersedes=["old-1"], memory_type="fact"),
                 Decision("duplicate", "repeats candidate 0", duplicate_of="batch:0"),
                 Decision("rejected", "chit-chat"),
                 Decision("duplicate", "repeats a stored memory", duplicate_of="old-2")]
    asked: list[list[str]] = []
    stored = {"old-1": _stored("old-1", "I live in Paris", ["t0"]), "old-2": _stored("old-2", "my dog is Rex", ["t-1"])}

    def load(ids: list[str]) -> list[MemoryRecord]:
        asked.append(ids)
        return [stored[i] for i in ids]

    batch, old_tokens = turn_batch(
        user_id="u", agent_id="a", run_id=None, candidates=cands, vectors=np.ones((4, 4), np.float32),
        decisions=decisions, unextracted=[Turn(role="user", content="hmm", index=4, turn_id="t5")], now=NOW,
        embedding_model="m", load=load, checks_duplicates=True)

    assert asked == [["old-1", "old-2"]]
    new = batch.upserts[0]
    assert new.item.memory == "I moved to Lyon" and new.item.agent_id == "a" and new.item.memory_type == "fact"
    # the in-batch duplicate's turn joins the memory it repeats; so does the stored duplicate's
    assert new.item.source_turn_ids == ["t1", "t2"]
    assert new.tokens == keyword_tokens(cands[0])
    assert batch.unique_hashes == [text_hash("I moved to Lyon")]
    by_id = {r.item.id: r.item for r in batch.upserts}
    assert by_id["old-1"].status == "superseded" and by_id["old-1"].superseded_by == new.item.id
    assert by_id["old-2"].source_turn_ids == ["t-1", "t4"] and by_id["old-2"].status == "active"
    assert old_tokens == {"old-1": ["old", "token"], "old-2": ["old", "token"]}
    assert [r.event for r in batch.receipts] == ["superseded", "duplicate", "rejected", "duplicate", "rejected"]
    assert batch.receipts[1].memory_id == batch.receipts[1].duplicate_of == new.item.id
    assert batch.receipts[4].policy == "llm-extraction" and batch.receipts[4].source_turn_ids == ["t5"]
    assert [(h.memory_id, h.event) for h in batch.history] == [(new.item.id, "ADD"), ("old-1", "SUPERSEDE")]


def test_commit_writes_and_applies_the_rows_to_the_cached_index() -> None:
    m = Memory(config=MemoryConfig(embedder="hash", claims=False))
    texts = ["I drink green tea every morning", "my sister lives in Oslo", "I work as a nurse",
             "the cat is called Miso", "I run on Sundays"]
    m.add([{"role": "user", "content": t} for t in texts], user_id="u", admission="all")
    index = m.scopes.index("u")
    rec = next(r for r in m.store.get("u", [i.id for i in m.get_all(user_id="u")]) if r.item.memory == texts[0])
    rec.item = rec.item.model_copy(update={"memory": "I drink black coffee", "hash": text_hash("I drink black coffee")})
    rec.tokens = keyword_tokens(Candidate(text="I drink black coffee"))
    version = m.scopes.commit(WriteBatch(user_id="u", upserts=[rec]), {rec.item.id: keyword_tokens(
        Candidate(text="I drink green tea every morning"))})
    assert version == m.store.version("u")
    assert m.scopes.index("u") is index and index.version == version  # applied in place, not rebuilt
    assert m.search("coffee", user_id="u").results[0].memory == "I drink black coffee"


def test_search_hit_from_item_copies_the_item_and_scores() -> None:
    item = MemoryItem(id="x", memory="text", user_id="u", hash="h", speaker="Ana", kind="episode",
                      created_at=NOW, updated_at=NOW)
    hit = SearchHit.from_item(item, ScoreParts(dense=0.5, dense_rank=1, fused=1.25))
    assert (hit.id, hit.memory, hit.speaker, hit.kind, hit.score, hit.scores.dense) == ("x", "text", "Ana", "episode", 1.25, 0.5)


_PRIVATE = re.compile(r"\b(?:m|mem|memory|self\.memory|s\.memory)\._(?:index|locks|trust|record|receipt_horizon|write_lock)\b")


def test_no_module_reaches_into_the_facades_private_state() -> None:
    """Stages, servers and the inspector go through ``Memory.scopes`` / public methods."""
    offenders = [f"{p.relative_to(SRC)}: {hit}" for p in sorted(SRC.rglob("*.py")) if p.name != "memory.py"
                 for hit in _PRIVATE.findall(p.read_text(encoding="utf-8"))]
    assert offenders == []
    assert _PRIVATE.findall("index = mem._index.get(user_id)")  # the pattern does match what it forbids
