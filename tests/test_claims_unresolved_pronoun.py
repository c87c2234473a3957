"""A she/he heading a clause that no referent resolves is someone else, never the speaker (claims/subject.py,
session 12): "she's allergic to cats" must not become the user's allergy."""

import pytest

from memwarden.claims.rules import RuleExtractor
from memwarden.claims.subject import SOMEONE_ELSE
from memwarden.models import Turn

X = RuleExtractor()


def _subjects(*texts: str) -> list[tuple[str, str]]:
    return [(c.claim.subject, c.text) for c in X.extract([Turn(role="user", content=t) for t in texts]).claims]


@pytest.mark.parametrize("texts", [
    ("Tom and Jake came over for dinner.", "He's allergic to cats."),  # two men: "he" is not decided
    ("She's on the late shift all week.",),  # no one said before
    ("Kirra and Jess swapped shifts.", "She's got my weekend mornings."),
])
def test_an_unresolved_head_pronoun_is_someone_else(texts):
    got = _subjects(*texts)
    last = got[-1]
    assert last[0] == SOMEONE_ELSE, got


@pytest.mark.parametrize("texts, subject", [
    # a pronoun the call resolves keeps its referent
    (("My dad got diagnosed with AFib.", "He's on diltiazem now."), "user's dad"),
    (("My sister moved to Leeds.", "She works at the hospital there now."), "user's sister"),
    (("Mum has been poorly.", "She is staying with us now."), "user's mum"),
    (("Theo started year 2.", "He has a peanut allergy."), "Theo"),
])
def test_a_resolved_pronoun_keeps_its_referent(texts, subject):
    assert _subjects(*texts)[-1][0] == subject


@pytest.mark.parametrize("text", [
    # ordinary first-person sentences: the speaker stays the subject
    "I'm on the late shift all week.",
    "I moved to Bristol last month.",
    "We're in Bristol now.",
    "Shellfish makes me sick.",
    "Heading to Leeds on Friday for the conference.",
    "Herbal tea is all I drink after 6pm.",
    "Hers is the blue car, mine is the Golf.",
    "Shepherd's pie is my go-to on Sundays.",
    "Helen from work recommended a dentist, I'm booked for Tuesday.",
    "Heidi is my manager now.",
    "The heating is broken again and the landlord isn't answering.",
    "Hey, I started at Monzo on Monday.",
    "Sheffield is where I grew up.",
    "Herbs from the garden go in everything I cook.",
    "Hello! My budget for the trip is 800 quid.",
    "He-Man was my favourite as a kid.",
])
def test_no_someone_else_for_ordinary_sentences(text):
    assert all(s != SOMEONE_ELSE for s, _ in _subjects(text)), _subjects(text)
