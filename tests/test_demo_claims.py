"""The demo's two questions are answered by the right claim first (issue 10, item 8),
with the bundled model and the default (offline rules) extractor."""

from __future__ import annotations

from memwarden import Memory, MemoryConfig
from memwarden.demo import AS_OF, DEMO_QUERIES, load_sessions


def test_demo_questions_are_answered_by_the_right_claim_first() -> None:
    with Memory(config=MemoryConfig(trust={"enabled": False})) as m:
        receipts = load_sessions(m, "demo")
        assert any(r.kind == "episode" and r.reason == "kept as an episode only: no claim" for r in receipts)
        where = m.search(DEMO_QUERIES[0], user_id="demo", limit=3, as_of=AS_OF).results
        assert "Porto" in where[0].memory, [h.memory for h in where]
        assert any("moved from Lisbon to Porto" in e.text for e in where[0].episodes)
        food = m.search(DEMO_QUERIES[1], user_id="demo", limit=3, as_of=AS_OF).results
        assert "peanut" in food[0].memory.lower(), [h.memory for h in food]
        # the Lisbon residence is kept, superseded, with its validity closed by the move
        old = [c for c in m.get_all(user_id="demo") if c.status == "superseded"]
        assert any("Lisbon" in c.memory and c.valid_to is not None for c in old), [c.memory for c in old]
        before = m.search(DEMO_QUERIES[0], user_id="demo", limit=3, as_of="2026-04-01T00:00:00Z").results
        assert "Lisbon" in before[0].memory and "Porto" not in before[0].memory


def test_chit_chat_in_the_demo_yields_no_claim() -> None:
    with Memory(config=MemoryConfig(trust={"enabled": False})) as m:
        receipts = load_sessions(m, "demo")
        for r in receipts:
            if r.kind == "episode" and r.text in ("ok thanks", "lol yes"):
                assert r.claim_ids == [] and r.reason == "kept as an episode only: no claim"
