from datetime import datetime, timedelta, timezone

import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.models import MemoryItem
from memwarden.trust.config import TrustConfig
from memwarden.trust.reliability import TrustView, TrustEngine, is_photo_share, topic_query

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


def mem(**trust):
    # The trust stage scores whatever search returns; these tests give it one memory per turn
    # (claims=False) so each case controls its memories' exact texts.
    return Memory(config=MemoryConfig(embedder="hash", claims=False, trust=TrustConfig(**trust)))


def add(m, text, *, user="u", when=T0, speaker=None, source=None, image=None, domain=None, memory_type=None):
    msg = {"role": "user", "content": text, "timestamp": when.isoformat()}
    if speaker:
        msg["name"] = speaker
    if image:
        msg["image"] = image
    return m.add([msg], user_id=user, source=source, metadata={"domain": domain} if domain else None, admission="all")


def hit(res, text):
    return next(h for h in res.results if h.memory == text)


def test_every_hit_carries_its_reliability_parts():
    m = mem()
    add(m, "I moved to Paris in spring.")
    res = m.search("Where did I move?", user_id="u", as_of=T0 + timedelta(days=30))
    r = res.results[0].reliability
    assert r is not None
    # The user's own statement: the top of the source hierarchy.
    assert r.source.value == 0.95 and r.source.source == "user" and "first-hand" in r.source.note
    assert r.temporal.value == pytest.approx(0.5, abs=1e-3) and r.temporal.half_life_days == 30
    assert r.weights == {"source": 0.45, "temporal": 0.40, "consensus": 0.15}
    assert r.confidence == pytest.approx((0.45 * 0.95 + 0.40 * 0.5 + 0.15 * r.consensus.value) / 1.0, abs=1e-3)
    assert r.as_of == T0 + timedelta(days=30)


def test_source_prior_per_kind_is_configurable():
    # The per-kind priors apply with the source hierarchy off (testimony=False).
    m = mem(source_priors={"web": 0.2, "unknown": 0.6, "user": 1.0}, testimony=False)
    add(m, "The museum opens at nine.", source="web")
    r = m.search("museum opening time", user_id="u", as_of=T0).results[0].reliability
    assert r.source.prior == 0.2 and r.source.value == 0.2


def test_temporal_decay_uses_the_type_half_life():
    engine = TrustEngine(TrustConfig())
    item = MemoryItem(id="x", memory="I am a nurse.", user_id="u", hash="h", memory_type="identity",
                      occurred_at=T0, created_at=T0, updated_at=T0)
    view = TrustView.of(item, ("domain",))
    assert engine.temporal(view, T0 + timedelta(days=365)).value > 0.9
    mood = TrustView.of(item.model_copy(update={"memory_type": "temporary"}), ("domain",))
    assert engine.temporal(mood, T0 + timedelta(days=30)).value < 0.01


def test_consensus_sees_a_contradiction_that_cosine_cannot():
    m = mem()
    add(m, "Alice lives in Berlin.", when=T0)
    add(m, "Alice lives in Munich.", when=T0)
    add(m, "Alice lives in Berlin with her dog.", when=T0)
    res = m.search("Where does Alice live?", user_id="u", as_of=T0)
    munich = hit(res, "Alice lives in Munich.").reliability.consensus
    berlin = hit(res, "Alice lives in Berlin.").reliability.consensus
    assert munich.value < 0 < berlin.value
    stances = {n.memory: n.stance for n in munich.neighbours}
    assert stances["Alice lives in Berlin."] == "contradict"
    n = munich.neighbours[0]
    assert n.weight == pytest.approx(0.7 * n.cosine + 0.3 * n.fuzzy, abs=1e-3)


def test_conflict_group_names_the_newer_winner():
    m = mem()
    add(m, "I moved to Paris.", when=T0)
    add(m, "I moved to Rome.", when=T0 + timedelta(days=120))
    res = m.search("Where did I move?", user_id="u", as_of=T0 + timedelta(days=121))
    assert len(res.conflicts) == 1
    g = res.conflicts[0]
    rome = hit(res, "I moved to Rome.").id
    assert g.resolved and g.winner == rome and "newer" in g.reason
    assert not res.abstained


