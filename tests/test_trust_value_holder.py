"""What a value belongs to, a start against an end, a state ended yet still so, one thing in two places."""

from memwarden.trust.features import features
from memwarden.trust.stance import detect_stance
from memwarden.trust.value_holder import holder, other_things


def test_one_noun_with_two_modifiers_is_two_things():
    assert other_things("the water bill is £30 a month", "the council tax bill is £140 a month") == ("water", "tax")
    assert detect_stance("the water bill is £30 a month", "the council tax bill is £140 a month",
                         cosine=0.8).label == "unrelated"
    assert detect_stance("my car insurance renews in May", "my home insurance renews in May",
                         cosine=0.85).label == "unrelated"


def test_the_same_thing_restated_is_no_second_holder():
    # A modifier the other text says, or the same word written shorter, is one thing.
    assert other_things("the water bill is £30 a month", "the water bill went up to £35") is None
    assert other_things("the production freeze starts 1 May", "prod freeze starts 3 May") is None
    assert detect_stance("the water bill is £30 a month", "the water bill is £35 a month", cosine=0.9).label == "contradict"


def test_holder_reads_only_the_opening_before_the_first_value_and_comma():
    assert ("revis", "quot") not in holder("The user: plumber rang back, revised quote is £450")
    assert holder("3 tickets left for the gig") == ()
    assert holder("no value in this text at all") == ()
    assert ("water", "bill") in holder("Sam's water bill is £30")


def test_a_start_and_an_end_are_two_times():
    assert detect_stance("the library opens at 9:30", "the library closes at 5", cosine=0.85).label == "unrelated"
    assert detect_stance("the library closes at 5", "the library shuts at 6", cosine=0.85).label == "contradict"
    assert detect_stance("the library closes at 5", "the library closes at 5pm", cosine=0.95).label == "agree"


def test_a_meridiem_after_a_range_of_hours_belongs_to_both():
    assert features("the clinic runs 2 to 5 pm").numbers == {"2:00", "end:5:00"}
    assert detect_stance("the clinic runs 2 to 5 pm", "the clinic finishes at five in the afternoon",
                         cosine=0.8).label == "agree"


def test_a_state_said_to_go_on_against_its_end():
    from memwarden.trust.state_end import ended_yet_still

    a, b = "we sold the camper van", "we still have the camper van"
    assert ended_yet_still(a, b, features(a), features(b)) == "camper"
    assert detect_stance(a, b, cosine=0.8).label == "contradict"
    assert detect_stance("she quit Tesco", "she's still at Tesco, likes it there", cosine=0.7).label == "contradict"
    assert detect_stance("I stopped taking ibuprofen", "I still take ibuprofen at night", cosine=0.8).label == "contradict"


def test_an_end_of_another_thing_or_a_still_that_agrees_is_no_contradiction():
    # What ended is not what goes on ("ibuprofen" / "paracetamol"); both sides ending agree.
    assert detect_stance("I stopped taking ibuprofen", "I still take paracetamol", cosine=0.6).label != "contradict"
    assert detect_stance("we sold the camper van", "we still sold the camper van in the end", cosine=0.9).label != "contradict"
    # A denied end ("didn't sell") is no end.
    from memwarden.trust.state_end import ended_yet_still

    a, b = "we didn't sell the camper van", "we still have the camper van"
    assert ended_yet_still(a, b, features(a), features(b)) is None


def test_one_thing_placed_in_two_places_is_a_contradiction():
    from memwarden.trust.value_holder import placed_subject

    assert placed_subject("The christening is at St Brigid's in Kilkenny.") == placed_subject(
        "the christening's happening in the Old Rectory at Thomastown") == "christen"
    assert detect_stance("The christening is at St Brigid's in Kilkenny.",
                         "the christening's happening in the Old Rectory at Thomastown", cosine=0.6).label == "contradict"
    # Two people doing one thing in two places is no contradiction; nor is a sentence that places nothing.
    assert placed_subject("Oisin won in Galway") is None
    assert detect_stance("Oisin won in Galway", "Aoife won in Sligo", cosine=0.6).label == "unrelated"
    assert placed_subject("the meeting is with Dr Patel") is None
