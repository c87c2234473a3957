"""The words people ask about a claim's attribute with (its slot's ask-words).

A claim's keyword entry carries them (``claims.ingest``: "Where does Maya live now?" shares no word
with "Maya moved from Lisbon to Porto"); the trusted ranking reads them to tell which slot a
question asks (``trust.slot_answer``), and abstention to let a first-person question asked in an
attribute's own words through (``trust.abstain``). Data only, kept below both stages.
"""

from __future__ import annotations

from ..models import Claim

__all__ = ["ATTRIBUTE_TERMS", "slot_terms"]


#: Words people ask about an attribute with, added to a claim's keyword entry: "Where does Maya
#: live now?" shares no word with "Maya moved from Lisbon to Porto", and "what should I keep in
#: mind when suggesting food" none with "allergic to peanuts". Keyed by the attribute's head
#: (``allergy:peanut`` -> ``allergy``; ``demo_time`` -> ``time``).
ATTRIBUTE_TERMS: dict[str, str] = {
    "residence": "live lives living home city town address based moved where",
    "role": "job work role position profession career",
    "employer": "work works job company employer office",
    "partner": "partner married wife husband girlfriend boyfriend spouse relationship",
    "pet": "pet pets animal dog cat",
    "diet": "diet food eat eats eating meal meals cook dinner lunch breakfast restaurant recipe dessert snack",
    "allergy": "allergy allergies allergic food eat eating avoid safe health meal dinner lunch restaurant recipe dessert snack",
    "medication": "medication medicine medicines drug pill take health dose",
    "doctor": "doctor health appointment",
    "email": "email contact address",
    "phone": "phone number contact call",
    "car": "car drive drives vehicle",
    "gym": "gym workout exercise train",
    "school": "school study studies university college",
    "budget": "budget money spend cost price afford",
    "salary": "salary pay earn income money",
    "rent": "rent pay apartment housing money",
    "mortgage": "mortgage house loan money",
    "plan": "plan plans going will",
    "favourite": "favourite favorite like likes prefer",
    "lodging": "hotel staying stay where accommodation booked room",
    "likes": "like likes love enjoy prefer favourite favorite",
    "time": "when date time day schedule",
    # a weekly duty ("tuesday_pickup"): asked about by who does it
    "pickup": "who picks up pick collects collect school run pickup",
    "dropoff": "who drops off drop school run dropoff",
    "dog_walk": "who walks the dog walk",
}


def slot_terms(claim: Claim) -> list[str]:
    """The ask-words of the claim's attribute (empty without a known attribute)."""
    attr = (claim.attribute or (claim.slot or "").partition("|")[2] or "").lower()
    head = attr.split(":", 1)[0]
    duty = next((d for d in ("pickup", "dropoff", "dog_walk") if head.endswith("_" + d)), None)
    words = ATTRIBUTE_TERMS.get(head) or (ATTRIBUTE_TERMS["time"] if head.endswith("_time") else
                                          ATTRIBUTE_TERMS[duty] if duty else "")
    return words.split()
