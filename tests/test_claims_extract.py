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
from hypothesis import given, settings
from hypothesis import strategies as st

from memwarden.claims import ClaimExtractor, Extraction
from memwarden.claims.llm import LLMExtractor
from memwarden.claims.rules import RuleExtractor, split_clauses
from memwarden.claims.slots import UNNAMED_EVENT, detect_slot, normalise_attribute, normalise_slot, same_slot
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


@case("a rescheduling that names no event lands on the event last talked about",
      [T("My physio appointment is on Tuesday at 3pm."), T("They moved me to Thursday.")], None,
      [_c("The user's physio appointment is on Tuesday (2025-05-06) at 3pm", [0], "user",
          attribute="physio_appointment_time", value="2025-05-06 15:00", event_start="2025-05-06T15:00:00"),
       _c("They moved the user's physio appointment to Thursday (2025-05-08)", [1], "user",
          attribute="physio_appointment_time", value="2025-05-08", event_start="2025-05-08")])
def _reschedule(ex: Extraction) -> None:
    [old], [new] = claims_of(ex, 0), claims_of(ex, 1)
    assert old.slot == new.slot == "user|physio_appointment_time" and new.value != old.value
    assert new.event_start is not None and new.event_start.date().isoformat() == "2025-05-08"


@case("a move with no event in the call is left for binding, and a rescheduler is not the owner",
      [T("ugh it got pushed back to the 23rd"), T("Our manager moved standup to 10.")], None,
      [_c("The user: it got pushed back to the 23rd (2025-05-23)", [0], "user", attribute="unnamed_event_time",
          value="2025-05-23", event_start="2025-05-23"),
       _c("The user's manager moved standup to 10", [1], "user", attribute="standup_time", value="10:00")])
def _unnamed(ex: Extraction) -> None:
    [moved], [standup] = claims_of(ex, 0), claims_of(ex, 1)
    assert moved.attribute == UNNAMED_EVENT and moved.subject == "user"
    assert (standup.subject, standup.attribute) == ("user", "standup_time")


@case("a hand-over lands on the role named before",
      [T("My counsellor is Marguerite."), T("She is off on leave so I have been handed over to Idris.")], None,
      [_c("The user's counsellor is Marguerite", [0], "user", attribute="counsellor", value="Marguerite"),
       _c("The user has been handed over to Idris (the new counsellor)", [1], "user", attribute="counsellor", value="Idris")])
def _handover(ex: Extraction) -> None:
    slots = {c.claim.value: c.claim.slot for c in ex.claims if c.claim.slot}
    assert slots == {"Marguerite": "user|counsellor", "Idris": "user|counsellor"}


@case("a self-correction keeps only the corrected value",
      [T("The boiler engineer comes on Tuesday at 2pm, sorry I mean 4pm.")], None,
      [_c("The boiler engineer comes on Tuesday (2025-05-06) at 4pm, not 2pm", [0], "user", previous_value="2pm",
          event_start="2025-05-06T16:00:00")])
def _self_correction(ex: Extraction) -> None:
    [c] = ex.claims
    assert "4pm" in c.text and c.claim.previous_value == "2pm"
    assert c.claim.event_start is not None and c.claim.event_start.hour == 16


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


def test_chat_between_friends_keeps_facts_and_drops_reactions() -> None:
    res = R.extract([
        T("Wow, John, that looks awesome! Helping animals is really important!", name="James"),
        T("Thanks James! Check out this poster. My band and I were jamming last night.", name="John"),
        T("I love your band so much!", name="James"),
    ])
    assert [(c.claim.subject, c.turn_indexes) for c in res.claims] == [("John", [1]), ("James", [2])]
    assert res.claims[0].text.startswith("John's band and John w") and "jamming last night (2025-05-01)" in res.claims[0].text
    assert res.claims[1].text == "James loves John's band so much"  # "you" is the other speaker
    assert res.claims[1].claim.attribute == "likes:band"


