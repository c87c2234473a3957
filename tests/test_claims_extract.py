"""Claim extraction: one contract suite run against both extractors, then the rules' behaviour
on hand-written natural sentences, then the LLM extractor's fallbacks.

The shared suite feeds the LLM extractor a ScriptedLLM whose reply is what a careful model
would answer for the case, so for the LLM it checks the adapter (schema, validation, slot and
timezone normalisation, turn mapping); for the rules it checks the extraction itself.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any, Callable

import pytest

from memwarden.claims import ClaimExtractor, Extraction
from memwarden.claims.llm import LLMExtractor
from memwarden.claims.rules import RuleExtractor, split_clauses
from memwarden.claims.slots import detect_slot, normalise_attribute, normalise_slot, same_slot
from memwarden.errors import LLMError
from memwarden.models import Claim, Turn
from memwarden.providers.llm import ScriptedLLM

#: Friday 2 May 2025, 14:00 UTC: the session clock of every case.
FRI = datetime(2025, 5, 2, 14, 0, tzinfo=timezone.utc)
PRONOUNS = {"i", "me", "we", "us", "you", "he", "she", "they", "it", "him", "her", "them", "my", "your"}


def T(content: str, role: str = "user", name: str | None = None, when: datetime = FRI) -> Turn:
    return Turn(role=role, content=content, name=name, timestamp=when)


def _c(text: str, turns: list[int], subject: str, **kw: Any) -> dict[str, Any]:
    return {"text": text, "turns": turns, "subject": subject, **kw}


# name -> (turns, user_name, scripted LLM reply claims, check)
CASES: dict[str, tuple[list[Turn], str | None, list[dict[str, Any]], Callable[[Extraction], None]]] = {}


def case(name: str, turns: list[Turn], user_name: str | None, reply: list[dict[str, Any]]):  # type: ignore[no-untyped-def]
    def deco(fn: Callable[[Extraction], None]) -> Callable[[Extraction], None]:
        CASES[name] = (turns, user_name, reply, fn)
        return fn
    return deco


def claims_of(ex: Extraction, turn: int) -> list[Claim]:
    return [c.claim for c in ex.claims if turn in c.turn_indexes]


@case("chit-chat yields nothing", [T("Haha thanks!"), T("cool cool"), T("ok sounds good"), T("lol")], None, [])
def _chit(ex: Extraction) -> None:
    assert ex.claims == []


@case("questions yield nothing", [T("Where should we eat tonight?"), T("Do you know a good dentist in Leeds?")], None, [])
def _questions(ex: Extraction) -> None:
    assert ex.claims == []


@case("assistant pleasantries yield nothing",
      [T("thanks so much!"), T("Happy to help! Would you like me to find more options? Let me know.", "assistant")], None, [])
def _pleasant(ex: Extraction) -> None:
    assert ex.claims == []


@case("a named speaker is the subject", [T("Oh and I moved to Porto last month.", name="Maya")], None,
      [_c("Maya moved to Porto last month (2025-04)", [0], "Maya", attribute="residence", value="Porto",
          event_start="2025-04-01", event_end="2025-04-30", time_text=["last month"])])
def _named(ex: Extraction) -> None:
    [c] = ex.claims
    assert c.claim.subject == "Maya" and normalise_slot(c.claim.slot or "") == "maya|residence"
    assert c.claim.value == "Porto" and "Porto" in c.text and "Maya" in c.text and c.turn_indexes == [0]
    assert c.claim.event_start is not None and c.claim.event_start.date().isoformat() == "2025-04-01"


@case("a possessive relation is resolved", [T("My sister Ana is allergic to peanuts.", name="Maya")], None,
      [_c("Maya's sister Ana is allergic to peanuts", [0], "Maya's sister Ana", attribute="allergy:peanuts", value="peanuts")])
def _possessive(ex: Extraction) -> None:
    [c] = ex.claims
    assert c.claim.subject == "Maya's sister Ana"
    assert c.claim.attribute == "allergy:peanut" and "peanuts" in c.text


@case("an assistant restating the user's fact is an echo",
      [T("I live in Leeds."), T("Thanks, noted that you're in Leeds.", "assistant")], None,
      [_c("The user lives in Leeds", [0], "user", attribute="residence", value="Leeds"),
       _c("The user is in Leeds", [1], "user", vouched_by="assistant", echo=True)])
def _echo(ex: Extraction) -> None:
    [u] = claims_of(ex, 0)
    [a] = claims_of(ex, 1)
    assert u.vouched_by == "user" and not u.echo and u.subject == "user"
    assert a.vouched_by == "assistant" and a.echo and a.subject == "user"


@case("a relative date resolves against the session clock",
      [T("My dentist appointment is next Friday at 10am.")], None,
      [_c("The user's dentist appointment is next Friday (2025-05-09) at 10am", [0], "user",
          attribute="dentist_appointment_time", value="2025-05-09 10:00", event_start="2025-05-09T10:00:00",
          time_text=["next Friday", "at 10am"])])
def _date(ex: Extraction) -> None:
    [c] = ex.claims
    assert c.claim.event_start == datetime(2025, 5, 9, 10, 0, tzinfo=timezone.utc)
    assert "next Friday" in c.text and "next Friday" in c.claim.time_text
    assert c.claim.attribute == "dentist_appointment_time"


@case("hedged and reported claims say so",
      [T("I think the demo is on Tuesday. My mom insists that I'm allergic to shellfish.")], None,
      [_c("The user's demo is on Tuesday (2025-05-06)", [0], "user", attribute="demo_time", firmness="hedged",
          event_start="2025-05-06"),
       _c("The user is allergic to shellfish", [0], "user", attribute="allergy:shellfish", firmness="reported",
          vouched_by="unknown", voucher="the user's mom")])
def _firmness(ex: Extraction) -> None:
    by_firm = {c.claim.firmness: c.claim for c in ex.claims}
    assert set(by_firm) == {"hedged", "reported"}
    assert by_firm["hedged"].event_start is not None and by_firm["hedged"].event_start.date().isoformat() == "2025-05-06"
    assert "mom" in (by_firm["reported"].voucher or "") and by_firm["reported"].attribute == "allergy:shellfish"


@case("a negation is kept", [T("No, I'm not allergic to penicillin.")], None,
      [_c("The user is not allergic to penicillin", [0], "user", attribute="allergy:penicillin", negated=True)])
def _negation(ex: Extraction) -> None:
    [c] = ex.claims
    assert c.claim.negated and c.claim.attribute == "allergy:penicillin"


EXTRACTORS: dict[str, Callable[[list[dict[str, Any]]], ClaimExtractor]] = {
    "rules": lambda reply: RuleExtractor(),
    "llm": lambda reply: LLMExtractor(ScriptedLLM([json.dumps({"claims": reply})], model="scripted")),
}


@pytest.mark.parametrize("kind", sorted(EXTRACTORS))
@pytest.mark.parametrize("name", sorted(CASES))
def test_contract(kind: str, name: str) -> None:
    turns, user_name, reply, check = CASES[name]
    ex = EXTRACTORS[kind](reply)
    assert isinstance(ex, ClaimExtractor)
    res = ex.extract(turns, user_name=user_name)
    assert res.extractor == ex.name and res.fallback is None
    for c in res.claims:
        assert c.text.strip() and c.turn_indexes and all(0 <= i < len(turns) for i in c.turn_indexes)
        assert c.claim.subject.lower() not in PRONOUNS
        assert c.claim.extractor == ex.name
        assert c.claim.slot == (f"{c.claim.subject}|{c.claim.attribute}" if c.claim.attribute else None)
        for t in (c.claim.event_start, c.claim.event_end):
            assert t is None or t.tzinfo is not None  # comparable with the session clock
    check(res)


# -- the rules on natural sentences ---------------------------------------------------------------

R = RuleExtractor()


def one(text: str, **kw: Any) -> Claim:
    claims = R.extract([T(text, **kw)]).claims
    assert len(claims) == 1, [c.text for c in claims]
    return claims[0].claim


def test_an_update_lands_on_the_slot_of_the_fact_it_replaces() -> None:
    old, new = one("I live in Leeds."), one("Haha yeah, we're in Bristol now!")
    assert same_slot(old, new) and (old.value, new.value) == ("Leeds", "Bristol")
    moved = one("We moved from Lisbon to Porto in March.")
    assert same_slot(old, moved) and moved.value == "Porto" and moved.previous_value == "Lisbon"
    job1, job2 = one("I work at Google as a data engineer."), one("I just started at Stripe!")
    assert same_slot(job1, job2) and job2.value == "Stripe"
    assert not same_slot(one("I'm allergic to peanuts."), one("I'm allergic to shellfish."))


def test_a_correction_keeps_the_new_value_and_names_the_old_one() -> None:
    c = one("Actually the call is at 10 not noon.")
    assert c.attribute == "call_time" and c.value == "10:00" and c.previous_value == "12:00" and not c.negated
    flight = R.extract([T("My flight is on May 3."), T("Ugh, the flight got moved to May 5.")]).claims
    assert [f.claim.value for f in flight] == ["2025-05-03", "2025-05-05"]
    assert same_slot(flight[0].claim, flight[1].claim)


def test_opinions_on_one_thing_share_a_slot_and_keep_polarity() -> None:
    love, hate = one("I love sushi."), one("Honestly I can't stand sushi anymore.")
    assert same_slot(love, hate) and not love.negated and hate.negated
    assert not same_slot(love, one("I really like green tea."))


def test_several_claims_in_one_turn_each_with_its_subject() -> None:
    res = R.extract([T("I moved from Lisbon to Porto last month, and my sister Ana is moving to Berlin next Friday. "
                       "She works at Siemens.", name="Maya")], user_name="Maya")
    subj = [(c.claim.subject, c.claim.attribute, c.claim.value) for c in res.claims]
    # Maya is the user: her subject is "user" (one slot whatever name she goes by), the text says Maya.
    assert subj == [("user", "residence", "Porto"), ("user's sister Ana", "residence", "Berlin"),
                    ("user's sister Ana", "employer", "Siemens")]
    assert "Maya's sister Ana works at Siemens" in res.claims[2].text
    assert res.claims[1].claim.event_start == datetime(2025, 5, 9, tzinfo=timezone.utc)
    assert "next Friday (2025-05-09)" in res.claims[1].text


def test_a_statement_before_a_tag_question_is_kept() -> None:
    [c] = R.extract([T("I just got back from Lisbon, have you ever been?")]).claims
    assert "Lisbon" in c.text


@pytest.mark.parametrize("text,expected", [
    ("I went to the support group yesterday.", "2025-05-01"),
    ("We're flying out tomorrow.", "2025-05-03"),
    ("I started the new job last week.", "2025-04-21"),
    ("The party is this Saturday.", "2025-05-03"),
    ("I had my checkup on April 12.", "2025-04-12"),
    ("The wedding is in October.", "2025-10-01"),
    ("My lease runs from July.", "2025-07-01"),
    ("My visa interview is in two weeks.", "2025-05-16"),
    ("I saw Dr. Patel last Monday.", "2025-04-28"),
    ("I quit sugar two weeks ago.", "2025-04-18"),
])
def test_dates_resolve_to_the_right_day(text: str, expected: str) -> None:
    c = one(text)
    assert c.event_start is not None and c.event_start.date().isoformat() == expected, c


def test_who_vouches() -> None:
    tool = R.extract([Turn(role="tool", name="calendar", content="Dentist appointment on May 14 at 9am.", timestamp=FRI)]).claims
    assert [c.claim.vouched_by for c in tool] == ["tool"]
    img = R.extract([T("Look at my new car! [shares an image: a red Tesla Model 3 parked in a driveway]", name="Jo")]).claims
    assert [c.claim.vouched_by for c in img] == ["user", "image"] and "red Tesla" in img[1].text
    doc = one("The letter says my lease ends on June 30.")
    assert doc.vouched_by == "document" and doc.voucher == "the letter" and doc.event_start is not None
    rep = one("According to Priya, the office is closing in October.")
    assert (rep.firmness, rep.voucher) == ("reported", "Priya")
    third = R.extract([T("I moved to Leeds.", name="Tom")], user_name="Maya").claims[0].claim
    assert (third.vouched_by, third.voucher, third.subject) == ("unknown", "Tom", "Tom")


def test_an_assistant_speaks_about_the_user_in_the_second_person() -> None:
    res = R.extract([T("Your booking at the Hilton is confirmed for May 14.", role="assistant")], user_name="Sam")
    [c] = res.claims
    assert c.text.startswith("Sam's booking") and c.claim.vouched_by == "assistant" and not c.claim.echo
    ack = R.extract([T("Great, Tuesday at 3 it is.", role="assistant")]).claims
    assert [a.claim.echo for a in ack] == [True]


def test_chit_chat_inside_a_turn_is_dropped_but_the_fact_kept() -> None:
    res = R.extract([T("Wow, that sounds amazing! I'm so proud of you. I'm swamped with the kids & work.", name="Mel")])
    assert [c.text for c in res.claims] == ["Mel is swamped with the kids & work"]


def test_clause_splitting() -> None:
    assert split_clauses("Dr. Smith moved to Leeds; I stayed. I like tea but my wife loves coffee!") == [
        "Dr. Smith moved to Leeds", "I stayed.", "I like tea", "my wife loves coffee!"]


def test_slot_lexicon_normalises_synonyms() -> None:
    assert normalise_attribute("moved to") == normalise_attribute("Live in") == "residence"
    assert normalise_attribute("Favorite Band") == "favourite_band"
    assert normalise_attribute("likes:Sushi rolls") == "likes:sushi_roll"
    assert detect_slot("We migrated from MySQL to Postgres 16").attribute == "stack:database"
    assert detect_slot("Our budget for the trip is $3,000").attribute == "budget:trip"
    assert detect_slot("I take 20 mg of sertraline").value == "sertraline 20 mg"
    assert detect_slot("It was a fun day").attribute is None


# -- the LLM extractor: success, fences, failures ----------------------------------------------


def test_llm_fenced_json_and_one_call() -> None:
    reply = {"claims": [_c("The user lives in Leeds", [0], "user", attribute="Live in", value="Leeds", vouched_by="user")]}
    llm = ScriptedLLM(["```json\n" + json.dumps(reply) + "\n```"], model="m1")
    res = LLMExtractor(llm).extract([T("I live in Leeds.")])
    assert res.extractor == "llm:m1" and res.fallback is None and len(llm.calls) == 1
    assert res.claims[0].claim.slot == "user|residence" and "Leeds" in llm.calls[0][0]["content"]


@pytest.mark.parametrize("replies,why", [
    (["this is not json", "still not json"], "no valid JSON"),
    ([LLMError("server down")], "server down"),
    ([json.dumps({"claims": [_c("x y", [7], "user")]})] * 2, "out of range"),
    ([json.dumps({"claims": [{"text": "no subject", "turns": [0]}]})] * 2, "subject"),
])
def test_llm_failure_falls_back_to_rules_and_says_why(replies: list[Any], why: str) -> None:
    res = LLMExtractor(ScriptedLLM(replies, model="m1")).extract([T("I live in Leeds.")])
    assert res.extractor == "rules" and res.fallback and "llm:m1" in res.fallback and why in res.fallback
    assert [c.claim.value for c in res.claims] == ["Leeds"]  # the rules still extracted the turn
