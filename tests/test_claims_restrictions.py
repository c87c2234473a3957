"""A rule or limit said in closed-class words becomes ``restriction:<thing>``, and only then."""

from __future__ import annotations

import pytest

from memwarden.claims.restrictions import restriction_guess
from memwarden.claims.slots import detect_slot
from memwarden.retrieval.row_meta import constraint_weight


@pytest.mark.parametrize("text, key", [
    ("the dentist said no fizzy drinks for a week", "restriction:fizzy"),
    ("house rules: no shoes upstairs", "restriction:shoe"),
    ("my landlord says no pets", "restriction:pet"),
    ("I'm not allowed to lift anything heavy", "restriction:lift"),
    ("she shouldn't be climbing ladders", "restriction:climbing"),
    ("we avoid motorways since the accident", "restriction:motorway"),
    ("the venue has to be wheelchair accessible", "restriction:wheelchair"),
    ("vegetarian options only", "restriction:vegetarian"),
    ("two nights max", "restriction:two"),
    ("nothing after 9pm for calls", "restriction:9pm"),
    ("long car journeys are a no for grandad", "restriction:long"),
    ("doing a no-alcohol january", "restriction:alcohol"),
])
def test_a_rule_is_typed_by_what_it_bars(text: str, key: str) -> None:
    g = restriction_guess(text)
    assert g is not None and g.attribute is not None and g.attribute.startswith(key) and g.negated is False


@pytest.mark.parametrize("text", [
    "no worries at all", "no idea what happened", "no way, that's amazing", "I can't wait for the weekend",
    "I can't believe it", "I don't know yet", "I have to be at work by 8", "there are no food restrictions",
    "can't I just order a pizza?", "we had a lovely time", "the only thing left is the cake",
    # forecasts and idioms in a rule's grammar (session 9 review)
    "That shouldn't be a problem", "It shouldn't be long now", "my no-claims bonus is 5 years",
    "It has to be said, the food was great", "she has to be at school by 8",
])
def test_replies_plans_and_questions_are_not_rules(text: str) -> None:
    assert restriction_guess(text) is None


def test_a_known_attribute_wins_over_a_restriction() -> None:
    assert (detect_slot("I'm allergic to sesame so no tahini").attribute or "").startswith("allergy:")
    assert detect_slot("she's vegan, no honey either").attribute == "diet"


def test_two_rules_never_share_a_slot_and_the_search_reads_them_as_constraints() -> None:
    a, b = detect_slot("physio says no running"), detect_slot("physio says no swimming")
    assert a.attribute and b.attribute and a.attribute != b.attribute
    assert constraint_weight(f"user|{a.attribute}") > 0


def test_banter_with_the_listener_is_no_rule() -> None:
    assert restriction_guess("no pressure haha") is None
    assert restriction_guess("no cheating pls") is None
    assert restriction_guess("the vet says no cheese for the dog lol") is not None


def test_a_no_answering_then_a_sentence_is_no_rule() -> None:
    assert restriction_guess("no swimming is on mondays now") is None
    assert restriction_guess("no the match's on sunday") is None
    assert restriction_guess("coach said no swimming till the cast is off") is not None


@pytest.mark.parametrize("text, key", [
    # what a person cannot do or take, said with a subject
    ("my dad cannot eat shellfish", "restriction:eat_shellfish"),
    ("he can't climb ladders at all since the fall", "restriction:climb_ladder"),
    # a standing habit of not doing a thing: short, or said to last
    ("we don't fly", "restriction:fly"),
    ("she doesn't drive at night anymore", "restriction:drive"),
    ("I never eat after 8pm", "restriction:eat_after"),
    # a cap before its amount, a comparative cap, shunning by "stay off", a thing kept out
    ("max two coffees a day", "restriction:two_coffee"),
    ("nothing bigger than a cabin bag", "restriction:cabin"),
    ("we keep off the motorways since the crash", "restriction:motorway"),
    ("they run a completely gluten-free kitchen", "restriction:gluten"),
])
def test_a_limit_said_with_a_negated_habit_or_capacity_is_a_rule(text: str, key: str) -> None:
    g = restriction_guess(text)
    assert g is not None and g.attribute is not None and g.attribute.startswith(key)


@pytest.mark.parametrize("text", [
    # "can't" idioms and plans
    "I can't make it on friday", "I can't wait to see you", "honestly can't believe it", "I can't take it anymore",
    # "don't"/"never": a thought, a narrative of what did not happen, a schedule, a condition
    "I don't think so", "I don't mind either way", "I never went back to that gym", "I've never been to Lisbon",
    "I don't get out till 6", "if I don't hear back by friday I'll call", "we never had issues with them",
    # what one has or where one works: a negated fact, not a habit kept
    "we don't own a car", "she doesn't work at the bakery anymore",
    # a feeling or a judgement in "can't"/"never"'s grammar
    "you can't beat a sunday roast", "I can't imagine life without her", "he never gives up on anyone",
    "nothing better than a long walk", "I never knew you could do that", "they don't define who you are",
    # "free" that costs nothing, "max" as a name
    "the museum is free on sundays", "entry is free for kids", "ask Max 3 times if you must",
])
def test_idioms_narratives_and_prices_are_not_negated_habits(text: str) -> None:
    assert restriction_guess(text) is None


@pytest.mark.parametrize("text", [
    # a dislike or a fault of a thing in "can't"'s grammar
    "I really can't stand her brother", "we can't log in to the council website", "I can't sign in on my phone",
    # a stage or a comparison, not a limit
    "the baby can't walk yet", "I can't swim as far as I used to",
    # luck and pastimes in "never"/"don't"'s grammar
    "I never win raffles", "we don't watch much telly",
    # news about someone else, filed under the speaker unless resolved
    "he never rings his sister", "she can't drive yet", "they don't answer emails",
])
def test_dislikes_faults_stages_and_others_habits_are_not_rules(text: str) -> None:
    assert restriction_guess(text) is None


@pytest.mark.parametrize("text, key", [
    ("I can't eat raw onion", "restriction:eat_raw"),
    ("we never drive on motorways", "restriction:drive"),
    ("she can't climb stairs at all since the op", "restriction:climb_stair"),  # a third person's lasting limit
    ("he doesn't drink anymore", "restriction:drink"),
    ("my gran can't walk far", "restriction:walk_far"),                          # a named subject the claim carries
])
def test_a_limit_of_the_speaker_or_a_named_person_or_said_to_last_stays_a_rule(text: str, key: str) -> None:
    g = restriction_guess(text)
    assert g is not None and g.attribute is not None and g.attribute.startswith(key)