def test_unresolved_conflict_abstains_with_the_candidates():
    m = mem(conflict_margin=0.05)
    add(m, "The meeting is on Monday.", when=T0)
    add(m, "The meeting is on Friday.", when=T0)
    res = m.search("When is the meeting?", user_id="u", as_of=T0)
    assert res.abstained and res.abstain_reason == "unresolved_conflict"
    assert {h.memory for h in res.results} >= {"The meeting is on Monday.", "The meeting is on Friday."}
    assert res.conflicts and res.conflicts[0].winner is None
    # By default (calibrated margin 0) the conflict is reported but does not cause abstention.
    d = mem()
    add(d, "The meeting is on Monday.", when=T0)
    add(d, "The meeting is on Friday.", when=T0)
    res = d.search("When is the meeting?", user_id="u", as_of=T0)
    assert res.conflicts and res.abstain_reason != "unresolved_conflict"


def test_no_evidence_when_the_scope_is_empty_or_off_topic():
    m = mem()
    res = m.search("anything", user_id="nobody")
    assert res.abstained and res.abstain_reason == "no_evidence" and res.results == []
    add(m, "I like green tea.")
    res = m.search("quantum chromodynamics lattice", user_id="u", as_of=T0)
    assert res.abstained and res.abstain_reason == "no_evidence"
    assert res.results  # the nearest candidates are still shown


def test_low_reliability_when_only_stale_weak_memories_match():
    m = mem(min_confidence=0.6)
    add(m, "The museum opens at nine.", source="import", when=T0)
    res = m.search("When does the museum open?", user_id="u", as_of=T0 + timedelta(days=400))
    assert res.abstained and res.abstain_reason == "low_reliability"
    assert "min_confidence 0.60" in res.abstain_detail


def test_subject_check_abstains_when_the_memory_is_about_someone_else():
    m = mem()
    m.add([{"role": "user", "name": "Melanie", "content": "I ran a charity race last weekend."},
           {"role": "user", "name": "Caroline", "content": "I went to a support group."}], user_id="u", admission="all")
    res = m.search("What did Caroline realize after her charity race?", user_id="u")
    assert res.abstained and res.abstain_reason == "no_evidence" and "Caroline" in res.abstain_detail
    assert not m.search("What did Melanie do after her charity race?", user_id="u").abstained


def test_trust_can_be_turned_off_per_call_and_by_config():
    m = mem()
    add(m, "I moved to Paris.")
    plain = m.search("Paris", user_id="u", trust=False)
    assert plain.results[0].reliability is None and not plain.abstained
    off = mem(enabled=False)
    add(off, "I moved to Paris.")
    assert off.search("Paris", user_id="u").results[0].reliability is None


def test_rank_weight_blends_reliability_into_the_order():
    m = mem(rank_weight=1.0, rank_order="hand")  # the blend step itself; the fitted stage after it is tested elsewhere
    add(m, "The museum opens at nine on weekdays.", source="import", when=T0 - timedelta(days=300))
    add(m, "The museum opens at ten.", source="user", when=T0)
    res = m.search("The museum opens at nine on weekdays", user_id="u", as_of=T0)
    assert res.results[0].memory == "The museum opens at ten."
    assert res.results[0].relevance is not None
    confs = [h.reliability.confidence for h in res.results]
    assert confs == sorted(confs, reverse=True)


def test_track_record_lowers_trust_per_speaker_and_domain(tmp_path):
    m = mem()
    photo = tmp_path / "p.jpg"
    photo.write_bytes(b"x")
    people = [("Leo", "Mia"), ("Ivo", "Ada"), ("Teo", "Eva")]
    for i, (place, (p1, p2)) in enumerate(zip(["Lisbon", "Porto", "Bergen"], people)):
        add(m, f"{p1} won the {place} chess open.", speaker="Bob", domain="sports", when=T0 + timedelta(days=i))
        add(m, f"A notice saying {p1} did not win the {place} chess open.", speaker="Ann", image=str(photo),
            domain="sports", when=T0 + timedelta(days=i))
        add(m, f"{p2} baked the {place} wedding cake.", speaker="Bob", domain="cooking", when=T0 + timedelta(days=i))
        add(m, f"{p2} baked the {place} wedding cake, smiling in the picture.", speaker="Ann", image=str(photo),
            domain="cooking", when=T0 + timedelta(days=i))
    sports = hit(m.search("Leo won the Lisbon chess open", user_id="u", as_of=T0), "Leo won the Lisbon chess open.")
    cooking = hit(m.search("Mia baked the Lisbon wedding cake", user_id="u", as_of=T0), "Mia baked the Lisbon wedding cake.")
    assert sports.reliability.source.misses == 3 and cooking.reliability.source.hits == 3
    assert sports.reliability.source.value < 0.3 < 0.7 < cooking.reliability.source.value
    assert "track record" in sports.reliability.source.note


