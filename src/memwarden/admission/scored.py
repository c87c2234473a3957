"""The scored A-MAC admitter: duplicates first, then the policy, then supersession."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from . import features as FT
from .base import AdmissionContext, Decision, DuplicateFilter, KeptCandidates
from .llm import LLM, llm_utility
from .policy import AdmissionPolicy, LinearRule
from .supersede import supersedes


class ScoredAdmitter:
    """Admit a candidate when its policy score reaches the policy's threshold.

    Order per candidate: an exact or near duplicate of a stored memory (or of
    an earlier candidate of the call) is a ``duplicate``; otherwise the five
    factors and the context features are scored; below the threshold it is
    ``rejected`` (with a receipt); at or above, it is ``admitted``, or
    ``superseded`` when it updates or contradicts a stored memory, which the
    facade then marks superseded.
    """

    #: The store re-checks, inside the write, that no other writer stored the same text meanwhile.
    checks_duplicates = True

    def __init__(self, policy: AdmissionPolicy | str | Path | None = None, *, llm: LLM | None = None,
                 duplicate_cosine: float | None = None) -> None:
        if policy is None:
            policy = AdmissionPolicy.default()
        elif not isinstance(policy, AdmissionPolicy):
            policy = AdmissionPolicy.load(policy)
        self.policy = policy
        self.name = f"amac:{policy.name}"
        self.llm = llm
        self._dups = DuplicateFilter(duplicate_cosine if duplicate_cosine is not None else policy.spec.duplicate_cosine)

    def _utility(self, policy: AdmissionPolicy, ctx: AdmissionContext, i: int, feats: FT.CandidateFeatures,
                 vec: np.ndarray | None) -> float:
        trained = policy.utility(feats, vec)
        if self.llm is None:
            return trained
        ti = ctx.candidates[i].turn_index
        history = [f"{t.name or t.role}: {t.content}" for t in ctx.turns[: ti if ti >= 0 else len(ctx.turns)]]
        try:
            return llm_utility(self.llm, history, ctx.candidates[i].text)
        except Exception as exc:  # any LLM failure falls back; the receipt says so
            feats.notes.append(f"LLM utility failed ({type(exc).__name__}): trained model used")
            return trained

    def decide(self, ctx: AdmissionContext) -> list[Decision]:
        n = len(ctx.candidates)
        if n == 0:
            return []
        unit = candidate_unit(ctx)
        main = self.policy.for_unit(unit)
        pols = [self.policy.for_candidate(unit, c.role) for c in ctx.candidates]
        feats = FT.compute(ctx, model_id=ctx.embedder_id)
        vecs = np.asarray(ctx.vectors, dtype=np.float32)
        ctx_vecs = FT.context_vectors(vecs)
        out: list[Decision] = []
        kept = KeptCandidates(ctx)
        emb_ok = [pol.uses_embeddings(ctx.embedder_id) for pol in pols]
        for i, f in enumerate(feats):
            if not emb_ok[i]:
                f.notes.append("policy trained on another embedder: embedding weights skipped")
            if pols[i] is not main:
                f.notes.append(f"scored by the {pols[i].spec.unit} policy {pols[i].name}: the {unit} policy was trained "
                               f"on no {ctx.candidates[i].role} turn")
            f.utility = self._utility(pols[i], ctx, i, f, vecs[i] if emb_ok[i] else None)
        FT.set_relative(feats)
        for i, f in enumerate(feats):
            policy = pols[i]
            theta = policy.threshold
            linear = isinstance(policy.spec.decision, LinearRule)
            score = policy.score(f, [vecs[i], ctx_vecs[i]] if emb_ok[i] else None)
            scores = {k: round(v, 4) for k, v in f.factors().items()}
            common = dict(scores=scores, weights=policy.weights(), score=round(score, 4), threshold=theta,
                          policy=self.name, memory_type=f.memory_type)
            note = ("; " + "; ".join(f.notes)) if f.notes else ""
            dup = self._dups.find_duplicate(ctx, i, kept)
            if dup is not None:
                out.append(Decision("duplicate", f"duplicate of {dup[0]} (cosine {dup[1]:.3f}){note}", duplicate_of=dup[0], **common))
                continue
            what = "S" if linear else "p(admit)"
            if score < theta:
                out.append(Decision("rejected", f"{what} {score:.3f} < {theta:.3f}: {_why(f, admitted=False)}{note}", **common))
                continue
            kept.add(i)
            old = self._superseded(ctx, i)
            if old is not None:
                out.append(Decision("superseded", f"{what} {score:.3f} >= {theta:.3f}; supersedes {old[0]} ({old[1]}){note}",
                                    supersedes=[old[0]], **common))
            else:
                out.append(Decision("admitted", f"{what} {score:.3f} >= {theta:.3f}: {_why(f, admitted=True)}{note}", **common))
        return out

    def _superseded(self, ctx: AdmissionContext, i: int) -> tuple[str, str] | None:
        if ctx.texts is None or not ctx.supersession:
            return None
        near = [(mid, cos) for mid, cos in ctx.neighbours(ctx.vectors[i], 3) if cos < self._dups.cosine]
        if not near:
            return None
        texts = ctx.texts([mid for mid, _ in near])
        for mid, cos in near:
            old = texts.get(mid)
            why = supersedes(ctx.candidates[i].text, old, cos) if old else None
            if why:
                return mid, why
        return None


def candidate_unit(ctx: AdmissionContext) -> str:
    """``ctx.unit`` when set; else "claim" when supersession is off (the two-tier path turns it off
    for claims, whose slots settle updates), "turn" otherwise."""
    if ctx.unit is not None:
        return ctx.unit
    return "turn" if ctx.supersession else "claim"


def _why(f: FT.CandidateFeatures, *, admitted: bool) -> str:
    """The strongest plain-language signals behind the decision (one short clause)."""
    bits: list[str] = [f"type {f.memory_type}"]
    if f.utility >= 0.5 or (not admitted and f.utility < 0.2):
        bits.append(f"utility {f.utility:.2f}")
    if f.text.get("temporal"):
        bits.append("mentions a time")
    if f.context.get("prev_followup") and admitted:
        bits.append("answers a question")
    if f.text.get("question") and not admitted:
        bits.append("is a question")
    if f.novelty < 0.3:
        bits.append(f"novelty {f.novelty:.2f}")
    return ", ".join(bits)
