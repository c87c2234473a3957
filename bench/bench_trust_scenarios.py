"""Trust settings on the scenario set: the headline of each trust-related kind per TrustConfig variant.

    PYTHONPATH=src python bench/bench_trust_scenarios.py --data evals/scenarios/dev.json \\
        '{"rank_weight": 0, "rank_conflicts": false}' '{}' '{"rank_weight": 1.5}'

Each argument is a JSON object of TrustConfig overrides ('{}' = the defaults). Prints, per variant,
source_reliability (current@1, verdict accuracy), knowledge_update current@1, indirect_constraint
hit@3, multi_fact, and abstention (balanced accuracy, precision, recall, false abstentions).
This is how ``rank_weight``/``rank_signal``/``rank_conflicts`` were chosen (BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import json

from memwarden.evals.scenario_format import load_scenarios
from memwarden.evals.scenario_systems import MemwardenSystem, make_embedder
from memwarden.evals.scenarios import run_scenarios

KINDS = ("source_reliability", "knowledge_update", "indirect_constraint", "multi_fact", "abstention")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="evals/scenarios/dev.json")
    ap.add_argument("variants", nargs="*", default=["{}"])
    args = ap.parse_args()
    data = load_scenarios(args.data)
    emb = make_embedder("minilm")
    for raw in args.variants:
        update = json.loads(raw)

        def factory() -> MemwardenSystem:
            s = MemwardenSystem(emb)
            cfg = s.memory.config.trust.model_copy(update=update)
            s.memory.config = s.memory.config.model_copy(update={"trust": cfg})
            s.memory.scopes.trust.config = cfg  # the engine holds its own reference
            return s

        out = {}
        for kind in KINDS:
            r = run_scenarios(data, factory, only=kind)
            if not r["scenarios"]:
                continue
            head = r["per_kind"][kind]["headline"]
            pt = r["per_type"]
            if kind == "source_reliability":
                out[kind] = {"headline": head, "current@1": pt["rank"]["current@1"], "verdict": pt["verdict"]["accuracy"]}
            elif kind == "abstention":
                a = pt["abstain"]
                out[kind] = {"balanced": head, "precision": a["precision"], "recall": a["recall"],
                             "false_abstention": a["false_abstention_rate"]}
            else:
                out[kind] = head
        print(json.dumps(update), json.dumps(out))


if __name__ == "__main__":
    main()