def test_a_comma_splice_is_two_claims_but_a_fronted_phrase_is_not() -> None:
    res = R.extract([T("I'm on 50 mg of sertraline now, my doctor upped it from 25 last week.")]).claims
    assert [c.claim.attribute for c in res] == ["medication:sertraline", None]
    assert res[1].claim.event_start == datetime(2025, 4, 21, tzinfo=timezone.utc)
    [c] = R.extract([T("After the concert in Dublin, we went home.")]).claims
    assert "Dublin" in c.text and "went home" in c.text
    assert split_clauses("My band and I were jamming") == ["My band and I were jamming"]


def test_plans_do_not_set_a_state_slot() -> None:
    assert one("I'm thinking of moving to Berlin next year.").attribute is None
    assert one("My sister is moving to Berlin next year.").attribute == "residence"


def test_the_scenario_examples_of_the_design_docs() -> None:
    """The three worked examples of SCENARIOS.md, as the extractor sees them."""
    jan, apr = datetime(2025, 1, 6, 18, tzinfo=timezone.utc), datetime(2025, 4, 14, 7, 30, tzinfo=timezone.utc)
    signup = R.extract([T("New year, new me: I signed up at FitHub on Elm Road, going Mondays and Thursdays.", when=jan),
                        T("Great start! FitHub on Elm Road, Mondays and Thursdays, noted.", "assistant", when=jan)]).claims
    assert [(c.text, c.claim.slot, c.claim.echo) for c in signup] == [
        ("The user signed up at FitHub on Elm Road, going Mondays and Thursdays", "user|gym", False),
        ("The user: FitHub on Elm Road, Mondays and Thursdays, noted", "user|gym", True)]
    later = R.extract([T("ugh FitHub raised prices again so I cancelled, I just run in the park before work now", when=apr),
                       T("Running in the park is a nice free option.", "assistant", when=apr), T("yeah lol", when=apr)]).claims
    ended = [c.claim for c in later if c.claim.negated]
    assert [(c.slot, c.value) for c in ended] == [("user|gym", "FitHub")]  # "so I cancelled" ends the gym
    assert any("park" in c.text for c in later) and all(c.turn_indexes == [0] for c in later)

    may = datetime(2025, 5, 1, 9, tzinfo=timezone.utc)
    tom, selling, renovating = R.extract([
        T("Heard from the guy downstairs that the landlord is selling the building this summer.", name="Tom", when=may),
        T("Wait, I just got the letter from the landlord: they are NOT selling, they're renovating the lobby in July.", when=may),
    ]).claims
    assert (tom.claim.vouched_by, tom.claim.voucher, tom.claim.firmness) == ("unknown", "the guy downstairs", "reported")
    # the letter's frame carries over its sentence: both clauses are the document's word
    assert [(c.claim.vouched_by, c.claim.voucher, c.claim.negated) for c in (selling, renovating)] == [
        ("document", "the letter from the landlord", True), ("document", "the letter from the landlord", False)]
    assert "renovating the lobby" in renovating.text
    assert renovating.claim.event_start == datetime(2025, 7, 1, tzinfo=timezone.utc)

    car = R.extract([T("Finally bought a car, a used 2019 Honda Jazz in dark blue."),
                     T("Congratulations! The Jazz is roomy for its size.", "assistant")]).claims
    assert [(c.claim.slot, c.turn_indexes) for c in car] == [("user|car", [0])] and "Honda Jazz" in car[0].text


def test_named_speakers_are_third_parties_when_the_user_speaks_unnamed() -> None:
    res = R.extract([T("I live in Leeds."), T("I live in York.", name="Priya")]).claims
    assert [(c.claim.subject, c.claim.vouched_by, c.claim.voucher) for c in res] == [
        ("user", "user", None), ("Priya", "unknown", "Priya")]


@pytest.mark.parametrize("text,slot,value,negated", [
    ("I quit my job at Acme last week.", "user|employer", "Acme", True),
    ("Sam and I broke up.", "user|partner", None, True),
    ("I don't have a driving licence.", "user|licence:driving", "driving licence", True),
    ("I'm lactose intolerant.", "user|allergy:lactose", "lactose", False),
    ("I no longer eat meat.", "user|diet", "no meat", False),
    ("The meeting got moved to 10.", "user|meeting_time", "10:00", False),
    ("Our rent is $1,850 a month.", "user|rent", "$1,850 a month", False),
    ("We upgraded to the Family plan.", "user|plan", "Family", False),
    ("I switched from Monzo to Starling yesterday.", None, "Starling", False),  # no slot, but see previous_value
    ("I was diagnosed with type 2 diabetes in March.", "user|condition:type_2_diabetes", "type 2 diabetes", False),
    ("My sister is pregnant!", "user's sister|condition:pregnant", "pregnant", False),
])
def test_state_changes_and_constraints(text: str, slot: str | None, value: str | None, negated: bool) -> None:
    c = one(text)
    assert (c.slot, c.value, c.negated) == (slot, value, negated)


