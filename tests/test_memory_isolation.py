"""Scope is a hard partition: these tests try hard to make one user see another's data.

Property-based: random interleavings of every public call across several users whose
texts overlap, checked against a model of what each user owns. Plus the keyword
side channel: one scope's documents must not move another scope's BM25 scores at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memwarden import Memory, MemoryConfig, NotFoundError

USERS = ["alice", "bob", "carol"]
SUBJECTS = ["green tea", "coffee", "Berlin", "my dog Rex", "chess", "jazz", "the blue car", "Lyon"]
VERBS = ["I like", "I hate", "I moved to", "We talked about", "Remember"]
TEXTS = [f"{v} {s}" for v in VERBS for s in SUBJECTS]
QUERIES = ["tea", "dog", "Berlin", "what do I like", "car", "chess jazz", "Lyon moved"]

users = st.sampled_from(USERS)
texts = st.sampled_from(TEXTS)
refs = st.integers(min_value=0, max_value=50)  # index into every id ever created, by anyone

ops = st.one_of(
    st.tuples(st.just("add"), users, st.lists(texts, min_size=1, max_size=3), st.sampled_from(["auto", "all"])),
    st.tuples(st.just("update"), users, refs, texts),
    st.tuples(st.just("delete"), users, refs),
    st.tuples(st.just("get"), users, refs),
    st.tuples(st.just("history"), users, refs),
    st.tuples(st.just("search"), users, st.sampled_from(QUERIES)),
    st.tuples(st.just("get_all"), users),
    st.tuples(st.just("receipts"), users),
    st.tuples(st.just("delete_all"), users),
)


@dataclass
class Model:
    owner: dict[str, str] = field(default_factory=dict)  # every id ever created -> its user
    alive: dict[str, dict[str, str]] = field(default_factory=lambda: {u: {} for u in USERS})  # user -> id -> text
    known: list[str] = field(default_factory=list)

    def ref(self, n: int) -> str:
        return self.known[n % len(self.known)] if self.known else "no-such-id"


def _check_isolated(m: Memory, model: Model, op: tuple) -> None:
    kind, user = op[0], op[1]
    mine = model.alive[user]
    if kind == "add":
        res = m.add([{"content": t} for t in op[2]], user_id=user, admission=op[3])
        for r in res.results:
            assert r.user_id == user
            if r.event in ("admitted", "superseded"):
                # a superseded memory can only be one this user holds (it stays, marked)
                assert all(old in mine for old in r.supersedes), (r, mine)
                assert r.memory_id not in model.owner
                model.owner[r.memory_id] = user
                model.known.append(r.memory_id)
                mine[r.memory_id] = r.text
            elif r.event == "rejected":
                assert r.memory_id is None
            else:
                assert r.event == "duplicate"
                # a duplicate can only be of something this user holds
                assert r.duplicate_of in mine, (r, mine)
    elif kind in ("update", "delete", "get", "history"):
        mid = model.ref(op[2])
        owned_alive = mid in mine
        try:
            if kind == "update":
                item = m.update(mid, op[3], user_id=user)
                assert item.user_id == user and item.memory == op[3]
                mine[mid] = op[3]
            elif kind == "delete":
                m.delete(mid, user_id=user)
                del mine[mid]
            elif kind == "get":
                item = m.get(mid, user_id=user)
                assert item.user_id == user and item.memory == mine[mid]
            else:
                events = m.history(mid, user_id=user)
                assert all(e.user_id == user and e.memory_id == mid for e in events)
                assert model.owner.get(mid) == user  # history outlives the memory, never the scope
        except NotFoundError:
            if kind == "history":
                assert model.owner.get(mid) != user or mid not in mine
            else:
                assert not owned_alive
        else:
            if kind != "history":
                assert owned_alive
    elif kind == "search":
        for limit in (3, 50):
            for hit in m.search(op[2], user_id=user, limit=limit).results:
                assert hit.user_id == user and hit.id in mine and hit.memory == mine[hit.id]
    elif kind == "get_all":
        items = m.get_all(user_id=user, limit=None)
        assert {i.id: i.memory for i in items} == mine
        assert all(i.user_id == user for i in items)
    elif kind == "receipts":
        for r in m.receipts(user_id=user, limit=1000):
            assert r.user_id == user
            assert r.memory_id is None or model.owner.get(r.memory_id) == user
    elif kind == "delete_all":
        assert m.delete_all(user_id=user) == len(mine)
        mine.clear()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ops, min_size=1, max_size=30))
def test_no_call_ever_returns_another_users_row(sequence: list[tuple]) -> None:
    # The model maps one add to one row (claims=False); claims across scopes: test_claims_core.py.
    m = Memory(config=MemoryConfig(embedder="hash", claims=False))
    model = Model()
    try:
        for op in sequence:
            _check_isolated(m, model, op)
        # at the end every scope holds exactly what the model says, and nothing else
        for user in USERS:
            assert {i.id: i.memory for i in m.get_all(user_id=user, limit=None)} == model.alive[user]
            rows = m.store.index_rows(user)
            assert set(rows.ids) == set(model.alive[user])
    finally:
        m.close()


# -- the keyword side channel ---------------------------------------------------------------------

A_DOCS = [
    "I adopted a beagle named Rex",
    "Rex the beagle loves the park",
    "My sister lives in Lyon",
    "I play chess with my sister",
    "The park near Lyon has a lake",
    "Coffee in the morning, tea at night",
]
PROBES = ["beagle", "park", "Lyon sister", "Rex park lake", "tea coffee", "chess"]


def _scores(m: Memory, user: str) -> dict[str, list[tuple[str, float, float | None, float | None]]]:
    out = {}
    for q in PROBES:
        hits = m.search(q, user_id=user, limit=20).results
        out[q] = [(h.id, h.score, h.scores.keyword, h.scores.dense) for h in hits]
    return out


def test_one_scopes_documents_do_not_move_another_scopes_scores(tmp_path) -> None:
    m = Memory(tmp_path / "m.db", config=MemoryConfig(embedder="hash"))
    for t in A_DOCS:
        m.add(t, user_id="A")
    before = _scores(m, "A")
    assert all(before.values())
    # B floods the same terms, in documents of every length
    flood = [f"beagle park Lyon sister {'Rex ' * (i % 5)} tea coffee chess lake doc{i}" for i in range(400)]
    m.add([{"content": t} for t in flood], user_id="B", admission="all")
    assert _scores(m, "A") == before  # exactly equal, not approximately
    # and a fresh process (index rebuilt from the database) agrees
    fresh = Memory(tmp_path / "m.db", config=MemoryConfig(embedder="hash"))
    assert _scores(fresh, "A") == before
    # B deleting everything does not move them either
    m.delete_all(user_id="B")
    assert _scores(m, "A") == before
    fresh.close()
    m.close()


def test_the_side_channel_test_can_fail() -> None:
    """The same flood inside scope A does change A's keyword scores (so the test above would notice)."""
    m = Memory(config=MemoryConfig(embedder="hash"))
    for t in A_DOCS:
        m.add(t, user_id="A")
    before = _scores(m, "A")
    m.add([{"content": f"beagle park Lyon sister tea coffee chess lake doc{i}"} for i in range(50)], user_id="A", admission="all")
    after = _scores(m, "A")
    kept = {q: [h for h in after[q] if h[0] in {b[0] for b in before[q]}] for q in PROBES}
    assert kept != before


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(TEXTS), min_size=1, max_size=12),
    st.lists(st.sampled_from(TEXTS), min_size=1, max_size=40),
    st.sampled_from(QUERIES),
)
def test_scope_local_bm25_property(a_texts: list[str], b_texts: list[str], query: str) -> None:
    m = Memory(config=MemoryConfig(embedder="hash"))
    m.add([{"content": t} for t in a_texts], user_id="A", admission="all")
    before = [(h.id, h.score, h.scores.keyword) for h in m.search(query, user_id="A", limit=50).results]
    m.add([{"content": t} for t in b_texts], user_id="B", admission="all")
    after = [(h.id, h.score, h.scores.keyword) for h in m.search(query, user_id="A", limit=50).results]
    assert after == before
    m.close()


@pytest.mark.parametrize("user", USERS)
def test_same_text_in_every_scope_is_stored_in_every_scope(user: str) -> None:
    m = Memory(config=MemoryConfig(embedder="hash"))
    for u in USERS:
        m.add("I like green tea", user_id=u)
    assert [i.memory for i in m.get_all(user_id=user, kind="episode")] == ["I like green tea"]
    [claim] = m.get_all(user_id=user)
    # the claim said again in this scope merges into this scope's claim, never another's
    [r] = [r for r in m.add("I like green tea", user_id=user).results if r.kind == "claim"]
    assert r.event == "duplicate" and r.duplicate_of == claim.id and m.get(r.duplicate_of, user_id=user).user_id == user
