"""``memwarden eval scenarios``: replay hand-written conversations, score every probe (SCENARIOS.md).

Per scenario, a fresh system (see :mod:`.scenario_systems`) gets one ``add`` per session at the
session's clock; then every probe runs at its own clock (``as_of``, else one day after the last
session). Each probe records what came back and which checks passed; :func:`summarise` turns
those records into the headline metric per kind, the overall mean and the issue-10 metrics.

Choices the format leaves open, fixed here and reported in the output:

- a rank probe searches ``max(10, k)`` hits: ``k`` (default 5) bounds hit@k and ``targets``,
  ``forbid`` and ``stale`` are checked over everything returned;
- a hit matching both ``target`` and ``stale`` ("moved from Leeds to Bristol") is a target hit;
- a policy probe judges the best-ranked memory matching ``target``;
- scope_isolation's headline is the share of ``forbid`` probes that returned no forbid string;
  source_reliability's is the mean of its current@1 and its verdict accuracy.
"""

from __future__ import annotations

import time
from datetime import datetime
from typing import Any, Callable, Iterable, Sequence

from pydantic import BaseModel, ConfigDict, Field

from .scenario_format import (AbstainProbe, KINDS, PolicyProbe, RankProbe, Scenario, ScenarioFile, VerdictProbe,
                              contains_any, matches)
from .scenario_systems import Hit, ScenarioSystem

__all__ = ["SEARCH_LIMIT", "ProbeResult", "TurnResult", "run_scenarios", "evaluate_scenario", "summarise",
           "HEADLINE"]

#: Hits every probe asks for (a rank probe asks for more when its ``k`` is larger).
SEARCH_LIMIT = 10
CONTROL_K = 3
HEADLINE = {
    "knowledge_update": "current@1",
    "indirect_constraint": "hit@3",
    "abstention": "balanced acc.",
    "source_reliability": "mean(current@1, verdict acc.)",
    "noise_admission": "balanced acc. (fact stored, chit-chat not)",
    "scope_isolation": "no forbid string returned",
    "multi_fact": "all targets in first k (5)",
    "governance": "policy acc.",
}


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HitOut(_Model):
    rank: int
    id: str
    memory: str
    status: str = "active"
    policy: str | None = None


class ProbeResult(_Model):
    scenario: str
    kind: str
    probe: str
    type: str
    user: str
    as_of: datetime
    #: The probe's question (or claim), for reports.
    query: str
    passed: bool
    #: Which checks failed, in words (empty when passed).
    failed: list[str] = Field(default_factory=list)
    # rank
    #: A "now" probe: no ``as_of`` and a ``stale`` value (the fact changed; is the new one first?).
    now: bool | None = None
    #: A point-in-time probe (``as_of`` given): is the value of that time first?
    past: bool | None = None
    k: int | None = None
    current_at_1: bool | None = None
    hit_at_k: bool | None = None
    hit_at_3: bool | None = None
    stale_above: bool | None = None
    all_targets: bool | None = None
    forbid_returned: list[str] | None = None
    # abstain
    expect_abstain: bool | None = None
    abstained: bool | None = None
    abstain_reason: str | None = None
    target_in_3: bool | None = None
    # verdict
    expect: str | None = None
    verdict: str | None = None
    # policy
    expect_policy: list[str] | None = None
    policy: str | None = None
    hits: list[HitOut] = Field(default_factory=list)
    #: The exception the system raised on this probe (the probe then counts as failed).
    error: str | None = None


class TurnResult(_Model):
    scenario: str
    kind: str
    session: int
    index: int
    label: str
    text: str
    #: Kept as memory (a claim, or a turn-level memory); None: no receipt named the turn.
    stored: bool | None
    #: The exception the system raised on this turn's session (``stored`` is then None).
    error: str | None = None


def _hits_out(hits: Sequence[Hit], n: int = SEARCH_LIMIT) -> list[HitOut]:
    return [HitOut(rank=i + 1, id=h.id, memory=h.text, status=h.status, policy=h.policy) for i, h in enumerate(hits[:n])]


def _first(hits: Sequence[Hit], wanted: list[str], exclude: list[str] | None = None) -> int | None:
    for i, h in enumerate(hits):
        if matches(h.text, wanted) and not (exclude and matches(h.text, exclude)):
            return i
    return None


