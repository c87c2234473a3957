"""How often the abstention refuses answerable questions it was never tuned on: the rank probes.

    PYTHONPATH=src python bench/abstain_rank_probes.py collect --out /tmp/rank.pkl
    PYTHONPATH=src python bench/abstain_rank_probes.py score --rows /tmp/rank.pkl [--list RULE]

The abstain probes' controls are few (9 to 23 an author) and the hand rules were written against
them: on the twelve development authors they refuse 4 % of them, on the five validation authors
14 %. Every rank probe whose target the search puts in the top 3 is an answerable question too
(678 of them over the twelve authors), asked in each author's own words about their own memories,
and no abstention rule was tuned on them: refusing one is a false abstention. ``collect`` replays
each development scenario with a rank probe into a fresh :class:`memwarden.Memory` (MiniLM, the
scenario runner's system) and keeps each probe's scored search; ``score`` re-runs
:func:`memwarden.trust.abstain.rule_decision` on the stored searches (no embedding), and prints the
share refused per author and how many each rule refused (``--list`` names the probes of one rule:
``floor``, ``polar``, ``owner``, ``attr:name``, ...). Session 11 (BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import pickle
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from memwarden.trust.abstain import rule_decision
from memwarden.trust.config import TrustConfig
from _replay import replay_probes  # bench/_replay.py


def collect(out: Path) -> None:
    from memwarden.evals.scenario_format import matches

    rows: list[dict[str, Any]] = []
    for author, sc, i, p, system in replay_probes("rank"):
        if p.target is None:
            continue
        res = system.memory.search(p.query, user_id=sc.user_map[p.user], limit=10, as_of=p.as_of or sc.clock)
        rows.append({"group": author, "probe": sc.probe_id(i), "query": p.query, "result": res,
                     "target_in_3": any(matches(h.memory, p.target) for h in res.results[:3])})
    out.write_bytes(pickle.dumps(rows))


def rule_of(detail: tuple[str, str]) -> str:
    """A short name for the rule behind a refusal, read off its detail."""
    reason, text = detail
    if reason != "no_evidence":
        return reason
    for prefix, name in (("best cosine", "floor"), ("no memory shares a topic", "topic_cosine"),
                         ("the query is about", "subject"), ("no memory says whether", "polar"),
                         ("no memory mentions", "owner"), ("nothing in this scope", "empty")):
        if text.startswith(prefix):
            return name
    if "attribute asked: " in text:
        return "attr:" + text.split("attribute asked: ")[1].rstrip(")").split("/")[0]
    return "other"


def score(rows: list[dict[str, Any]], listed: str | None) -> None:
    cfg = TrustConfig()
    asked, refused, by_rule, authors = Counter(), Counter(), Counter(), defaultdict(set)
    for r in rows:
        if not r["target_in_3"]:
            continue  # not answered by this search either way
        asked[r["group"]] += 1
        res = r["result"]
        d = rule_decision(r["query"], res.results, res.conflicts, cfg) if res.results else ("no_evidence", "nothing in this scope")
        if d is None:
            continue
        refused[r["group"]] += 1
        by_rule[rule_of(d)] += 1
        authors[rule_of(d)].add(r["group"])
        if listed and rule_of(d) == listed:
            print(f"{r['group']} {r['probe']} | {r['query']} | {d[1]}")
    print("| set | answerable rank probes | refused |\n|---|---|---|")
    for g in asked:
        print(f"| {g} | {asked[g]} | {refused[g] / asked[g]:.3f} |")
    mean = sum(refused[g] / asked[g] for g in asked) / len(asked)
    print(f"| mean over authors | {sum(asked.values())} | {mean:.3f} |\n")
    for rule, n in by_rule.most_common():
        print(f"{rule}: {n} ({len(authors[rule])} authors)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--out", type=Path, required=True)
    s = sub.add_parser("score")
    s.add_argument("--rows", type=Path, required=True)
    s.add_argument("--list", default=None, help="print the probes one rule refused")
    a = ap.parse_args()
    if a.cmd == "collect":
        collect(a.out)
    else:
        score(pickle.loads(a.rows.read_bytes()), a.list)


if __name__ == "__main__":
    main()
