"""What a name on the user's turns does to the scenarios (session 17, a lead's measurement for issues 10-11).

Users of mem0-style APIs often pass ``{"role": "user", "name": "Maya", ...}`` (the README's own example does).
In the scenario format (SCENARIOS.md) a named user-role turn is a THIRD PARTY speaking, so giving every
unnamed user turn of a development set one name asks how much of memwarden's behaviour hangs on that
reading. Writes each set with the name added to ``OUT/<set>.named.json``, runs ``memwarden eval scenarios``
on it into ``OUT/<set>.json``, and prints the per-author table against ``--base`` (an ``author_table.py run``
or ``run_dev`` output of the same code without names).

    PYTHONPATH=src python bench/named_turns.py OUT --base BASE [--sets heldout36 heldout37 ...] [--name Robin] [--user-name]

``--user-name`` (session 18) also passes the name as the product's API would, ``add(user_name="Robin")``
on every session (``memwarden eval scenarios --user-name``): the named turns are then the user's.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import author_table as t  # bench/author_table.py
from _sets import SCENARIO_SETS  # bench/_sets.py

ROOT = Path(__file__).resolve().parents[1]


def named(path: Path, name: str) -> tuple[dict, int]:
    """The scenario file with ``name`` on every user turn that has none, and how many turns got it."""
    data = json.loads(path.read_text())
    n = 0
    for sc in data["scenarios"]:
        for ses in sc["sessions"]:
            for m in ses["messages"]:
                if m.get("role") == "user" and not m.get("name"):
                    m["name"] = name
                    n += 1
    return data, n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--base", type=Path, required=True, help="the same sets' eval scenarios JSON without names")
    ap.add_argument("--sets", nargs="*", default=list(SCENARIO_SETS), help="development sets (bench/_sets.py)")
    ap.add_argument("--name", default="Robin")
    ap.add_argument("--user-name", action="store_true", help="pass the name as add(user_name=) too")
    args = ap.parse_args()
    unknown = [s for s in args.sets if s not in SCENARIO_SETS]
    if unknown:
        sys.exit(f"not development sets: {', '.join(unknown)} (validation and held-out sets are never run here)")
    args.out.mkdir(parents=True, exist_ok=True)
    for i, s in enumerate(args.sets, 1):
        data, n = named(ROOT / SCENARIO_SETS[s], args.name)
        src = args.out / f"{s}.named.json"
        src.write_text(json.dumps(data))
        print(f"[{i}/{len(args.sets)}] {s}: {n} user turns named {args.name!r}", file=sys.stderr, flush=True)
        t._cli(["eval", "scenarios", "--data", str(src), "--json", *(["--user-name", args.name] if args.user_name else [])],
               args.out / f"{s}.json")
    print(t.table(args.base, args.out, {s: SCENARIO_SETS[s] for s in args.sets}))


if __name__ == "__main__":
    main()