def _rank(system: ScenarioSystem, sc: Scenario, p: RankProbe, base: dict[str, Any]) -> ProbeResult:
    k = p.top_k
    found = system.search(p.query, sc.user_map[p.user], max(SEARCH_LIMIT, k), base["as_of"])
    hits = found.hits
    r = ProbeResult(**base, query=p.query, passed=True, k=k, now=p.as_of is None and p.stale is not None,
                    past=p.as_of is not None,
                    hits=_hits_out(hits, max(SEARCH_LIMIT, k)))
    failed = []
    if p.target is not None:
        t = _first(hits, p.target)
        r.current_at_1 = t == 0
        r.hit_at_k = t is not None and t < k
        r.hit_at_3 = t is not None and t < CONTROL_K
        if not r.current_at_1:
            failed.append("target not first" if t is not None else "target not returned")
        if p.stale is not None:
            s = _first(hits, p.stale, exclude=p.target)
            r.stale_above = s is not None and (t is None or s < t)
            if r.stale_above:
                failed.append(f"stale at {s + 1} above target")  # type: ignore[operator]
    groups = p.targets if p.targets is not None else [p.target] if p.target is not None else []
    if p.targets is not None:
        missing = [g for g in groups if not any(matches(h.text, g) for h in hits[:k])]
        r.all_targets = not missing
        if missing:
            failed.append(f"not in first {k}: " + "; ".join(" + ".join(g) for g in missing))
    if p.forbid is not None:
        seen = sorted({s for h in hits for s in contains_any(h.text, p.forbid)})
        r.forbid_returned = seen
        if seen:
            failed.append("forbidden returned: " + ", ".join(seen))
    r.failed, r.passed = failed, not failed
    return r


def _abstain(system: ScenarioSystem, sc: Scenario, p: AbstainProbe, base: dict[str, Any]) -> ProbeResult:
    found = system.search(p.query, sc.user_map[p.user], SEARCH_LIMIT, base["as_of"])
    r = ProbeResult(**base, query=p.query, passed=False, expect_abstain=p.expect_abstain, abstained=found.abstained,
                    abstain_reason=found.reason, hits=_hits_out(found.hits))
    if p.expect_abstain:
        r.passed = found.abstained
        r.failed = [] if r.passed else ["answered an unanswerable question"]
        return r
    if p.target is not None:
        r.target_in_3 = _first(found.hits[:CONTROL_K], p.target) is not None
    r.failed = (["abstained on an answerable question"] if found.abstained else []) + (
        [f"target not in first {CONTROL_K}"] if r.target_in_3 is False else [])
    r.passed = not r.failed
    return r


def _verdict(system: ScenarioSystem, sc: Scenario, p: VerdictProbe, base: dict[str, Any]) -> ProbeResult:
    got = system.verdict(p.claim, sc.user_map[p.user], base["as_of"])
    ok = got == p.expect
    return ProbeResult(**base, query=p.claim, passed=ok, expect=p.expect, verdict=got,
                       failed=[] if ok else [f"verdict {got}, expected {p.expect}"])


def _policy(system: ScenarioSystem, sc: Scenario, p: PolicyProbe, base: dict[str, Any]) -> ProbeResult:
    governed = system.policies(p.query, sc.user_map[p.user], list(p.evidence), base["as_of"], SEARCH_LIMIT)
    t = _first(governed, p.target)
    got = governed[t].policy if t is not None else None
    ok = got in p.expect_policy
    failed = [] if ok else ["target not in the context" if t is None else f"policy {got}, expected {'|'.join(p.expect_policy)}"]
    return ProbeResult(**base, query=p.query, passed=ok, expect_policy=list(p.expect_policy), policy=got, failed=failed,
                       hits=_hits_out(governed))


_RUN = {"rank": _rank, "abstain": _abstain, "verdict": _verdict, "policy": _policy}


