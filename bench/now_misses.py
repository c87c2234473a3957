"""Count why the "now" (a ``stale`` value given, no ``as_of``) and past (``as_of``) rank probes of the
development sets fail, one class per failing probe (session 22, issue 10.3).

    PYTHONPATH=src python bench/now_misses.py --out /tmp/now_misses.jsonl [--sets heldout61 ...] \\
        [--variant '{"rank_newer_cosine": 0.5}']

Replays every scenario holding a single-target rank probe (bench/_replay.py), runs the probe's search as
``memwarden eval scenarios`` does, and for each failing "now" or past probe reads the stored claims matching
the target and the stale value: (a) no claim matching the target has a slot (the update stored no claim or
no slot); (b) both have slots, but different ones; (c) one slot, and the stale claim still ranks above the
current one; (d) the target has a slot, the stale claim none; (e) no stale value was stored as a claim and
the target is not in the hits; (f) other (a past probe whose target is in the hits but not first). Writes
one JSON line per failing probe and prints the totals: now@1, stale-above, past@1 and the other rank probes'
current@1. ``--variant``: the same searches again under those ``TrustConfig`` fields, totals side by side
and the probes that change.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

from _replay import replay_probes
from _sets import SCENARIO_SETS


def classify(target_rank, tgt, stl) -> str:
    """tgt / stl: the stored claims matching the target / stale strings (dicts)."""
    tslots = {c["slot"] for c in tgt if c["slot"]}
    if not tslots:
        return "a"
    if stl is None:
        return "f"
    sslots = {c["slot"] for c in stl if c["slot"]}
    if not stl:
        return "e" if target_rank is None else "f"
    if not sslots:
        return "d"
    return "c" if tslots & sslots else "b"


def _set(system, fields: dict) -> None:
    cfg = system.memory.config.trust.model_copy(update=fields)
    system.memory.config = system.memory.config.model_copy(update={"trust": cfg})
    system.memory.scopes.trust.config = cfg


def _score(system, sc, p, matches) -> tuple[int | None, int | None, list[str]]:
    res = system.memory.search(p.query, user_id=sc.user_map[p.user], limit=max(10, p.top_k),
                               as_of=p.as_of or sc.clock).results
    texts = [h.memory for h in res]
    t = next((k for k, x in enumerate(texts) if matches(x, p.target)), None)
    s = None if p.stale is None else next(
        (k for k, x in enumerate(texts) if matches(x, p.stale) and not matches(x, p.target)), None)
    return t, s, texts


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="/tmp/now_misses.jsonl")
    ap.add_argument("--sets", nargs="*")
    ap.add_argument("--variant", default="", help='TrustConfig fields as JSON, e.g. {"rank_newer_cosine": 0.5}')
    args = ap.parse_args()
    from memwarden.evals.scenario_format import matches

    variant = json.loads(args.variant) if args.variant else None
    sets = {k: v for k, v in SCENARIO_SETS.items() if not args.sets or k in args.sets}
    counts: Counter = Counter()
    totals = {"base": Counter(), "variant": Counter()}
    with open(args.out, "w") as out:
        for author, sc, i, p, system in replay_probes("rank", sets=sets):
            if p.targets is not None:
                continue
            kind = "now" if p.as_of is None and p.stale is not None else "past" if p.as_of is not None else "other"
            runs = [("base", None)] + ([("variant", variant)] if variant else [])
            got = {}
            for name, fields in runs:
                if fields is not None:
                    base = system.memory.config.trust
                    _set(system, fields)
                t, s, texts = _score(system, sc, p, matches)
                if fields is not None:
                    _set(system, base.model_dump())
                got[name] = (t, s, texts)
                tot = totals[name]
                tot[kind] += 1
                tot[f"{kind}@1"] += t == 0
                if kind == "now":
                    tot["stale_above"] += s is not None and (t is None or s < t)
            t, s, texts = got["base"]
            changed = variant and got["variant"][:2] != got["base"][:2]
            fail = kind != "other" and not (t == 0 and (s is None or s > t))
            if not fail and not changed:
                continue
            stored = system.memory.get_all(user_id=sc.user_map[p.user], limit=None, include_superseded=True)
            row = lambda c: {"text": c.memory, "slot": c.claim.slot if c.claim else None,  # noqa: E731
                             "value": c.claim.value if c.claim else None, "neg": bool(c.claim and c.claim.negated),
                             "status": c.status, "subject": c.claim.subject if c.claim else None}
            tgt = [row(c) for c in stored if matches(c.memory, p.target)]
            stl = None if p.stale is None else [row(c) for c in stored if matches(c.memory, p.stale)
                                                 and not matches(c.memory, p.target)]
            cls = classify(t, tgt, stl) if fail else None
            if fail:
                counts[(kind, cls)] += 1
            out.write(json.dumps({"author": author, "probe": f"{sc.id}/{sc.probe_id(i)}", "kind": kind, "class": cls,
                                  "query": p.query, "target": p.target, "stale": p.stale, "t_rank": t, "s_rank": s,
                                  "variant": got["variant"][:2] if variant else None,
                                  "top": texts[:3], "tgt": tgt, "stl": stl}) + "\n")
            out.flush()
    print(json.dumps({"totals": {k: dict(v) for k, v in totals.items()},
                      "fail": {f"{k}/{c}": n for (k, c), n in sorted(counts.items())}}, indent=1))


if __name__ == "__main__":
    sys.exit(main())
