"""Kinds of wording the stance detector reads for verdicts (issue 11, session 6): each test uses
its own topic so a rule is a rule about wording, not about one sentence."""

from datetime import datetime, timedelta, timezone

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.trust.features import features, firm_clauses
from memwarden.trust.stance import detect_stance


# -- near-miss values ---------------------------------------------------------------------------

def test_a_sentence_closing_full_stop_is_no_part_of_its_number():
    assert features("The build server runs Gradle 8.4.").numbers == frozenset({"8.4"})
    st = detect_stance("The build server runs Gradle 8.4.", "build server's on gradle 8.4, same as CI", cosine=0.6)
    assert st.label == "agree"


def test_an_ordinal_after_a_possessive_ranks_a_thing_and_states_no_day():
    f = features("booked our second trip to Porto, flying on the 9th of May")
    assert "2" not in f.numbers and "9" in f.numbers
    assert "1" in features("the rent is due on the first of the month").numbers


def test_by_now_says_how_long_a_state_held_not_that_it_changed():
    assert not features("been vegetarian ten years, so I know the good places by now").replaces
    assert features("we meet on thursdays now").replaces


def test_a_number_named_by_its_noun_is_one_typed_value():
    # "stage 2" is the stage; "for 12 years" is another number, no second stage.
    st = detect_stance("My aunt has stage 2 breast cancer.", "aunt's stage 2, she's been fighting it for 12 years", cosine=0.6)
    assert st.label == "agree"
    assert detect_stance("The meeting is on floor 3.", "the meeting moved to floor 5", cosine=0.7).label == "contradict"


# -- corrections naming the replaced value ------------------------------------------------------

def test_a_value_named_as_replaced_is_denied():
    for claim, text in [
        ("Band practice is on Tuesday.", "band practice is on wednesdays now rather than tuesday"),
        ("The invoice is due on the 30th.", "invoices go out on the 15th instead of the 30th from this quarter"),
        ("Parents' evening starts at 6pm.", "parents' evening starts at 5pm, not 6pm, the letter had it wrong"),
    ]:
        st = detect_stance(claim, text, cosine=0.6)
        assert st.label == "contradict", (claim, st)
    assert features("band practice is on wednesdays now rather than tuesday").rejected == frozenset({"tuesday"})


def test_a_correction_confirms_the_value_it_keeps():
    st = detect_stance("The vet appointment is on 22 March.", "oh wait, it's the 22nd not the 2nd, sorry. 22 march, 9am",
                       cosine=0.5)
    assert st.label == "agree"
    # ... and denies the value it replaces.
    assert detect_stance("The vet appointment is on 2 March.", "oh wait, it's the 22nd not the 2nd, sorry. 22 march, 9am",
                         cosine=0.5).label == "contradict"


# -- avoiding, refusing -------------------------------------------------------------------------

def test_avoiding_a_thing_is_not_doing_it():
    st = detect_stance("My brother avoids driving at night.", "my brother never drives at night since the accident",
                       cosine=0.7)
    assert st.label == "agree"
    st = detect_stance("The dietitian told me to avoid eating bread.", "the dietitian says eating bread is fine for me",
                       cosine=0.6)
    assert st.label == "contradict"
    assert features("we steer clear of the ring road at rush hour").negated


# -- hedges doubt their own clause --------------------------------------------------------------

def test_a_hedge_in_another_clause_leaves_the_claim_firm():
    text = "we're with Octopus for the electricity, the tariff ends in march I think"
    st = detect_stance("The user's electricity supplier is Octopus.", text, cosine=0.6)
    assert st.label == "agree" and "hedged" not in st.reason
    # The doubtful clause itself stays hedged.
    st = detect_stance("The user's electricity tariff ends in March.", text, cosine=0.6)
    assert "hedged" in st.reason
    assert firm_clauses(text) == "we're with Octopus for the electricity,"


