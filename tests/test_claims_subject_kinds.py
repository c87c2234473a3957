"""Who a claim is about, by grammatical kind (issue 10 follow-up): kinship words used as names,
a named person as the referent of the next pronoun, object pronouns, each in wordings of its own."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.claims.rules import RuleExtractor
from memwarden.models import Claim, Turn

#: Thursday 14 May 2026, 18:00 UTC.
NOW = datetime(2026, 5, 14, 18, 0, tzinfo=timezone.utc)
R = RuleExtractor()


def claims(text: str, role: str = "user") -> list[Claim]:
    return [c.claim for c in R.extract([Turn(role=role, content=text, timestamp=NOW)], now=NOW).claims]


def with_slot(text: str, attr_prefix: str) -> Claim:
    hit = [c for c in claims(text) if (c.attribute or "").startswith(attr_prefix)]
    assert len(hit) == 1, [(c.subject, c.slot) for c in claims(text)]
    return hit[0]


# A kinship word used as a name heads the clause, in any case, plain or possessive: the speaker's relation,
# never the speaker (their residence or medication is not the user's).
@pytest.mark.parametrize("text,attr,subject", [
    ("mum lives in Whitby", "residence", "user's mum"),
    ("nan lives in scarborough now", "residence", "user's nan"),
    ("my nan lives in Whitby", "residence", "user's nan"),
    ("my gran has moved to Filey", "residence", "user's gran"),
    ("Mum's home from hospital. she's on warfarin now", "medication", "user's mum"),
    ("grandma is in a care home now, she's on metformin", "medication", "user's grandma"),
    ("dad's been moved to a ward, he's on amoxicillin", "medication", "user's dad"),
])
def test_kin_word_heads_the_relation(text: str, attr: str, subject: str) -> None:
    assert with_slot(text, attr).subject == subject


def test_kin_possessive_is_the_relation() -> None:
    subjects = {c.subject for c in claims("grandma's care home is Oakfield")}
    assert subjects == {"user's grandma"}


# A named person heading a clause is who the next "he"/"she" is, also after a greeting and "so".
@pytest.mark.parametrize("text,attr,subject", [
    ("Theo started year 2 this week. he has a peanut allergy", "allergy", "Theo"),
    ("hiya, so Theo started year 2 this week, he has a peanut allergy", "allergy", "Theo"),
    ("heya! Zara's off to uni in september. she's coeliac so halls catering is a worry", "allergy", "Zara"),
    ("Marcus came round for tea, he's allergic to kiwi", "allergy", "Marcus"),
])
def test_named_head_is_the_next_pronoun(text: str, attr: str, subject: str) -> None:
    assert with_slot(text, attr).subject == subject


def test_pronoun_with_no_one_named_is_someone_else() -> None:
    # session 12: "he" is never the speaker; the allergy stays a constraint (its weight reads the attribute only)
    c = with_slot("he has a peanut allergy", "allergy")
    assert c.subject == "someone else" and c.slot.endswith("|allergy:peanut")


# An object pronoun in a clause with no person of its own is the person last talked about; a clause with the
# speaker in it ("i told him") stays the speaker's.
@pytest.mark.parametrize("text,attr,subject,says", [
    ("my dad's in hospital, they've put him on warfarin", "medication", "user's dad", "put the user's dad on warfarin"),
    ("grandma had a fall. the gp put her on sertraline", "medication", "user's grandma", "put the user's grandma on"),
])
def test_object_pronoun_is_the_person_last_named(text: str, attr: str, subject: str, says: str) -> None:
    got = [ec for ec in R.extract([Turn(role="user", content=text, timestamp=NOW)], now=NOW).claims
           if (ec.claim.attribute or "").startswith(attr)]
    assert len(got) == 1 and got[0].claim.subject == subject and says in got[0].text


def test_object_pronoun_beside_the_speaker_stays_the_speaker() -> None:
    got = claims("my boss is off sick, i told him i'd cover his shifts")
    assert got[-1].subject == "user"


def test_given_her_is_the_receiver_not_a_possessive() -> None:
    texts = [ec.text for ec in R.extract([Turn(role="user", content="my sister is poorly. the doctor gave her antibiotics",
                                                timestamp=NOW)], now=NOW).claims]
    assert any("gave the user's sister antibiotics" in t for t in texts), texts


# Negation is read in the main clause: a bare "so" before a clause or a "no X" ends it, and a trailing
# ", not X" in lower case corrects a value (it names what the claim is not), it does not deny the claim.
@pytest.mark.parametrize("text,attr", [
    ("i'm vegetarian so no meat in anything pls", "diet"),
    ("my partner is on sertraline now so no st john's wort", "medication"),
    ("i live in leeds, not york", "residence"),
    ("we moved to bath last year, not bristol", "residence"),
])
def test_main_clause_is_not_negated_by_its_tail(text: str, attr: str) -> None:
    assert with_slot(text, attr).negated is False


@pytest.mark.parametrize("text,attr", [
    ("i'm not vegan, just veggie", "diet"),
    ("i don't live in leeds, not anymore", "residence"),
    ("i'm not vegetarian so i eat anything", "diet"),
])
def test_negation_in_the_main_clause_stays(text: str, attr: str) -> None:
    assert with_slot(text, attr).negated is True


def test_corrected_tail_names_the_value_it_is_not() -> None:
    got = [ec for ec in R.extract([Turn(role="user", content="we use slack at work, not teams", timestamp=NOW)], now=NOW).claims]
    assert len(got) == 1 and got[0].claim.negated is False and got[0].claim.previous_value == "teams"


# A named relation said as a possessive is that relation ("my son Alfie's school": Alfie's school, on the same
# subject as "my son Alfie ..."), and a relation's relation is its own subject, never the first relation.
@pytest.mark.parametrize("text,slot", [
    ("my son Alfie's school is Oakwood Primary", "user's son Alfie|school"),
    ("my daughter Lily's birthday is 3 June", "user's daughter Lily|birthday"),
    ("my partner's mum lives in Cork", "user's partner's mum|residence"),
    ("my partner Jess's dad lives in Galway", "user's partner Jess' dad|residence"),
    ("my sister Ana's husband is a pilot. he's allergic to cats", "user's sister Ana's husband|allergy:cat"),
])
def test_relation_possessives(text: str, slot: str) -> None:
    attr = slot.split("|")[1].split(":")[0]
    assert with_slot(text, attr).slot == slot


# Slot frames: "drive a <Model>" is the car whatever the make, "<someone> reports to X" is their manager (one slot
# with "my boss is" / "my line manager is"), and "as a <role>" ends an employer's name.
@pytest.mark.parametrize("text,slot,value", [
    ("I drive a 2018 Golf", "user|car", "2018 Golf"),
    ("my wife drives an old Yaris", "user's wife|car", "Yaris"),
    ("now I report to Harriet", "user|manager", "Harriet"),
    ("my line manager is Tom now", "user|manager", "Tom"),
    ("my boss is Ifeoma", "user|manager", "Ifeoma"),
    ("my husband works at the nhs as a nurse", "user's husband|employer", "nhs"),
])
def test_slot_frames(text: str, slot: str, value: str) -> None:
    got = [c for c in claims(text) if c.slot == slot]
    assert len(got) == 1 and got[0].value == value, [(c.slot, c.value) for c in claims(text)]


@pytest.mark.parametrize("text", ["I need to report to HR about it", "I drive a lot for work"])
def test_no_slot_from_errands_or_habits(text: str) -> None:
    assert all(c.attribute not in ("manager", "car") for c in claims(text))


# A comma splice after a number splits like any other: "don't call before 9, I work nights" is a request and a
# fact, and the request's "don't" does not deny the fact.
def test_comma_splice_after_a_number() -> None:
    got = claims("don't ring before 10, i work nights at the depot")
    assert len(got) == 2 and got[1].negated is False


# A question that presupposes the speaker's state states it: after a factive subordinator ("since", "given",
# "now that") or "tell X (that)"; "if I'm ..." only supposes.
@pytest.mark.parametrize("text,slot", [
    ("should i tell my manager i'm pregnant?", "user|condition:pregnant"),
    ("can i have a glass of wine since i'm on warfarin?", "user|medication:warfarin"),
    ("any packed lunch ideas given my son is coeliac?", "user's son|allergy:gluten"),
    ("do i need to tell the landlord that i've got a cat?", "user|pet:cat"),
])
def test_question_carries_the_speakers_state(text: str, slot: str) -> None:
    assert [c.slot for c in claims(text)] == [slot]


@pytest.mark.parametrize("text", ["is it ok to take ibuprofen if i'm on warfarin?", "what if i'm late?",
                                  "can you recommend a gym near me?"])
def test_question_without_presupposition_yields_nothing(text: str) -> None:
    assert claims(text) == []


# Values: an aside after a dash is no part of the value, "is called/named X" gives the name, and a pet said
# with "is named" is the pet's name, never the word "is".
@pytest.mark.parametrize("text,role,slot,value", [
    ("So you've moved to Cardiff - noted.", "assistant", "user|residence", "Cardiff"),
    ("we moved to Frome - tiny place near Bath", "user", "user|residence", "Frome"),
    ("my landlord is called Dave", "user", "user|landlord", "Dave"),
    ("my physio is named Grace", "user", "user|physio", "Grace"),
    ("my cat is called Pickle", "user", "user|pet:pickle", "Pickle"),
])
def test_value_spans(text: str, role: str, slot: str, value: str) -> None:
    got = [c for c in claims(text, role=role) if c.slot == slot]
    assert len(got) == 1 and got[0].value == value, [(c.slot, c.value) for c in claims(text, role=role)]


def test_pet_state_is_no_name() -> None:
    assert all(not (c.attribute or "").startswith("pet:") for c in claims("my dog is ill again"))


# Who provides a service ("my mortgage is with X", "we bank with X", "went with X for the energy"), a bare amount
# said as rent, and a pregnancy said with its weeks: each gets its slot, so a later change supersedes it.
@pytest.mark.parametrize("text,slot,value", [
    ("we bank with Starling", "user|bank", "Starling"),
    ("our broadband is with Zen but it drops every evening", "user|broadband", "Zen"),
    ("we ended up going with Octopus for the energy", "user|energy", "Octopus"),
    ("we're with EDF for gas and electric", "user|energy", "EDF"),
    ("my car insurance is with Admiral", "user|car_insurance", "Admiral"),
    ("we pay 1450 rent", "user|rent", "1450"),
    ("rent's gone up to 1525", "user|rent", "1525"),
    ("i'm 34 weeks pregnant", "user|condition:pregnant", "pregnant"),
])
def test_provider_rent_and_pregnancy_slots(text: str, slot: str, value: str) -> None:
    got = [c for c in claims(text) if c.slot == slot]
    assert len(got) == 1 and got[0].value == value, [(c.slot, c.value) for c in claims(text)]


@pytest.mark.parametrize("text", ["my sister is with Tom now", "we went with Sam for lunch", "rent is 3 days late"])
def test_no_provider_or_rent_from_people_or_delays(text: str) -> None:
    assert [c.attribute for c in claims(text)] == [None]


# A household member said with "the" or a pet name is the speaker's family, not the speaker: "the twins are
# allergic to nuts" must not give the user a nut allergy. A role said with "the" stays out ("the doctor put me on").
@pytest.mark.parametrize("text,slot", [
    ("the twins are both allergic to nuts", "user's twins|allergy:nut"),
    ("the missus is vegetarian these days", "user's wife|diet"),
    ("hubby is diabetic", "user's husband|condition:diabetic"),
    ("the kids' school is St Mary's", "user's kids|school"),
    ("the wife's birthday is next tuesday", "user's wife|birthday"),
])
def test_the_household_member(text: str, slot: str) -> None:
    assert slot in [c.slot for c in claims(text)], [c.slot for c in claims(text)]


def test_the_doctor_is_no_household_member() -> None:
    assert [c.slot for c in claims("the doctor put me on metformin")] == ["user|medication:metformin"]


# An assistant stating the user's account ("Your new plan is Essentials") fills the same slot the user's own "my plan
# is ..." would; an adjective of currency ("new", "current") names no attribute of its own; "now" before the place.
@pytest.mark.parametrize("text,role,slot,value", [
    ("Your new plan is Essentials at £12/month, from your next bill.", "assistant", "user|plan", "Essentials"),
    ("my current plan is Unlimited Plus", "user", "user|plan", "Unlimited Plus"),
    ("Your account number is 44821.", "assistant", "user|account_number", "44821"),
    ("Okay, you're now in Bristol.", "assistant", "user|residence", "Bristol"),
    ("i'm now in Glasgow", "user", "user|residence", "Glasgow"),
])
def test_account_facts_and_currency_adjectives(text: str, role: str, slot: str, value: str) -> None:
    got = [c for c in claims(text, role=role) if c.slot == slot]
    assert len(got) == 1 and got[0].value == value, [(c.slot, c.value) for c in claims(text, role=role)]


# An animal's health is its own: "the dog is deaf", "my sister's dog ...", and "she" after it is the animal.
# Owning the animal stays the owner's pet slot.
@pytest.mark.parametrize("text,slot", [
    ("the dog is deaf now", "user's dog|condition:deaf"),
    ("my dog is allergic to chicken", "user's dog|allergy:chicken"),
    ("my sister's dog is deaf", "user's sister's dog|condition:deaf"),
    ("the cat is diabetic, she's on insulin", "user's cat|medication:insulin"),
])
def test_an_animals_health_is_its_own(text: str, slot: str) -> None:
    assert slot in [c.slot for c in claims(text)], [c.slot for c in claims(text)]


def test_owning_a_pet_stays_the_owners() -> None:
    assert [c.slot for c in claims("we have a cat called Pickle")] == ["user|pet:pickle"]


@pytest.mark.parametrize("text,slot", [
    ("my mate Dev is a plumber", "user's mate Dev|role"),
    ("my housemate Lou is vegan", "user's housemate Lou|diet"),
])
def test_friends_by_chat_names_are_relations(text: str, slot: str) -> None:
    assert [c.slot for c in claims(text)] == [slot]


# The speaker's elliptical word after a report ("my mum reckons I'm lactose intolerant but I'm not") is a first-hand
# claim on the same slot, negated or not as said; the report keeps its reporter.
@pytest.mark.parametrize("text,slot,negated", [
    ("my mum reckons i'm lactose intolerant but i'm not", "user|allergy:lactose", True),
    ("my sister thinks I'm coeliac, I'm not though", "user|allergy:gluten", True),
    ("my dad thinks i'm not allergic to cats but i am", "user|allergy:cat", False),
])
def test_own_ellipsis_after_a_report(text: str, slot: str, negated: bool) -> None:
    got = claims(text)
    assert [c.slot for c in got] == [slot, slot]
    assert got[0].firmness == "reported" and got[1].firmness == "stated" and got[1].vouched_by == "user"
    assert got[1].negated is negated


def test_bare_ellipsis_with_nothing_before_is_no_claim() -> None:
    assert claims("i'm not") == []


# A number named by its kind is that kind's ("my nhs number is ..." is no phone number, and must not supersede
# one); "moved off X to Y" is a switch like "from X to Y"; "no." as an abbreviation negates nothing.
@pytest.mark.parametrize("text,slot", [
    ("pretty sure my nhs number is 485 777 3456", "user|nhs_number"),
    ("my policy number is 8881 2345 67", "user|policy_number"),
    ("my phone number is 07700 900123", "user|phone"),
    ("my new number is 07700 900124", "user|phone"),
])
def test_numbers_by_kind(text: str, slot: str) -> None:
    assert [c.slot for c in claims(text)] == [slot]


def test_moved_off_is_a_switch() -> None:
    c = claims("we moved off Heroku to Render last month")[0]
    assert c.previous_value == "Heroku" and c.value == "Render"


def test_number_abbreviation_is_no_negation() -> None:
    assert all(not c.negated for c in claims("our account no. is 12345678"))


# Session 20: a relation said with an age or size word, or set apart after the name, is that person's clause,
# not the user's (the user's own clause beside it stays the user's).
@pytest.mark.parametrize("text,attr,subject", [
    ("my younger sister Maren works at the bakery on Dale Road", "employer", "user's sister Maren"),
    ("my big brother Kofi lives in Accra", "residence", "user's brother Kofi"),
    ("Maren, my sister, works at the bakery on Dale Road", "employer", "user's sister Maren"),
    ("Kofi (my cousin) lives in Accra", "residence", "user's cousin Kofi"),
])
def test_a_relation_with_its_name_is_the_subject(text: str, attr: str, subject: str) -> None:
    assert with_slot(text, attr).subject == subject


def test_the_users_clause_beside_an_older_relations_stays_the_users() -> None:
    got = {(c.subject, c.attribute) for c in claims("my eldest son Rafi works at the garage while I work at the school")}
    assert ("user's son Rafi", "employer") in got and ("user", "employer") in got
