"""A firm statement takes the relevance of the weaker testimony it answers (trust.ranking.answer_for_weaker)."""

from datetime import datetime, timezone

from memwarden.models import Claim, Consensus, Reliability, ScoreParts, SearchHit, SourceCredibility, TemporalDecay
from memwarden.trust.config import TrustConfig
from memwarden.trust.ranking import answer_for_weaker, rerank

AS_OF = datetime(2025, 9, 30, tzinfo=timezone.utc)


def _hit(i: str, text: str, score: float, day: int, *, vouched_by: str = "user", voucher: str | None = None,
         firmness: str = "stated", qcos: float = 0.3, echo: bool = False) -> SearchHit:
    when = datetime(2025, 9, day, tzinfo=timezone.utc)
    claim = Claim(subject="user", vouched_by=vouched_by, voucher=voucher, firmness=firmness, echo=echo)
    s = 0.95 if firmness == "stated" and vouched_by == "user" else 0.35
    rel = Reliability(confidence=s, source=SourceCredibility(source="user", prior=s, value=s),
                      temporal=TemporalDecay(age_days=1, half_life_days=30, value=1.0), consensus=Consensus(value=0.0),
                      weights={}, as_of=AS_OF, query_cosine=qcos)
    return SearchHit(id=i, memory=text, score=score, scores=ScoreParts(fused=score), user_id="u", created_at=when,
                     updated_at=when, occurred_at=when, claim=claim, reliability=rel)


def _sim(table: dict[frozenset[str], float]):
    return lambda a, b: table.get(frozenset((a.id, b.id)), 0.0)


# The rumour repeats the question's words; the user's own check later shares none of them.
PLAN = _hit("plan", "The user is doing the canal walk with the hiking club on Sunday", 0.5, 10, qcos=0.5)
RUMOUR = _hit("rumour", "The towpath is shut all week for repairs (according to the user's neighbour)", 1.6, 10,
              vouched_by="unknown", voucher="the user's neighbour", firmness="reported", qcos=0.7)
CHECK = _hit("check", "The user rang the trust: only the lock gates section is fenced off, the path is open", -0.4, 12,
             qcos=0.4)
ASIDE = _hit("aside", "The user: my neighbour always exaggerates", -1.0, 12, qcos=0.05)
SIM = _sim({frozenset(("rumour", "check")): 0.55, frozenset(("rumour", "plan")): 0.6,
            frozenset(("rumour", "aside")): 0.5})


def test_the_later_firm_answer_to_hearsay_comes_first():
    out = rerank([RUMOUR, PLAN, CHECK, ASIDE], [], TrustConfig(rank_order="hand"), "is the towpath closed this week?", similar=SIM)
    assert out[0].id == "check"
    assert out[0].relevance == -0.4  # the hit keeps its own relevance; only the order borrows the rumour's
    # Without the step, the rumour's relevance keeps the plan (said with it, not answering it) above the check.
    # (Asked in the past tense: asked about now, the answer-type step puts the later firm state first too.)
    off = rerank([RUMOUR, PLAN, CHECK, ASIDE], [], TrustConfig(rank_answer_cosine=2, rank_order="hand"), "was the towpath closed?", similar=SIM)
    assert [h.id for h in off].index("check") > [h.id for h in off].index("plan")


def test_a_later_statement_is_preferred_and_a_remark_about_the_reporter_is_not_the_answer():
    lifted = answer_for_weaker([RUMOUR, PLAN, CHECK, ASIDE], SIM, 0.3)
    scores = {h.id: h.score for h in lifted}
    # The plan (stated with the rumour, closer to it) and the remark about the neighbour (later,
    # close to the rumour, far from the question) lend nothing; the check takes the rumour's score.
    assert scores == {"rumour": 1.6, "plan": 0.5, "check": 1.6, "aside": -1.0}


def test_nothing_moves_without_weak_testimony_or_a_close_firm_statement():
    firm = RUMOUR.model_copy(update={"claim": Claim(subject="user", vouched_by="user")})
    assert answer_for_weaker([firm, PLAN, CHECK], SIM, 0.3) == [firm, PLAN, CHECK]
    far = _sim({frozenset(("rumour", "check")): 0.2})
    assert answer_for_weaker([RUMOUR, CHECK], far, 0.3) == [RUMOUR, CHECK]
    # An earlier firm statement does not answer later hearsay, and an echo answers nothing.
    earlier = CHECK.model_copy(update={"occurred_at": datetime(2025, 9, 1, tzinfo=timezone.utc)})
    assert answer_for_weaker([RUMOUR, earlier], SIM, 0.3) == [RUMOUR, earlier]
    echo = CHECK.model_copy(update={"claim": Claim(subject="user", vouched_by="user", echo=True)})
    assert answer_for_weaker([RUMOUR, echo], SIM, 0.3) == [RUMOUR, echo]


def test_a_hedge_is_answered_as_well_as_a_report():
    guess = RUMOUR.model_copy(update={"claim": Claim(subject="user", vouched_by="user", firmness="hedged")})
    out = answer_for_weaker([guess, CHECK], SIM, 0.3)
    assert out[1].score == guess.score


def _doc(i: str, text: str, score: float, day: int) -> SearchHit:
    h = _hit(i, text, score, day)
    return h.model_copy(update={"source": "document", "claim": Claim(subject="user", vouched_by="document")})


def test_a_question_about_what_a_record_said_puts_the_record_first():
    summary = _hit("summary", "The user got the MOT result back, the van passed", 1.2, 3)
    report = _doc("report", "MOT result: pass with advisories, front brake pads worn close to the legal limit", 0.4, 4)
    other = _hit("other", "The user: the van is booked in for a service in March", 0.2, 5)
    from memwarden.trust.ranking import record_asked_first
    assert [h.id for h in record_asked_first([summary, report, other], "what did the MOT result say?")] == \
        ["report", "summary", "other"]
    # Asking for one's own words, or any other question, leaves the order alone.
    for q in ("what did I say about the MOT result?", "did the van pass its MOT?"):
        assert [h.id for h in record_asked_first([summary, report, other], q)] == ["summary", "report", "other"]
    # A record that shares no word with the question is not what it asks for.
    unrelated = _doc("unrelated", "Invoice: tyres fitted, 2 x 205/55", 0.4, 4)
    assert record_asked_first([summary, unrelated], "what did the MOT result say?")[0].id == "summary"


def test_without_the_blend_the_answer_still_goes_above_the_testimony_it_answers():
    out = rerank([RUMOUR, PLAN, CHECK], [], TrustConfig(rank_weight=0, rank_order="hand"), "is the towpath closed this week?", similar=SIM)
    assert [h.id for h in out][:2] == ["check", "rumour"]
