"""Verdict mode: TRUE / FALSE / UNKNOWN for a yes/no claim, without an LLM.

The aggregation follows the MMA-Bench oracle so that its answers can be
checked against it, but every input is *estimated* from memory, never given:

1. Testimony sets the prior. The claim starts at the credibility S of its most
   credible assertion (a speaker saying it is so), as refined by that speaker's
   track record in the memory's domain; with no assertion it starts at 0.5.
   A hedged assertion ("I think maybe...") is pulled towards 0.5.
2. A bare denial multiplies the odds by ((1 - r) / r) ** denial_weight, r the
   denier's credibility; the default weight 0 follows the oracle (a denial
   without evidence does not settle anything).
3. Evidence (an image memory, a shared photo, a document) that clearly supports
   the claim multiplies the odds by ``evidence_lr`` ** (stance score x its
   credibility); one that clearly refutes it divides them. Hedged or
   ambiguous evidence ("blurry", "might be") counts for nothing.
4. p >= verdict_true: TRUE; p <= verdict_false: FALSE, but only when something speaks
   against the claim (refuting evidence, or a weighted denial): an unreliable speaker
   asserting a thing makes it doubtful, not false; otherwise UNKNOWN.
"""

from __future__ import annotations

import math

from ..models import SearchResult, Verdict, VerdictEvidence
from .config import TrustConfig
from .stance import detect_stance

__all__ = ["verdict"]


def verdict(claim: str, found: SearchResult, config: TrustConfig) -> Verdict:
    items: list[VerdictEvidence] = []
    best_assert = None
    best_deny = None
    log_lr = 0.0
    support = contradiction = 0.0
    for hit in found.results:
        rel = hit.reliability
        cos = hit.scores.dense
        st = detect_stance(claim, hit.memory, cosine=cos)
        if st.label == "unrelated" or st.score < config.verdict_min_stance * (0.6 if "hedged" in st.reason else 1.0):
            continue
        s = rel.source.value if rel else 0.5
        conf = rel.confidence if rel else 0.5
        hedged = "hedged" in st.reason
        if st.label == "agree":
            support += conf * st.score
        else:
            contradiction += conf * st.score
        if rel is not None and rel.evidence:
            if hedged:
                items.append(VerdictEvidence(id=hit.id, memory=hit.memory, speaker=hit.speaker, role="ambiguous_evidence",
                                             stance=st.label, stance_score=st.score, reliability=s, odds_factor=1.0,
                                             reason="hedged evidence settles nothing; " + st.reason))
                continue
            step = st.value * st.score * min(1.0, s) * math.log(config.evidence_lr)
            log_lr += step
            items.append(VerdictEvidence(id=hit.id, memory=hit.memory, speaker=hit.speaker, role="evidence",
                                         stance=st.label, stance_score=st.score, reliability=s,
                                         odds_factor=round(math.exp(step), 4), reason=st.reason))
            continue
        r = min(0.99, max(0.01, s))
        if hedged:
            r = 0.5 + (r - 0.5) * st.score
        role = "assertion" if st.label == "agree" else "denial"
        ev = VerdictEvidence(id=hit.id, memory=hit.memory, speaker=hit.speaker, role=role, stance=st.label,
                             stance_score=st.score, reliability=round(r, 4), odds_factor=1.0, reason=st.reason)
        items.append(ev)
        if role == "assertion" and (best_assert is None or r > best_assert.reliability):
            best_assert = ev
        if role == "denial" and (best_deny is None or r > best_deny.reliability):
            best_deny = ev
    if not items:
        return Verdict(claim=claim, verdict="UNKNOWN", p_true=0.5, confidence=0.0, support=0.0, contradiction=0.0,
                       reason="no_evidence: no stored memory speaks to this claim")
    p0 = best_assert.reliability if best_assert else 0.5
    log_odds = math.log(p0 / (1 - p0)) + log_lr
    if best_deny is not None and config.denial_weight > 0:
        r = best_deny.reliability
        step = config.denial_weight * math.log((1 - r) / r)
        best_deny.odds_factor = round(math.exp(step), 4)
        log_odds += step
    if best_assert is not None:
        best_assert.odds_factor = round(p0 / (1 - p0), 4)
    p = 1 / (1 + math.exp(-max(-50.0, min(50.0, log_odds))))
    refuted = any(i.role == "evidence" and i.stance == "contradict" for i in items) or (
        best_deny is not None and config.denial_weight > 0)
    if p >= config.verdict_true:
        label, confidence = "TRUE", p
    elif p <= config.verdict_false and refuted:
        label, confidence = "FALSE", 1 - p
    else:
        label, confidence = "UNKNOWN", 1 - abs(2 * p - 1)
    start = (f"prior {p0:.2f} from {best_assert.speaker or 'an assertion'}" if best_assert else "prior 0.50 (no assertion)")
    n_ev = sum(1 for i in items if i.role == "evidence")
    n_amb = sum(1 for i in items if i.role == "ambiguous_evidence")
    reason = (f"{start}; {n_ev} clear evidence item(s) (log odds {log_lr:+.2f}), {n_amb} ambiguous; "
              f"p(true) = {p:.2f} against thresholds {config.verdict_false:.2f}/{config.verdict_true:.2f}")
    return Verdict(claim=claim, verdict=label, p_true=round(p, 4), confidence=round(confidence, 4),
                   support=round(support, 4), contradiction=round(contradiction, 4), reason=reason, evidence=items)
