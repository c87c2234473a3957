"""The governance stage end to end: cards -> usage instructions -> calibrated
context -> (with an LLM) traced, verified answer.

Everything here takes plain inputs (query, evidence, :class:`MemoryView` s), so
it runs the same inside :class:`memwarden.Memory` and in the benchmarks.
Reliability and abstention come from the trust stage when it ran: read from
``SearchHit.reliability`` / ``SearchResult.abstained`` if present, ignored if not.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..errors import InvalidInputError, LLMError
from ..lexicon.quotes import straight
from ..providers.llm import LLM, UsageMeter, complete_json
from .enforce import quote, render_prompt, restate
from .models import (
    AnswerTrace,
    CalibratedContext,
    Enforcement,
    GovernedAnswer,
    GovernedMemory,
    SupportSegment,
    UsageInstruction,
)
from .policy import MemoryView, PolicyModel, classify, reflect_llm

#: Below this reliability a memory is not used as support (trust stage's confidence).
MIN_RELIABILITY = 0.3


def normalize_evidence(evidence: Any) -> list[str]:
    """``None``, a string, a list of strings, or OpenAI-style messages -> evidence strings, curly quotes
    written straight (evidence is read with the same patterns as the request)."""
    if evidence is None:
        return []
    if isinstance(evidence, str):
        return [straight(evidence)] if evidence.strip() else []
    if not isinstance(evidence, (list, tuple)):
        raise InvalidInputError("evidence must be a string, a list of strings or a list of messages")
    out = []
    for e in evidence:
        if isinstance(e, str):
            out.append(e)
        elif isinstance(e, dict) and isinstance(e.get("content"), str):
            out.append(f"{e.get('role', 'user')}: {e['content']}")
        else:
            raise InvalidInputError("each evidence entry must be a string or a {'role', 'content'} message")
    return [straight(e) for e in out]


def calibrate(
    embedder: Any,
    query: str,
    memories: Sequence[MemoryView],
    *,
    user_id: str = "",
    evidence: Sequence[str] = (),
    enforcement: Enforcement = "strict",
    llm: LLM | None = None,
    use_llm_policy: bool = False,
    abstained: bool = False,
    abstain_reason: str | None = None,
    model: PolicyModel | None = None,
    meter: UsageMeter | None = None,
) -> CalibratedContext:
    """Policies for every memory (jointly), then the rendered context."""
    if enforcement not in ("soft", "strict"):
        raise InvalidInputError("enforcement must be 'soft' or 'strict'")
    instructions: dict[str, UsageInstruction] = {i.memory_id: i for i in classify(embedder, query, evidence, memories, model)}
    if llm is not None and use_llm_policy and memories:
        # The LLM may refine; whatever it fails to cover validly stays with the rules.
        instructions.update(reflect_llm(llm, query, evidence, memories, meter=meter))
    governed = []
    for m in memories:
        ins = instructions[m.id]
        g = GovernedMemory(id=m.id, memory=m.text, policy=ins.policy, instruction=ins.instruction,
                           rationale=ins.rationale, reliability=m.reliability, card=m.card)
        rel = (m.reliability or {}).get("confidence")
        if isinstance(rel, (int, float)) and rel < MIN_RELIABILITY and enforcement == "strict":
            g.withheld, g.rendered = True, None
            g.rationale += f" Withheld: reliability {rel:.2f} < {MIN_RELIABILITY}."
        else:
            g.rendered, g.withheld = restate(g, enforcement)
        governed.append(g)
    prompt = render_prompt(governed, enforcement, abstained=abstained, abstain_reason=abstain_reason)
    return CalibratedContext(query=query, user_id=user_id, enforcement=enforcement, memories=governed,
                             abstained=abstained, abstain_reason=abstain_reason, prompt=prompt)


# -- answering -----------------------------------------------------------------------------

ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"segments": {"type": "array", "items": {"type": "object", "properties": {
        "text": {"type": "string"}, "role": {"type": "string"},
        "evidence_ids": {"type": "array", "items": {"type": "string"}},
        "memory_ids": {"type": "array", "items": {"type": "string"}},
        "instruction_followed": {"type": "string"}}, "required": ["text"]}}},
    "required": ["segments"],
}

_ANSWER_PROMPT = """Answer the question using the evidence and the remembered information, following each memory's rule.
Write the answer as 1-4 segments; for each give its role (conclusion, reason, caveat, personalisation),
the evidence ids (E1, E2, ...) and memory ids it relies on, and the memory rule it follows.

