"""What the claim gate says in its receipts, and its measure on labelled turns (split from ``gate.py``, session 22).

``_REASON`` names each chit-chat signal in a drop receipt ("no claim: reaction/chit-chat (interjection-led
fragment)"), ``reaction_marks`` tells whether a specific sign of a reaction weighs towards chit-chat, and
``measure_turns`` runs the offline extractor over labelled turns (``evals/cases/turns.jsonl``) with the gate on or
off (``bench/bench_gate.py``, ``bench/fit_gate.py``)."""

from __future__ import annotations

from typing import Any, Iterable

__all__ = ["measure_turns", "row_turns", "reaction_marks"]

#: What each chit-chat signal is called in a receipt.
_REASON = {
    "interjection_head": "interjection-led fragment", "chat_tail": "chat marker, nothing stateful", "drawn_out": "drawn-out reaction",
    "rhetorical": "rhetorical or joking tag", "imperative_me": "imperative to the listener, no standing rule",
    "evaluative": "evaluation with nothing stateful", "generic_subject": "generic musing", "passing": "passing state or aside",
    "hedged_intent": "vague intention", "you": "about the listener", "question_mark": "question",
    "assistant": "assistant remark", "words": "short fragment with no anchor", "pronoun_tail": "says nothing beyond a pronoun",
    "no_anchor": "no name, number, date, slot or state", "bare_fragment": "verbless fragment with no anchor",
    "short_bare": "verbless fragment with no anchor", "chat_inside": "chat marker, nothing stateful",
    "turn_opener": "greeting or interjection in its turn", "turn_chat": "reaction mark in its turn", "shout": "shouted reaction",
    "hyperbole": "overstatement", "emotive": "a feeling, nothing stateful", "ing_head": "what one is doing right now",
}
#: The signals that only say an anchor is missing, no sign of a reaction.
_GENERIC_REASONS = frozenset({"no_anchor", "bare_fragment", "short_bare", "words"})


def reaction_marks(values: dict[str, float], weights: dict[str, float]) -> bool:
    """Whether some specific sign of a reaction (not just a missing anchor) weighs towards chit-chat."""
    return any(weights.get(k, 0.0) * values.get(k, 0.0) > 0 for k in _REASON if k not in _GENERIC_REASONS)


def row_turns(row: dict[str, Any], now: Any) -> list[Any]:
    """A labelled row of ``evals/cases/turns.jsonl`` as the call the extractor sees: its ``prev``
    message (from the other side) when there is one, then the turn itself."""
    from ..models import Turn

    role = row.get("role", "user")
    turns = []
    if row.get("prev"):
        turns.append(Turn(role="assistant" if role == "user" else "user", content=row["prev"], index=0, timestamp=now))
    turns.append(Turn(role=role, content=row["text"], index=len(turns), timestamp=now))
    return turns


def measure_turns(rows: Iterable[dict[str, Any]], *, gate: bool = True) -> dict[str, Any]:
    """Run the offline extractor over labelled turns (``evals/cases/turns.jsonl`` format): fact
    recall (a fact turn yields >= 1 claim) and the chit-chat turns yielding a claim that is not
    an assistant's echo."""
    from datetime import datetime, timezone

    from .rules import RuleExtractor

    from . import gate as G

    ex, was = RuleExtractor(), G.ENABLED
    G.ENABLED = gate
    now = datetime(2026, 11, 30, 12, tzinfo=timezone.utc)
    counts = {"fact": 0, "chitchat": 0, "fact_kept": 0, "chitchat_stored": 0}
    errors = []
    try:
        for r in rows:
            turns = row_turns(r, now)
            res = ex.extract(turns, now=now)
            last = len(turns) - 1
            mine = [c for c in res.claims if last in c.turn_indexes]
            label = r["label"]
            counts[label] += 1
            hit = bool(mine) if label == "fact" else any(not c.claim.echo for c in mine)
            counts["fact_kept" if label == "fact" else "chitchat_stored"] += hit
            if hit != (label == "fact"):
                errors.append({"id": r["id"], "label": label, "text": r["text"], "claims": [c.text for c in mine],
                               "reason": res.dropped.get(last, "")})
    finally:
        G.ENABLED = was
    return {"facts": counts["fact"], "chitchat": counts["chitchat"],
            "fact_recall": round(counts["fact_kept"] / max(1, counts["fact"]), 4),
            "chitchat_claim_rate": round(counts["chitchat_stored"] / max(1, counts["chitchat"]), 4),
            "facts_lost": counts["fact"] - counts["fact_kept"], "chitchat_stored": counts["chitchat_stored"],
            "errors": errors}
