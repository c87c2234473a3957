"""Which chit-chat turns the claim gate lets through, and why, on the development authors (issue 10, session 13).

    PYTHONPATH=src python bench/chit_classes.py [--show CLASS] [--authors 1-60] [--save ROWS.json]

Runs the offline extractor with the gate on (as ``add`` does: each scenario session one call) over the labelled
user turns of ``bench/_sets.py``'s SCENARIO_SETS (the development authors only), records every clause the gate
judged, and sorts each chit-chat turn that still yields a claim into one class, by its strongest surviving clause
(the lowest P(chit-chat)) and the turn's position (opening the session, after an assistant statement, after an
assistant question, after the user's own turn):

- ``question``: the surviving clause asks something ("did u see ...?");
- ``opener``: a greeting, thanks or interjection opens the turn (``turn_opener``);
- ``unanchored``: no surviving clause holds one of ``reply.ANCHORS`` (slot, date, number, name, relation, ...);
- ``marked``: anchored, with a reaction mark in the clause or its turn (lol, emoji, shouting, ...): a reaction
  with an incidental noun or number;
- ``moment``: anchored, unmarked, a thing that happened (a past-tense event);
- ``state``: anchored, unmarked, a state or an opinion.

Prints per class the turns, the authors they occur in and the fact turns of the same class that the gate keeps
(what a fix of the class must not lose), then the facts the gate loses."""

from __future__ import annotations

import argparse
import collections
import difflib
import json
import re
from datetime import datetime
from pathlib import Path

from _sets import AUTHORS, SCENARIO_SETS  # bench/_sets.py

from memwarden.claims import gate, reply
from memwarden.claims.rules import RuleExtractor
from memwarden.models import Turn

ROOT = Path(__file__).resolve().parents[1]
_W = re.compile(r"[\w']+")


def authors_arg(spec: str) -> set[int]:
    """``--authors`` as given: numbers and ranges, comma-separated ("1-60", "3,7,61-92"); empty: every author."""
    out: set[int] = set()
    for part in filter(None, spec.split(",")):
        lo, _, hi = part.partition("-")
        out.update(range(int(lo), int(hi or lo) + 1))
    return out


def sessions(only: set[int] | frozenset = frozenset()):  # noqa: ANN201
    """Every session of the development authors (``only``: of these authors): (set name, its clock, its messages,
    its turns)."""
    for name, path in SCENARIO_SETS.items():
        if only and AUTHORS[name] not in only:
            continue
        for sc in json.loads((ROOT / path).read_text())["scenarios"]:
            for sess in sc["sessions"]:
                ts = datetime.fromisoformat(sess["ts"].replace("Z", "+00:00"))
                msgs = sess["messages"]
                yield name, ts, msgs, [Turn(role=m["role"], content=m["content"], index=i, timestamp=ts, name=m.get("name"))
                                       for i, m in enumerate(msgs)]


def gate_watched(watch, only: set[int] | frozenset = frozenset()):  # noqa: ANN001, ANN201
    """Every development session extracted with the claim gate watched: ``watch(clause, extracted, role,
    prev, turn, prev_role, why)`` sees each clause the gate judges (``why`` is None when it keeps it) and
    returns a row to log or None. Yields (set name, messages, the extraction, that session's log); the
    gate is restored when the loop ends."""
    log: list[dict] = []
    orig = gate.check

    def check(clause, extracted, role, prev, turn, prev_role=None):  # noqa: ANN001
        why = orig(clause, extracted, role, prev, turn, prev_role)
        if (row := watch(clause, extracted, role, prev, turn, prev_role, why)) is not None:
            log.append(row)
        return why

    gate.check = check
    try:
        ex = RuleExtractor()
        for name, ts, msgs, turns in sessions(only):
            log.clear()
            yield name, msgs, ex.extract(turns, now=ts), log
    finally:
        gate.check = orig


def _watch(clause, extracted, role, prev, turn, prev_role, why):  # noqa: ANN001, ANN202
    f = gate.features(clause, extracted.claim, role=role, prev=prev, turn=turn)
    return {"clause": clause, "turn": turn, "why": why, "f": f, "echo": extracted.claim.echo, "prev": prev,
            "prev_role": prev_role, "z": gate.BIAS + sum(gate.WEIGHTS.get(k, 0.0) * v for k, v in f.items())}


def kept_clause(clause, extracted, role, prev, turn, prev_role, why):  # noqa: ANN001, ANN201
    """A ``gate_watched`` watch: a clause the gate keeps from a user turn (not an echo), with its features and its
    chit-chat probability."""
    if why is not None or role == "assistant" or extracted.claim.echo:
        return None
    f = gate.features(clause, extracted.claim, role=role, prev=prev, turn=turn)
    return {"turn": turn, "clause": clause, "f": f, "p": gate._judge(f, clause, role, prev, turn).p_chat,
            "prev": prev, "prev_role": prev_role, "text": extracted.text}


