"""False abstentions on answerable questions, session 25 (issue 11.4), both sides in this file's own wording:
someone brought in by "called" later in the sentence that mentions the role; "the old <thing>" after a preposition is
whose value is asked, not a former value; a plural no stemmer brings back to its singular ("teeth" / "tooth"); the
user's own statement naming a person who also speaks in the conversation covers that person."""

from datetime import datetime, timedelta, timezone

import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.trust.asked_head import asks_former
from memwarden.trust.asked_role import names_role
from test_trust_abstain_kinds import abstains_at

T0 = datetime(2026, 2, 9, 18, tzinfo=timezone.utc)


def abstains(turns: list[str], query: str) -> bool:
    return abstains_at(T0, turns, query)


@pytest.mark.parametrize(("text", "named"), [
    ("knee physio's booked, tuesdays at 6 at the leisure centre, with a woman called Brenna", True),
    ("got a driving instructor at last, lessons on thursdays with some bloke named Osric", True),
    ("knee physio's booked, tuesdays at 6 at the leisure centre, my mum's driving me", False),
    ("knee physio's booked. my sister's dog is called Biscuit", False),   # "called" in another sentence
])
def test_someone_called_by_name_later_in_the_roles_sentence_names_it(text, named):
    role = "physio" if "physio" in text else "instructor"
    assert names_role(role, text, f"who's my {role}?") is named


@pytest.mark.parametrize(("query", "former"), [
    ("what did the garage give me for the old van?", False),
    ("what's the account number on my old savings account?", False),
    ("what was my old postcode?", True),
    ("who was my landlord before?", True),
    ("where did I used to work?", True),
])
def test_the_old_thing_after_a_preposition_asks_no_former_value(query, former):
    assert asks_former(query) is former


def test_a_value_of_the_old_thing_answers_a_question_about_it():
    assert not abstains(["sold the old van to the scrap yard for 350 quid, glad to see the back of it"],
                        "how much did the scrap yard pay me for the old van?")


@pytest.mark.parametrize(("query", "abstain"), [
    ("has the baby got any teeth yet?", False),          # "tooth" said, "teeth" asked
    ("has the baby got any freckles yet?", True),        # never spoken of
])
def test_an_irregular_plural_is_its_singular(query, abstain):
    assert abstains(["baby's first tooth came through this morning, bottom front"], query) is abstain


def test_the_users_own_statement_covers_a_person_who_also_speaks():
    m = Memory(config=MemoryConfig())
    try:
        m.add([{"role": "user", "content": "Rosalind owes me 20 quid for the concert tickets",
                "timestamp": T0.isoformat()},
               {"role": "user", "name": "Rosalind", "content": "i'll sort you out friday, promise",
                "timestamp": (T0 + timedelta(minutes=1)).isoformat()}], user_id="u", admission="all")
        res = m.search("how much does Rosalind owe me?", user_id="u", as_of=T0 + timedelta(days=1))
        assert not res.abstained, res.abstain_detail
        assert {h.speaker for h in res.results} >= {"Rosalind"}
    finally:
        m.close()
