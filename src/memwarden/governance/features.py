"""What the no-LLM policy classifier looks at, computed jointly over one query,
its evidence and all retrieved memories.

Each feature answers one of the governance questions (DESIGN.md §3):

- is the question about objective fact or the user's own choice?
  (``q_factual``, ``q_recommend``, ``mem_claim``, ``claim_in_query`` ...)
- does evidence in context speak to it? (``ev_sources``, ``ev_names_mem``, ``ev_sim``)
- does the memory's scope cover the people and task in the question?
  (``others``, ``own_taste``, ``q_about_user`` ...)
- does a later memory replace it? (``later_sim``, ``later_q_gain``, ``later_shift`` ...)

Inputs are only what a deployment has: the query, the evidence text, and the
memories' texts in the order they were stored. Never a benchmark's labels.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..retrieval.text import tokenize

FEATURES = [
    "bias",
    "ev_sources", "ev_names_mem", "ev_sim", "ev_len",
    "q_factual", "q_recommend", "q_choice", "q_about_user", "q_refers_back", "q_len",
    "mem_claim", "mem_framing", "mem_generic", "mem_clauses", "mem_first_person",
    "claim_in_query", "q_sim",
    "others", "own_taste", "others_q",
    "n_mem", "position", "is_last", "is_first",
    "later_sim", "earlier_sim", "later_q_gain", "later_shift", "later_exists",
]

_WORD = re.compile(r"[a-z']+")
_SOURCE_HEADER = re.compile(r"^\s*\[[^\]\n]{3,80}\]\s*$", re.M)
_QUOTED = re.compile(r"['\"\u2018\u201c]([^'\"\u2019\u201d]{8,})['\"\u2019\u201d]")
_ENTITY = re.compile(r"\b([A-Z][a-zA-Z0-9]+(?:\s+[A-Z][a-zA-Z0-9]+)*)\b")

_RECOMMEND = {"recommend", "suggest", "suggestions", "should", "advice", "approach", "organize", "plan", "ideas", "try", "resources", "activities"}
_CHOICE = {"choose", "select", "choice", "pick", "tradeoff", "settle", "option", "options", "decide", "decision"}
_FACT_START = re.compile(
    r"(?:^|[:.?!]\s+)(what|which|who|whom|when|where|why|how|is|are|was|were|do|does|did|can|could|will|would|has|have|should)\b[^?]*\?\s*$",
    re.I,
)
_OTHERS = {
    "team", "colleague", "colleagues", "friends", "friend", "group", "guests", "guest", "participants", "attendees",
    "client", "clients", "family", "partner", "kids", "children", "committee", "everyone", "members", "staff",
    "audience", "visitors", "people", "coworkers", "parents", "relatives", "students", "volunteers", "illustrator",
    "customers", "users", "they", "their", "others", "household", "roommate", "roommates", "mother", "father",
}
_OWN_TASTE = re.compile(r"\b(my own (?:taste|preference|habit|style|rhythm)|i (?:usually|normally|personally) prefer|my preference|my taste|my default)\b", re.I)
_FRAMING = {"framing", "explanation", "familiar", "asserting", "factually", "believes", "belief", "thinks", "claims", "version", "account"}
_SHIFT = {"now", "instead", "no", "longer", "rather", "minimal", "without", "shifted", "changed", "prefers", "avoid", "avoids", "dislikes", "quiet", "independently", "only"}
_NEG = {"not", "no", "never", "without", "dislike", "dislikes", "avoid", "avoids", "minimal", "less", "rather"}


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _claim(text: str) -> str | None:
    m = _QUOTED.search(text)
    return m.group(1) if m else None


def _overlap(a: Sequence[str], b: Sequence[str]) -> float:
    sa, sb = set(a), set(b)
    return len(sa & sb) / len(sa) if sa else 0.0


@dataclass
class Joint:
    """The joint input of the reflection step, already embedded."""

    query: str
    evidence: list[str]
    memories: list[str]
    qvec: np.ndarray
    mvecs: np.ndarray
    evecs: np.ndarray


def embed_joint(embedder, query: str, evidence: Sequence[str], memories: Sequence[str]) -> Joint:  # type: ignore[no-untyped-def]
    ev = [e for e in evidence if e.strip()]
    vecs = embedder.embed([query, *memories, *ev]) if (memories or ev) else embedder.embed([query])
    n = len(memories)
    return Joint(query, ev, list(memories), vecs[0], vecs[1 : 1 + n], vecs[1 + n :])


def features(j: Joint) -> np.ndarray:
    """One row of :data:`FEATURES` per memory."""
    q = j.query
    qw = _words(q)
    qtok = set(tokenize(q))
    ev_text = "\n".join(j.evidence)
    ev_low = ev_text.lower()
    ev_sources = min(1.0, (len(_SOURCE_HEADER.findall(ev_text)) + 2 * ev_low.count("<information>")) / 6.0)
    ev_len = min(1.0, len(ev_text) / 8000.0)
    # The last few evidence turns describe the task at hand (who it is for).
    recent = " ".join(j.evidence[-4:]).lower()
    rw = _words(recent)
    others_recent = sum(w in _OTHERS for w in rw) / max(1, len(rw)) * 20
    others_q = sum(w in _OTHERS for w in qw) / max(1, len(qw)) * 10
    own_taste = 1.0 if _OWN_TASTE.search(recent) else 0.0
    q_factual = 1.0 if _FACT_START.search(q.strip()) and not (_RECOMMEND | _CHOICE) & set(qw) else 0.0
    q_recommend = 1.0 if _RECOMMEND & set(qw) else 0.0
    q_choice = 1.0 if _CHOICE & set(qw) else 0.0
    q_about_user = 1.0 if re.search(r"\bthe user\b|\btheir (?:preference|taste|viewing|interests)", q, re.I) else 0.0
    q_refers_back = 1.0 if re.search(r"\b(we discussed|discussed|mentioned earlier|as above|that situation)\b", q, re.I) else 0.0
    n = len(j.memories)
    sims = j.mvecs @ j.mvecs.T if n else np.zeros((0, 0))
    qs = j.mvecs @ j.qvec if n else np.zeros(0)
    rows = []
    for i, mem in enumerate(j.memories):
        mw = _words(mem)
        claim = _claim(mem)
        ents = [e for e in _ENTITY.findall(mem) if e not in ("User", "The", "I", "Prefers", "Enjoys", "Likes")]
        ev_names = (sum(e.lower() in ev_low for e in ents) / len(ents)) if ents else 0.0
        ev_sim = float(np.max(j.evecs @ j.mvecs[i])) if len(j.evecs) else 0.0
        claim_in_q = _overlap(tokenize(claim), qtok) if claim else 0.0
        later = list(range(i + 1, n))
        earlier = list(range(0, i))
        later_sim = float(max((sims[i, k] for k in later), default=0.0))
        earlier_sim = float(max((sims[i, k] for k in earlier), default=0.0))
        gain = float(max((qs[k] - qs[i] for k in later), default=0.0))
        shift = 0.0
        if later:
            k = max(later, key=lambda k: sims[i, k])
            lw = set(_words(j.memories[k]))
            shift = len(lw & _SHIFT) / 4.0 + (0.5 if bool(lw & _NEG) != bool(set(mw) & _NEG) else 0.0)
        rows.append([
            1.0,
            ev_sources, ev_names, ev_sim, ev_len,
            q_factual, q_recommend, q_choice, q_about_user, q_refers_back, min(1.0, len(qw) / 60.0),
            1.0 if claim else 0.0, len(set(mw) & _FRAMING) / 3.0,
            1.0 if re.match(r"\s*(the )?user (generally|usually|typically) (prefers|likes)", mem, re.I) else 0.0,
            min(1.0, mem.count(";") / 2.0), 1.0 if re.match(r"\s*i\b", mem, re.I) else 0.0,
            claim_in_q, float(qs[i]),
            min(1.0, others_recent), own_taste, min(1.0, others_q),
            min(1.0, (n - 1) / 5.0), (i / (n - 1)) if n > 1 else 0.0, 1.0 if i == n - 1 and n > 1 else 0.0,
            1.0 if i == 0 and n > 1 else 0.0,
            later_sim, earlier_sim, gain, min(1.0, shift), 1.0 if later else 0.0,
        ])
    return np.asarray(rows, dtype=np.float32).reshape(n, len(FEATURES))
