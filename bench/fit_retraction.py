"""Choose ``claims.retraction.TOPIC_COSINE`` leave-one-author-out over the twelve authors' scenarios.

Every scenario with a retracting user turn ("nope I had it wrong, ...") is replayed with the cosine test
off (only a shared content word binds), recording each earlier claim the correction weighed, in the
order it weighs them. For a threshold, a correction takes the first one sharing a content word or at
that cosine; it is right when that claim holds a probe's ``stale`` text, wrong otherwise. For each
author left out, the threshold maximising right - wrong on the eleven others (ties: the highest, the
most careful) is applied to it. Usage: ``python bench/fit_retraction.py`` from the repository root."""

from __future__ import annotations

import json
import re
import sys

import numpy as np

from _sets import SCENARIO_SETS

AUTHORS = {"dev": 1, "dev2": 2, "heldout": 3, "heldout2": 4, "heldout3": 5, "heldout4": 6, "heldout5": 7,
           "heldout6": 8, "heldout9": 9, "heldout10": 10, "heldout7": 11, "heldout8": 12}
GRID = [round(x, 2) for x in np.arange(0.10, 0.71, 0.01)]


def traces() -> list[tuple[int, str, list[list[dict]], list[str]]]:
    from memwarden import Memory
    from memwarden.claims import retraction

    real = retraction.retractions
    out = []
    for name, path in SCENARIO_SETS.items():
        for s in json.load(open(path))["scenarios"]:
            turns = [m for ses in s["sessions"] for m in ses["messages"]]
            if not any(m["role"] == "user" and retraction.RETRACT.search(m["content"]) for m in turns):
                continue
            groups: list[list[dict]] = []

            def traced(*a, **k):
                k.pop("threshold", None)
                log: list[dict] = []
                got = real(*a, threshold=2.0, trace=log, **k)
                by: dict[int, list[dict]] = {}
                for e in log:  # per correction claim, in the order it weighed them
                    by.setdefault(e["claim"], []).append(e)
                groups.extend(by.values())
                return got

            retraction.retractions = traced
            try:
                m = Memory()
                for ses in s["sessions"]:
                    m.add([{"role": x["role"], "content": x["content"]} for x in ses["messages"]], user_id="A",
                          timestamp=ses.get("ts"))
            finally:
                retraction.retractions = real
            stale = [t.lower() for p in s["probes"] for t in p.get("stale") or []]
            out.append((AUTHORS[name], s["id"], groups, stale))
    return out


def score(rows, theta: float, authors: set[int]) -> int:
    """Right picks minus wrong ones; a claim taken once is not weighed again (as in ``retractions``)."""
    n = 0
    for a, _, groups, stale in rows:
        if a not in authors:
            continue
        taken: set[str] = set()
        for g in groups:
            pick = next((e for e in g if e["ref"] not in taken and (e["shared"] or e["cos"] >= theta)), None)
            if pick is not None:
                taken.add(pick["ref"])
                said = re.sub(r" \(\d{4}-[\d.-]+\)", "", pick["old"]).lower()  # as said, less the resolved date
                n += 1 if any(t in said for t in stale) else -1
    return n


def main() -> None:
    rows = traces()
    for a, sid, groups, stale in rows:
        for g in groups:
            print(a, sid, [(e["kind"], round(e["cos"], 3), e["shared"], e["old"][:50]) for e in g], stale, file=sys.stderr)
    every = set(AUTHORS.values())
    for a in sorted(every):
        rest = every - {a}
        best = max(GRID, key=lambda t: (score(rows, t, rest), t))
        print(f"author {a:2d}: threshold {best:.2f} (others {score(rows, best, rest):+d}), held out {score(rows, best, {a}):+d}")
    best = max(GRID, key=lambda t: (score(rows, t, every), t))
    print(f"all twelve: threshold {best:.2f} ({score(rows, best, every):+d})")


if __name__ == "__main__":
    main()