def test_an_interjection_that_looks_like_an_imperative_is_stripped() -> None:
    """Found by the trust tests after the merge: "Look, Leo won the Lisbon marathon!" once yielded nothing."""
    [c] = R.extract([T("Look, Leo won the Lisbon marathon!", name="Bob")]).claims
    assert c.text == "Leo won the Lisbon marathon" and c.claim.subject == "Leo"
    assert R.extract([T("Check out this poster.", name="Bob")]).claims == []


def test_impossible_days_are_not_dates() -> None:
    """Found by the CLI import test after the merge: "the 0th bed" once raised IndexError."""
    for text in ("Kim planted tulips in the 0th bed", "It is the 45th time", "See you on February 30", "at 13pm"):
        for c in R.extract([T(text)]).claims:
            assert c.claim.event_start is None or c.claim.event_start.year == 2025


def test_the_clock_comes_from_the_turn_else_from_now_else_none() -> None:
    turn = Turn(role="user", content="My dentist appointment is next Friday.")
    [c] = R.extract([turn], now=FRI).claims
    assert c.claim.event_start == datetime(2025, 5, 9, tzinfo=timezone.utc)
    [c] = R.extract([turn]).claims
    assert c.claim.event_start is None and c.claim.time_text == ["next Friday"]  # found, not resolved
    assert "(" not in c.text


_WORDS = ("I my we you the budget rent moved to from Lisbon May next Friday at 3pm 10 not noon love hate can't stand "
          "allergic peanuts , . ; ? ! : — and but so My sister Ana She his The letter says apparently according "
          "Priya used quit job 2025-05-01 $1,200 07700 900123 a@b.co Dr. Mrs. x 😀 the 0th 45th 31st February 30 "
          "at 0 13pm 99:99 9999-99-99").split(" ")


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(_WORDS) | st.text(max_size=12), max_size=40), st.sampled_from(["user", "assistant", "tool"]),
       st.sampled_from([None, "Maya"]))
def test_any_text_yields_well_formed_claims(words: list[str], role: str, name: str | None) -> None:
    text = " ".join(words) or " "
    res = R.extract([T(text, role=role, name=name), T(text, role="assistant")], user_name=name)
    for c in res.claims:
        assert c.turn_indexes in ([0], [1]) and c.text.strip()
        assert c.claim.subject.lower() not in PRONOUNS
        assert c.claim.slot is None or c.claim.slot.startswith(c.claim.subject + "|")


def test_phrasings_from_the_second_labelled_sample() -> None:
    move = one("ok. we're moving house on the 22nd btw, to 14 Carrow Road")
    assert (move.attribute, move.value) == ("residence", "14 Carrow Road")
    assert move.event_start == datetime(2025, 5, 22, tzinfo=timezone.utc)
    [dad] = R.extract([T("Mari, did you hear? Dad's retiring at the end of June.", name="Ken"), T("wow", name="Mari")]).claims
    assert dad.claim.subject == "Ken's dad" and dad.text.startswith("Ken's dad")
    assert dad.claim.event_start == datetime(2025, 6, 30, tzinfo=timezone.utc)
    bro = one("lol my brother just texted that he's engaged!!")
    assert (bro.subject, bro.firmness, bro.voucher) == ("user's brother", "reported", "the user's brother")
    budget = one("I'd rather not pay more than £550.")
    assert (budget.attribute, budget.value, budget.negated) == ("budget", "£550", False)
    seen = R.extract([T("Thanks for the context! I can see account AC-55812 is on the 500 Mbps plan.", "assistant")]).claims
    assert [(c.claim.vouched_by, c.claim.echo) for c in seen] == [("assistant", False)] and "AC-55812" in seen[0].text


