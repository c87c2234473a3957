"""Slot agreement on the knowledge-update probes of the development authors (issue 10, session 17).

For every rank probe of every ``knowledge_update`` scenario in ``bench/_sets.SCENARIO_SETS`` (the
forty-two development authors; never the validation sets), the scenario is replayed into a fresh
memory and the stored user/import claims are read back. The probe's *new* claims are the ones holding
its target, its *old* claims the ones holding its ``stale`` strings (a "now" probe); an ``as_of``
probe's target is the past value, so its old claims hold the target and its new ones the stale
strings, else the target of a "now" probe of the scenario whose stale strings hold that past value. For each probe the pair that agrees best is classed, first matching class:

  no-old / no-new      no claim (of the user or an import) holds the strings at all
  both-no-slot         neither got a slot
  old-no-slot          the old claim got no slot
  new-no-slot          the new claim got no slot
  other-subject        both slotted, different subjects
  other-attribute      same subject, different attributes
  same-slot-fired      same slot and the old claim was superseded (``valid_to`` set)
  same-slot-no-fire    same slot, old claim still active

and whether the probe passed (current@1 for "now", the first hit holding the target for ``as_of``).
Prints one row per probe with ``--rows`` and the table by class and by author.

    PYTHONPATH=src python bench/slot_agreement.py [--rows] [--sets heldout36,heldout37]
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _sets import AUTHORS, SCENARIO_SETS  # noqa: E402

CLASSES = ("no-old", "no-new", "both-no-slot", "old-no-slot", "new-no-slot", "other-subject", "other-attribute",
           "same-slot-no-fire", "same-slot-fired")


def _claims(memory, user_id):
    from memwarden.storage.base import ListQuery

    rows = memory.store.list(user_id, ListQuery(kind="claim", limit=None, include_superseded=True))
    return [r for r in rows if r.claim is not None and not r.claim.echo and r.claim.vouched_by != "assistant"
            and r.role != "assistant"]


def _slot_parts(slot):
    subj, _, attr = (slot or "").partition("|")
    return subj, attr


def classify(old, new):
    """(class, old item, new item) for the best-agreeing pair of ``old`` and ``new`` claims."""
    if not old:
        return "no-old", None, (new[0] if new else None)
    if not new:
        return "no-new", old[0], None
    best = None
    for o in old:
        for n in new:
            if o.id == n.id:
                continue
            if not o.claim.slot and not n.claim.slot:
                c = "both-no-slot"
            elif not o.claim.slot:
                c = "old-no-slot"
            elif not n.claim.slot:
                c = "new-no-slot"
            else:
                (so, ao), (sn, an) = _slot_parts(o.claim.slot), _slot_parts(n.claim.slot)
                if so != sn:
                    c = "other-subject"
                elif ao != an:
                    c = "other-attribute"
                elif o.valid_to is not None or o.status == "superseded":
                    c = "same-slot-fired"
                else:
                    c = "same-slot-no-fire"
            rank = CLASSES.index(c)
            if best is None or rank > best[0]:
                best = (rank, c, o, n)
    if best is None:
        return "no-new", old[0], None
    return best[1], best[2], best[3]


def run(sets, rows_out):
    from memwarden.evals.scenario_format import matches

    from _replay import replay_probes

    out = []
    for author, sc, i, p, system in replay_probes("rank", sets=sets, kind="knowledge_update"):
        if not p.target:
            continue
        uid = sc.user_map[p.user]
        claims = _claims(system.memory, uid)
        hold_t = [c for c in claims if matches(c.memory, p.target)]
        stale = p.stale
        if p.as_of and not stale:  # the current value: what the scenario's "now" probes want
            stale = next((q.target for q in sc.probes if q.type == "rank" and q.target
                          and not q.as_of and q.stale and matches(" ".join(q.stale), p.target)), None)
        hold_s = [c for c in claims if stale and matches(c.memory, stale)]
        kind = "as_of" if p.as_of else "now"
        old, new = (hold_t, hold_s) if kind == "as_of" else (hold_s, hold_t)
        if kind == "now" and not p.stale:
            kind = "now-nostale"
        cls, o, n = classify(old, new)
        found = system.search(p.query, uid, p.top_k, p.as_of or sc.clock)
        ok = bool(found.hits) and matches(found.hits[0].text, p.target)
        row = {"author": AUTHORS[author], "set": author, "probe": f"{sc.id}/{sc.probe_id(i)}",
               "kind": kind, "class": cls, "pass": ok,
               "old_slot": o.claim.slot if o else None, "new_slot": n.claim.slot if n else None,
               "old": o.memory[:90] if o else None, "new": n.memory[:90] if n else None}
        out.append(row)
        if rows_out:
            print("\t".join(str(row[k]) for k in ("author", "probe", "kind", "class", "pass",
                                                  "old_slot", "new_slot", "old", "new")), flush=True)
    return out


def table(rows):
    print("\n| class | now probes | passed | as_of probes | passed | authors |")
    print("|---|---|---|---|---|---|")
    for c in CLASSES:
        now = [r for r in rows if r["class"] == c and r["kind"] != "as_of"]
        aso = [r for r in rows if r["class"] == c and r["kind"] == "as_of"]
        authors = len({r["author"] for r in now + aso})
        print(f"| {c} | {len(now)} | {sum(r['pass'] for r in now)} | {len(aso)} | {sum(r['pass'] for r in aso)} "
              f"| {authors} |")
    slotted = [r for r in rows if r["class"] in CLASSES[2:]]
    same = [r for r in rows if r["class"].startswith("same-slot")]
    fired = [r for r in rows if r["class"] == "same-slot-fired"]
    print(f"\nprobes {len(rows)}; both claims found {len(slotted)}; same slot {len(same)} "
          f"({len(same) / max(1, len(slotted)):.3f} of found); supersession fired {len(fired)}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", action="store_true")
    ap.add_argument("--sets", default="")
    a = ap.parse_args()
    sets = {k: v for k, v in SCENARIO_SETS.items() if not a.sets or k in a.sets.split(",")}
    table(run(sets, a.rows))


if __name__ == "__main__":
    main()
