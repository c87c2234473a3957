"""How far the bare-reply rule (claims/reply.py) could go, chosen leave one author out (issue 10, session 15).

    PYTHONPATH=src python bench/loao_bare_reply.py [--k 10]

The rule drops a short anchorless user clause after the assistant's statement (or the user's own turn) when the
gate's P(chit-chat) is above ``reply.THRESHOLD`` (0.40) and the turn has at most ``reply.MAX_WORDS`` (8) words.
Session 15's recount found the stored chit-chat after an assistant statement shares no content word with it in 399
of 443 turns (``bench/chit_classes.py``): it reacts, it does not restate, so an echo test has nothing to act on;
the bare-reply rule is the structural lever there. This script records, with the offline extractor over the
labelled user turns of every development author (``bench/_sets.py``), each clause the gate keeps, then replays the
rule on a grid of word limits (8-30) and thresholds (0.25-0.40, so the grid only adds drops to the shipped rule) and
chooses, for each held-out author, the grid point minimising *chit-chat turns stored + k x fact turns newly lost*
over the other authors (k = 10 stated before any run, as session 14's ``loao_gate_cost.py``); the held-out author
is scored at that point. A stored claim the replay cannot match to a logged clause keeps its turn (conservative)."""

from __future__ import annotations

import argparse
import collections

from _sets import AUTHORS  # bench/_sets.py
from chit_classes import gate_watched, kept_clause, labelled_user_turns  # bench/chit_classes.py

from memwarden.claims import reply

GRID = [(n, t) for n in (8, 10, 12, 15, 20, 30) for t in (0.25, 0.30, 0.35, 0.40)]


def record() -> list[dict]:
    rows: list[dict] = []
    for name, msgs, res, log in gate_watched(kept_clause):
        for i, m, _prev, _pos in labelled_user_turns(msgs):
            texts = {c.text for c in res.claims if i in c.turn_indexes and not c.claim.echo}
            rows.append({"author": AUTHORS[name], "label": m["label"], "n": len(texts),
                         "kept": [x for x in log if x["text"] in texts]})
    return rows


def drops(x: dict, words: int, threshold: float) -> bool:
    """``reply.bare_reply`` with the word limit and threshold as parameters."""
    if x["prev_role"] not in ("assistant", "self") or not x["prev"] or "?" in x["prev"]:
        return False
    if x["p"] <= threshold or len(reply._WORD.findall(x["turn"])) > words or any(x["f"].get(k) for k in reply.ANCHORS):
        return False
    c, turn = x["clause"], x["turn"]
    return not (reply._ADDITIVE.search(turn.strip()) or reply._NEGATION.search(c) or reply._FREQUENCY.search(c)
                or reply._CONDITIONAL.search(c) or reply._STATUS.search(c) or reply.STATE_WORD.search(c) or reply._ASIDE.search(turn))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--k", type=float, default=10.0, help="a lost fact weighs k stored chit-chat turns")
    k = ap.parse_args().k
    rows = record()
    table = {}
    for g in GRID:
        per = collections.defaultdict(lambda: [0, 0])
        for r in rows:
            stored = r["n"] > 0 and (len(r["kept"]) < r["n"] or any(not drops(x, *g) for x in r["kept"]))
            if r["label"] == "chitchat":
                per[r["author"]][0] += stored
            elif r["n"] and not stored:
                per[r["author"]][1] += 1
        table[g] = per
    print("| words, threshold | chit-chat stored | facts newly lost (authors) |\n|---|---|---|")
    for g in GRID:
        per = table[g]
        print(f"| {g} | {sum(v[0] for v in per.values())} | {sum(v[1] for v in per.values())} "
              f"({' '.join(str(a) for a in sorted(per) if per[a][1])}) |")
    chit = lost = 0
    picks = collections.Counter()
    for a in sorted({r["author"] for r in rows}):
        best = min(GRID, key=lambda g: (sum(v[0] + k * v[1] for b, v in table[g].items() if b != a), -g[1]))
        picks[best] += 1
        chit += table[best][a][0]
        lost += table[best][a][1]
    print(f"\nleave one author out, k = {k:g}: picks {dict(picks)}; chit-chat stored {chit}, facts newly lost {lost}")


if __name__ == "__main__":
    main()