def evaluate_scenario(system: ScenarioSystem, sc: Scenario) -> tuple[list[ProbeResult], list[TurnResult], list[str]]:
    """Replay ``sc`` into ``system`` (empty) and run its probes; also the errors the system raised."""
    users = sc.user_map
    turns: list[TurnResult] = []
    errors: list[str] = []
    for si, session in enumerate(sc.sessions):
        msgs = session.add_messages()
        failure = None
        try:
            stored = system.add_session(users[session.user], msgs, session.ts)
        except Exception as exc:  # noqa: BLE001 - one failing add must not hide the rest of the set
            failure = f"{type(exc).__name__}: {exc}"
            errors.append(f"{sc.id}: sessions[{si}]: {failure}")
            stored = [None] * len(msgs)
        for mi, (m, st) in enumerate(zip(session.messages, stored)):
            if m.label:
                turns.append(TurnResult(scenario=sc.id, kind=sc.kind, session=si, index=mi, label=m.label,
                                        text=m.content, stored=st, error=failure))
    probes = []
    for i, p in enumerate(sc.probes):
        base = {"scenario": sc.id, "kind": sc.kind, "probe": sc.probe_id(i), "type": p.type, "user": p.user,
                "as_of": p.as_of or sc.clock}
        try:
            probes.append(_RUN[p.type](system, sc, p, base))  # type: ignore[operator]
        except Exception as exc:  # noqa: BLE001 - reported as a failed probe with the error, and counted
            msg = f"{type(exc).__name__}: {exc}"
            errors.append(f"{sc.id}: {base['probe']}: {msg}")
            probes.append(ProbeResult(**base, query=getattr(p, "query", None) or getattr(p, "claim", ""), passed=False,
                                      failed=[f"error: {msg}"], error=msg))
    return probes, turns, errors


# -- metrics --------------------------------------------------------------------------------------


def _mean(values: Iterable[bool | float | None], ndigits: int | None = 4) -> float | None:
    vals = [float(v) for v in values if v is not None]
    if not vals:
        return None
    m = sum(vals) / len(vals)
    return round(m, ndigits) if ndigits is not None else m


def _mean_of(*values: float | None) -> float | None:
    """The mean of the parts that exist (each part unrounded)."""
    return _mean(v for v in values if v is not None)


def abstention_metrics(probes: Sequence[ProbeResult]) -> dict[str, Any]:
    """Positives: unanswerable probes. A control counts as correct only when it answers with its target in the top 3."""
    ab = [p for p in probes if p.type == "abstain"]
    pos = [p for p in ab if p.expect_abstain]
    neg = [p for p in ab if not p.expect_abstain]
    tp = sum(1 for p in pos if p.abstained)
    fp = sum(1 for p in neg if p.abstained)
    return {
        "n": len(ab), "unanswerable": len(pos), "answerable": len(neg),
        "balanced_accuracy": _mean_of(_mean((p.passed for p in pos), None), _mean((p.passed for p in neg), None)),
        "precision": round(tp / (tp + fp), 4) if tp + fp else None,
        "recall": round(tp / len(pos), 4) if pos else None,
        "false_abstention_rate": round(fp / len(neg), 4) if neg else None,
        "controls_correct": _mean(p.passed for p in neg),
    }


def admission_metrics(turns: Sequence[TurnResult]) -> dict[str, Any]:
    facts = [t for t in turns if t.label == "fact"]
    chat = [t for t in turns if t.label == "chitchat"]
    facts_stored = _mean((bool(t.stored) for t in facts), None)
    chat_stored = _mean((bool(t.stored) for t in chat), None)
    return {
        "facts": len(facts), "chitchat": len(chat),
        "facts_stored_rate": _mean([facts_stored]), "facts_lost": sum(1 for t in facts if not t.stored),
        "chitchat_stored_rate": _mean([chat_stored]), "chitchat_stored": sum(1 for t in chat if t.stored),
        "unmapped_turns": sum(1 for t in turns if t.stored is None),
        "balanced_accuracy": _mean_of(facts_stored, None if chat_stored is None else 1 - chat_stored),
    }


def _rank_metrics(probes: Sequence[ProbeResult]) -> dict[str, Any]:
    rank = [p for p in probes if p.type == "rank"]
    return {
        "n": len(rank),
        "current@1": _mean(p.current_at_1 for p in rank),
        "hit@k": _mean(p.hit_at_k for p in rank),
        "hit@3": _mean(p.hit_at_3 for p in rank),
        "stale_above_rate": _mean(p.stale_above for p in rank),
        "all_targets": _mean(p.all_targets for p in rank),
        "forbid_violations": sum(1 for p in rank if p.forbid_returned),
    }


