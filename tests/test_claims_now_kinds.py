"""Kinds of wording that decide whether a statement replaces an earlier one (issue 10, knowledge update).

Each kind is written in wording of its own, not the evaluation sets': the rule must read the kind
(a value type, a grammatical pattern), not a phrase.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden import Memory
from memwarden.claims.rules import RuleExtractor
from memwarden.claims.slots import detect_slot, place_like
from memwarden.claims.timex import find_times
from memwarden.config import MemoryConfig
from memwarden.models import Turn

_WHEN = datetime(2026, 6, 1, 9, 0, tzinfo=timezone.utc)


def _mem() -> Memory:
    """A store with the offline extractor and no trust stage: these tests read claims and slots."""
    return Memory(config=MemoryConfig(embedder="hash", trust={"enabled": False}))


def _claims(text: str) -> list:
    return RuleExtractor().extract([Turn(role="user", content=text, timestamp=_WHEN)]).claims


def _slot(text: str):
    return detect_slot(text, find_times(text, _WHEN, None))


def _all(m: Memory, user: str = "u") -> list:
    return [c for c in m.get_all(user_id=user, include_superseded=True) if c.claim]


# -- a residence needs a place-like value: a move between tools is a switch -------------------------

@pytest.mark.parametrize("text", [
    "we moved from pip to uv for the monorepo",
    "the team moved from yarn to pnpm last sprint",
    "we moved from MySQL to Postgres in the spring",
    "moved the service to go, the repo builds in seconds",
])
def test_a_move_between_tools_is_no_residence(text: str) -> None:
    assert _slot(text).attribute != "residence"


@pytest.mark.parametrize("text,value", [
    ("we moved from leeds to york", "york"),
    ("I moved from Cardiff to Swansea", "Swansea"),
    ("moved to the new flat in Leith last week", "Leith"),
])
def test_a_move_between_places_is_still_a_residence(text: str, value: str) -> None:
    g = _slot(text)
    assert g.attribute == "residence" and g.value and g.value.endswith(value)


def test_place_like_reads_the_value_type() -> None:
    assert not place_like("uv", "pip", "we moved from pip to uv")
    assert not place_like("Kotlin", None, "moved to Kotlin")
    assert place_like("bristol", None, "moved to bristol")
    assert place_like("uv", None, "moved to uv, the flat is tiny")  # a word of a home decides


# -- "moved to <lowercase place> <when>" is a move of home, not a rescheduling -----------------------

@pytest.mark.parametrize("text,value", [
    ("moved to norwich two weeks ago, still unpacking", "norwich"),
    ("relocated to aberdeen in january", "aberdeen"),
    ("my sister moved down to exeter for work", "exeter"),
])
def test_a_dated_move_to_a_lowercase_place_sets_the_residence(text: str, value: str) -> None:
    [c] = [c for c in _claims(text) if c.claim.attribute]
    assert (c.claim.attribute, c.claim.value) == ("residence", value)


@pytest.mark.parametrize("text", ["switched to decaf last month", "moved to decaf last month"])
def test_a_drink_is_no_place(text: str) -> None:
    assert all(c.claim.attribute != "residence" for c in _claims(text))


def test_a_move_dated_in_the_past_is_no_unnamed_rescheduling() -> None:
    """ "moved to X last month" names when X happened, not a new time for some event said earlier."""
    with _mem() as m:
        m.add("the school recital is on the 20th", user_id="u", timestamp="2026-06-01T09:00:00Z", admission="all")
        m.add("moved to decaf last month, sleeping loads better", user_id="u",
              timestamp="2026-06-03T09:00:00Z", admission="all")
        play = [c for c in _all(m) if "recital" in c.memory]
        assert play and all(c.status == "active" for c in play)
        # a real rescheduling still moves it
        m.add("that got moved to the 27th", user_id="u", timestamp="2026-06-04T09:00:00Z", admission="all")
        assert any(c.status == "superseded" for c in _all(m) if "20th" in c.memory)


# -- a wish, fear or condition denies nothing ---------------------------------------------------------

@pytest.mark.parametrize("text", [
    "praying it doesn't rain for the street party on saturday",
    "really hope the plumber doesn't cancel on friday",
    "fingers crossed the ferry isn't delayed on the 14th",
    "if the flight isn't full on the 9th we'll take it",
])
def test_a_negation_inside_a_wish_does_not_negate_the_claim(text: str) -> None:
    assert all(not c.claim.negated for c in _claims(text))


@pytest.mark.parametrize("text", ["the party isn't on saturday any more", "I don't live in Hull now"])
def test_a_plain_denial_still_negates(text: str) -> None:
    assert any(c.claim.negated for c in _claims(text))


def test_a_wish_about_an_event_does_not_supersede_it() -> None:
    with _mem() as m:
        m.add("the street party is on saturday the 13th", user_id="u", timestamp="2026-06-01T09:00:00Z", admission="all")
        m.add("praying it doesn't rain for the street party on the 13th", user_id="u",
              timestamp="2026-06-05T09:00:00Z", admission="all")
        party = [c for c in _all(m) if "13th" in c.memory]
        assert party and party[0].status == "active"


def test_a_third_partys_lowercase_move_is_not_the_users() -> None:
    assert _slot("sad news, marek has moved down to bath for work").attribute != "residence"


# -- someone introduced by name is who the next "she"/"he" is ---------------------------------------

def test_a_person_introduced_by_name_is_the_next_pronoun() -> None:
    texts = [c.text for c in _claims("we hired a guy called tomasz off a local forum, he's doing the gutters now")]
    assert any(t.startswith("Tomasz") and "gutters" in t for t in texts)


# -- an employer named with the role, or as "an <Org> employee" --------------------------------------

@pytest.mark.parametrize("text,org", [
    ("i'm a senior analyst at Fenwick Partners, mostly excel hell", "Fenwick Partners"),
    ("she's a staff nurse with Bupa", "Bupa"),
    ("since the merger I'm officially a Northgate Water employee", "Northgate Water"),
])
def test_a_role_at_an_organisation_sets_the_employer(text: str, org: str) -> None:
    g = _slot(text)
    assert (g.attribute, g.value) == ("employer", org)


@pytest.mark.parametrize("text", ["I was a nurse at St Mary's for years", "I'm a regular at Joe's Cafe", "I'm a big fan of Arsenal", "I'm a backend engineer"])
def test_no_employer_without_a_role_and_an_organisation(text: str) -> None:
    assert _slot(text).attribute != "employer"


def test_a_later_employer_named_with_a_role_supersedes_the_first() -> None:
    with _mem() as m:
        m.add("i'm a data engineer at Tillbury, mostly airflow", user_id="u", timestamp="2026-01-05T09:00:00Z", admission="all")
        m.add("our company got acquired so now I'm a Castlegate Group employee", user_id="u",
              timestamp="2026-05-05T09:00:00Z", admission="all")
        jobs = {c.claim.value: c.status for c in _all(m) if c.claim.attribute == "employer"}
        assert jobs == {"Tillbury": "superseded", "Castlegate Group": "active"}


def test_where_do_i_work_asks_the_employer() -> None:
    from memwarden.trust.slot_answer import asks_attribute

    assert asks_attribute("employer", "where does my brother work these days?")
    assert asks_attribute("employer", "who do I work for now?")
    assert not asks_attribute("employer", "how do I get to work?")
    assert not asks_attribute("employer", "where do I work out on mondays?")


# -- a day or event said to be off ends the event on that day -----------------------------------------

def test_a_day_said_to_be_off_cancels_the_event_on_that_day() -> None:
    with _mem() as m:
        m.add("the team bbq is on friday the 12th at the park", user_id="u", timestamp="2026-06-08T09:00:00Z", admission="all")
        m.add("the dentist appointment is on the 20th", user_id="u", timestamp="2026-06-08T09:05:00Z", admission="all")
        m.add("rain forecast all week so friday is off", user_id="u", timestamp="2026-06-10T09:00:00Z", admission="all")
        status = {c.memory: c.status for c in _all(m)}
        assert next(s for t, s in status.items() if "bbq" in t and "12th" in t) == "superseded"
        assert next(s for t, s in status.items() if "dentist" in t) == "active"  # another day's event stays


@pytest.mark.parametrize("text", ["I'm off on thursday", "she's off sick on monday", "it's off to the vet on the 3rd"])
def test_being_off_is_no_cancellation(text: str) -> None:
    assert all(not c.claim.negated for c in _claims(text))


def test_an_event_named_as_cancelled_is_negated_on_its_slot() -> None:
    [c] = [c for c in _claims("the housewarming on saturday has been called off") if c.claim.attribute]
    assert c.claim.attribute == "housewarming_time" and c.claim.negated


# -- a switch that names only the replaced value takes that value's slot; A -> B -> C follows it ----------

def test_a_switch_naming_the_replaced_value_supersedes_its_holder() -> None:
    with _mem() as m:
        m.add("my contact lenses are Acuvue monthlies", user_id="u", timestamp="2026-01-05T09:00:00Z", admission="all")
        m.add("the optician took me off the monthlies and put me on dailies", user_id="u",
              timestamp="2026-03-05T09:00:00Z", admission="all")
        held = {c.claim.value: c.status for c in _all(m) if c.claim.slot == "user|contact_lenses"}
        assert held == {"Acuvue monthlies": "superseded", "dailies": "active"}


@pytest.mark.parametrize("switch", ["the gp switched me from sertraline to citalopram",
                                    "they've taken me off the sertraline and put me on citalopram"])
def test_a_switch_of_drug_supersedes_the_replaced_drug(switch: str) -> None:
    with _mem() as m:
        m.add("I'm on sertraline 50mg at the moment", user_id="u", timestamp="2026-01-05T09:00:00Z", admission="all")
        m.add(switch, user_id="u", timestamp="2026-03-05T09:00:00Z", admission="all")
        held = {c.claim.value: c.status for c in _all(m) if (c.claim.slot or "").startswith("user|medication")}
        assert held == {"sertraline 50mg": "superseded", "citalopram": "active"}, held


def test_switching_my_thing_to_a_new_value_supersedes_it() -> None:
    with _mem() as m:
        m.add("my bank is Halifax", user_id="u", timestamp="2026-01-05T09:00:00Z", admission="all")
        m.add("finally switched my bank to Starling", user_id="u", timestamp="2026-03-05T09:00:00Z", admission="all")
        held = {c.claim.value: c.status for c in _all(m) if c.claim.slot == "user|bank"}
        assert held == {"Halifax": "superseded", "Starling": "active"}, held


def test_switching_a_phone_to_a_network_leaves_the_number_alone() -> None:
    assert _slot("switched my phone to Giffgaff").attribute != "phone"


def test_a_value_changed_twice_leaves_only_the_last_current() -> None:
    with _mem() as m:
        m.add("my energy supplier is Bulb", user_id="u", timestamp="2026-01-05T09:00:00Z", admission="all")
        m.add("switched from Bulb to Octopus, way cheaper", user_id="u", timestamp="2026-03-05T09:00:00Z", admission="all")
        m.add("ditched Octopus for Ecotricity after the price rise", user_id="u", timestamp="2026-06-05T09:00:00Z",
              admission="all")
        held = {c.claim.value: c.status for c in _all(m) if c.claim.slot == "user|energy_supplier"}
        assert held == {"Bulb": "superseded", "Octopus": "superseded", "Ecotricity": "active"}


def test_a_switch_from_something_never_held_supersedes_nothing() -> None:
    with _mem() as m:
        m.add("my energy supplier is Bulb", user_id="u", timestamp="2026-01-05T09:00:00Z", admission="all")
        m.add("swapped the nespresso for a moka pot", user_id="u", timestamp="2026-03-05T09:00:00Z", admission="all")
        assert all(c.status == "active" for c in _all(m))


def test_a_session_named_by_its_bare_head_later_moves_the_full_one() -> None:
    """A recurring session named in full, then only by its head ("his lesson"), months after it began."""
    with _mem() as m:
        m.add("theo starts judo lessons at the leisure centre next monday at 6pm", user_id="u",
              timestamp="2026-01-05T09:00:00Z", admission="all")
        m.add("the club merged groups so his lesson is on thursdays at 6pm starting the 5th", user_id="u",
              timestamp="2026-02-20T09:00:00Z", admission="all")
        judo = {c.claim.value: c for c in _all(m) if c.claim.slot == "user|judo_lesson_time"}
        assert sorted(c.status for c in judo.values()) == ["active", "superseded"]
        [(value, now)] = [(v, c) for v, c in judo.items() if c.status == "active"]  # the later statement holds:
        assert value == "18:00" and now.claim.event_start.date().isoformat() == "2026-03-05"  # a time, valid from the 5th


def test_a_bare_session_with_no_full_one_keeps_its_own_slot() -> None:
    with _mem() as m:
        m.add("my class is on thursday the 5th at 7pm", user_id="u", timestamp="2026-03-01T09:00:00Z", admission="all")
        assert [c.claim.slot for c in _all(m) if c.claim.attribute] == ["user|class_time"]


# -- session 9: the new value lost before any slot could be read ------------------------------------


@pytest.mark.parametrize(("text", "kept"), [
    ("the shortlist came out this afternoon, Priyanka got the headship", "Priyanka got the headship"),
    ("the email went round at lunch, Tomasz is the new site lead", "Tomasz is the new site lead"),
])
def test_a_comma_splice_before_a_named_subject_keeps_the_named_clause(text: str, kept: str) -> None:
    # one clause, it read as a moment told and was dropped whole
    assert kept in [c.text for c in _claims(text)]


@pytest.mark.parametrize(("text", "kept"), [
    ("scan results back. verdict: not broken!", "not broken"),
    ("saw the consultant. diagnosis: a stress fracture", "a stress fracture"),
])
def test_a_label_before_a_verbless_value_is_kept_with_it(text: str, kept: str) -> None:
    # stripped as a heading, the value alone ("not broken") read as chat and was lost
    assert any(kept in c.text for c in _claims(text))


def test_a_heading_before_a_full_statement_is_still_stripped() -> None:
    assert [c.text for c in _claims("quick one: I switched to the night bus")] == ["The user switched to the night bus"]


@pytest.mark.parametrize("text", ["booked the kids into the allergy clinic for friday",
                                  "my allergy tablets ran out", "the allergy nurse rang back"])
def test_a_noun_allergy_modifies_is_no_allergen(text: str) -> None:
    assert all(not (c.claim.slot or "").startswith("user|allergy") for c in _claims(text))


@pytest.mark.parametrize(("text", "slot"), [("I have an allergy to kiwi", "user|allergy:kiwi"),
                                            ("kiwi allergy, since I was little", "user|allergy:kiwi")])
def test_an_allergen_is_still_read(text: str, slot: str) -> None:
    assert any(c.claim.slot == slot for c in _claims(text))


@pytest.mark.parametrize(("text", "slot", "value"), [
    ("new flat is 9 Tanner Row, top floor", "user|residence", "9 Tanner Row"),  # no "my": chat drops it
    ("current supplier is Ecotricity", "user|supplier", "Ecotricity"),
    ("my address for post is 3 Mill Lane", "user|residence", "3 Mill Lane"),  # a purpose names no other slot
    ("my place is 12 Orchard Close", "user|residence", "12 Orchard Close"),
])
def test_a_home_or_a_current_value_said_in_chat_lands_on_its_slot(text: str, slot: str, value: str) -> None:
    assert any(c.claim.slot == slot and c.claim.value == value for c in _claims(text))


@pytest.mark.parametrize("text", ["new flat is lovely", "my place is a mess", "new job is stressful"])
def test_how_a_thing_is_sets_no_slot(text: str) -> None:
    assert all(c.claim.slot is None for c in _claims(text))


def _ts(month: int, day: int) -> datetime:
    return datetime(2026, month, day, 10, 0, tzinfo=timezone.utc)


def _slot_after(slot: str, *said: tuple[str, datetime]) -> dict[str, str]:
    """Each statement added in its own call, in order: the slot's values and their status."""
    m = _mem()
    for text, when in said:
        m.add(text, user_id="u", timestamp=when)
    return {c.claim.value: c.status for c in _all(m) if c.claim.slot == slot}


