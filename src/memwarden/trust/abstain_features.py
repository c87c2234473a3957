"""What the fitted abstention reads about one search: the signals the rule path already computes,
as numbers (:func:`abstain_features`), and the fitted logistic decision over them (:class:`AbstainModel`).

The rules in :mod:`.abstain` each turn one signal into a verdict with a hand-set threshold (a cosine
floor, a topic floor, "the attribute asked is never stated", "the named person never speaks of it").
Here the same signals are features and a logistic model fitted on five authors' probes plus LoCoMo
(``bench/fit_abstain.py``) weighs them. Scored leave-one-author-out it does NOT beat the rules
(pooled balanced accuracy 0.847 vs 0.874, LoCoMo F1 0.186 vs 0.581; BENCHMARKS.md, "Session 7
(branch s7-abstain): abstention, fitted"; session 17, forty-two authors, ``bench/loao_abstain.py``: mean
balanced accuracy 0.755 / false abstentions 0.098 vs the rules' 0.759 / 0.106), so it is opt-in
(``TrustConfig.abstain_mode="fitted"``).
The weights ship as JSON (``data/abstain_weights.json``) and are applied with numpy; scikit-learn is
used only when fitting.

Every feature is read off the query and the scored hits alone (no extra embedding), so stored
searches can be re-scored, as the rule path's threshold sweeps do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Sequence

import numpy as np

from .._fitted import Weights, sigmoid
from ..lexicon.quotes import straight
from ..models import ConflictGroup, SearchHit
from ..retrieval.text import tokenize
from .answer_type import VALUE_KINDS, asked_type, holds_type
from .asked_head import hit_stems, mentions, owner_head
from .attribute import NAMED_HEADS, asked, attribute_missing
from .config import TrustConfig

__all__ = ["FEATURES", "abstain_features", "unmatched_words", "AbstainModel", "load_abstain_model", "VALUE_GROUPS"]

#: The asked value classes of ``attribute.asked``, grouped so that each group has examples from
#: several authors (a one-hot per rare class would fit one author's wording).
VALUE_GROUPS: dict[str, str] = {
    "name": "who", "view": "who", "place": "where", "date": "when", "day": "when", "time": "when",
    "number": "quantity", "amount": "quantity", "grade": "quantity", "code": "specific", "phone": "specific",
    "email": "specific", "address": "specific", "postcode": "specific", "colour": "specific", "version": "specific",
}

FEATURES: tuple[str, ...] = (
    "best_cos", "second_cos", "top3_mean_cos", "cos_gap", "topic_cos", "topic_tested",
    "first_person", "first_person_support", "names_speaker", "subject_missing",
    "attr_missing", "ask_who", "ask_where", "ask_when", "ask_quantity", "ask_specific", "ask_none",
    "owner_asked", "owner_mentioned", "answer_type_asked", "answer_type_in_top3",
    "best_conf", "band_conf", "n_band", "overlap_best", "overlap_top3", "rule_abstains",
    "answer_type_missing", "wh_head_asked", "wh_head_missing", "unmatched_share", "unmatched_any",
    "named_cos_lead", "named_overlap_lead",
    # Which of the hand rules' checks fires (session 17): the cosine or topic floor, the predicate of a
    # yes/no question or the end of a "when" question's event never stated.
    "rule_floor", "polar_missing",
)

#: "what/which/whose (the|my ...) NOUN PHRASE": the thing a wh-question asks about or for, up to its verb.
_WH_NP = re.compile(r"\b(?:what|which|whose)(?:'s|\s+is|\s+are|\s+was|\s+were)?\s+(?:(?:the|my|our|your|his|her|their|a|an)\s+)?"
                    r"((?:[\w-]+\s+){0,3}[\w-]+)", re.I)
#: Auxiliaries and pronouns end the noun phrase ("which running shoes | do I use").
_NP_END = frozenset("do does did is are was were has have had will would can could should am i we you he she they it "
                    "of for on in at to with from by about that this".split())
#: Words every question has: they name nothing the memories must hold (a closed class, not case words).
_QUESTION_WORDS = frozenset("what which who whom whose when where why how use uses used have has had get got do does did "
                            "go going make made take took user users thing things kind sort any much many".split())


def _np_tokens(query: str) -> list[str]:
    m = _WH_NP.search(straight(query))
    if m is None:
        return []
    words = []
    for w in m.group(1).split():
        if w.lower() in _NP_END:
            break
        words.append(w)
    return [t for t in tokenize(" ".join(words)) if t not in _QUESTION_WORDS]


def _hit_stems(hits: Sequence[SearchHit]) -> set[str]:
    return set().union(*(hit_stems(h) for h in hits))


def unmatched_words(query: str, hits: Sequence[SearchHit]) -> list[str]:
    """The question's content words (stems) that no hit, its source turns or its claim's slot holds."""
    stems = _hit_stems(hits)
    names = {t for h in hits if h.speaker for t in tokenize(h.speaker)}
    return sorted(t for t in set(tokenize(query)) if t not in _QUESTION_WORDS and t not in names and not _held(t, stems))


def _held(t: str, stems: set[str]) -> bool:
    """``t`` is one of ``stems`` or shares a four-letter-or-longer beginning with one ("invoic"/"invoice")."""
    return t in stems or len(t) >= 4 and any(len(s) >= 4 and (s.startswith(t) or t.startswith(s)) for s in stems)


def _named(h: SearchHit, named: set[str]) -> bool:
    return bool(h.speaker) and h.speaker.lower() in named


def _lead(own: list[float], others: list[float]) -> float:
    """The named speaker's best minus everyone else's best (-1 when they have no hit, 1 when only they have)."""
    if not own:
        return -1.0
    return max(own) - max(others) if others else 1.0


def _overlap(q: set[str], h: SearchHit) -> float:
    return len(q & set(tokenize(h.memory))) / len(q) if q else 0.0


def abstain_features(query: str, hits: Sequence[SearchHit], conflicts: Sequence[ConflictGroup],
                     cfg: TrustConfig) -> dict[str, float]:
    """The signals (see :data:`FEATURES`) of one search; ``hits`` carry their reliability."""
    from .abstain import _first_person_support, _member_support, _FIRST_PERSON, subject_not_covered, rule_decision
    from .aspect import aspect_missing
    from .polar import polar_missing

    cos = [h.reliability.query_cosine if h.reliability and h.reliability.query_cosine is not None else -1.0
           for h in hits]
    srt = sorted(cos, reverse=True) + [-1.0, -1.0]
    best = srt[0]
    topic = [h.reliability.topic_cosine for h in hits if h.reliability and h.reliability.topic_cosine is not None]
    band = max(min(cfg.min_relevance, best), best - cfg.relevance_band)
    relevant = [h for h, c in zip(hits, cos) if c >= band]
    order = sorted(range(len(hits)), key=lambda i: -cos[i])
    top = hits[order[0]] if hits else None
    a = asked(query)
    group = VALUE_GROUPS.get(a.value) if a is not None else None
    owner = owner_head(query) if a is not None and a.value not in ("view", "any") else None
    kind = asked_type(query)
    kind = kind if kind in VALUE_KINDS else None  # the kinds the shipped weights were fitted on
    q = set(tokenize(query))
    stems = _hit_stems(hits)
    np_words = _np_tokens(query)
    names = {t for h in hits if h.speaker for t in tokenize(h.speaker)}
    content = [t for t in q if t not in _QUESTION_WORDS and t not in names]
    unmatched = unmatched_words(query, hits)
    speakers = {h.speaker.lower() for h in hits if h.speaker}
    qwords = {w.lower().removesuffix("'s") for w in straight(query).split()}
    named = speakers & {w.strip("?,.!") for w in qwords}
    content_set = set(content)
    fp_support = _first_person_support(query, hits, cos, cfg)
    floor = (best < cfg.min_relevance and not (fp_support or _member_support(query, hits, cos, cfg))) or bool(
        topic and cfg.min_topic_cosine > 0 and max(topic) < cfg.min_topic_cosine)
    return {
        "best_cos": best,
        "second_cos": srt[1],
        "top3_mean_cos": float(np.mean(srt[:3])),
        "cos_gap": best - srt[1],
        # Untested (no speaker named, or a topic word shared): the query's own cosine stands for it.
        "topic_cos": max(topic) if topic else best,
        "topic_tested": float(bool(topic)),
        "first_person": float(bool(_FIRST_PERSON.search(query))),
        "first_person_support": float(fp_support),
        "names_speaker": float(bool(named)),
        "subject_missing": float(bool(hits and subject_not_covered(query, hits, relevant))),
        "attr_missing": float(bool(hits and attribute_missing(query, hits, relevant))),
        "ask_who": float(group == "who"),
        "ask_where": float(group == "where"),
        "ask_when": float(group == "when"),
        "ask_quantity": float(group == "quantity"),
        "ask_specific": float(group == "specific"),
        "ask_none": float(group is None),
        "owner_asked": float(owner is not None),
        "owner_mentioned": float(owner is not None and any(mentions(owner, h, NAMED_HEADS.get(owner, ())) for h in hits)),
        "answer_type_asked": float(kind is not None),
        "answer_type_in_top3": float(kind is not None and any(holds_type(h.memory, kind) for h in hits[:3])),
        "best_conf": top.reliability.confidence if top is not None and top.reliability else 0.0,
        "band_conf": max((h.reliability.confidence for h in relevant if h.reliability), default=0.0),
        "n_band": float(len(relevant)),
        "overlap_best": _overlap(q, top) if top is not None else 0.0,
        "overlap_top3": max((_overlap(q, hits[i]) for i in order[:3]), default=0.0),
        "rule_abstains": float(rule_decision(query, hits, conflicts, cfg) is not None),
        "answer_type_missing": float(kind is not None and not any(holds_type(h.memory, kind) for h in hits[:3])),
        "wh_head_asked": float(bool(np_words)),
        "wh_head_missing": float(bool(np_words) and not any(_held(t, stems) for t in np_words)),
        "unmatched_share": len(unmatched) / len(content) if content else 0.0,
        "unmatched_any": float(bool(unmatched)),
        # A question naming a speaker: how far that speaker's own closest memory leads (or trails)
        # the others' (LoCoMo's adversarial questions ask X about what Y said of themselves).
        "named_cos_lead": _lead([c for h, c in zip(hits, cos) if _named(h, named)],
                                [c for h, c in zip(hits, cos) if h.speaker and not _named(h, named)]) if named else 0.0,
        "named_overlap_lead": _lead([_overlap(content_set, h) for h in hits if _named(h, named)],
                                    [_overlap(content_set, h) for h in hits if h.speaker and not _named(h, named)])
        if named else 0.0,
        "rule_floor": float(floor),
        "polar_missing": float(bool(hits and (polar_missing(query, hits) or aspect_missing(query, hits)))),
    }


@dataclass(frozen=True)
class AbstainModel:
    """A standardised logistic model: p(unanswerable) = sigmoid(w . (x - mean) / scale + b)."""

    features: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    coef: np.ndarray
    intercept: float
    threshold: float
    meta: dict

    def logit_parts(self, x: dict[str, float]) -> dict[str, float]:
        v = np.array([x[f] for f in self.features], dtype=float)
        return dict(zip(self.features, ((v - self.mean) / self.scale * self.coef).tolist()))

    def probability(self, x: dict[str, float]) -> float:
        return sigmoid(sum(self.logit_parts(x).values()) + self.intercept)

    @classmethod
    def from_json(cls, raw: dict, where: str = "<dict>") -> "AbstainModel":
        w = Weights(raw, "abstention weights", where)
        n = len(feats := w.names(allowed=FEATURES, refit="refit with bench/fit_abstain.py"))
        return cls(feats, w.array("mean", (n,)), w.array("scale", (n,), positive=True), w.array("coef", (n,)),
                   w.number("intercept"), w.number("threshold"), dict(raw.get("meta", {})))


@lru_cache(maxsize=8)
def load_abstain_model(path: str | None = None) -> AbstainModel:
    """The shipped weights (``path`` None) or a file's; a clear :class:`ModelError` when unreadable."""
    if path is None:
        src = resources.files("memwarden") / "data" / "abstain_weights.json"
        where = "memwarden/data/abstain_weights.json"
    else:
        src, where = Path(path), path  # type: ignore[assignment]
    w = Weights.read(src, "abstention weights", where,
                     hint="; set TrustConfig(abstain_mode='rules') to use the hand rules instead")
    return AbstainModel.from_json(w.raw, where)
