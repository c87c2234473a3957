from datetime import datetime, timedelta, timezone

from memwarden import Memory
from memwarden.config import MemoryConfig

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


def say(m, speaker, text, *, domain="sports", image=None, day=0):
    msg = {"role": "user", "name": speaker, "content": text, "timestamp": (T0 + timedelta(days=day)).isoformat()}
    if image:
        msg["image"] = image
    m.add([msg], user_id="u", metadata={"domain": domain}, admission="all")


def test_no_memory_is_unknown_with_no_evidence():
    m = Memory(config=MemoryConfig(embedder="hash", claims=False))
    v = m.verdict("Leo won the Lisbon marathon", user_id="u")
    assert v.verdict == "UNKNOWN" and "no_evidence" in v.reason and v.evidence == []


def test_supporting_image_makes_a_denied_claim_true():
    m = Memory(config=MemoryConfig(embedder="hash", claims=False))
    say(m, "Ann", "No, Leo did not win the Lisbon marathon.")
    say(m, "Bob", "Look, Leo won the Lisbon marathon!")
    say(m, "Bob", "Leo right after he won the Lisbon marathon, grinning", image="mma://x/1.jpg")
    v = m.verdict("Leo won the Lisbon marathon", user_id="u")
    assert v.verdict == "TRUE" and v.p_true > 0.9
    roles = {e.role for e in v.evidence}
    assert {"evidence", "assertion", "denial"} <= roles
    assert v.support > v.contradiction


def test_refuting_image_makes_a_claim_false():
    # Turn memories (claims=False): on claims the hash embedder puts Bob's rewritten claim below
    # the track record's evidence cosine, so his credibility is not lowered (left to the trust work).
    m = Memory(config=MemoryConfig(embedder="hash", claims=False))
    say(m, "Bob", "Leo won the Lisbon marathon, I'm sure.")
    say(m, "Ann", "A notice saying Leo did not win the Lisbon marathon", image="mma://x/2.jpg")
    v = m.verdict("Leo won the Lisbon marathon", user_id="u")
    assert v.verdict == "FALSE" and v.confidence > 0.85


def test_ambiguous_image_and_bare_testimony_stay_unknown_when_the_speaker_is_unproven():
    m = Memory(config=MemoryConfig(embedder="hash", claims=False))
    say(m, "Bob", "Here's the proof that Leo won the Lisbon marathon.")
    say(m, "Bob", "a blurry crowd at the Lisbon marathon; maybe Leo is there", image="mma://x/3.jpg")
    # Bob has a record: one claim supported, one refuted elsewhere.
    say(m, "Bob", "Mia baked the Porto wedding cake.", domain="cooking")
    say(m, "Ann", "Mia baked the Porto wedding cake, smiling", image="mma://x/4.jpg", domain="cooking")
    say(m, "Bob", "Ivo sailed from Bergen to the islands.", domain="travel")
    say(m, "Ann", "A notice saying Ivo never sailed from Bergen to the islands", image="mma://x/5.jpg", domain="travel")
    v = m.verdict("Leo won the Lisbon marathon", user_id="u")
    assert v.verdict == "UNKNOWN"
    assert any(e.role == "ambiguous_evidence" and e.odds_factor == 1.0 for e in v.evidence)


def test_a_bare_denial_does_not_make_a_claim_false():
    m = Memory(config=MemoryConfig(embedder="hash", claims=False))
    say(m, "Ann", "Leo never won the Lisbon marathon.")
    assert m.verdict("Leo won the Lisbon marathon", user_id="u").verdict == "UNKNOWN"


def test_a_negation_in_another_clause_does_not_deny_the_claim():
    from memwarden.trust.verdict import _stance

    st = _stance("I can use the sauna after workouts while on this antibiotic.",
                 "the doctor said no alcohol with the antibiotic, the sauna after workouts is fine", 0.6)
    assert st.label == "agree"
