"""Verdicts that need more than one memory's stance (issue 11, session 8): a reliable statement on
the claim's matter in other terms, a change of value, a comparison, a cleft, a quantifier, a value
called wrong. Each test has its own topic and wording, none taken from an evaluation set."""

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.evals.verdict_cases import add_case
from memwarden.trust.verdict_compare import compare
from memwarden.trust.verdict_matter import named_wrong, structure_stance


def _verdict(memories: list[tuple[str, str, str]], claim: str) -> str:
    """``memories``: (speaker, text, ISO time); speaker "user", "document" or a third party's name."""
    m = Memory(config=MemoryConfig(database=":memory:", embedder="minilm"))
    try:
        as_of = add_case(m, {"memories": [{"speaker": s, "text": t, "ts": ts} for s, t, ts in memories]}, "u")
        return m.verdict(claim, user_id="u", as_of=as_of).verdict
    finally:
        m.close()


# -- a reliable word on the matter outweighs hearsay -------------------------------------------

def test_a_document_on_the_matter_outweighs_hearsay_naming_another_place():
    hearsay = ("Tariq", "the pub quiz final is at the Red Lion this week I reckon", "2026-02-02T18:00:00")
    doc = ("document", "Quiz league fixtures: Final - The Anchor, Thursday 8pm", "2026-02-03T09:00:00")
    claim = "The pub quiz final is at the Red Lion."
    assert _verdict([hearsay], claim) == "UNKNOWN"
    assert _verdict([hearsay, doc], claim) == "FALSE"


def test_another_persons_event_does_not_outweigh_hearsay_about_someone_else():
    # Same kind of event, other people and places: not the claim's matter.
    hearsay = ("Tariq", "Nadia won the village bake-off, apparently", "2026-02-02T18:00:00")
    other = ("document", "Results sheet: Ollie won the county bake-off", "2026-02-03T09:00:00")
    assert _verdict([hearsay, other], "Nadia won the village bake-off.") != "FALSE"


# -- a later change supersedes -----------------------------------------------------------------

def test_a_later_change_in_other_terms_supersedes_the_first_hand_support():
    first = ("user", "I take the bus to my studio in Hove every morning", "2026-01-05T08:00:00")
    later = ("user", "I cycle to Hove now, 25 minutes door to door", "2026-03-10T08:00:00")
    claim = "The user takes the bus to the studio in Hove."
    assert _verdict([first], claim) == "TRUE"
    assert _verdict([first, later], claim) == "FALSE"


def test_a_switch_to_the_claims_value_states_it_and_denies_the_old_one():
    old = ("user", "for the cafe we buy all our coffee beans from Lark Roasters", "2026-01-05T08:00:00")
    switch = ("user", "Lark doubled their prices so we've gone over to Ember Coffee", "2026-04-01T08:00:00")
    assert _verdict([old, switch], "The cafe buys its coffee beans from Ember Coffee.") == "TRUE"
    assert _verdict([old, switch], "The cafe buys its coffee beans from Lark Roasters.") == "FALSE"


def test_a_rebooked_appointment_does_not_correct_an_application_without_numbers():
    applied = ("user", "finally applied for the Canadian study permit, took 3 hrs", "2026-01-05T20:00:00")
    rebooked = ("user", "had to rebook the biometrics, now 12 april at 10:15am", "2026-01-20T20:00:00")
    assert _verdict([applied, rebooked], "The user applied for the Canadian study permit.") != "FALSE"


# -- comparisons -------------------------------------------------------------------------------

def test_a_comparison_is_judged_against_one_stated_measurement_in_any_unit():
    assert compare("My boat is shorter than 20 feet.", "measured the boat at the marina, it's 5.8m long", 0.5, 0.2).label == "agree"
    assert compare("My dog weighs more than 30 kg.", "she's 27kg at the last weigh-in", 0.5, 0.2).label == "contradict"
    assert compare("I earn over £40,000 a year.", "my salary is £38,500 now", 0.5, 0.2).label == "contradict"


def test_a_stated_limit_or_a_capacity_is_no_measurement():
    assert compare("My boat is shorter than 7 metres.", "the lock takes boats up to 7m max", 0.5, 0.2) is None
    assert compare("My trailer can carry up to 750kg.", "the trailer is 750kg rated", 0.5, 0.2) is None
    assert compare("My boat is shorter than 7 metres.", "measured it: 6.2m", 0.1, 0.2) is None  # off the matter


