"""Session 12: the constraint lift a request gives a hit (``ScoreParts.constraint``) and what it must not do: a fact
question lifts nothing, a relayed limit keeps the hearsay weight its wording gives it (a rule weighing it as the user's
own word was dropped after a review), and the shipped meaning stage lifts few ordinary reported facts."""

from __future__ import annotations

from datetime import datetime, timezone

import numpy as np
import pytest

from memwarden.models import Claim, ScoreParts, SearchHit
from memwarden.trust_models import Consensus, Reliability, SourceCredibility, TemporalDecay
from memwarden.retrieval.index import ScopeIndex
from memwarden.retrieval.search import FusionConfig, hybrid_search, is_request
from memwarden.retrieval.text import tokenize
from memwarden.storage import IndexRows
from memwarden.trust.config import TrustConfig
from memwarden.trust.ranking import _signal, testimony_of as tier_of
from memwarden.trust.updates import firmer

WHEN = datetime(2026, 3, 1, tzinfo=timezone.utc)


def _hit(i: int, text: str, *, firmness: str = "stated", lift: float = 0.0, slot: str | None = None) -> SearchHit:
    claim = Claim(subject="user", vouched_by="user", firmness=firmness, slot=slot)
    return SearchHit(id=str(i), memory=text, score=1.0, scores=ScoreParts(fused=1.0, constraint=lift), user_id="u",
                     created_at=WHEN, updated_at=WHEN, claim=claim)


def _reliable(h: SearchHit, source: float) -> SearchHit:
    rel = Reliability(confidence=source, source=SourceCredibility(source="user", prior=source, value=source),
                      temporal=TemporalDecay(age_days=None, half_life_days=365.0, value=1.0), consensus=Consensus(value=0.5),
                      weights={}, as_of=WHEN)
    return h.model_copy(update={"reliability": rel})


# A code-blind review's requests (session 12) where weighing a lifted relayed limit as the user's own word put it above
# the answer: a rumour the user later corrected, an outdated limit, a limit that does not apply to the request. The
# rule was dropped; a relayed limit keeps the tier and the blend weight its wording gives it.
REVIEWED = [
    ("My friend told me the museum doesn't allow any photos.", "Should I bring my camera to the museum on Saturday?"),
    ("My mum says the pool is closed for repairs all month.", "Can we plan a swim at the pool this weekend?"),
    ("My physio says no running until my knee heals.", "Make me a playlist for the weekend."),
    ("According to the vet, Max can't have chicken.", "Suggest a birthday gift for Lily."),
]


@pytest.mark.parametrize("text, request_", REVIEWED)
def test_a_relayed_limit_lifted_for_a_request_keeps_its_hearsay_weight(text: str, request_: str) -> None:
    lifted = _reliable(_hit(0, text, firmness="reported", lift=2.0), 0.35)
    assert is_request(request_)
    assert tier_of(lifted).tier == "reported" and _signal(lifted, TrustConfig()) == 0.35
    assert firmer(_hit(1, "I checked their website, it reopened yesterday"), lifted)  # the user's own word passes it


# Ordinary questions that ask a fact: no constraint is lifted for them, so hearsay among their hits keeps its tier.
FACT_QUESTIONS = [
    "when is Pipkin's vet appointment?",
    "what did the trainer say about the lead?",
    "where does my sister live now?",
    "what's the name of the dog walker?",
    "how much was the car insurance last year?",
    "which gym did I join in February?",
    "who is my line manager?",
    "what time does the ferry leave on Saturday?",
    "did the GP call back about the bloods?",
    "how old is Anaya?",
    "what's my landlord's phone number?",
    "when did we move into the flat?",
    "what colour is the new sofa?",
    "where did Jory's stag do end up?",
    "what did my mum reckon about the boiler?",
    "how many people are coming to the wedding?",
]


@pytest.mark.parametrize("query", FACT_QUESTIONS)
def test_no_hit_of_a_fact_question_carries_a_constraint_lift(query: str) -> None:
    assert not is_request(query)
    docs = ["trainer says Pipkin is reactive with other dogs", "my brother reckons the boiler is fine", "the ferry is at 9"]
    vecs = np.eye(3, dtype=np.float32)
    rows = IndexRows(1, ["a", "b", "c"], [None] * 3, [None] * 3, ["active"] * 3, vecs, [tokenize(d) for d in docs],
                     ["t"] * 3, kinds=["claim"] * 3, valid_from=[None] * 3, valid_to=[None] * 3, created_at=[None] * 3,
                     occurred_at=[None] * 3, slots=["user|restriction:other_dog", None, None])
    idx = ScopeIndex(rows, 3)
    mask = idx.mask(agent_id=None, run_id=None, include_superseded=False)
    q = np.array([0.6, 0.6, 0.5], dtype=np.float32)
    assert all(f.constraint == 0 for f in hybrid_search(idx, q, query, mask, 3, FusionConfig()))
    # the same scope asked for a suggestion lifts the typed limit, and only it
    lifted = {f.row: f.constraint for f in hybrid_search(idx, q, "any ideas for a day out with Pipkin?", mask, 3,
                                                         FusionConfig(constraint_meaning=0.0))}
    assert lifted == {0: 2.0, 1: 0.0, 2: 0.0}


# Reported facts that state no limit: with a request, the meaning stage may lift a few (it is capped at three per
# search), and a lifted one then weighs as the user's word; the shipped model must lift few of these.
ORDINARY_REPORTS = [
    "The user's brother reckons the garage is shut on Sundays", "The user's mum says the new neighbours are from Leeds",
    "Priya heard the office is moving to the third floor", "The user's landlord says the boiler was serviced in May",
    "According to Tom, the match starts at half seven", "The user's sister thinks the wedding will be in June",
    "The receptionist said the results come back in a week", "Apparently the cafe on the corner closed down",
    "The user's dad says the car needs new tyres", "Jess reckons the film is better than the book",
    "The user's manager says the team is getting a new hire", "The vet said Biscuit put on a bit of weight",
    "The user's friend says the hotel has a rooftop bar", "Sam told the user the bus now goes via the hospital",
    "The user's gran says her hip is feeling better", "The user's cousin heard tickets sell out fast",
    "The nurse said the clinic moved to Tuesdays", "The user's partner says the flight lands at 6",
]
RELAYED_LIMITS = ["The user's GP says no alcohol with the antibiotics", "The trainer says Pipkin is reactive with other dogs",
                  "The user's mum can't manage stairs", "The user gets seasick on small boats",
                  # the review's: P 0.44 under the refit (0.49 under the twelve-author fit), below the threshold
                  "The trainer says Bruno gets reactive around other dogs."]


def test_the_shipped_meaning_stage_lifts_few_ordinary_reports_and_most_relayed_limits(minilm) -> None:
    from memwarden.retrieval.constraint_model import load_model

    m = load_model()
    p = m.probability(np.asarray(minilm.embed(ORDINARY_REPORTS + RELAYED_LIMITS)))
    assert int((p[: len(ORDINARY_REPORTS)] >= m.threshold).sum()) <= 3
    assert int((p[len(ORDINARY_REPORTS):] >= m.threshold).sum()) >= 3
