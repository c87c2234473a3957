"""Stance and verdicts on kinds of wording (issue 11): each case is written here, about topics the
evaluation sets do not use, so a rule copied from one case would not pass them."""

from datetime import datetime, timedelta, timezone

import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.trust.features import features
from memwarden.trust.stance import detect_stance
from memwarden.trust.typed_values import extract_values, words_to_digits

T0 = datetime(2026, 2, 1, 9, 0, tzinfo=timezone.utc)


# -- typed values ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text,value", [
    ("the ferry leaves at twenty past eight", "8:20"),
    ("ferry departs 08:20", "8:20"),
    ("choir practice is at seven in the evening", "7:00"),
    ("choir practice 7pm sharp", "7:00"),
    ("the vet shuts at half five", "end:5:30"),   # a closing time is an end
    ("surgery hours 8:30am-6pm", "end:6:00"),
    ("drop-off is at quarter to nine", "8:45"),
    ("drop-off 8.45am", "8:45"),
    ("lunch at noon", "12:00"),
])
def test_clock_times_read_one_way(text, value):
    assert value in extract_values(text.lower())[1]


@pytest.mark.parametrize("text,unit", [
    ("the deposit is three thousand five hundred pounds", "£:3500"),
    ("deposit: £3,500", "£:3500"),
    ("a 3.5k quid deposit", "£:3500"),
    ("the loan rate went up to four percent", "%:4"),
    ("she takes 50 mg of sertraline", "mg:50"),
    ("the drive is about forty-five minutes", "min:45"),
])
def test_amounts_keep_their_unit(text, unit):
    assert unit in extract_values(text.lower())[2]


def test_number_words_leave_pronoun_one_alone():
    assert words_to_digits("no one came to the second one") == "no one came to the second one"
    assert words_to_digits("we need twenty-two chairs and a hundred cups") == "we need 22 chairs and 100 cups"
    assert "2" in features("I got a two percent raise").numbers and "3" not in features("I got a two percent raise").numbers


def test_versions_ignore_a_trailing_zero_and_a_full_stop():
    assert "v5.1" in features("We deploy release 5.1.0.").numbers
    assert "v5.1" in features("prod is on v5.1").numbers


# -- stance by kind -------------------------------------------------------------------------------


@pytest.mark.parametrize("a,b", [
    ("the ferry leaves at twenty past eight", "ferry departs 08:20"),           # words vs digits
    ("the deposit is three thousand five hundred pounds", "we put down £3,500 as the deposit"),
])
def test_the_same_value_in_other_words_agrees(a, b):
    assert detect_stance(a, b, cosine=0.6).label == "agree"


@pytest.mark.parametrize("a,b", [
    ("the ferry leaves at twenty past eight", "the ferry leaves at 8:40"),      # near-miss time
    ("the deposit is £850", "the deposit is £580"),                               # near-miss amount
    ("my vitamin D dose is 1000 units", "my vitamin D dose is 100 units"),
])
def test_near_miss_values_contradict(a, b):
    assert detect_stance(a, b, cosine=0.8).label == "contradict"


def test_a_negated_status_is_its_opposite():
    # "wasn't postponed/cancelled" agrees with "went ahead"; "hasn't been paid" contradicts "paid".
    assert detect_stance("the school trip wasn't cancelled", "the school trip went ahead", cosine=0.8).label == "agree"
    assert detect_stance("the plumber's invoice is paid", "the plumber's invoice hasn't been paid yet",
                         cosine=0.8).label == "contradict"


def test_a_negation_only_denies_its_own_clause():
    a = "the dishwasher is fixed"
    b = "dishwasher is still broken, no clean plates again"
    assert detect_stance(a, b, cosine=0.7).label == "contradict"


def test_status_words_of_possession_machines_and_validity():
    assert detect_stance("I still own the canoe", "sold the canoe on gumtree last week", cosine=0.6).label == "contradict"
    assert detect_stance("the mower is fine", "the mower needs a new blade", cosine=0.7).label == "contradict"
    assert detect_stance("the mower won't start", "the mower needs a new spark plug", cosine=0.7).label != "contradict"
    assert detect_stance("my railcard is valid until 2027", "railcard ending 22 has expired", cosine=0.6).label == "contradict"


def test_converse_relations_and_reversed_roles():
    assert detect_stance("Omar manages Lina", "Lina reports to Omar").label == "agree"
    assert detect_stance("Omar is Lina's supervisor", "Lina's supervisor is Omar").label == "agree"
    assert detect_stance("I manage Lina", "Lina is my boss").label == "contradict"


