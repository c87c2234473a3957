"""Sweep ``FusionConfig.episode_weight`` / ``episode_form`` over the scenario sets (issue 10 follow-up).

Runs ``memwarden eval scenarios`` in-process with every Memory's fusion patched, one --json per
(form, weight, set) in OUT; ``bench/loao_episode_lift.py`` then picks w leave-one-author-out.
Usage: python bench/sweep_episode_lift.py OUT FORM W [W ...]
       python bench/sweep_episode_lift.py OUT FORM W --locomo LOCOMO_JSON   (retrieval recall@10 / MRR)
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from _sets import SCENARIO_SETS  # bench/_sets.py

SETS = SCENARIO_SETS

_RUN = """
import sys
from memwarden import config
from memwarden.cli import main
form, w = sys.argv[1], float(sys.argv[2])
orig = config.MemoryConfig.fusion
def fusion(self):
    f = orig(self)
    from dataclasses import replace
    return replace(f, episode_weight=w, episode_form=form)
config.MemoryConfig.fusion = fusion
sys.argv = ["memwarden", "eval", *sys.argv[4:], "--data", sys.argv[3], "--json"]
main()
"""


def main() -> None:
    out, form, weights = Path(sys.argv[1]), sys.argv[2], sys.argv[3:]
    out.mkdir(parents=True, exist_ok=True)
    if "--locomo" in weights:
        w, data = weights[0], weights[-1]
        res = subprocess.run([sys.executable, "-c", _RUN, form, w, data, "retrieval", "--k", "10"],
                             capture_output=True, text=True, check=True)
        (out / f"{form}_{w}_locomo.json").write_text(res.stdout)
        return
    for w in weights:
        for name, path in SETS.items():
            dest = out / f"{form}_{w}_{name}.json"
            if dest.exists():
                continue
            res = subprocess.run([sys.executable, "-c", _RUN, form, w, path, "scenarios"], capture_output=True, text=True,
                                 check=True)
            dest.write_text(res.stdout)
            print(dest, flush=True)


if __name__ == "__main__":
    main()
