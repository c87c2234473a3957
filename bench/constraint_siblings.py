"""Issue 10, session 17: of the indirect-constraint probes that miss their top 3, how many have the target as a
claim of the SAME episode (turn) as one of the top-3 hits (a sibling the claim split left behind), how many
have it in a claim of another turn, and how many in no live claim at all.

    PYTHONPATH=src python bench/constraint_siblings.py [--k 3] [--shard K N] > out.txt

Replays the development sets (bench/_sets.py) as ``memwarden eval scenarios`` runs them (limit 10, as_of the
probe's or the scenario's clock); never reads the validation authors.
"""

from __future__ import annotations

import argparse
from collections import Counter

from _replay import replay_probes


def main() -> None:
    from memwarden.evals.scenario_format import matches
    from memwarden.retrieval.search import is_request

    ap = argparse.ArgumentParser()
    ap.add_argument("--k", type=int, default=3)
    ap.add_argument("--kind", default="indirect_constraint")
    ap.add_argument("--shard", type=int, nargs=2, default=(0, 1))
    a = ap.parse_args()
    counts: Counter[str] = Counter()
    for author, sc, i, p, system in replay_probes("rank", shard=tuple(a.shard)):
        if sc.kind != a.kind or not p.target:
            continue
        user = sc.user_map[p.user]
        res = system.memory.search(p.query, user_id=user, limit=10, as_of=p.as_of or sc.clock)
        hits = res.results
        t = next((j for j, h in enumerate(hits) if matches(h.memory, p.target)), None)
        counts["probes"] += 1
        if t is not None and t < a.k:
            counts["hit"] += 1
            continue
        idx = system.memory.scopes.index(user)
        live = [r for r in range(idx.n) if idx.alive[r] and idx.is_claim[r] and idx.active[r]]
        tgt = [r for r in live if matches(system.memory.get(idx.ids[r], user_id=user).memory, p.target)]
        top_eps = {}
        for j, h in enumerate(hits[: a.k]):
            r = idx.row_of.get(h.id)
            if r is not None:
                for e in idx.sources[r]:
                    top_eps.setdefault(e, j + 1)
        sib = [r for r in tgt if any(e in top_eps for e in idx.sources[r])]
        if not tgt:
            cls = "no claim"
        elif sib:
            cls = "sibling of top-%d hit" % a.k
        else:
            cls = "other turn"
        counts[cls] += 1
        req = is_request(p.query)
        print(f"\n[{author}] {sc.id}/{sc.probe_id(i)}: {cls}; rank {None if t is None else t + 1}; request={req}")
        print(f"   q: {p.query}\n   target {p.target}")
        for r in tgt[:2]:
            it = system.memory.get(idx.ids[r], user_id=user)
            print(f"   T w={idx.constraint[r]:.1f} p={idx.meaning[r]:.2f} src={[top_eps.get(e) for e in idx.sources[r]]}: {it.memory[:150]}")
        for j, h in enumerate(hits[: a.k]):
            print(f"   {j + 1}. c={h.scores.constraint if h.scores else 0:.1f} {h.memory[:130]}")
    print("\nCOUNTS", dict(counts))


if __name__ == "__main__":
    main()
