"""Which abstention rule refuses the answerable abstain probes, and how many unanswerable ones no rule
refuses, per development author, on the searches `bench/fit_abstain.py collect` stored.

    PYTHONPATH=src python bench/fit_abstain.py collect --out /tmp/scen.pkl
    PYTHONPATH=src python bench/abstain_probe_rules.py --rows /tmp/scen.pkl [--list fa|miss|RULE]

Per author: the unanswerable probes refused (recall), the answerable ones refused (false abstentions)
and the balanced accuracy as the scenario runner counts it (an answerable probe counts only when it
is answered with its target in the top 3); then the rule behind each false abstention with the
authors it occurs in (rule names as in `bench/abstain_rank_probes.py`). Re-runs
:func:`memwarden.trust.abstain.rule_decision` on the stored searches (no embedding). Session 13.
"""

from __future__ import annotations

import argparse
import pickle
from collections import Counter, defaultdict
from pathlib import Path

from memwarden.trust.abstain import rule_decision
from memwarden.trust.config import TrustConfig
from abstain_rank_probes import rule_of  # bench/abstain_rank_probes.py


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=Path, required=True)
    ap.add_argument("--list", default=None, help="fa (every false abstention), miss (every unanswerable answered) or a rule")
    a = ap.parse_args()
    cfg = TrustConfig()
    per: dict[str, Counter] = defaultdict(Counter)
    by_rule, authors = Counter(), defaultdict(set)
    for r in pickle.loads(a.rows.read_bytes()):
        res = r["result"]
        d = rule_decision(r["query"], res.results, res.conflicts, cfg) if res.results else ("no_evidence", "nothing in this scope")
        c = per[r["group"]]
        if r["label"]:
            c["pos"] += 1
            c["tp"] += d is not None
            if d is None and a.list == "miss":
                print(f"MISS {r['group']} {r['probe']} | {r['query']}")
            continue
        c["neg"] += 1
        if d is None:
            c["t3_missing"] += r["target_in_3"] is False
            continue
        c["fa"] += 1
        by_rule[rule_of(d)] += 1
        authors[rule_of(d)].add(r["group"])
        if a.list in ("fa", rule_of(d)):
            print(f"FA {r['group']} {r['probe']} | {r['query']} | {d[1]}")
    print("| set | unanswerable | answerable | recall | false abstentions | balanced accuracy |\n|---|---|---|---|---|---|")
    bas, fas = [], []
    for g, c in per.items():
        rec = c["tp"] / c["pos"] if c["pos"] else 0.0
        fa = c["fa"] / c["neg"] if c["neg"] else 0.0
        ctl = (c["neg"] - c["fa"] - c["t3_missing"]) / c["neg"] if c["neg"] else 0.0
        bas.append((rec + ctl) / 2)
        fas.append(fa)
        print(f"| {g} | {c['pos']} | {c['neg']} | {rec:.3f} | {fa:.3f} | {(rec + ctl) / 2:.3f} |")
    print(f"| mean over authors | | | | {sum(fas) / len(fas):.3f} | {sum(bas) / len(bas):.3f} |\n")
    for rule, n in by_rule.most_common():
        print(f"{rule}: {n} ({len(authors[rule])} authors: {', '.join(sorted(authors[rule]))})")


if __name__ == "__main__":
    main()