def labelled_user_turns(msgs: list[dict]):  # noqa: ANN201
    """(index, message, the message before or None, position) of each labelled user turn of a session; the
    position: ``open``, ``after_question`` / ``after_statement`` (an assistant turn with / without "?"), ``after_self``."""
    for i, m in enumerate(msgs):
        if m.get("label") not in ("fact", "chitchat") or m["role"] != "user":
            continue
        prev = msgs[i - 1] if i else None
        yield i, m, prev, ("open" if prev is None else "after_question" if prev["role"] == "assistant" and "?" in prev["content"]
                           else "after_statement" if prev["role"] == "assistant" else "after_self")


def record(only: set[int] | frozenset = frozenset()) -> list[dict]:
    """Every labelled user turn (``only``: of these authors) with its position, whether it yields a claim, and its
    clauses' verdicts."""
    rows: list[dict] = []
    for name, msgs, res, log in gate_watched(_watch, only):
        owner: dict[str, int] = {}
        j = 0
        for x in log:  # the extractor normalises a turn's text: map it back to its message in order
            if x["turn"] not in owner:
                j = owner[x["turn"]] = max(range(j, len(msgs)), key=lambda k: difflib.SequenceMatcher(
                    None, x["turn"], msgs[k]["content"]).ratio())
        for i, m, prev, pos in labelled_user_turns(msgs):
            kept = [dict(x) for x in log if owner.get(x["turn"]) == i and x["why"] is None and not x["echo"]]
            rows.append({"author": AUTHORS[name], "label": m["label"], "text": m["content"], "pos": pos,
                         "prev": prev["content"] if prev else "",
                         "stored": any(i in c.turn_indexes and not c.claim.echo for c in res.claims),
                         "kept": kept, "words": len(_W.findall(m["content"]))})
    return rows


_STOP = frozenset("the and but for with that this these those just really very too not yes yeah okay haha that's it's i'm "
                  "i've i'll you're what how was were are have has had did does".split())


def _content(text: str) -> set[str]:
    return {w for w in _W.findall(text.lower()) if len(w) > 2 and w not in _STOP}


def klass(r: dict) -> str:
    kept = r["kept"]
    if not kept:
        return "other"
    c = min(kept, key=lambda c: c["z"])
    f = c["f"]
    if f["question_mark"]:
        return "question"
    if f["turn_opener"]:
        return "opener"
    if not any(any(k["f"].get(a) for a in reply.ANCHORS) for k in kept):
        return "unanchored"
    if f["marks"] or f["turn_chat"] or f["chat_inside"]:
        return "marked"
    if f["episode"] or f["event"]:
        return "moment"
    return "state"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--show", default="", help="print the turns of this class")
    ap.add_argument("--authors", default="", help="only these authors (numbers and ranges, comma-separated: 1-60)")
    ap.add_argument("--save", default="", help="also write each labelled turn's text, label, position and stored to this file")
    a = ap.parse_args()
    only = authors_arg(a.authors)
    rows = record(only)
    if a.save:
        Path(a.save).write_text(json.dumps([{k: r[k] for k in ("author", "label", "pos", "text", "prev", "stored")}
                                            for r in rows], ensure_ascii=False, indent=0))
    table: dict[tuple[str, str], list] = collections.defaultdict(lambda: [0, 0, set()])
    for r in rows:
        if not r["stored"]:
            continue
        cell = table[(klass(r), r["pos"])]
        if r["label"] == "chitchat":
            cell[0] += 1
            cell[2].add(r["author"])
            if a.show == klass(r) and (not only or r["author"] in only):
                print(f"  a{r['author']} {r['pos']}: {r['text'][:110]!r}")
        else:
            cell[1] += 1
    print("| class | position | chit-chat stored | fact turns kept | authors |\n|---|---|---|---|---|")
    for (k, p), (n, f, au) in sorted(table.items(), key=lambda x: -x[1][0]):
        if n:
            print(f"| {k} | {p} | {n} | {f} | {' '.join(map(str, sorted(au)))} ({len(au)}) |")
    per = collections.defaultdict(lambda: [0, 0, 0, 0])
    for r in rows:
        s = per[r["author"]]
        if r["label"] == "fact":
            s[0] += 1
            s[1] += not r["stored"]
        else:
            s[2] += 1
            s[3] += r["stored"]
    print("\n| author | facts | facts lost | chit-chat | stored | rate |\n|---|---|---|---|---|---|")
    for au in sorted(per):
        f, lost, c, s = per[au]
        print(f"| {au} | {f} | {lost} | {c} | {s} | {s / max(1, c):.3f} |")
    # session 15: does stored chit-chat restate the assistant's statement it follows? (content words shared with it)
    print("\n| label after an assistant statement, stored | turns | sharing no content word | sharing >= half |\n|---|---|---|---|")
    for lab in ("chitchat", "fact"):
        xs = [r for r in rows if r["stored"] and r["label"] == lab and r["pos"] == "after_statement"]
        share = [len(_content(r["text"]) & _content(r["prev"])) / max(1, len(_content(r["text"]))) for r in xs]
        print(f"| {lab} | {len(xs)} | {sum(s == 0 for s in share)} | {sum(s >= 0.5 for s in share)} |")
    print("\nfacts lost:")
    for r in rows:
        if r["label"] == "fact" and not r["stored"]:
            print(f"  a{r['author']} {r['pos']}: {r['text'][:110]!r}")


if __name__ == "__main__":
    main()
