"""Features of each candidate, computed only from what ``Memory.add`` sees.

That is: the turns of the add call (a LoCoMo import adds one session at a
time, so "neighbouring turns" are the session's turns), the candidates'
embeddings (already computed by the facade for storage), and the store
of the same scope (through ``ctx.neighbours``). Training and evaluation go
through this same module, so a trained policy cannot lean on anything the
running system would not have.

Three groups:

* the five A-MAC factors except utility (grounding, novelty, recency, type
  prior) plus the memory type, from :mod:`.factors` and :mod:`.memtype`;
* ``text`` features of one turn (what it says and how: dates, numbers,
  names, first person, questions, greetings, length);
* ``context`` features (where it sits: is it the answer to a question, does
  the other speaker react to it or ask about it, how central it is in the
  call, who said it).
"""

from __future__ import annotations

import re
import zlib
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np

from .._util import as_utc
from ..lexicon import calendar as cal
from . import factors as F
from .base import AdmissionContext
from .memtype import TYPES, classify
from .sources import FOLLOWUP as _FOLLOWUP, GREETING as _GREETING, REACTION as _REACTION, THANKS as _THANKS
from .sources import SOURCE_FEATURES, TURN_RELATIVE_FEATURES, log1 as _log1, set_turn_relative, source_features, source_turn

HASH_DIM = 4096

_TEMPORAL = re.compile(
    r"\b(?:yesterday|today|tonight|tomorrow|last\s+(?:week|weekend|month|year|night|summer|winter|spring|fall|time)|"
    r"next\s+(?:week|weekend|month|year)|(?:a|one|two|three|four|five|six|few|couple(?: of)?|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago|"
    r"this\s+(?:week|weekend|month|year|morning|summer)|recently|since|when i was|"
    r"(?:" + cal.alt(cal.WEEKDAYS) + r")|"
    r"(?:" + cal.alt(cal.MONTHS) + r"))\b",
    re.IGNORECASE,
)
# Counted for the fitted admission scorer, whose weights were trained on this exact list (not
# claims.gate_cues.NUMBER or trust.values' "number": changing it is a refit).
_NUMBER = re.compile(r"\b\d+(?:[.,]\d+)?\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|hundred)\b", re.IGNORECASE)
_FIRST = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|we|we're|we've|our|us)\b", re.IGNORECASE)
_SECOND = re.compile(r"\b(?:you|you're|you've|your|yours)\b", re.IGNORECASE)
_PAST = re.compile(r"\b(?:went|got|had|was|were|did|made|took|saw|met|bought|started|finished|joined|visited|tried|found|became|won|left|moved|\w{3,}ed)\b", re.IGNORECASE)
_POSSESSION = re.compile(r"\bmy\s+(?!god\b|goodness\b)\w+", re.IGNORECASE)
_CAPWORD = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+\b")
_PHOTO = re.compile(r"\[shares an image:|\bphoto\b|\bpicture\b|\bpic\b|\bimage\b", re.IGNORECASE)

TEXT_FEATURES = (
    "len_log", "n_words_log", "temporal", "numbers", "first_person", "second_person", "past", "possession",
    "capitalised", "question", "exclaim", "greeting", "thanks", "reaction_start", "photo", "content_words_log",
)
CONTEXT_FEATURES = (
    "pos_rel", "pos_first", "pos_last", "n_turns_log", "prev_question", "prev_followup", "next_question", "next_followup",
    "next_reaction", "prev_reaction", "next_cos", "prev_cos", "call_centrality", "call_max_cos_earlier",
    "same_speaker_prev", "speaker_share", "len_vs_call", "next_mentions", "no_timestamp",
    "later_mentions", "earlier_mentions", "speaker_first", "next_photo", "next_len_log", "prev_len_log",
)
#: Where the candidate's utility stands among the call's candidates (LoCoMo's sessions carry a few
#: memorable turns each, whatever their length, so rank within the call says more than the raw score).
RELATIVE_FEATURES = ("u_rank", "u_top3", "u_minus_max", "u_z", "u_prev", "u_next", "from_end", "from_start")
TYPE_FEATURES = tuple(f"type_{t}" for t in (*TYPES, "unknown"))
FACTORS = ("utility", "grounding", "novelty", "recency", "type")


