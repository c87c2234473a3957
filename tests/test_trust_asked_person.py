"""Whose fact a question asks (trust/asked_person.py), and the update steps that must not move a
statement about someone else above the asker's own (issue 10, session 12)."""

from datetime import datetime, timedelta, timezone

import pytest

from memwarden.models import Claim, ScoreParts, SearchHit
from memwarden.trust.asked_person import asked_person, claim_person, other_person
from memwarden.trust.latest import latest_answer_first
from memwarden.trust.updates import updates_first


@pytest.mark.parametrize("query, person", [
    ("what meds am I on now?", "user"),
    ("What am I taking for my blood pressure these days?", "user"),
    ("what meds is my dad on now?", "user's dad"),
    ("is my son still allergic to nuts?", "user's son"),
    ("when's my mum's birthday?", "user's mum"),
    ("where does my mother live now?", "user's mum"),
    ("what does my partner's mum do for work?", "user's partner's mum"),
    ("which school do our twins go to?", "user's twins"),
    ("When is my mother-in-law arriving?", "user's mother-in-law"),
])
def test_the_person_a_question_asks(query, person):
    assert asked_person(query) == person


@pytest.mark.parametrize("query", [
    # no person in the first person or a relation: nothing to compare, nothing blocked
    "Where does Rosalind live?",
    "where do our builds run?",
    "who does our laundry now?",
    "what's the staging database host?",
    "when's standup?",
    "What's didi's salary now?",
    "is Matthias quitting?",
    # a relative ending the question: the asked value or its holder
    "where's my sister?",
    "who's my best friend these days?",
    "how is my mum now?",
])
def test_no_person_read_where_none_is_asked(query):
    assert asked_person(query) is None


@pytest.mark.parametrize("query", [
    # professional roles are slots of the user's, not other people's facts
    "who's my manager?",
    "who is my landlord now?",
    "who's my doctor at the moment?",
    "when is my dentist appointment?",
    "what time is my doctor's appointment now?",
    "how much is my landlord charging me now?",
    "what's my manager's name?",
    "when do I see my therapist next?",
    "which gym do I go to these days?",
    "what car do I drive now?",
    "where do I work at the moment?",
])
def test_roles_and_own_things_ask_the_user(query):
    assert asked_person(query) == "user"


@pytest.mark.parametrize("subject, person", [
    ("user", "user"), ("user's dad", "user's dad"), ("user's father", "user's dad"),
    ("user's sister Ana", "user's sister ana"), ("user's partner's mother", "user's partner's mum"),
    ("Maya", None), ("Sangeet", None), ("the discharge coordinator", None), ("", None), (None, None),
])
def test_claim_person(subject, person):
    assert claim_person(subject) == person


@pytest.mark.parametrize("asked, subject, other", [
    ("user", "user's dad", True),
    ("user", "user's rescue cat", False),  # a thing or a pet: unknown
    ("user", "user's boss", False),  # a role acting on the user's things ("approved the user's leave")
    ("user", "user", False),
    ("user", "Kwabena", False),  # a name: unknown, never blocks
    ("user's dad", "user", False),  # "the user: his pre-op call was the 14th" carries the relative's fact
    ("user's dad", "user's father", False),
    ("user's dad", "user's mum", True),
    ("user's sister", "user's sister Ana", False),
    ("user's sister", "user's sister's husband", False),  # said of the sister's household
    (None, "user's dad", False),
    ("user", "someone else", False),  # an unresolved "she moved my appointment to Friday": whose fact is not said
    ("user's mum", "someone else", False),
])
def test_other_person(asked, subject, other):
    assert other_person(asked, subject) is other


T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


def _hit(i: int, text: str, subject: str, days: int, score: float) -> SearchHit:
    claim = Claim(subject=subject, vouched_by="user", firmness="stated")
    at = T0 + timedelta(days=days)
    return SearchHit(id=f"m{i}", memory=text, user_id="u", score=score, scores=ScoreParts(fused=score), kind="claim",
                     claim=claim, created_at=at, updated_at=at, valid_from=at)


def _same(a: SearchHit, b: SearchHit) -> float:
    return 0.8


