"""Candidates from an LLM: facts extracted from the turns, each keeping its source turn ids.

One call at temperature 0 asks for strict JSON ``{"facts": [{"text": ..., "turns": [i, ...]}]}``
(turn numbers as shown in the prompt); the reply is read by ``parse_json``, the one parser of LLM
replies, so a fenced reply is used like a bare one. Any failure (exception, timeout, garbage, an
unknown turn number) returns no candidates and the reason, so the caller falls back to one candidate
per turn and its receipts say why: a bad LLM answer never loses a turn, and never silently.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from ..models import Candidate, Turn
from ..providers.llm import parse_json
from .llm import LLM, ask

EXTRACT_PROMPT = """Extract the facts worth remembering about the speakers from this conversation.
Turns:
{turns}

Answer with strict JSON only: {{"facts": [{{"text": "<one self-contained fact>", "turns": [<turn numbers it comes from>]}}]}}
Use an empty list when nothing is worth remembering."""


class Extracted(NamedTuple):
    """What the LLM extraction gave: ``candidates``, or None and ``fallback`` saying why not."""

    candidates: list[Candidate] | None
    fallback: str | None = None


class _Unusable(ValueError):
    pass


def extract_candidates(llm: LLM, turns: Sequence[Turn], *, source: str = "model_inferred",
                       metadata: dict[str, Any] | None = None, instructions: str | None = None) -> Extracted:
    """Extracted-fact candidates, or no candidates and the reason when the LLM's answer cannot be used.

    ``instructions`` (a caller's custom extraction prompt) go before the turns; the answer
    format stays memwarden's, since each fact must name the turns it came from.
    """
    if not turns:
        return Extracted([])
    shown = "\n".join(f"[{i}] {t.name or t.role}: {t.content}" for i, t in enumerate(turns))
    try:
        prompt = EXTRACT_PROMPT.format(turns=shown)
        if instructions:
            prompt = f"{instructions.strip()}\n\n{prompt}"
        data = parse_json(ask(llm, prompt))
        facts = data["facts"] if isinstance(data, dict) and "facts" in data else None
        if not isinstance(facts, list):
            raise _Unusable('the reply has no "facts" list')
        out = []
        for f in facts:
            text, idx = f["text"], f["turns"]
            if not isinstance(text, str) or not text.strip() or not isinstance(idx, list) or not idx:
                raise _Unusable("a fact without text or turns")
            if not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(turns) for i in idx):
                raise _Unusable(f"a fact cites turns {idx!r}, not among the {len(turns)} shown")
            src = [turns[i] for i in sorted(set(idx))]
            out.append(Candidate(
                text=text.strip(), role=src[0].role, speaker=src[0].name, source=source,
                source_turn_ids=[t.turn_id for t in src if t.turn_id], turn_index=-1,
                source_turn_indexes=[t.index for t in src],
                occurred_at=max((t.timestamp for t in src if t.timestamp), default=None), metadata=dict(metadata or {}),
            ))
        return Extracted(out)
    except Exception as exc:  # any LLM failure: the caller keeps one candidate per turn, and says why
        why = str(exc)[:160] if isinstance(exc, _Unusable) else f"{type(exc).__name__}: {str(exc)[:160]}"
        return Extracted(None, f"LLM extraction by {getattr(llm, 'model', 'the LLM')} failed ({why}); one candidate per turn")
