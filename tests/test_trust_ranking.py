"""A conflict winner moves up only on a clear decision about the same matter (trust.ranking.rerank)."""

from datetime import datetime, timezone

from memwarden.models import Claim, ConflictGroup, ScoreParts, SearchHit
from memwarden.trust.config import TrustConfig
from memwarden.trust.ranking import rerank

# The hand steps themselves (the fitted final stage is tested in test_trust_fitted_rank.py).
CFG = TrustConfig(rank_weight=0.0, rank_order="hand")


def _hit(i: int, text: str, day: int, speaker: str = "Rosa") -> SearchHit:
    when = datetime(2024, 5, day, tzinfo=timezone.utc)
    claim = Claim(subject=speaker, vouched_by="user", voucher=speaker)
    return SearchHit(id=str(i), memory=text, score=1.0 - i / 10, scores=ScoreParts(fused=1.0 - i / 10), user_id="u",
                     created_at=when, updated_at=when, speaker=speaker, claim=claim)


def _group(ids: list[str], winner: str, margin: float = 1.0) -> ConflictGroup:
    return ConflictGroup(memory_ids=ids, winner=winner, margin=margin, resolved=True, reason="test")


def test_a_later_first_hand_correction_of_the_same_matter_moves_up():
    old = _hit(0, "Rosa's pottery class is on Thursdays", 1)
    new = _hit(1, "Rosa's pottery class is on Mondays now", 9)
    out = rerank([old, new], [_group(["1", "0"], "1")], CFG, "when is the pottery class?", {frozenset("01")})
    assert [h.id for h in out] == ["1", "0"]


def test_two_events_of_one_person_keep_the_search_order():
    # The later one wins by rule (newer first-hand), but they share nothing but who they are about.
    ran = _hit(0, "Rosa signed up for the harbour 10k in June", 1)
    baked = _hit(1, "Rosa baked bread with her nephew on Sunday", 9)
    out = rerank([ran, baked], [_group(["1", "0"], "1")], CFG, "which race did Rosa enter?", {frozenset("01")})
    assert [h.id for h in out] == ["0", "1"]


def test_a_winner_only_passes_what_it_contradicts_itself():
    a = _hit(0, "Rosa keeps two cats", 1)
    b = _hit(1, "Rosa keeps three cats", 2)
    c = _hit(2, "Rosa keeps four cats", 9)
    # c contradicts b, b contradicts a; c and a were never compared as a pair. (Asked in the past tense: asked
    # about now, the answer-type step would put the latest count, c, first whatever the conflict step did.)
    out = rerank([a, b, c], [_group(["2", "1", "0"], "2")], CFG, "how many cats did Rosa keep?", {frozenset("01"), frozenset("12")})
    assert [h.id for h in out] == ["0", "2", "1"]


def test_a_near_tie_in_confidence_moves_nothing():
    a = _hit(0, "Rosa's favourite tea is oolong", 3, speaker="Rosa")
    b = _hit(1, "Rosa's favourite tea is rooibos", 3, speaker="Rosa")
    near = _group(["1", "0"], "1", margin=0.02)
    assert [h.id for h in rerank([a, b], [near], CFG, "", {frozenset("01")})] == ["0", "1"]
    clear = _group(["1", "0"], "1", margin=0.3)
    assert [h.id for h in rerank([a, b], [clear], CFG, "", {frozenset("01")})] == ["1", "0"]


def _dated(i: int, text: str, day: int, event_day: int) -> SearchHit:
    h = _hit(i, text, day)
    when = datetime(2024, 5, event_day, tzinfo=timezone.utc)
    return h.model_copy(update={"claim": h.claim.model_copy(update={"event_start": when, "event_end": when})})


def test_a_later_event_does_not_replace_an_earlier_one_of_the_same_kind():
    # Same speaker, same tier, both dated: the later one wins the conflict by rule but is a second
    # event ("a pottery fair" after "a pottery course"), so the search order stands ...
    fair = _dated(0, "Rosa went to a pottery course on the 2nd", 3, 2)
    course = _dated(1, "Rosa is going to a pottery fair on the 20th", 9, 20)
    out = rerank([fair, course], [_group(["1", "0"], "1")], CFG, "", {frozenset("01")})
    assert [h.id for h in out] == ["0", "1"]
    # ... unless the later one says it replaces the earlier.
    moved = _dated(1, "Rosa's pottery course was moved to the 20th instead", 9, 20)
    out = rerank([fair, moved], [_group(["1", "0"], "1")], CFG, "", {frozenset("01")})
    assert [h.id for h in out] == ["1", "0"]


def test_equally_relevant_hits_put_the_better_voucher_first():
    from memwarden.models import Reliability, SourceCredibility, TemporalDecay, Consensus

    def scored(i: int, s: float) -> SearchHit:
        h = _hit(i, f"release {i}", 3).model_copy(update={"score": 0.0})
        rel = Reliability(confidence=s, source=SourceCredibility(source="user", prior=s, value=s),
                          temporal=TemporalDecay(age_days=1, half_life_days=30, value=1.0),
                          consensus=Consensus(value=0.0), weights={}, as_of=datetime(2024, 5, 4, tzinfo=timezone.utc))
        return h.model_copy(update={"reliability": rel})

    out = rerank([scored(0, 0.4), scored(1, 0.95)], [], TrustConfig(rank_order="hand"), "")
    assert [h.id for h in out] == ["1", "0"]