def test_tenant_isolation_of_neighbours_and_track_record(tmp_path):
    m = mem()
    add(m, "Alice lives in Berlin.", user="a")
    add(m, "Alice lives in Munich.", user="b")
    res = m.search("Where does Alice live?", user_id="a", as_of=T0)
    assert all(h.user_id == "a" for h in res.results)
    assert res.results[0].reliability.consensus.neighbours == []
    assert not res.conflicts


# -- bad input ------------------------------------------------------------------


def _item(**kw):
    base = dict(id="x", memory="The bridge opened in May.", user_id="u", hash="h", created_at=T0, updated_at=T0)
    base.update(kw)
    return MemoryItem.model_construct(**base)


def test_unknown_source_kind_uses_the_unknown_prior():
    engine = TrustEngine(TrustConfig())
    view = TrustView.of(_item(source="martian", speaker=None, modality="text", image_ref=None, metadata={},
                               occurred_at=None, memory_type=None), ("domain",))
    s = engine.source_credibility(view, None)
    assert s.value == 0.6 and "unknown source kind" in s.note


def test_missing_and_future_timestamps_are_defined():
    engine = TrustEngine(TrustConfig())
    untimed = TrustView.of(_item(source="user", speaker=None, modality="text", image_ref=None, metadata={},
                                  occurred_at=None, memory_type=None), ("domain",))
    t = engine.temporal(untimed, T0 + timedelta(days=30))
    assert t.value == pytest.approx(0.5, abs=1e-3) and "no occurred_at" in t.note
    future = TrustView.of(_item(source="user", speaker=None, modality="text", image_ref=None, metadata={},
                                 occurred_at=T0 + timedelta(days=10), memory_type=None), ("domain",))
    t = engine.temporal(future, T0)
    assert t.value == 0.5 and "after as_of" in t.note and t.age_days < 0


def test_a_memory_stated_after_as_of_is_not_returned():
    # Issue 10: with as_of, nothing stated after that moment is returned (it used to come back
    # with an "after as_of" warning).
    m = mem()
    add(m, "The bridge opened in May.", when=T0 + timedelta(days=100))
    assert m.search("bridge opened", user_id="u", as_of=T0).results == []
    r = m.search("bridge opened", user_id="u", as_of=T0 + timedelta(days=101)).results[0].reliability
    assert not any("after as_of" in w for w in r.warnings)


def test_image_memory_whose_file_is_gone(tmp_path):
    m = mem()
    gone = tmp_path / "gone.jpg"
    add(m, "Photo of the bridge opening ceremony.", image=str(gone), speaker="Ann")
    r = m.search("bridge opening ceremony photo", user_id="u", as_of=T0).results[0].reliability
    assert r.evidence is False
    assert r.source.value == pytest.approx(0.9 * 0.5)
    assert any("image file missing" in w for w in r.warnings)
    present = tmp_path / "here.jpg"
    present.write_bytes(b"x")
    add(m, "Photo of the river parade.", image=str(present), speaker="Ann")
    r = m.search("river parade photo", user_id="u", as_of=T0).results[0].reliability
    assert r.evidence is True and r.source.value == 0.9


def test_speaker_with_no_history_keeps_the_source_prior():
    m = mem()
    add(m, "The bakery closes at six.", speaker="Newcomer", domain="food")
    s = m.search("bakery closing time", user_id="u", as_of=T0).results[0].reliability.source
    # A named speaker's statement about something else: the third-party prior, no record to refine it.
    assert s.value == 0.6 and s.hits == s.misses == 0 and "no track record" in s.note and "third-party" in s.note


def test_photo_share_convention():
    assert is_photo_share("[shares a photo] a cake")
    assert is_photo_share("[photo] a cake")
    assert not is_photo_share("I took a photo of a cake")


def test_bad_trust_config_is_rejected():
    with pytest.raises(ValueError):
        TrustConfig(w_source=0, w_temporal=0, w_consensus=0)
    with pytest.raises(ValueError):
        TrustConfig(source_priors={"user": 1.0})
    with pytest.raises(ValueError):
        TrustConfig(source_priors={"user": 1.5, "unknown": 0.6})


def test_add_rejects_an_unknown_source_kind_cleanly():
    from memwarden.errors import InvalidInputError

    m = mem()
    with pytest.raises(InvalidInputError, match="source must be one of"):
        m.add("hello there", user_id="u", source="martian")


