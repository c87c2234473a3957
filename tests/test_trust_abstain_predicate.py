"""Abstention by the grammar of the question (session 8): whose value a possessive asks, an
identifying number, a count in a unit, a size, a price said as "for N", and yes/no questions whose
predicate no memory speaks of (trust/asked_head.py, trust/attribute.py, trust/polar.py). Each case
comes in a pair: the same question abstains over memories that never state the asked thing and
answers over one that does. Wording and topics are this file's own."""

from datetime import datetime, timezone

import pytest

from memwarden.trust.asked_head import owner_head
from memwarden.trust.attribute import asked
from memwarden.trust.polar import polar_parts, polar_predicate
from test_trust_abstain_kinds import ask as ask_at, store_at

T0 = datetime(2025, 11, 3, 9, tzinfo=timezone.utc)


def check(turns: list[str], query: str, abstains: bool) -> None:
    res = ask_at(store_at(T0, *turns), query, T0)
    assert res.abstained is abstains, (res.abstain_reason, res.abstain_detail, [h.memory for h in res.results])


@pytest.mark.parametrize(("turns", "query", "abstains"), [
    # "X's name": the name must be stated by a memory mentioning X
    (["my piano tuner came round on Thursday, she was brilliant with the old upright"], "what's my piano tuner's name?", True),
    (["my piano tuner is called Gareth Rowe, he comes twice a year"], "what's my piano tuner's name?", False),
    # a plural possessive names its owner too
    (["the girls start at Little Acorns preschool in January"], "what's the name of the girls' room leader?", True),
    (["the girls' room leader at Little Acorns is called Priya Shah"], "what's the name of the girls' room leader?", False),
    # "whose X": X must be mentioned
    (["we're off to Lisbon for a long weekend in June"], "whose wedding are we going to in Lisbon?", True),
    (["off to Lisbon in June for my cousin Ana's wedding"], "whose wedding are we going to in Lisbon?", False),
    # a person named by what they do is not mentioned by the activity alone
    (["I garden every weekend, mostly the veg beds at the back"], "what's my gardener's name?", True),
    (["our gardener is called Tomasz Nowak, he does the hedges"], "what's my gardener's name?", False),
])
def test_the_value_of_a_possessed_noun_belongs_to_its_owner(turns, query, abstains):
    check(turns, query, abstains)


def test_a_derivational_prefix_does_not_hide_the_owner():
    # "removal" says "move": the date of the move is stated
    check(["we've got the removal van booked for Saturday 14 June"], "when's our move?", False)


@pytest.mark.parametrize(("turns", "query", "abstains"), [
    # an amount of money or a span of days identifies nothing
    (["campsite is booked for three nights, paid £96 for 3 nights"], "what booking number did the campsite give me?", True),
    (["campsite booking confirmed, booking no. 55812 for three nights"], "what booking number did the campsite give me?", False),
    # "how many miles": a number said in miles, not any number
    (["did my first parkrun on saturday with 2 friends from work"], "how many miles have I run this month?", True),
    (["ran about 18 miles this month, mostly easy ones"], "how many miles have I run this month?", False),
    # "what size": a size, not any number
    (["bought a tent from Decathlon for the festival, 2 poles missing already"], "what size is my tent?", True),
    (["the tent is a large dome one from Decathlon"], "what size is my tent?", False),
    # a bare number a thing was bought for is its price
    (["picked up a used cello from a teacher in Leeds"], "how much did I pay for the cello?", True),
    (["picked up a used cello for 650 from a teacher in Leeds"], "how much did I pay for the cello?", False),
])
def test_the_value_class_asked_must_be_stated(turns, query, abstains):
    check(turns, query, abstains)


@pytest.mark.parametrize(("turns", "query", "abstains"), [
    (["the landlord is Mr Dempsey, he lives above the shop"], "has the landlord returned my deposit?", True),
    (["the landlord returned my deposit in full yesterday"], "has the landlord returned my deposit?", False),
    # a light verb carries no predicate: "doing the wallpapering" asks about the wallpapering
    (["the decorators are booked for the 9th, two of them for three days"], "are the decorators doing the wallpapering too?", True),
    (["the decorators are doing the wallpapering as well as the ceilings"], "are the decorators doing the wallpapering too?", False),
    (["the dog's op is on Tuesday morning at the Abbey Road vets"], "does the dog need to fast before his op?", True),
    (["the vet said no food after 8pm the night before, he has to fast before his op"],
     "does the dog need to fast before his op?", False),
])
def test_a_yes_no_question_needs_a_memory_speaking_of_its_predicate(turns, query, abstains):
    check(turns, query, abstains)


