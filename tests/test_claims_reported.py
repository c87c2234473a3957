"""Reported speech in claim extraction (session 11, s11-hearsay), in wordings of its own: the
reporting verbs as a class (with an adverb before them, "swore blind"), a reported belief kept as
the reporter's claim even when it speaks of a generic "you", a reporter who did something and
then reports, and the speaker's own denial right after a report about them."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.claims.clauses import split_clauses
from memwarden.claims.frames import deny
from memwarden.claims.rules import RuleExtractor
from memwarden.models import Turn

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
R = RuleExtractor()


def claims(text: str) -> list:
    return [c for c in R.extract([Turn(role="user", content=text, timestamp=NOW)]).claims]


def reported(text: str) -> list:
    return [c for c in claims(text) if c.claim.firmness == "reported"]


@pytest.mark.parametrize("text,voucher,word", [
    ("my granddad always swore that eating carrots lets you see in the dark", "granddad", "carrots"),
    ("my flatmate still reckons the boiler needs a new fan", "flatmate", "boiler"),
    ("my aunt swore blind the ferry runs on sundays", "aunt", "ferry"),
    ("our neighbour honestly believes the council is moving the bins to mondays", "neighbour", "bins"),
    ("my cousin Zoë insists the shop opens at 7", "Zoë", "shop"),  # a name with an accent is not cut at it
])
def test_reporting_verbs_are_a_class(text: str, voucher: str, word: str) -> None:
    got = reported(text)
    assert len(got) == 1, [c.text for c in claims(text)]
    assert voucher in (got[0].claim.voucher or "") and got[0].claim.vouched_by == "unknown"
    assert word in got[0].text


@pytest.mark.parametrize("text", [
    "my grandmother swore by cod liver oil",   # swearing by a remedy is no report of a clause
    "the kids swore at the referee",
])
def test_swearing_by_or_at_is_no_report(text: str) -> None:
    assert not reported(text), [c.text for c in claims(text)]


@pytest.mark.parametrize("text,word", [
    ("my gran insists sitting on cold steps gives you piles", "piles"),
    ("my boss swears drinking coffee after 2pm stops you sleeping", "coffee"),
])
def test_a_reported_belief_with_a_generic_you_is_kept(text: str, word: str) -> None:
    # the "you" of a report is anyone's: not the listener being addressed, so not dropped as chat
    got = reported(text)
    assert got and word in got[0].text, [c.text for c in claims(text)]


def test_a_reporter_who_did_something_then_reports() -> None:
    got = claims("my brother-in-law sold his van last year and says used prices have doubled")
    texts = [c.text for c in got]
    rep = [c for c in got if c.claim.firmness == "reported"]
    assert rep and "prices have doubled" in rep[0].text and "brother" in (rep[0].claim.voucher or ""), texts
    assert any("sold" in c.text and c.claim.firmness == "stated" for c in got), texts


def test_no_split_without_a_reporter() -> None:
    assert split_clauses("we went to the shop and said hello") == ["we went to the shop and said hello"]


@pytest.mark.parametrize("text,neg_word", [
    ("my husband thinks I booked the taxi. I didn't", "taxi"),
    ("my sister is convinced I'm vegetarian now. I'm not", "vegetarian"),
])
def test_own_denial_after_a_report_about_the_speaker(text: str, neg_word: str) -> None:
    got = claims(text)
    own = [c for c in got if c.claim.vouched_by == "user" and c.claim.firmness == "stated" and neg_word in c.text]
    assert own and own[0].claim.negated and " not " in own[0].text, [c.text for c in got]


def test_a_bare_denial_with_no_report_before_it_denies_nothing_new() -> None:
    got = claims("I booked the taxi. I didn't")
    assert not any(" not " in c.text and "taxi" in c.text for c in got), [c.text for c in got]


@pytest.mark.parametrize("said,expected", [
    ("I'm allergic to latex", "I am not allergic to latex"),
    ("I already paid the deposit", "I did not already paid the deposit"),
    ("we have the keys", "we have not the keys"),
])
def test_deny_puts_the_negation_in_the_clause(said: str, expected: str) -> None:
    assert deny(said) == expected


def test_a_report_about_the_listener_is_still_talk_to_the_listener() -> None:
    # "you lot" / "with you" is the one being addressed, not anyone: a question put to the listener
    assert not reported("my colleague says delivery is always late with you lot?")


def test_a_capitalised_determiner_is_no_reporter() -> None:
    # "The" opens the sentence: the reporter would be "The", so the clause is not split on it
    got = claims("The electrician came by Monday and said the wiring is fine")
    assert not any(c.claim.voucher in ("The", "the") for c in got), [c.text for c in got]
