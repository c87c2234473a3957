"""Offline claim extraction: speed on every LoCoMo turn, quality on a hand-labelled sample.

    PYTHONPATH=src python bench/bench_extract.py [--locomo PATH] [--labels PATH] [--sample N] [--show K]

Speed: each LoCoMo session is one ``extract`` call (as ``Memory.add`` would make it), turns
named by speaker with the session's timestamp; extraction alone (no embedding, no storage).

Quality: ``bench/data/extract_labels.jsonl`` (dev: the rules were tuned on it) and
``bench/data/extract_labels_heldout.jsonl`` (written before tuning, never tuned on) and
``bench/data/extract_labels_heldout_b.jsonl`` (written after tuning ended, never run before), all
written by hand (one call per line: turns with an optional ``user_name`` and a session clock,
and the claims a careful reader expects, each with subject, slot and date). Scores:

- chit-chat turns yielding claims: turns labelled with no claims that produced any;
- recall: expected claims matched by an extracted claim of the same turn sharing most of its
  ``keywords`` (the label's content words);
- subject accuracy, slot agreement, date accuracy: over matched claims, the share whose
  subject / slot (normalised) / event date (``YYYY-MM-DD`` of ``event_start``) equals the label;
- extra claims: extracted claims matching no expected one (over turns that have labels).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from datetime import datetime
from pathlib import Path

from memwarden.claims.rules import RuleExtractor
from memwarden.claims.slots import normalise_slot
from memwarden.training.locomo import load_locomo
from memwarden.models import Turn

ROOT = Path(__file__).resolve().parent


def bench_speed(path: Path, repeats: int, show: int) -> None:
    convs = load_locomo(path)
    calls = []
    for conv in convs:
        for sess in conv.sessions:
            calls.append([Turn(role="user", name=t.speaker, content=t.content, index=i, turn_id=t.dia_id, timestamp=t.timestamp)
                          for i, t in enumerate(sess) if t.content.strip()])
    n_turns = sum(len(c) for c in calls)
    # LoCoMo's QA evidence turns (categories 1-4): a claim-ranking search finds them only through claims.
    evidence = {(conv.sample_id, e) for conv in convs for q in conv.qa if q.category in (1, 2, 3, 4) for e in q.evidence}
    call_ids = [(conv.sample_id, [t.dia_id for t in sess if t.content.strip()]) for conv in convs for sess in conv.sessions]
    ex = RuleExtractor()
    best, best_cpu, claims, turns_with = float("inf"), float("inf"), 0, 0
    per_call = []
    for _ in range(repeats):
        claims, turns_with, per_call = 0, 0, []
        t0, c0 = time.perf_counter(), time.process_time()
        silent_evidence = 0
        for call, (sample, ids) in zip(calls, call_ids):
            t1 = time.perf_counter()
            res = ex.extract(call)
            got = {i for c in res.claims for i in c.turn_indexes}
            silent_evidence += sum((sample, d) in evidence and i not in got for i, d in enumerate(ids))
            per_call.append((time.perf_counter() - t1) / max(1, len(call)))
            claims += len(res.claims)
            turns_with += len({i for c in res.claims for i in c.turn_indexes})
        best = min(best, time.perf_counter() - t0)
        best_cpu = min(best_cpu, time.process_time() - c0)
    print(f"LoCoMo: {len(convs)} conversations, {len(calls)} sessions, {n_turns} turns")
    print(f"speed: {n_turns / best:,.0f} turns/s (best of {repeats}; {best * 1000:.0f} ms total, "
          f"{best / n_turns * 1e6:.0f} us/turn; p95 per-turn cost within a session "
          f"{sorted(per_call)[int(0.95 * len(per_call))] * 1e6:.0f} us)")
    # CPU time is what this process used: on a shared machine it moves less with others' load.
    print(f"CPU time: {n_turns / best_cpu:,.0f} turns/s ({best_cpu / n_turns * 1e6:.0f} us/turn); "
          f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"claims: {claims} ({claims / n_turns:.2f} per turn); turns yielding >=1 claim: {turns_with / n_turns:.1%}")
    n_ev = sum(1 for conv in convs for sess in conv.sessions for t in sess if t.content.strip() and (conv.sample_id, t.dia_id) in evidence)
    print(f"QA evidence turns yielding no claim: {silent_evidence}/{n_ev} = {silent_evidence / max(1, n_ev):.1%}")
    if show:
        res = ex.extract(calls[0])
        for c in res.claims[:show]:
            print(f"  [{c.turn_indexes[0]}] {c.text}  | {c.claim.slot} | {c.claim.vouched_by}/{c.claim.firmness}")


def _stem(w: str) -> str:
    w = w.lower().strip(".,!?'\"():;")
    for suffix in ("'s", "s"):
        if w.endswith(suffix) and len(w) > len(suffix) + 2:
            w = w[: -len(suffix)]
    return w


def _words(text: str) -> set[str]:
    """A claim's words, plural and possessive -s dropped ("earns" matches the keyword "earn")."""
    return {_stem(w) for w in text.split()} - {""}


