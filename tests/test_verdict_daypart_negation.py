"""Session 20 (issue 11.3): two ways a reliable memory was read with the wrong sign.

- A claim naming a part of the day ("leaves in the morning") is judged against the clock time the
  memory states; only times whose half of the day is certain count (24-hour or am / pm).
- A negation that governs other words than the claim's ("got the job, no more night shifts") does
  not deny the claim; one that reaches the claim's words still does.

Own topics and wording, none from an evaluation set."""

from memwarden.trust.verdict_daypart import clock_hours, day_part, daypart_stance
from memwarden.trust.verdict_stance import _stance

from test_trust_verdict_matter import _verdict


# -- part of the day against a clock time ---------------------------------------------------------

def test_clock_times_only_count_when_their_half_of_the_day_is_certain():
    assert clock_hours("ferry goes at 21:15") == [21.25]
    assert clock_hours("pick up at 7.30pm") == [19.5]
    assert clock_hours("bus at 6:40") == []  # morning or evening: unknown
    assert clock_hours("it's 19:10 not 7:10") == [19 + 10 / 60]  # the replaced time is not the time


def test_the_part_of_the_day_a_claim_names():
    assert day_part("The ferry leaves in the evening.")[0] == "evening"
    assert day_part("The vet visit is on Tuesday afternoon.")[0] == "afternoon"
    assert day_part("The ferry leaves at six.") is None


def test_a_stated_time_outside_the_part_of_the_day_contradicts():
    st = daypart_stance("The user's ferry leaves in the morning.", "booked the ferry, it sails 21:15 from pier 3")
    assert st is not None and st.label == "contradict"


def test_a_stated_time_inside_the_part_of_the_day_agrees():
    st = daypart_stance("The user's ferry leaves in the morning.", "booked the ferry, it sails 08:05 from pier 3")
    assert st is not None and st.label == "agree"


def test_a_negated_time_or_another_day_decides_nothing():
    assert daypart_stance("Deliveries come in the afternoon.", "no deliveries after 3pm on the loading bay") is None
    assert daypart_stance("The vet visit is on Tuesday afternoon.", "vet visit moved to friday 14:30") is None


def test_a_ferry_said_to_sail_at_night_makes_a_morning_claim_false():
    # Fails on main: "in the morning" was dropped and the ferry named on both sides read as agreement.
    ferry = ("user", "ferry to the island is booked, we sail at 21:15", "2026-03-02T10:00:00")
    assert _verdict([ferry], "The user's ferry sails in the morning.") == "FALSE"
    early = ("user", "ferry to the island is booked, we sail at 07:20", "2026-03-02T10:00:00")
    assert _verdict([early], "The user's ferry sails in the morning.") == "TRUE"


# -- a negation governing something else ----------------------------------------------------------

def test_a_negation_of_other_words_does_not_deny_the_claim():
    st = _stance("I got the warehouse job.", "got the warehouse job!! no more night shifts at the petrol station", 0.6)
    assert st.label == "agree"


def test_a_negation_of_the_claims_own_words_still_denies_it():
    assert _stance("I got the warehouse job.", "didn't get the warehouse job, they went with someone else", 0.6).label \
        == "contradict"
    assert _stance("I have been to Oslo.", "I've never actually been to Oslo", 0.6).label == "contradict"
    assert _stance("My parcel was delivered.", "my parcel didn't arrive", 0.6).label == "contradict"


def test_a_bare_no_answering_the_claim_still_denies_it():
    assert _stance("My son is allergic to nuts.", "no no, I'm the one allergic, nuts are fine for my son", 0.6).label \
        != "agree"


def test_a_first_hand_success_with_a_side_negation_is_true():
    said = ("user", "passed my theory test this morning, no more revision flashcards on the bus", "2026-03-02T10:00:00")
    assert _verdict([said], "The user passed the theory test.") == "TRUE"


# -- mends from the code-blind reviews (session 20) ---------------------------------------------------

def test_another_events_certain_time_does_not_time_a_bare_one():
    text = "nursery drop off is 8:40 and collection is 17:45"
    assert daypart_stance("The user does the nursery drop-off in the morning.", text) is None
    st = daypart_stance("The user does the nursery collection in the evening.", text)
    assert st is not None and st.label == "agree"


def test_a_negated_verb_denies_its_subject_in_other_words():
    from memwarden.trust.verdict_stance import _negated_elsewhere
    claim = "The user received the deposit back from the landlord."
    assert _negated_elsewhere(claim, "the deposit from the landlord still hasnt turned up, its been a month", 0.6) is None
    st = _negated_elsewhere("The user finished the half marathon.", "finished the half marathon without walking once", 0.6)
    assert st is not None and st.label == "agree"