# Regression lists written after tuning: short replies that must yield nothing, and short
# casual facts that must each yield a claim (issue 10: chit-chat stored <= 0.15, facts lost 0).
CHIT_CHAT = [
    'haha thanks', 'cool cool', 'yeah lol', 'ok sounds good', 'lol ok', 'thanks so much!', "that's hilarious",
    'omg yes', 'perfect, thank you!', 'great, thanks', 'nice one', 'haha same', 'no worries!', "you're the best",
    'ty!', 'ok cool', 'sounds like a plan', 'awesome, appreciate it', 'love that', 'wow', 'hmm interesting',
    'right?', 'makes sense, thanks', 'good to know', 'oh nice', 'lmao', 'fair enough', 'sure thing', 'yep',
    'will do!', "that's so sweet of you", 'see ya', 'night!', 'good morning!', 'how are you doing today?',
    'ha, fair', 'true true', "oh wow that's wild", 'thank you, that helps', 'yes please', 'no thanks', 'ok got it',
    'sorry, my bad', 'I see', 'I know right', 'totally agree', 'same here lol', 'oh well', 'ah ok', 'gotcha',
    'alright thanks, bye', 'I appreciate it', 'you too!', 'cheers mate', "that's amazing news!", 'oh no!', 'yikes',
    'so cool', 'great idea', 'hope so', 'fingers crossed', 'let me think about it', 'brb', "I'll think about it",
    'never mind', "that's fine", 'okay perfect', 'all good', 'no problem at all',
]
CASUAL_FACTS = [
    "we're in Bristol now", "I'm vegan", 'ugh my flight got cancelled', 'the kids start school on the 3rd',
    "my mum's birthday is March 12", 'I switched to night shifts', "I'm allergic to cats", 'we got a puppy!',
    'I work from home on Fridays', 'my daughter hates broccoli', "I'm 34", 'my landlord is raising the rent to 1500',
    'my car is in the shop till Monday', 'I finally finished my thesis', "I'm on the keto diet now",
    "Tom's moving to Canada in June", "I'm learning Spanish", 'my phone number changed to 07911 123456',
    "the wedding's been pushed to October", 'I broke my wrist last week', "I'm not drinking this month",
    'we have two cats, Miso and Tofu', 'I prefer window seats', 'my manager is Priya', "I can't eat gluten",
    'my sister just had a baby girl', 'I use a Mac at work', "I'm training for a marathon", 'I sold my bike',
    'our team uses Jira', 'I take the 7:40 train every day', "I'm scared of flying", 'I graduated in 2019',
    'my budget is around 300 a month', 'I drive a Tesla', "I'm left-handed", 'we go to Spain every summer',
    'haha I just got engaged', 'lol I failed my driving test again', 'yeah I quit smoking last year',
]


def test_short_replies_yield_nothing_and_casual_facts_are_never_lost() -> None:
    chatty = [c for c in CHIT_CHAT if R.extract([T(c)]).claims]
    assert chatty == []
    lost = [f for f in CASUAL_FACTS if not R.extract([T(f)]).claims]
    assert lost == []


def test_slots_that_would_wrongly_supersede_are_not_given() -> None:
    # a past event is a report, not a schedule: a later trip must not retire this one
    assert one("I went on a road trip to Utah last month.").attribute is None
    assert one("Our road trip to Utah is next month.").attribute == "road_trip_time"
    assert one("I love working with kids.").attribute != "employer"
    assert one("Let's find a time that works for both of us tomorrow.").attribute is None
    lost = one("I lost my job as a banker yesterday.")
    assert (lost.attribute, lost.negated) == ("employer", True)
    assert all(c.claim.attribute is None for c in R.extract([T("Must be tough living in the city.")]).claims)
    assert one("Living in Porto has been great.").attribute == "residence"


def test_an_unknown_change_still_names_the_value_it_replaces() -> None:
    c = one("I switched from Monzo to Starling yesterday.")
    assert (c.attribute, c.value, c.previous_value) == (None, "Starling", "Monzo")