def test_compatible_statements_about_other_things_stay_unrelated():
    # Same predicate, two things; two days of one week; a sibling's allergy and the speaker's.
    assert detect_stance("the library is closed on mondays", "the museum is open on mondays", cosine=0.5).label == "unrelated"
    assert detect_stance("I'm at the studio wednesdays", "I don't teach on saturdays", cosine=0.6).label == "unrelated"
    assert detect_stance("I'm allergic to latex", "my sister's allergic to latex").label == "unrelated"


def test_a_reported_claim_is_about_its_content_not_its_reporter():
    assert detect_stance("Marta said the recital is on the 9th of May", "Recital date is May 9").label == "agree"
    assert detect_stance("the label says 250ml", "the bottle holds 250ml", cosine=0.5).label == "agree"


def test_a_leading_no_is_a_correction_not_a_denial():
    assert detect_stance("no, sorry, it's wednesday not friday", "the book club meets on Wednesday").label == "agree"


def test_a_change_with_both_values_contradicts_the_old_one():
    b = "yoga got moved, the hall is booked on mondays so class is on thursdays now"
    assert detect_stance("yoga class is on Mondays", b).label == "contradict"
    assert detect_stance("yoga class is on Thursdays", b).label != "contradict"


# -- verdicts -------------------------------------------------------------------------------------


def _say(m, text, *, name=None, source=None, at=T0, role="user"):
    msg = {"role": role, "content": text, "timestamp": at.isoformat()}
    if name:
        msg["name"] = name
    m.add([msg], user_id="u", source=source, admission="all")


def test_a_self_correction_minutes_later_makes_the_first_value_false():
    m = Memory(config=MemoryConfig(embedder="minilm"))
    _say(m, "my smear test is booked for the 21st at 9")
    _say(m, "oops my mistake, it's the 12th. still 9am", at=T0 + timedelta(minutes=3))
    assert m.verdict("The user's smear test is on the 21st.", user_id="u").verdict == "FALSE"


def test_a_document_beats_a_confident_relative_even_when_said_later():
    m = Memory(config=MemoryConfig(embedder="minilm"))
    _say(m, "Wedding invitation: ceremony at Holy Trinity, Saturday 6 June at 1pm, reception to follow.",
         source="document")
    _say(m, "the wedding ceremony's at four, I know it is", name="Uncle Fergus", at=T0 + timedelta(days=9))
    v = m.verdict("The wedding ceremony starts at 4pm.", user_id="u")
    assert v.verdict != "TRUE"


def test_a_rota_that_only_names_someone_does_not_confirm_what_is_said_of_them():
    m = Memory(config=MemoryConfig(embedder="minilm"))
    _say(m, "Clinic rota for March: Dr Okafor - Tuesdays and Thursdays.", source="document")
    assert m.verdict("Dr Okafor has moved abroad.", user_id="u").verdict == "UNKNOWN"


def test_selling_a_thing_makes_still_owning_it_false():
    m = Memory(config=MemoryConfig(embedder="minilm"))
    _say(m, "bought a secondhand Brompton bike")
    _say(m, "sold the brompton to a colleague, I walk to work now", at=T0 + timedelta(days=60))
    assert m.verdict("The user still owns the Brompton bike.", user_id="u").verdict == "FALSE"


def test_versions_match_by_prefix_and_differ_by_release():
    assert detect_stance("the app is built on Django 4", "requirements pin django 4.2.7 and celery 5.3").label == "agree"
    assert detect_stance("release 2.8.0 has shipped", "v2.9.0 shipped this morning").label == "contradict"


def test_a_later_change_naming_only_the_new_time_decides():
    m = Memory(config=MemoryConfig(embedder="minilm"))
    _say(m, "the plumber is booked to come round at 8:30 on Thursday")
    _say(m, "plumber texted, the visit is now at 11:15 instead", at=T0 + timedelta(days=1))
    _say(m, "the plumber's office rang, actually he'll turn up at 2:45 instead, traffic", at=T0 + timedelta(days=2))
    assert m.verdict("The plumber is coming at 11:15.", user_id="u").verdict != "TRUE"


def test_diet_kin_and_delivery_wording():
    assert detect_stance("I never eat meat", "I'm a vegetarian").label == "agree"
    assert detect_stance("my mum is back home after the op", "my mother is home after her surgery").label == "agree"
    assert detect_stance("the order was delivered", "courier says delivery failed, returned to sender",
                         cosine=0.5).label == "contradict"
    assert detect_stance("I live in Exeter", "we moved to Exeter in the spring").label == "agree"


