"""Leave-one-author-out choice of the answer-value step's classes and window (trust/answer_value.py).

Replays each development author's rank probes offline: the hits a baseline run returned (an
``eval scenarios --json`` output per set, made with the step switched off), reordered by
:func:`answer_value_first` with a candidate (classes, top), scored with the evaluator's own
``matches``. The step is the ranking's last, so the replay is the order the search would return.
For each author the classes and window are chosen on the five others (:func:`choose`) and
scored on that author.

    python bench/loao_answer_value.py BASE_DIR     # BASE_DIR/base_<set>.json for every set
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import SimpleNamespace

from _sets import SCENARIO_SETS
from memwarden.evals.scenario_format import matches
from memwarden.trust.answer_value import answer_value_first

CLASSES = ("amount", "number", "name", "place", "colour", "day", "date", "time", "code", "version")
TOPS = (3, 4)


def _probes(base: Path, name: str, path: str) -> list[dict]:
    res = json.loads((base / f"base_{name}.json").read_text())
    sc = json.loads(Path(path).read_text())
    spec = {(s["id"], p["id"]): p for s in (sc["scenarios"] if isinstance(sc, dict) else sc) for p in s["probes"]}
    out = []
    for p in res["probes"]:
        q = spec.get((p["scenario"], p["probe"]))
        if p["type"] == "rank" and q is not None and q.get("target"):
            out.append({"query": p["query"], "hits": [h["memory"] for h in p["hits"]], "target": q["target"],
                        "stale": q.get("stale"), "k": p["k"]})
    return out


def _score(probe: dict, classes: frozenset[str], top: int) -> tuple[bool, bool, bool]:
    hits = [SimpleNamespace(memory=m) for m in probe["hits"]]
    order = [h.memory for h in answer_value_first(hits, probe["query"], top, classes)] if classes else probe["hits"]
    t = next((i for i, m in enumerate(order) if matches(m, probe["target"])), None)
    s = None
    if probe["stale"]:
        s = next((i for i, m in enumerate(order) if matches(m, probe["stale"]) and not matches(m, probe["target"])), None)
    return t == 0, t is not None and t < 3, s is not None and (t is None or s < t)


def _metrics(probes: list[dict], classes: frozenset[str], top: int) -> dict[str, float]:
    rows = [_score(p, classes, top) for p in probes]
    stale_n = [r for p, r in zip(probes, rows) if p["stale"]]
    n = max(len(rows), 1)
    return {"n": len(rows), "cur1": sum(r[0] for r in rows) / n, "hit3": sum(r[1] for r in rows) / n,
            "stale_above": sum(r[2] for r in stale_n) / max(len(stale_n), 1), "_c": sum(r[0] for r in rows)}


def _net(probes: list[dict], cls: str, top: int) -> int:
    """Probes the class alone puts right minus those it puts wrong (current@1)."""
    return sum(int(_score(p, frozenset({cls}), top)[0]) - int(_score(p, frozenset(), 3)[0]) for p in probes)


def choose(train: list[dict]) -> tuple[frozenset[str], int]:
    """Classes whose step does no net harm on ``train`` (wins >= losses: the mechanism is general,
    so a class is kept unless the training authors show it hurts), and the window that scores best
    on ``train`` with them (ties: the smaller)."""
    best: tuple[frozenset[str], int] = (frozenset(), 3)
    best_c = -1
    for top in TOPS:
        chosen = frozenset(c for c in CLASSES if _net(train, c, top) >= 0)
        got = _metrics(train, chosen, top)["_c"]
        if got > best_c:
            best, best_c = (chosen, top), got
    return best


def main(base: Path) -> None:
    sets = {name: _probes(base, name, path) for name, path in SCENARIO_SETS.items()}
    report = {}
    for held in sets:
        best = choose([p for n, ps in sets.items() if n != held for p in ps])
        before, after = _metrics(sets[held], frozenset(), 3), _metrics(sets[held], *best)
        report[held] = {"before": before, "after": after}
        print(f"{held:9s} top={best[1]} classes={','.join(sorted(best[0]))}")
        print(f"   before cur@1 {before['cur1']:.3f} hit@3 {before['hit3']:.3f} stale-above {before['stale_above']:.3f}  "
              f"after cur@1 {after['cur1']:.3f} hit@3 {after['hit3']:.3f} stale-above {after['stale_above']:.3f}  (n={before['n']})")
    for tag in ("before", "after"):
        c = sum(r[tag]["_c"] for r in report.values())
        n = sum(r[tag]["n"] for r in report.values())
        print(f"pooled {tag}: current@1 {c / n:.4f} ({c}/{n})")
    print("chosen on all six:", choose([p for ps in sets.values() for p in ps]))


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/work/notes/s8"))
