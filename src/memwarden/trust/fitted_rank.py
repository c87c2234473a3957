"""The fitted final stage of the trusted ranking: one linear score over features of each hit.

The hand-written steps of :func:`memwarden.trust.ranking.rerank` (blend, answers for weaker
testimony, conflicts, slot answers, updates, answer types) each fix one kind of case and
sometimes undo each other. This stage reads what they did (how far each moved a hit) next to what
the search and the trust stage already know about the hit -- relevance and its parts, who vouches,
how recent it is against the other hits on the same matter, its type, and whether the question
asks about "now" or asks for advice -- and orders the first ``top`` hits by ``w . x``, ``w`` fitted
pairwise (scikit-learn logistic regression on feature differences, target hit vs other hit) by
``bench/fit_rerank.py`` on the rank probes of the 37 development authors (session 16: with the
list's structure, :mod:`.rank_structure`), chosen and reported leave-one-author-out (BENCHMARKS.md).
Only the first ``top`` hits move, so recall at any limit >= ``top`` is what the hand order gives.

Everything is computed from the returned hits: O(k) features plus the k x k cosines the trust
stage already has. The weights ship as ``memwarden/data/rank_weights.json``; numpy only at run time.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from functools import lru_cache
from importlib import resources
from typing import Callable, Iterator, Sequence

import numpy as np

from .._fitted import Weights
from ..errors import ModelError
from ..models import SearchHit
from .answer_type import VALUE_KINDS, asked_type, holds_type
from .lexicon import is_correction
from .rank_structure import STRUCTURE, asks_past, structure
from .rank_recency import MODES, gate_recency
from .rank_subject import SUBJECT, asks_other, subject_features
from .testimony import TIERS, stated_at
from .update_cues import says_replace, says_update

__all__ = ["asks_now", "STAGES", "FEATURES", "features", "RankWeights", "load_weights", "head_order", "fitted_order",
           "observe", "GATES", "fitted_gate", "off_matter", "off_cosine"]

#: The hand steps whose moves are features, in the order :func:`rerank` runs them.
STAGES = ("blend", "record", "conflicts", "slot", "updates", "answer_type")
_TYPES = ("identity", "preference", "fact", "plan", "state", "temporary", "goal", "belief", "chit-chat")
#: Claim attributes that state a limit on what may be suggested (the extractor's slot names).
_LIMIT_ATTRS = ("allerg", "diet", "budget", "medication", "restriction", "rule", "intoleran", "condition", "pet")

#: Closed grammatical classes only: modal verbs and negation (a stated limit: "can't", "must", "never").
_MODAL_NEG = re.compile(r"\b(?:can't|cannot|can not|couldn't|mustn't|must|shouldn't|won't|wouldn't|don't|doesn't|"
                        r"never|not|no|nothing|only|without|have to|has to|need to|needs to)\b", re.I)
#: Present-state adverbs a question asks "now" with.
_ASKS_NOW = re.compile(r"\b(?:now|currently|current|these days|at the moment|nowadays|still|anymore|any more|"
                       r"latest|at present|right now|today)\b", re.I)
#: A request for a suggestion rather than a fact: modal or imperative requests and the verbs of advising.
_ASKS_ADVICE = re.compile(r"^\s*(?:can|could|would|should|shall)\b|\b(?:should i|should we|could you|can you|would you|"
                          r"recommend\w*|suggest\w*|advice|advise|ideas?|tips?|worth|ok\b|okay|good idea|"
                          r"help me|plan\w*|pick|choose|book|find me|any good)\b", re.I)
#: "current" inside a prepositional phrase names a thing, it does not ask of now (round 6: "how much have I got
#: in my current account?", "the fee on our current plan"); as the asked thing itself it does ("what's my current job?").
_CURRENT_IN_PP = re.compile(r"\b(?:in|on|at|into|onto|from|with|of|for|to|off|under|through|about)\s+"
                            r"(?:my|our|your|the|his|her|their|this|that)\s+current\b", re.I)


def asks_now(query: str) -> bool:
    """The question asks of the present state (:data:`_ASKS_NOW`), a "current" standing in a prepositional
    phrase left out (:data:`_CURRENT_IN_PP`)."""
    q = _CURRENT_IN_PP.sub(" ", query or "")
    return bool(_ASKS_NOW.search(q))


_WH = re.compile(r"^\s*(?:what|which|where|when|who|whom|whose|how|why)\b", re.I)
_TOKEN = re.compile(r"[a-z0-9]+", re.I)


#: The asker's own person: a first- or second-person pronoun ("where do I live now?", "what should we
#: cook?", "can you book ..."), not an observer's question about named third parties ("When did Jon
#: ...?"). "US" (the country) is not "us".
_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|us|our|ours|ourselves|you|you're|"
                     r"your|yours|yourself)\b", re.I)

#: The question readings the fitted order may be limited to (``TrustConfig.rank_fitted_gate``, round 2):
#: "now" (a present-state adverb, :data:`_ASKS_NOW`), "past" (:func:`.rank_structure.asks_past`),
#: "request" (:func:`memwarden.retrieval.search.is_request`) and "person" (:data:`_PERSON`). A gate:
#: readings joined by "+" (any of them), parts joined by "&" (each part must hold); "all": every question.
GATES = ("now", "past", "request", "person")


def asks_own(query: str) -> bool:
    """The question is in the asker's own person (:data:`_PERSON`) and not about another person said with
    "my" (round 3: "which team does my dad support?" asks of the dad, :func:`.rank_subject.asks_other`)."""
    q = query or ""
    return any(m.group(0) != "US" for m in _PERSON.finditer(q)) and not asks_other(q)


def fitted_gate(query: str, gate: str) -> bool:
    """Does the fitted order run for ``query`` under ``gate`` (:data:`GATES`)?"""
    if gate == "all":
        return True
    from ..retrieval.search import is_request

    q = query or ""
    tests = {"now": lambda: asks_now(q), "past": lambda: asks_past(q), "request": lambda: is_request(q),
             "person": lambda: asks_own(q)}
    return all(any(tests[g]() for g in part.split("+")) for part in gate.split("&"))


def _names() -> tuple[str, ...]:
    n = ["pre_rr", "hand_rr", "fused_mm", "blend_mm", "cosine", "cosine_gap", "kw_mm", "kw_has", "dense_rr", "kw_rr",
         "S", "T", "K", "C", "echo"]
    n += [f"tier_{t}" for t in TIERS]
    n += ["later_share", "newest", "slot", "slot_newest", "slot_older", "later_similar", "newest_similar",
          "update_cue", "replace_cue", "correction", "superseded", "event_dated"]
    n += [f"type_{t}" for t in _TYPES]
    n += ["limit_attr", "modal_neg", "holds_asked", "q_overlap"]
    n += ["q_now", "q_advice", "q_wh", "q_typed"]
    n += ["now_x_newest", "now_x_slot_newest", "now_x_later_similar", "now_x_update", "advice_x_limit",
          "advice_x_modal", "advice_x_pref", "advice_x_cosine", "advice_x_identity"]
    for s in STAGES:
        n += [f"up_{s}", f"down_{s}"]
    return tuple(n)


#: What each hit says of itself and the hand steps did with it (session 7's features) ...
BASE_FEATURES: tuple[str, ...] = _names()
#: ... and what the list says of it (session 16, trust/rank_structure.py: siblings, age rank, past question),
#: and whose fact / which matter it is against the question's (round 3, trust/rank_subject.py).
FEATURES: tuple[str, ...] = BASE_FEATURES + STRUCTURE + SUBJECT


def _mm(values: Sequence[float]) -> list[float]:
    lo, hi = min(values), max(values)
    return [0.5 if hi <= lo else (v - lo) / (hi - lo) for v in values]


def features(hand: Sequence[SearchHit], pre: Sequence[str], trace: Sequence[tuple[str, Sequence[str]]], query: str,
             similar: Callable[[SearchHit, SearchHit], float] | None, similar_at: float = 0.5,
             rows: int | None = None) -> np.ndarray:
    """One row per hit of ``hand`` (today's order), columns :data:`FEATURES`.

    ``pre``: the hits' ids in the search's relevance order; ``trace``: (stage name, the ids after it)
    for each hand step in the order they ran; the moves of the steps named in :data:`STAGES` are
    features (a missing stage counts as no move; a later hand step that is not among them, e.g.
    ``newer`` or ``answer_value``, only moves the order the next stage starts from, so the shipped
    weights keep reading the stages they were fitted on); ``similar``: the two hits' cosine.
    ``rows``: fill only the first ``rows`` rows (the ones the stage may move; each still reads all hits).
    """
    n = len(hand)
    m = n if rows is None else min(n, rows)
    X = np.zeros((m, len(FEATURES)), dtype=np.float64)
    if n == 0:
        return X
    col = {f: i for i, f in enumerate(FEATURES)}
    pre_pos = {m: i for i, m in enumerate(pre)}
    fused = _mm([h.scores.fused for h in hand])
    blend = _mm([h.score for h in hand])
    kws = [h.scores.keyword for h in hand]
    kw = _mm([k if k is not None else 0.0 for k in kws])
    cos = [h.reliability.query_cosine if h.reliability and h.reliability.query_cosine is not None
           else (h.scores.dense or 0.0) for h in hand]
    best = max(cos)
    when = [stated_at(h) for h in hand]
    slots = [h.claim.slot if h.claim is not None else None for h in hand]
    sims = np.full((m, n), -1.0)
    if similar is not None:
        for i in range(m):
            for j in range(n):
                if j != i:
                    sims[i, j] = sims[j, i] if j < i else similar(hand[i], hand[j])
    q = query or ""
    q_now = float(asks_now(q))
    q_adv = float(bool(_ASKS_ADVICE.search(q)))
    kind = asked_type(q) if q else None
    kind = kind if kind in VALUE_KINDS else None  # the kinds the shipped weights were fitted on
    qw = {w.lower() for w in _TOKEN.findall(q) if len(w) > 3}
    stage_pos = [(stage, {m: i for i, m in enumerate(t)}) for stage, t in trace]
    from .ranking import testimony_of  # the tier cache lives there

    for i, h in enumerate(hand[:m]):
        r = h.reliability
        c = h.claim
        x = X[i]
        x[col["pre_rr"]] = 1.0 / (1 + pre_pos.get(h.id, n))
        x[col["hand_rr"]] = 1.0 / (1 + i)
        x[col["fused_mm"]] = fused[i]
        x[col["blend_mm"]] = blend[i]
        x[col["cosine"]] = cos[i]
        x[col["cosine_gap"]] = cos[i] - best
        x[col["kw_mm"]] = kw[i]
        x[col["kw_has"]] = float(kws[i] is not None)
        x[col["dense_rr"]] = 1.0 / h.scores.dense_rank if h.scores.dense_rank else 0.0
        x[col["kw_rr"]] = 1.0 / h.scores.keyword_rank if h.scores.keyword_rank else 0.0
        if r is not None:
            x[col["S"]], x[col["T"]] = r.source.value, r.temporal.value
            x[col["K"]], x[col["C"]] = r.consensus.value, r.confidence
        x[col["echo"]] = float(bool(c is not None and c.echo))
        x[col["tier_" + testimony_of(h).tier]] = 1.0
        later = [j for j in range(n) if when[j] > when[i]]
        x[col["later_share"]] = len(later) / max(1, n - 1)
        x[col["newest"]] = float(not later)
        if slots[i] is not None:
            same = [j for j in range(n) if j != i and slots[j] == slots[i]]
            x[col["slot"]] = 1.0
            x[col["slot_newest"]] = float(bool(same) and all(when[j] <= when[i] for j in same))
            x[col["slot_older"]] = float(any(when[j] > when[i] for j in same))
        near = [j for j in range(n) if j != i and sims[i, j] >= similar_at]
        x[col["later_similar"]] = float(any(when[j] > when[i] for j in near))
        x[col["newest_similar"]] = float(bool(near) and all(when[j] <= when[i] for j in near))
        text = h.memory
        x[col["update_cue"]] = float(says_update(text))
        x[col["replace_cue"]] = float(says_replace(text))
        x[col["correction"]] = float(is_correction(text))
        x[col["superseded"]] = float(h.valid_to is not None or h.status == "superseded")
        x[col["event_dated"]] = float(c is not None and c.event_start is not None)
        mt = (h.memory_type or "").lower()
        mt = "belief" if mt == "value" else mt
        if mt in _TYPES:
            x[col["type_" + mt]] = 1.0
        attr = (c.attribute or "").lower() if c is not None else ""
        x[col["limit_attr"]] = float(bool(attr) and any(a in attr for a in _LIMIT_ATTRS))
        x[col["modal_neg"]] = float(bool(_MODAL_NEG.search(text)))
        x[col["holds_asked"]] = float(kind is not None and holds_type(text, kind))
        x[col["q_overlap"]] = len(qw & {w.lower() for w in _TOKEN.findall(text)}) / max(1, len(qw))
        x[col["q_now"]], x[col["q_advice"]] = q_now, q_adv
        x[col["q_wh"]], x[col["q_typed"]] = float(bool(_WH.search(q))), float(kind is not None)
        x[col["now_x_newest"]] = q_now * x[col["newest"]]
        x[col["now_x_slot_newest"]] = q_now * x[col["slot_newest"]]
        x[col["now_x_later_similar"]] = q_now * x[col["later_similar"]]
        x[col["now_x_update"]] = q_now * x[col["update_cue"]]
        x[col["advice_x_limit"]] = q_adv * x[col["limit_attr"]]
        x[col["advice_x_modal"]] = q_adv * x[col["modal_neg"]]
        x[col["advice_x_pref"]] = q_adv * x[col["type_preference"]]
        x[col["advice_x_cosine"]] = q_adv * cos[i]
        x[col["advice_x_identity"]] = q_adv * x[col["type_identity"]]
        prev = pre_pos
        for s, pos in stage_pos:
            if "up_" + s in col:
                a, b = prev.get(h.id, n), pos.get(h.id, n)
                x[col["up_" + s]] = float(b < a)
                x[col["down_" + s]] = float(b > a)
            prev = pos
    # The list's structure reads every hit's newest / cosine_gap, so those are computed for all n here.
    newest = [float(not any(w > when[i] for w in when)) for i in range(n)]
    E = structure([{e.id for e in h.episodes} or set(h.source_turn_ids) or {h.id} for h in hand],
                  [w.timestamp() for w in when], [h.kind == "episode" for h in hand],
                  [float(h.scores.constraint or 0.0) for h in hand], [pre_pos.get(h.id, n) for h in hand], newest,
                  [c - best for c in cos], q_now, q)
    X[:, len(BASE_FEATURES):len(BASE_FEATURES) + len(STRUCTURE)] = E[:m]
    S = subject_features([h.memory for h in hand], q, newest, list(E[:, STRUCTURE.index("age_rank")]), q_now)
    X[:, len(BASE_FEATURES) + len(STRUCTURE):] = S[:m]
    return X


class RankWeights:
    """The fitted linear scorer: standardise with the training mean and scale, then ``w . z``."""

    def __init__(self, names: Sequence[str], mean: Sequence[float], scale: Sequence[float], weights: Sequence[float],
                 top: int, meta: dict | None = None, margin: float = 0.0) -> None:
        if list(names) != list(FEATURES):
            # A weights file from another feature set would score the wrong columns silently.
            raise ModelError(f"rank weights do not fit this version's features: {_REFIT}")
        self.mean = np.asarray(mean, dtype=np.float64)
        self.scale = np.asarray(scale, dtype=np.float64)
        self.w = np.asarray(weights, dtype=np.float64)
        self.top = int(top)
        #: A hit passes one ranked above it today only by at least this much score (scores are in
        #: units of their spread over the training hits): near ties keep today's order.
        self.margin = float(margin)
        self.meta = meta or {}
        #: Round 6: when the list-wide recency features count (:func:`.rank_recency.gate_recency`); "all" before.
        self.recency = str(self.meta.get("recency", "all"))
        if self.recency not in MODES:
            raise ModelError(f"rank weights name an unknown recency gate {self.recency!r}: {_REFIT}")
        #: Round 6: a hit more than this below the list's best cosine to the question is off its matter and may
        #: not pass a hit above it today that is on it (:func:`head_order`'s hold); 0: no such hold (round 4).
        self.far = float(self.meta.get("far", 0.0) or 0.0)
        #: ... or, the same hold, a hit whose cosine is below this share of the list's best (0: none).
        self.far_share = float(self.meta.get("far_share", 0.0) or 0.0)

    def score(self, X: np.ndarray) -> np.ndarray:
        return ((X - self.mean) / self.scale) @ self.w

    def to_json(self) -> dict:
        return {"features": list(FEATURES), "mean": self.mean.round(6).tolist(), "scale": self.scale.round(6).tolist(),
                "weights": self.w.round(6).tolist(), "top": self.top, "margin": self.margin, "meta": self.meta}

    @classmethod
    def from_json(cls, d: dict, where: str = "<dict>") -> "RankWeights":
        """Checked by :class:`~memwarden._fitted.Weights`: a malformed or foreign file is a ``ModelError``."""
        w = Weights(d, "rank weights", where)
        n = len(w.names(expected=FEATURES, refit=_REFIT))
        return cls(FEATURES, w.array("mean", (n,)), w.array("scale", (n,), positive=True), w.array("weights", (n,)),
                   int(w.number("top")), d.get("meta"), w.number("margin", 0.0))


_REFIT = "refit with bench/fit_rank.py"


@lru_cache(maxsize=1)
def load_weights() -> RankWeights:
    """The shipped weights (``memwarden/data/rank_weights.json``), read once."""
    w = Weights.read(resources.files("memwarden").joinpath("data/rank_weights.json"), "rank weights",
                     "memwarden/data/rank_weights.json")
    return RankWeights.from_json(w.raw, w.where)


_OBSERVER: list[Callable[[Sequence[SearchHit], np.ndarray], None]] = []


@contextmanager
def observe(fn: Callable[[Sequence[SearchHit], np.ndarray], None]) -> Iterator[None]:
    """Call ``fn(hand_hits, X)`` for every ranking inside the block: how the training script reads
    the features the search itself computed, instead of a second code path that could drift."""
    _OBSERVER.append(fn)
    try:
        yield
    finally:
        _OBSERVER.remove(fn)


def head_order(score: Sequence[float], top: int, margin: float = 0.0,
               held: Sequence[bool] | None = None) -> list[int]:
    """The first ``top`` positions reordered: repeatedly take the best-scored remaining hit, unless the
    first remaining one (today's order) is within ``margin`` of it, then that one. ``held`` (round 3):
    a held hit (another person's, for a question of the asker's own) may not pass a hit that is not held
    and ranks above it today -- recency or any other score cannot carry it over the asker's own fact."""
    rest = list(range(min(top, len(score))))
    out = []
    while rest:
        free = rest if held is None else [i for i in rest if not (held[i] and any(not held[j] for j in rest if j < i))]
        best = max(free, key=lambda i: (score[i], -i))
        pick = rest[0] if score[best] - score[rest[0]] <= margin else best
        out.append(pick)
        rest.remove(pick)
    return out


def off_matter(X: np.ndarray, far: float = 0.0, far_share: float = 0.0) -> np.ndarray:
    """Round 6: the hits (rows of :data:`FEATURES`) off the question's matter by the search's own cosine: more than
    ``far`` below the list's best, or below ``far_share`` of the best (0: that test off). Such a hit may not pass
    one above it today that is on the matter (:func:`head_order`'s hold): whatever else the fitted score reads
    (recency, an update cue, a low keyword score), a line about something else cannot rise above one about it."""
    return off_cosine(X[:, FEATURES.index("cosine")], X[:, FEATURES.index("cosine_gap")], far, far_share)


def off_cosine(cos: np.ndarray, gap: np.ndarray, far: float = 0.0, far_share: float = 0.0) -> np.ndarray:
    """:func:`off_matter` from the two columns it reads: each hit's cosine to the question and its gap to the
    list's best (``bench/fit_rerank.py`` holds its probes with it, as the search does)."""
    off = np.zeros(len(cos), dtype=bool)
    if far > 0:
        off |= gap < -far
    if far_share > 0 and len(cos):
        best = float((cos - gap).max())
        if best > 0:
            off |= cos < far_share * best
    return off


def observing() -> bool:
    """Whether a training script observes the stage's features (``observe``)."""
    return bool(_OBSERVER)


def fitted_order(hand: list[SearchHit], pre: Sequence[str], trace: Sequence[tuple[str, Sequence[str]]], query: str,
                 similar: Callable[[SearchHit, SearchHit], float] | None, weights: RankWeights | None,
                 top: int | None = None) -> list[SearchHit]:
    """The first ``top`` hits of ``hand`` ordered by the fitted score (ties keep today's order); each
    hit's reliability carries its ``rank_score``. ``weights`` None: only the observers run."""
    if len(hand) < 2 or (weights is None and not _OBSERVER):
        return hand
    t = min(len(hand), (weights.top if top is None else top) if weights is not None else len(hand))
    X = features(hand, pre, trace, query, similar, rows=None if _OBSERVER else t)
    for fn in list(_OBSERVER):
        fn(hand, X)
    if weights is None:
        return hand
    s = weights.score(gate_recency(X[:t], FEATURES, weights.recency))
    held = X[:t, FEATURES.index("held")] > 0
    held |= off_matter(X[:t], weights.far, weights.far_share)
    order = head_order(s, t, weights.margin, held) + list(range(t, len(hand)))
    out = []
    for i in order:
        h = hand[i]
        if i < t and h.reliability is not None:
            h = h.model_copy(update={"reliability": h.reliability.model_copy(update={"rank_score": round(float(s[i]), 4)})})
        out.append(h)
    return out
