import pytest

from memwarden.trust.stance import detect_stance, features

CONTRADICT = [
    ("I moved to Paris last year.", "I moved to Rome last year."),
    ("I love sushi.", "I hate sushi."),
    ("Caroline is married.", "Caroline is divorced."),
    ("The store is open on Sundays.", "The store is closed on Sundays."),
    ("I have 3 cats.", "I have two cats."),
    ("The meeting is on Monday.", "The meeting is on Friday."),
    ("Melanie went to the concert.", "Melanie didn't go to the concert."),
    ("John works at Google.", "John works at Microsoft."),
    ("My favorite color is blue.", "My favorite color is green."),
    ("She was born in 1990.", "She was born in 1985."),
    ("The bridge was built in May.", "The bridge was built in June."),
    ("Tom passed the driving test.", "Tom failed the driving test."),
    ("I never drink coffee.", "I drink coffee every morning."),
    ("Alice lives in Berlin.", "Alice lives in Munich."),
    ("The claim is true: the museum reopened.", "The museum reopened is false."),
    ("I am vegetarian.", "I am not vegetarian anymore."),
    ("The restaurant is cheap.", "The restaurant is expensive."),
    ("My sister is 25 years old.", "My sister is 31 years old."),
    ("He accepted the job offer.", "He rejected the job offer."),
    ("The photo shows the team won the final.", "The team lost the final."),
    ("I\u2019m allergic to peanuts.", "I'm not allergic to peanuts."),
    ("The lake is safe for swimming.", "The lake is dangerous for swimming."),
]
AGREE = [
    ("I moved to Paris last year.", "I moved to Paris."),
    ("I love sushi.", "I really love sushi a lot."),
    ("Melanie went to the concert on Friday.", "Melanie went to the concert."),
    ("Alice lives in Berlin.", "Alice lives in Berlin with her dog."),
    ("The store is closed on Sundays.", "On Sundays the store is closed."),
    ("I never drink coffee.", "I don't drink coffee."),
    ("The team won the final.", "The photo clearly shows the team won the final."),
]
UNRELATED = [
    ("I moved to Paris last year.", "My dog likes to chase squirrels."),
    ("I like apples.", "I like pears."),
    ("The meeting is on Monday.", "Pizza is my favourite food."),
    ("John works at Google.", "The weather was sunny yesterday."),
]


@pytest.mark.parametrize("a,b", CONTRADICT)
def test_contradictions_are_detected(a, b):
    s = detect_stance(a, b)
    assert s.label == "contradict", (s, a, b)
    assert s.value == -1 and 0 < s.score <= 1 and s.reason
    assert detect_stance(b, a).label == "contradict"


@pytest.mark.parametrize("a,b", AGREE)
def test_agreements_are_detected(a, b):
    s = detect_stance(a, b)
    assert s.label == "agree", (s, a, b)
    assert s.value == 1 and s.signed > 0


@pytest.mark.parametrize("a,b", UNRELATED)
def test_unrelated_pairs(a, b):
    s = detect_stance(a, b)
    assert s.label == "unrelated", (s, a, b)
    assert s.value == 0


def test_hedges_lower_the_score_but_not_the_polarity():
    sure = detect_stance("The team won the final.", "The team won the final.")
    hedged = detect_stance("The team won the final.", "The photo is blurry, maybe the team won the final.")
    assert hedged.label == "agree" and hedged.score < sure.score
    assert "hedged" in hedged.reason


def test_not_sure_is_a_hedge_not_a_denial():
    s = detect_stance("Bob adopted a puppy.", "I'm not sure Bob adopted a puppy.")
    assert s.label == "agree" and s.score < 0.7


def test_cosine_decides_relatedness_only():
    # Cosine high, no shared words: still no polarity without a cue.
    assert detect_stance("I adore felines", "Cats are wonderful", cosine=0.8).label == "agree"
    assert detect_stance("I adore felines", "Cats are wonderful", cosine=0.1).label == "unrelated"


def test_bad_input_is_defined():
    assert detect_stance("", "").label == "unrelated"
    assert detect_stance("!!!", "I moved to Rome").label == "unrelated"
    assert features("x" * 50_000).content


def test_stance_is_fast_enough_for_consensus():
    # Not a timing assertion: features are cached per text, so repeated pairs do not re-tokenise.
    features.cache_clear()
    detect_stance("I moved to Paris", "I moved to Rome")
    detect_stance("I moved to Paris", "I moved to Berlin")
    assert features.cache_info().hits >= 1


def test_different_entities_are_not_a_slot_conflict():
    assert detect_stance("Leo won the Lisbon marathon.", "Ana won the Porto marathon.").label != "contradict"


@pytest.mark.parametrize("idiom", ["You won't believe it, Karim sailed to the islands.", "Guess what, Karim sailed to the islands!"])
def test_idioms_neither_negate_nor_hedge(idiom):
    s = detect_stance("Karim sailed to the islands.", idiom)
    assert s.label == "agree" and "hedged" not in s.reason


def test_resolved_calendar_dates_are_one_value_each():
    f = features("Jonas fixed the fence last Tuesday (2024-03-05)")
    assert "2024-03-05" in f.dates
    assert not f.numbers  # neither 3 nor 5 is a number the text states


def test_two_dated_events_of_one_person_do_not_contradict():
    a = "Jonas repainted the garden shed last spring (2023-03-01..2023-05-31)"
    b = "Jonas joined a choir at the library yesterday (2024-02-11)"
    assert detect_stance(a, b, cosine=0.55).label == "unrelated"


def test_a_replacement_still_contradicts_across_different_wording():
    a = "The user: train to Lyon on 3 June (2025-06-03), leaves 08:15"
    b = "They rebooked the user onto the 5 June (2025-06-05) service instead, departs 11:40"
    assert detect_stance(a, b, cosine=0.6).label == "contradict"


def test_doubting_oneself_is_a_hedge_not_a_denial():
    st = detect_stance("The team uses Django 4.", "we're on django 4 I believe, could be wrong though", cosine=0.7)
    assert st.label == "agree" and "hedged" in st.reason


def test_the_person_passing_news_on_is_not_what_it_is_about():
    ticket = "Ticket OPS-91 | Migration | Window: 14 March | Owner: Dara"
    rumour = "the migration happens on 12 March, that's what Idris said"
    assert features(rumour).proper == frozenset()
    assert detect_stance(ticket, rumour, cosine=0.6).label == "contradict"


def test_a_claim_whose_values_are_all_restated_agrees():
    st = detect_stance("The recital is on Thursday at 6pm.", "the programme says Thursday 12th, 6pm, main hall", cosine=0.5)
    assert st.label == "agree"
    # One calendar date in common is a coincidence, not the same claim.
    assert detect_stance("My sister's name day is 9 May", "our lease renewal is due 9 May", cosine=0.5).label != "agree"


def test_two_shared_words_in_other_context_are_the_same_claim():
    st = detect_stance("The boiler's pump needs replacing.", "plumber rang: it's the pump, £180 to replace, done monday",
                       cosine=0.5)
    assert st.label == "agree"


def test_a_reading_outside_the_range_contradicts_within_it():
    st = detect_stance("My blood pressure is within the healthy range.",
                       "nurse's note: blood pressure 150/95, above the healthy 120/80", cosine=0.6)
    assert st.label == "contradict"