{context}

Evidence:
{evidence}

Question: {query}

Reply with JSON only: {{"segments": [{{"text": "...", "role": "...", "evidence_ids": [], "memory_ids": [], "instruction_followed": "..."}}]}}"""

_VERIFY_PROMPT = """Check one sentence of an answer against its sources. Reply with JSON only: {{"supported": true|false, "problem": "..."}}
A memory marked as not evidence (policy ignore_as_evidence / defer_to_evidence) cannot support a factual or decisive claim.

Sentence: {text}
Sources:
{sources}"""

_FORBIDDEN_AS_SUPPORT = {"ignore_as_evidence", "superseded"}


def _evidence_block(evidence: Sequence[str], limit: int = 6000) -> str:
    lines = [f"[E{i + 1}] {quote(e)}" for i, e in enumerate(evidence)]
    text = "\n".join(lines)
    return text[-limit:] if text else "(none)"


_VERIFY_UNCITED_PROMPT = """One sentence of an answer cites no source. Is it supported by any of the sources below (or is it only
a caveat or a question back to the user, which needs no support)? Reply with JSON only: {{"supported": true|false, "problem": "..."}}
A memory marked defer_to_evidence cannot support a decisive claim on its own.

Sentence: {text}
Sources:
{sources}"""


def _check_uncited(llm: LLM, s: SupportSegment, evidence: Sequence[str], usable: list[str], *, verify: bool,
                   meter: UsageMeter) -> None:
    """Mark (and remove when unsupported) a segment that cites no source."""

    def note(problem: str) -> None:
        s.problem = f"{s.problem}; {problem}" if s.problem else problem

    if not verify:
        s.verified = False
        note("cites no source (not checked: verify=False)")
        return
    try:
        v = complete_json(llm, [{"role": "user", "content": _VERIFY_UNCITED_PROMPT.format(
            text=s.text, sources="\n".join(usable) or "(no sources)")}], retries=0, max_tokens=120, meter=meter)
    except LLMError:
        s.verified = False
        note("cites no source; verifier unavailable, so it is unchecked")
        return
    if isinstance(v, dict) and v.get("supported") is False:
        s.verified, s.action = False, "removed"
        note("cites no source and none supports it" + (f": {v['problem']}" if v.get("problem") else ""))
    elif not (isinstance(v, dict) and v.get("supported") is True):
        s.verified = False
        note("cites no source; the verifier's reply was unusable")
    else:
        note("cites no source; the verifier found support among the available sources")


def answer(
    llm: LLM,
    ctx: CalibratedContext,
    *,
    evidence: Sequence[str] = (),
    verify: bool = True,
    meter: UsageMeter | None = None,
) -> GovernedAnswer:
    """Evidence-based reasoning with a support trace, per-segment verification,
    removal of failing segments, and abstention when trust says so."""
    meter = meter if meter is not None else UsageMeter()
    if ctx.abstained and not evidence:
        return GovernedAnswer(answer=f"I don't have reliable enough information to answer that ({ctx.abstain_reason}).",
                              abstained=True, abstain_reason=ctx.abstain_reason, context=ctx,
                              trace=AnswerTrace(segments=[], llm_calls=0))
    ev_ids = {f"E{i + 1}" for i in range(len(evidence))}
    by_id = {m.id: m for m in ctx.memories}
    # What an uncited segment may rest on: the evidence and the memories usable as support.
    usable = [f"[E{i + 1}] {quote(e)[:800]}" for i, e in enumerate(evidence)] + [
        f"[{m.id}] policy={m.policy}: {quote(m.memory)}" for m in ctx.memories
        if m.policy not in _FORBIDDEN_AS_SUPPORT and not m.withheld]
    msgs = [{"role": "user", "content": _ANSWER_PROMPT.format(context=ctx.prompt, evidence=_evidence_block(evidence), query=ctx.query)}]
    try:
        raw = complete_json(llm, msgs, schema=ANSWER_SCHEMA, retries=1, max_tokens=700, meter=meter)
        rows = raw.get("segments") if isinstance(raw, dict) else None
        if not isinstance(rows, list) or not rows:
            raise LLMError("no segments")
        segments = [SupportSegment(
            text=str(r.get("text", "")).strip(), role=str(r.get("role") or "claim"),
            evidence_ids=[str(x) for x in r.get("evidence_ids") or [] if isinstance(x, (str, int))],
            memory_ids=[str(x) for x in r.get("memory_ids") or [] if isinstance(x, (str, int))],
            instruction_followed=str(r.get("instruction_followed") or ""),
        ) for r in rows if isinstance(r, dict) and str(r.get("text", "")).strip()]
    except LLMError as e:
        # A timeout, a refusal or garbage after the retry: abstain, saying why, rather than guess.
        return GovernedAnswer(answer="I could not produce a grounded answer.", abstained=True,
                              abstain_reason=f"llm_failed: {str(e)[:120]}", context=ctx,
                              trace=AnswerTrace(segments=[], llm_calls=meter.calls,
                                                prompt_tokens=meter.prompt_tokens, completion_tokens=meter.completion_tokens))
    for s in segments:
        # Deterministic checks first: sources exist; a memory is used within its policy.
        unknown = [x for x in s.evidence_ids if x not in ev_ids] + [x for x in s.memory_ids if x not in by_id]
        misused = [x for x in s.memory_ids if x in by_id and (by_id[x].policy in _FORBIDDEN_AS_SUPPORT or by_id[x].withheld)]
        if misused and not s.evidence_ids:
            s.verified, s.action, s.problem = False, "removed", f"relies only on memories not usable as support: {misused}"
            continue
        if misused:
            s.memory_ids = [x for x in s.memory_ids if x not in misused]
            s.action, s.problem = "revised", f"dropped memory support it may not use: {misused}"
        if unknown:
            s.evidence_ids = [x for x in s.evidence_ids if x in ev_ids]
            s.memory_ids = [x for x in s.memory_ids if x in by_id]
            s.action, s.problem = "revised", f"cited sources that do not exist: {unknown}"
        if not (s.evidence_ids or s.memory_ids):
            # A segment that cites nothing is checked too (against every source it could rest on).
            _check_uncited(llm, s, evidence, usable, verify=verify, meter=meter)
            continue
        if verify:
            sources = "\n".join([f"[{x}] {quote(evidence[int(x[1:]) - 1])[:800]}" for x in s.evidence_ids]
                                + [f"[{x}] policy={by_id[x].policy}: {quote(by_id[x].memory)}" for x in s.memory_ids])
            try:
                v = complete_json(llm, [{"role": "user", "content": _VERIFY_PROMPT.format(text=s.text, sources=sources)}],
                                  retries=0, max_tokens=120, meter=meter)
                if isinstance(v, dict) and v.get("supported") is False:
                    s.verified, s.action, s.problem = False, "removed", str(v.get("problem") or "not supported by its sources")
            except LLMError:
                s.problem = (s.problem or "") + " (verifier unavailable)"
    kept = [s for s in segments if s.action != "removed"]
    text = " ".join(s.text for s in kept)
    abstained = not kept
    return GovernedAnswer(
        answer=text or "I don't have well-supported information to answer that.", abstained=abstained,
        abstain_reason="no_supported_segment" if abstained else None, context=ctx,
        trace=AnswerTrace(segments=segments, llm_calls=meter.calls, prompt_tokens=meter.prompt_tokens,
                          completion_tokens=meter.completion_tokens),
    )
