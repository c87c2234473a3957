"""Kinds of natural updates the offline extractor must land on the slot of the value they replace.

Each kind is written here in wording of its own (not the evaluation sets'): the rule must read
the kind, not a phrase.
"""

from __future__ import annotations

import pytest

from memwarden import Memory
from memwarden.claims.rules import RuleExtractor
from memwarden.claims.slots import detect_slot
from memwarden.config import MemoryConfig
from memwarden.models import Turn


def _active(m: Memory, user: str = "u") -> list:
    return [c for c in m.get_all(user_id=user) if c.claim and c.status == "active"]


# -- a home named by its kind and its area, in any case ----------------------------------------------

@pytest.mark.parametrize("text,area", [
    ("we rent a two-bed in clapton, right by the marshes", "clapton"),
    ("picked up the keys to our new house in Frome yesterday", "Frome"),
    ("i live in a houseshare in west didsbury with 3 nurses", "west didsbury"),
    ("my gran lives in a bungalow in filey", "filey"),
])
def test_a_home_and_its_area_set_the_residence(text: str, area: str) -> None:
    g = detect_slot(text)
    assert (g.attribute, g.value) == ("residence", area)


@pytest.mark.parametrize("text", [
    "we rented a cottage in cornwall for the week",        # a holiday, not a home
    "made an offer on a flat off the high street in ely",  # a plan
    "I live in a house in the middle of nowhere",          # no area named
])
def test_stays_plans_and_vague_places_set_no_residence(text: str) -> None:
    assert detect_slot(text).attribute != "residence"


def test_moving_into_a_new_home_supersedes_the_old_one() -> None:
    with Memory(config=MemoryConfig(embedder="hash", trust={"enabled": False})) as m:
        m.add("i rent a tiny studio in digbeth, the trains go right past the window", user_id="u",
              timestamp="2026-01-10T20:00:00Z", admission="all")
        m.add("got the keys to the new flat in moseley today!! no curtains yet", user_id="u",
              timestamp="2026-03-28T12:00:00Z", admission="all")
        homes = [c for c in _active(m) if c.claim.slot == "user|residence"]
        assert [c.claim.value for c in homes] == ["moseley"]
        old = [c for c in m.get_all(user_id="u", include_superseded=True) if "digbeth" in c.memory]
        assert old and old[0].status == "superseded"


# -- a self-correction inside one turn ------------------------------------------------------------

def _claims(text: str) -> list:
    from datetime import datetime, timezone
    when = datetime(2026, 6, 1, 9, 0, tzinfo=timezone.utc)
    return RuleExtractor().extract([Turn(role="user", content=text, timestamp=when)]).claims


def test_a_corrected_value_replaces_the_one_taken_back_and_names_it() -> None:
    [c] = _claims("the piano tuner comes on tuesday at 4pm, sorry I mean 5pm")
    assert "5pm" in c.text and c.claim.previous_value == "4pm"
    [c] = _claims("my car insurance renews at 640 a year. no wait, 610")
    assert "610" in c.text and c.claim.previous_value == "640"


def test_a_full_correction_replaces_the_statement_taken_back() -> None:
    texts = [c.text for c in _claims("I moved to Leeds in March. Hang on no, I moved to Harrogate in March")]
    assert len(texts) == 1 and "Harrogate" in texts[0]
    # nothing before the marker in the turn: the correction is kept as said
    assert [c.claim.value for c in _claims("scratch that, I live in Harrogate")] == ["Harrogate"]


def test_i_mean_as_a_filler_corrects_nothing() -> None:
    texts = [c.text for c in _claims("I work at Greggs. I mean, the hours are fine")]
    assert any("Greggs" in t for t in texts)


# -- casual lowercase writing ------------------------------------------------------------------------

@pytest.mark.parametrize("text,slot,value", [
    ("living in york now, the commute is brutal", "residence", "york"),
    ("relocated to dundee for the new contract", "residence", "dundee"),
    ("just moved to stockport, boxes everywhere", "residence", "stockport"),
    ("my girlfriend is priya btw", "partner", "priya"),
    ("my energy supplier is ovo now", "energy_supplier", "ovo"),
    ("my childminder is mrs bell", "childminder", "mrs bell"),
])
def test_lowercase_names_still_set_their_slot(text: str, slot: str, value: str) -> None:
    g = detect_slot(text)
    assert (g.attribute, g.value) == (slot, value)


@pytest.mark.parametrize("text", [
    "moved to decaf after 2pm",           # "moved to" a habit, not a home
    "we moved to weekly invoices",
    "living in hope with this landlord",  # a state of mind
    "my girlfriend is away till sunday",  # how someone is, not who
    "my energy supplier is useless",
])
def test_lowercase_words_that_name_no_value_set_no_slot(text: str) -> None:
    g = detect_slot(text)
    assert g.attribute not in ("residence", "partner", "energy_supplier")


