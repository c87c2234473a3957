"""Questions and verdicts about the user against another person's line (session 20, issues 10/11).

The reverse of tests/test_asked_party.py: the user says where they work, and elsewhere mentions a cousin or a
named acquaintance who works somewhere else. "Where do I work?" must get the user's own line first, a question
naming the cousin the cousin's, and a verdict that the user works at the cousin's place is not TRUE on the
cousin's word (:mod:`memwarden.trust.other_person`, :func:`memwarden.trust.asked_party.own_first`).
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.models import Claim, ScoreParts, SearchHit
from memwarden.trust.asked_party import own_first
from memwarden.trust.other_person import another_holders, another_persons, users_own

_WHEN = datetime(2025, 6, 1, tzinfo=timezone.utc)


def _hit(i: int, text: str, subject: str | None, attribute: str | None = None) -> SearchHit:
    claim = Claim(subject=subject, attribute=attribute, value=None) if subject is not None else None
    return SearchHit(id=f"h{i}", memory=text, score=1.0 - i / 10, kind="claim" if claim else "episode", claim=claim,
                     user_id="u", created_at=_WHEN, updated_at=_WHEN, scores=ScoreParts(fused=1.0 - i / 10))


@pytest.fixture(scope="module")
def real(minilm) -> Memory:
    m = Memory(config=MemoryConfig(embedder="minilm"), embedder=minilm)
    yield m
    m.close()


# -- the pieces ------------------------------------------------------------------------------------------


def test_whose_fact_a_claim_is_comes_from_its_subject() -> None:
    assert another_persons(_hit(0, "Marta runs a bakery in Hove", "Marta"))
    assert another_persons(_hit(0, "The user's cousin Ifeoma works at a bank", "user's cousin Ifeoma"))
    assert another_persons(_hit(0, "The user's uncle plays golf", "user's uncle"))
    assert not another_persons(_hit(0, "The user's optician is on King Street", "user's optician"))  # a thing of theirs
    assert not another_persons(_hit(0, "The user works at a bank", "user"))
    assert not another_persons(_hit(0, "Landlord's raised the rent", "Landlord"))  # a role telling the user's affairs


def test_a_claim_about_the_user_is_told_from_one_about_their_people() -> None:
    assert users_own("I cycle to work")
    assert users_own("my optician is on King Street")
    assert not users_own("my uncle plays golf")
    assert not users_own("I'm married to Dev")  # a tie to a person: their line may support it


def test_the_users_own_line_passes_another_persons_on_the_same_attribute() -> None:
    cousin = _hit(0, "The user's cousin Ifeoma works at Barclays", "user's cousin Ifeoma", "employer")
    mine = _hit(1, "The user works at the council", "user", "employer")
    hobby = _hit(2, "The user plays five-a-side on Thursdays", "user", "hobby")
    assert [h.id for h in own_first([cousin, hobby, mine], "where do I work?")] == ["h1", "h0", "h2"]
    # a question about the cousin, or naming someone, is left alone
    assert own_first([cousin, mine], "where does my cousin work?") == [cousin, mine]
    assert own_first([cousin, mine], "did Ifeoma say where I should apply?") == [cousin, mine]


def test_a_verdict_about_the_user_reads_no_other_persons_claim() -> None:
    marta = _hit(0, "Marta drives a blue Kia", "Marta")
    assert another_holders(marta, "I drive a blue Kia")
    assert not another_holders(marta, "I drove Marta to the station")  # the claim names her
    # a thing of the user's: only when the text gives the thing as the other person's
    assert another_holders(_hit(0, "Marta's optician is on King Street", "Marta"), "my optician is on King Street")
    assert not another_holders(_hit(0, "Kevin put the rent up to 900", "Kevin"), "my rent is 900")
    assert another_holders(_hit(0, "Jonas, the user's housemate, swims at the lido", "user's housemate Jonas"), "I swim at the lido")
    assert another_holders(_hit(0, "Marta gets her nails done at Polish Bar", "Marta"), "my nails are done at Polish Bar")
    # the user's own turn opening on a person of theirs
    assert another_holders(_hit(0, "my brother-in-law Sunil drives a blue Kia", None), "I drive a blue Kia")
    assert not another_holders(_hit(0, "my brother-in-law Sunil and I drive a blue Kia", None), "I drive a blue Kia")
    assert another_holders(_hit(0, "Sunil, my brother-in-law, drives a blue Kia", None), "I drive a blue Kia")


# -- end to end ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("user_name", [None, "Ada"])
def test_my_own_workplace_comes_before_my_cousins(real: Memory, user_name: str | None) -> None:
    uid = f"own-first-{user_name}"
    me = {"role": "user", "content": "I work at the town council, in planning"}
    cousin = {"role": "user", "content": "my cousin Ifeoma works at Barclays in Canary Wharf now"}
    if user_name:
        me["name"] = cousin["name"] = user_name
    real.add([me, {"role": "assistant", "content": "Noted."}], user_id=uid, timestamp="2025-05-01T09:00:00Z",
             user_name=user_name)
    real.add([cousin, {"role": "assistant", "content": "Nice."}], user_id=uid, timestamp="2025-05-09T09:00:00Z",
             user_name=user_name)
    assert "council" in real.search("where do I work?", user_id=uid, limit=3).results[0].memory
    assert "Barclays" in real.search("where does Ifeoma work?", user_id=uid, limit=3).results[0].memory
    if user_name:
        assert "council" in real.search(f"where does {user_name} work?", user_id=uid, limit=3).results[0].memory


def test_someone_elses_car_does_not_make_a_claim_about_the_user_true(real: Memory) -> None:
    uid = "own-verdict"
    real.add([{"role": "user", "content": "Marta finally bought a blue Kia Niro"},
              {"role": "assistant", "content": "Lovely."}], user_id=uid, timestamp="2025-05-01T09:00:00Z")
    assert real.verdict("The user drives a blue Kia Niro", user_id=uid).verdict != "TRUE"
    assert real.verdict("Marta bought a blue Kia Niro", user_id=uid).verdict == "TRUE"
