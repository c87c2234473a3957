"""Check a scenario file against the format in docs/SCENARIOS.md.

Usage: python evals/scenarios/validate.py [PATH]   (default: dev.json beside this file)
Prints counts per kind and per probe type; exits 1 on the first list of problems.
It checks structure only (fields, types, timestamps, labels, ids, as_of inside the
scenario's time span); it does not judge whether a target is a sensible answer.
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

KINDS = {"knowledge_update", "indirect_constraint", "abstention", "source_reliability",
         "noise_admission", "scope_isolation", "multi_fact", "governance"}
SCENARIO_FIELDS = {"id", "kind", "users", "sessions", "probes", "note"}
SESSION_FIELDS = {"ts", "user", "messages", "note"}
POLICIES = {"use", "constrain_to_scope", "defer_to_evidence", "ignore_as_evidence", "superseded"}
PROBE_FIELDS = {
    "rank": ({"query"}, {"id", "type", "query", "target", "targets", "stale", "k", "as_of", "user", "forbid"}),
    "abstain": ({"query", "expect_abstain"}, {"id", "type", "query", "expect_abstain", "target", "as_of", "user"}),
    "verdict": ({"claim", "expect"}, {"id", "type", "claim", "expect", "as_of", "user"}),
    "policy": ({"query", "target", "expect_policy"}, {"id", "type", "query", "evidence", "target", "expect_policy", "as_of", "user"}),
}


def _ts(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None


def _strings(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(x, str) and x.strip() for x in value)


def _matches(text: str, wanted: list[str]) -> bool:
    low = text.lower()
    return all(any(alt.lower() in low for alt in w.split("|")) for w in wanted)


def _consistency(sc: dict, where: str) -> list[str]:
    """Cheap checks that a probe can be answered from the turns at all.

    A target must occur in some turn of the probed user before the probe's clock; a stale
    string must not share a turn with the target (else a raw-turn store cannot order them);
    a forbid string must not occur in the probed user's own turns.
    """
    errs: list[str] = []
    sessions = sc.get("sessions", [])
    last = max((_ts(s.get("ts")) for s in sessions if _ts(s.get("ts"))), default=None)
    for p in sc.get("probes", []):
        pw = f"{where} probe {p.get('id')!r}"
        user = p.get("user", "A")
        clock = _ts(p["as_of"]) if "as_of" in p else last
        turns = [m.get("content", "") for s in sessions if s.get("user", "A") == user
                 and (clock is None or (_ts(s.get("ts")) or clock) <= clock) for m in s.get("messages", [])]
        wanted = p.get("targets") or ([p["target"]] if isinstance(p.get("target"), list) else [])
        for t in wanted:
            if not any(_matches(x, t) for x in turns):
                errs.append(f"{pw}: target {t} occurs in no turn of user {user} before the probe")
            for st in p.get("stale", []):
                if any(_matches(x, t) and _matches(x, [st]) for x in turns):
                    errs.append(f"{pw}: stale {st!r} shares a turn with target {t}")
        for f in p.get("forbid", []):
            if any(_matches(x, [f]) for x in turns):
                errs.append(f"{pw}: forbid {f!r} occurs in user {user}'s own turns")
    return errs


def check(data: dict) -> tuple[list[str], Counter, Counter]:
    errs: list[str] = []
    kinds: Counter = Counter()
    ptypes: Counter = Counter()
    if data.get("version") != 1 or not isinstance(data.get("scenarios"), list):
        return ["top level must be {'version': 1, 'scenarios': [...]}"], kinds, ptypes
    ids: set[str] = set()
    for sc in data["scenarios"]:
        sid = sc.get("id")
        where = f"scenario {sid!r}"
        if not isinstance(sid, str) or sid in ids:
            errs.append(f"{where}: missing or duplicate id")
        ids.add(sid)
        for key in ("kind", "sessions", "probes"):
            if key not in sc:
                errs.append(f"{where}: missing {key}")
        for key in set(sc) - SCENARIO_FIELDS:
            errs.append(f"{where}: field {key} not allowed (memwarden's loader rejects it; use 'note')")
        if sc.get("kind") not in KINDS:
            errs.append(f"{where}: bad kind {sc.get('kind')!r}")
        kinds[sc.get("kind")] += 1
        users = sc.get("users", {"A": None})
        if not isinstance(users, dict) or not users:
            errs.append(f"{where}: users must be a non-empty map")
            users = {"A": None}
        times = []
        for i, sess in enumerate(sc.get("sessions", [])):
            t = _ts(sess.get("ts"))
            if t is None or t.tzinfo is None:
                errs.append(f"{where} session {i}: ts not ISO 8601 with zone")
            else:
                if times and t < times[-1]:
                    errs.append(f"{where} session {i}: sessions out of order")
                times.append(t)
            if sess.get("user", "A") not in users:
                errs.append(f"{where} session {i}: unknown user {sess.get('user')!r}")
            for key in set(sess) - SESSION_FIELDS:
                errs.append(f"{where} session {i}: field {key} not allowed (use 'note')")
            msgs = sess.get("messages")
            if not isinstance(msgs, list) or not msgs:
                errs.append(f"{where} session {i}: no messages")
                continue
            for m in msgs:
                if m.get("role") not in {"user", "assistant"} or not isinstance(m.get("content"), str) or not m["content"].strip():
                    errs.append(f"{where} session {i}: bad message {m!r}")
                if "label" in m and m["label"] not in {"fact", "chitchat"}:
                    errs.append(f"{where} session {i}: bad label {m['label']!r}")
                if set(m) - {"role", "content", "label", "name"}:
                    errs.append(f"{where} session {i}: unknown message fields {set(m) - {'role', 'content', 'label', 'name'}}")
        pids: set[str] = set()
        for p in sc.get("probes", []):
            ptype = p.get("type")
            pw = f"{where} probe {p.get('id')!r}"
            if p.get("id") in pids:
                errs.append(f"{pw}: duplicate probe id")
            pids.add(p.get("id"))
            if ptype not in PROBE_FIELDS:
                errs.append(f"{pw}: bad type {ptype!r}")
                continue
            ptypes[ptype] += 1
            required, allowed = PROBE_FIELDS[ptype]
            for key in required - set(p):
                errs.append(f"{pw}: missing {key}")
            for key in set(p) - allowed:
                errs.append(f"{pw}: field {key} not allowed for {ptype}")
            if ptype == "rank":
                if ("target" in p) == ("targets" in p):
                    errs.append(f"{pw}: exactly one of target/targets")
                if "target" in p and not _strings(p["target"]):
                    errs.append(f"{pw}: target must be a list of strings")
                if "targets" in p and not (isinstance(p["targets"], list) and len(p["targets"]) >= 2 and all(_strings(t) for t in p["targets"])):
                    errs.append(f"{pw}: targets must be a list of >= 2 string lists")
                for key in ("stale", "forbid"):
                    if key in p and not _strings(p[key]):
                        errs.append(f"{pw}: {key} must be a list of strings")
                if "k" in p and not (isinstance(p["k"], int) and p["k"] > 0):
                    errs.append(f"{pw}: k must be a positive int")
            if ptype == "abstain":
                if not isinstance(p.get("expect_abstain"), bool):
                    errs.append(f"{pw}: expect_abstain must be a bool")
                elif p["expect_abstain"] is False and not _strings(p.get("target")):
                    errs.append(f"{pw}: answerable control needs a target")
                elif p["expect_abstain"] is True and "target" in p:
                    errs.append(f"{pw}: an unanswerable probe takes no target")
            if ptype == "verdict" and p.get("expect") not in {"TRUE", "FALSE"}:
                errs.append(f"{pw}: expect must be TRUE or FALSE")
            if ptype == "policy":
                if not _strings(p.get("target")):
                    errs.append(f"{pw}: target must be a list of strings")
                pol = p.get("expect_policy")
                if not (isinstance(pol, list) and pol and set(pol) <= POLICIES):
                    errs.append(f"{pw}: expect_policy must be a non-empty list from {sorted(POLICIES)}")
                if "evidence" in p and not _strings(p["evidence"]):
                    errs.append(f"{pw}: evidence must be a list of strings")
            if "user" in p and p["user"] not in users:
                errs.append(f"{pw}: unknown user {p['user']!r}")
            if "as_of" in p:
                t = _ts(p["as_of"])
                if t is None or t.tzinfo is None:
                    errs.append(f"{pw}: as_of not ISO 8601 with zone")
                elif times and t < times[0]:
                    errs.append(f"{pw}: as_of before the first session")
        errs.extend(_consistency(sc, where))
        if not sc.get("probes") and sc.get("kind") != "noise_admission":
            errs.append(f"{where}: no probes")
    return errs, kinds, ptypes


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).with_name("dev.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    errs, kinds, ptypes = check(data)
    for e in errs:
        print("ERROR", e)
    print("scenarios:", sum(kinds.values()))
    for k, n in sorted(kinds.items(), key=lambda kv: str(kv[0])):
        print(f"  {k}: {n}")
    labels: Counter = Counter()
    labelled: Counter = Counter()
    for sc in data["scenarios"]:
        msgs = [m for s in sc.get("sessions", []) for m in s.get("messages", [])]
        labels.update(m["label"] for m in msgs if "label" in m)
        labelled[sc.get("kind")] += any("label" in m for m in msgs)
    print("labelled turns:", dict(labels))
    print("scenarios with labels per kind:", {k: f"{labelled[k]}/{kinds[k]}" for k in sorted(kinds, key=str)})
    print("probes:", sum(ptypes.values()))
    for k, n in sorted(ptypes.items()):
        print(f"  {k}: {n}")
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
