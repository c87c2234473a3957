"""Two tiers in the facade (issue 10): episodes for every turn, claims admitted per claim,
slots settled (supersede / conflict / merge / echo), search over claims with their episodes,
as_of, delete cascades. Uses a test-only pattern extractor (tests/claims_fixture.py)."""

from __future__ import annotations

import pytest

from claims_fixture import PatternExtractor
from memwarden import Memory, MemoryConfig


@pytest.fixture
def mem() -> Memory:
    m = Memory(config=MemoryConfig(embedder="hash", trust={"enabled": False}), extractor=PatternExtractor())
    yield m
    m.close()


def say(m: Memory, text: str, when: str, *, role: str = "user", name: str | None = "Maya", admission: str = "all"):
    msg = {"role": role, "content": text}
    if name and role == "user":
        msg["name"] = name
    return m.add([msg], user_id="u", timestamp=when, admission=admission)


def test_every_turn_is_an_episode_and_claims_are_extracted(mem: Memory) -> None:
    res = mem.add([
        {"role": "user", "name": "Maya", "content": "Hi! I live in Lisbon and I work at Bikely."},
        {"role": "assistant", "content": "haha nice, thanks for sharing"},
    ], user_id="u", timestamp="2026-03-02T09:00:00Z", admission="all")
    turn_receipts = [r for r in res.results if r.kind == "episode"]
    claim_receipts = [r for r in res.results if r.kind == "claim"]
    assert len(turn_receipts) == 2 and len(claim_receipts) == 2
    assert len(turn_receipts[0].claim_ids) == 2 and turn_receipts[0].extractor == "test-patterns"
    assert turn_receipts[1].claim_ids == [] and turn_receipts[1].reason == "kept as an episode only: no claim"
    episodes = mem.get_all(user_id="u", kind="episode")
    assert sorted(e.memory for e in episodes) == ["Hi! I live in Lisbon and I work at Bikely.", "haha nice, thanks for sharing"]
    claims = mem.get_all(user_id="u")
    assert sorted(c.memory for c in claims) == ["Maya lives in Lisbon", "Maya works at Bikely"]
    assert all(c.kind == "claim" and c.claim.source_episode_ids == [turn_receipts[0].memory_id] for c in claims)
    assert len(mem.get_all(user_id="u", kind="any")) == 4


def test_search_returns_claims_with_their_source_episodes(mem: Memory) -> None:
    say(mem, "I live in Lisbon, the hills are brutal", "2026-03-02T09:00:00Z")
    say(mem, "haha cool cool", "2026-03-02T09:01:00Z")
    hits = mem.search("Where does Maya live?", user_id="u").results
    assert [h.memory for h in hits] == ["Maya lives in Lisbon"]
    [ep] = hits[0].episodes
    assert ep.text == "I live in Lisbon, the hills are brutal" and ep.speaker == "Maya" and ep.occurred_at is not None
    assert hits[0].kind == "claim" and hits[0].claim.slot == "maya|residence" and hits[0].valid_from is not None
    eps = mem.search("cool", user_id="u", kind="episode").results
    assert eps[0].memory == "haha cool cool" and eps[0].kind == "episode" and eps[0].episodes[0].id == eps[0].id
    assert all(h.kind == "episode" for h in eps)
    with pytest.raises(Exception):
        mem.search("x", user_id="u", kind="turns")


def test_a_newer_value_supersedes_keeps_history_and_as_of_sees_the_past(mem: Memory) -> None:
    say(mem, "I live in Lisbon", "2026-03-02T09:00:00Z")
    res = say(mem, "Big news: I moved to Porto", "2026-04-20T09:00:00Z")
    [new] = [r for r in res.results if r.kind == "claim"]
    assert new.event == "superseded" and len(new.supersedes) == 1
    old_id = new.supersedes[0]
    old = mem.get(old_id, user_id="u")
    assert old.status == "superseded" and old.superseded_by == new.memory_id
    assert old.valid_to is not None and old.valid_to.isoformat().startswith("2026-04-20")
    assert [e.event for e in mem.history(old_id, user_id="u")] == ["ADD", "SUPERSEDE"]
    assert [h.memory for h in mem.search("Where does Maya live?", user_id="u").results] == ["Maya lives in Porto"]
    past = mem.search("Where does Maya live?", user_id="u", as_of="2026-04-01T00:00:00Z").results
    assert [h.memory for h in past] == ["Maya lives in Lisbon"]  # the newer claim was not yet stated
    both = mem.search("Where does Maya live?", user_id="u", include_superseded=True).results
    assert sorted(h.memory for h in both) == ["Maya lives in Lisbon", "Maya lives in Porto"]


