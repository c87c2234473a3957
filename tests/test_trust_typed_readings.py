"""How the stance features read values written many ways (session 9, issue 11): measures with their
unit, dotted clock times, "no." before a number, a self-correction inside one statement, the value an
amount changed from, a negated start before "until", dates of different kinds, one measure in two
units. Each case has its own wording, none taken from an evaluation set."""

import pytest

from memwarden.trust.features import features
from memwarden.trust.lexicon import firmness
from memwarden.trust.pair import dates_differ
from memwarden.trust.stance import detect_stance
from memwarden.trust.typed_values import measure, quantities
from memwarden.trust.verdict_compare import compare


@pytest.mark.parametrize("text, numbers, unit", [
    ("the van is 5.2m nose to tail", {"5.2"}, "m:5.2"),       # one measure, not 5 and a word "2m"
    ("the shelf is 80cm wide", {"80"}, "cm:80"),
    ("she's 61kg now, down from 64", {"61"}, "kg:61"),         # the former value is no value of the text
])
def test_a_measure_is_one_number_with_its_unit(text, numbers, unit):
    f = features(text)
    assert f.numbers == numbers and unit in f.units


def test_a_bare_thousands_suffix_scales_the_number():
    assert "55000" in features("he earns 55k before tax").numbers
    assert quantities("£2.5m for the site")[1][0][:2] == ("£", 2_500_000.0)  # money first: not 2.5 metres


@pytest.mark.parametrize("text, value", [
    ("I'm on the 6.15 bus", "6:15"),
    ("meet me at 10.45 by the gate", "10:45"),
])
def test_a_dotted_time_after_a_clock_word_is_a_clock_time(text, value):
    assert value in features(text).numbers


def test_a_dotted_amount_stays_an_amount():
    assert "3.5" in features("the 3.50 fee for parking").numbers
    assert "1.25" in features("about 1.25 miles away").numbers


def test_no_dot_before_a_number_is_the_word_number():
    f = features("left at no. 4 with the neighbour")
    assert not f.negated and "4" in f.numbers
    assert features("No. I never left it there").negated


def test_a_self_correction_replaces_the_value_before_it():
    f = features("I said monday to the plumber but actually it's wednesday")
    assert f.rejected == {"monday"} and "monday" not in f.dates and "wednesday" in f.dates
    st = detect_stance("the plumber is coming on monday", "I said monday to the plumber but actually it's wednesday")
    assert st.label == "contradict"


def test_a_negated_start_before_until_states_the_time():
    f = features("the pool doesn't open until 11")
    assert not f.negated and "11:00" in f.numbers
    assert features("I will not be back until tuesday").negated  # a day, not a start time: still a denial


def test_dates_differ_only_within_one_kind():
    assert not dates_differ(frozenset({"saturday"}), frozenset({"october", "saturday"}))
    assert not dates_differ(frozenset({"march"}), frozenset({"2026-03-14"}))
    assert dates_differ(frozenset({"tuesday"}), frozenset({"thursday"}))
    assert not dates_differ(frozenset({"sunday"}), features("choir is on weds and sun").dates)


@pytest.mark.parametrize("a, b, label", [
    ("the bag weighs 1.5 kg", "the bag is 1500 grams", "agree"),
    ("the course lasts 24 months", "it's a two year course", "agree"),
    ("the bag weighs 1.5 kg", "the bag is 2500 grams", "contradict"),
])
def test_one_measure_in_two_units_is_one_value(a, b, label):
    assert detect_stance(a, b, cosine=0.7).label == label


def test_measure_converts_within_a_dimension():
    assert measure("g:2000") == measure("kg:2") == ("mass", 2.0)
    assert measure("v:3.1") is None


def test_my_thing_and_a_relatives_thing_are_two_peoples():
    st = detect_stance("my train is at 9 on friday", "my brother's train is at 11 on friday", cosine=0.8)
    assert st.label == "unrelated"


def test_a_comparison_reads_measures_with_their_unit():
    assert compare("My van is longer than 5 metres.", "the van is 5.2m nose to tail", 0.5, 0.2).label == "agree"
    assert compare("My bag is under 2 kg.", "weighed it: 2500 grams", 0.5, 0.2).label == "contradict"
    assert compare("My van is longer than 5 metres.", "car parks take vans up to 5.5m", 0.5, 0.2) is None


