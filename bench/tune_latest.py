"""Choose the "latest answer first" step's window and cosine (trust/latest.py) leave-one-author-out.

    PYTHONPATH=src python bench/tune_latest.py dump --out /tmp/latest_dump.pkl
    PYTHONPATH=src python bench/tune_latest.py loao --dump /tmp/latest_dump.pkl
    PYTHONPATH=src python bench/tune_latest.py classes --dump /tmp/latest_dump.pkl [-v]

``dump`` replays every scenario of the development authors (``bench/_sets.py``) with the step
off (``rank_latest_cosine`` 2) and keeps, per rank probe, the final hits' times, firmness, whether each
holds the asked kind of value, their pairwise cosines and the target/stale labels. The step is the last
of the ranking, so applying it to that order is what the ranking would do. ``loao`` applies each setting
(top 4/5/6/8/10 x cosine 0.2-0.4, and off), scores it on the other authors (rank probes first minus
"now" probes with the stale value above; ties to more rank probes first), and reports each author at
the setting chosen without it, and at the shipped one. ``classes`` re-counts the "now" misses at the
shipped setting: what ranks first when the current value does not (the stale value, a claim stated at the
answer's own time -- its turn or session --, an older or a later statement, lifted by the step or not),
and why the step did not put the answer first (session 15, BENCHMARKS.md s15-now).
"""

from __future__ import annotations

import argparse
import pickle
from collections import defaultdict
from typing import Any

from _sets import AUTHORS, SCENARIO_SETS  # bench/_sets.py

GRID: list[tuple[int, float] | None] = [None] + [(n, c) for n in (4, 5, 6, 8, 10) for c in (0.2, 0.25, 0.3, 0.35, 0.4)]
SHIPPED = (6, 0.3)  # trust/config.py rank_latest_top / rank_latest_cosine


def dump(out: str) -> None:
    import memwarden.trust.score as score
    from memwarden.evals.scenario_format import load_scenarios, matches
    from memwarden.evals.scenario_systems import MemwardenSystem, make_embedder
    from memwarden.trust.asked_person import about_other, asked_person
    from memwarden.trust.latest import _answers, asks_current_value
    from memwarden.trust.present import own_word
    from memwarden.trust.testimony import stated_at

    seen: dict[str, Any] = {}
    rerank = score.rerank

    def keep(hits, conflicts, cfg, query="", edges=None, similar=None):  # type: ignore[no-untyped-def]
        seen["similar"] = similar
        return rerank(hits, conflicts, cfg.model_copy(update={"rank_latest_cosine": 2.0}), query, edges, similar)

    score.rerank = keep  # bench-only: the step off, the cosines kept
    emb, rows = make_embedder("minilm"), []
    for author, path in SCENARIO_SETS.items():
        for sc in load_scenarios(path).scenarios:
            probes = [p for p in sc.probes if p.type == "rank" and p.target]
            if not probes:
                continue
            system = MemwardenSystem(emb)
            for s in sc.sessions:
                system.add_session(sc.user_map[s.user], s.add_messages(), s.ts)
            for p in probes:
                pid = sc.probe_id(sc.probes.index(p))
                hits = system.memory.search(p.query, user_id=sc.user_map[p.user], limit=max(10, p.top_k),
                                            as_of=p.as_of or sc.clock).results
                sim, answers = seen.get("similar"), _answers(p.query)
                rows.append(dict(author=author, probe=f"{sc.id}/{pid}", now=p.as_of is None and p.stale is not None,
                                 asks=asks_current_value(p.query), at=[stated_at(h) for h in hits],
                                 own=[own_word(h) for h in hits], ans=[answers(h.memory) for h in hits],
                                 query=p.query, texts=[h.memory for h in hits],
                                 other=[about_other(h, asked_person(p.query)) for h in hits],
                                 cos=[[sim(a, b) if sim else -1.0 for b in hits] for a in hits],
                                 tgt=[matches(h.memory, p.target) for h in hits],
                                 stale=[bool(p.stale) and matches(h.memory, p.stale) and not matches(h.memory, p.target)
                                        for h in hits]))
        print(author, len(rows), flush=True)
    with open(out, "wb") as f:
        pickle.dump(rows, f)


def apply(r: dict[str, Any], top: int, cosine: float) -> list[int]:
    """trust.latest.latest_answer_first on the kept hits (indices)."""
    order = list(range(len(r["at"])))
    if not r["asks"]:
        return order
    best = None
    for j in range(1, min(top, len(order))):
        if not (r["own"][j] and r["ans"][j]) or r.get("other", [False] * len(order))[j]:
            continue
        i = next((i for i in range(j) if r["at"][i] < r["at"][j] and r["cos"][j][i] >= cosine), None)
        if i is not None and (best is None or (r["at"][j], r["cos"][j][i]) > best[0]):
            best = ((r["at"][j], r["cos"][j][i]), j, i)
    if best is not None:
        order.insert(best[2], order.pop(best[1]))
    return order


def outcome(r: dict[str, Any], order: list[int]) -> tuple[bool, bool]:
    t = next((k for k, i in enumerate(order) if r["tgt"][i]), None)
    s = next((k for k, i in enumerate(order) if r["stale"][i]), None)
    return t == 0, s is not None and (t is None or s < t)