def test_an_image_turn_describes_the_image_unless_the_speaker_talks_about_themselves() -> None:
    turn = Turn(role="user", content="Receipt from Luigi's, total $42.50 on March 3. I paid for dinner.",
                image_ref="file:///tmp/receipt.jpg", timestamp=FRI)
    res = R.extract([turn]).claims
    assert [(c.claim.vouched_by, c.claim.voucher) for c in res] == [
        ("image", "image shared by the user"), ("user", None)]


def test_an_assistant_restating_from_memory_is_an_echo() -> None:
    """In a later call the assistant repeats what it was told: that must never count as testimony."""
    later = R.extract([T("Any ideas for a weekend trip?"),
                       T("Since you live in Leeds, the Yorkshire Dales are an easy drive.", "assistant"),
                       T("You mentioned your sister Ana is vegetarian, so I'd skip the steakhouse.", "assistant")]).claims
    assert [(c.claim.echo, c.claim.vouched_by) for c in later] == [(True, "assistant"), (True, "assistant")]
    assert later[0].claim.slot == "user|residence"
    assert (later[1].claim.subject, later[1].claim.slot) == ("user's sister Ana", "user's sister Ana|diet")


def test_an_assistant_exclamation_on_the_users_words_is_no_echo() -> None:
    """"New year, new teacher!" repeats the user's words but states nothing: no claim (it was stored as the user's
    memory, dated from "New year"). A verbless reply that carries a number, or a stated echo, is still kept."""
    turns = [T("my son Teo gets a new teacher after the holidays, a Mr Varga"),
             T("New year, new teacher! I hope Teo gets on with him.", "assistant")]
    res = R.extract(turns).claims
    assert [c.claim.vouched_by for c in res] == ["user"]
    kept = R.extract([T("my son Teo gets a new teacher after the holidays, a Mr Varga"),
                      T("Got it, Teo's new teacher is Mr Varga.", "assistant")]).claims
    assert [(c.claim.vouched_by, c.claim.echo) for c in kept] == [("user", False), ("assistant", True)]
    counted = R.extract([T("the quote for the boiler came in at 2400 quid"),
                         T("2400 for the boiler!", "assistant")]).claims
    assert len(counted) == 2 and counted[1].claim.echo


# Reactions, moods, hand-offs and records written in wordings the scenario dev set does not use:
# the general patterns (a chat marker at a clause's edge, an intensified mood, a subjectless
# fragment, a key: value record, a long report that ends wondering) must hold for them too.
REACTIONS = [
    'so relieved lol', 'the traffic was super annoying haha', 'omg the view', 'ok two secs', 'back to work 😅',
    "he's exhausted but happy", 'good thing I asked', 'no clue tbh', 'on it!', 'just ranting lol',
    'still buzzing tbh', 'work is so draining lol',
]
KEPT_FACTS = [
    'freezing lol, the heating broke again', "she's on a special low-salt diet",
    "the form says: 'Case 881 | Hearing: 4 March 2026 | Court: Leeds'",
    'the email says the venue moved to the Corn Exchange on Market St, 7pm Friday, bring ID?? odd',
    'they are NOT closing', 'My brother says the new flat is super tiny haha', 'they met at work', 'two kids and a dog',
]


def test_reactions_in_unseen_wordings_yield_nothing_and_facts_around_them_are_kept() -> None:
    assert [c for c in REACTIONS if R.extract([T(c)]).claims] == []
    assert [f for f in KEPT_FACTS if not R.extract([T(f)]).claims] == []
    assert R.extract([T("are you sure the venue is the Corn Exchange on Market St at 7pm Friday?")]).claims == []


def test_natural_updates_land_on_the_slot_of_the_value_they_replace() -> None:
    # the value before and after, in wordings unlike each other, share one slot
    assert (one("I quit PureGym last month").attribute, one("I quit PureGym last month").negated) == ("gym", True)
    assert one("we live in a tiny terraced house near the park in Sheffield").attribute == "residence"
    assert one("the new flat is a studio in Glasgow").attribute == "residence"
    assert one("my wage goes up to 48k in April").attribute == "salary"
    assert one("support downgraded my account to Basic").attribute == "plan"
    assert one("I'm on the Premium plan").attribute == "plan"
