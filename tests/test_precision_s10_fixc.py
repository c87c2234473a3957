"""Session 10, review round 4 (s10-fixC): rules that fired on ordinary sentences they were not written for,
each checked with wording written for these tests beside the wording the rule must still catch. Bringing
something somewhere or eating with kin is not the user's own plate; an adverb or discourse word opening a
sentence is no named reporter; "is saying" / "was telling" with a plain object is no report; a pair of
spoken numbers is one number only with a price or year cue, and after "it was" it is a clock time."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from test_governance_kinds_s6 import emb, policies  # noqa: F401 - the module's embedder fixture and policy helper

from memwarden.claims.rules import RuleExtractor
from memwarden.governance.request import request_facts
from memwarden.models import Turn
from memwarden.trust.lexicon import firmness
from memwarden.trust.typed_values import words_to_digits

NOW = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


# 3. "take X to <event>" is bringing something; "with the <kin>" is not alone.
@pytest.mark.parametrize("query", [
    "should I take a flan to the quiz night?",
    "what should I be taking along on the hike tomorrow?",
    "what could I take to book group on Thursday?",
    "what cider should I order at lunch with the in-laws?",
    "what beer should I order at the pub with the grandparents?",
])
def test_bringing_something_or_eating_with_kin_is_not_the_users_own_plate(query):
    assert not request_facts(query, []).own_plate


@pytest.mark.parametrize("query", [
    "what can I take for this migraine?",
    "should I take melatonin to fall asleep?",
    "what should I order tonight?",
    "is it safe if I take aspirin with my tea?",
])
def test_the_user_taking_or_ordering_for_themselves_is_still_own_plate(query):
    assert request_facts(query, []).own_plate


def test_a_friends_allergy_is_not_scoped_away_when_the_user_brings_food(emb) -> None:  # type: ignore[no-untyped-def]
    assert policies(emb, "should I take a cheesecake to the choir social?",
                    ["my friend Ines has a bad sesame allergy"]) != ["constrain_to_scope"]


# 7. An adverb or discourse word opening the user's sentence is no named reporter.
@pytest.mark.parametrize("text", [
    "Honestly said goodbye to the old Fiesta, sold it for 2k",
    "Eventually mentioned the pay rise to HR",
    "Anyhow said my bit and went home",
    "Nobody said a word about the rota",
    "Yesterday mentioned the leak to the agent",
])
def test_an_opening_adverb_is_no_named_reporter(text):
    assert firmness(text) != "reported"


@pytest.mark.parametrize("text", ["Priya said the market moved to Sundays", "Molly mentioned the pool is shut",
                                  "Honestly, Dev said the gym closed"])
def test_a_named_reporter_is_still_reported(text):
    assert firmness(text) == "reported"


# 8. "is saying" / "was telling" with a plain object is no report; with a clause it still is.
def _claims(text: str):
    return RuleExtractor().extract([Turn(role="user", content=text, timestamp=NOW)]).claims


@pytest.mark.parametrize("text", [
    "My niece is saying whole sentences now!",
    "He was telling ghost stories round the fire",
    "My nephew was saying his goodbyes at the station",
    "My manager is telling everyone about the restructure",
])
def test_a_progressive_telling_verb_with_a_plain_object_is_no_report(text):
    assert not [c for c in _claims(text) if "according to" in c.text], [c.text for c in _claims(text)]


@pytest.mark.parametrize("text", [
    "Lena was telling me her cousin lives in Porto",
    "My aunt was saying that the bakery shut down",
    "My landlord keeps telling everyone the building is for sale",
])
def test_a_progressive_telling_verb_with_a_clause_is_still_a_report(text):
    assert [c for c in _claims(text) if "according to" in c.text], [c.text for c in _claims(text)]


# 9. A spoken pair is one number only after a price or year cue; after "it was" it is a clock time.
@pytest.mark.parametrize("text, want, not_want", [
    ("it was six twenty when we got in", "6:20", "620"),
    ("roughly ten twenty kids turned up", None, "1020"),
    ("the twins are ten and my eldest is twelve, so ten ten twelve", None, "1022"),
    ("my nieces are eleven thirteen and fifteen", None, "1128"),
])
def test_a_spoken_pair_without_a_price_or_year_cue_is_not_one_number(text, want, not_want):
    out = words_to_digits(text)
    assert not_want not in out, out
    if want:
        assert want in out, out


@pytest.mark.parametrize("text, value", [
    ("the taxi cost me four sixty", "460"),
    ("a two-ninety parking fine", "290"),
    ("rent is eight fifty a month", "850"),
    ("she was born in nineteen sixty", "1960"),
])
def test_a_spoken_price_or_year_is_still_one_number(text, value):
    assert value in words_to_digits(text)


@pytest.mark.parametrize("text", [
    "My niece is saying whole sentences now!",
    "She was telling ghost stories round the fire",
    "My manager is telling everyone about the restructure",
])
def test_the_trust_stage_reads_a_plain_object_after_a_progressive_telling_verb_as_stated(text):
    assert firmness(text) == "stated"


@pytest.mark.parametrize("text", ["My aunt is saying the bakery shut down", "Lena was telling me her cousin lives in Porto",
                                  "my uncle keeps telling everyone that the pier is closing"])
def test_the_trust_stage_still_reads_a_progressive_telling_verb_with_a_clause_as_reported(text):
    assert firmness(text) == "reported"