def test_fine_or_clear_against_an_ailment():
    assert detect_stance("the scan says my wrist is fine", "I have a wrist fracture", cosine=0.6).label == "contradict"
    assert detect_stance("Rufus's ears are healthy now", "Rufus has an ear infection", cosine=0.6).label == "contradict"


def test_tied_clauses_that_contradict_make_a_record_contradict():
    m = Memory(config=MemoryConfig(embedder="minilm"))
    _say(m, "Town hall notice: the swimming baths open as normal on Saturday, only the sauna is closed for repairs.",
         source="document")
    assert m.verdict("The swimming baths are closed on Saturday.", user_id="u").verdict == "FALSE"


def test_one_manager_at_a_time_but_a_manager_of_many():
    assert detect_stance("Priyanka manages Tom", "Priyanka manages Wei").label == "unrelated"
    assert detect_stance("Tom reports to Priyanka", "Tom reports to Gareth").label == "contradict"
    assert detect_stance("I report to Priyanka Shah", "gareth is my manager now").label == "contradict"
    assert detect_stance("I report to Priyanka Shah", "my manager is priyanka, she's great").label == "agree"


def test_a_slot_value_is_what_follows_its_frame_word():
    # "moved to X" / "moved to Y" is one slot with two values; a word elsewhere is not a value.
    assert detect_stance("I moved to Cardiff", "I moved to Swansea").label == "contradict"
    assert detect_stance("our lab is moving to the Harwell campus", "we're all moving to the Harwell campus, a postdoc told me"
                         ).label != "contradict"
    assert detect_stance("I started a new job", "first week at the new job done").label != "contradict"


def test_a_possessive_month_is_a_month():
    f = features("I still owe Kemal for March's gas bill")
    assert "march" in f.dates and "march" not in f.proper


def test_a_range_starts_at_its_first_time():
    assert detect_stance("the physio session starts at 2:30", "Calendar: Physio, Wed 14:00-14:30",
                         cosine=0.6).label == "contradict"
    assert detect_stance("the pharmacy closes at 6", "pharmacy hours 9am to 5:30pm", cosine=0.6).label == "contradict"
    assert detect_stance("the pharmacy closes at 5:30", "pharmacy hours 9am to 5:30pm", cosine=0.6).label == "agree"


def test_an_appended_iso_date_is_not_one_more_value():
    # The extractor appends the resolved date; the clause still says one day.
    a = "The museum is closed on Monday because of the flood."
    assert detect_stance(a, "it's open as usual on monday (2026-03-09)").label == "contradict"


def test_loose_hours_counts_and_more_status_words():
    assert detect_stance("the barbecue starts at 6pm", "barbecue around 6ish").label == "agree"
    assert "10" in features("around 10 volunteers turned up").numbers
    assert detect_stance("the parade was postponed", "the parade went ahead").label == "contradict"
    assert detect_stance("my loan application was approved", "my loan application was turned down").label == "contradict"
    assert detect_stance("I work for Arriva", "got laid off from Arriva last week").label == "contradict"


def test_a_change_naming_only_its_new_time_contradicts_the_old_time():
    old = "the shuttle to the conference centre leaves the hotel at 7:40"
    new = "organisers emailed, the bus will come at 8:05 instead because of the marathon closures"
    assert detect_stance(old, new, cosine=0.5).label == "contradict"
    assert detect_stance(old, new, cosine=0.2).label == "unrelated"   # not on one topic


def test_an_event_moved_to_a_day_is_no_change_of_home():
    assert "live" not in features("the recital moved to the 12th").content
    assert "live" in features("we moved to Bristol last spring").content


def test_ailment_endings_spare_common_words():
    assert "ailment" not in features("my diploma and the diagnosis letter arrived").content
    assert "ailment" in features("she has tonsillitis again").content
    assert features("The user's flight is on Friday").thing is None


def test_getting_the_keys_is_moving_in():
    assert detect_stance("I have moved into a house in Frome", "got the keys to our new house in frome today!!",
                         cosine=0.5).label == "agree"


def test_refund_status():
    assert detect_stance("still waiting on the refund for the kettle", "the kettle refund came through this morning",
                         cosine=0.6).label == "contradict"
    assert detect_stance("the deposit refund hasn't landed", "got our money back from the letting agent",
                         cosine=0.5).label == "contradict"


def test_a_time_change_naming_both_times_contradicts_the_old_one():
    b = "the vet moved Biscuit's jab from 3:30 to 4:15"
    assert detect_stance("Biscuit's jab is at 3:30", b).label == "contradict"
    assert detect_stance("Biscuit's jab is at 4:15", b).label != "contradict"
