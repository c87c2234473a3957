"""Why keyword statistics are per scope: LoCoMo BM25 recall@k, per-scope vs shared statistics.

    python bench/bench_bm25_scope.py --data ../shared/data/locomo/locomo10.json [--k 10]

SQLite FTS5's ``bm25()`` (and most shared full-text indexes) take document
counts, lengths and frequencies over the whole table, across tenants, and
filter to the tenant afterwards. This puts the ten LoCoMo conversations in
one table, scores each question with (a) statistics of its own
conversation only -- what memwarden does -- and (b) statistics of the whole
table with the results filtered to the conversation, and prints both
recall@k. It also shows the side channel: how much one scope's scores move
when another scope's data is added.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

import numpy as np

from memwarden.training.locomo import load_locomo, session_messages
from memwarden.models import Candidate
from memwarden.retrieval.entry import keyword_tokens
from memwarden.retrieval.index import ScopeIndex
from memwarden.retrieval.text import tokenize
from memwarden.storage.base import IndexRows


def keyword_rows(convs) -> tuple[list[str], list[str], list[list[str]]]:
    """(scope, turn id, keyword tokens) for every turn, built as Memory.add builds them."""
    scopes, ids, toks = [], [], []
    for conv in convs:
        for session in conv.sessions:
            msgs = session_messages(session)
            for i, msg in enumerate(msgs):
                context = [x["content"] for x in msgs[max(0, i - 2) : i]] + [x["content"] for x in msgs[i + 1 : i + 2]]
                cand = Candidate(text=msg["content"], speaker=msg["name"], context=context)
                scopes.append(conv.sample_id)
                ids.append(msg["id"])
                toks.append(keyword_tokens(cand))
    return scopes, ids, toks


def index_of(ids: list[str], toks: list[list[str]]) -> ScopeIndex:
    n = len(ids)
    rows = IndexRows(1, ids, [None] * n, [None] * n, ["active"] * n, np.zeros((n, 1), np.float32), toks, ["none"] * n)
    return ScopeIndex(rows, 1)


def recall(idx: ScopeIndex, rows: np.ndarray, ids: list[str], question: str, gold: set[str], k: int) -> float:
    scores = idx.bm25_scores(tokenize(question), rows)
    order = np.argsort(-scores, kind="stable")[:k]
    top = {ids[rows[i]] for i in order if scores[i] > 0}
    return len(gold & top) / len(gold)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--k", type=int, default=10)
    args = ap.parse_args()
    convs = load_locomo(args.data)
    scopes, ids, toks = keyword_rows(convs)
    shared = index_of(ids, toks)
    scope_arr = np.array(scopes)
    per_scope, global_stats = [], []
    drift = []
    for conv in convs:
        rows = np.flatnonzero(scope_arr == conv.sample_id)
        own = index_of([ids[r] for r in rows], [toks[r] for r in rows])
        own_rows = np.arange(rows.size)
        own_ids = [ids[r] for r in rows]
        for q in conv.qa:
            if not (1 <= q.category <= 4 and q.evidence):
                continue
            gold = set(q.evidence)
            per_scope.append(recall(own, own_rows, own_ids, q.question, gold, args.k))
            global_stats.append(recall(shared, rows, ids, q.question, gold, args.k))
            a = own.bm25_scores(tokenize(q.question), own_rows)
            b = shared.bm25_scores(tokenize(q.question), rows)
            if a.max() > 0:
                drift.append(float(np.abs(a - b).max() / a.max()))
    n = len(per_scope)
    print(f"LoCoMo, {len(convs)} conversations in one table, {n} questions (categories 1-4), BM25 alone, recall@{args.k}:")
    print(f"  per-scope statistics (memwarden):         {statistics.fmean(per_scope):.3f}")
    print(f"  whole-table statistics (FTS5-style):      {statistics.fmean(global_stats):.3f}")
    print(f"  difference:                               {statistics.fmean(per_scope) - statistics.fmean(global_stats):+.3f}")
    print(f"side channel: other tenants' data moves a scope's top BM25 score by a median {statistics.median(drift):.1%} "
          f"(max {max(drift):.1%}) under whole-table statistics; 0 under per-scope statistics")


if __name__ == "__main__":
    main()
