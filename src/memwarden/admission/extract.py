"""Candidates from an LLM: facts extracted from the turns, each keeping its source turn ids.

One call at temperature 0 asks for strict JSON ``{"facts": [{"text": ..., "turns": [i, ...]}]}``
(turn numbers as shown in the prompt). Any failure (exception, timeout, garbage, an unknown turn
number) returns ``None`` so the caller falls back to one candidate per turn: a bad LLM answer
never loses a turn.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from ..models import Candidate, Turn
from .llm import LLM, ask

EXTRACT_PROMPT = """Extract the facts worth remembering about the speakers from this conversation.
Turns:
{turns}

Answer with strict JSON only: {{"facts": [{{"text": "<one self-contained fact>", "turns": [<turn numbers it comes from>]}}]}}
Use an empty list when nothing is worth remembering."""


def extract_candidates(llm: LLM, turns: Sequence[Turn], *, source: str = "model_inferred",
                       metadata: dict[str, Any] | None = None, instructions: str | None = None) -> list[Candidate] | None:
    """Extracted-fact candidates, or None when the LLM's answer cannot be used.

    ``instructions`` (a caller's custom extraction prompt) go before the turns; the answer
    format stays memwarden's, since each fact must name the turns it came from.
    """
    if not turns:
        return []
    shown = "\n".join(f"[{i}] {t.name or t.role}: {t.content}" for i, t in enumerate(turns))
    try:
        prompt = EXTRACT_PROMPT.format(turns=shown)
        if instructions:
            prompt = f"{instructions.strip()}\n\n{prompt}"
        data = json.loads(ask(llm, prompt).strip())
        facts = data["facts"]
        if not isinstance(facts, list):
            return None
        out = []
        for f in facts:
            text, idx = f["text"], f["turns"]
            if not isinstance(text, str) or not text.strip() or not isinstance(idx, list) or not idx:
                return None
            if not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(turns) for i in idx):
                return None
            src = [turns[i] for i in sorted(set(idx))]
            out.append(Candidate(
                text=text.strip(), role=src[0].role, speaker=src[0].name, source=source,
                source_turn_ids=[t.turn_id for t in src if t.turn_id], turn_index=-1,
                source_turn_indexes=[t.index for t in src],
                occurred_at=max((t.timestamp for t in src if t.timestamp), default=None), metadata=dict(metadata or {}),
            ))
        return out
    except Exception:  # any LLM failure: the caller keeps one candidate per turn
        return None
