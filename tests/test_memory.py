"""The public ``Memory`` API: behaviour, receipts, history, and a clear error for bad input.

These run the one-memory-per-turn path (``claims=False``), whose admission receipts map one to
one onto turns; the claims path (episodes + claims) is tested in ``test_claims_core.py``.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden import (
    AddResult,
    InputTooLargeError,
    InvalidInputError,
    Memory,
    MemoryConfig,
    MemwardenError,
    NotFoundError,
    SearchResult,
    StorageError,
)
from memwarden.admission import AdmissionContext, AdmitAll, Decision

U = "alice"


@pytest.fixture
def mem() -> Memory:
    m = Memory(config=MemoryConfig(embedder="hash", claims=False))
    yield m
    m.close()


def stored_ids(m: Memory, user_id: str = U) -> set[str]:
    return {i.id for i in m.get_all(user_id=user_id, limit=None)}


# -- add ----------------------------------------------------------------------------------------


def test_add_a_string(mem: Memory) -> None:
    res = mem.add("I moved to Berlin last spring", user_id=U)
    assert isinstance(res, AddResult)
    [r] = res.results
    assert r.event == "admitted" and r.text == "I moved to Berlin last spring" and r.user_id == U
    assert res.stored == [r]
    item = mem.get(r.memory_id, user_id=U)
    assert item.memory == "I moved to Berlin last spring"
    assert (item.user_id, item.source, item.role, item.status, item.modality) == (U, "user", "user", "active", "text")
    assert item.created_at.tzinfo is not None and item.created_at == item.updated_at == r.created_at
    assert [h.event for h in mem.history(item.id, user_id=U)] == ["ADD"]


def test_add_strips_surrounding_whitespace(mem: Memory) -> None:
    [r] = mem.add("  padded text \n", user_id=U).results
    assert mem.get(r.memory_id, user_id=U).memory == "padded text"


def test_add_openai_messages_with_names_ids_and_timestamps(mem: Memory) -> None:
    res = mem.add(
        [
            {"role": "user", "content": "I adopted a dog named Rex", "name": "Caroline", "id": "D1:1",
             "timestamp": "2023-05-08T13:56:00Z"},
            {"role": "assistant", "content": "Rex is a great name!", "id": "D1:2"},
            {"role": "user", "content": "He is a beagle", "name": "Caroline"},
        ],
        user_id=U, agent_id="coach", run_id="session-1", metadata={"session": 1}, timestamp=datetime(2023, 5, 9),
    )
    assert [r.event for r in res.results] == ["admitted"] * 3
    items = [mem.get(r.memory_id, user_id=U) for r in res.results]
    assert [i.speaker for i in items] == ["Caroline", None, "Caroline"]
    assert [i.role for i in items] == ["user", "assistant", "user"]
    assert [i.source for i in items] == ["user", "assistant", "user"]
    assert [i.source_turn_ids for i in items] == [["D1:1"], ["D1:2"], []]
    assert [r.source_turn_ids for r in res.results] == [["D1:1"], ["D1:2"], []]
    assert items[0].occurred_at == datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)
    assert items[1].occurred_at == items[2].occurred_at == datetime(2023, 5, 9, tzinfo=timezone.utc)
    assert all(i.agent_id == "coach" and i.run_id == "session-1" and i.metadata == {"session": 1} for i in items)


def test_the_speaker_name_is_searchable(mem: Memory) -> None:
    mem.add([{"role": "user", "content": "I love hiking", "name": "Melanie"}], user_id=U)
    mem.add([{"role": "user", "content": "I love painting", "name": "Caroline"}], user_id=U)
    hits = mem.search("Melanie", user_id=U).results
    assert hits[0].memory == "I love hiking" and hits[0].speaker == "Melanie"
    assert hits[0].scores.keyword_rank == 1


def test_add_content_parts_with_an_image(mem: Memory) -> None:
    [r] = mem.add([{"role": "user", "content": [
        {"type": "text", "text": "a photo of my new bike"},
        {"type": "image_url", "image_url": {"url": "https://example.org/bike.jpg"}},
    ]}], user_id=U).results
    item = mem.get(r.memory_id, user_id=U)
    assert (item.memory, item.modality, item.source, item.image_ref) == (
        "a photo of my new bike", "image", "image", "https://example.org/bike.jpg")


def test_add_with_an_explicit_source(mem: Memory) -> None:
    [r] = mem.add("the manual says to reboot", user_id=U, source="document").results
    item = mem.get(r.memory_id, user_id=U)
    assert item.source == "document"


def test_receipts_are_kept_and_queryable(mem: Memory) -> None:
    first = mem.add("I drink green tea", user_id=U).results[0]
    second = mem.add("I drink green tea", user_id=U).results[0]
    assert second.event == "duplicate"
    assert mem.receipts(user_id=U) == [second, first]
    assert mem.receipts(user_id=U, memory_id=first.memory_id) == [second, first]
    assert mem.receipts(user_id=U, limit=1) == [second]
    assert mem.receipts(user_id="bob") == []


def test_exact_duplicates_are_not_stored_twice(mem: Memory) -> None:
    [a] = mem.add("My sister lives in Lyon", user_id=U).results
    [b] = mem.add("  my SISTER   lives in lyon ", user_id=U).results  # same text once normalised
    assert b.event == "duplicate" and b.memory_id == a.memory_id == b.duplicate_of
    assert "duplicate" in b.reason
    assert stored_ids(mem) == {a.memory_id}
    # another scope is not a duplicate
    [c] = mem.add("My sister lives in Lyon", user_id="bob").results
    assert c.event == "admitted" and c.memory_id != a.memory_id


def test_duplicates_within_one_call_point_at_the_first(mem: Memory) -> None:
    res = mem.add([{"content": "I play chess"}, {"content": "I like jazz"}, {"content": "i play chess"}], user_id=U)
    assert [r.event for r in res.results] == ["admitted", "admitted", "duplicate"]
    assert res.results[2].duplicate_of == res.results[0].memory_id == res.results[2].memory_id
    assert len(stored_ids(mem)) == 2


def test_admission_all_stores_everything(mem: Memory) -> None:
    mem.add("I play chess", user_id=U)
    res = mem.add([{"content": "I play chess"}, {"content": "I play chess"}], user_id=U, admission="all")
    assert [r.event for r in res.results] == ["admitted", "admitted"]
    assert all(r.policy == "all" for r in res.results)
    assert len(stored_ids(mem)) == 3
    res = mem.add("I play chess", user_id=U, admission=AdmitAll())
    assert res.results[0].event == "admitted"
    cfg_all = Memory(config=MemoryConfig(embedder="hash", claims=False, admission="all"))
    cfg_all.add("x y z", user_id=U)
    assert cfg_all.add("x y z", user_id=U).results[0].event == "admitted"


class Superseder:
    """A scripted admitter: each candidate supersedes the ids given for it."""

    name = "scripted"

    def __init__(self, supersedes: list[list[str]], event: str = "superseded") -> None:
        self.supersedes = supersedes
        self.event = event
        self.seen: list[AdmissionContext] = []

    def decide(self, ctx: AdmissionContext) -> list[Decision]:
        self.seen.append(ctx)
        return [Decision(self.event, "replaces an older fact", policy=self.name, memory_type="fact", supersedes=s)
                for s in self.supersedes]


def test_superseded_memories_stay_marked_with_history(mem: Memory) -> None:
    [old] = mem.add("I live in Paris", user_id=U).results
    [new] = mem.add("I live in Berlin now", user_id=U, admission=Superseder([[old.memory_id]])).results
    assert new.event == "superseded" and new.supersedes == [old.memory_id] and new.memory_type == "fact"
    old_item = mem.get(old.memory_id, user_id=U)
    assert old_item.status == "superseded" and old_item.superseded_by == new.memory_id
    assert mem.get(new.memory_id, user_id=U).status == "active"
    assert [h.event for h in mem.history(old.memory_id, user_id=U)] == ["ADD", "SUPERSEDE"]
    assert new.memory_id in mem.history(old.memory_id, user_id=U)[-1].cause
    # search skips superseded memories unless asked
    assert [h.id for h in mem.search("live Paris", user_id=U).results] == [new.memory_id]
    found = {h.id: h.status for h in mem.search("live Paris", user_id=U, include_superseded=True).results}
    assert found == {old.memory_id: "superseded", new.memory_id: "active"}
    assert {i.id for i in mem.get_all(user_id=U, include_superseded=False)} == {new.memory_id}
    assert stored_ids(mem) == {old.memory_id, new.memory_id}
    # a superseded memory is no longer a duplicate target
    again = mem.add("I live in Paris", user_id=U).results[0]
    assert again.event == "admitted"


def test_an_admitter_cannot_supersede_another_scopes_memory(mem: Memory) -> None:
    [bobs] = mem.add("Bob's secret", user_id="bob").results
    [r] = mem.add("Alice's fact", user_id=U, admission=Superseder([[bobs.memory_id]])).results
    assert r.event == "superseded"
    bob_item = mem.get(bobs.memory_id, user_id="bob")
    assert bob_item.status == "active" and bob_item.superseded_by is None
    assert [h.event for h in mem.history(bobs.memory_id, user_id="bob")] == ["ADD"]


def test_the_admitter_sees_the_scopes_neighbours_and_hashes(mem: Memory) -> None:
    mem.add("I like green tea", user_id=U)
    mem.add("I like green tea", user_id="bob")
    spy = Superseder([[]], event="rejected")
    [r] = mem.add("I like green tea a lot", user_id=U, admission=spy).results
    assert r.event == "rejected" and r.memory_id is None
    ctx = spy.seen[0]
    assert ctx.user_id == U and len(ctx.candidates) == 1 and ctx.vectors.shape[0] == 1
    neighbours = ctx.neighbours(ctx.vectors[0], 5)
    assert len(neighbours) == 1  # only alice's memory, not bob's
    assert neighbours[0][0] in stored_ids(mem)
    assert len(stored_ids(mem)) == 1


def test_a_rejected_candidate_stores_nothing_but_leaves_a_receipt(mem: Memory) -> None:
    [r] = mem.add("hmm ok", user_id=U, admission=Superseder([[]], event="rejected")).results
    assert r.event == "rejected" and r.memory_id is None and r.reason
    assert stored_ids(mem) == set()
    assert mem.receipts(user_id=U) == [r]


def test_an_admitter_with_the_wrong_number_of_decisions_stores_nothing(mem: Memory) -> None:
    with pytest.raises(RuntimeError, match="decisions"):
        mem.add([{"content": "one"}, {"content": "two"}], user_id=U, admission=Superseder([[]]))
    assert stored_ids(mem) == set() and mem.receipts(user_id=U) == []


# -- search -------------------------------------------------------------------------------------


def _fill(m: Memory) -> dict[str, str]:
    texts = {
        "tea": "I drink green tea every morning",
        "dog": "My dog Rex is a beagle",
        "berlin": "I moved to Berlin in 2021",
        "chess": "I play chess on Sundays",
        "coffee": "Coffee makes me jittery",
    }
    return {k: m.add(t, user_id=U).results[0].memory_id for k, t in texts.items()}


def test_search_hits_and_score_parts(mem: Memory) -> None:
    ids = _fill(mem)
    res = mem.search("what tea do I drink", user_id=U)
    assert isinstance(res, SearchResult) and not res.abstained
    hits = res.results
    assert hits[0].id == ids["tea"] and hits[0].memory == "I drink green tea every morning"
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    for h in hits:
        s = h.scores
        # With trust on, ``score`` blends in source credibility and ``relevance`` keeps the fused score.
        assert (h.relevance if h.relevance is not None else h.score) == s.fused
        assert (s.dense is None) == (s.dense_rank is None) and (s.keyword is None) == (s.keyword_rank is None)
        assert h.user_id == U and h.created_at.tzinfo is not None
    # each arm's ranks follow its scores
    for arm in ("dense", "keyword"):
        scored = sorted((getattr(h.scores, arm), getattr(h.scores, f"{arm}_rank")) for h in hits if getattr(h.scores, arm) is not None)
        assert [r for _, r in sorted(scored, key=lambda p: -p[0])] == sorted(r for _, r in scored)
    top = hits[0].scores
    assert top.dense_rank == 1 and top.keyword_rank == 1 and top.keyword > 0 and 0 < top.dense <= 1.0001
    assert len({h.id for h in hits}) == len(hits)


def test_a_smaller_limit_is_a_prefix_of_a_larger_one(mem: Memory) -> None:
    # many equal scores: the order of ties must not depend on the limit
    mem.add([{"content": f"same words here {'x' * (i % 3)}"} for i in range(40)], user_id=U, admission="all")
    full = [h.id for h in mem.search("same words", user_id=U, limit=40).results]
    for limit in (1, 3, 7, 20):
        assert [h.id for h in mem.search("same words", user_id=U, limit=limit).results] == full[:limit]


def test_bad_fusion_override(mem: Memory) -> None:
    with pytest.raises(InvalidInputError, match="fusion"):
        mem.search("q", user_id=U, fusion="rrf")


def test_search_limit_and_filters(mem: Memory) -> None:
    for i in range(30):
        mem.add(f"note {i} about gardening", user_id=U, agent_id="a" if i % 2 else "b", run_id=f"r{i % 3}",
                metadata={"parity": i % 2, "tag": "garden"}, admission="all")
    assert len(mem.search("gardening", user_id=U, limit=7).results) == 7
    assert len(mem.search("gardening", user_id=U, limit=100).results) == 30
    assert {h.agent_id for h in mem.search("gardening", user_id=U, agent_id="a", limit=50).results} == {"a"}
    assert len(mem.search("gardening", user_id=U, agent_id="a", limit=50).results) == 15
    assert {h.run_id for h in mem.search("gardening", user_id=U, run_id="r1", limit=50).results} == {"r1"}
    odd = mem.search("gardening", user_id=U, filters={"parity": 1}, limit=50).results
    assert len(odd) == 15 and all(h.metadata["parity"] == 1 for h in odd)
    assert mem.search("gardening", user_id=U, filters={"tag": "kitchen"}).results == []


def test_filtered_search_finds_matches_ranked_below_the_first_hundred(mem: Memory) -> None:
    mem.add([{"content": f"gardening note {i} about roses and tulips"} for i in range(300)], user_id=U, admission="all")
    tagged = {r.memory_id for r in mem.add([{"content": f"unrelated text {i} zebra"} for i in range(3)], user_id=U,
                                           admission="all", metadata={"tag": "x"}).results}
    hits = mem.search("gardening roses", user_id=U, filters={"tag": "x"}).results
    assert {h.id for h in hits} == tagged
    assert {h.id for h in mem.search("gardening roses", user_id=U, filters={"tag": "x"}, limit=2).results} < tagged


def test_search_and_get_all_agree_on_filter_semantics(mem: Memory) -> None:
    mem.add("int one", user_id=U, metadata={"v": 1})
    mem.add("string one", user_id=U, metadata={"v": "1"})
    mem.add("true", user_id=U, metadata={"v": True})
    for value in (1, "1", True):
        listed = {i.memory for i in mem.get_all(user_id=U, filters={"v": value})}
        found = {h.memory for h in mem.search("one true", user_id=U, filters={"v": value}).results}
        assert found == listed and len(listed) == 1, value


def test_a_closed_memory_raises_storage_error(tmp_path) -> None:
    m = Memory(tmp_path / "m.db", config=MemoryConfig(embedder="hash", claims=False))
    [r] = m.add("before closing", user_id=U).results
    m.close()
    for call in (lambda: m.search("x", user_id=U), lambda: m.get_all(user_id=U), lambda: m.get(r.memory_id, user_id=U),
                 lambda: m.add("after", user_id=U), lambda: m.delete_all(user_id=U), lambda: m.reset()):
        with pytest.raises(StorageError):
            call()


def test_search_an_empty_scope(mem: Memory) -> None:
    assert mem.search("anything", user_id="nobody").results == []


def test_search_with_no_keyword_overlap_still_returns_dense_hits(mem: Memory) -> None:
    mem.add("alpha beta gamma", user_id=U)
    hits = mem.search("the of and", user_id=U).results  # stopwords only: no keyword arm
    assert all(h.scores.keyword is None for h in hits)


# -- get / get_all / update / delete / history / reset --------------------------------------------


def test_get_all_order_filters_and_paging(mem: Memory) -> None:
    ids = [mem.add(f"fact number {i}", user_id=U, agent_id="x" if i < 3 else None, metadata={"i": i}).results[0].memory_id
           for i in range(6)]
    assert [i.id for i in mem.get_all(user_id=U)] == ids[::-1]  # newest first
    assert [i.id for i in mem.get_all(user_id=U, agent_id="x")] == ids[2::-1]
    assert [i.id for i in mem.get_all(user_id=U, filters={"i": 4})] == [ids[4]]
    assert [i.id for i in mem.get_all(user_id=U, limit=2, offset=1)] == [ids[4], ids[3]]
    assert mem.get_all(user_id=U, limit=0) == []
    assert mem.get_all(user_id="bob") == []


def test_update_replaces_text_and_keeps_history(mem: Memory) -> None:
    ids = _fill(mem)
    before = mem.get(ids["berlin"], user_id=U)
    item = mem.update(ids["berlin"], "I moved to Munich in 2022", user_id=U, metadata={"fixed": True})
    assert item.memory == "I moved to Munich in 2022" and item.metadata == {"fixed": True}
    assert item.id == before.id and item.created_at == before.created_at and item.updated_at > before.updated_at
    assert mem.get(ids["berlin"], user_id=U) == item
    hist = mem.history(ids["berlin"], user_id=U)
    assert [h.event for h in hist] == ["ADD", "UPDATE"]
    assert (hist[1].old_memory, hist[1].new_memory) == ("I moved to Berlin in 2021", "I moved to Munich in 2022")
    assert mem.search("Munich", user_id=U).results[0].id == ids["berlin"]
    assert all(h.scores.keyword is None for h in mem.search("Berlin", user_id=U).results)
    # metadata untouched when not given
    assert mem.update(ids["berlin"], "I moved to Munich in 2023", user_id=U).metadata == {"fixed": True}


def test_delete_removes_from_get_and_search_but_not_history(mem: Memory) -> None:
    ids = _fill(mem)
    mem.delete(ids["dog"], user_id=U)
    with pytest.raises(NotFoundError):
        mem.get(ids["dog"], user_id=U)
    assert ids["dog"] not in {h.id for h in mem.search("dog beagle Rex", user_id=U).results}
    assert [h.event for h in mem.history(ids["dog"], user_id=U)] == ["ADD", "DELETE"]
    with pytest.raises(NotFoundError):
        mem.delete(ids["dog"], user_id=U)
    with pytest.raises(NotFoundError):
        mem.update(ids["dog"], "resurrected", user_id=U)


def test_delete_all_is_per_scope(mem: Memory) -> None:
    _fill(mem)
    [bobs] = mem.add("Bob's memory", user_id="bob").results
    assert mem.delete_all(user_id=U) == 5
    assert stored_ids(mem) == set() and mem.search("tea", user_id=U).results == []
    assert mem.receipts(user_id=U) == []
    assert stored_ids(mem, "bob") == {bobs.memory_id}
    assert mem.delete_all(user_id=U) == 0


def test_delete_all_of_one_agent_or_run(mem: Memory) -> None:
    a = mem.add("agent a fact", user_id=U, agent_id="a", run_id="r1").results[0].memory_id
    b = mem.add("agent b fact", user_id=U, agent_id="b", run_id="r1").results[0].memory_id
    c = mem.add("sailing on the lake", user_id=U, agent_id="b", run_id="r2").results[0].memory_id
    assert mem.delete_all(user_id=U, agent_id="b", run_id="r2") == 1
    assert stored_ids(mem) == {a, b}
    assert [h.event for h in mem.history(c, user_id=U)] == ["ADD", "DELETE"]
    assert mem.delete_all(user_id=U, run_id="r1") == 2
    assert stored_ids(mem) == set()
    assert mem.search("fact", user_id=U).results == []


def test_reset_removes_every_scope(mem: Memory) -> None:
    _fill(mem)
    mem.add("bob's", user_id="bob")
    mem.reset()
    assert stored_ids(mem) == set() and stored_ids(mem, "bob") == set()
    assert mem.search("tea", user_id=U).results == []
    assert mem.receipts(user_id=U) == []
    mem.add("life goes on", user_id=U)
    assert len(stored_ids(mem)) == 1


def test_unknown_or_foreign_ids_are_not_found(mem: Memory) -> None:
    [bobs] = mem.add("Bob's memory", user_id="bob").results
    for mid in ("no-such-id", bobs.memory_id):
        with pytest.raises(NotFoundError):
            mem.get(mid, user_id=U)
        with pytest.raises(NotFoundError):
            mem.update(mid, "hijack", user_id=U)
        with pytest.raises(NotFoundError):
            mem.delete(mid, user_id=U)
        with pytest.raises(NotFoundError):
            mem.history(mid, user_id=U)
    assert mem.get(bobs.memory_id, user_id="bob").memory == "Bob's memory"
    err = pytest.raises(NotFoundError, mem.get, "x", user_id=U).value
    assert isinstance(err, KeyError) and isinstance(err, MemwardenError) and str(err).startswith("no memory")


def test_file_database_persists_across_instances(tmp_path) -> None:
    path = tmp_path / "mem.db"
    with Memory(path, config=MemoryConfig(embedder="hash", claims=False)) as m:
        [r] = m.add("persisted fact about kayaking", user_id=U).results
    with Memory(path, config=MemoryConfig(embedder="hash", claims=False)) as m:
        assert m.get(r.memory_id, user_id=U).memory == "persisted fact about kayaking"
        assert m.search("kayaking", user_id=U).results[0].id == r.memory_id


def test_from_config() -> None:
    m = Memory.from_config({"embedder": "hash"})
    assert m.config.embedder == "hash"
    m.add("x marks the spot", user_id=U)
    m.close()
    with pytest.raises(InvalidInputError, match="embedder"):
        Memory(config=MemoryConfig(embedder="word2vec"))


# -- bad input ----------------------------------------------------------------------------------

BAD_SCOPE_IDS = [None, "", "   ", 42, b"alice", ["alice"], "a" * 257, "tab\tinside", "nul\x00", "bad \udc80"]


@pytest.mark.parametrize("bad", BAD_SCOPE_IDS)
def test_every_method_rejects_a_bad_user_id(mem: Memory, bad) -> None:
    [r] = mem.add("a fact", user_id=U).results
    calls = [
        lambda: mem.add("text", user_id=bad),
        lambda: mem.search("text", user_id=bad),
        lambda: mem.get_all(user_id=bad),
        lambda: mem.delete_all(user_id=bad),
        lambda: mem.receipts(user_id=bad),
    ]
    if bad is not None:  # by-id calls without user_id look the id up (test_mem0_compat.py)
        calls += [
            lambda: mem.get(r.memory_id, user_id=bad),
            lambda: mem.update(r.memory_id, "new", user_id=bad),
            lambda: mem.delete(r.memory_id, user_id=bad),
            lambda: mem.history(r.memory_id, user_id=bad),
        ]
    for call in calls:
        with pytest.raises(InvalidInputError):
            call()
    assert mem.get(r.memory_id, user_id=U).memory == "a fact"


def test_a_scope_is_required() -> None:
    m = Memory(config=MemoryConfig(embedder="hash"))
    for call in (lambda: m.add("text"), lambda: m.search("text"), lambda: m.get_all(), lambda: m.delete_all(),
                 lambda: m.search("text", filters={"category": "x"})):
        with pytest.raises(InvalidInputError, match="user_id is required"):
            call()


@pytest.mark.parametrize("bad", ["", "   ", 42, b"x", ["a"], "tab\tinside", "bad \udc80"])
def test_bad_agent_and_run_ids(mem: Memory, bad) -> None:
    for kw in ("agent_id", "run_id"):
        with pytest.raises(InvalidInputError):
            mem.add("text", user_id=U, **{kw: bad})
        with pytest.raises(InvalidInputError):
            mem.search("text", user_id=U, **{kw: bad})
        with pytest.raises(InvalidInputError):
            mem.get_all(user_id=U, **{kw: bad})
    assert stored_ids(mem) == set()


@pytest.mark.parametrize("bad", [None, 5, "", ["id"], {"id": 1}, "bad \udc80", "nul\x00"])
def test_bad_memory_ids(mem: Memory, bad) -> None:
    mem.add("a fact", user_id=U)
    for call in (mem.get, mem.delete, mem.history):
        with pytest.raises((InvalidInputError, NotFoundError)):
            call(bad, user_id=U)
    with pytest.raises((InvalidInputError, NotFoundError)):
        mem.update(bad, "text", user_id=U)
    assert len(stored_ids(mem)) == 1


@pytest.mark.parametrize(
    "messages, error",
    [
        ("", InvalidInputError),
        ("   \n ", InvalidInputError),
        ([], InvalidInputError),
        (None, InvalidInputError),
        (3.14, InvalidInputError),
        ("bad \udc80 surrogate", InvalidInputError),
        ("nul\x00char", InvalidInputError),
        ("x" * 1_000_000, InputTooLargeError),
        ([{"content": "fine"}, {"content": "y" * 1_000_000}], InputTooLargeError),
        ([{"content": "fine"}, {"content": ""}], InvalidInputError),
        ([{"content": "fine"}, {"role": "wizard", "content": "x"}], InvalidInputError),
    ],
)
def test_bad_messages_store_nothing(mem: Memory, messages, error) -> None:
    with pytest.raises(error):
        mem.add(messages, user_id=U)
    assert stored_ids(mem) == set()
    assert mem.receipts(user_id=U) == []
    assert mem.store.version(U) == 0


def test_the_size_limit_is_configurable() -> None:
    m = Memory(config=MemoryConfig(embedder="hash", claims=False, max_message_chars=10))
    m.add("0123456789", user_id=U)
    with pytest.raises(InputTooLargeError, match="max_message_chars"):
        m.add("0123456789a", user_id=U)
    with pytest.raises(InputTooLargeError):
        m.search("0123456789a", user_id=U)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"metadata": "not a dict"},
        {"metadata": ["k", "v"]},
        {"metadata": {1: "non-string key"}},
        {"metadata": {"k": float("nan")}},
        {"metadata": {"k": "nul\x00"}},
        {"metadata": {"nul\x00": 1}},
        {"metadata": {"k": ["bad \udc80"]}},
        {"timestamp": "last tuesday"},
        {"timestamp": True},
        {"timestamp": [2023]},
        {"source": "rumour"},
        {"source": 5},
        {"admission": "most"},
        {"admission": 1},
    ],
)
def test_bad_add_arguments_store_nothing(mem: Memory, kwargs) -> None:
    with pytest.raises(InvalidInputError):
        mem.add("a perfectly good sentence", user_id=U, **kwargs)
    assert stored_ids(mem) == set() and mem.store.version(U) == 0


def test_metadata_round_trips_json_values(mem: Memory) -> None:
    meta = {"s": "x", "i": 1, "f": 1.5, "b": False, "n": None, "l": [1, "a"], "d": {"k": ["v"]}, "ü": "日本"}
    [r] = mem.add("with metadata", user_id=U, metadata=meta).results
    assert mem.get(r.memory_id, user_id=U).metadata == meta


@pytest.mark.parametrize("query", ["", "   ", None, 5, ["q"], "bad \udc80", "nul\x00"])
def test_bad_queries(mem: Memory, query) -> None:
    mem.add("a fact", user_id=U)
    with pytest.raises(InvalidInputError):
        mem.search(query, user_id=U)


@pytest.mark.parametrize("limit", [0, -1, True, "5", 1.5])
def test_bad_search_limits(mem: Memory, limit) -> None:
    with pytest.raises(InvalidInputError, match="limit"):
        mem.search("q", user_id=U, limit=limit)


def test_huge_limits_mean_everything(mem: Memory) -> None:
    mem.add("x y", user_id=U)
    assert len(mem.search("x", user_id=U, limit=10**7).results) == 1
    assert len(mem.get_all(user_id=U, limit=2**63 - 1)) == 1


@pytest.mark.parametrize("kwargs", [{"limit": -1}, {"limit": "10"}, {"limit": 2.5}, {"limit": True}, {"limit": 2**64},
                                    {"offset": -1}, {"offset": "1"}, {"offset": None}, {"offset": 1.5}, {"offset": 2**64}])
def test_bad_get_all_paging(mem: Memory, kwargs) -> None:
    with pytest.raises(InvalidInputError):
        mem.get_all(user_id=U, **kwargs)


@pytest.mark.parametrize("kwargs", [{"limit": -1}, {"limit": 0}, {"limit": "10"}, {"limit": True}, {"limit": 2**64},
                                    {"memory_id": 5}])
def test_bad_receipts_arguments(mem: Memory, kwargs) -> None:
    with pytest.raises(InvalidInputError):
        mem.receipts(user_id=U, **kwargs)


@pytest.mark.parametrize("filters", ["tag=x", ["tag"], 5])
def test_bad_filters(mem: Memory, filters) -> None:
    with pytest.raises(InvalidInputError, match="filters"):
        mem.search("q", user_id=U, filters=filters)
    with pytest.raises(InvalidInputError, match="filters"):
        mem.get_all(user_id=U, filters=filters)


@pytest.mark.parametrize("data, error", [("", InvalidInputError), ("  ", InvalidInputError), (None, InvalidInputError),
                                         (7, InvalidInputError), ("x" * 1_000_000, InputTooLargeError),
                                         ("bad \udc80", InvalidInputError)])
def test_bad_updates_change_nothing(mem: Memory, data, error) -> None:
    [r] = mem.add("original text", user_id=U).results
    with pytest.raises(error):
        mem.update(r.memory_id, data, user_id=U)
    with pytest.raises(InvalidInputError):
        mem.update(r.memory_id, "fine", user_id=U, metadata="not a dict")
    assert mem.get(r.memory_id, user_id=U).memory == "original text"
    assert [h.event for h in mem.history(r.memory_id, user_id=U)] == ["ADD"]


# -- open-ended input, property-based -------------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_json = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=200), name=st.none() | st.text(max_size=20))
def test_any_text_is_stored_exactly_or_refused_cleanly(text: str, name: str | None) -> None:
    mem = Memory(config=MemoryConfig(embedder="hash", claims=False))
    try:
        res = mem.add([{"role": "user", "content": text, "name": name}], user_id=U, admission="all")
    except InvalidInputError:
        return
    [r] = res.results
    item = mem.get(r.memory_id, user_id=U)
    assert item.memory == text.strip() and item.speaker == (name or None)
    assert r.memory_id in {h.id for h in mem.search(text, user_id=U, limit=100).results} or not text.strip()


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(meta=st.dictionaries(st.text(max_size=10), _json, max_size=4))
def test_any_json_metadata_round_trips_and_filters(mem: Memory, meta: dict) -> None:
    try:
        [r] = mem.add("metadata carrier", user_id=U, metadata=meta, admission="all").results
    except InvalidInputError:
        assert "\x00" in repr(meta) or "\\x00" in repr(meta)  # the only thing refused
        return
    assert mem.get(r.memory_id, user_id=U).metadata == meta
    for key, value in meta.items():
        # Any key is reachable as metadata.<key>, any JSON value through "eq" (mem0's filter language).
        found = {i.id for i in mem.get_all(user_id=U, filters={f"metadata.{key}": {"eq": value}}, limit=None)}
        assert r.memory_id in found, (key, value)


def test_rejected_receipts_expire_after_the_configured_days() -> None:
    from datetime import timedelta

    from memwarden import Memory, MemoryConfig
    from memwarden.admission import AdmissionContext, Decision
    from memwarden.storage import WriteBatch

    class RejectAll:
        name = "reject-all"

        def decide(self, ctx: AdmissionContext) -> list[Decision]:
            return [Decision("rejected", "test") for _ in ctx.candidates]

    m = Memory(config=MemoryConfig(embedder="hash", claims=False, unstored_receipt_days=7))
    first = m.add("a passing remark about the weather", user_id="u", admission=RejectAll()).results[0]
    kept = m.add("my passport number ends in 42", user_id="u", admission="all").results[0]
    # Age the first two receipts past the horizon, then any write expires the rejected one.
    for r in m.receipts(user_id="u"):
        m.store.write(WriteBatch(user_id="u", receipts=[r.model_copy(update={"created_at": r.created_at - timedelta(days=8)})]))
    m.add("another fact worth keeping: the cat is called Miso", user_id="u", admission="all")
    ids = {r.id for r in m.receipts(user_id="u")}
    assert first.id not in ids and kept.id in ids


def test_a_duplicate_adds_its_source_turns_to_the_memory_it_repeats() -> None:
    from memwarden import Memory, MemoryConfig

    m = Memory(config=MemoryConfig(embedder="hash", claims=False))
    first = m.add([{"role": "user", "content": "I live in Porto", "id": "D1:1"}], user_id="u", admission="auto").results[0]
    res = m.add([{"role": "user", "content": "I live in Porto", "id": "D2:4"},
                 {"role": "user", "content": "I live in Porto", "id": "D2:5"}], user_id="u", admission="auto").results
    assert [r.event for r in res] == ["duplicate", "duplicate"]
    assert m.get(first.memory_id, user_id="u").source_turn_ids == ["D1:1", "D2:4", "D2:5"]
    hit = m.search("Porto", user_id="u").results[0]
    assert hit.id == first.memory_id and hit.source_turn_ids == ["D1:1", "D2:4", "D2:5"]


def test_with_an_llm_and_llm_admission_candidates_are_extracted_facts_with_their_turns() -> None:
    import json as _json

    from memwarden import Memory, MemoryConfig
    from memwarden.providers.llm import ScriptedLLM

    facts = _json.dumps({"facts": [{"text": "Bob moved to Lisbon in May.", "turns": [0, 1]}]})
    llm = ScriptedLLM([facts, '{"score": 0.9}'])
    m = Memory(config=MemoryConfig(embedder="hash", claims=False, llm_admission=True), llm=llm)
    res = m.add([{"role": "user", "name": "Bob", "content": "Guess what, I moved!", "id": "D1:1"},
                 {"role": "user", "name": "Bob", "content": "Lisbon, back in May.", "id": "D1:2"}], user_id="b")
    assert [r.text for r in res.results] == ["Bob moved to Lisbon in May."]
    assert res.results[0].source_turn_ids == ["D1:1", "D1:2"]
    assert len(llm.calls) == 2  # one extraction, one utility score
    # An unusable answer falls back to one candidate per turn; nothing is lost.
    m.llm = ScriptedLLM(["not json", RuntimeError("down"), RuntimeError("down")])
    res = m.add([{"role": "user", "content": "I adopted a cat called Miso.", "id": "D2:1"}], user_id="b")
    assert [r.text for r in res.results] == ["I adopted a cat called Miso."]
    # Off by default: no LLM call at all.
    quiet = ScriptedLLM([])
    m2 = Memory(config=MemoryConfig(embedder="hash", claims=False), llm=quiet)
    m2.add("I adopted a cat called Miso.", user_id="b")
    assert quiet.calls == []


def test_turns_no_extracted_fact_came_from_get_a_rejected_receipt() -> None:
    import json as _json

    from memwarden import Memory, MemoryConfig
    from memwarden.providers.llm import ScriptedLLM

    facts = _json.dumps({"facts": [{"text": "Ann is allergic to peanuts.", "turns": [1]}]})
    m = Memory(config=MemoryConfig(embedder="hash", claims=False, llm_admission=True), llm=ScriptedLLM([facts, '{"score": 0.9}']))
    res = m.add([{"role": "user", "name": "Ann", "content": "hello there"},
                 {"role": "user", "name": "Ann", "content": "I'm allergic to peanuts"}], user_id="a")
    events = {r.text: r.event for r in res.results}
    assert events == {"Ann is allergic to peanuts.": "admitted", "hello there": "rejected"}
    assert {r.text for r in m.receipts(user_id="a")} == {"Ann is allergic to peanuts.", "hello there"}
    # Nothing extracted at all: every turn is a rejected receipt, nothing stored.
    m.llm = ScriptedLLM([_json.dumps({"facts": []})])
    res = m.add("ok thanks", user_id="a")
    assert [(r.text, r.event) for r in res.results] == [("ok thanks", "rejected")]