def bench_quality(path: Path, verbose: bool) -> None:
    ex = RuleExtractor()
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    n_turns = chit_turns = chit_with_claims = 0
    expected = matched = subj_ok = slot_ok = slot_n = date_ok = date_n = extra = 0
    neg_ok = neg_n = firm_ok = echo_ok = 0
    for row in rows:
        clock = datetime.fromisoformat(row["now"])
        turns = [Turn(role=t.get("role", "user"), name=t.get("name"), content=t["content"], index=i, timestamp=clock)
                 for i, t in enumerate(row["turns"])]
        res = ex.extract(turns, user_name=row.get("user_name"))
        for i, t in enumerate(row["turns"]):
            n_turns += 1
            got = [c for c in res.claims if i in c.turn_indexes]
            want = t.get("claims", [])
            if not want:
                chit_turns += 1
                chit_with_claims += bool(got)
                if verbose and got:
                    print(f"  chit-chat yielded: {t['content']!r} -> {[c.text for c in got]}")
                continue
            used: set[int] = set()
            for w in want:
                expected += 1
                kw = {_stem(k) for k in w["keywords"]}
                best, best_j = 0.0, None
                for j, c in enumerate(got):
                    if j in used:
                        continue
                    cover = len(kw & _words(c.text)) / len(kw)
                    if cover > best:
                        best, best_j = cover, j
                if best_j is None or best < 0.6:
                    if verbose:
                        print(f"  missed: {t['content']!r} -> want {w['keywords']} got {[c.text for c in got]}")
                    continue
                used.add(best_j)
                c = got[best_j].claim
                matched += 1
                subj_ok += c.subject.lower() == w["subject"].lower()
                if verbose and c.subject.lower() != w["subject"].lower():
                    print(f"  subject: {t['content']!r} -> {c.subject!r}, want {w['subject']!r}")
                if "slot" in w:
                    slot_n += 1
                    ok = (normalise_slot(c.slot) if c.slot else None) == (normalise_slot(w["slot"]) if w["slot"] else None)
                    slot_ok += ok
                    if verbose and not ok:
                        print(f"  slot: {t['content']!r} -> {c.slot!r}, want {w['slot']!r}")
                if "date" in w:
                    date_n += 1
                    got_d = c.event_start.date().isoformat() if c.event_start else None
                    date_ok += got_d == w["date"]
                    if verbose and got_d != w["date"]:
                        print(f"  date: {t['content']!r} -> {got_d}, want {w['date']}")
                neg_n += 1
                neg_ok += c.negated == w.get("negated", False)
                firm_ok += c.firmness == w.get("firmness", "stated")
                echo_ok += c.echo == w.get("echo", False)
                if verbose and (c.firmness != w.get("firmness", "stated") or c.echo != w.get("echo", False) or c.negated != w.get("negated", False)):
                    print(f"  flags: {t['content']!r} -> neg={c.negated} {c.firmness} echo={c.echo}, want {w}")
            extra += len(got) - len(used)
    print(f"hand-labelled sample: {len(rows)} calls, {n_turns} turns, {expected} expected claims, {chit_turns} turns with none")
    print(f"chit-chat turns yielding claims: {chit_with_claims}/{chit_turns} = {chit_with_claims / max(1, chit_turns):.2f}")
    print(f"claims found (recall): {matched}/{expected} = {matched / max(1, expected):.2f}; extra claims: {extra}")
    print(f"subject resolution accuracy: {subj_ok}/{matched} = {subj_ok / max(1, matched):.2f}")
    print(f"date resolution accuracy: {date_ok}/{date_n} = {date_ok / max(1, date_n):.2f}")
    print(f"slot agreement: {slot_ok}/{slot_n} = {slot_ok / max(1, slot_n):.2f}")
    print(f"negation / firmness / echo agreement: {neg_ok / max(1, neg_n):.2f} / {firm_ok / max(1, neg_n):.2f} / {echo_ok / max(1, neg_n):.2f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--locomo", type=Path, default=Path("/work/shared/data/locomo/locomo10.json"))
    ap.add_argument("--labels", type=Path, action="append",
                    help="hand-labelled JSONL (repeatable; default: the dev sample and the held-out sample)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--show", type=int, default=0, help="print the first K claims of the first session")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every quality miss")
    args = ap.parse_args(argv)
    if args.locomo.exists():
        bench_speed(args.locomo, args.repeats, args.show)
    else:
        print(f"(no LoCoMo file at {args.locomo}: speed skipped)", file=sys.stderr)
    for path in args.labels or [ROOT / "data" / "extract_labels.jsonl", ROOT / "data" / "extract_labels_heldout.jsonl",
                                ROOT / "data" / "extract_labels_heldout_b.jsonl"]:
        print(f"\n== {path.name}")
        bench_quality(path, args.verbose)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