def test_a_changed_date_is_never_a_duplicate(mem: Memory) -> None:
    say(mem, "my flight is on May 3", "2026-04-01T09:00:00Z", admission="auto")
    res = say(mem, "update: my flight moved to May 5", "2026-04-02T09:00:00Z", admission="auto")
    [r] = [r for r in res.results if r.kind == "claim"]
    assert r.event == "superseded", r.reason
    hits = mem.search("When is Maya's flight?", user_id="u").results
    assert hits[0].memory == "Maya's flight is on May 5"


def test_a_restatement_merges_and_adds_its_episode(mem: Memory) -> None:
    say(mem, "I'm allergic to peanuts", "2026-03-02T09:00:00Z")
    res = say(mem, "as I said, I'm allergic to peanuts!", "2026-03-09T09:00:00Z")
    [r] = [r for r in res.results if r.kind == "claim"]
    assert r.event == "duplicate"
    [claim] = mem.get_all(user_id="u")
    assert len(claim.claim.source_episode_ids) == 2
    assert len(mem.search("peanuts", user_id="u").results[0].episodes) == 2


def test_an_echo_never_revives_a_superseded_value(mem: Memory) -> None:
    mem.add([{"role": "user", "content": "I live in Leeds"}], user_id="u", timestamp="2026-01-01T00:00:00Z", admission="all")
    mem.add([{"role": "user", "content": "we're in Bristol now"}], user_id="u", timestamp="2026-02-01T00:00:00Z",
            admission="all")
    res = mem.add([{"role": "assistant", "content": "Thanks, noted that you live in Leeds"}], user_id="u",
                  timestamp="2026-02-02T00:00:00Z", admission="all")
    [r] = [r for r in res.results if r.kind == "claim"]
    assert r.event == "rejected" and "echo" in r.reason
    assert [c.memory for c in mem.get_all(user_id="u", include_superseded=False)] == ["user lives in Bristol"]


def test_a_weaker_source_opens_a_conflict_instead_of_superseding(mem: Memory) -> None:
    say(mem, "I live in Porto", "2026-03-01T00:00:00Z")
    res = say(mem, "Tom says Maya lives in Faro", "2026-03-05T00:00:00Z", name="Bo")
    [r] = [r for r in res.results if r.kind == "claim"]
    assert r.event == "admitted" and "conflicts with" in r.reason
    active = {c.memory: c for c in mem.get_all(user_id="u", include_superseded=False)}
    assert set(active) == {"Maya lives in Porto", "Maya lives in Faro"}
    assert active["Maya lives in Porto"].claim.conflicts_with == [active["Maya lives in Faro"].id]
    assert active["Maya lives in Faro"].claim.conflicts_with == [active["Maya lives in Porto"].id]


def test_chit_chat_never_supersedes_a_claim(mem: Memory) -> None:
    say(mem, "I live in Porto", "2026-03-01T00:00:00Z")
    say(mem, "10/10 landlord honestly, Porto is great now", "2026-03-02T00:00:00Z")
    [c] = mem.get_all(user_id="u")
    assert c.status == "active"


def test_deleting_an_episode_deletes_claims_derived_only_from_it(mem: Memory) -> None:
    a = say(mem, "I'm allergic to peanuts", "2026-03-02T09:00:00Z")
    say(mem, "I work at Bikely", "2026-03-03T09:00:00Z")
    b = say(mem, "yes, I work at Bikely", "2026-03-04T09:00:00Z")
    ep_a = next(r.memory_id for r in a.results if r.kind == "episode")
    ep_b = next(r.memory_id for r in b.results if r.kind == "episode")
    mem.delete(ep_a, user_id="u")
    mem.delete(ep_b, user_id="u")
    claims = mem.get_all(user_id="u")
    assert [c.memory for c in claims] == ["Maya works at Bikely"]  # it still has its first episode
    assert ep_b not in claims[0].claim.source_episode_ids
    assert all("peanut" not in h.memory for h in mem.search("peanuts", user_id="u").results)
    assert [e.event for e in mem.history(claims[0].id, user_id="u")][0] == "ADD"