def test_a_firm_clause_with_a_hedge_elsewhere_is_first_hand_testimony():
    m = Memory(config=MemoryConfig(database=":memory:", embedder="hash"))
    t0 = datetime(2026, 3, 1, 9, tzinfo=timezone.utc)
    m.add([{"role": "user", "content": "i'm on the family plan with Vodafone, contract ends in may i think"}],
          user_id="u", timestamp=t0)
    v = m.verdict("The user is on the family plan.", user_id="u", as_of=t0 + timedelta(days=1))
    assert v.verdict == "TRUE", v.reason


# -- status words: replies, results, outcomes ---------------------------------------------------

def test_no_answer_to_a_message_is_the_opposite_of_a_reply():
    st = detect_stance("The landlord has replied about the boiler.", "messaged the landlord about the boiler twice, no response",
                       cosine=0.6)
    assert st.label == "contradict"
    st = detect_stance("The school has replied to my complaint.", "school hasn't replied to my complaint yet", cosine=0.7)
    assert st.label == "contradict"


def test_a_fine_result_contradicts_a_problem():
    st = detect_stance("The MRI showed a problem with my shoulder.", "consultant rang: shoulder MRI normal, nothing torn",
                       cosine=0.6)
    assert st.label == "contradict"


def test_a_shared_outcome_on_one_topic_is_the_claim_stated():
    st = detect_stance("My passport renewal was delivered.", "Royal Mail tracking: Delivered 09:12, signed for by R. Hale",
                       cosine=0.5)
    assert st.label == "agree"


def test_a_claim_of_an_outcome_needs_that_outcome():
    from memwarden.trust.verdict import _predicate_check
    claim, text = "The council has replied to my parking appeal.", "parking appeal ref PA-2231, it's about the bay on Elm Road"
    st = _predicate_check(claim, text, detect_stance(claim, text, cosine=0.75), 0.75)
    assert st.label == "unrelated" and "status" in st.reason


# -- two values of one class, actions done instead, kin without "my" ----------------------------

def test_two_different_ailments_share_no_claim():
    st = detect_stance("My dad has asthma.", "dad's results are back, he's anaemic, that's all", cosine=0.6)
    assert st.label != "agree"
    assert detect_stance("My dad has asthma.", "dad's asthma is worse in winter", cosine=0.6).label == "agree"


def test_what_is_done_instead_of_is_not_done():
    st = detect_stance("the fence wasn't painted, they only repaired it", "They repaired the fence rather than painting it.")
    assert st.label == "agree"
    st = detect_stance("They painted the fence.", "They repaired the fence instead of painting it.")
    assert st.label == "contradict"


def test_kin_named_without_my_are_the_speakers_kin():
    assert features("Gran's flat is on the third floor").subject == "my gran"
    st = detect_stance("sister's flight lands at 6", "Brother's flight lands at 9.")
    assert st.label == "unrelated"


# -- a claim joined from two memories -----------------------------------------------------------

def _said(turns: list[str], claim: str) -> str:
    m = Memory(config=MemoryConfig(database=":memory:", embedder="minilm"))
    t0 = datetime(2026, 5, 4, 19, tzinfo=timezone.utc)
    m.add([{"role": "user", "content": t} for t in turns], user_id="u", timestamp=t0)
    return m.verdict(claim, user_id="u", as_of=t0 + timedelta(days=1)).verdict


def test_a_statement_opening_on_it_continues_the_one_before():
    turns = ["finally signed up for pottery classes", "it's every thursday at 7 in the community hall"]
    assert _said(turns, "The user's pottery class is on Monday evenings.") == "FALSE"
    assert _said(turns, "The user signed up for pottery classes.") == "TRUE"


def test_a_clause_that_is_only_a_doubt_doubts_the_whole_text():
    # A caption's "..., not sure" doubts what the picture shows, not only its own clause.
    st = detect_stance("Omar repaired the harbour crane.", "a dark photo of the harbour crane, could be Omar, not sure",
                       cosine=0.6)
    assert "hedged" in st.reason