def test_latest_does_not_move_a_relatives_later_word_above_the_users_own():
    hits = [_hit(0, "The user takes amlodipine for blood pressure", "user", 0, 1.0),
            _hit(1, "The user's dad is on diltiazem now", "user's dad", 30, 0.9)]
    order = latest_answer_first(hits, "what medication am I on now?", _same, 0.3)
    assert [h.id for h in order] == ["m0", "m1"]
    # asked about the dad, his later word comes first
    order = latest_answer_first(hits, "what medication is my dad on now?", _same, 0.3)
    assert [h.id for h in order] == ["m1", "m0"]


def test_latest_still_moves_the_users_own_later_word():
    hits = [_hit(0, "The user takes amlodipine for blood pressure", "user", 0, 1.0),
            _hit(1, "The user is on losartan now", "user", 30, 0.9)]
    assert [h.id for h in latest_answer_first(hits, "what medication am I on now?", _same, 0.3)] == ["m1", "m0"]


def test_latest_never_passes_a_hit_down_for_its_subject():
    # "my daughter wants me to move to Knoxville" holds the user's plan: a same-day word of the user's passes nothing
    hits = [_hit(0, "The user's daughter wants the user to move closer to her in Knoxville", "user's daughter", 10, 1.0),
            _hit(1, "The user is thinking an apartment, nothing fancy", "user", 10, 0.9)]
    assert [h.id for h in latest_answer_first(hits, "which city am I moving to now?", _same, 0.3)] == ["m0", "m1"]


def test_updates_first_does_not_move_a_relatives_update():
    hits = [_hit(0, "The user lives in Leeds", "user", 0, 1.0),
            _hit(1, "The user's sister moved to Bristol now", "user's sister", 30, 0.9)]
    assert [h.id for h in updates_first(hits, "where do I live now?")] == ["m0", "m1"]


# A code-blind misfire reviewer's sentences (session 12): a joint subject or the user as object/receiver makes a
# relative's sentence the user's own fact; the guard must not hold the update back.
_X = None


def _extracted(text: str, days: int, i: int) -> SearchHit:
    global _X
    from memwarden.claims.rules import RuleExtractor
    from memwarden.models import Turn

    _X = _X or RuleExtractor()
    got = _X.extract([Turn(role="user", content=text)]).claims[0]
    at = T0 + timedelta(days=days)
    return SearchHit(id=f"m{i}", memory=got.text, user_id="u", score=1.0 - i / 10, scores=ScoreParts(fused=1.0 - i / 10),
                     kind="claim", claim=got.claim, created_at=at, updated_at=at, valid_from=at)


@pytest.mark.parametrize("old, update, query", [
    ("I work at Tesco on the tills.", "My mate got me a job at Aldi, started Monday.", "Where do I work now?"),
    ("We live in Bristol.", "My wife and I moved to Bath last month.", "Where do I live now?"),
    ("I don't have any pets.", "My boyfriend and I adopted a greyhound called Ziggy.", "Do I have any pets now?"),
    ("I'm learning Spanish on Duolingo.", "My friend Marta now teaches me Spanish every Thursday instead.",
     "How am I learning Spanish now?"),
    ("I get to work by bus.", "My neighbour gives me a lift to work every day now.", "How do I get to work now?"),
    ("I've got a Samsung phone.", "My husband bought me a new phone, an iPhone 15.", "What phone do I have now?"),
])
def test_a_relatives_sentence_the_user_takes_part_in_is_the_users_update(old, update, query):
    from memwarden.trust.asked_person import about_other

    hits = [_extracted(old, 0, 0), _extracted(update, 30, 1)]
    assert hits[1].claim.subject.startswith("user's ")  # the extractor's subject is the relative ...
    assert not about_other(hits[1], asked_person(query))  # ... but the fact is the user's too
    moved = latest_answer_first(hits, query, _same, 0.3)
    base = [h.model_copy(update={"claim": h.claim.model_copy(update={"subject": "user"})}) for h in hits]
    # the step treats it as it treats the user's own later word
    assert [h.id for h in moved] == [h.id for h in latest_answer_first(base, query, _same, 0.3)]
    assert [h.id for h in updates_first(hits, query)] == [h.id for h in updates_first(base, query)]


@pytest.mark.parametrize("update, query", [
    ("My dad's on diltiazem now.", "What medication am I on now?"),
    ("My sister and her husband moved to Leeds.", "Where do I live now?"),
    ("My dad takes my mum to church on Sundays now.", "Where do I go on Sundays now?"),
])
def test_a_relatives_own_sentence_stays_someone_elses(update, query):
    from memwarden.trust.asked_person import about_other

    assert about_other(_extracted(update, 30, 1), asked_person(query))
