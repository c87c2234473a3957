"""Issue 12, session 10: classes of governance error seen in at least three authors' cases (another person as
the memory's subject, the user's own plate, someone served by name, a view the user holds on a question the
user asks, the user's account of what someone dealing with them said), each tested in wording and topics
written for these tests, not the eval files'."""

from __future__ import annotations

from test_governance_kinds_s6 import emb, policies  # noqa: F401 - the module's embedder fixture and policy helper

from memwarden.governance.facts import memory_facts
from memwarden.governance.request import request_facts


def test_a_relation_or_a_name_opening_the_memory_is_its_subject() -> None:
    assert memory_facts("Dad's diabetic, type 2 since last spring").other_subject
    assert memory_facts("grandad has to keep his salt right down").other_subject
    assert memory_facts("Priya's whole family keeps kosher").other_subject
    assert memory_facts("Tomasz's iron must stay up, the GP said red meat twice a week").other_subject
    # Who the user's relation is names no one else's need; nor does the user's own thing.
    assert not memory_facts("landlord is Mr Okafor, rent goes on the 3rd").other_subject
    assert not memory_facts("I can't eat shellfish, my throat closes up").other_subject
    # A report that opens with the teller is that teller's view, not a need of theirs.
    assert not memory_facts("my uncle says vaccines cause autism").other_subject


def test_new_kin_words_are_people() -> None:
    assert memory_facts("my housemate Dario can't have gluten").other_subject
    assert request_facts("what wine should I bring my father-in-law for his retirement?", []).serves == "other"


def test_the_user_alone_eating_or_taking_something(emb) -> None:  # type: ignore[no-untyped-def]
    assert request_facts("what can I eat for breakfast before my blood test?", []).own_plate
    assert request_facts("is it ok if I take ibuprofen with a cold?", []).own_plate
    # What the user gets for others, or with others, is no one's own plate.
    assert not request_facts("what should I order for the whole table?", []).own_plate
    assert not request_facts("what should we eat before the gig?", []).own_plate
    assert policies(emb, "what can I eat for breakfast before my blood test?",
                    ["Dad's diabetic, no sugar in anything"]) == ["constrain_to_scope"]


def test_someone_named_as_whom_a_thing_is_for() -> None:
    assert request_facts("knitting a scarf for Oona to wear at her graduation, what wool is softest?", []).serves == "other"
    # A date or a place after "for" is nobody served.
    assert request_facts("book a table for Easter lunch somewhere quiet", []).serves == "user"
    assert request_facts("I'm cooking my aunties' joint birthday lunch, what starter?", []).serves == "other"


def test_the_others_counted_are_a_party() -> None:
    assert request_facts("make a playlist for the long drive north, the other three only like grime", []).serves == "group"
    assert request_facts("the other two dresses were too tight, which should I keep?", []).serves == "user"


def test_a_view_the_user_holds_is_no_evidence_for_the_question_it_bears_on(emb) -> None:  # type: ignore[no-untyped-def]
    assert memory_facts("I'm a big believer that cold showers stop you catching colds").held_view
    assert policies(emb, "do I need a helmet for a quick ride to the shops?",
                    ["honestly i reckon helmets make no difference on short rides"]) == ["ignore_as_evidence"]


def test_an_account_of_what_someone_dealing_with_the_user_said_is_first_hand(emb) -> None:  # type: ignore[no-untyped-def]
    new = "plumber came back and now he says it's £240 not 180 because the valve has seized"
    assert not memory_facts(new).world_claim
    assert memory_facts("my uncle says vaccines cause autism").world_claim
    assert policies(emb, "how much should I budget for the boiler repair?",
                    ["plumber quoted £180 for the boiler repair", new]) == ["superseded", "use"]


def test_a_verb_of_healing_in_a_clause_of_time_claims_nothing() -> None:
    assert not memory_facts("the vet said no long walks until the paw heals").world_claim
    assert memory_facts("my nan said honey heals cuts faster than any cream").world_claim


def test_an_eponym_closing_a_clause_owns_nothing() -> None:
    # "Alzheimer's" ends its clause: no one's thing anchors the claim to someone's affairs.
    assert memory_facts("a bloke at work told me aluminium pans are what give people Alzheimer's, so he binned his").world_claim
    assert not memory_facts("a bloke at work told me Lena's flat is damp").world_claim
