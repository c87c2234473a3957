"""The claim gate on hand-labelled turns: chit-chat turns that yield a claim, fact turns that do.

    PYTHONPATH=src python bench/bench_gate.py [--data evals/cases/turns.jsonl] [--show] [--no-gate]

Each row is one ``extract`` call: its ``prev`` message (from the other side) then the turn. A
fact turn counts as kept when it yields at least one claim; a chit-chat turn counts as stored
when it yields any claim that is not an assistant's echo (echoes add no testimony).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

if __name__ == "__main__":
    from memwarden.claims.gate import measure_turns

    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(ROOT / "evals/cases/turns.jsonl"))
    ap.add_argument("--show", action="store_true", help="print every misclassified turn")
    ap.add_argument("--no-gate", action="store_true", help="the extractor without the gate (the baseline)")
    a = ap.parse_args()
    rows = [json.loads(line) for line in Path(a.data).read_text().splitlines() if line.strip()]
    res = measure_turns(rows, gate=not a.no_gate)
    print(json.dumps({k: v for k, v in res.items() if k != "errors"}, indent=1))
    if a.show:
        for e in res["errors"]:
            print(f"{e['label']:9} {e['id']} {e['text']!r} -> {e['claims']} {e.get('reason', '')}")
    sys.exit(0)
