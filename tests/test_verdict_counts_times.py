"""Session 21 (issue 11.3): numbers the verdict read without what they count or how they were written.

- A count is read with the noun it counts: "3 bedrooms and 2 bathrooms" says the flat does not have
  2 bedrooms; "2 bathrooms" alone says nothing of bedrooms; a comparison ("more than 40 chickens")
  is decided by the one count of that noun the memory gives.
- A figure said loosely ("about 1,500") agrees with one within 5% of it.
- Clock times written the continental way ("21h10") or as four 24-hour digits ("at 2340", "0715")
  are times, as "21:10" is.
- A decimal said in words ("two point four") is one number.
- A bare hour ("dinner at 8", "lesson at 4:30") does not say which half of the day it is in.
- A claim the extractor stored as doubted ("... (not certain)") is not made first-hand by a clause of its own.

Own topics and wording, none from an evaluation set."""

from memwarden.trust.features import features
from memwarden.trust.spoken_numbers import words_to_digits
from memwarden.trust.verdict_count import count_stance, counts, rough_stance
from memwarden.trust.verdict_daypart import daypart_stance

from test_trust_verdict_matter import _verdict

T = "2026-04-06T10:00:00"


def _said(text: str, claim: str) -> str:
    return _verdict([("user", text, T)], claim)


# -- counts with their noun ------------------------------------------------------------------------

def test_a_count_is_read_with_the_noun_after_it():
    assert counts("the cottage has 4 bedrooms and 2 bathrooms") == [
        (4.0, frozenset({"bedroom"}), ""), (2.0, frozenset({"bathroom"}), "")]
    assert counts("the allotment is plot 12, next to the shed") == []  # a label, not a count
    assert counts("walked 5 km and slept 8 hours") == []  # measures and spans: the value rules read them


def test_a_count_of_the_same_thing_with_another_number_contradicts():
    st = count_stance("The cottage has 2 bedrooms.", "the cottage has 4 bedrooms and 2 bathrooms")
    assert st is not None and st.label == "contradict"
    assert count_stance("The cottage has 4 bedrooms.", "the cottage has 4 bedrooms and 2 bathrooms") is None


def test_a_count_of_another_kind_of_room_does_not_state_the_claims_count():
    st = count_stance("The cottage has 2 bedrooms.", "the cottage has 2 bathrooms and a log burner")
    assert st is not None and st.label == "unrelated"


def test_a_count_in_other_words_is_left_to_the_other_rules():
    assert count_stance("The user has 3 children.", "we've got 3 kids under ten") is None


def test_a_comparison_is_decided_by_the_stated_count():
    assert count_stance("The user keeps more than 40 chickens.", "we have 46 chickens now").label == "agree"
    assert count_stance("The user keeps more than 40 chickens.", "we've got 31 chickens left after the fox").label \
        == "contradict"


def test_a_bathroom_count_does_not_confirm_a_bedroom_count():
    # Fails on main: the one shared number "2" read as agreement.
    assert _said("the cottage we're renting in June has 2 bathrooms and a log burner",
                 "The user's June cottage has 2 bedrooms.") == "UNKNOWN"


def test_the_other_count_of_the_same_rooms_refutes_the_claim():
    # Fails on main: "2" is in the memory (the bathrooms), so it agreed.
    assert _said("the cottage we're renting in June has 4 bedrooms and 2 bathrooms",
                 "The user's June cottage has 2 bedrooms.") == "FALSE"
    assert _said("the cottage we're renting in June has 4 bedrooms and 2 bathrooms",
                 "The user's June cottage has 4 bedrooms.") == "TRUE"


# -- loose figures -----------------------------------------------------------------------------------

def test_a_loose_figure_agrees_with_a_near_one():
    assert rough_stance("The boiler service cost about 1,500 pounds.", "boiler service invoice: £1,486.20").label \
        == "agree"
    assert rough_stance("The boiler service cost about 1,500 pounds.", "boiler service invoice: £1,900") is None
    assert rough_stance("The boiler service cost 1,500 pounds.", "boiler service invoice: £1,486.20") is None


# -- how times are written -----------------------------------------------------------------------------

def test_continental_and_four_digit_times_are_clock_times():
    assert features("the coach leaves at 21h10").numbers == {"9:10"}
    assert features("the night tram back is at 2340").numbers == {"11:40"}
    assert features("check-in 0715 tomorrow at the front desk").numbers == {"7:15"}
    # four digits with a leading zero and no day or clock word are as often an account's or a card's end (lead mend)
    assert features("new acc ends 0932, tell the clients").numbers != {"9:32"}
    assert "2029" in features("the visa is valid until 2029").dates  # a year, not 20:29
    assert "2000" in features("we hiked at 2000 feet").numbers  # a height, not 20:00
    assert "1350" in features("the rent went up to 1350 from May").numbers  # an amount


def test_a_continental_time_confirms_and_refutes_a_clock_claim():
    # Fails on main: "21h10" was no time at all, so the claim's 21:10 read as a value the memory denied (FALSE).
    assert _said("my coach to Porto leaves at 21h10 from bay 6", "The user's coach leaves at 21:10.") == "TRUE"
    assert _said("my coach to Porto leaves at 21h10 from bay 6", "The user's coach leaves at 8:10pm.") == "FALSE"


def test_a_decimal_said_in_words_is_one_number():
    assert words_to_digits("the shelf is one point two metres wide") == "the shelf is 1.2 metres wide"
    assert words_to_digits("at one point two of us left") == "at 1 point 2 of us left"  # the idiom stays


# -- a bare hour and a part of the day ------------------------------------------------------------

def test_a_bare_hour_does_not_place_an_event_in_a_part_of_the_day():
    st = daypart_stance("The user's choir practice is in the morning.", "choir practice is at 7:30 on thursdays")
    assert st is not None and st.label == "unrelated"
    # words that place it do: the stance rules read those
    assert daypart_stance("The user's choir practice is in the evening.", "choir practice is at 7:30 tonight") is None


def test_a_bare_hour_leaves_a_part_of_day_claim_unknown():
    # Fails on main: "choir practice" shared, the bare 7:30 read as agreement with "in the morning".
    assert _said("choir practice is at 7:30 on thursdays", "The user's choir practice is in the morning.") == "UNKNOWN"
    assert _said("choir practice is at 19:30 on thursdays", "The user's choir practice is in the morning.") == "FALSE"


# -- a hedged claim is hedged whole ----------------------------------------------------------------

def test_a_claim_doubted_in_its_turn_does_not_vouch_for_itself():
    # Fails on main: the stored claim "... 85 quid, or something close (not certain)" had a firm-looking first clause,
    # which lifted it to first-hand and decided TRUE.
    assert _said("pretty sure the parking permit was 85 quid, or something close",
                 "The user's parking permit was 85 quid.") == "UNKNOWN"
    assert _said("the parking permit was 85 quid", "The user's parking permit was 85 quid.") == "TRUE"


def test_a_doubt_in_another_clause_of_the_turn_still_leaves_the_firm_one():
    assert _said("i'm on the monthly plan, renews on the 9th i think", "The user is on the monthly plan.") == "TRUE"
