"""Found by the server load test: a search racing an add on the same scope
saw the index grow between taking its mask and scoring (HTTP 500)."""

from __future__ import annotations

import threading

import numpy as np

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.retrieval.search import hybrid_search


def test_search_with_a_mask_taken_before_an_append():
    m = Memory(config=MemoryConfig(embedder="hash"))
    for t in ["tea in Lisbon", "coffee in Porto", "bees and honey", "tea and bees"]:
        m.add(t, user_id="u", admission="all")
    index = m.scopes.index("u")
    mask = index.mask(agent_id=None, run_id=None, include_superseded=False)
    m.add("tea again and more tea", user_id="u", admission="all")  # appends a row to the same index
    assert index.n > len(mask)
    q = m.embedder.embed(["tea"])[0]
    rows = np.flatnonzero(mask)
    assert index.bm25_scores(["tea"], rows).shape == index.dense_scores(q, rows).shape == rows.shape
    hits = hybrid_search(index, q, "tea", mask, 10, m._fusion)
    assert hits and all(h.row < len(mask) for h in hits)


def test_concurrent_adds_and_searches_on_one_scope():
    m = Memory(config=MemoryConfig(embedder="hash"))
    errors: list[BaseException] = []

    def writer() -> None:
        try:
            for i in range(150):
                m.add(f"note {i} about tea", user_id="u", admission="all")
        except BaseException as exc:  # noqa: BLE001 - collected for the assertion
            errors.append(exc)

    def reader() -> None:
        try:
            for _ in range(300):
                m.search("tea note", user_id="u")
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=writer), *(threading.Thread(target=reader) for _ in range(3))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(m.get_all(user_id="u", limit=None)) == 150