@pytest.mark.parametrize(("query", "owner"), [
    ("what's my osteopath's number?", "osteopath"),
    ("what's the name of the boys' football coach?", "coach"),
    ("whose retirement party is it on friday?", "party"),
])
def test_owner_heads(query, owner):
    assert owner_head(query) == owner


@pytest.mark.parametrize(("query", "value"), [
    ("what's my library card number?", "idnum"),
    ("how many hours did I sleep last night?", "measure"),
    ("how many km is the ride to work?", "measure"),
    ("what size are the new wardrobe doors?", "size"),
    ("what's my osteopath's name?", "name"),
])
def test_value_classes_read_off_the_question(query, value):
    a = asked(query)
    assert a is not None and a.value == value


@pytest.mark.parametrize(("query", "subject", "predicate"), [
    ("has the council collected the sofa yet?", ["the", "council"], ["collected", "sofa"]),
    ("is Orla picking the kids up today?", ["Orla"], ["picking", "kids", "today"]),
    ("does the gym offer a student discount?", ["the", "gym"], ["offer", "student", "discount"]),
    ("am I registered with the dentist?", ["I"], ["registered", "dentist"]),
])
def test_the_predicate_of_a_yes_no_question(query, subject, predicate):
    assert polar_parts(query) == (subject, predicate)


@pytest.mark.parametrize("query", [
    "would the landlord mind a cat?",  # hypothetical: reasoned, not stated
    "is the party on friday or saturday?",  # an alternative names its answers
    "can you remind me of the gate code?",  # a request
    "when is the party?",  # not a yes/no question
])
def test_questions_not_read_as_yes_no(query):
    assert polar_predicate(query) is None


@pytest.mark.parametrize(("turns", "query", "abstains"), [
    # a memory stating the opposite status answers the question too, with a no
    (["my passport expired in March, need to sort a renewal"], "is my passport still valid?", False),
    (["my passport photos are from the booth at the post office"], "is my passport still valid?", True),
])
def test_an_opposite_status_speaks_to_a_yes_no_question(turns, query, abstains):
    check(turns, query, abstains)


@pytest.mark.parametrize(("text", "holds"), [
    ("a 6-person tent with a porch", True), ("about 45 square metres", True), ("she's a UK 5 in trainers", True),
    ("the 65\" one for the lounge", True), ("king size, the old one was a double", True),
    ("deployed with airflow 2.9 last week", False),  # a version is not a size
])
def test_what_a_size_is(text, holds):
    from memwarden.trust.values import VALUES
    assert bool(VALUES["size"].search(text)) is holds


@pytest.mark.parametrize(("turns", "query", "abstains"), [
    # a date of the other end of the event does not answer
    (["the kitchen fitters start on the 3rd of February"], "when will the kitchen be finished?", True),
    (["the kitchen fitters say they'll be done by the 21st of February"], "when will the kitchen be finished?", False),
    (["started my phone contract with Tesco Mobile in June"], "when does my phone contract end?", True),
    (["my phone contract with Tesco Mobile runs until June 2027"], "when does my phone contract end?", False),
    (["the Hockney exhibition closes on 30 April"], "what date does the Hockney exhibition open?", True),
    (["the Hockney exhibition opens on 2 March"], "what date does the Hockney exhibition open?", False),
])
def test_a_when_question_needs_the_end_of_the_event_it_names(turns, query, abstains):
    check(turns, query, abstains)


@pytest.mark.parametrize(("turns", "query", "abstains"), [
    # "working" and "fixed" are both the opposite of "broken": the memory speaks to the question
    (["the engineer came this morning and the dishwasher is working again"], "is the dishwasher fixed?", False),
    (["the dishwasher is a Bosch, we bought it with the house"], "is the dishwasher fixed?", True),
])
def test_a_word_sharing_an_opposite_with_the_predicate_speaks_to_it(turns, query, abstains):
    check(turns, query, abstains)
