"""Why an indirect-constraint probe misses its top 3, per development author (issue 10).

    PYTHONPATH=src python bench/constraint_misses.py heldout16 heldout17 ...   # development set names (bench/_sets.py)

Each ``indirect_constraint`` rank probe is replayed as ``memwarden eval scenarios`` runs it; a miss is classed:
``not stored`` (no live claim matches the target: gate / admission / supersession), ``not a request`` (the
query does not read as one, so no constraint lift applies), ``untyped`` (the target claim has no constraint weight
and its meaning probability is under the model's threshold or outside the top ``constraint_meaning_top``), or
``outranked`` (lifted, or typed, but other rows rank above it: what they are is printed). Reads only the
development sets; never run it on the validation authors.
"""

from __future__ import annotations

import sys

import numpy as np

from _sets import SCENARIO_SETS, VALIDATION_SETS


def main(names: list[str]) -> None:
    from memwarden.evals.scenario_format import load_scenarios, matches
    from memwarden.evals.scenario_systems import MemwardenSystem, make_embedder
    from memwarden.retrieval.search import is_request

    emb = make_embedder("minilm")
    for name in names:
        if name in VALIDATION_SETS or name not in SCENARIO_SETS:
            raise SystemExit(f"{name}: not a development set")
        for sc in load_scenarios(SCENARIO_SETS[name]).scenarios:
            if sc.kind != "indirect_constraint":
                continue
            system = MemwardenSystem(emb)
            for s in sc.sessions:
                system.add_session(sc.user_map[s.user], s.add_messages(), s.ts)
            for p in sc.probes:
                if p.type != "rank" or not p.target:
                    continue
                user = sc.user_map[p.user]
                res = system.memory.search(p.query, user_id=user, limit=10, explain=True)
                hits = res.results
                t = next((i for i, h in enumerate(hits) if matches(h.memory, p.target)), None)
                if t is not None and t < 3:
                    continue
                idx = system.memory.scopes.index(user)
                rows = [r for r in range(idx.n) if idx.alive[r] and idx.is_claim[r]]
                tgt = [(r, system.memory.get(idx.ids[r], user_id=user)) for r in rows]
                tgt = [(r, it) for r, it in tgt if matches(it.memory, p.target)]
                lifted = np.argsort(-idx.meaning[rows])[:3]
                top_meaning = {rows[i] for i in lifted if idx.meaning[rows[i]] > 0}
                if not tgt:
                    cls = "not stored"
                elif not is_request(p.query):
                    cls = "not a request"
                elif all(idx.constraint[r] == 0 and r not in top_meaning for r, _ in tgt):
                    cls = "untyped"
                else:
                    cls = "outranked"
                print(f"\n[{name}] {sc.id}/{p.id}: {cls}; target rank {None if t is None else t + 1}; q: {p.query}")
                print(f"   target {p.target}")
                for r, it in tgt:
                    print(f"   T slot={it.claim.slot if it.claim else None} w={idx.constraint[r]:.1f} "
                          f"p={idx.meaning[r]:.2f} lifted={r in top_meaning}: {it.memory[:140]}")
                for i, h in enumerate(hits[:4]):
                    print(f"   {i + 1}. {h.score:.2f} fused={h.scores.fused:.2f} c={h.scores.constraint:.1f} "
                          f"{h.memory[:120]}")
            system.close()


if __name__ == "__main__":
    main(sys.argv[1:])
