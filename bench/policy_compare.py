"""Compare two ``bench/policy_misses.py --out`` files (main and a branch): accuracy of cases and probes (pooled and
mean per author), correct / expected per gold policy, precision of the policies given, and the items that moved.

    PYTHONPATH=src python bench/policy_compare.py BASE.jsonl BRANCH.jsonl [--show]
"""
from __future__ import annotations

import argparse
import json
from collections import defaultdict


def load(path: str) -> dict[tuple, dict]:
    out = {}
    for line in open(path):
        r = json.loads(line)
        out[(r["author"], r["source"], r["case"], r["memory"], r["query"])] = r
    return out


def summary(rows: dict[tuple, dict], source: str) -> tuple[float, float, dict, dict]:
    items = [r for r in rows.values() if r["source"].startswith(source) and r["gold"]]
    per = defaultdict(list)
    for r in items:
        per[r["author"]].append(r["ok"])
    pooled = sum(r["ok"] for r in items) / max(1, len(items))
    mean = sum(sum(v) / len(v) for v in per.values()) / max(1, len(per))
    recall, prec = defaultdict(lambda: [0, 0]), defaultdict(lambda: [0, 0])
    for r in items:
        for g in r["gold"]:
            recall[g][1] += 1
            recall[g][0] += r["given"] == g
        prec[r["given"]][1] += 1
        prec[r["given"]][0] += r["ok"]
    return pooled, mean, dict(recall), dict(prec)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("base")
    ap.add_argument("branch")
    ap.add_argument("--show", action="store_true")
    a = ap.parse_args()
    base, br = load(a.base), load(a.branch)
    for source in ("case", "probe"):
        b, n = summary(base, source), summary(br, source)
        print(f"{source}: pooled {b[0]:.4f} -> {n[0]:.4f}, mean per author {b[1]:.4f} -> {n[1]:.4f}")
        for p in sorted(set(b[2]) | set(n[2])):
            print(f"   gold {p:<20} {b[2].get(p, [0, 0])[0]}/{b[2].get(p, [0, 0])[1]} -> {n[2].get(p, [0, 0])[0]}/{n[2].get(p, [0, 0])[1]}"
                  f"    given, right/given {b[3].get(p, [0, 0])[0]}/{b[3].get(p, [0, 0])[1]} -> {n[3].get(p, [0, 0])[0]}/{n[3].get(p, [0, 0])[1]}")
    up = [k for k in base if k in br and br[k]["gold"] and br[k]["ok"] and not base[k]["ok"]]
    down = [k for k in base if k in br and br[k]["gold"] and base[k]["ok"] and not br[k]["ok"]]
    print(f"newly right {len(up)}, newly wrong {len(down)}")
    if a.show:
        for tag, ks in (("UP", up), ("DOWN", down)):
            for k in ks:
                r, o = br[k], base[k]
                print(tag, r["author"], r["source"], r["gold"], o["given"], "->", r["given"], r["first"], "|", r["query"][:80], "|", r["text"][:120])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
