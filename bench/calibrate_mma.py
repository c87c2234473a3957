"""Sweep the verdict threshold and the track-record prior strength on the tuning seeds.

    PYTHONPATH=src python bench/calibrate_mma.py --cases 5 [--no-domain-labels]

Prints CoRe per (prior_strength, verdict_true); the chosen defaults live in trust/config.py.
The tuning seeds are ``memwarden.evals.mma.TUNING_SEEDS`` (0, 1, 2) and nothing else: report
held-out seeds (1000, 2000) with ``memwarden eval mma``. ``--no-domain-labels`` stores the
dialogue without the generator's per-turn domain (real conversations have none).
"""

from __future__ import annotations

import argparse
import itertools
import statistics

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.evals.mma import TUNING_SEEDS, core, generate, load_case
from memwarden.trust.config import TrustConfig


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default=",".join(map(str, TUNING_SEEDS)),
                    help="comma-separated generator seeds (default: the tuning seeds)")
    ap.add_argument("--no-domain-labels", dest="domain_labels", action="store_false")
    ap.add_argument("--cases", type=int, default=10)
    ap.add_argument("--mode", default="text")
    args = ap.parse_args()
    seeds = [int(x) for x in args.seeds.split(",")]
    for strength in (0.5, 1.0, 2.0):
        rows = []
        cfg = MemoryConfig(trust=TrustConfig(prior_strength=strength, verdict_true=0.99999, verdict_false=0.0))
        m = Memory(config=cfg)
        for seed in seeds:
            for case in generate(seed, args.cases):
                uid = load_case(m, case, args.mode, domain_labels=args.domain_labels)
                as_of = case.session_time(11)
                for e in case.events:
                    if e.kind in "ABCD":
                        v = m.verdict(e.claim, user_id=uid, as_of=as_of)
                        refuted = any(i.role == "evidence" and i.stance == "contradict" for i in v.evidence)
                        rows.append((e.kind, e.label, v.p_true, refuted))
        m.close()
        for t_true, t_false in itertools.product((0.75, 0.8, 0.85, 0.9, 0.95), (0.05, 0.1, 0.15)):
            scores = []
            for kind, label, p, refuted in rows:
                ans = "TRUE" if p >= t_true else "FALSE" if p <= t_false and refuted else "UNKNOWN"
                scores.append(core(kind, label, ans))
            print(f"strength={strength} true>={t_true} false<={t_false} CoRe={statistics.fmean(scores):.4f} n={len(rows)}")


if __name__ == "__main__":
    main()
