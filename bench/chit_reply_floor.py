"""How far chit-chat after an assistant statement can be cut without losing a fact (issue 10, session 27).

    PYTHONPATH=src python bench/chit_reply_floor.py --build 1-60 [--check 61-92] [--margins 0,0.01,0.02] [--c 0.1]
                                                   [--cache /tmp/floor]   # each half's recorded turns kept as a pickle

Session 27 splits the development authors in two: BUILD (authors 1-60) is read and fitted, CHECK (61-92) is counted
once at the end (totals only). Over the labelled user turns the shipped gate still stores (``chit_classes.record``:
the offline extractor as ``add`` runs it, bare-reply and small-talk rules included), for the turns right after an
assistant statement (the largest cells of ``bench/chit_classes.py``), two ways of dropping more:

- ``stage``: a logistic model over what the gate already reads of each kept clause (its 51 named features and its
  log-odds) and the turn's length and number of kept clauses, fitted on the turns after an assistant statement; a
  turn is dropped when every kept clause it may drop (no information flag, ``gate.informs``) scores above the
  threshold, which is the lowest keeping every training fact + margin (as every gate before it). Leave one author
  out over BUILD, then fitted on all of BUILD and counted once on CHECK.
- ``no value``: a rule, no fitting: a short turn (at most N words) whose every kept clause opens on a pronoun (the
  thing commented on is already in the conversation) and adds nothing a later question could ask for: none of the
  gate's value anchors (slot, liked thing, concrete time, amount, number, name, relation, report, information flag,
  procedure, change, rule word, says, plan, contrast, event) and none of the bare-reply rule's additions (an
  additive opener, a negation, a frequency, a conditional, a status or lasting-state word, an aside).

Prints chit-chat turns dropped / fact turns lost for each, per half. Nothing here changes what ``add`` stores."""

from __future__ import annotations

import argparse
import collections
import math
import pickle
import re
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

from chit_classes import authors_arg, record  # bench/chit_classes.py

from memwarden.claims import gate, reply

#: The gate's features that say the clause adds a value of its own.
VALUE = ("slot", "likes_slot", "concrete_time", "unit_number", "number", "name", "relation", "reported", "info_mark", "procedure",
         "change", "rule_word", "says", "plan", "contrast", "event")
#: A clause opening (after closed-class fillers) on a pronoun: what it comments on was said before.
_PRONOUN_LED = re.compile(r"^\W*(?:(?:haha\w*|lol|ha|oh|ah|yeah|yes|ok|okay|well|tbh|ngl|honestly|and|but|so)\W+)*"
                          r"(?:i|i'm|i've|i'll|i'd|he|he's|she|she's|they|they're|it|it's|we|we're|you|you're|that|that's|this)\b", re.I)


def in_scope(r: dict) -> bool:
    """A stored user turn right after an assistant statement, with a clause the gate could drop."""
    return r["stored"] and r["pos"] == "after_statement" and bool(r["kept"]) and not any(gate.informs(c["f"]) for c in r["kept"])


def _vec(r: dict, c: dict) -> list[float]:
    return [c["f"][k] for k in gate.FEATURES] + [c["z"], math.log1p(r["words"]), math.log1p(len(r["kept"]))]


class Stage:
    """The logistic stage fitted on some turns; ``p`` of a turn is its lowest clause probability."""

    def __init__(self, rows: list[dict], c: float, margin: float) -> None:
        X = np.array([_vec(r, k) for r in rows for k in r["kept"]])
        y = np.array([int(r["label"] == "chitchat") for r in rows for _ in r["kept"]])
        self.mu, self.sd = X.mean(0), X.std(0) + 1e-9
        self.m = LogisticRegression(C=c, max_iter=5000).fit((X - self.mu) / self.sd, y)
        self.threshold = max([self.p(r) for r in rows if r["label"] == "fact"] + [0.0]) + margin

    def p(self, r: dict) -> float:
        X = (np.array([_vec(r, k) for k in r["kept"]]) - self.mu) / self.sd
        return float(self.m.predict_proba(X)[:, 1].min())

    def drops(self, r: dict) -> bool:
        return self.p(r) > self.threshold


