"""Session 24 (issue 12): a request about someone the user names by what they are to the user ("my mate", "a
customer", "one of our regulars") or by name, who asks, wants or has just started something and is then spoken of as
he or she, serves that person: the user's own taste or limit is theirs alone there. Not kin (the kin rules read them),
not someone asking whether the user can come (the user's own diary), and not a bare word opening the request.

Written for this file in everyday wording; none of it comes from a case file. Both sides each time.
"""

from __future__ import annotations

import pytest

from memwarden.governance.request import request_facts


@pytest.mark.parametrize("request_", [
    "my mate just started doing deliveries on his bike, what hours should he aim for?",
    "a customer wants a birthday cake for her daughter, what flavours should I suggest to her?",
    "Wiktor asked me for tips on growing chillies, anything I should tell him?",
    "one of our regulars wants a quiet table for his anniversary, where should I put him?",
])
def test_someone_who_asks_or_wants_is_served(request_: str) -> None:
    r = request_facts(request_, [])
    assert r.serves == "other"


@pytest.mark.parametrize("request_", [
    "my mate wants to know if I can make his leaving do on friday",   # the user's own diary
    "Mum wants to go to the coast, where should she stay?",           # kin: read by the kin rules, not here
    "landlord wants the rent early this month, can he ask for that?",  # a bare word opening the request
    "what should I cook tonight, just me",
])
def test_no_one_else_is_read_as_served(request_: str) -> None:
    r = request_facts(request_, [])
    assert r.serves != "other" or "mum" not in r.beneficiaries and "landlord" not in r.beneficiaries and "mate" not in r.beneficiaries


@pytest.mark.parametrize("memory,request_,policy", [
    ("I only do short shifts, anything over four hours wrecks my back",
     "my mate just started doing deliveries on his bike, what hours should he aim for?", "constrain_to_scope"),
    ("I can't stand spicy food, mild everything for me",
     "Wiktor asked me for a curry house recommendation, anything I should tell him?", "constrain_to_scope"),
    ("I can't stand spicy food, mild everything for me", "what curry house should I go to tonight?", "use"),
])
def test_the_users_own_taste_is_kept_to_the_user(memory: str, request_: str, policy: str) -> None:
    from datetime import datetime, timezone

    from memwarden.governance.policy import MemoryView, classify
    from memwarden.providers.embedder import default_embedder
    mem = MemoryView(id="m", text=memory, speaker="user", time=datetime(2025, 5, 2, tzinfo=timezone.utc))
    assert classify(default_embedder(), request_, [], [mem])[0].policy == policy
