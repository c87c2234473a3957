"""Session 25 (issue 11.3): a value written as it is said, and a correction naming the claim's value as replaced.

- A claim value the memory writes another way is the value stated, not another number: a dotted clock time
  ("half 7 ... 7.30"), a price said aloud ("two ninety-five" read as 295 for £2.95, "a hundred and four pounds
  sixty" as 104 and 60), a bare hour ("on at 9" for 9 o'clock), a temperature or a count with its letter
  ("40C", "x3"). Round hundreds stay themselves ("400" is no £4), and a value that differs still denies.
- A short correction naming the claim's value as the one replaced ("sorry, thursday not tuesday") denies the
  claim although it shares no other word with it; a hedged one from someone else settles nothing.

Own topics and wording, none from an evaluation set."""

from memwarden.trust.stance_label import Stance
from memwarden.trust.verdict_matter import replaced_named
from memwarden.trust.verdict_stance import _stance
from memwarden.trust.verdict_written import readings, written_alike

from test_trust_verdict_matter import _verdict

T1, T2 = "2026-03-02T18:00:00", "2026-03-03T09:00:00"


def test_a_dotted_time_is_the_clock_time():
    st = _stance("The user's pottery class starts at 7:30.", "pottery class starts at 7.30 on wednesdays", 0.7)
    assert st.label == "agree"


def test_a_price_said_aloud_is_the_price():
    assert "2.95" in readings("295")
    assert _stance("A loaf at the corner bakery costs £2.95.", "corner bakery loaf is two ninety-five now",
                   0.7).label == "agree"


def test_pounds_and_pence_said_apart_are_one_amount():
    st = _stance("The user's gas bill was £104.60.", "gas bill came to a hundred and four pounds sixty", 0.7)
    assert st.label == "agree"


def test_a_temperature_or_count_with_its_letter_is_the_number():
    assert readings("40c") == {"40"} and readings("x3") == {"3"}


def test_a_round_hundred_is_no_price_said_aloud():
    assert "4" not in readings("400") and "4:00" in readings("400")
    assert readings("1200") == {"12:00"}


def test_a_value_that_differs_still_denies():
    st = _stance("The user's pottery class starts at 7:30.", "pottery class starts at 8.15 on wednesdays", 0.7)
    assert st.label == "contradict"
    number = Stance("contradict", 0.8, "numbers differ (3 vs 5)", ("number",))
    assert written_alike("The user has 3 kids.", "I have 5 kids", number, 0.7) is None


def test_the_written_value_through_a_verdict():
    # fails on main (FALSE there): "two ninety-five" was read as 295, another price than £2.95
    assert _verdict([("user", "corner bakery loaf is two ninety-five now", T1)], "A loaf at the corner bakery costs £2.95.") == "TRUE"
    assert _verdict([("user", "rota's out, my saturday shift is at 9", T1)], "The user's shift on Saturday starts at 9:00.") == "TRUE"


def test_a_correction_naming_the_claims_value_denies_it():
    st = replaced_named("The recycling goes out on Tuesday.", "sorry, thursday not tuesday", 0.3)
    assert st is not None and st.label == "contradict"
    # a question or another kind of value denies nothing
    assert replaced_named("The recycling goes out on Tuesday.", "thursday not tuesday?", 0.3) is None
    assert replaced_named("The recycling goes out on Tuesday.", "sorry, 3 bags not tuesday", 0.3) is None


def test_the_correction_through_a_verdict():
    # fails on main (TRUE there): the later correction shares no word with the claim but its day
    said = [("user", "recycling goes out tuesday night, green box only", T1), ("user", "sorry, thursday not tuesday", T2)]
    assert _verdict(said, "The recycling goes out on Tuesday.") == "FALSE"


def test_someone_elses_hedged_correction_settles_nothing():
    said = [("Ruth", "pretty sure it's thursday not tuesday for the recycling?? might be wrong", T2)]
    assert _verdict(said, "The recycling goes out on Tuesday.") == "UNKNOWN"


def test_a_first_or_one_of_names_which_one_not_an_amount():
    # "her first tooth", "one of the cats": the claim's 1 is no amount the memory must restate
    assert _stance("The user's daughter got her first tooth at five months.",
                   "daughter's tooth came through at 5 months, finally", 0.7).label != "contradict"
    # ... but "once a day" is a frequency, an amount
    number = Stance("contradict", 0.8, "numbers differ (1 vs 2)", ("number",))
    assert written_alike("The user waters the tomatoes once a day.", "I water the tomatoes 2 times a day", number, 0.7) is None


def test_a_correction_of_another_thing_denies_nothing_else_on_that_day() -> None:
    """The lead's mend after review: "the dentist is wednesday not friday" corrects the dentist, not the swimming lesson
    on Friday; a bare repair, or one naming the claim's thing, still denies."""
    assert replaced_named("The user goes swimming on Friday mornings.", "the dentist is wednesday not friday, my bad", 0.4) is None
    assert replaced_named("The dentist appointment is on Friday.", "the dentist is wednesday not friday, my bad", 0.4) is not None
    assert replaced_named("The dentist appointment is on Friday.", "oops, wednesday not friday", 0.4) is not None