def test_a_lowercase_switch_of_provider_supersedes_the_old_one() -> None:
    with Memory(config=MemoryConfig(embedder="hash", trust={"enabled": False})) as m:
        m.add("my energy supplier is bulb", user_id="u", timestamp="2026-01-10T20:00:00Z", admission="all")
        m.add("my energy supplier is ovo now, way cheaper", user_id="u", timestamp="2026-04-02T12:00:00Z", admission="all")
        on_slot = [c.claim.value for c in _active(m) if c.claim.slot == "user|energy_supplier"]
        assert on_slot == ["ovo"]


def test_it_says_after_naming_a_written_source_is_that_source_speaking() -> None:
    [_, quote] = _claims("the renewal letter arrived this morning and it says the premium drops to 410")
    assert quote.claim.vouched_by == "document" and "letter" in (quote.claim.voucher or "")
    assert "410" in quote.text
    # no source named before: "it says" frames nothing
    assert all(c.claim.vouched_by == "user" for c in _claims("I rang the garage and it says nothing about tyres"))


def test_a_corrected_value_followed_by_an_aside_still_replaces_the_old_one() -> None:
    texts = [c.text for c in _claims("the vet appointment is on the 9th at 10:20. no wait, 11:40, I misread the text")]
    assert any("11:40" in t and "10:20" in t and "(2026-06-09" in t for t in texts)  # date kept, old time named
    assert not any("10:20" in t and "11:40" not in t for t in texts)


# -- a hand-over in a later call ---------------------------------------------------------------------

def test_a_hand_over_binds_to_the_role_named_in_an_earlier_call() -> None:
    with Memory(config=MemoryConfig(embedder="hash", trust={"enabled": False})) as m:
        m.add("my driving instructor is gav, very chill", user_id="u", timestamp="2026-01-10T10:00:00Z", admission="all")
        m.add("gav retired lol, the school assigned me to Rhiannon", user_id="u", timestamp="2026-02-10T10:00:00Z",
              admission="all")
        on_slot = [c for c in _active(m) if c.claim.slot == "user|driving_instructor"]
        assert [c.claim.value for c in on_slot] == ["Rhiannon"] and "(the new driving instructor)" in on_slot[0].memory
        # no role ever named: the hand-over keeps its text and sets no slot
        m.add("they assigned me to Rhiannon", user_id="v", timestamp="2026-02-10T10:00:00Z", admission="all")
        assert all(c.claim.slot is None for c in _active(m, "v"))
        # "switched to" also changes providers: with no role in the call it hands nobody over
        m.add("my dentist is dr shah", user_id="w", timestamp="2026-01-10T10:00:00Z", admission="all")
        m.add("switched to monzo last week", user_id="w", timestamp="2026-02-10T10:00:00Z", admission="all")
        assert [c.claim.value for c in _active(m, "w") if c.claim.slot] == ["dr shah"]


# -- package managers ----------------------------------------------------------------------------------

@pytest.mark.parametrize("text,value,prev", [
    ("the api repo installs with pnpm", "pnpm", None),
    ("we ditched npm for bun in the monorepo", "bun", "npm"),
    ("poetry for deps, as usual", "poetry", None),
])
def test_package_managers_are_a_stack_slot(text: str, value: str, prev: str | None) -> None:
    g = detect_slot(text)
    assert (g.attribute, g.value, g.previous_value) == ("stack:package_manager", value, prev)


@pytest.mark.parametrize("text", ["got some lovely merino yarn for the scarf", "grabbed a bun on the way in",
                                  "she reads poetry on the train"])
def test_everyday_words_that_name_package_managers_set_no_slot(text: str) -> None:
    assert detect_slot(text).attribute != "stack:package_manager"


def test_a_provider_said_to_be_nice_is_not_named_nice():
    # The provider rule reads without case: an opinion of one's dentist must not become the dentist's name
    # (it would later "supersede" the real one), while a lowercase name still is one.
    from memwarden.claims.slots import detect_slot

    assert detect_slot("tbh my dentist is lovely, never hurts").attribute is None
    assert detect_slot("my optometrist is hopeless").attribute is None
    named = detect_slot("my dentist is dr achebe now")
    assert named.attribute == "dentist" and named.value.lower().startswith("dr achebe")


@pytest.mark.parametrize("text,new,old", [
    ("we're taking the coach with megabus... no sorry, flixbus", "flixbus", "megabus"),
    ("dinner's at the curry house, sorry I mean the pizza place", "pizza place", "curry house"),
])
def test_a_corrected_value_of_no_typed_kind_replaces_the_last_word_said(text: str, new: str, old: str) -> None:
    # a lowercase name or a plain noun: the fragment fixes the value said last, the statement is kept
    texts = [c.text for c in _claims(text)]
    assert len(texts) == 1 and new in texts[0] and f"not {old}" in texts[0], texts


def test_a_correction_at_the_end_of_a_long_turn_keeps_the_rest_of_the_statement() -> None:
    texts = [c.text for c in _claims("all sorted! Bruges from the 2nd to the 5th, hotel by the Markt, "
                                     "taking the eurostar... no wait, the ferry")]
    assert any("Bruges" in t and "ferry" in t for t in texts), texts
