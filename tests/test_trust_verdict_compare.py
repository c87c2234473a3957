"""A bound against a bound, a part of the day against a clock time (verdict_compare, session 11),
and a record answering hearsay whenever it was given (verdict_matter.outweighed). Own wording,
none taken from an evaluation set."""

from memwarden.trust.verdict_compare import compare, day_part
from test_trust_verdict_matter import _verdict


# -- a rule against a rule ---------------------------------------------------------------------

def test_a_stated_limit_is_borne_out_by_the_same_bound_in_other_words():
    st = compare("Returns can take up to 14 days to be refunded.", "refunds are issued within 14 days of receipt", 0.5, 0.2)
    assert st is not None and st.label == "agree"
    st = compare("Bookings must be made at least 3 days ahead.", "book no less than 72 hours before your slot", 0.5, 0.2)
    assert st is not None and st.label == "agree"


def test_a_stated_limit_is_refuted_by_another_bound_in_the_same_direction():
    st = compare("Returns can take up to 14 days to be refunded.", "refunds are issued within 30 days of receipt", 0.5, 0.2)
    assert st is not None and st.label == "contradict"


def test_bounds_in_opposite_directions_or_a_measurement_do_not_answer_a_limit():
    assert compare("Returns can take up to 14 days.", "refunds take at least 14 days", 0.5, 0.2) is None
    assert compare("Returns can take up to 14 days.", "my refund took 9 days", 0.5, 0.2) is None
    # a comparison of a measurement is still not answered by a bound
    assert compare("The van is longer than 6 metres.", "the car park takes vehicles up to 6m max", 0.5, 0.2) is None


def test_an_inclusive_rule_is_still_answered_by_a_measurement():
    st = compare("The parcel weighs at least 2 kg.", "weighed it, 2.4kg", 0.5, 0.2)
    assert st is not None and st.label == "agree"


# -- a part of the day -------------------------------------------------------------------------

def test_a_part_of_the_day_is_judged_against_a_clock_time_of_known_half():
    assert day_part("The ferry leaves in the morning.", "ferry booked, departs 14:35").label == "contradict"
    assert day_part("The ferry leaves in the morning.", "ferry booked, departs 07:35").label == "agree"
    assert day_part("Choir practice is on Tuesday evenings.", "choir's tuesdays 7.30pm at the hall").label == "agree"


def test_an_ambiguous_or_rejected_time_says_nothing_of_the_part_of_the_day():
    assert day_part("The ferry leaves in the morning.", "ferry's at 6:40") is None  # am or pm?
    assert day_part("The ferry leaves in the morning.", "it's 18:40 not 6:40, misread it").label == "contradict"
    assert day_part("The ferry leaves in the morning.", "ferry at 7am, bus at 3pm") is None  # two times
    assert day_part("The ferry leaves in the morning.", "early morning ferry, 7am") is None  # says the part itself
    assert day_part("The ferry leaves soon.", "departs 14:35") is None
    assert day_part("The user runs in the morning.", "run logged: 5k in 00:27:41") is None  # a duration


def test_a_clock_time_off_the_claims_matter_says_nothing_of_its_part_of_the_day():
    assert day_part("The ferry leaves in the morning.", "dentist moved to 14:35") is None


# -- a record answers hearsay given after it ---------------------------------------------------

def test_a_record_outweighs_hearsay_given_after_it():
    doc = ("document", "Club handbook: AGM is held at the Mill Road community centre", "2026-02-01T09:00:00")
    hearsay = ("Tariq", "the AGM is at the Fox and Hounds this year I reckon", "2026-02-05T18:00:00")
    claim = "The AGM is at the Fox and Hounds."
    assert _verdict([hearsay], claim) == "UNKNOWN"
    assert _verdict([doc, hearsay], claim) == "FALSE"


def test_an_earlier_record_does_not_outweigh_the_assistants_word():
    # The assistant often restates a record in other terms: only hearsay is outweighed by an earlier record.
    doc = ("document", "Club handbook: AGM is held at the Mill Road community centre", "2026-02-01T09:00:00")
    said = ("assistant", "Noted, the AGM is at the Fox and Hounds this year.", "2026-02-05T18:00:00")
    assert _verdict([doc, said], "The AGM is at the Fox and Hounds.") != "FALSE"


def test_an_earlier_record_does_not_outweigh_hearsay_of_a_change():
    doc = ("document", "Club handbook: AGM is held at the Mill Road community centre", "2026-02-01T09:00:00")
    moved = ("Tariq", "they've moved the AGM to the Fox and Hounds now apparently", "2026-02-05T18:00:00")
    assert _verdict([doc, moved], "The AGM is at the Fox and Hounds.") != "FALSE"
