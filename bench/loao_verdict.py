"""Score ``trust/verdict.py`` on the dumped verdict probes and cases of the six authors.

Reads the pickle of ``bench/dump_verdicts.py`` and judges each claim again with the verdict code
on the path, so a change to the verdict is measured on every author without replaying the
conversations. Prints accuracy pooled and per author, and per expected label (TRUE / FALSE /
UNKNOWN); ``--fails`` lists the misses, ``--author N`` only that author's.

    python bench/loao_verdict.py [--dump /tmp/verdict_dump.pkl] [--fails] [--author 6]
    python bench/loao_verdict.py --sweep   # leave-one-author-out choice of the verdict_matter constants
    python bench/loao_verdict.py --ablate  # each session-8 mechanism switched off: what it moves, per author

``--sweep`` scores every pair (MATTER_COSINE, OUTWEIGH_SCORE) of a grid on every author, then, for
each author, picks the pair best on the other five (ties: the pair nearest the shipped one) and
scores it on the sixth; it prints the chosen pairs and the pooled and per-author accuracy so chosen
next to the shipped constants'.
"""

from __future__ import annotations

import argparse
import pickle
import re
from collections import defaultdict
from pathlib import Path

from memwarden.claims.reading import slot_reading
from memwarden.trust import verdict as verdict_module
from memwarden.trust import verdict_matter, verdict_tier
from memwarden.trust.config import TrustConfig
from memwarden.trust.verdict import verdict

LABELS = ("TRUE", "FALSE", "UNKNOWN")
#: The slot reader the facade passes (session 19, :mod:`memwarden.trust.verdict_slot`); ``--slots-off``: None.
READ = {"slots": slot_reading}


def judge(rows: list[dict], config: TrustConfig | None = None) -> list[dict]:
    config = config or TrustConfig()
    out = []
    for r in rows:
        v = verdict(r["claim"], r["found"], config, READ["slots"])
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


def confusion(rows: list[dict]) -> str:
    """Expected label (rows) against the verdict (columns), pooled."""
    lines = [f"{'expect/got':>12} " + " ".join(f"{lab:>8}" for lab in LABELS)]
    for e in LABELS:
        lines.append(f"{e:>12} " + " ".join(f"{sum(1 for r in rows if r['expect'] == e and r['got'] == g):>8}" for g in LABELS))
    return "\n".join(lines)


def core_table(rows: list[dict]) -> str:
    """MMA CoRe (``evals.mma.core``: +1 right, -0.2 UNKNOWN on A/B, -1 otherwise) overall and per type A-D."""
    from memwarden.evals.mma import core

    by: dict = defaultdict(list)
    for r in rows:
        by[r["id"][0]].append(core(r["id"][0], r["expect"], r["got"]))
    every = [x for v in by.values() for x in v]
    return f"CoRe {sum(every) / len(every):.4f}; " + ", ".join(f"{k} {sum(v) / len(v):.3f}" for k, v in sorted(by.items()))


COSINES = (0.0, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5)
SCORES = (0.5, 0.6, 0.7, 0.8, 0.9)


def sweep(rows: list[dict]) -> None:
    shipped = (verdict_matter.MATTER_COSINE, verdict_matter.OUTWEIGH_SCORE)
    authors = sorted({r["author"] for r in rows})
    right: dict = {}
    try:
        for c in COSINES:
            for sc in SCORES:
                verdict_matter.MATTER_COSINE, verdict_matter.OUTWEIGH_SCORE = c, sc
                for r in judge(rows):
                    right.setdefault((c, sc), {}).setdefault(r["author"], []).append(r["got"] == r["expect"])
    finally:
        verdict_matter.MATTER_COSINE, verdict_matter.OUTWEIGH_SCORE = shipped
    loao, fixed = [], []
    for a in authors:
        def train(p: tuple) -> tuple:
            ok = [x for b in authors if b != a for x in right[p][b]]
            return (sum(ok) / len(ok), -abs(p[0] - shipped[0]) - abs(p[1] - shipped[1]))
        best = max(right, key=train)
        held = right[best][a]
        loao += held
        fixed += right[shipped][a]
        print(f"author {a}: chosen on the others {best} (train acc {train(best)[0]:.3f}); held-out acc "
              f"{sum(held) / len(held):.3f} vs shipped {sum(right[shipped][a]) / len(right[shipped][a]):.3f}")
    print(f"pooled leave-one-author-out {sum(loao) / len(loao):.3f}; shipped constants {sum(fixed) / len(fixed):.3f}")