def test_a_new_place_supersedes_an_address_given_for_a_purpose() -> None:
    assert _slot_after("user|residence", ("my address for parcels is 40 Quay Street", _ts(1, 5)),
                       ("finally moved! new place is 2 Larch Walk", _ts(4, 5))) == {
        "40 Quay Street": "superseded", "2 Larch Walk": "active"}


@pytest.mark.parametrize(("text", "slot", "value"), [
    ("from monday the whole team sits under Farida", "user|manager", "Farida"),
    ("had my appraisal with my line manager Bogdan", "user|manager", "Bogdan"),
    ("emailed the photos to our landlady Mrs Okafor", "user|landlord", "Mrs Okafor"),
])
def test_a_reporting_line_or_a_role_named_with_its_holder_sets_the_role(text: str, slot: str, value: str) -> None:
    assert any(c.claim.slot == slot and c.claim.value == value for c in _claims(text))


@pytest.mark.parametrize("text", ["my boss Farida is off sick this week", "I went under anaesthetic on monday",
                                  "my line manager is lovely"])
def test_a_role_heading_its_clause_or_being_under_a_thing_sets_no_manager(text: str) -> None:
    assert all(c.claim.slot != "user|manager" for c in _claims(text))


def test_a_new_reporting_line_supersedes_the_manager_named_in_passing() -> None:
    assert _slot_after("user|manager", ("catch-up with my manager Bogdan went fine", _ts(1, 5)),
                       ("reorg done, we all go under Farida now", _ts(3, 5))) == {"Bogdan": "superseded", "Farida": "active"}


