"""T: what kind of memory a candidate is, and the prior worth of that kind.

A two-part classifier instead of A-MAC's keyword substring counting (where
"is" matched "this"):

* **cues**: word-boundary patterns over the sentence's shape ("I love ...",
  "my name is ...", "I'm going to ...", a greeting), each adding evidence
  to one type;
* **prototypes**: when the candidate's sentence embedding comes from the
  same model the shipped prototypes were built with, its cosine to each
  type's centroid (mean embedding of hand-written seed sentences in
  ``data/type_seeds.json``, never LoCoMo text) adds evidence too.

The type with the highest total wins; with no evidence at all the type is
``unknown`` (prior 0.5).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import numpy as np

from ..lexicon import calendar as cal, kin

TYPES = ("preference", "identity", "belief", "fact", "plan", "goal", "state", "temporary", "chitchat")

#: DESIGN.md §1 priors; "lower for chit-chat".
PRIORS: dict[str, float] = {
    "preference": 0.9,
    "identity": 0.9,
    "belief": 0.9,
    "fact": 0.7,
    "plan": 0.5,
    "goal": 0.5,
    "unknown": 0.5,
    "state": 0.3,
    "temporary": 0.2,
    "chitchat": 0.1,
}

#: Who someone lives with, said after "my": close kin, family, pets. "mum" was never among them (kept out so the
#: cue fires as before; adding it is a change to measure).
_HOUSEHOLD = kin.alternation(kin.SPOUSES | kin.CHILDREN | kin.SIBLINGS | kin.PARENTS - {"mum"}
                             | {"kid", "kids", "children", "family", "dog", "cat", "pet", "pets"})
_I = r"\b(?:i|i'm|im|i've|i'd|i'll|we|we're|we've|my|our)\b"
_CUES: dict[str, list[tuple[str, float]]] = {
    "preference": [
        (r"\b(?:i|we)\s+(?:really\s+|absolutely\s+|just\s+)?(?:love|like|enjoy|prefer|hate|adore|dislike|can't stand)\b", 1.4),
        (r"\bmy\s+fav(?:ou?rite)?\b", 1.4),
        (r"\b(?:i'm|i am)\s+(?:a\s+)?(?:big\s+)?fan of\b", 1.2),
        (r"\b(?:vegetarian|vegan)\b", 1.0),
    ],
    "identity": [
        (r"\bmy name is\b|\bcall me\b", 1.6),
        (r"\b(?:i'm|i am)\s+(?:a|an)\s+\w+", 0.9),
        (r"\bi\s+(?:work|worked)\s+(?:as|at|for)\b|\bmy (?:job|career|profession)\b", 1.2),
        (r"\bi\s+(?:live|grew up|was born)\b|\b(?:i'm|i am) from\b", 1.3),
        (r"\bmy\s+(?:" + _HOUSEHOLD + r")\b", 0.7),
        (r"\b(?:years old|my birthday|transgender|married|divorced|single parent)\b", 1.1),
        # Health that lasts: an allergy or a chronic condition is part of who someone is, for years.
        (r"\ballergic\b|\ballergy\b|\b(?:i have|i've got|i've had|diagnosed with)\s+(?:type \d\s+)?(?:diabetes|asthma|"
         r"epilepsy|adhd|autism|coeliac|celiac|crohn'?s|ibs|arthritis|hypertension|high blood pressure|eczema|"
         r"psoriasis|migraines|depression|anxiety|hypothyroidism|a pacemaker)\b", 1.6),
    ],
    "belief": [
        (r"\bi\s+(?:believe|think|feel)\s+(?:that\s+)?(?:\w+\s+){0,4}(?:should|must|is important|matters)\b", 1.4),
        (r"\b(?:it's|it is)\s+(?:so\s+)?important\s+to\b", 1.0),
        (r"\bi\s+(?:value|care about|stand for)\b", 1.2),
    ],
    "fact": [
        (r"\b(?:i|we)\s+(?:went|visited|got|bought|started|finished|joined|met|took|made|won|lost|moved|adopted|painted|wrote|read|saw|attended|signed up|learned|graduated)\b", 1.1),
        (r"\b(?:yesterday|last\s+(?:week|weekend|month|year|night|friday|saturday|sunday)|(?:two|three|a few|\d+)\s+(?:days|weeks|months|years)\s+ago)\b", 0.9),
        (r"\b(?:19|20)\d\d\b|\b\d+\b", 0.4),
        (r"\bi(?:'ve| have)\s+(?:been|got|had|started|finished|done)\b", 0.6),
        # Routines: a standing arrangement decays over months, not the two days of "temporary".
        (r"\b(?:every|each)\s+(?:day|morning|evening|night|week|weekday|weekend|month|year|other|second|"
         + cal.alt(cal.WEEKDAYS) + r")\b|\b(?:daily|weekly|monthly|fortnightly|"
         r"yearly|annually)\b|\b(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)\b|"
         r"\b(?:stand-?up|retro|sprint planning|bin day|the bins)\b", 2.0),
        # Subscriptions and service plans: "I'm on your Fiber 300 plan, $55 a month".
        (r"\b(?:i'm|i am|we're|we are)\s+on\s+(?:the |your |our |a |an )?[\w ]{0,25}?(?:plan|tariff|account|contract|"
         r"subscription|membership|package|tier|bundle)\b|\b(?:contract|subscription|membership|policy|tariff)\b.{0,40}"
         r"\b(?:with|until|renews?|expires?|ends?)\b|[$€£]\s?\d+.{0,12}\b(?:a|per)\s+(?:month|year)\b|"
         r"\b\d+(?:\.\d+)?\s+(?:a|per)\s+month\b|\bwe pay for\b", 2.0),
        # Tech stack and devices: "we're on Python 3.12, pinned", "the backend is Django".
        (r"\b(?:python|java|node|react|django|rails|flask|fastapi|postgres(?:ql)?|mysql|redis|kafka|kubernetes|k8s|aws|"
         r"gcp|azure|docker|typescript|golang|rust|terraform|github actions|macbook|thinkpad|iphone|android)\b", 1.4),
        (r"\b(?:pinned|deploy(?:s|ed)? (?:with|to|on)|runs on|built (?:on|with)|(?:backend|frontend|stack|repo) "
         r"(?:is|uses|runs))\b|\bv?\d+\.\d+(?:\.\d+)?\b", 0.8),
        (r"\bmy (?:work |new |old )?(?:laptop|phone|car|bike|computer|pc) is\b", 1.2),
        # Medication: "I take sertraline 50mg every morning", "I'm on warfarin".
        (r"\b\d+\s?(?:mg|mcg|ml)\b|\b(?:i take|i'm on|i am on|taking|prescribed)\s+(?:\w+\s+)?(?:warfarin|sertraline|"
         r"metformin|insulin|statins?|levothyroxine|the pill|antidepressants?|medication|meds|ibuprofen|paracetamol|"
         r"\w+(?:pril|olol|statin|pam|ine|ol|in))\b", 1.8),
    ],
    "plan": [
        (r"\b(?:i'm|i am|we're|we are)\s+(?:going to|gonna|planning|about to)\b", 1.3),
        (r"\b(?:i|we)(?:'ll| will)\s+\w+", 0.8),
        (r"\b(?:next|this coming)\s+(?:week|weekend|month|year|" + cal.alt(cal.WEEKDAYS) + r")\b|\btomorrow\b", 0.9),
        (r"\bi\s+plan\s+to\b|\bmy plan\b", 1.3),
    ],
    "goal": [
        (r"\b(?:i|we)\s+(?:want|hope|wish|aim|dream)\s+to\b|\bmy (?:goal|dream)\b", 1.4),
        (r"\b(?:i'm|i am)\s+(?:working|saving)\s+(?:on|towards?|up)\b", 1.0),
        (r"\bsomeday\b|\bone day\b", 0.7),
    ],
    "state": [
        (r"\b(?:i'm|i am|i feel|i've been|i have been)\s+(?:so\s+|really\s+|a bit\s+|pretty\s+)?(?:tired|stressed|sick|happy|sad|excited|nervous|anxious|busy|swamped|exhausted|overwhelmed|bored|great|good|fine|okay)\b", 1.2),
    ],
    "temporary": [
        (r"\b(?:right now|at the moment|currently|today|tonight|this morning|this afternoon)\b", 0.9),
        (r"\b(?:i'm|i am)\s+\w+ing\b", 0.3),
    ],
    "chitchat": [
        (r"^\s*(?:hey|hi|hello|yo|good (?:morning|evening|afternoon))\b", 1.3),
        (r"\b(?:thanks|thank you|bye|goodbye|see you|take care|talk (?:soon|later)|catch you later)\b", 1.1),
        (r"^\s*(?:wow|omg|lol|haha|cool|nice|awesome|great|amazing|that's (?:great|awesome|amazing|cool|so \w+))\b", 1.0),
        (r"\b(?:how are you|how have you been|what's up|how's it going)\b", 1.2),
    ],
}
_COMPILED = {t: [(re.compile(p, re.IGNORECASE), w) for p, w in cues] for t, cues in _CUES.items()}
#: How much one unit of centroid cosine (above the mean) counts against the cues.
_PROTO_WEIGHT = 6.0


@dataclass(frozen=True)
class TypeResult:
    memory_type: str
    prior: float
    #: Evidence per type (cues + prototype similarity), for the receipt.
    evidence: dict[str, float]


def cue_scores(text: str) -> dict[str, float]:
    out = {t: 0.0 for t in TYPES}
    for t, pats in _COMPILED.items():
        for pat, w in pats:
            if pat.search(text):
                out[t] += w
    # A question asks for information rather than giving any: it is at most chit-chat.
    if text.rstrip().endswith("?") and sum(out.values()) < 1.5:
        out["chitchat"] += 0.8
    return out


@lru_cache(maxsize=4)
def _prototypes(model_id: str) -> np.ndarray | None:
    try:
        raw = resources.files("memwarden.admission").joinpath("data/type_prototypes.json").read_text()
    except FileNotFoundError:
        return None
    data = json.loads(raw)
    if data.get("model_id") != model_id:
        return None
    mat = np.asarray([data["centroids"][t] for t in TYPES], dtype=np.float32)
    return mat


def classify(text: str, vector: np.ndarray | None = None, model_id: str | None = None) -> TypeResult:
    """The candidate's memory type and its prior. ``vector`` must come from ``model_id``."""
    scores = cue_scores(text)
    protos = _prototypes(model_id) if (vector is not None and model_id) else None
    if protos is not None:
        sims = protos @ np.asarray(vector, dtype=np.float32)
        sims = sims - sims.mean()
        for t, s in zip(TYPES, sims.tolist()):
            scores[t] += _PROTO_WEIGHT * s
    best = max(scores, key=scores.__getitem__)
    if scores[best] <= 0.25:
        return TypeResult("unknown", PRIORS["unknown"], scores)
    return TypeResult(best, PRIORS[best], scores)
