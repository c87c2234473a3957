"""The trust stage compares each pair of hits once: the conflict grouping reads the consensus's stances.

The reference below is the grouping as it was before (every pair of hits above the cosine floor
compared again, in hit order); the engine must find the same conflicts from the pairs its
consensus already compared, and the same reliability parts, on a store built here.
"""

from datetime import datetime, timedelta, timezone

import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.trust.config import TrustConfig
from memwarden.trust.stance import detect_stance

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)

TEXTS = [
    "I moved to Paris in spring.", "I moved to Rome in spring.", "I live in Paris now.",
    "The demo is on Monday at 11.", "The demo is on Friday at 2pm.", "I think the demo is Friday.",
    "The electricity bill has been paid.", "The electricity bill is overdue.", "I paid the water bill.",
    "My sister lives in Lyon.", "I love hiking in the Alps.", "I hate hiking in the rain.",
    "The meeting with Ana is on Tuesday.", "The meeting with Ana moved to Thursday.",
]


def store(path=None, **trust) -> Memory:
    m = Memory(path, config=MemoryConfig(embedder="hash", claims=False, trust=TrustConfig(**trust)))
    for i, t in enumerate(TEXTS):
        m.add([{"role": "user", "content": t, "timestamp": (T0 + timedelta(days=i)).isoformat()}],
              user_id="u", admission="all")
    return m


def reference_pairs(m: Memory, hits) -> set[frozenset[str]]:
    """Every contradicting pair of hits above the cosine floor, compared in hit order (the old way)."""
    index = m.scopes.index("u")
    floor = m.config.trust.neighbour_min_cosine
    out = set()
    for i, a in enumerate(hits):
        for b in hits[i + 1:]:
            c = float(index.vectors[index.row_of[a.id]] @ index.vectors[index.row_of[b.id]])
            if c >= floor and detect_stance(a.memory, b.memory, cosine=c).label == "contradict":
                out.add(frozenset((a.id, b.id)))
    return out


def found_pairs(res) -> set[frozenset[str]]:
    return {frozenset((a, b)) for g in res.conflicts for a in g.memory_ids for b in g.memory_ids if a < b}


QUERIES = ["Where did I move?", "When is the demo?", "Is the electricity bill paid?", "Do I like hiking?",
           "When is the meeting with Ana?", "Where does my sister live?"]


@pytest.mark.parametrize("query", QUERIES)
def test_conflicts_equal_the_all_pairs_reference_up_to_neighbours_plus_one_hits(query):
    m = store()
    res = m.search(query, user_id="u", limit=11, as_of=T0 + timedelta(days=30))  # neighbours (10) + 1
    plain = m.search(query, user_id="u", limit=11, trust=False).results
    ref = reference_pairs(m, plain)
    # The groups are the connected components of the reference's contradicting pairs, no more, no less.
    assert {frozenset(g.memory_ids) for g in res.conflicts} == _components(ref, [h.id for h in plain])


def _components(pairs: set[frozenset[str]], order: list[str]) -> set[frozenset[str]]:
    parent = {i: i for i in order}

    def find(i: str) -> str:
        while parent[i] != i:
            i = parent[i]
        return i

    for p in pairs:
        a, b = sorted(p)
        parent[find(a)] = find(b)
    comps: dict[str, set[str]] = {}
    for i in order:
        comps.setdefault(find(i), set()).add(i)
    return {frozenset(c) for c in comps.values() if len(c) > 1}


def test_the_paris_rome_conflict_is_found_and_every_neighbour_stance_is_the_detectors():
    m = store()
    res = m.search("Where did I move?", user_id="u", as_of=T0 + timedelta(days=30))
    texts = {h.id: h.memory for h in res.results}
    assert any({texts[i] for i in g.memory_ids} >= {"I moved to Paris in spring.", "I moved to Rome in spring."}
               for g in res.conflicts)
    for h in res.results:
        for n in h.reliability.consensus.neighbours:
            st = detect_stance(h.memory, n.memory, cosine=n.cosine)
            assert (n.stance, n.stance_score, n.reason) == (st.label, st.score, st.reason)


def test_more_hits_than_neighbours_group_only_pairs_the_consensus_compared(monkeypatch):
    from memwarden.trust import score

    m = store(neighbours=2)
    seen: list[tuple[set, set]] = []
    orig = score.conflict_groups

    def spy(hits, compared, index, config):
        groups, pairs = orig(hits, compared, index, config)
        seen.append((set(pairs), {frozenset(k) for k in compared}))
        return groups, pairs

    monkeypatch.setattr(score, "conflict_groups", spy)
    res = m.search("When is the demo?", user_id="u", limit=14, as_of=T0 + timedelta(days=30))
    plain = m.search("When is the demo?", user_id="u", limit=14, trust=False).results
    joined, compared = seen[0]
    # O(k): each hit is compared with its 2 nearest hits, not with all 13 others.
    assert len(compared) <= 2 * len(res.results)
    assert joined and joined <= compared
    # What it joins is what the detector says of those pairs; it finds no conflict the reference lacks.
    assert joined <= reference_pairs(m, plain)


def test_consensus_off_still_groups_conflicts():
    on = store()
    off = store(w_consensus=0.0)
    for q in QUERIES:
        a = on.search(q, user_id="u", as_of=T0 + timedelta(days=30))
        b = off.search(q, user_id="u", as_of=T0 + timedelta(days=30))
        ta = {frozenset(h.memory for h in a.results if h.id in g.memory_ids) for g in a.conflicts}
        tb = {frozenset(h.memory for h in b.results if h.id in g.memory_ids) for g in b.conflicts}
        assert ta == tb
        assert all(not h.reliability.consensus.neighbours for h in b.results)


def test_an_edit_in_another_process_reaches_this_process_views(tmp_path):
    db = tmp_path / "m.db"
    a = store(db)
    b = Memory(db, config=MemoryConfig(embedder="hash", claims=False))
    q = "Where did I move?"
    before = a.search(q, user_id="u", as_of=T0 + timedelta(days=30))
    rome = next(h for h in before.results if h.memory == "I moved to Rome in spring.")
    b.update(rome.id, "I moved to Madrid in spring.", user_id="u")
    after = a.search(q, user_id="u", as_of=T0 + timedelta(days=30))
    texts = {n.memory for h in after.results for n in h.reliability.consensus.neighbours}
    assert "I moved to Madrid in spring." in texts and "I moved to Rome in spring." not in texts
    paris = next(h for h in after.results if h.memory == "I moved to Paris in spring.")
    madrid = next(n for n in paris.reliability.consensus.neighbours if n.id == rome.id)
    assert madrid.memory == "I moved to Madrid in spring."
    assert madrid.stance == detect_stance(paris.memory, madrid.memory, cosine=madrid.cosine).label