def test_it_is_now_a_numbered_date_moves_the_event_ahead() -> None:
    m = _mem()
    m.add("my passport interview is on 9 june at the Leeds office", user_id="u", timestamp=_ts(5, 2))
    m.add("letter came, its now 23 june and in York not leeds", user_id="u", timestamp=_ts(5, 20))
    slot = next(c.claim.slot for c in _all(m) if c.claim.value == "2026-06-09")
    times = {c.claim.value: (c.status, c.claim.previous_value) for c in _all(m) if c.claim.slot == slot}
    assert slot and times == {"2026-06-09": ("superseded", None), "2026-06-23": ("active", "leeds")}


@pytest.mark.parametrize("text", ["it's friday now, finally", "it's now june and still raining", "ugh it's 11pm now"])
def test_it_is_now_a_weekday_a_month_or_a_clock_tells_the_time(text: str) -> None:
    assert all(c.claim.slot is None for c in _claims(text))


def test_the_assistants_echo_of_a_replaced_value_is_superseded_with_it() -> None:
    m = _mem()
    m.add([{"role": "user", "content": "my passport interview is on 9 june at the Leeds office"},
           {"role": "assistant", "content": "Passport interview on 9 June in Leeds, good luck!"}], user_id="u", timestamp=_ts(5, 2))
    m.add("letter came, its now 23 june and in York not leeds", user_id="u", timestamp=_ts(5, 20))
    echoes = [c for c in _all(m) if c.claim.echo and "9 June" in c.memory]
    assert echoes and all(c.status == "superseded" for c in echoes)
    # valid before the change: an as_of search still sees the echo's day
    assert {c.status for c in _all(m) if c.claim.echo and "23" in c.memory} <= {"active"}


@pytest.mark.parametrize(("text", "day"), [("portfolio due 22 may and nothing printed yet", "-05-22)"),
                                           ("the exam is on 9 may.", "-05-09)")])
def test_lower_case_may_after_a_day_number_ending_the_date_is_the_month(text: str, day: str) -> None:
    assert any(day in c.text for c in _claims(text))  # the year is the tense's business


@pytest.mark.parametrize("text", ["3 may come along later", "honestly 2 may be enough"])
def test_may_after_a_number_before_a_verb_is_no_month(text: str) -> None:
    assert all("(20" not in c.text for c in _claims(text))


def test_a_thing_due_without_its_copula_is_its_deadline_and_an_extension_moves_it() -> None:
    assert _slot_after("user|coursework_deadline_time", ("coursework due 18 june, not started", _ts(5, 1)),
                       ("tutor said yes!! i've got till 2 july now", _ts(5, 20))) == {
        "2026-06-18": "superseded", "2026-07-02": "active"}