#: Each session-8 mechanism and the stand-in that switches it off (the behaviour before it).
ABLATIONS = {
    "outweighed": lambda *a, **k: [], "changed_since": lambda *a, **k: [], "changed_to": lambda *a, **k: [],
    "structure_stance": lambda *a, **k: None, "named_wrong": lambda *a, **k: None, "compare": lambda *a, **k: None,
    "same_values": lambda *a, **k: True, "value_reading": lambda *a, **k: None,
    # what a named person's relative said read as first-hand again
    "_NAMED_KIN_SAID": re.compile(r"(?!x)x"),
    # a statement worded as a correction needs the unworded change's cosine (0.4) again
    "_changed_value": lambda fq, fh, cosine, correction=False: _ORIGINAL_CHANGED(fq, fh, cosine, False),
}
_ORIGINAL_CHANGED = verdict_module._changed_value


def ablate(rows: list[dict]) -> None:
    def per_author(got: list[dict]) -> dict:
        out: dict = defaultdict(list)
        for r in got:
            out[r["author"]].append(r["got"] == r["expect"])
        return out

    full = per_author(judge(rows))
    authors = sorted(full)
    print(f"{'without':>17} " + " ".join(f"{'a' + str(a):>6}" for a in authors) + "   pooled")
    print(f"{'(all on)':>17} " + " ".join(f"{sum(full[a]):>6}" for a in authors) + f"   {sum(map(sum, full.values()))}")
    for name, off in ABLATIONS.items():
        home = verdict_tier if name == "_NAMED_KIN_SAID" else verdict_module  # the tier's reading, split in session 22
        keep = getattr(home, name)
        setattr(home, name, off)
        try:
            got = per_author(judge(rows))
        finally:
            setattr(home, name, keep)
        print(f"{name:>17} " + " ".join(f"{sum(got[a]) - sum(full[a]):>+6}" for a in authors)
              + f"   {sum(map(sum, got.values())) - sum(map(sum, full.values())):+}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dump", default="/tmp/verdict_dump.pkl")
    ap.add_argument("--fails", action="store_true")
    ap.add_argument("--author", type=int)
    ap.add_argument("--changed", action="store_true", help="list the items whose verdict differs from the dump's")
    ap.add_argument("--sweep", action="store_true")
    ap.add_argument("--ablate", action="store_true")
    ap.add_argument("--inert", action="store_true", help="the fitted stance's overrides off (the rules alone)")
    ap.add_argument("--scope-off", action="store_true",
                    help="session 14's scope readings off (verdict.SCOPE): main's verdict rules")
    ap.add_argument("--slots-off", action="store_true", help="no slot reader (session 19): the verdict before it")
    ap.add_argument("--confusion", action="store_true", help="also the expected-by-got confusion, before and now")
    ap.add_argument("--core", action="store_true", help="also MMA CoRe per type (a dump_verdicts.py --mma-out pickle)")
    args = ap.parse_args()
    if args.inert:
        from memwarden.trust import stance_fitted
        stance_fitted.load_model().overrides = {}
    if args.scope_off:
        verdict_module.SCOPE = False
    if args.slots_off:
        READ["slots"] = None
    rows = pickle.loads(Path(args.dump).read_bytes())
    if args.sweep:
        return sweep(rows)
    if args.ablate:
        return ablate(rows)
    if args.author:
        rows = [r for r in rows if r["author"] == args.author]
    got = judge(rows)
    print("before (as dumped):")
    print(table([{**r, "got": r["base"]} for r in rows]))
    print("now:")
    print(table(got))
    if args.confusion:
        print("confusion before (as dumped):")
        print(confusion([{**r, "got": r["base"]} for r in rows]))
        print("confusion now:")
        print(confusion(got))
    if args.core:
        print(core_table(got))
    for r in got:
        show = (args.fails and r["got"] != r["expect"]) or (args.changed and r["got"] != r["base"])
        if show:
            mark = "+" if r["got"] == r["expect"] else "-" if r["base"] == r["expect"] else " "
            print(f"{mark} a{r['author']} {r['set']:8} {r['id']}: {r['claim']}  expect {r['expect']} got {r['got']} "
                  f"(was {r['base']})")


if __name__ == "__main__":
    main()
