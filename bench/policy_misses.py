"""Where the governance policy goes wrong on the development authors: every hand-written policy case memory and
every scenario policy probe of the twenty-seven development authors (`_sets.SCENARIO_SETS`, never the validation
sets), with the expected policy, the one given (the shipped layer), the first holding rule and every holding rule.

    PYTHONPATH=src python bench/policy_misses.py --out /tmp/misses.jsonl [--sets heldout21 heldout22]

Prints the classes (expected -> given, first rule) with the authors they occur in; ``--out`` keeps one JSON line
per item (the features too) for reading the misses.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _sets import AUTHORS, SCENARIO_SETS  # noqa: E402
from governance_loao import replay_policy_probes  # noqa: E402

from memwarden.evals.policy_cases import in_time_order, load_cases  # noqa: E402
from memwarden.governance.features import MemoryInput, embed_joint, features  # noqa: E402
from memwarden.governance.layer import shipped_layer, signals  # noqa: E402
from memwarden.governance.rules import rule_candidates  # noqa: E402
from memwarden.providers.embedder import default_embedder  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def case_files(name: str) -> list[Path]:
    if name == "dev":
        return [ROOT / "evals/cases/governance.jsonl", ROOT / "evals/cases/governance_probes.jsonl"]
    if name == "dev2":
        return []
    p = ROOT / Path(SCENARIO_SETS[name]).parent / "governance.jsonl"
    return [p] if p.exists() else []


def decide(rows: list[dict]) -> list[tuple[str, list[str]]]:
    layer = shipped_layer()
    sig = [signals(r) for r in rows]
    probs = layer.proba(layer.matrix([s for s, _ in sig]))
    return [(layer.classes[int(np.argmax(p))], [n for n, _, _ in rule_candidates(r)]) for p, r in zip(probs, rows)]


def item(author: int, source: str, cid: str, mid: str, text: str, query: str, gold: list[str], row: dict,
         given: str, held: list[str], evidence: list[str]) -> dict:
    return {"author": author, "source": source, "case": cid, "memory": mid, "text": text, "query": query,
            "evidence": evidence, "gold": gold, "given": given, "first": held[0], "held": held,
            "ok": given in gold, "row": {k: round(float(v), 3) for k, v in row.items()}}


def cases(emb, name: str, distractors: bool = False) -> list[dict]:  # type: ignore[no-untyped-def]
    """Every labelled case memory; with ``distractors`` the unlabelled ones too (gold [], never scored)."""
    out = []
    for f in case_files(name):
        for c in load_cases(f):
            ordered = in_time_order(c.memories)
            ids = [m.id for m in ordered]
            rows = features(embed_joint(emb, c.query, c.evidence,
                                        [MemoryInput(text=m.text, speaker=m.speaker, time=m.ts) for m in ordered]))
            dec = decide(rows)
            for mid, gold in c.expect.items():
                i = ids.index(mid)
                out.append(item(AUTHORS[name], "case", c.id, mid, ordered[i].text, c.query, list(gold), rows[i],
                                dec[i][0], dec[i][1], list(c.evidence)))
            for i, mid in enumerate(ids):
                if distractors and mid not in c.expect:
                    out.append(item(AUTHORS[name], "distractor", c.id, mid, ordered[i].text, c.query, [], rows[i],
                                    dec[i][0], dec[i][1], list(c.evidence)))
    return out


def probes(emb, name: str) -> list[dict]:  # type: ignore[no-untyped-def]
    out = []
    for pid, p, hit, row in replay_policy_probes(emb, SCENARIO_SETS[name]):
        if hit is None:
            out.append({"author": AUTHORS[name], "source": "probe", "case": pid, "memory": None, "text": None,
                        "query": p.query, "evidence": list(p.evidence), "gold": list(p.expect_policy), "given": None,
                        "first": "not_retrieved", "held": [], "ok": False, "row": {}})
            continue
        held = [n for n, _, _ in rule_candidates(row)]
        out.append(item(AUTHORS[name], "probe", pid, hit.id, hit.text, p.query, list(p.expect_policy), row,
                        hit.policy, held, list(p.evidence)))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sets", nargs="*", default=list(SCENARIO_SETS))
    ap.add_argument("--out")
    ap.add_argument("--no-probes", action="store_true")
    ap.add_argument("--distractors", action="store_true", help="also keep the cases' unlabelled memories (gold [], not scored)")
    a = ap.parse_args(argv)
    emb = default_embedder()
    items: list[dict] = []
    for name in a.sets:
        if name not in SCENARIO_SETS:
            raise SystemExit(f"{name}: not a development set")
        items += cases(emb, name, a.distractors)
        if not a.no_probes:
            items += probes(emb, name)
    if a.out:
        Path(a.out).write_text("".join(json.dumps(x) + "\n" for x in items), encoding="utf-8")
    per: dict[tuple[int, str], list[int]] = defaultdict(lambda: [0, 0])
    classes: dict[tuple[str, str, str], set[int]] = defaultdict(set)
    counts: dict[tuple[str, str, str], int] = defaultdict(int)
    dis = [x for x in items if x["source"] == "distractor"]
    items = [x for x in items if x["source"] != "distractor"]
    if dis:
        print(f"distractors: {len(dis)}, constrain_to_scope {sum(x['given'] == 'constrain_to_scope' for x in dis)}")
    for x in items:
        per[(x["author"], x["source"])][0] += x["ok"]
        per[(x["author"], x["source"])][1] += 1
        if not x["ok"]:
            key = ("/".join(x["gold"]), str(x["given"]), x["first"])
            classes[key].add(x["author"])
            counts[key] += 1
    for (au, src), (ok, n) in sorted(per.items()):
        print(f"author {au:2d} {src:5s} {ok}/{n} = {ok / n:.3f}")
    print("\nexpected -> given (first rule): misses, authors")
    for key, n in sorted(counts.items(), key=lambda kv: -kv[1]):
        print(f"{key[0]:>20s} -> {key[1]:<20s} ({key[2]}): {n}, authors {sorted(classes[key])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
