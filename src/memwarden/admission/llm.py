"""The LLM hook for utility: one call, temperature 0, strict JSON ``{"score": x}``.

:class:`LLM` is deliberately narrow (one method) so that any provider,
including the governance stage's provider layer, can be passed in.
:class:`ScriptedLLM` answers from a script, for tests and for users' tests.
Any failure (exception, timeout, garbage, a score outside [0, 1]) falls back
to the trained utility model and says so in the receipt.
"""

from __future__ import annotations

import json
from typing import Iterable, Protocol, Sequence

UTILITY_PROMPT = """You decide whether a conversation turn is worth remembering long-term for a personal assistant.
Recent turns:
{history}

Candidate: {candidate}

How likely is the candidate to help answer a future question (facts, preferences, plans, events, dates)?
Answer with strict JSON only: {{"score": <number between 0 and 1>}}"""


class LLM(Protocol):
    def complete(self, prompt: str, *, temperature: float = 0.0) -> str:
        """The model's text answer to ``prompt``; raise on failure (including timeouts)."""
        ...


class ScriptedLLM:
    """Replays ``responses`` in order (an Exception instance is raised instead of returned)."""

    def __init__(self, responses: Iterable[str | BaseException]) -> None:
        self._responses = list(responses)
        self.prompts: list[str] = []

    def complete(self, prompt: str, *, temperature: float = 0.0) -> str:
        self.prompts.append(prompt)
        if not self._responses:
            raise RuntimeError("ScriptedLLM has no responses left")
        r = self._responses.pop(0)
        if isinstance(r, BaseException):
            raise r
        return r


def parse_score(text: str) -> float:
    """The score of a strict ``{"score": x}`` answer; ValueError for anything else."""
    data = json.loads(text.strip())
    if not isinstance(data, dict) or set(data) != {"score"}:
        raise ValueError("answer is not exactly {\"score\": x}")
    x = data["score"]
    if isinstance(x, bool) or not isinstance(x, (int, float)) or not 0.0 <= float(x) <= 1.0:
        raise ValueError(f"score {x!r} is not a number in [0, 1]")
    return float(x)


def llm_utility(llm: LLM, history: Sequence[str], candidate: str) -> float:
    """One temperature-0 call over the last five turns; raises on any failure."""
    prompt = UTILITY_PROMPT.format(history="\n".join(history[-5:]) or "(none)", candidate=candidate)
    return parse_score(llm.complete(prompt, temperature=0.0))
