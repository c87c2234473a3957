"""Dump what ``Memory.verdict`` reads for every verdict probe and case of the development authors (`_sets.SCENARIO_SETS`).

For each scenario verdict probe (bench/_sets.py) and each verdict case (evals/cases/verdicts.jsonl,
author 1; evals/heldout*/verdicts.jsonl, authors 3-62; never heldout61-65, the validation authors 63-67) the search result the verdict judges is
pickled with the claim, the expected label and the author, so ``bench/loao_verdict.py`` can score
changes to ``trust/verdict.py`` (and tune its thresholds leave one author out) without replaying
the conversations. The search itself is unchanged by verdict-only changes; re-dump after changing
anything upstream of it (extraction, retrieval, reliability).

    python bench/dump_verdicts.py [--out /tmp/verdict_dump.pkl] [--mma-out /tmp/verdict_mma.pkl]

``--mma-out`` also dumps the MMA generator's events (``--mma-seed``, 1000 by default; 20 cases, text
mode, no domain labels: the CoRe check ``memwarden eval mma`` runs), author 0, kind A-D in ``id``;
``--mma-only`` dumps those alone. loao_verdict.py with ``--dump`` on that file and ``--core`` reports
their CoRe per type (session 13: identical to the eval's on seeds 0 and 1000).
"""

from __future__ import annotations

import argparse
import pickle
import sys
from pathlib import Path

from _sets import AUTHORS, SCENARIO_SETS

import memwarden.facade_trust as facade  # Memory.verdict calls its _verdict (session 21 split)
from memwarden.config import MemoryConfig
from memwarden.evals import verdict_cases
from memwarden.evals.scenario_format import load_scenarios
from memwarden.evals.scenarios import evaluate_scenario
from memwarden.evals.scenario_systems import MemwardenSystem, make_embedder
from memwarden.memory import Memory

AUTHOR = AUTHORS
CASES = {1: "evals/cases/verdicts.jsonl", 3: "evals/heldout/verdicts.jsonl", 4: "evals/heldout2/verdicts.jsonl",
         5: "evals/heldout3/verdicts.jsonl", 6: "evals/heldout4/verdicts.jsonl",
         7: "evals/heldout5/verdicts.jsonl", 8: "evals/heldout6/verdicts.jsonl", 9: "evals/heldout9/verdicts.jsonl",
         10: "evals/heldout10/verdicts.jsonl", 11: "evals/heldout7/verdicts.jsonl", 12: "evals/heldout8/verdicts.jsonl",
         **{n + 2: f"evals/heldout{n}/verdicts.jsonl" for n in range(11, 101)}}

_seen: list = []
_real = facade._verdict


def _spy(claim, found, config, *rest):
    _seen.append((claim, found))
    return _real(claim, found, config, *rest)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="/tmp/verdict_dump.pkl")
    ap.add_argument("--mma-out")
    ap.add_argument("--mma-seed", type=int, default=1000)
    ap.add_argument("--mma-only", action="store_true", help="dump only the MMA events")
    ap.add_argument("--cases-only", nargs="*", metavar="AUTHOR=FILE",
                    help="dump only these verdict-case files (e.g. 101=/work/vdev1/verdicts.jsonl), no scenarios")
    ap.add_argument("--authors", nargs="*", type=int, help="dump only these development authors' probes and cases")
    args = ap.parse_args()
    facade._verdict = _spy
    emb = make_embedder("minilm")
    if args.mma_only:
        Path(args.mma_out).write_bytes(pickle.dumps(_mma(emb, args.mma_seed)))
        return
    rows = []
    cases = CASES
    if args.cases_only is not None:
        cases = {int(a): f for a, f in (x.split("=", 1) for x in args.cases_only)}
    sets = {} if args.cases_only is not None else SCENARIO_SETS
    if args.authors:
        sets = {n: p for n, p in sets.items() if AUTHOR[n] in args.authors}
        cases = {a: p for a, p in cases.items() if a in args.authors}
    for name, path in sets.items():
        data = load_scenarios(path)
        for sc in data.scenarios:
            vps = [p for p in sc.probes if p.type == "verdict"]
            if not vps:
                continue
            sc = sc.model_copy(update={"probes": vps})
            system = MemwardenSystem(emb)
            try:
                _seen.clear()
                probes, _, _ = evaluate_scenario(system, sc)
            finally:
                system.close()
            for pr, (claim, found) in zip(probes, _seen):
                assert pr.query == claim
                rows.append({"author": AUTHOR[name], "set": "scenario", "id": pr.probe, "claim": claim,
                             "expect": pr.expect, "base": pr.verdict, "found": found})
        print(name, len(rows), file=sys.stderr)
    for author, path in cases.items():
        memory = Memory(config=MemoryConfig(database=":memory:", embedder="minilm"), embedder=emb)
        try:
            for c in verdict_cases.load_cases(path):
                uid = f"vc-{c['id']}"
                as_of = verdict_cases.add_case(memory, c, uid)
                _seen.clear()
                v = memory.verdict(c["claim"], user_id=uid, as_of=as_of)
                rows.append({"author": author, "set": "cases", "id": c["id"], "claim": c["claim"], "expect": c["expect"],
                             "base": v.verdict, "found": _seen[0][1]})
        finally:
            memory.close()
        print(path, len(rows), file=sys.stderr)
    Path(args.out).write_bytes(pickle.dumps(rows))
    if args.mma_out:
        Path(args.mma_out).write_bytes(pickle.dumps(_mma(emb, args.mma_seed)))


def _mma(emb, seed: int = 1000) -> list[dict]:
    from datetime import timedelta

    from memwarden.evals.mma import generate, load_case

    rows = []
    memory = Memory(config=MemoryConfig(database=":memory:", embedder="minilm"), embedder=emb)
    try:
        for case in generate(seed, 20):
            uid = load_case(memory, case, "text", domain_labels=False)
            as_of = case.session_time(10) + timedelta(days=1)
            for i, e in enumerate(case.events):
                if e.kind == "calibration":
                    continue
                _seen.clear()
                v = memory.verdict(e.claim, user_id=uid, as_of=as_of)
                rows.append({"author": 0, "set": "mma", "id": f"{e.kind}-{uid}-{i}", "claim": e.claim, "expect": e.label,
                             "base": v.verdict, "found": _seen[0][1]})
    finally:
        memory.close()
    return rows


if __name__ == "__main__":
    main()