def test_a_comparative_claim_gets_a_verdict_from_the_measurement():
    said = [("user", "measured the new shed properly, it's 2.6m wide", "2026-05-01T10:00:00")]
    assert _verdict(said, "The user's shed is wider than 2 metres.") == "TRUE"


# -- structure ---------------------------------------------------------------------------------

def test_a_cleft_naming_another_person_denies_the_claims_subject():
    st = structure_stance("Mirela is learning the cello.", "Mirela isn't learning anything, it's her daughter who's learning the cello")
    assert st is not None and st.label == "contradict"
    assert structure_stance("Mirela is learning the cello.", "it's Mirela who's learning the cello, not her sister") is None


def test_a_partial_quantifier_denies_a_universal_claim():
    st = structure_stance("Every room at the hostel has a sink.", "turns out only some of the rooms at the hostel have a sink")
    assert st is not None and st.label == "contradict"
    assert structure_stance("Some rooms at the hostel have a sink.", "only some of the rooms have a sink") is None


def test_a_value_called_wrong_is_denied():
    st = named_wrong("The plumber is coming on Thursday.", "ugh thursday was totally wrong, he's coming friday")
    assert st is not None and st.label == "contradict"
    assert named_wrong("The plumber is coming on Thursday.", "thursday was great, he fixed it in an hour") is None


# -- relayed speech ----------------------------------------------------------------------------

def test_what_a_named_persons_relative_said_is_relayed_not_first_hand():
    relayed = ("user", "Omar's dad told us at the gate that the school fair is on the village green, "
                       "afternoon maybe?", "2026-06-01T15:30:00")
    flyer = ("document", "Flyer: summer fair Saturday 13th, 1-4pm, in the sports hall (if wet or dry)!",
             "2026-06-01T16:00:00")
    claim = "The school fair is on the village green."
    assert _verdict([relayed], claim) != "TRUE"
    assert _verdict([relayed, flyer], claim) == "FALSE"


def test_a_statement_worded_as_a_correction_changes_the_time_of_the_one_it_corrects():
    first = ("user", "quiz night at the Crown on friday, starts 7pm", "2026-03-02T09:00:00")
    fix = ("user", "correction, the doors open at 6 but questions aren't till 8:15", "2026-03-03T09:00:00")
    assert _verdict([first], "The quiz at the Crown starts at 7pm on Friday.") == "TRUE"
    assert _verdict([first, fix], "The quiz at the Crown starts at 7pm on Friday.") == "FALSE"


# -- session 9: a self-correction in one turn, a person relaying their own plans, an amount changed in
# its unit, a third person's belief against a record ------------------------------------------------

def test_a_value_corrected_in_the_same_turn_is_false():
    said = [("user", "I told the school the trip costs 300, but actually it's 340 with the coach", "2026-02-03T10:00:00Z")]
    assert _verdict(said, "The school trip costs 300.") == "FALSE"
    assert _verdict(said, "The school trip costs 340.") == "TRUE"


def test_a_person_relaying_their_own_plans_is_their_word():
    said = [("user", "Priya just told me her conference in Oslo runs 3rd-6th May", "2026-04-01T10:00:00Z")]
    assert _verdict(said, "Priya's conference in Oslo ends on 6 May.") == "TRUE"


def test_a_later_change_of_an_amount_in_its_unit_corrects_the_first():
    said = [("user", "the vet started the dog on 20 mg of carprofen once a day", "2026-01-05T10:00:00Z"),
            ("user", "vet's put him up to 40 mg now after the check-up", "2026-02-20T10:00:00Z")]
    assert _verdict(said, "The user's dog takes 20 mg of carprofen.") == "FALSE"


def test_a_record_outweighs_a_third_persons_belief():
    said = [("user", "Marek thinks the boiler service was skipped this year", "2026-03-01T10:00:00Z"),
            ("document", "Boiler service record: annual service completed 12 Feb 2026, no faults found.",
             "2026-03-01T11:00:00Z")]
    assert _verdict(said, "The boiler service was skipped this year.") == "FALSE"
