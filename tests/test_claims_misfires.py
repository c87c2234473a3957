"""Rules of the offline extractor firing on wording they were not written for (session 10's review list):
being "under" a clinician, an address given for work, a possessive after a named reporter, and the header
or column-name line a pasted document opens with. Each case pairs the misfire with the wording the rule
was written for, which must still give its slot."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.claims.clauses import headers_silenced
from memwarden.claims.rules import RuleExtractor
from memwarden.models import Turn

NOW = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


def _claims(*texts: str):
    return RuleExtractor().extract([Turn(role="user", content=t, timestamp=NOW) for t in texts]).claims


# 3. Under a clinician is a patient's relation, not a reporting line.
@pytest.mark.parametrize("text", ["I'm under Dr Varga at the spinal clinic now", "we're all under Prof Lindqvist since the referral",
                                  "mum is under the care of Dr Osei", "I've gone under Doctor Hale for the shoulder"])
def test_being_under_a_clinician_names_no_manager(text):
    assert not [c for c in _claims(text) if c.claim.attribute == "manager"]


@pytest.mark.parametrize(("text", "value"), [("we all go under Benedikt from next week", "Benedikt"),
                                             ("I'm under Rosalind now, she took over the team", "Rosalind")])
def test_a_reporting_line_is_still_a_manager(text, value):
    assert any(c.claim.attribute == "manager" and c.claim.value == value for c in _claims(text))


# 4. An address for work is where one works, not where one lives.
@pytest.mark.parametrize("text", ["my address for work is 5 Tannery Yard", "My address for the office is 22 Cannon Street"])
def test_an_address_for_work_is_no_residence(text):
    attrs = {c.claim.attribute for c in _claims(text)}
    assert "residence" not in attrs


def test_an_address_for_work_has_its_own_slot_and_a_home_address_keeps_residence():
    assert {c.claim.attribute for c in _claims("my address for work is 5 Tannery Yard")} == {"work_address"}
    assert "residence" in {c.claim.attribute for c in _claims("my address for parcels is 40 Gorse Avenue")}


# 6. "<Name> said/told me/mentioned her X ...": the X is the reporter's, and the word is hearsay.
@pytest.mark.parametrize(("text", "subject"), [
    ("Ottilie told me her brother lives in Galway now", "Ottilie's brother"),
    ("Ravi said his wife got a job at Arup", "Ravi's wife"),
    ("Fenna was telling me her son lives in Utrecht", "Fenna's son"),
])
def test_a_possessive_after_a_named_reporter_is_the_reporters_relation(text, subject):
    claims = [c for c in _claims(text) if c.claim.attribute]
    assert claims and all(c.claim.subject == subject and c.claim.firmness == "reported" for c in claims)
    assert not any(c.claim.subject == "user" for c in claims)


def test_the_users_own_relation_is_still_the_users():
    claims = [c for c in _claims("my brother lives in Galway now") if c.claim.attribute == "residence"]
    assert claims and claims[0].claim.subject == "user's brother"


# 9. A pasted document's header line, or a row of column names, states nothing.
@pytest.mark.parametrize("text", [
    "Parking app history:\nSat 7 Mar 10:02-12:40 Level 2 bay 41\nSun 8 Mar 09:15-11:00 Level 1 bay 7",
    "Lab portal, pasting it here:\nFerritin 18 ug/L (low)\nB12 310 ng/L",
    "Copied from the landlord's message:\nThe boiler service is booked for 12 March between 8 and 12.",
    "Meter readings\nDate | Reading | Reader\n01/02 | 40213 | me\n01/03 | 40630 | me",
])
def test_a_header_or_column_name_line_is_no_claim(text):
    texts = [c.text for c in _claims(text)]
    assert texts  # the document's lines still give claims
    assert not [t for t in texts if t.rstrip().endswith(":") or "Date | Reading" in t], texts


def test_a_label_with_its_value_is_still_a_claim():
    texts = [c.text for c in _claims("Heater export:\nZone: Loft | Mode: Off")]
    assert any("Zone: Loft" in t for t in texts)
    assert any("allergic to sesame" in c.text for c in _claims("my rules: I'm allergic to sesame"))


def test_only_the_header_sentence_is_silenced():
    parts = [(0, "Physio today", True), (1, "Her rules for the month:", True), (2, "no running", True)]
    assert headers_silenced(parts) == [(0, "Physio today", True), (1, "Her rules for the month:", False), (2, "no running", True)]