def loao(path: str) -> None:
    with open(path, "rb") as f:
        rows = pickle.load(f)
    base = {id(r): outcome(r, list(range(len(r["at"])))) for r in rows}
    # per setting, per author: "now" first, stale above, rank first -- each as a change from the step off
    delta: dict[Any, dict[str, list[int]]] = {}
    for g in GRID:
        per: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
        for r in rows:
            (b1, bs), (a1, as_) = base[id(r)], outcome(r, apply(r, *g)) if g else base[id(r)]
            d = per[r["author"]]
            if r["now"]:
                d[0] += a1 - b1
                d[1] += as_ - bs
            d[2] += a1 - b1
        delta[g] = per
    authors = list(SCENARIO_SETS)
    print("| author | chosen (top/cosine) | LOAO now@1 / stale / rank@1 | shipped %d/%.1f |" % SHIPPED)
    print("|---|---|---|---|")
    pooled = [0, 0, 0]
    for a in authors:
        rest = [x for x in authors if x != a]
        pick = max(GRID, key=lambda g: (sum(delta[g][x][2] - delta[g][x][1] for x in rest),
                                        sum(delta[g][x][2] for x in rest), g is None,
                                        -(g[0] if g else 0), g[1] if g else 0))
        d, s = delta[pick][a], delta[SHIPPED][a]
        pooled = [p + x for p, x in zip(pooled, d)]
        name = "off" if pick is None else f"{pick[0]}/{pick[1]}"
        print(f"| {a} | {name} | {d[0]:+d} / {d[1]:+d} / {d[2]:+d} | {s[0]:+d} / {s[1]:+d} / {s[2]:+d} |")
    print(f"pooled LOAO: now@1 {pooled[0]:+d}, stale above {pooled[1]:+d}, rank@1 {pooled[2]:+d}")


def _first_class(r: dict[str, Any], order: list[int]) -> str:
    """What ranks first in a "now" miss, relative to the current value's hit."""
    f, t = order[0], next((i for i in order if r["tgt"][i]), None)
    lifted = " (lifted by the step)" if f != 0 else ""
    if r["stale"][f]:
        return "the stale value" + lifted
    if t is None:
        return "neither (current value not returned)"
    if r["at"][f] == r["at"][t]:
        return "a claim stated at the answer's time (its turn or session)" + lifted
    return ("a later statement" if r["at"][f] > r["at"][t] else "an older statement") + lifted


def _why_not_moved(r: dict[str, Any], top: int, cosine: float) -> str:
    """Why the step (``apply``) did not put the current value first."""
    t = next((k for k, x in enumerate(r["tgt"]) if x), None)
    if t is None:
        return "not returned"
    checks = [(not r["asks"], "question not read as asking one current value"),
              (t >= top, f"answer outside the window ({top})"),
              (not r["own"][t], "answer not the user's firm word"),
              (not r["ans"][t], "answer holds no value of the asked kind"),
              (r["other"][t], "answer read as about another person"),
              (all(r["at"][i] >= r["at"][t] for i in range(t)), "only hits stated at its time or later above it"),
              (not any(r["at"][i] < r["at"][t] and r["cos"][t][i] >= cosine for i in range(t)),
               f"the older hits above it not close (cosine < {cosine})")]
    return next((why for failed, why in checks if failed), "moved, but another hit first or another move chosen")


def classes(path: str, verbose: bool) -> None:
    with open(path, "rb") as f:
        rows = pickle.load(f)
    first: dict[str, list[tuple[int, str]]] = defaultdict(list)
    why: dict[str, list[tuple[int, str]]] = defaultdict(list)
    n = 0
    for r in rows:
        if not r["now"]:
            continue
        n += 1
        order = apply(r, *SHIPPED)
        if order and outcome(r, order)[0]:
            continue
        if not order:
            first["no hits"].append((AUTHORS[r["author"]], r["probe"]))
            continue
        first[_first_class(r, order)].append((AUTHORS[r["author"]], r["probe"]))
        why[_why_not_moved(r, *SHIPPED)].append((AUTHORS[r["author"]], r["probe"]))
    for title, table in ((f"first hit of the {sum(map(len, first.values()))} 'now' misses of {n}", first),
                         ("why the latest step did not put the answer first", why)):
        print(f"## {title}")
        for c, v in sorted(table.items(), key=lambda x: -len(x[1])):
            print(f"- {c}: {len(v)} probes, {len(set(a for a, _ in v))} authors {sorted(set(a for a, _ in v))}")
            if verbose:
                print("    " + ", ".join(f"{a} {p}" for a, p in v))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("dump").add_argument("--out", default="/tmp/latest_dump.pkl")
    sub.add_parser("loao").add_argument("--dump", default="/tmp/latest_dump.pkl")
    cl = sub.add_parser("classes")
    cl.add_argument("--dump", default="/tmp/latest_dump.pkl")
    cl.add_argument("-v", action="store_true", help="list the probes of each class")
    args = ap.parse_args()
    if args.cmd == "dump":
        dump(args.out)
    elif args.cmd == "loao":
        loao(args.dump)
    else:
        classes(args.dump, args.v)


if __name__ == "__main__":
    main()
