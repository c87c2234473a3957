"""Leave-one-author-out choice of ``episode_weight`` / ``episode_form`` from the sweep's outputs.

For each author: the (form, w) with the best pooled rank-probe score on the other four authors
(n-weighted current@1 + hit@3 - 2 * stale-above; ties to the smaller w, w=0 first), then that
author's rank metrics at the choice next to w=0. Usage: python bench/loao_episode_lift.py SWEEP_DIR
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from _sets import SCENARIO_SETS  # bench/_sets.py

AUTHORS = list(SCENARIO_SETS)
METRICS = ("current@1", "hit@3", "stale_above_rate")


def rank(path: Path) -> dict[str, float]:
    return json.loads(path.read_text())["per_type"]["rank"]


def score(runs: dict[str, dict[str, float]], authors: list[str]) -> float:
    n = sum(runs[a]["n"] for a in authors)
    return sum(runs[a]["n"] * (runs[a]["current@1"] + runs[a]["hit@3"] - 2 * runs[a]["stale_above_rate"])
               for a in authors) / n


def main() -> None:
    root = Path(sys.argv[1])
    configs: dict[tuple[str, float], dict[str, dict[str, float]]] = {}
    for p in root.glob("*_*_*.json"):
        form, w, author = p.stem.split("_", 2)
        if author in AUTHORS:
            configs.setdefault((form, float(w)), {})[author] = rank(p)
    configs = {k: v for k, v in configs.items() if len(v) == len(AUTHORS)}
    off = next(v for (f, w), v in configs.items() if w == 0)
    order = sorted(configs, key=lambda k: (k[1], k[0]))
    print("config".ljust(12) + "".join(a.rjust(10) for a in AUTHORS) + "  pooled (current@1 + hit@3 - 2 stale)")
    for k in order:
        print(f"{k[0]} {k[1]:<8}" + "".join(f"{score(configs[k], [a]):10.3f}" for a in AUTHORS)
              + f"  {score(configs[k], AUTHORS):.3f}")
    print("\nLOAO: held-out author, choice fitted on the other four, before -> after")
    for held in AUTHORS:
        rest = [a for a in AUTHORS if a != held]
        best = max(order, key=lambda k: (round(score(configs[k], rest), 6), -k[1]))
        b, a = off[held], configs[best][held]
        print(f"{held:9} {best[0]} w={best[1]:<5} " + "  ".join(f"{m} {b[m]:.3f}->{a[m]:.3f}" for m in METRICS)
              + f"  (n={int(b['n'])})")
    print("\nchoice on all five:", max(order, key=lambda k: (round(score(configs[k], AUTHORS), 6), -k[1])))


if __name__ == "__main__":
    main()
