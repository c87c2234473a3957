"""A claim's source turn as a secondary ranking signal (``FusionConfig.episode_weight``).

Splitting a turn into claims drops its topic words; the lift lets the turn's relevance count.
Hand-made index rows (claims with their source episodes), so every score is known.
"""

from __future__ import annotations

import numpy as np

from memwarden import Memory, MemoryConfig
from memwarden.retrieval.index import ScopeIndex
from memwarden.retrieval.search import FusionConfig, hybrid_search
from memwarden.retrieval.text import tokenize
from memwarden.storage import IndexRows

# (id, kind, text, source episode ids, 2-d vector). Dense arm: the query vector is (1, 0).
ROWS = [
    ("e-club", "episode", "we joined the chess club at the library, it meets on thursdays", [], (0.6, 0.8)),
    ("c-club", "claim", "the user joined the chess club", ["e-club"], (0.6, 0.8)),
    ("e-rate", "episode", "my online chess rating on the app is like 1140, no grandmaster", [], (0.6, 0.8)),
    ("c-rate", "claim", "the user's score on the app is 1140", ["e-rate"], (0.6, 0.8)),
    ("e-pet", "episode", "my cat Miso is two and hates the vacuum", [], (0.0, 1.0)),
    ("c-pet", "claim", "the user has a cat named Miso", ["e-pet"], (0.0, 1.0)),
]


def index(rows: list[tuple[str, str, str, list[str], tuple[float, float]]]) -> ScopeIndex:
    n = len(rows)
    vecs = np.array([r[4] for r in rows], dtype=np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    return ScopeIndex(IndexRows(
        1, [r[0] for r in rows], [None] * n, [None] * n, ["active"] * n, vecs, [tokenize(r[2]) for r in rows], ["t"] * n,
        kinds=[r[1] for r in rows], valid_from=[None] * n, valid_to=[None] * n, created_at=[None] * n,
        occurred_at=[None] * n, slots=[None] * n, sources=[r[3] for r in rows]), 2)


def ranked(idx: ScopeIndex, query: str, weight: float, form: str = "add") -> list[str]:
    mask = idx.mask(agent_id=None, run_id=None, include_superseded=False, kind="claim")
    fused = hybrid_search(idx, np.array([1.0, 0.0], np.float32), query, mask, 10,
                          FusionConfig(episode_weight=weight, episode_form=form))  # type: ignore[arg-type]
    return [idx.ids[f.row] for f in fused]


def test_a_split_claim_whose_topic_word_is_only_in_its_turn_ranks_first() -> None:
    idx = index(ROWS)
    # Without its turn, "chess" matches only the club claim.
    assert ranked(idx, "what's my online chess rating?", 0.0)[0] == "c-club"
    for form in ("add", "max"):
        got = ranked(idx, "what's my online chess rating?", 1.0, form)
        assert got[0] == "c-rate", (form, got)
        assert set(got) == {"c-club", "c-rate", "c-pet"}  # episodes lift claims, they are not returned


def test_an_old_values_turn_does_not_lift_the_stale_claim_above_the_current_one() -> None:
    # Two active claims of one slot (supersession missed): the current one is ahead on its own
    # text; both turns are equally relevant, the old one written first.
    rows = [
        ("e-old", "episode", "my online chess rating is 1100 on the app", [], (0.6, 0.8)),
        ("c-old", "claim", "the user's rating is 1100", ["e-old"], (0.6, 0.8)),
        ("e-new", "episode", "my online chess rating is 1140 on the app", [], (0.6, 0.8)),
        ("c-new", "claim", "the user's current rating is 1140", ["e-new"], (0.6, 0.8)),
        *ROWS[4:],
    ]
    idx = index(rows)
    assert ranked(idx, "what's my current chess rating?", 0.0)[0] == "c-new"
    for weight in (0.5, 1.0, 3.0):  # ("max" at 3.0 ties the two at w * e and the older row wins)
        assert ranked(idx, "what's my current chess rating?", weight, "add")[0] == "c-new", weight


def test_a_deleted_source_turn_lifts_nothing() -> None:
    idx = index(ROWS)
    idx.apply([], ["e-rate"], {"e-rate": tokenize(ROWS[2][2])}, 2)
    assert ranked(idx, "what's my online chess rating?", 1.0)[0] == "c-club"


def test_memory_search_lifts_a_claim_by_its_turn_end_to_end(minilm) -> None:
    """Through ``Memory``: the claims' sources reach the index from the store (built fresh) and
    from this process's own writes (kept in step), with the same ranking either way."""
    cfg = MemoryConfig(database=":memory:", episode_weight=1.0)
    with Memory(config=cfg, embedder=minilm) as m:
        m.add([{"role": "user", "content": "I joined the chess club at the library last month, we meet on thursdays"}],
              user_id="u")
        m.add([{"role": "user", "content": "my rating on the app is like 1140 so i'm not exactly a grandmaster"}],
              user_id="u")
        idx = m.scopes.index("u")
        claims = [r for r in range(idx.n) if idx.is_claim[r] and idx.alive[r]]
        assert claims and all(idx.episode_rows(np.array([r]))[1].size == 1 for r in claims)
        kept = [h.memory for h in m.search("what's my online chess rating?", user_id="u", trust=False).results]
        assert "1140" in kept[0]
        rebuilt = ScopeIndex(m.store.index_rows("u"), minilm.dim)

        def links(ix: ScopeIndex) -> dict[str, tuple[str, ...]]:
            return {ix.ids[r]: ix.sources[r] for r in range(ix.n) if ix.alive[r]}

        assert links(rebuilt) == links(idx)


def test_the_candidate_path_of_large_scopes_lifts_the_same_claim(monkeypatch) -> None:
    # Above EXACT_ROWS masked rows the fusion runs on candidates with scope statistics from the
    # int8 estimate: the lift must apply there too (forced here by lowering the threshold).
    from memwarden.retrieval import index as index_mod

    idx = index(ROWS)
    monkeypatch.setattr(index_mod, "EXACT_ROWS", 1)
    assert ranked(idx, "what's my online chess rating?", 0.0)[0] == "c-club"
    assert ranked(idx, "what's my online chess rating?", 1.0)[0] == "c-rate"