def text_features(text: str) -> dict[str, float]:
    words = F.rouge_tokens(text)
    n = max(1, len(words))
    return {
        "len_log": _log1(len(text)),
        "n_words_log": _log1(len(words)),
        "temporal": min(3, len(_TEMPORAL.findall(text))) / 3,
        "numbers": min(3, len(_NUMBER.findall(text))) / 3,
        "first_person": min(1.0, len(_FIRST.findall(text)) / n * 5),
        "second_person": min(1.0, len(_SECOND.findall(text)) / n * 5),
        "past": min(3, len(_PAST.findall(text))) / 3,
        "possession": min(3, len(_POSSESSION.findall(text))) / 3,
        "capitalised": min(3, len(_CAPWORD.findall(text))) / 3,
        "question": float("?" in text),
        "exclaim": float("!" in text),
        "greeting": float(bool(_GREETING.search(text))),
        "thanks": float(bool(_THANKS.search(text))),
        "reaction_start": float(bool(_REACTION.search(text))),
        "photo": float(bool(_PHOTO.search(text))),
        "content_words_log": _log1(len(F.content_words(text))),
    }


def hashed_terms(text: str, dim: int = HASH_DIM) -> dict[int, float]:
    """Unigrams and bigrams hashed into ``dim`` buckets (crc32: stable across runs and platforms)."""
    toks = F.rouge_tokens(text)
    grams = toks + [f"{a} {b}" for a, b in zip(toks, toks[1:])]
    out: dict[int, float] = {}
    for g in grams:
        h = zlib.crc32(g.encode()) % dim
        out[h] = out.get(h, 0.0) + 1.0
    if out:
        norm = float(np.sqrt(sum(v * v for v in out.values())))
        out = {k: v / norm for k, v in out.items()}
    return out


@dataclass
class CandidateFeatures:
    """Everything the policy and the receipt need about one candidate (utility filled in later)."""

    text: dict[str, float]
    context: dict[str, float]
    terms: dict[int, float]
    grounding: float
    novelty: float
    recency: float
    memory_type: str
    type_prior: float
    notes: list[str] = field(default_factory=list)
    utility: float = 0.0
    relative: dict[str, float] = field(default_factory=dict)
    source: dict[str, float] = field(default_factory=dict)
    #: Index of the source turn within the call (None: no turn of the call).
    source_turn: int | None = None

    def factors(self) -> dict[str, float]:
        return {"utility": self.utility, "grounding": self.grounding, "novelty": self.novelty,
                "recency": self.recency, "type": self.type_prior}

    def dense(self) -> dict[str, float]:
        out = {**self.text, **self.context, **self.source, **self.relative, **self.factors()}
        for t in TYPE_FEATURES:
            out[t] = float(self.memory_type == t[5:])
        return out


def _turn_texts(ctx: AdmissionContext) -> list[str]:
    return [t.content for t in ctx.turns]


def _reference_time(ctx: AdmissionContext) -> datetime | None:
    """The conversation's clock: the latest timestamp among the call's turns (None without any)."""
    times = [as_utc(t.timestamp) for t in ctx.turns if t.timestamp is not None]
    return max(times) if times else None


#: Call-level features that compare a candidate with the call's other candidates (the
#: closest earlier one, topic mentions before and after) look this many candidates back
#: and ahead. Exact for any add up to this size; linear time beyond it.
CALL_WINDOW = 256


