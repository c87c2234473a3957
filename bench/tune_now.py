"""Choose ``TrustConfig.rank_newer_cosine`` / ``rank_newer_top`` (trust/present.py ``newer_first``) and
``rank_same_matter_cosine`` (the answer-type step's same-matter test) leave-one-author-out.

    PYTHONPATH=src python bench/tune_now.py [--out /tmp/tune_now.json] [--matter 0.5] [--newer 0.3 0.5 2.0]

Replays every scenario with a rank probe of the twelve development sets (bench/_sets.py) once into a
fresh :class:`~memwarden.Memory` (hand order, the default), then runs each rank probe's search
(``max(10, k)`` hits at the probe's clock, as ``memwarden eval scenarios`` does) under every
setting of the grid (searches only: the memories are the same). A setting's score on a set of
probes is the number of single-target rank probes whose target is first minus the "now" probes
(no ``as_of``, a ``stale`` value) whose stale value ranks above the target. For each author, the
setting with the best score on the other eleven is scored on it (ties: the step off, then the
same-matter cosine closest to 0.5, then the larger ``top``); the report gives per author and
pooled: now@1, stale-above, past (``as_of``) current@1, the other rank probes' current@1, before
(both off: cosines 2.0) and after. Deterministic: no sampling. LoCoMo is not in the score: measure
a chosen setting there with ``memwarden eval retrieval`` (BENCHMARKS.md, session 8).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from _replay import replay_probes  # bench/_replay.py
from _sets import SCENARIO_SETS  # bench/_sets.py

NEWER = (0.4, 0.5, 0.6, 2.0)  # rank_newer_cosine; 2.0: off
TOPS = (3, 5)
MATTER = (0.4, 0.5, 0.6, 0.7, 2.0)  # rank_same_matter_cosine; 2.0: off
OFF = "2.0/5/2.0"


def grid(matter: tuple[float, ...] = MATTER, newer: tuple[float, ...] = NEWER) -> list[tuple[float, int, float]]:
    return [(c, t, m) for c in newer for t in (TOPS if c <= 1 else TOPS[-1:]) for m in matter]


def key(c: float, t: int, m: float) -> str:
    return f"{c}/{t}/{m}"


def replay(settings: list[tuple[float, int, float]]) -> list[dict[str, Any]]:
    from memwarden.evals.scenario_format import matches

    rows: list[dict[str, Any]] = []
    for author, sc, i, p, system in replay_probes("rank"):
        row = {"author": author, "probe": f"{sc.id}/{sc.probe_id(i)}", "now": p.as_of is None and p.stale is not None,
               "past": p.as_of is not None, "multi": p.targets is not None, "by": {}}
        for cos, top, matter in settings:
            cfg = system.memory.config.trust.model_copy(
                update={"rank_newer_cosine": cos, "rank_newer_top": top, "rank_same_matter_cosine": matter})
            system.memory.config = system.memory.config.model_copy(update={"trust": cfg})
            system.memory.scopes.trust.config = cfg
            texts = [h.memory for h in system.memory.search(
                p.query, user_id=sc.user_map[p.user], limit=max(10, p.top_k), as_of=p.as_of or sc.clock).results]
            groups = p.targets if p.targets is not None else [p.target]
            t = next((k for k, x in enumerate(texts) if any(matches(x, g) for g in groups)), None)
            s_ = None if p.stale is None else next(
                (k for k, x in enumerate(texts) if matches(x, p.stale) and not (p.target and matches(x, p.target))), None)
            row["by"][key(cos, top, matter)] = {"first": t == 0, "stale_above": s_ is not None and (t is None or s_ < t)}
        rows.append(row)
    return rows


def score(rows: list[dict[str, Any]], key: str) -> int:
    return sum(int(r["by"][key]["first"]) - int(r["now"] and r["by"][key]["stale_above"]) for r in rows if not r["multi"])


def metrics(rows: list[dict[str, Any]], keys: dict[str, str]) -> dict[str, float | None]:
    def mean(xs: list[bool]) -> float | None:
        return round(sum(xs) / len(xs), 3) if xs else None
    single = [r for r in rows if not r["multi"]]
    at = lambda r: r["by"][keys[r["author"]]]  # noqa: E731
    return {"now@1": mean([at(r)["first"] for r in single if r["now"]]),
            "stale_above": mean([at(r)["stale_above"] for r in single if r["now"]]),
            "past@1": mean([at(r)["first"] for r in single if r["past"]]),
            "other@1": mean([at(r)["first"] for r in single if not r["now"] and not r["past"]])}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=None, help="also write the per-probe results here (JSON)")
    ap.add_argument("--matter", type=float, nargs="*", default=list(MATTER), help="same-matter cosines to try")
    ap.add_argument("--newer", type=float, nargs="*", default=list(NEWER), help="newer-first cosines to try (2.0: off)")
    a = ap.parse_args()
    settings = grid(tuple(a.matter), tuple(a.newer))
    rows = replay(settings)
    if a.out:
        Path(a.out).write_text(json.dumps(rows))
    keys = [key(*s) for s in settings]
    off = OFF if OFF in keys else keys[-1]  # both off, else the last setting (2.0 last in --newer: the step off)

    def best(train: list[dict[str, Any]]) -> str:
        def tie(k: str) -> tuple[float, float, int]:
            c, t, m = k.split("/")
            return (float(c) > 1, -abs(float(m) - 0.5), int(t))
        return max(keys, key=lambda k: (score(train, k), tie(k)))

    chosen: dict[str, str] = {}
    print("setting: rank_newer_cosine/rank_newer_top/rank_same_matter_cosine")
    print(f"{'author':10} {'chosen':14} before -> after (now@1, stale_above, past@1, other@1)")
    for author in SCENARIO_SETS:
        train = [r for r in rows if r["author"] != author]
        chosen[author] = best(train)
        test = [r for r in rows if r["author"] == author]
        print(f"{author:10} {chosen[author]:14} {metrics(test, {author: off})} -> {metrics(test, {author: chosen[author]})}")
    print("pooled    ", metrics(rows, {a: off for a in SCENARIO_SETS}), "->", metrics(rows, chosen))
    k = best(rows)
    print(f"all twelve: {k}", metrics(rows, {a: k for a in SCENARIO_SETS}))
    for k in keys:
        print(f"fixed {k}: score {score(rows, k)}", metrics(rows, {a: k for a in SCENARIO_SETS}))


if __name__ == "__main__":
    main()
