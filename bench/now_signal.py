"""Session 23 (issue 10.3): why a later current line stays under a stale one in the "now" rank probes.

    PYTHONPATH=src python bench/now_signal.py --out /tmp/now_signal.jsonl [--sets heldout66 ...]

Replays the development sets (bench/_replay.py) and, for every single-target rank probe ("now": a stale value, no
as_of; "past": an as_of; "other"), runs its search under the checkout's order and under ``TrustConfig`` variants
(``--variants '{"name": {field: value}}'``, same replay; "hand" always), writes one JSON line per probe with the
target's and the stale value's ranks per variant and the first hit, and for each "now" probe whose stale value ranks
above the current one what the latest-statement step (trust/latest.py) reads of the pair: the question asks one
current value, the current line is the user's own firm word, holds the asked kind of value, is about the asked
person, is stated later, and its cosine with the stale line. Prints now@1, stale-above, past@1 and other@1 per
variant. Session 23's counts: BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

from _replay import replay_probes
from _sets import SCENARIO_SETS

VARIANTS = {"base": {}, "hand": {"rank_order": "hand"}}


def _set(system, fields: dict) -> None:
    cfg = system.memory.config.trust.model_copy(update=fields)
    system.memory.config = system.memory.config.model_copy(update={"trust": cfg})
    system.memory.scopes.trust.config = cfg


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="/tmp/now_signal.jsonl")
    ap.add_argument("--sets", nargs="*")
    ap.add_argument("--variants", default="", help="extra variants as JSON {name: {TrustConfig fields}}")
    args = ap.parse_args()
    from memwarden.evals.scenario_format import matches
    from memwarden.trust.asked_person import about_other, asked_person
    from memwarden.trust.latest import _answers, asks_current_value
    from memwarden.trust.present import own_word
    from memwarden.trust.testimony import stated_at

    variants = dict(VARIANTS) | (json.loads(args.variants) if args.variants else {})
    sets = {k: v for k, v in SCENARIO_SETS.items() if not args.sets or k in args.sets}
    tot: dict[str, Counter] = {k: Counter() for k in variants}
    with open(args.out, "w") as out:
        for author, sc, i, p, system in replay_probes("rank", sets=sets):
            if p.targets is not None:
                continue
            kind = "now" if p.as_of is None and p.stale is not None else "past" if p.as_of is not None else "other"
            base_cfg = system.memory.config.trust
            got = {}
            for name, fields in variants.items():
                _set(system, base_cfg.model_dump() | fields)
                res = system.memory.search(p.query, user_id=sc.user_map[p.user], limit=max(10, p.top_k),
                                           as_of=p.as_of or sc.clock).results
                t = next((k for k, h in enumerate(res) if matches(h.memory, p.target)), None)
                s = None if p.stale is None else next(
                    (k for k, h in enumerate(res) if matches(h.memory, p.stale) and not matches(h.memory, p.target)), None)
                got[name] = (t, s, res)
                tot[name][kind] += 1
                tot[name][f"{kind}@1"] += t == 0
                if kind == "now":
                    tot[name]["stale_above"] += s is not None and (t is None or s < t)
            _set(system, base_cfg.model_dump())
            t, s, res = got["base"]
            row = {"kind": kind, "author": author, "probe": f"{sc.id}/{sc.probe_id(i)}", "query": p.query, "target": p.target,
                   "stale": p.stale, "ranks": {k: v[:2] for k, v in got.items()}, "top": [h.memory for h in res[:4]],
                   "tops": {k: v[2][0].memory if v[2] else None for k, v in got.items()}}
            if kind == "now" and s is not None and t is not None and s < t:
                ht, hs = res[t], res[s]
                emb = system.memory.embedder if hasattr(system.memory, "embedder") else None
                cos = None
                if emb is not None:
                    v = emb.embed([ht.memory, hs.memory])
                    cos = float(v[0] @ v[1])
                person = asked_person(p.query)
                row["why"] = {"asks_now": asks_current_value(p.query), "own": own_word(ht), "stale_own": own_word(hs),
                              "answers": _answers(p.query)(ht.memory), "other": about_other(ht, person),
                              "later": stated_at(ht) > stated_at(hs), "cos": cos, "t_text": ht.memory, "s_text": hs.memory,
                              "t_kind": ht.kind, "s_kind": hs.kind}
            out.write(json.dumps(row, default=str) + "\n")
            out.flush()
    print(json.dumps({k: dict(v) for k, v in tot.items()}, indent=1))


if __name__ == "__main__":
    sys.exit(main())