def _max_cos_earlier(vecs: np.ndarray, window: int = CALL_WINDOW, block: int = 256) -> np.ndarray:
    """Per candidate, the highest cosine to one of the ``window`` candidates before it (0 for the first)."""
    n = len(vecs)
    out = np.zeros(n, dtype=np.float32)
    for s in range(1, n, block):
        e = min(n, s + block)
        lo = max(0, s - window)
        sims = vecs[s:e] @ vecs[lo:e].T  # rows s..e-1 against columns lo..e-1
        i = np.arange(s, e)[:, None]
        j = np.arange(lo, e)[None, :]
        sims = np.where((j < i) & (j >= i - window), sims, -np.inf)
        out[s:e] = sims.max(1)
    return out


def _mentions(words: list[set[str]], window: int = CALL_WINDOW) -> tuple[list[int], list[int]]:
    """(earlier, later): per candidate, how many candidates within ``window`` before / after it
    share at least two content words with it, each capped at 5."""
    n = len(words)
    earlier, later = [0] * n, [0] * n
    postings: dict[str, list[int]] = {}
    for i, ws in enumerate(words):
        shared: dict[int, int] = {}
        for w in ws:
            plist = postings.setdefault(w, [])
            for k in range(len(plist) - 1, -1, -1):
                j = plist[k]
                if j < i - window:
                    break
                shared[j] = shared.get(j, 0) + 1
            plist.append(i)
        for j, c in shared.items():
            if c >= 2:
                earlier[i] += 1
                later[j] += 1
    return [min(5, c) for c in earlier], [min(5, c) for c in later]


def compute(ctx: AdmissionContext, *, model_id: str | None = None) -> list[CandidateFeatures]:
    """Features for every candidate of the call (utility is left at 0 for :mod:`.utility`).

    Linear in the call's size: grounding goes through a :class:`~.factors.GroundingIndex`
    and candidate-to-candidate features look :data:`CALL_WINDOW` candidates around.
    """
    cands = ctx.candidates
    n = len(cands)
    texts = _turn_texts(ctx)
    ground = F.GroundingIndex(texts)
    ref = _reference_time(ctx)
    vecs = np.asarray(ctx.vectors, dtype=np.float32) if n else np.zeros((0, 1), dtype=np.float32)
    # Neighbour cosines, centrality (mean cosine to the others: v_i . sum(v) - 1 for unit rows)
    # and the closest earlier candidate, without an n x n matrix.
    adjacent = np.einsum("ij,ij->i", vecs[:-1], vecs[1:]) if n > 1 else np.zeros(0, dtype=np.float32)
    centrality = (vecs @ vecs.sum(0) - 1.0) / max(1, n - 1) if n > 1 else np.zeros(n, dtype=np.float32)
    max_earlier = _max_cos_earlier(vecs) if n > 1 else np.zeros(n, dtype=np.float32)
    speakers = [c.speaker or c.role for c in cands]
    speaker_counts = Counter(speakers)
    lens = np.array([len(c.text) for c in cands], dtype=np.float64)
    mean_len = float(lens.mean()) if n else 1.0
    words = [F.content_words(c.text) for c in cands]
    earlier_mentions, later_mentions = _mentions(words)
    seen_speakers: set[str] = set()
    turns_of: dict[str, list[int]] = {}
    for pos, t in enumerate(ctx.turns):
        if t.turn_id:
            turns_of.setdefault(t.turn_id, []).append(pos)
    out: list[CandidateFeatures] = []
    for i, cand in enumerate(cands):
        notes: list[str] = []
        ti = cand.turn_index if 0 <= cand.turn_index < len(texts) else None
        if ti is not None:
            grounding = ground.grounding(cand.text, before=ti)
        else:  # an extracted fact: every turn except the ones it was extracted from
            src = {j for x in cand.source_turn_ids for j in turns_of.get(x, ())}
            grounding = ground.grounding(cand.text, exclude=src)
        best = ctx.neighbours(vecs[i], 1)
        novelty = F.novelty(best[0][1] if best else None)
        mtype = classify(cand.text, vecs[i], model_id)
        if cand.occurred_at is None:
            notes.append("no timestamp: recency taken as 1.0")
        recency = F.recency(cand.occurred_at, ref, mtype.memory_type)
        prev_t = cands[i - 1].text if i > 0 else ""
        next_t = cands[i + 1].text if i + 1 < n else ""
        next_words = words[i + 1] if i + 1 < n else set()
        own_words = words[i]
        context = {
            "pos_rel": i / max(1, n - 1),
            "pos_first": float(i == 0),
            "pos_last": float(i == n - 1),
            "n_turns_log": _log1(n),
            "prev_question": float("?" in prev_t),
            "prev_followup": float(bool(_FOLLOWUP.search(prev_t))),
            "next_question": float("?" in next_t),
            "next_followup": float(bool(_FOLLOWUP.search(next_t))),
            "next_reaction": float(bool(_REACTION.search(next_t))),
            "prev_reaction": float(bool(_REACTION.search(prev_t))),
            "next_cos": float(adjacent[i]) if i + 1 < n else 0.0,
            "prev_cos": float(adjacent[i - 1]) if i > 0 else 0.0,
            "call_centrality": float(centrality[i]) if n > 1 else 0.0,
            "call_max_cos_earlier": float(max_earlier[i]) if i > 0 else 0.0,
            "same_speaker_prev": float(i > 0 and speakers[i] == speakers[i - 1]),
            "speaker_share": speaker_counts[speakers[i]] / n,
            "len_vs_call": float(np.log((len(cand.text) + 1) / (mean_len + 1))),
            "next_mentions": len(own_words & next_words) / max(1, len(own_words)) if own_words else 0.0,
            "no_timestamp": float(cand.occurred_at is None),
            # A topic the conversation keeps returning to is one someone may ask about later.
            "later_mentions": later_mentions[i] / 5,
            "earlier_mentions": earlier_mentions[i] / 5,
            "speaker_first": float(speakers[i] not in seen_speakers),
            "next_photo": float(bool(_PHOTO.search(next_t))),
            "next_len_log": _log1(len(next_t)),
            "prev_len_log": _log1(len(prev_t)),
        }
        seen_speakers.add(speakers[i])
        out.append(CandidateFeatures(
            text=text_features(cand.text), context=context, terms=hashed_terms(cand.text),
            grounding=grounding, novelty=novelty, recency=recency,
            memory_type=mtype.memory_type, type_prior=mtype.prior, notes=notes,
        ))
    nt = len(texts)
    for f, cand, src in zip(out, cands, source_features(ctx)):
        f.source = src
        f.source_turn = source_turn(cand, nt)
    return out


