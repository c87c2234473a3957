"""Every indirect-constraint probe whose target is not in the top 3 and every multi-fact probe missing a target in the
top 5, over the development authors, from reports already written (issue 10; session 15).

    /work/tools/s15/run_dev.sh WORKTREE OUT            # or: bench/author_table.py run OUT --sets dev
    PYTHONPATH=src python bench/request_misses.py OUT [--summary]

For each miss: the author, the probe, whether the query reads as a request (``is_request``: the constraint lift
applies only then), each target group's rank in the report's hits (None: not in the first 10, usually not stored or
superseded; ``bench/constraint_misses.py`` replays a constraint miss to say which), and the first hits. The probe's
targets are read from the scenario file, the hits from the report, so nothing is searched again. ``--summary``:
one line per author (misses of each kind, and how many targets were not returned at all). Development sets only
(``bench/_sets.py``): a validation set is refused.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from _sets import AUTHORS, SCENARIO_SETS, VALIDATION_SETS

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("indirect_constraint", "multi_fact")


def misses(report: dict, scenarios: dict) -> list[dict]:
    """The report's failed constraint@3 / multi-fact@5 probes, each with its target groups' ranks (1-based or None)."""
    from memwarden.evals.scenario_format import matches

    out = []
    for p in report["probes"]:
        if p["kind"] not in KINDS or p["type"] != "rank":
            continue
        probe = next(x for x in scenarios[p["scenario"]].probes if x.id == p["probe"])
        if p["kind"] == "indirect_constraint":
            ok, groups = p["hit_at_3"], [probe.target]
        else:
            ok = p["all_targets"] if p["all_targets"] is not None else p["hit_at_k"]
            groups = probe.targets if probe.targets is not None else [probe.target]
        if ok:
            continue
        hits = [h["memory"] for h in p["hits"]]
        ranks = [next((i + 1 for i, h in enumerate(hits) if matches(h, g)), None) for g in groups]
        out.append({"kind": p["kind"], "id": f"{p['scenario']}/{p['probe']}", "query": p["query"],
                    "targets": list(zip(groups, ranks)), "hits": hits})
    return out


def main() -> None:
    from memwarden.evals.scenario_format import load_scenarios
    from memwarden.retrieval.search import is_request

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="directory of <set>.json reports (run_dev.sh / author_table.py run)")
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()
    for name, author in AUTHORS.items():
        if name in VALIDATION_SETS or name not in SCENARIO_SETS:
            continue  # never read a validation set's probes
        path = Path(args.out, f"{name}.json")
        if not path.exists():
            continue
        report = json.loads(path.read_text(encoding="utf-8"))
        scenarios = {s.id: s for s in load_scenarios(ROOT / SCENARIO_SETS[name]).scenarios}
        found = misses(report, scenarios)
        if args.summary:
            by = {k: sum(1 for m in found if m["kind"] == k) for k in KINDS}
            gone = sum(1 for m in found for _, r in m["targets"] if r is None)
            print(f"author {author:2d} ({name}): constraint misses {by[KINDS[0]]}, multi-fact misses {by[KINDS[1]]}, "
                  f"targets not returned {gone}")
            continue
        for m in found:
            print(f"\n== author {author} ({name}) {m['kind']} {m['id']} request={is_request(m['query'])}: {m['query']}")
            for g, r in m["targets"]:
                print(f"   target {g}: rank {r}")
            for i, h in enumerate(m["hits"][:6]):
                print(f"   {i + 1}. {h[:150]}")


if __name__ == "__main__":
    sys.exit(main())
