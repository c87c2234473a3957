"""The fitted final ranking stage (trust/fitted_rank.py): its shipped weights, its reorder rule, and
two conversations written for this file (not taken from any evaluation set)."""

from datetime import datetime, timedelta, timezone

import numpy as np
import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.errors import ModelError
from memwarden.trust.config import TrustConfig
from memwarden.trust.fitted_rank import FEATURES, RankWeights, head_order, load_weights

T0 = datetime(2026, 3, 2, 19, 0, tzinfo=timezone.utc)


def test_shipped_weights_load_and_match_the_features():
    w = load_weights()
    assert w.w.shape == w.mean.shape == w.scale.shape == (len(FEATURES),)
    assert np.isfinite(w.w).all() and (w.scale > 0).all()
    assert w.top >= 2 and w.margin >= 0
    # the file says how it was made and what it scored on unseen authors
    assert "now@1" in w.meta["loao_pooled"][0] and w.meta["script"].startswith("python bench/fit_rerank.py")
    # chosen because it beat the hand order leave one author out (pooled: [hand, fitted], each (mean, n))
    hand, fitted = w.meta["loao_pooled"]
    assert fitted["now@1"][0] > hand["now@1"][0] and fitted["stale_above"][0] < hand["stale_above"][0]


def test_weights_from_another_feature_list_are_refused():
    d = load_weights().to_json()
    d["features"] = d["features"][::-1]
    with pytest.raises(ModelError, match="do not fit this version.s features"):
        RankWeights.from_json(d)


def test_head_order_keeps_near_ties_in_todays_order():
    s = [0.0, 0.3, 2.0, 5.0]
    assert head_order(s, 4, margin=0.0) == [3, 2, 1, 0]
    # 0.3 over the first hit is within the margin: today's first stays; 2.0 and 5.0 are not
    assert head_order(s, 4, margin=0.5) == [3, 2, 0, 1]
    # only the first ``top`` move
    assert head_order(s, 2, margin=0.0) == [1, 0]


def _mem(order: str = "fitted") -> Memory:
    cfg = MemoryConfig(database=":memory:", embedder="minilm")
    return Memory(config=cfg.model_copy(update={"trust": TrustConfig(rank_order=order)}))


def _pottery_chat(m: Memory, uid: str) -> None:
    m.add([{"role": "user", "content": "Signed up for a wheel-throwing pottery course on Thursday evenings."},
           {"role": "assistant", "content": "Lovely, clay is very relaxing."}], user_id=uid, timestamp=T0)
    m.add([{"role": "user", "content": "Long day. By the way my son Teo is coeliac, so nothing with wheat or barley for him."},
           {"role": "assistant", "content": "Thanks for telling me."},
           {"role": "user", "content": "The kiln at the studio broke again, so my bowls are stuck unfired."}],
          user_id=uid, timestamp=T0 + timedelta(days=3))
    m.add([{"role": "user", "content": "Teo's football team won the league, he scored twice in the final!"},
           {"role": "user", "content": "We're thinking of a weekend in the Lake District in May."}],
          user_id=uid, timestamp=T0 + timedelta(days=9))


def test_a_constraint_said_in_passing_comes_top3_for_an_advice_request(minilm):
    m = _mem()
    try:
        _pottery_chat(m, "u1")
        res = m.search("Any ideas for a birthday cake I could bake for the kids' party?", user_id="u1",
                       as_of=T0 + timedelta(days=10))
        top = [h.memory.lower() for h in res.results[:3]]
        assert any("coeliac" in t or "wheat" in t for t in top), top
        # the fitted stage scored the hits it ordered, and kept every part
        assert any(h.reliability.rank_score is not None for h in res.results[:3])
        assert all(h.scores is not None and h.reliability.source is not None for h in res.results)
    finally:
        m.close()


def test_the_newer_value_on_one_slot_comes_first(minilm):
    m = _mem()
    try:
        m.add([{"role": "user", "content": "My physio is Dr Halvorsen at the Greenway clinic."}],
              user_id="u2", timestamp=T0)
        m.add([{"role": "user", "content": "Greenway closed its sports unit, so I switched: my physio is Dr Mbeki at Riverside now."},
               {"role": "user", "content": "My knee feels a bit better this week."}],
              user_id="u2", timestamp=T0 + timedelta(days=40))
        res = m.search("who's my physio these days?", user_id="u2", as_of=T0 + timedelta(days=41))
        assert "mbeki" in res.results[0].memory.lower(), [h.memory for h in res.results]
        first_old = next((i for i, h in enumerate(res.results) if "halvorsen" in h.memory.lower()
                          and "mbeki" not in h.memory.lower()), None)
        assert first_old is None or first_old > 0
    finally:
        m.close()


def test_todays_order_stays_selectable(minilm):
    fitted, hand = _mem("fitted"), _mem("hand")
    try:
        for m in (fitted, hand):
            _pottery_chat(m, "u3")
        q, when = "what should we cook on the Lake District weekend?", T0 + timedelta(days=10)
        a = fitted.search(q, user_id="u3", as_of=when).results
        b = hand.search(q, user_id="u3", as_of=when).results
        assert {h.memory for h in a} == {h.memory for h in b}  # the same hits, only the first few reordered
        assert all(h.reliability.rank_score is None for h in b)
        top = load_weights().top
        assert [h.memory for h in a[top:]] == [h.memory for h in b[top:]]
    finally:
        fitted.close()
        hand.close()


def _hit(i: int, text: str):
    from memwarden.models import ScoreParts, SearchHit
    return SearchHit(id=f"h{i}", memory=text, score=1.0 - i / 10, scores=ScoreParts(fused=1.0 - i / 10, dense=0.5),
                     user_id="u", created_at=T0, updated_at=T0)


def test_stage_moves_are_read_by_name_not_by_position():
    """A hand step the weights were not fitted on (``newer``) runs between ``updates`` and
    ``answer_type``: the move ``answer_type`` makes is still read as ``answer_type``'s, and the
    unknown step only changes the order the next stage starts from."""
    from memwarden.trust.fitted_rank import features
    hand = [_hit(1, "the van now comes on thursdays"), _hit(0, "we buy flour from the mill")]
    a, b = "h0", "h1"
    trace = [("blend", [a, b]), ("record", [a, b]), ("conflicts", [a, b]), ("slot", [a, b]),
             ("updates", [a, b]), ("newer", [a, b]), ("answer_type", [b, a]), ("answer_value", [b, a])]
    X = features(hand, [a, b], trace, "when does the flour come?", None)
    col = {f: i for i, f in enumerate(FEATURES)}
    assert X[0, col["up_answer_type"]] == 1.0 and X[1, col["down_answer_type"]] == 1.0
    assert X[0, col["up_updates"]] == 0.0 and X[1, col["down_updates"]] == 0.0
    # the same moves made by the unknown step are nobody's feature
    trace2 = trace[:5] + [("newer", [b, a]), ("answer_type", [b, a]), ("answer_value", [b, a])]
    X2 = features(hand, [a, b], trace2, "when does the flour come?", None)
    assert X2[0, col["up_answer_type"]] == 0.0 and X2[0, col["up_updates"]] == 0.0