def test_a_third_persons_belief_is_reported_and_a_record_read_is_not():
    assert firmness("Marek thinks the gate code changed") == "reported"
    assert firmness("I looked at the school website and it clearly says the term starts on the 4th") == "stated"
    assert firmness("the rent is due on the 1st, the user thinks") != "reported"  # the extractor's "I think"


def test_not_until_a_date_keeps_its_negation():
    # "not open till 9:30" states the opening time; "won't arrive until 5 june" still denies it has arrived
    from memwarden.trust.stance import detect_stance
    assert detect_stance("the refund has arrived", "the refund won't arrive until 5 june", cosine=0.7).label == "contradict"
    assert detect_stance("the pool opens at 9:30", "the pool is not open till 9:30", cosine=0.7).label == "agree"


@pytest.mark.parametrize("text, month, day", [
    ("the plumber comes on 9/3", "march", "9"),                # day first
    ("invoice dated 30/11/2025, paid in full", "november", "30"),
    ("renewal 03/07 every year", "july", "3"),                 # a zero-padded month is a date
    ("exam results 22/6", "june", "22"),                       # a day past 12 cannot be a fraction
])
def test_a_numeric_date_is_one_date_read_day_first(text, month, day):
    f = features(text)
    assert month in f.dates and day in f.numbers


@pytest.mark.parametrize("text", ["she got 18/20 on the quiz", "add 3/4 of the stock", "mix 1/2 cup of oats"])
def test_a_score_or_a_fraction_is_no_date(text):
    assert not {"january", "february", "march", "april", "may", "june"} & features(text).dates


def test_a_numeric_date_against_the_same_day_written_out():
    assert detect_stance("the boiler service is on 4 March", "boiler service booked for 4/3").label == "agree"
    assert detect_stance("the boiler service is on 3 April", "boiler service booked for 4/3").label == "contradict"


@pytest.mark.parametrize("a, b, label", [
    ("the greenhouse is kept at 25 degrees celsius", "greenhouse thermostat: 77°F", "agree"),   # exactly 25 °C
    ("the greenhouse is kept at 20 degrees celsius", "greenhouse thermostat: 77°F", "contradict"),
    ("my commute is 5 miles", "my commute is 8 km", "agree"),                  # 4.97 miles, rounded as said
    ("the talk lasts 1 hour", "the talk lasts 50 minutes", "contradict"),        # rounding is not 17% off
])
def test_one_measure_in_two_units_as_people_round(a, b, label):
    assert detect_stance(a, b).label == label


def test_pounds_of_weight_are_lb_and_of_money_are_sterling():
    assert compare("the dog weighs over 50 pounds", "vet weighed him at 26 kg", 0.5, 0.2).label == "agree"
    assert compare("the repair cost over 50 pounds", "the repair was £40", 0.5, 0.2).label == "contradict"


def test_a_four_digit_clock_after_a_clock_word_is_a_time_and_a_duration_is_not():
    assert "7:30" in features("briefing at 1930 hrs in the hall").numbers
    assert "1930" in features("she logged 1930 hrs of flying").numbers


@pytest.mark.parametrize("a, b", [
    ("Parking costs four pounds an hour.", "Parking charge: £4 per hour"),       # plural / singular opener
    ("Rowan Tait was born in Leith.", "Birth register, Leith: Rowan Tait"),       # a record's opener is no person
    ("Kat moved to Oslo in May.", "Katrina moved to Oslo in May"),               # a name's short form
])
def test_one_subject_written_two_ways_is_not_two_people(a, b):
    assert not detect_stance(a, b, cosine=0.6).reason.startswith(("different subjects", "different entities"))


def test_a_verb_and_a_trip_are_no_day_and_no_change():
    # session 9 review: "sat" two words from a weekday is the verb; "went up to Scotland" changes no number
    assert features("monday i sat in traffic for an hour").dates == {"monday"}
    assert {"tuesday", "saturday"} <= features("open tues and sat").dates
    assert detect_stance("we went up to Scotland for the weekend", "we went to Scotland for the weekend", cosine=0.9).label == "agree"
