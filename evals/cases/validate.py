"""Check the hand-written case files: one JSON object per line, required fields, label values, unique ids.

Usage: python evals/cases/validate.py [DIR]   (exit 1 on any problem; prints counts per label)
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

POLICIES = {"use", "constrain_to_scope", "defer_to_evidence", "ignore_as_evidence", "superseded"}
STANCES = {"agree", "contradict", "unrelated"}
VERDICTS = {"TRUE", "FALSE", "UNKNOWN"}


def _ts_ok(ts: object) -> bool:
    if not isinstance(ts, str):
        return False
    try:
        datetime.fromisoformat(ts.replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


def _text(v: object) -> bool:
    return isinstance(v, str) and v.strip() != ""


def check_governance(row: dict, err: list[str], counts: Counter) -> None:
    mems = row.get("memories")
    if not isinstance(mems, list) or not 1 <= len(mems) <= 4:
        err.append("memories must be a list of 1-4 items")
        return
    ids = set()
    for m in mems:
        if not (isinstance(m, dict) and _text(m.get("id")) and _text(m.get("text")) and _text(m.get("speaker"))):
            err.append(f"bad memory {m!r}")
            continue
        if not _ts_ok(m.get("ts")):
            err.append(f"memory {m.get('id')}: ts is not ISO 8601")
        if m["id"] in ids:
            err.append(f"duplicate memory id {m['id']}")
        ids.add(m["id"])
    if not _text(row.get("query")):
        err.append("query missing")
    ev = row.get("evidence")
    if not (isinstance(ev, list) and all(_text(e) for e in ev)):
        err.append("evidence must be a list of strings (may be empty)")
    exp = row.get("expect")
    if not isinstance(exp, dict) or not exp:
        err.append("expect must be a non-empty object")
        return
    for mid, pols in exp.items():
        if mid not in ids:
            err.append(f"expect names unknown memory {mid}")
        if not (isinstance(pols, list) and pols and set(pols) <= POLICIES):
            err.append(f"expect[{mid}] must be a non-empty list drawn from {sorted(POLICIES)}")
            continue
        counts["|".join(pols)] += 1
        for p in pols:
            counts["any:" + p] += 1
    if not _text(row.get("why")):
        err.append("why missing")


def check_stance(row: dict, err: list[str], counts: Counter) -> None:
    for k in ("a", "b", "note"):
        if not _text(row.get(k)):
            err.append(f"{k} missing")
    if row.get("label") not in STANCES:
        err.append(f"label must be one of {sorted(STANCES)}")
    else:
        counts[row["label"]] += 1


def check_verdict(row: dict, err: list[str], counts: Counter) -> None:
    mems = row.get("memories")
    if not isinstance(mems, list):
        err.append("memories must be a list (may be empty)")
    else:
        for m in mems:
            if not (isinstance(m, dict) and _text(m.get("text")) and _text(m.get("speaker")) and _ts_ok(m.get("ts"))):
                err.append(f"bad memory {m!r}")
    if not _text(row.get("claim")):
        err.append("claim missing")
    if not _text(row.get("why")):
        err.append("why missing")
    if row.get("expect") not in VERDICTS:
        err.append(f"expect must be one of {sorted(VERDICTS)}")
    else:
        counts[row["expect"]] += 1


CHECKS = {"governance.jsonl": check_governance, "stance_pairs.jsonl": check_stance, "verdicts.jsonl": check_verdict}


def validate(path: Path, check) -> tuple[int, Counter, list[str]]:
    problems: list[str] = []
    counts: Counter = Counter()
    seen: set[str] = set()
    n = 0
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        n += 1
        where = f"{path.name}:{lineno}"
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(f"{where}: not JSON ({exc})")
            continue
        if not isinstance(row, dict):
            problems.append(f"{where}: not an object")
            continue
        rid = row.get("id")
        if not _text(rid):
            problems.append(f"{where}: id missing")
        elif rid in seen:
            problems.append(f"{where}: duplicate id {rid}")
        else:
            seen.add(rid)
        err: list[str] = []
        check(row, err, counts)
        problems.extend(f"{where} ({rid}): {e}" for e in err)
    return n, counts, problems


def main(argv: list[str]) -> int:
    root = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent
    bad = False
    for name, check in CHECKS.items():
        path = root / name
        if not path.exists():
            print(f"{name}: MISSING")
            bad = True
            continue
        n, counts, problems = validate(path, check)
        print(f"{name}: {n} rows; " + ", ".join(f"{k}={v}" for k, v in sorted(counts.items())))
        for p in problems:
            print("  " + p)
        bad = bad or bool(problems)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
