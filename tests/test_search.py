"""Hybrid fusion of the dense and keyword arms: weighted z-scores (default) or RRF."""

from __future__ import annotations

import numpy as np
import pytest

from memwarden import Memory, MemoryConfig
from memwarden.retrieval.index import ScopeIndex
from memwarden.retrieval.search import FusionConfig, hybrid_search
from memwarden.retrieval.text import tokenize
from memwarden.storage import IndexRows

DOCS = ["green tea, more tea, morning tea", "black coffee at night", "tea ceremony in Kyoto", "a walk in the park"]


def index() -> tuple[ScopeIndex, np.ndarray]:
    # Hand-made 2-d vectors: the dense arm ranks doc 1 first, then 3, 0, 2.
    vecs = np.array([[0.6, 0.8], [1.0, 0.0], [0.0, 1.0], [0.8, 0.6]], dtype=np.float32)
    rows = IndexRows(1, [f"m{i}" for i in range(4)], [None] * 4, [None] * 4, ["active"] * 4, vecs,
                     [tokenize(d) for d in DOCS], ["t"] * 4)
    return ScopeIndex(rows, 2), np.array([1.0, 0.0], dtype=np.float32)


def run(fusion: FusionConfig, query: str = "tea", limit: int = 10):
    idx, q = index()
    mask = idx.mask(agent_id=None, run_id=None, include_superseded=False)
    return hybrid_search(idx, q, query, mask, limit, fusion)


def arms() -> tuple[np.ndarray, np.ndarray]:
    idx, q = index()
    rows = np.arange(4)
    return idx.dense_scores(q, rows).astype(np.float64), idx.bm25_scores(tokenize("tea"), rows).astype(np.float64)


def test_rrf_sums_weighted_reciprocal_ranks() -> None:
    out = {f.row: f for f in run(FusionConfig(method="rrf", k=60, dense_weight=1.0, keyword_weight=1.0))}
    assert [out[r].dense_rank for r in range(4)] == [3, 1, 4, 2]
    assert out[1].keyword is None and out[1].keyword_rank is None and out[3].keyword is None
    assert {out[0].keyword_rank, out[2].keyword_rank} == {1, 2}
    for f in out.values():
        expected = sum(1 / (60 + r) for r in (f.dense_rank, f.keyword_rank) if r is not None)
        assert f.fused == pytest.approx(expected)


def test_zscore_fusion_is_the_weighted_sum_of_standardised_scores() -> None:
    dense, kw = arms()
    z = lambda x: (x - x.mean()) / x.std()  # noqa: E731
    expected = 0.3 * z(dense) + 0.7 * z(kw)
    out = run(FusionConfig(method="zscore", dense_weight=0.3, keyword_weight=0.7))
    assert [f.row for f in out] == list(np.argsort(-expected, kind="stable"))
    for f in out:
        assert f.fused == pytest.approx(expected[f.row], rel=1e-5)


@pytest.mark.parametrize("method", ["zscore", "rrf"])
def test_weights_switch_an_arm_off(method: str) -> None:
    dense_only = run(FusionConfig(method=method, dense_weight=1.0, keyword_weight=0.0))
    assert [f.row for f in dense_only] == [1, 3, 0, 2]
    keyword_first = run(FusionConfig(method=method, dense_weight=0.0, keyword_weight=1.0))
    assert {f.row for f in keyword_first[:2]} == {0, 2}


@pytest.mark.parametrize("method", ["zscore", "rrf"])
def test_results_are_sorted_unique_and_limited(method: str) -> None:
    out = run(FusionConfig(method=method))
    assert [f.fused for f in out] == sorted((f.fused for f in out), reverse=True)
    assert len({f.row for f in out}) == len(out) == 4
    assert [f.row for f in run(FusionConfig(method=method), limit=2)] == [f.row for f in out[:2]]


def test_an_empty_mask_returns_nothing() -> None:
    idx, q = index()
    assert hybrid_search(idx, q, "tea", np.zeros(4, dtype=bool), 10, FusionConfig()) == []


def test_config_reaches_search() -> None:
    m = Memory(config=MemoryConfig(embedder="hash", fusion_method="rrf", dense_weight=1.0, keyword_weight=0.0, rrf_k=10))
    m.add("green tea in the morning", user_id="u")
    [hit] = m.search("green tea", user_id="u").results
    assert hit.score == pytest.approx(1 / (10 + 1))
    assert hit.scores.keyword_rank == 1  # still reported, just not weighted
    [hit] = m.search("green tea", user_id="u", fusion=FusionConfig(method="rrf", k=5, dense_weight=2.0, keyword_weight=0.0)).results
    assert hit.score == pytest.approx(2 / (5 + 1))


