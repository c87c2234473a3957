"""A turn that takes back an earlier statement without naming its attribute ("nope I had it wrong,
paper says June 17", "sorry ignore what I told you Tuesday, I misheard ... Ferritin 39", "wait nah
checked the email again its 240"): the correction shares no slot with what it corrects, so slot
resolution (:mod:`memwarden.claims.resolve`) never supersedes the old claim.

:func:`retractions` finds, for each claim of such a turn that states a value of a kind (a date, a
clock time, a number or amount), the same speaker's most recent earlier claim holding a *different*
value of that kind on the same topic (a shared content word), in this call or a stored one;
``build_batch`` supersedes it. Only a bare retraction counts ("I was wrong to shout", "my mistake was
...", "wait, no way!" take nothing back), and only a value said in the cue's own sentence corrects.
Closed-class cues and value kinds only: no attribute or content word of any case is named here.
"""

from __future__ import annotations

import re
from typing import Sequence

import numpy as np

from ..models import MemoryItem
from ..trust.features import features
from .ingest import ClaimCandidate

__all__ = ["RETRACT", "TOPIC_COSINE", "retracting_turns", "retraction_sentences", "value_kinds", "retractions"]

#: A turn opening (after up to three fillers) on a retraction of what the speaker said before.
RETRACT = re.compile(
    r"^\W*(?:(?:so|ok|okay|oh|oops|hmm|um|ah|sorry|actually|hang on|nope|no|nah|wait)\W+){0,3}"
    # bare retractions only: "wait, no way!" is surprise, "I was wrong to/about ..." a regret or an opinion,
    # "my mistake was ..." a story, "forget what I said about <a topic>" drops a topic, not a value
    r"(?:wait\W+(?:no|nah|nope)\b(?!\W+way\b)|scratch that|(?:ignore|forget|disregard) what i\b(?!\s+\w+(?:\s+you)?\s+about\b)|"
    r"i (?:had|got) (?:it|that|this) (?:all )?wrong|i mis(?:heard|read|typed)\b|i was wrong\b(?!\s+(?:to|about|for)\b)|"
    r"my mistake\b(?!\s+(?:was|is|were)\b)|"
    r"(?:just )?(?:checked|looked at|double[- ]?checked|rechecked)\b[^.!?]{0,30}?\bagain\b)",
    re.IGNORECASE)

#: A clause pointing back at the old statement ("ignore what I told you Tuesday"): its values date the
#: old statement, they correct nothing.
_POINTER = re.compile(r"\b(?:ignore|forget|disregard) what\b", re.IGNORECASE)

#: Topic by the embedding when no content word is shared: off (above any cosine). 0.27 (chosen
#: leave-one-author-out, session 10 round 2, s10-retract) let "she has swim club at 4:30" retire "school
#: starts at 8:45"; with the cue's own sentence required, no probe of the twelve authors needs it (s10-fixB).
#: ``bench/fit_retraction.py`` still passes its own threshold.
TOPIC_COSINE = float("inf")

_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}")
_GENERIC = frozenset({"user", "assist"})


def value_kinds(text: str) -> dict[str, frozenset[str]]:
    """The values a text states by kind: ``date`` (resolved ISO dates), ``time`` (clock times) and
    ``number`` (other numbers and amounts; a date's own day number is no number)."""
    f = features(text)
    dates = frozenset(d[:10] for d in f.dates if _ISO.match(d))
    days = {str(int(d[8:10])) for d in dates}
    times = frozenset(n for n in f.numbers if ":" in n)
    nums = frozenset(n for n in f.numbers if ":" not in n and n not in days)
    return {k: v for k, v in (("date", dates), ("time", times), ("number", nums)) if v}


#: A sentence's end: a stop, "!" or "?" followed by a space or the end ("8:45." and "..." end none).
_SENT_END = re.compile(r"(?<![.\d])[.!?](?![.\d])(?=\s|$)")


def retracting_turns(turns: Sequence[object]) -> set[int]:
    return set(retraction_sentences(turns))


def retraction_sentences(turns: Sequence[object]) -> dict[int, str]:
    """Turn index -> the sentence holding its retraction cue: only a value said there corrects; a value
    in a later sentence ("No, I was wrong. Anyway she has swim at 4:30") is news, not the correction."""
    out: dict[int, str] = {}
    for i, t in enumerate(turns):
        text = getattr(t, "content", "") or ""
        m = RETRACT.search(text) if getattr(t, "role", None) == "user" else None
        if m:
            end = _SENT_END.search(text, m.end())
            out[i] = text[: end.start() if end else len(text)]
    return out


