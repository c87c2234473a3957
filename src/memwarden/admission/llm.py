"""The LLM hook for utility: one call, temperature 0, strict JSON ``{"score": x}``.

The model is any :class:`memwarden.providers.llm.LLM` (the one provider
interface; :class:`~memwarden.providers.llm.ScriptedLLM` for tests). Any failure (exception, timeout, garbage, a score outside [0, 1]) falls back
to the trained utility model and says so in the receipt.
"""

from __future__ import annotations

from typing import Sequence

from ..providers.llm import LLM, ScriptedLLM, parse_json

__all__ = ["LLM", "ScriptedLLM", "UTILITY_PROMPT", "ask", "llm_utility", "parse_score"]

UTILITY_PROMPT = """You decide whether a conversation turn is worth remembering long-term for a personal assistant.
Recent turns:
{history}

Candidate: {candidate}

How likely is the candidate to help answer a future question (facts, preferences, plans, events, dates)?
Answer with strict JSON only: {{"score": <number between 0 and 1>}}"""


def parse_score(text: str) -> float:
    """The score of a ``{"score": x}`` answer (fenced or not: read by ``parse_json``, the one parser of
    LLM replies); LLMError or ValueError for anything else."""
    data = parse_json(text)
    if not isinstance(data, dict) or set(data) != {"score"}:
        raise ValueError("answer is not exactly {\"score\": x}")
    x = data["score"]
    if isinstance(x, bool) or not isinstance(x, (int, float)) or not 0.0 <= float(x) <= 1.0:
        raise ValueError(f"score {x!r} is not a number in [0, 1]")
    return float(x)


SCORE_SCHEMA = {"type": "object", "properties": {"score": {"type": "number"}}, "required": ["score"]}


def ask(llm: LLM, prompt: str, *, schema: dict | None = None) -> str:
    """One temperature-0 user-message call; the reply's text."""
    return llm.complete([{"role": "user", "content": prompt}], json_schema=schema, temperature=0.0).text


def llm_utility(llm: LLM, history: Sequence[str], candidate: str) -> float:
    """One temperature-0 call over the last five turns; raises on any failure."""
    prompt = UTILITY_PROMPT.format(history="\n".join(history[-5:]) or "(none)", candidate=candidate)
    return parse_score(ask(llm, prompt, schema=SCORE_SCHEMA))