def test_deleting_a_claim_deletes_the_episodes_only_it_came_from(mem: Memory) -> None:
    a = say(mem, "I'm allergic to peanuts", "2026-03-02T09:00:00Z")
    say(mem, "I'm allergic to peanuts, still", "2026-03-05T09:00:00Z")  # restated: merged, a second source
    b = say(mem, "I live in Lisbon and I work at Bikely", "2026-03-03T09:00:00Z")
    ep_a = next(r.memory_id for r in a.results if r.kind == "episode")
    ep_b = next(r.memory_id for r in b.results if r.kind == "episode")
    allergy = next(c for c in mem.get_all(user_id="u") if "peanut" in c.memory)
    assert ep_a in allergy.claim.source_episode_ids and len(allergy.claim.source_episode_ids) == 2
    mem.delete(allergy.id, user_id="u")
    # Both turns said only the deleted fact: neither comes back as a turn or as keyword context.
    episodes = [e.memory for e in mem.get_all(user_id="u", kind="episode")]
    assert episodes == ["I live in Lisbon and I work at Bikely"]
    assert all("peanut" not in h.memory for h in mem.search("peanuts", user_id="u", kind="episode").results)
    assert any(e.cause and "was deleted" in e.cause for e in mem.history(ep_a, user_id="u"))
    # A turn another claim still cites stays as that claim's evidence.
    residence = next(c for c in mem.get_all(user_id="u") if "Lisbon" in c.memory)
    mem.delete(residence.id, user_id="u")
    assert [e.id for e in mem.get_all(user_id="u", kind="episode")] == [ep_b]
    [work] = mem.get_all(user_id="u")
    mem.delete(work.id, user_id="u")
    assert mem.get_all(user_id="u", kind="any") == []


def test_turns_mode_keeps_the_old_behaviour() -> None:
    with Memory(config=MemoryConfig(embedder="hash", claims=False, trust={"enabled": False})) as m:
        res = m.add("I live in Lisbon", user_id="u", admission="all")
        assert [r.kind for r in res.results] == ["claim"]
        assert [h.memory for h in m.search("Lisbon", user_id="u").results] == ["I live in Lisbon"]


def _old_database(path) -> None:
    """A database as the pre-claims code wrote it: schema of migrations 1-2, one row per turn."""
    import json
    import sqlite3

    import numpy as np

    from memwarden._util import text_hash
    from memwarden.providers.embedder import HashEmbedder
    from memwarden.retrieval.text import tokenize
    from memwarden.storage.migrations import MIGRATIONS

    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("CREATE TABLE memwarden_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute("INSERT INTO memwarden_meta VALUES ('app', 'memwarden')")
    conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)")
    for version, name, statements in MIGRATIONS[:2]:
        for sql in statements:
            conn.execute(sql.format(blob="BLOB", ts="TEXT", json="TEXT"))
        conn.execute("INSERT INTO schema_migrations VALUES (?, ?, '2026-01-01T00:00:00+00:00')", (version, name))
    emb = HashEmbedder()
    calls = [("2026-03-01T10:00:00.000000+00:00", ["I live in Lisbon", "haha nice"]),
             ("2026-04-01T10:00:00.000000+00:00", ["I moved to Porto", "I'm allergic to peanuts"])]
    n = 0
    for created, texts in calls:
        for text in texts:
            n += 1
            conn.execute(
                "INSERT INTO memories VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                ("u", f"old-{n}", None, None, text, text_hash(text), "{}", "user", "Maya", "user", None, "text", None,
                 json.dumps([f"D1:{n}"]), "active", None, created, created, created, None, emb.model_id,
                 np.asarray(emb.embed([text])[0], np.float32).tobytes(), " ".join(tokenize(text))))
    conn.execute("INSERT INTO scopes VALUES ('u', 2)")
    conn.close()


