"""Score ``trust/verdict.py`` on the dumped verdict probes and cases of the six authors.

Reads the pickle of ``bench/dump_verdicts.py`` and judges each claim again with the verdict code
on the path, so a change to the verdict is measured on every author without replaying the
conversations. Prints accuracy pooled and per author, and per expected label (TRUE / FALSE /
UNKNOWN); ``--fails`` lists the misses, ``--author N`` only that author's.

    python bench/loao_verdict.py [--dump /tmp/verdict_dump.pkl] [--fails] [--author 6]
"""

from __future__ import annotations

import argparse
import pickle
from collections import defaultdict
from pathlib import Path

from memwarden.trust.config import TrustConfig
from memwarden.trust.verdict import verdict

LABELS = ("TRUE", "FALSE", "UNKNOWN")


def judge(rows: list[dict], config: TrustConfig | None = None) -> list[dict]:
    config = config or TrustConfig()
    out = []
    for r in rows:
        v = verdict(r["claim"], r["found"], config)
        out.append({**r, "got": v.verdict, "verdict": v})
    return out


def table(rows: list[dict]) -> str:
    by: dict = defaultdict(list)
    for r in rows:
        by[r["author"]].append(r)
        by["all"].append(r)
    lines = [f"{'author':>6} {'n':>4} {'acc':>6} {'scen':>6} {'cases':>6} " + " ".join(f"{lab:>10}" for lab in LABELS)]
    for a in sorted(by, key=str):
        rs = by[a]

        def acc(sub: list[dict]) -> str:
            return f"{sum(x['got'] == x['expect'] for x in sub) / len(sub):.3f}" if sub else "-"

        per = []
        for lab in LABELS:
            sub = [x for x in rs if x["expect"] == lab]
            per.append(f"{acc(sub)}/{len(sub):<3}" if sub else "-")
        lines.append(f"{a!s:>6} {len(rs):>4} {acc(rs):>6} {acc([x for x in rs if x['set'] == 'scenario']):>6} "
                     f"{acc([x for x in rs if x['set'] == 'cases']):>6} " + " ".join(f"{p:>10}" for p in per))
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dump", default="/tmp/verdict_dump.pkl")
    ap.add_argument("--fails", action="store_true")
    ap.add_argument("--author", type=int)
    ap.add_argument("--changed", action="store_true", help="list the items whose verdict differs from the dump's")
    args = ap.parse_args()
    rows = pickle.loads(Path(args.dump).read_bytes())
    if args.author:
        rows = [r for r in rows if r["author"] == args.author]
    got = judge(rows)
    print("before (as dumped):")
    print(table([{**r, "got": r["base"]} for r in rows]))
    print("now:")
    print(table(got))
    for r in got:
        show = (args.fails and r["got"] != r["expect"]) or (args.changed and r["got"] != r["base"])
        if show:
            mark = "+" if r["got"] == r["expect"] else "-" if r["base"] == r["expect"] else " "
            print(f"{mark} a{r['author']} {r['set']:8} {r['id']}: {r['claim']}  expect {r['expect']} got {r['got']} "
                  f"(was {r['base']})")


if __name__ == "__main__":
    main()
