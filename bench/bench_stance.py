"""Stance detector on hand-written claim pairs: precision / recall per label, dev and held-out halves.

    PYTHONPATH=src python bench/bench_stance.py [--data evals/cases/stance_pairs.jsonl] [--errors] [--cosine]

``--cosine`` passes the two texts' MiniLM cosine, as the trust stage and the verdicts do (the
rules alone otherwise).

Pairs are split by id (sha1(id) even: dev, odd: held out); only the dev half was read while
tuning the lexicons. The pairs were written by someone who had not read the detector.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from memwarden.evals.policy_cases import split_of  # sha1(id) even -> dev, odd -> heldout
from memwarden.trust.stance import detect_stance

LABELS = ("agree", "contradict", "unrelated")


def prf(rows: list[tuple[str, str]]) -> dict[str, dict[str, float]]:
    out = {}
    for lab in LABELS:
        tp = sum(1 for g, p in rows if g == lab and p == lab)
        fp = sum(1 for g, p in rows if g != lab and p == lab)
        fn = sum(1 for g, p in rows if g == lab and p != lab)
        out[lab] = {"precision": tp / (tp + fp) if tp + fp else 0.0, "recall": tp / (tp + fn) if tp + fn else 0.0,
                    "n": sum(1 for g, _ in rows if g == lab)}
    out["accuracy"] = {"value": sum(g == p for g, p in rows) / max(1, len(rows)), "n": len(rows)}  # type: ignore[dict-item]
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="evals/cases/stance_pairs.jsonl")
    ap.add_argument("--errors", action="store_true", help="print the dev half's misses")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--cosine", action="store_true", help="pass the MiniLM cosine, as the trust stage does")
    args = ap.parse_args()
    cases = [json.loads(line) for line in Path(args.data).read_text().splitlines() if line.strip()]
    rows: dict[str, list[tuple[str, str]]] = {"dev": [], "heldout": [], "all": []}
    cos = [None] * len(cases)
    if args.cosine:
        from memwarden.providers.embedder import make_embedder

        emb = make_embedder("minilm")
        va, vb = emb.embed([c["a"] for c in cases]), emb.embed([c["b"] for c in cases])
        cos = [float(x @ y) for x, y in zip(va, vb)]
    for c, cs in zip(cases, cos):
        st = detect_stance(c["a"], c["b"], cosine=cs)
        split = split_of(c["id"])
        rows[split].append((c["label"], st.label))
        rows["all"].append((c["label"], st.label))
        if args.errors and split == "dev" and st.label != c["label"]:
            print(f"MISS {c['id']} gold={c['label']} got={st.label} ({st.reason}) | {c['a']} || {c['b']}")
    res = {k: prf(v) for k, v in rows.items()}
    if args.json:
        print(json.dumps(res, indent=2))
        return
    print("| split | n | accuracy | " + " | ".join(f"{lab} P / R" for lab in LABELS) + " |")
    print("|---|---|---|" + "---|" * len(LABELS))
    for k, r in res.items():
        cells = " | ".join(f"{r[lab]['precision']:.2f} / {r[lab]['recall']:.2f}" for lab in LABELS)
        print(f"| {k} | {r['accuracy']['n']} | {r['accuracy']['value']:.3f} | {cells} |")


if __name__ == "__main__":
    main()
