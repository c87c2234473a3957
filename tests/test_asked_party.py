"""Questions about a named third party (session 19, :mod:`memwarden.trust.asked_party`).

Once the user's turns are read as the user's own, "the user's vet is ..." and a friend's "my vet is ..."
differ only in their subject. A question naming the friend must get the friend's line first; a question
of the user's own keeps the user's line first. Also the verdict's side: a friend's word about themselves,
said by them or passed on by the user, is their own word, and the user's own thing of the same kind
("my vet") is no evidence about the friend's.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.models import Claim, ScoreParts, SearchHit
from memwarden.trust.asked_party import asked_parties, party_first
from memwarden.trust.verdict_scope import other_holder


@pytest.fixture(scope="module")
def real(minilm) -> Memory:
    m = Memory(config=MemoryConfig(embedder="minilm"), embedder=minilm)
    yield m
    m.close()


_WHEN = datetime(2025, 5, 1, tzinfo=timezone.utc)


def _hit(i: int, text: str, subject: str, attribute: str | None = None) -> SearchHit:
    claim = Claim(subject=subject, attribute=attribute, value=None)
    return SearchHit(id=f"h{i}", memory=text, score=1.0 - i / 10, kind="claim", claim=claim, user_id="u",
                     created_at=_WHEN, updated_at=_WHEN, scores=ScoreParts(fused=1.0 - i / 10))


def _say(m: Memory, uid: str, first: list[dict], second: list[dict], user_name: str | None = None) -> None:
    m.add(first, user_id=uid, timestamp="2025-05-01T09:00:00Z", user_name=user_name)
    m.add(second, user_id=uid, timestamp="2025-05-09T09:00:00Z", user_name=user_name)


# -- the step on its own ------------------------------------------------------------------------------


def test_the_named_party_is_read_from_the_hits_subjects_not_from_a_list() -> None:
    hits = [_hit(0, "The user's vet is Greenside", "user", "vet"), _hit(1, "Hamid's vet is Oakwood", "Hamid", "vet")]
    assert set(asked_parties("Which vet does Hamid use?", hits)) == {"hamid"}
    assert asked_parties("Which vet does Carla use?", hits) == {}  # nobody of that name among the hits
    assert asked_parties("which vet do I use?", hits) == {}  # the asker's own question
    assert asked_parties("Which vet does the user use?", hits) == {}  # the user's name, as the search reads it


def test_the_partys_line_passes_the_users_on_the_same_attribute_only() -> None:
    users = _hit(0, "The user's vet is Greenside", "user", "vet")
    birthday = _hit(1, "Hamid's birthday is in June", "Hamid", "birthday")
    theirs = _hit(2, "Hamid's vet is Oakwood", "Hamid", "vet")
    out = party_first([users, birthday, theirs], "Which vet does Hamid use?")
    assert [h.id for h in out] == ["h2", "h0", "h1"]  # the birthday is another matter: it stays below
    assert party_first([users, birthday, theirs], "Which vet do I use?") == [users, birthday, theirs]


def test_the_users_word_naming_the_party_is_not_passed() -> None:
    relayed = _hit(0, "The user: Hamid says Oakwood is his vet", "user", "vet")
    theirs = _hit(1, "Hamid's vet is Oakwood", "Hamid", "vet")
    assert party_first([relayed, theirs], "Which vet does Hamid use?") == [relayed, theirs]


# -- end to end: the party speaking, and the user passing it on ------------------------------------------


@pytest.mark.parametrize("user_name", [None, "Noor"])
def test_a_friend_speaking_for_themselves_answers_a_question_about_them(real: Memory, user_name: str | None) -> None:
    uid = f"party-said-{user_name}"
    me = {"role": "user", "content": "our vet is Greenside on Mill Lane, they're lovely with the cat"}
    if user_name:
        me["name"] = user_name
    _say(real, uid, [me, {"role": "assistant", "content": "Noted."}],
         [{"role": "user", "name": "Hamid", "content": "hello! my vet is Oakwood Animal Clinic"},
          {"role": "user", **({"name": user_name} if user_name else {}), "content": "right, where were we"}],
         user_name=user_name)
    assert "Oakwood" in real.search("Which vet does Hamid use?", user_id=uid, limit=3).results[0].memory
    assert "Greenside" in real.search("which vet do we use?", user_id=uid, limit=3).results[0].memory


def test_a_friends_fact_passed_on_by_the_user_answers_a_question_about_them(real: Memory) -> None:
    uid = "party-relayed"
    _say(real, uid, [{"role": "user", "content": "Carla told me she lives in Exeter now, near the quay"}],
         [{"role": "user", "content": "I live in Taunton, have done for years"}])
    assert "Exeter" in real.search("Where does Carla live?", user_id=uid, limit=3).results[0].memory
    assert "Taunton" in real.search("where do I live?", user_id=uid, limit=3).results[0].memory
    assert real.verdict("Carla lives in Exeter", user_id=uid).verdict == "TRUE"


def test_a_name_before_an_irregular_past_is_the_clauses_subject(real: Memory) -> None:
    uid = "party-irregular"
    real.add([{"role": "user", "content": "Hamid sold his van last month"}], user_id=uid)
    subjects = {it.claim.subject for it in real.get_all(user_id=uid) if it.claim and "van" in it.memory}
    assert subjects == {"Hamid"}


# -- verdicts ---------------------------------------------------------------------------------------------


def test_the_users_own_thing_is_no_evidence_about_a_named_persons() -> None:
    assert other_holder("Hamid's vet is Oakwood", "my vet is Greenside")
    assert other_holder("Hamid's new car is a Kia", "my car is a Golf")
    assert not other_holder("Hamid's vet is Oakwood", "Hamid says my vet is better")  # the name is said
    assert not other_holder("The vet is Oakwood", "my vet is Greenside")  # no named holder


def test_a_friends_word_about_their_own_vet_is_not_refuted_by_the_users(real: Memory) -> None:
    uid = "party-verdict"
    _say(real, uid, [{"role": "user", "content": "our vet is Greenside on Mill Lane"}],
         [{"role": "user", "name": "Hamid", "content": "my vet is Oakwood Animal Clinic"},
          {"role": "user", "content": "anyway"}])
    assert real.verdict("Hamid's vet is Oakwood Animal Clinic", user_id=uid).verdict == "TRUE"
