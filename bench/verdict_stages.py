"""Where verdicts fail, by stage, per author (session 12, issue 11).

Reads the pickle of ``bench/dump_verdicts.py``, judges each claim again with the verdict code on the
path, and puts each miss in one stage:

- ``a`` the deciding memory not retrieved: nothing speaks and no hit shares a word, value or name
  with the claim;
- ``b`` retrieved but read as silent: nothing speaks though a hit touches the claim, or only the
  wrong side speaks while a later strong (first-hand or document) memory is silent;
- ``c`` stance of the wrong sign: the latest strong memory read speaks for the wrong side;
- ``d`` source weights: both sides read and the wrong one won, or the right side superseded;
- ``e`` threshold: only the right side read but not enough (or an UNKNOWN claim settled).

A heuristic, meant to count, not to judge one case: read the misses (``--ids``) before fixing a class.

    python bench/verdict_stages.py [--dump /tmp/verdict_dump.pkl] [--ids]
"""

from __future__ import annotations

import argparse
import pickle
from collections import defaultdict
from pathlib import Path

from memwarden.trust.config import TrustConfig
from memwarden.trust.features import features
from memwarden.trust.testimony import stated_at
from memwarden.claims.reading import slot_reading
from memwarden.trust.verdict import as_first_person, verdict

STRONG = {"user", "document", "tool", "image", "web"}


def _touches(claim: str, text: str) -> bool:
    fq, fm = features(as_first_person(claim)), features(as_first_person(text))
    return bool((fq.content - {"user"}) & fm.content or (fq.numbers | fq.dates) & (fm.numbers | fm.dates)
                or fq.proper & fm.proper)


def stage(row: dict, config: TrustConfig) -> str | None:
    """The stage of a miss, None when the verdict is right."""
    v = verdict(row["claim"], row["found"], config, slot_reading)
    if v.verdict == row["expect"]:
        return None
    want = {"TRUE": 1, "FALSE": -1}.get(row["expect"], 0)
    hits = {h.id: h for h in row["found"].results}
    ev = {e.id: e for e in v.evidence}
    signs = {1 if e.stance == "agree" else -1 for e in v.evidence if e.role != "superseded"}
    if want == 0:
        return "e"
    if not v.evidence:
        return "b" if any(_touches(row["claim"], h.memory) for h in hits.values()) else "a"
    if want in signs:
        return "d" if -want in signs else "e"
    if -want not in signs:
        return "d"
    spoke = [hits[e.id] for e in v.evidence if e.id in hits and e.role in ("evidence", "superseded")]
    last = max(spoke, key=stated_at, default=None)
    strong = [h for h in hits.values() if str(h.source) in STRONG and h.speaker in (None, "user")]
    if any(h.id not in ev and (last is None or stated_at(h) > stated_at(last)) for h in strong):
        return "b"
    if last is not None and ev[last.id].role == "evidence" and (1 if ev[last.id].stance == "agree" else -1) == -want:
        return "c"
    return "d"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dump", default="/tmp/verdict_dump.pkl")
    ap.add_argument("--ids", action="store_true", help="list the ids per stage and author")
    args = ap.parse_args()
    rows = pickle.loads(Path(args.dump).read_bytes())
    table: dict = defaultdict(lambda: defaultdict(list))
    config = TrustConfig()
    for r in rows:
        if (s := stage(r, config)) is not None:
            table[s][r["author"]].append(r["id"])
    authors = sorted({r["author"] for r in rows})
    print("| stage | " + " | ".join(str(a) for a in authors) + " | total | authors |")
    print("|---|" + "---|" * (len(authors) + 2))
    for s in "abcde":
        per = table[s]
        print(f"| {s} | " + " | ".join(str(len(per.get(a, []))) for a in authors)
              + f" | {sum(len(x) for x in per.values())} | {len(per)} |")
    if args.ids:
        for s in "abcde":
            print(s, {a: table[s][a] for a in sorted(table[s])})


if __name__ == "__main__":
    main()
