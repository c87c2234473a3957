"""Session 13 (issue 10): a piece of a limit that cannot stand alone (a noun phrase read jointly with "at the same
time", a closing rule word) stays with the clause it completes, so a limit keeps what it limits; ordinary
coordinations and sentences with the same words in another role split as before."""

from __future__ import annotations

import pytest

from memwarden.claims import clauses
from memwarden.claims.clauses import split_clauses
from memwarden.claims.continuation import keeps_together, leans_on_previous

# Our own wording (no scenario's): each must come out as one clause holding both pieces.
JOINED = [
    ("we can't run the dishwasher and the dryer at the same time, the fuse goes", ("dishwasher", "dryer")),
    ("mum locks the front door at ten. no exceptions", ("front door", "no exceptions")),
    ("mum locks the front door at ten. 10 SHARP. no exceptions, not even at christmas", ("front door", "no exceptions")),
    ("the van can take the ladder or the tool chest. one or the other", ("ladder", "one or the other")),
]


@pytest.mark.parametrize("text, words", JOINED)
def test_a_piece_leaning_on_the_clause_before_stays_with_it(text: str, words: tuple[str, str]) -> None:
    held = [c for c in split_clauses(text) if all(w.lower() in c.lower() for w in words)]
    assert held, split_clauses(text)


# Ordinary sentences with the same words or shapes in another role: the split must be what it is without the rule.
ORDINARY = [
    "I moved to Leeds and the kids love their new school",
    "my sister lives in Cork and the dog stays with her at weekends",
    "we met at uni and the two of us together ran a cafe for years",
    "I asked for the week off. No exceptions were made for anyone",
    "I used to drink coffee. Not anymore, I switched to tea",
    "We might go to Spain or Italy. Either way, I'm booking in June",
    "The car failed its MOT. It means a new exhaust, the garage says",
    "I got promoted and my manager is leaving in May",
    "the flat has two bedrooms and the rent is 900 a month",
    "we play five-a-side on Tuesdays and the pitch is in Hove",
    "Thanks for the help. No problem at all",
    "I've been vegan for a year. haven't you tried oat milk?",
    "My daughter starts school in September and the uniform costs a fortune",
    "I work from home on Fridays. not always, sometimes I go in",
    "the boiler was serviced in May and it works fine now",
    "I passed my driving test and that was a relief",
    "Our landlord is selling the flat. One of the other tenants told me",
    "The office reopened. No exceptions to the dress code have been announced",
    "my partner cooks and the kids do the washing up together on Sundays",
    "we sold the car and the bikes at once last spring, and I walk everywhere now",
    "We split the bill. one or the other of us always forgets",
    # the two rules tried and left out (they carried negation and slot onto the first piece)
    "I'm on call this week and it means I can't drink",
    "She quit smoking. Hasn't since the baby",
    "I got the promotion but it means longer hours",
]


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_sentences_split_as_without_the_rule(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with_rule = split_clauses(text)
    monkeypatch.setattr(clauses, "keeps_together", lambda right: False)
    monkeypatch.setattr(clauses, "leans_on_previous", lambda sentence: False)
    assert with_rule == split_clauses(text)


@pytest.mark.parametrize("piece", ["and", "", "it", "no", "haven't", "the", "   "])
def test_bare_or_empty_pieces_lean_on_nothing(piece: str) -> None:
    assert not keeps_together(piece) and not leans_on_previous(piece)


def test_a_joined_negative_still_negates_what_it_follows() -> None:
    # "Not anymore." appended after a comma reads on lowercase, as it would said that way: the residence stays past
    from datetime import datetime, timezone

    from memwarden.claims.rules import RuleExtractor
    from memwarden.models import Turn

    for said in ("I used to live in Leeds. Not anymore.", "I used to live in Leeds, not anymore"):
        claims = RuleExtractor().extract([Turn(role="user", content=said)], now=datetime(2026, 3, 1, tzinfo=timezone.utc)).claims
        assert [(c.claim.slot, c.claim.negated) for c in claims] == [("user|residence", True)], said