def _echoes(ref: str, old_values: frozenset[str], claims: Sequence[ClaimCandidate], stored: Sequence[MemoryItem],
            before: int) -> list[str]:
    """The assistant's restatements of a corrected claim ("Room 204, old engineering building."): said
    after it (in this call, before the correction; or stored in its call) and holding a value it held
    that the correction replaced. They go with it, or they would answer with the old value."""
    if not old_values:
        return []
    def holds(text: str) -> bool:
        return any(old_values & v for v in value_kinds(text).values())
    if ref.startswith("batch:"):
        j = int(ref.split(":", 1)[1])
        after = max(claims[j].turn_indexes or [-1])
        return [f"batch:{k}" for k, o in enumerate(claims) if o.candidate.role == "assistant" and o.turn_indexes
                and after < min(o.turn_indexes) and max(o.turn_indexes) < before and holds(o.candidate.text)]
    said = next((it.valid_from for it in stored if it.id == ref), None)
    return [it.id for it in stored if it.role == "assistant" and said is not None and it.valid_from == said
            and holds(it.memory)]


def _content(text: str) -> frozenset[str]:
    return features(text).content - _GENERIC


def retractions(
    turns: Sequence[object],
    claims: Sequence[ClaimCandidate],
    vectors: np.ndarray,
    stored: Sequence[MemoryItem],
    stored_vectors: np.ndarray | None,
    *,
    threshold: float | None = None,
    trace: list[dict[str, object]] | None = None,
) -> dict[int, list[str]]:
    """Claim index -> what it supersedes: ``"batch:<j>"`` (an earlier claim of this call) or a stored
    memory id. ``stored`` is the scope's current claims, newest first, with their vectors. ``trace``
    collects every candidate weighed (for ``bench/fit_retraction.py``)."""
    theta = TOPIC_COSINE if threshold is None else threshold
    turns_back = retraction_sentences(turns)
    if not turns_back:
        return {}
    out: dict[int, list[str]] = {}
    taken: set[str] = set()
    for i, cc in enumerate(claims):
        t = min(cc.turn_indexes) if cc.turn_indexes else -1
        if t not in turns_back or cc.claim.echo or _POINTER.search(cc.candidate.text):
            continue
        # the value said in the cue's own sentence (a date by its day number, or any date there: the claim's
        # text carries the resolved ISO date, the turn's only what was said)
        cue = value_kinds(turns_back[t])
        cue_days = cue.get("number", frozenset()) | {str(int(d[8:10])) for d in cue.get("date", ())}
        kinds = {k: frozenset(d for d in v if "date" in cue or str(int(d[8:10])) in cue_days) if k == "date"
                 else v & cue.get(k, frozenset()) for k, v in value_kinds(cc.candidate.text).items()}
        kinds = {k: v for k, v in kinds.items() if v}
        if not kinds:
            continue
        mine = _content(cc.candidate.text)
        speaker = cc.candidate.speaker
        # earlier claims of this call (latest turn and clause first), then stored ones (newest first)
        pool: list[tuple[str, str, np.ndarray | None]] = [
            (f"batch:{j}", o.candidate.text, vectors[j] if len(vectors) > j else None)
            for j, o in sorted(enumerate(claims), key=lambda p: (-max(p[1].turn_indexes or [-1]), -p[0]))
            if o.turn_indexes and max(o.turn_indexes) < t and o.candidate.role == "user"
            and o.candidate.speaker == speaker and not o.claim.echo]
        pool += [(it.id, it.memory, stored_vectors[n] if stored_vectors is not None else None)
                 for n, it in enumerate(stored) if it.role == "user" and it.speaker == speaker
                 and not (it.claim is not None and it.claim.echo)]
        found = False
        for kind, vals in kinds.items():
            if found:
                break
            for ref, text, vec in pool:
                old = value_kinds(text).get(kind)
                if not old or vals <= old or ref in taken:  # the correction states another value
                    continue
                cos = float(vec @ vectors[i]) if vec is not None and len(vectors) > i else 0.0
                shared = bool(mine & _content(text))
                if trace is not None:
                    trace.append({"claim": i, "kind": kind, "ref": ref, "old": text, "cos": cos, "shared": shared})
                if not shared and cos < theta:
                    continue
                out.setdefault(i, []).append(ref)
                taken.add(ref)
                for echo in _echoes(ref, old - vals, claims, stored, t):
                    if echo not in taken:
                        out[i].append(echo)
                        taken.add(echo)
                found = True  # one correction, one claim corrected
                break
    return out