def context_vectors(vectors: np.ndarray) -> np.ndarray:
    """Per candidate, the mean of its previous and next candidates' vectors (zeros when alone)."""
    v = np.asarray(vectors, dtype=np.float32)
    n = len(v)
    out = np.zeros_like(v)
    if n < 2:
        return out
    out[1:] += v[:-1]
    out[:-1] += v[1:]
    counts = np.full((n, 1), 2.0, dtype=np.float32)
    counts[0] = counts[-1] = 1.0
    return out / counts


def set_relative(feats: list[CandidateFeatures]) -> None:
    """Fill :data:`RELATIVE_FEATURES` for one call, once every candidate's utility is known."""
    n = len(feats)
    if n == 0:
        return
    u = np.array([f.utility for f in feats], dtype=np.float64)
    order = (-u).argsort(kind="stable")
    rank = np.empty(n)
    rank[order] = np.arange(n)
    mean, std, top = float(u.mean()), float(u.std()) or 1.0, float(u.max())
    for i, f in enumerate(feats):
        f.relative = {
            "u_rank": rank[i] / max(1, n - 1),
            "u_top3": float(rank[i] < 3),
            "u_minus_max": float(u[i] - top),
            "u_z": float((u[i] - mean) / std),
            "u_prev": float(u[i - 1]) if i > 0 else 0.0,
            "u_next": float(u[i + 1]) if i + 1 < n else 0.0,
            "from_end": min(n - 1 - i, 5) / 5,
            "from_start": min(i, 5) / 5,
        }
    set_turn_relative(feats)