def test_two_rows_whose_arms_disagree_tie_to_the_earlier_row_whatever_the_query_word_order() -> None:
    # Two rows, one ahead in each arm: z-scores fuse both to 0 (up to float noise, which once came
    # from summing the keyword arm over a set of query words, so it changed from run to run). The
    # tie goes to the earlier row, for every order of the query's words.
    vecs = np.array([[1.0, 0.0], [0.6, 0.8]], dtype=np.float32)
    docs = ["lane swimming slot weekday", "before work swim work early"]
    rows = IndexRows(1, ["m0", "m1"], [None] * 2, [None] * 2, ["active"] * 2, vecs, [tokenize(d) for d in docs], ["t"] * 2)
    idx = ScopeIndex(rows, 2)
    q = np.array([0.9, 0.436], dtype=np.float32)
    q /= np.linalg.norm(q)
    mask = idx.mask(agent_id=None, run_id=None, include_superseded=False)
    for query in ("swim before work early morning", "early morning work before swim", "morning swim early work before"):
        out = hybrid_search(idx, q, query, mask, 10, FusionConfig(method="zscore", dense_weight=0.5, keyword_weight=0.5))
        assert [f.row for f in out] == [0, 1], query
        assert abs(out[0].fused - out[1].fused) < 1e-5


def test_keyword_scores_are_the_same_bits_from_run_to_run() -> None:
    # The keyword arm sums float32 per query word; summed in a set's order, the last bits (and so
    # exact ties between hits) changed with PYTHONHASHSEED, i.e. from one process to the next.
    import subprocess
    import sys

    script = (
        "import hashlib, numpy as np\n"
        "from memwarden.retrieval.index import ScopeIndex\n"
        "from memwarden.retrieval.text import tokenize\n"
        "from memwarden.storage import IndexRows\n"
        "docs=['the leisure centre pool does adults-only lane swimming 6:30 to 8 on weekday mornings, the leisure centre pool',"
        "'Early lane swims before work, lovely routine. the user goes before work the user goes before work',"
        "'the pool does adults-only lanes from half six to eight','work starts at nine so the swim has to be early morning lane']\n"
        "v=np.eye(4, dtype=np.float32)\n"
        "idx=ScopeIndex(IndexRows(1,[f'm{i}' for i in range(4)],[None]*4,[None]*4,['active']*4,v,[tokenize(d) for d in docs],['t']*4),4)\n"
        "s=idx.bm25_scores(tokenize('can I go lane swimming tomorrow morning before work early pool adults weekday'), np.arange(4))\n"
        "print(hashlib.sha1(np.asarray(s, np.float32).tobytes()).hexdigest())\n")
    outs = set()
    for seed in ("1", "2", "3", "4", "5", "6", "7", "8"):
        env = {**__import__("os").environ, "PYTHONHASHSEED": seed}
        r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
        outs.add(r.stdout.strip())
    assert len(outs) == 1


def _constraint_index() -> tuple[ScopeIndex, np.ndarray]:
    # Row 0 a chat line sharing the request's words, row 1 a stated rule that shares none of them.
    docs = ["the study group meets at the cafe on fridays", "cut dairy completely", "the bus was late again"]
    vecs = np.array([[1.0, 0.0], [0.0, 1.0], [0.7, 0.7]], dtype=np.float32)
    rows = IndexRows(1, ["chat", "rule", "bus"], [None] * 3, [None] * 3, ["active"] * 3, vecs,
                     [tokenize(d) for d in docs], ["t"] * 3,
                     kinds=["claim"] * 3, valid_from=[None] * 3, valid_to=[None] * 3, created_at=[None] * 3,
                     occurred_at=[None] * 3, slots=[None, "user|restriction:dairy", None])
    return ScopeIndex(rows, 2), np.array([0.8, 0.6], dtype=np.float32)


@pytest.mark.parametrize("query, lifted", [
    ("what should I order at the cafe?", True),          # a request in the old words
    ("can I get a milkshake at the cafe", True),          # asking leave
    ("how do I get to the cafe from here", True),         # asking a way
    ("find me a cafe for the study group", True),         # an errand for the asker
    ("a new cafe near the study group, worth it?", True),  # sounding out
    ("who should come to the study group", True),         # a wh-question asking advice
    ("when does the study group meet at the cafe", False),  # a question of fact
    ("what did I order at the cafe last time?", False),      # a question of what happened
    ("when should I book the cafe? was thinking friday", True),  # ... unless it asks what to do
    ("how do I usually get to the cafe?", False),             # "how do I" asking a habit, not a way
    ("how do we know the study group?", False),               # ... or a fact
    ("how can I remember the cafe's name?", False),
    ("how can we plan the study group at the cafe", True),    # ... but a way to do something is asked
])
def test_a_stated_rule_is_lifted_for_a_request_even_when_it_shares_no_word(query: str, lifted: bool) -> None:
    idx, q = _constraint_index()
    mask = idx.mask(agent_id=None, run_id=None, include_superseded=False)
    plain = {f.row: f.fused for f in hybrid_search(idx, q, query, mask, 3, FusionConfig(constraint_boost=0.0))}
    got = {f.row: f.fused for f in hybrid_search(idx, q, query, mask, 3, FusionConfig(constraint_boost=1.0))}
    # the boost x the restriction's weight (2), whether or not the rule names the request's words
    assert got[1] - plain[1] == pytest.approx(2.0 if lifted else 0.0, abs=1e-5)
    assert got[0] == pytest.approx(plain[0]) and got[2] == pytest.approx(plain[2])