def test_update_and_delete_refresh_the_cached_views():
    m = mem()
    add(m, "Alice lives in Berlin.")
    add(m, "Alice lives in Munich.")
    res = m.search("Where does Alice live?", user_id="u", as_of=T0)
    munich = hit(res, "Alice lives in Munich.")
    assert munich.reliability.consensus.value < 0
    m.update(munich.id, "Alice lives in Berlin, near the park.", user_id="u")
    res = m.search("Where does Alice live?", user_id="u", as_of=T0)
    assert not res.conflicts
    assert all(n.stance != "contradict" for h in res.results for n in h.reliability.consensus.neighbours)
    m.delete(munich.id, user_id="u")
    res = m.search("Where does Alice live?", user_id="u", as_of=T0)
    assert [h.memory for h in res.results] == ["Alice lives in Berlin."]
    assert res.results[0].reliability.consensus.neighbours == []


MAYA = [
    "I moved to Lisbon last spring and I love my flat near the river.",
    "I'm allergic to peanuts, so please keep them out of any food you suggest.",
    "I go running every morning before work, usually around seven.",
    "My sister Ana is turning thirty in June; the party is at her place.",
    "I work as a graphic designer at a small studio.",
]


def maya_store(**trust):
    # The real embedder: the bug is semantic (a name makes every memory of that person look relevant).
    m = Memory(config=MemoryConfig(trust=TrustConfig(**trust)))
    m.add([{"role": "user", "name": "Maya", "content": t, "timestamp": T0.isoformat()} for t in MAYA],
          user_id="u", admission="all")
    return m


def test_a_name_alone_is_not_topical_support():
    m = maya_store()
    res = m.search("What is Maya's blood type?", user_id="u", as_of=T0)
    assert res.abstained and res.abstain_reason == "no_evidence"
    assert "min_topic_cosine" in res.abstain_detail
    assert res.results and all(h.reliability.topic_cosine is not None for h in res.results)
    # Without the topical test the name carries the query past min_relevance (the bug it fixes).
    off = maya_store(min_topic_cosine=0.0).search("What is Maya's blood type?", user_id="u", as_of=T0)
    assert not off.abstained and off.results[0].reliability.topic_cosine is None


@pytest.mark.parametrize("question", ["Where does Maya live now?", "When does Maya go running?",
                                      "What is Maya's job?", "What is Maya allergic to?"])
def test_questions_about_stored_facts_still_answer(question):
    res = maya_store().search(question, user_id="u", as_of=T0)
    assert not res.abstained, res.abstain_detail


def test_topic_query_strips_names_and_skips_when_words_match():
    m = mem()
    m.add([{"role": "user", "name": "Maya", "content": "I moved to Lisbon."},
           {"role": "user", "name": "Joe", "content": "I like trains."}], user_id="u", admission="all")
    hits = m.search("Where did Maya move?", user_id="u", trust=False).results
    assert topic_query("Where did Maya move?", hits) is None  # "move" matches "moved": lexical support
    assert topic_query("What is Maya's blood type?", hits) == "What is blood type?"
    assert topic_query("What is MAYA's and Joe's blood type?", hits) == "What is and blood type?"
    assert topic_query("What is the blood type?", hits) is None  # names no speaker
    assert topic_query("Maya?", hits) is None  # nothing but the name
    assert topic_query("What is Maya's blood type?", []) is None


def test_the_trust_stage_views_the_hydrated_hits_without_reading_them_again():
    m = mem(track_record=False)  # the track record reads every new memory of the scope once, by design
    add(m, "Alice lives in Berlin.")
    add(m, "Alice lives in Munich.")
    reads: list[str] = []
    get = m.store.get
    m.store.get = lambda uid, ids: reads.extend(ids) or get(uid, ids)  # type: ignore[method-assign]
    res = m.search("Where does Alice live?", user_id="u", as_of=T0)
    hit_ids = [h.id for h in res.results]
    assert len(hit_ids) == 2 and all(reads.count(i) == 1 for i in hit_ids)  # hydration only
    assert hit(res, "Alice lives in Munich.").reliability.consensus.value < 0  # and judged as before
    munich = hit(res, "Alice lives in Munich.")
    m.update(munich.id, "Alice lives in Berlin, near the park.", user_id="u")  # the cached view is dropped
    res = m.search("Where does Alice live?", user_id="u", as_of=T0)
    assert not res.conflicts
    assert "Alice lives in Berlin, near the park." in {n.memory for h in res.results for n in h.reliability.consensus.neighbours}
