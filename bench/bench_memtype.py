"""Memory-type classifier on a hand-labelled sample: accuracy and per-type recall, dev and held-out halves.

    PYTHONPATH=src python bench/bench_memtype.py [--data bench/data/memtype_labels.jsonl] [--errors]

The sample (bench/data/memtype_labels.jsonl) was written and labelled by hand for this benchmark:
routines, subscriptions, tech stack, health, plans, and the ordinary types. The label says which
decay fits: a routine or a subscription is a standing ``fact`` (months), not ``temporary`` (days).
Split by id (sha1 even: dev, odd: held out); cues were adjusted on the dev half only.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from memwarden.admission.memtype import classify
from memwarden.evals.policy_cases import split_of
from memwarden.providers.embedder import default_embedder


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="bench/data/memtype_labels.jsonl")
    ap.add_argument("--errors", action="store_true", help="print the dev half's misses")
    args = ap.parse_args()
    rows = [json.loads(line) for line in Path(args.data).read_text().splitlines() if line.strip()]
    emb = default_embedder()
    vecs = emb.embed([r["text"] for r in rows])
    res: dict[str, list[tuple[str, str]]] = {"dev": [], "heldout": [], "all": []}
    for r, v in zip(rows, vecs):
        got = classify(r["text"], v, emb.model_id).memory_type
        for k in (split_of(r["id"]), "all"):
            res[k].append((r["label"], got))
        if args.errors and split_of(r["id"]) == "dev" and got != r["label"]:
            print(f"MISS {r['id']} {r['label']} -> {got}: {r['text']}")
    print("| split | n | accuracy | wrong as temporary/chitchat | per label (recall) |")
    print("|---|---|---|---|---|")
    for k, pairs in res.items():
        acc = sum(g == p for g, p in pairs) / len(pairs)
        short = sum(1 for g, p in pairs if p in ("temporary", "chitchat") and g not in ("temporary", "chitchat"))
        n = Counter(g for g, _ in pairs)
        ok = Counter(g for g, p in pairs if g == p)
        per = ", ".join(f"{lab} {ok[lab]}/{n[lab]}" for lab in sorted(n))
        print(f"| {k} | {len(pairs)} | {acc:.3f} | {short} | {per} |")


if __name__ == "__main__":
    main()
