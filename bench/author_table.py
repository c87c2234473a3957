"""Per-author tables of the hand-written evaluation sets, the way the sessions compare a branch with main.

    PYTHONPATH=src python bench/author_table.py run OUT [--sets dev|validation|fresh|all|NAME ...] [--full]
    PYTHONPATH=src python bench/author_table.py table OUT --base BASE [--sets ...]

``run`` writes `memwarden eval scenarios --json` of each set to ``OUT/<set>.json`` (one subprocess per
set, as a user runs the CLI); with ``--full`` it also runs store-all and vector beside memwarden and
the set's verdict cases, policy cases and stance pairs (``OUT/<set>.verd.json``, ``.pol.json``,
``.stance.json``). ``table`` prints one row per author, BASE → OUT, and the mean over the authors both
hold. Only totals are printed, never a case's text, so a held-out set can be measured without being
read. The sets and their authors are `_sets.py`'s: the development sets are the ones fitted and read;
the validation sets are measured by totals only.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from _sets import AUTHORS, HELDOUT_SETS, SCENARIO_SETS, VALIDATION_SETS

ROOT = Path(__file__).resolve().parent.parent
METRICS = ("overall", "probes", "now@1", "stale", "chit", "lost", "constr@3", "multi", "abstBA", "FA", "verdict", "policy")


def _sets(names: list[str]) -> dict[str, str]:
    every = {**SCENARIO_SETS, **VALIDATION_SETS, **HELDOUT_SETS}
    out: dict[str, str] = {}
    for name in names or ["dev"]:
        if name == "dev":
            out.update(SCENARIO_SETS)
        elif name == "validation":
            out.update(VALIDATION_SETS)
        elif name == "fresh":
            out.update(HELDOUT_SETS)
        elif name == "all":
            out.update(every)
        elif name in every:
            out[name] = every[name]
        else:
            sys.exit(f"unknown set {name!r}: one of dev, validation, fresh (held-out authors, when in the repository), all, {', '.join(every)}")
    return out


def _cli(args: list[str], dest: Path) -> None:
    with dest.open("w") as fh:
        done = subprocess.run([sys.executable, "-m", "memwarden", *args], stdout=fh, stderr=subprocess.PIPE, text=True,
                              cwd=ROOT)
    if done.returncode:
        sys.exit(f"memwarden {' '.join(args)} failed ({done.returncode}): {done.stderr.strip()[-400:]}")


def run(out: Path, sets: dict[str, str], full: bool) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for i, (name, path) in enumerate(sets.items(), 1):
        print(f"[{i}/{len(sets)}] {name}", file=sys.stderr, flush=True)
        systems = ["--system", "memwarden", "--system", "store-all", "--system", "vector"] if full else []
        _cli(["eval", "scenarios", "--data", path, *systems, "--json"], out / f"{name}.json")
        folder = Path(path).parent
        if not full or folder.name == "scenarios":
            continue
        _cli(["eval", "verdict-cases", "--data", str(folder / "verdicts.jsonl"), "--split", "all", "--json"],
             out / f"{name}.verd.json")
        _cli(["eval", "policy-cases", "--data", str(folder / "governance.jsonl"), "--split", "all", "--json"],
             out / f"{name}.pol.json")
        stance = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_stance.py"), "--data",
                                 str(folder / "stance_pairs.jsonl"), "--cosine", "--json"], capture_output=True,
                                text=True, cwd=ROOT, check=True)
        (out / f"{name}.stance.json").write_text(stance.stdout)


def metrics(report: dict) -> list[float | None]:
    i, p = report["issue10"], report["per_type"]
    ab = p.get("abstain", {})
    return [report["overall"], report["probes_passed"], i.get("now_current@1"), i.get("stale_above_current_rate"),
            i.get("chitchat_stored_rate"), i.get("facts_lost"), i.get("constraint_hit@3"),
            i.get("multi_fact_all_in_top5"), ab.get("balanced_accuracy"), ab.get("false_abstention_rate"),
            p.get("verdict", {}).get("accuracy"), p.get("policy", {}).get("accuracy")]


def _report(path: Path, system: str = "memwarden") -> dict | None:
    if not path.exists():
        return None
    data = json.loads(path.read_text())
    reports = data["reports"] if "reports" in data else [data]
    return next((r for r in reports if r.get("system", "memwarden") == system), None)


def _cases(path: Path) -> float | None:
    if not path.exists():
        return None
    data = json.loads(path.read_text())
    return data["all"]["accuracy"]["value"] if "all" in data else data.get("accuracy")


def _fmt(name: str, v: float) -> str:
    return f"{v:g}" if name == "lost" else f"{v:.3f}"


def table(base: Path, out: Path, sets: dict[str, str]) -> str:
    head = [*METRICS, "verdict cases", "policy cases", "stance pairs"]
    lines = ["| set (author) | " + " | ".join(head) + " |", "|---" * (len(head) + 1) + "|"]
    sums = [[0.0, 0.0, 0] for _ in head]
    for name in sets:
        a, b = _report(base / f"{name}.json"), _report(out / f"{name}.json")
        if a is None or b is None:
            continue
        pairs = list(zip(metrics(a), metrics(b)))
        for suffix in ("verd", "pol", "stance"):
            pairs.append((_cases(base / f"{name}.{suffix}.json"), _cases(out / f"{name}.{suffix}.json")))
        cells = []
        for j, (x, y) in enumerate(pairs):
            if x is None or y is None:
                cells.append("–")
                continue
            sums[j][0] += x
            sums[j][1] += y
            sums[j][2] += 1
            cells.append(_fmt(head[j], x) if x == y else f"{_fmt(head[j], x)} → **{_fmt(head[j], y)}**")
        lines.append(f"| {name} ({AUTHORS.get(name, '?')}) | " + " | ".join(cells) + " |")
    lines.append("| mean | " + " | ".join(f"{s[0] / s[2]:.3f} → {s[1] / s[2]:.3f}" if s[2] else "–" for s in sums) + " |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("command", choices=("run", "table"))
    ap.add_argument("out", type=Path)
    ap.add_argument("--sets", nargs="*", default=["dev"])
    ap.add_argument("--base", type=Path, help="folder of an earlier `run` (table)")
    ap.add_argument("--full", action="store_true", help="also store-all/vector, verdict and policy cases, stance pairs")
    args = ap.parse_args()
    sets = _sets(args.sets)
    if args.command == "run":
        run(args.out, sets, args.full)
        if args.base:
            print(table(args.base, args.out, sets))
    else:
        if not args.base:
            sys.exit("table needs --base (the folder of the run to compare with)")
        print(table(args.base, args.out, sets))


if __name__ == "__main__":
    main()