def test_reindex_extracts_claims_from_a_pre_claims_database(tmp_path) -> None:
    db = tmp_path / "old.db"
    _old_database(str(db))
    cfg = MemoryConfig(database=str(db), embedder="hash", trust={"enabled": False})
    with Memory(config=cfg, extractor=PatternExtractor()) as m:
        assert m.store.schema_version() >= 3
        assert len(m.get_all(user_id="u", kind="episode")) == 4 and m.get_all(user_id="u") == []
        seen: list[tuple[int, int]] = []
        assert m.reindex(user_id="u", progress=lambda done, total: seen.append((done, total))) == 4
        assert seen == [(2, 4), (4, 4)]
        active = sorted(c.memory for c in m.get_all(user_id="u", include_superseded=False))
        assert active == ["Maya is allergic to peanuts", "Maya lives in Porto"]
        [old] = [c for c in m.get_all(user_id="u") if c.status == "superseded"]
        assert old.memory == "Maya lives in Lisbon" and old.source_turn_ids == ["D1:1"]
        hit = m.search("Where does Maya live?", user_id="u").results[0]
        assert hit.memory == "Maya lives in Porto" and hit.episodes[0].id == "old-3"
        assert m.reindex(user_id="u") == 0  # resumable: nothing left to do
    with Memory(config=cfg, extractor=PatternExtractor()) as m:
        assert len(m.get_all(user_id="u")) == 3


def test_reindex_cli_runs_over_every_scope(tmp_path, monkeypatch) -> None:
    from click.testing import CliRunner

    from memwarden.cli import main

    db = tmp_path / "old.db"
    _old_database(str(db))
    monkeypatch.setenv("MEMWARDEN_EMBEDDER", "hash")
    res = CliRunner().invoke(main, ["reindex", "--db", str(db), "--json"])
    assert res.exit_code == 0, res.output
    assert '"u": 4' in res.output


def test_the_same_value_with_other_details_neither_merges_nor_supersedes(mem: Memory) -> None:
    say(mem, "I live in Porto", "2026-03-01T00:00:00Z")
    res = say(mem, "I live in Porto with Ana since May 2", "2026-03-05T00:00:00Z")
    [r] = [r for r in res.results if r.kind == "claim"]
    assert r.event == "admitted" and not r.supersedes
    assert len(mem.get_all(user_id="u", include_superseded=False)) == 2


def test_slots_never_reach_across_scopes(mem: Memory) -> None:
    mem.add([{"role": "user", "name": "Maya", "content": "I live in Porto"}], user_id="a", admission="all")
    res = mem.add([{"role": "user", "name": "Maya", "content": "I live in Faro"}], user_id="b", admission="all")
    assert [r.event for r in res.results if r.kind == "claim"] == ["admitted"]  # nothing to supersede in b
    assert [c.status for c in mem.get_all(user_id="a")] == ["active"]
    assert [h.memory for h in mem.search("Where does Maya live?", user_id="a").results] == ["Maya lives in Porto"]
    ep_b = mem.get_all(user_id="b", kind="episode")[0].id
    with pytest.raises(Exception):
        mem.delete(ep_b, user_id="a")
    assert len(mem.get_all(user_id="b")) == 1


def test_with_an_llm_claims_come_from_one_llm_call_and_a_bad_answer_falls_back_to_rules() -> None:
    import json

    from memwarden.providers.llm import ScriptedLLM

    reply = {"claims": [{"text": "Maya lives in Porto", "turns": [0], "subject": "Maya", "attribute": "residence",
                         "value": "Porto"}]}
    llm = ScriptedLLM([json.dumps(reply)], model="scripted")
    with Memory(config=MemoryConfig(embedder="hash", llm_admission=True, trust={"enabled": False}), llm=llm) as m:
        res = m.add([{"role": "user", "name": "Maya", "content": "we're settled in Porto now, finally!"}], user_id="u",
                    admission="all")
        turn, claim = res.results
        assert turn.extractor == claim.extractor == "llm:scripted" and turn.fallback is None
        assert claim.text == "Maya lives in Porto" and turn.claim_ids == [claim.memory_id]
        assert len(llm.calls) == 1
    bad = ScriptedLLM(lambda msgs: "not json at all", model="scripted")
    with Memory(config=MemoryConfig(embedder="hash", trust={"enabled": False}), llm=bad) as m:
        res = m.add([{"role": "user", "name": "Maya", "content": "I'm allergic to peanuts"}], user_id="u",
                    admission="all", infer=True)
        turn = res.results[0]
        assert turn.extractor == "rules" and "llm:scripted failed" in turn.fallback
        assert [r.kind for r in res.results] == ["episode", "claim"]