def headline(kind: str, probes: Sequence[ProbeResult], turns: Sequence[TurnResult]) -> float | None:
    """The kind's headline metric over its own scenarios' probes and turns (None: nothing to measure)."""
    rank = [p for p in probes if p.type == "rank"]
    if kind == "knowledge_update":
        return _mean(p.current_at_1 for p in rank)
    if kind == "indirect_constraint":
        return _mean(p.hit_at_3 for p in rank)
    if kind == "abstention":
        return abstention_metrics(probes)["balanced_accuracy"]
    if kind == "source_reliability":
        return _mean_of(_mean((p.current_at_1 for p in rank), None),
                        _mean((p.passed for p in probes if p.type == "verdict"), None))
    if kind == "noise_admission":
        return admission_metrics(turns)["balanced_accuracy"]
    if kind == "scope_isolation":
        return _mean(not p.forbid_returned for p in rank if p.forbid_returned is not None)
    if kind == "multi_fact":
        # A probe with a single target counts as needing that one memory in the first k.
        return _mean(p.all_targets if p.all_targets is not None else p.hit_at_k for p in rank)
    if kind == "governance":
        return _mean(p.passed for p in probes if p.type == "policy")
    raise ValueError(f"unknown kind {kind!r}")


def summarise(probes: Sequence[ProbeResult], turns: Sequence[TurnResult], scenarios: dict[str, str]) -> dict[str, Any]:
    """Everything the report shows; ``scenarios`` maps scenario id -> kind."""
    per_kind: dict[str, Any] = {}
    for kind in KINDS:
        ps = [p for p in probes if p.kind == kind]
        ts = [t for t in turns if t.kind == kind]
        n = sum(1 for k in scenarios.values() if k == kind)
        if n:
            per_kind[kind] = {"scenarios": n, "probes": len(ps), "metric": HEADLINE[kind], "headline": headline(kind, ps, ts),
                              "probes_passed": _mean(p.passed for p in ps)}
    heads = [v["headline"] for v in per_kind.values() if v["headline"] is not None]
    rank = [p for p in probes if p.type == "rank"]
    adm = admission_metrics(turns)
    return {
        "overall": round(sum(heads) / len(heads), 4) if heads else None,
        "per_kind": per_kind,
        "per_type": {
            "rank": _rank_metrics(probes),
            "abstain": abstention_metrics(probes),
            "verdict": {"n": sum(1 for p in probes if p.type == "verdict"),
                        "accuracy": _mean(p.passed for p in probes if p.type == "verdict")},
            "policy": {"n": sum(1 for p in probes if p.type == "policy"),
                       "accuracy": _mean(p.passed for p in probes if p.type == "policy")},
            "admission": adm,
        },
        "issue10": {
            "now_current@1": _mean(p.current_at_1 for p in rank if p.now),
            "now_probes": sum(1 for p in rank if p.now),
            "past_value@1": _mean(p.current_at_1 for p in rank if p.past),
            "past_probes": sum(1 for p in rank if p.past),
            "stale_above_current_rate": _mean(p.stale_above for p in rank),
            "chitchat_stored_rate": adm["chitchat_stored_rate"],
            "facts_lost": adm["facts_lost"],
            "constraint_hit@3": _mean(p.hit_at_3 for p in rank if p.kind == "indirect_constraint"),
            "multi_fact_all_in_top5": per_kind.get("multi_fact", {}).get("headline"),
        },
        "probes_passed": _mean(p.passed for p in probes),
    }


def run_scenarios(data: ScenarioFile, factory: Callable[[], ScenarioSystem], *, only: str | None = None,
                  on_scenario: Callable[[Scenario], None] | None = None) -> dict[str, Any]:
    """Run every scenario (of kind ``only`` when given) on a fresh system each; the full report."""
    chosen = [s for s in data.scenarios if only is None or s.kind == only]
    probes: list[ProbeResult] = []
    turns: list[TurnResult] = []
    errors: list[str] = []
    name = None
    start = time.perf_counter()
    for sc in chosen:
        system = factory()
        name = system.name
        try:
            ps, ts, errs = evaluate_scenario(system, sc)
        finally:
            system.close()
        probes += ps
        turns += ts
        errors += errs
        if on_scenario is not None:
            on_scenario(sc)
    report = summarise(probes, turns, {s.id: s.kind for s in chosen})
    return {"system": name, "scenarios": len(chosen), "seconds": round(time.perf_counter() - start, 2),
            "search_limit": SEARCH_LIMIT, **report,
            # Sessions and probes on which the system raised (such a probe counts as failed).
            "errors": errors,
            "probes": [p.model_dump(mode="json") for p in probes],
            "turns": [t.model_dump(mode="json") for t in turns]}