def adds_value(c: dict, turn: str) -> bool:
    f, clause = c["f"], c["clause"]
    return bool(any(f.get(k) for k in VALUE) or reply._ADDITIVE.search(turn.strip()) or reply._NEGATION.search(clause)
                or reply._FREQUENCY.search(clause) or reply._CONDITIONAL.search(clause) or reply._STATUS.search(clause)
                or reply.STATE_WORD.search(clause) or reply._ASIDE.search(turn))


def no_value(r: dict, words: int) -> bool:
    return r["words"] <= words and all(_PRONOUN_LED.match(c["clause"]) and not adds_value(c, r["text"]) for c in r["kept"])


def tally(rows: list[dict], drop) -> tuple[int, int, int, list[str]]:  # noqa: ANN001
    """(chit-chat turns dropped, fact turns lost, authors with a dropped chit-chat turn, the lost facts)."""
    n = collections.Counter()
    authors, lost = set(), []
    for r in rows:
        if drop(r):
            n[r["label"]] += 1
            if r["label"] == "chitchat":
                authors.add(r["author"])
            else:
                lost.append(f"a{r['author']}: {r['text'][:90]!r}")
    return n["chitchat"], n["fact"], len(authors), lost


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="1-60", help="the authors read and fitted")
    ap.add_argument("--check", default="", help="the authors counted once (totals; the lost facts named)")
    ap.add_argument("--margins", default="0,0.01,0.02")
    ap.add_argument("--c", type=float, default=0.1)
    ap.add_argument("--words", default="5,6,8,10,12")
    ap.add_argument("--cache", default="", help="a directory keeping each half's recorded turns (BUILD.pkl, CHECK.pkl)")
    a = ap.parse_args()

    def recorded(name: str, spec: str) -> list[dict]:
        path = Path(a.cache) / f"{name}-{spec}.pkl" if a.cache else None
        if path is not None and path.exists():
            return pickle.loads(path.read_bytes())
        rows = record(authors_arg(spec))
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(pickle.dumps(rows))
        return rows

    halves = {"BUILD": recorded("BUILD", a.build)}
    if a.check:
        halves["CHECK"] = recorded("CHECK", a.check)
    for name, rows in halves.items():
        chat = [r for r in rows if r["label"] == "chitchat"]
        print(f"{name}: {len({r['author'] for r in rows})} authors, chit-chat stored {sum(r['stored'] for r in chat)} of "
              f"{len(chat)}, facts lost {sum(not r['stored'] for r in rows if r['label'] == 'fact')}, "
              f"in scope (after an assistant statement) {sum(in_scope(r) and r['label'] == 'chitchat' for r in rows)} chit-chat / "
              f"{sum(in_scope(r) and r['label'] == 'fact' for r in rows)} fact turns")
    build = [r for r in halves["BUILD"] if in_scope(r)]
    print("\n| what drops more | half | chit-chat dropped | facts lost | authors |\n|---|---|---|---|---|")
    for margin in (float(x) for x in a.margins.split(",")):
        tot = [0, 0, set(), []]
        for au in sorted({r["author"] for r in build}):
            st = Stage([r for r in build if r["author"] != au], a.c, margin)
            n, lost, _, which = tally([r for r in build if r["author"] == au], st.drops)
            tot[0] += n
            tot[1] += lost
            tot[2] |= {au} if n else set()
            tot[3] += which
        print(f"| stage, C {a.c}, margin {margin}, leave one author out | BUILD | {tot[0]} | {tot[1]} | {len(tot[2])} |")
        for x in tot[3]:
            print(f"|   lost: {x} | | | | |")
        st = Stage(build, a.c, margin)
        for name, rows in halves.items():
            n, lost, au, which = tally([r for r in rows if in_scope(r)], st.drops)
            print(f"| stage fitted on BUILD (threshold {st.threshold:.3f}) | {name} | {n} | {lost} | {au} |")
            if name != "BUILD":
                for x in which:
                    print(f"|   lost: {x} | | | | |")
    for w in (int(x) for x in a.words.split(",")):
        for name, rows in halves.items():
            n, lost, au, which = tally([r for r in rows if in_scope(r)], lambda r, w=w: no_value(r, w))
            print(f"| no value, pronoun-led, <= {w} words | {name} | {n} | {lost} | {au} |")
            for x in which:
                print(f"|   lost: {x} | | | | |")


if __name__ == "__main__":
    main()