def test_near_duplicates_that_state_other_values_are_not_duplicates() -> None:
    import numpy as np

    from memwarden.admission import AdmissionContext, DuplicateFilter
    from memwarden.admission.values import values_differ
    from memwarden.models import Candidate

    assert values_differ("My flight is on May 3", "My flight moved to May 5")
    assert values_differ("Maya lives in Porto", "Maya lives in Lisbon")
    assert values_differ("budget is 300 euros", "budget is 350 euros")
    assert not values_differ("I love green tea", "i love green tea!")
    v = np.ones((2, 4), np.float32) / 2  # cosine 1.0: only the texts can tell them apart
    texts = {"old": "Maya's flight is on May 3"}
    for new, dup in (("Maya's flight is on May 5", False), ("Maya's flight is on May 3!", True)):
        ctx = AdmissionContext(user_id="u", turns=[], candidates=[Candidate(text=new), Candidate(text=new + " (again)")],
                               vectors=v, neighbours=lambda vec, k: [("old", 1.0)], stored_hashes={}, now=None,  # type: ignore[arg-type]
                               texts=lambda ids: {i: texts[i] for i in ids})
        d = DuplicateFilter(0.95).decide(ctx)
        assert (d[0].event == "duplicate") is dup, (new, d[0].reason)


def test_deleting_an_episode_reads_only_the_claims_it_names(mem: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    a = say(mem, "I'm allergic to peanuts", "2026-03-02T09:00:00Z")
    other = say(mem, "I work at Bikely", "2026-03-03T09:00:00Z")
    ep_a = next(r.memory_id for r in a.results if r.kind == "episode")
    unrelated = next(r.memory_id for r in other.results if r.kind == "claim")
    asked: list[str] = []
    real_get = mem.store.get
    monkeypatch.setattr(mem.store, "get", lambda uid, ids: asked.extend(ids) or real_get(uid, ids))
    mem.delete(ep_a, user_id="u")
    assert unrelated not in asked  # the episode's receipt named its claim: no scan of the scope
    assert [c.memory for c in mem.get_all(user_id="u")] == ["Maya works at Bikely"]


def test_an_edited_claim_takes_the_slot_and_value_of_its_new_text() -> None:
    with Memory(config=MemoryConfig(embedder="hash", trust={"enabled": False})) as m:  # the offline rules
        res = m.add("I live in Leeds.", user_id="u", timestamp="2026-03-02T09:00:00Z", admission="all")
        cid = next(r.memory_id for r in res.results if r.kind == "claim")
        assert m.get(cid, user_id="u").claim.value == "Leeds"
        m.update(cid, "The user lives in Bristol", user_id="u")
        c = m.get(cid, user_id="u").claim
        assert (c.slot, c.value, c.subject) == ("user|residence", "Bristol", "user")
        m.update(cid, "The user likes long walks", user_id="u")
        assert m.get(cid, user_id="u").claim.slot == "user|likes:long_walk"


def test_a_named_speaker_beside_the_unnamed_user_does_not_become_the_user() -> None:
    with Memory(config=MemoryConfig(embedder="hash", trust={"enabled": False})) as m:
        m.add([{"role": "user", "content": "I take sertraline every morning"},
               {"role": "user", "name": "Tom", "content": "I'm flying to Rome on Friday"}],
              user_id="u", timestamp="2026-03-02T09:00:00Z", admission="all")
        texts = sorted(c.memory for c in m.get_all(user_id="u"))
        assert texts[0].startswith("The user takes sertraline") and texts[1].startswith("Tom is flying to Rome")


def test_a_move_of_an_event_named_in_an_earlier_call_lands_on_that_event() -> None:
    with Memory(config=MemoryConfig(embedder="hash", trust={"enabled": False})) as m:
        m.add("the boiler service is booked for Thursday the 14th at 10", user_id="u", timestamp="2026-05-04T09:00:00Z",
              admission="all")
        m.add("ugh they called, it's been pushed back, new date is the 21st", user_id="u",
              timestamp="2026-05-08T09:00:00Z", admission="all")
        active = [c for c in m.get_all(user_id="u") if c.claim and c.claim.slot]
        moved = [c for c in active if "21st" in c.memory]
        assert len(moved) == 1 and moved[0].claim.slot == "user|boiler_service_time"
        assert "(the boiler service)" in moved[0].memory  # names the event it moved, so it is found by it
        old = [c for c in m.get_all(user_id="u", include_superseded=True) if "14th" in c.memory]
        assert old and old[0].status == "superseded"
        # with no event said before, a move sets no slot
        m.add("they moved it to the 30th", user_id="v", timestamp="2026-05-08T09:00:00Z", admission="all")
        assert all(c.claim.slot is None for c in m.get_all(user_id="v"))
